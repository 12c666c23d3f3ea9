/* Check suite for src/physics/bpwaves.c: the criteria that decide the
 * density-wave claims of Buchholtz & Poeschel (1993), section 4 ("of no
 * definite wavelength"; "depend strongly on the initial conditions"),
 * held to their power by Monte Carlo on synthetic profiles at the full
 * run's size (132 grains, 50 bins, 6 starts, 41 records from t_start,
 * modes up to L / width = 10): a definite wave must fail both, identical
 * starts must fail the second, irregular clusters must pass both.  The
 * test fails when a criterion stops discriminating.  Also the spacings of
 * the density maxima the experiment shows. */
#include <check.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif

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
                                    GR_BPWAVES_AGREE_MAX, out), GR_OK);
  gsl_rng_free(rng);
}

/* The draws go on the threads, each from its own generator: the same
 * shares on 1, 2 and 3 threads, at a modulation (0.45) where they are
 * neither 0 nor 1, so that a draw taken from another stream would show. */
START_TEST(test_power_threads)
{
  double out[3][2];
  int t;
  for (t = 0; t < 3; t++) {
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    ck_assert_ptr_nonnull(rng);
    gsl_rng_set(rng, 7);
#ifdef _OPENMP
    omp_set_num_threads(t + 1);
#endif
    ck_assert_int_eq(gr_bpwaves_power(rng, GR_BPWAVES_DEFINITE, N, NB, NS, NR, MMAX, 40, 0.45,
                                      GR_BPWAVES_SHARE_MAX, GR_BPWAVES_AGREE_MAX, out[t]), GR_OK);
    gsl_rng_free(rng);
  }
  ck_assert(out[0][0] > 0.0 && out[0][0] < 1.0);
  for (t = 1; t < 3; t++) {
    ck_assert_double_eq(out[t][0], out[0][0]);
    ck_assert_double_eq(out[t][1], out[0][1]);
  }
}
END_TEST

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

/* The spacings of the density maxima: a pure wave of m periods on 100
 * bins has m maxima 100 / m apart (the closing one included); the
 * spacings of any profile with two or more maxima add up to the number
 * of bins; one maximum or none gives none; 2,000 profiles (8,000
 * spacings) are all kept (the experiment's fixed 4,096 used to truncate). */
START_TEST(test_spacings)
{
  double p[100], *sp = NULL, share, agree;
  size_t len = 0, cap = 0, k, before;
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  int j, r;
  for (j = 0; j < 100; j++)
    p[j] = cos(2.0 * M_PI * 4 * j / 100.0);
  for (r = 0; r < 2000; r++)
    ck_assert_int_eq(gr_bpwaves_spacings(p, 100, &sp, &len, &cap), GR_OK);
  ck_assert_uint_eq(len, 8000);
  for (k = 0; k < len; k++)
    ck_assert_msg(sp[k] == 25.0, "spacing %zu is %g", k, sp[k]);
  for (r = 0; r < 200; r++) {
    double sum = 0.0;
    for (j = 0; j < 100; j++)
      p[j] = gsl_rng_uniform(rng);
    before = len;
    ck_assert_int_eq(gr_bpwaves_spacings(p, 100, &sp, &len, &cap), GR_OK);
    for (k = before; k < len; k++)
      sum += sp[k];
    ck_assert_msg(len - before >= 2 && sum == 100.0, "random profile %d: %zu spacings, sum %g", r,
                  len - before, sum);
  }
  before = len;
  for (j = 0; j < 100; j++)
    p[j] = j == 37 ? 2.0 : 1.0; /* one maximum */
  ck_assert_int_eq(gr_bpwaves_spacings(p, 100, &sp, &len, &cap), GR_OK);
  for (j = 0; j < 100; j++)
    p[j] = 1.0; /* flat: none above the mean */
  ck_assert_int_eq(gr_bpwaves_spacings(p, 100, &sp, &len, &cap), GR_OK);
  ck_assert_uint_eq(len, before);
  ck_assert_int_eq(gr_bpwaves_spacings(p, 0, &sp, &len, &cap), GR_EINPUT);
  free(sp);
  /* the mode statistics refuse what they cannot count (no NaN) */
  share = agree = -1.0;
  ck_assert_int_eq(gr_bpwaves_mode_share(p, 0, 100, 5, &share), GR_EINPUT);
  ck_assert_int_eq(gr_bpwaves_mode_agreement(p, 1, 1, 100, 5, &agree), GR_EINPUT);
  ck_assert(share == -1.0 && agree == -1.0);
  gsl_rng_free(rng);
}
END_TEST

static Suite *bpwaves_suite(void)
{
  Suite *s = suite_create("bpwaves");
  TCase *tc = tcase_create("bpwaves");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_mode_of_pure_wave);
  tcase_add_test(tc, test_power_threads);
  tcase_add_test(tc, test_definite_wave_fails);
  tcase_add_test(tc, test_identical_starts_fail);
  tcase_add_test(tc, test_irregular_passes);
  tcase_add_test(tc, test_spacings);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(bpwaves_suite, 0)
