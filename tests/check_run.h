/* granrepro tests: the one main() of every Check suite. */
#ifndef GR_CHECK_RUN_H
#define GR_CHECK_RUN_H

#include <check.h>
#include <stdlib.h>

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
