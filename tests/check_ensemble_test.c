/* granrepro tests: the pooled index-of-dispersion test
 * (src/stats/ensemble_test.c; Fisher 1925, section 17) and the criterion
 * of wilson-clumping's clumping claims held to its power on synthetic
 * ensembles (experiments/wilson-2001/clumping_power.c, issue 22): uniform
 * independent points (homogeneous, no clumps) must be called clumped at
 * most at about the level, weakly clumped ones almost always.  The test
 * fails when the criterion stops discriminating either way. */
#include <check.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_rng.h>
#include <math.h>

#include "experiments/wilson-2001/clumping.h"
#include "stats/ensemble_test.h"
#include "status.h"
#include "tests/check_run.h"

/* The p-value is the chi-square tail of X = nbox sum ci. */
START_TEST(test_dispersion_closed_form)
{
  const double ci[3] = {0.99, 1.5, 0.4};
  double p;
  ck_assert_int_eq(gr_ensemble_test_dispersion(ci, 1, 100, &p), GR_OK);
  ck_assert_double_eq_tol(p, gsl_cdf_chisq_Q(99.0, 99.0), 1e-15);
  ck_assert_int_eq(gr_ensemble_test_dispersion(ci, 3, 100, &p), GR_OK);
  ck_assert_double_eq_tol(p, gsl_cdf_chisq_Q(289.0, 297.0), 1e-15);
  ck_assert(p > 0.5 && p < 0.9);
}
END_TEST

/* A perfectly even spread (every box the same count) is never clumped;
 * one box holding everything always is. */
START_TEST(test_dispersion_extremes)
{
  const double even[4] = {0.0, 0.0, 0.0, 0.0}, one[1] = {99.0};
  double p;
  ck_assert_int_eq(gr_ensemble_test_dispersion(even, 4, 100, &p), GR_OK);
  ck_assert_double_eq(p, 1.0);
  ck_assert_int_eq(gr_ensemble_test_dispersion(one, 1, 100, &p), GR_OK);
  ck_assert(p < 1e-100);
}
END_TEST

START_TEST(test_dispersion_input)
{
  const double bad[2] = {1.0, NAN}, neg[1] = {-0.1};
  double p;
  ck_assert_int_eq(gr_ensemble_test_dispersion(bad, 0, 100, &p), GR_EINPUT);
  ck_assert_int_eq(gr_ensemble_test_dispersion(bad, 2, 100, &p), GR_EINPUT);
  ck_assert_int_eq(gr_ensemble_test_dispersion(neg, 1, 100, &p), GR_EINPUT);
  ck_assert_int_eq(gr_ensemble_test_dispersion(bad, 1, 1, &p), GR_EINPUT);
}
END_TEST

/* A draw that gives p = i / n in turn: the rate counts p < level. */
static int seq_draw(void *arg, double *p)
{
  int *i = arg;
  *p = (*i)++ / 100.0;
  return GR_OK;
}

START_TEST(test_rate_counts)
{
  struct gr_ensemble_test_mc mc;
  int i = 0;
  ck_assert_int_eq(gr_ensemble_test_rate(seq_draw, &i, 100, 0.05, &mc), GR_OK);
  ck_assert_uint_eq(mc.rejected, 5);
  ck_assert_double_eq_tol(mc.rate, 0.05, 1e-15);
  ck_assert_double_eq_tol(mc.se, sqrt(0.05 * 0.95 / 100), 1e-15);
  ck_assert_int_eq(gr_ensemble_test_rate(seq_draw, &i, 0, 0.05, &mc), GR_EINPUT);
  ck_assert_int_eq(gr_ensemble_test_rate(seq_draw, &i, 10, 1.0, &mc), GR_EINPUT);
}
END_TEST

/* The box of the synthetic ensembles: the runs' 10 x 10 (section 3;
 * reference/wilson-2001/clumping-inputs.tsv, row box). */
#define ENS_BOX 10.0

/* The size: homogeneous ensembles (uniform independent points) of the
 * quick and full shapes are called clumped at about the level CL_LEVEL. */
START_TEST(test_criterion_size)
{
  static const int shape[3][2] = {{1000, 4}, {2000, 4}, {1000, CL_MAXSEED}};
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  struct gr_ensemble_test_mc mc;
  double mean;
  int k;
  gsl_rng_set(rng, 20261126);
  for (k = 0; k < 3; k++) {
    ck_assert_int_eq(gr_clumping_power(rng, shape[k][0], shape[k][1], CL_SYNTH_UNIFORM, ENS_BOX, 2000, &mc, &mean), GR_OK);
    ck_assert_msg(mc.rate <= 0.02, "N = %d x %d: homogeneous called clumped in %.4f of 2000", shape[k][0], shape[k][1], mc.rate);
    ck_assert_double_eq_tol(mean, 0.99, 0.01);
  }
  gsl_rng_free(rng);
}
END_TEST

/* The power: weakly clumped ensembles (clustering index about 1.34, below
 * every inelastic mean the runs give) are called clumped almost always,
 * in the weakest shape the experiment uses (quick: 4 runs of 1000). */
START_TEST(test_criterion_power)
{
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  struct gr_ensemble_test_mc mc;
  double mean;
  gsl_rng_set(rng, 20261127);
  ck_assert_int_eq(gr_clumping_power(rng, 1000, 4, CL_SYNTH_CLUMPED, ENS_BOX, 2000, &mc, &mean), GR_OK);
  ck_assert_msg(mc.rate >= 0.95, "weak clumps (mean index %.3f) called clumped in only %.4f of 2000", mean, mc.rate);
  ck_assert_msg(mean > 1.15 && mean < 1.5, "synthetic clumps have mean index %.3f", mean);
  gsl_rng_free(rng);
}
END_TEST

static Suite *ensemble_suite(void)
{
  Suite *s = suite_create("ensemble_test");
  TCase *tc = tcase_create("dispersion");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_dispersion_closed_form);
  tcase_add_test(tc, test_dispersion_extremes);
  tcase_add_test(tc, test_dispersion_input);
  tcase_add_test(tc, test_rate_counts);
  tcase_add_test(tc, test_criterion_size);
  tcase_add_test(tc, test_criterion_power);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(ensemble_suite, 0)
