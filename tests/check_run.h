/* granrepro tests: the one main() of every Check suite. */
#ifndef GR_CHECK_RUN_H
#define GR_CHECK_RUN_H

#include <check.h>
#include <stdlib.h>

/* An assertion inside a loop of many: Check records every passing
 * ck_assert_* (a message to the runner, a system call each: 25 of the 42
 * s of check_ed3op on the 2-core AMD EPYC guest, minutes under qemu or
 * the sanitizers), this one only a failing one, with the same message. */
#define gr_ck_each(expr, ...)                                              \
  do {                                                                     \
    if (!(expr))                                                           \
      ck_abort_msg("Assertion '" #expr "' failed: " __VA_ARGS__);          \
  } while (0)

/* Run suite s (forking per test unless nofork: CK_NOFORK lets
 * LeakSanitizer see the tests' memory); EXIT_SUCCESS when all passed. */
static inline int gr_check_run(Suite *s, int nofork)
{
  SRunner *sr = srunner_create(s);
  int failed;
  if (nofork)
    srunner_set_fork_status(sr, CK_NOFORK);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* main() of a test program: build the suite with suite_fn() and run it
 * (nofork as above); the exit status says whether every test passed. */
#define GR_CHECK_MAIN(suite_fn, nofork)          \
  int main(void)                                 \
  {                                              \
    return gr_check_run(suite_fn(), (nofork));   \
  }

#endif
