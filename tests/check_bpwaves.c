/* Check suite for src/physics/bpwaves.c: the criteria that decide the
 * density-wave claims of Buchholtz & Poeschel (1993), section 4 ("of no
 * definite wavelength"; "depend strongly on the initial conditions"),
 * held to their power by Monte Carlo on synthetic profiles at the full
 * run's size (132 grains, 50 bins, 6 starts, 41 records from t_start,
 * modes up to L / width = 10): a definite wave must fail both, identical
 * starts must fail the second, irregular clusters must pass both.  The
 * test fails when a criterion stops discriminating. */
#include <check.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_rng.h>
#include <math.h>

#include "physics/bpwaves.h"
#include "tests/check_run.h"

#define N 132
#define NB 50
#define NS 6
#define NR 41
#define MMAX 10
#define REPS 100

static void power(enum gr_bpwaves_alt alt, double a, double out[2])
{
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  ck_assert_ptr_nonnull(rng);
  gsl_rng_set(rng, 2026 + (unsigned long)alt);
  ck_assert_int_eq(gr_bpwaves_power(rng, alt, N, NB, NS, NR, MMAX, REPS, a, GR_BPWAVES_SHARE_MAX,
                                    GR_BPWAVES_AGREE_MAX, out), 0);
  gsl_rng_free(rng);
}

/* The dominant mode of a pure wave is its wave number. */
START_TEST(test_mode_of_pure_wave)
{
  double c[NB];
  int m, j;
  for (m = 1; m <= MMAX; m++) {
    for (j = 0; j < NB; j++)
      c[j] = 3.0 + cos(2.0 * M_PI * m * j / NB + 0.4);
    ck_assert_int_eq(gr_bpwaves_mode(c, NB, MMAX), m);
  }
}
END_TEST

/* A definite wave, 90 % and 50 % modulated: neither claim may pass. */
START_TEST(test_definite_wave_fails)
{
  double a[] = {0.9, 0.5}, out[2];
  for (size_t k = 0; k < 2; k++) {
    power(GR_BPWAVES_DEFINITE, a[k], out);
    ck_assert_msg(out[0] <= 0.05, "a = %g: 'no definite wavelength' passes in %g of the draws",
                  a[k], out[0]);
    ck_assert_msg(out[1] <= 0.05, "a = %g: 'depend on start' passes in %g of the draws", a[k],
                  out[1]);
  }
}
END_TEST

/* Identical starts must not pass "depend on start". */
START_TEST(test_identical_starts_fail)
{
  double out[2];
  power(GR_BPWAVES_IDENTICAL, 0.9, out);
  ck_assert_msg(out[1] <= 0.05, "identical starts: 'depend on start' passes in %g", out[1]);
}
END_TEST

/* Irregular waves from independent starts must pass both. */
START_TEST(test_irregular_passes)
{
  double out[2];
  power(GR_BPWAVES_IRREGULAR, 0.9, out);
  ck_assert_msg(out[0] >= 0.95, "irregular: 'no definite wavelength' passes in only %g", out[0]);
  ck_assert_msg(out[1] >= 0.95, "irregular: 'depend on start' passes in only %g", out[1]);
}
END_TEST

static Suite *bpwaves_suite(void)
{
  Suite *s = suite_create("bpwaves");
  TCase *tc = tcase_create("bpwaves");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_mode_of_pure_wave);
  tcase_add_test(tc, test_definite_wave_fails);
  tcase_add_test(tc, test_identical_starts_fail);
  tcase_add_test(tc, test_irregular_passes);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(bpwaves_suite, 0)
