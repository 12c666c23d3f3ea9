/* granrepro tests: named random streams (src/harness/rng.c). */
#include <check.h>

#include "harness/rng.h"
#include "tests/check_run.h"

/* Named streams: one seeding rule, (seed, name) alone decides the stream. */
START_TEST(test_rng_streams_by_seed_and_name)
{
  gsl_rng *a = gr_rng_stream(7, "placement"), *b = gr_rng_stream(7, "placement");
  gsl_rng *c = gr_rng_stream(7, "velocities"), *d = gr_rng_stream(8, "placement");
  int i, same_c = 0, same_d = 0;
  for (i = 0; i < 1000; i++) {
    unsigned long x = gsl_rng_get(a), y = gsl_rng_get(c), z = gsl_rng_get(d);
    ck_assert_uint_eq(x, gsl_rng_get(b));
    same_c += x == y;
    same_d += x == z;
  }
  ck_assert_int_le(same_c, 1);
  ck_assert_int_le(same_d, 1);
  ck_assert_str_eq(gsl_rng_name(a), "mt19937");
  ck_assert(gr_rng_seed(7, "a") != gr_rng_seed(7, "b"));
  ck_assert(gr_rng_seed(7, "a") != gr_rng_seed(8, "a"));
  gsl_rng_free(a); gsl_rng_free(b); gsl_rng_free(c); gsl_rng_free(d);
}
END_TEST

static Suite *rng_suite(void)
{
  Suite *s = suite_create("rng");
  TCase *tc = tcase_create("rng");
  tcase_add_test(tc, test_rng_streams_by_seed_and_name);
  suite_add_tcase(s, tc);
  return s;
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(rng_suite, 1)
