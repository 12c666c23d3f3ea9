/* granrepro tests: decisions with power (issue 22).  harness/power.c (the
 * Clopper-Pearson interval, the sign test, the rate of a Monte Carlo
 * trial), and the criteria of c12 and greenspan that decide a claim from
 * noisy or chaotic data, each held on synthetic data to its size (how
 * often it rejects the claim when the claim holds) and its power against
 * the alternative its notes name: a test here fails when a criterion stops
 * discriminating (a tolerance widened until it accepts everything, a level
 * or a member count that can no longer reject).
 *
 * c12 task c2 (reference/argesim-c12/task-c.tsv, "se K" as read from the
 * table): two independent Monte Carlo samples of 100000 final v4, one
 * standing for the published run (printed to its digits), one for ours.
 *   size: both from e ~ N(0.5, 0.05): mean or s judged different <= 2 %;
 *   power: ours from mu = 0.502 (mean v4 off by 9 standard errors): the
 *   mean judged different >= 95 %; ours from sigma = 0.0525 (s off by 5 %):
 *   s judged different >= 95 %.
 * greenspan's removal claims (experiments/greenspan1976/greenspan_removal.c):
 * GS_MEMBERS removal-minus-control effects, sign test at GS_SIGN_LEVEL.
 *   size: effects N(0, 1) (direction a coin flip): claim accepted <= 1.5 %;
 *   power: effects N(1.28, 1) (the claimed direction in 90 % of
 *   removals): accepted >= 90 %. */
#include "stats/power.h"

#include <check.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "experiments/argesim-c12/c12.h"
#include "experiments/greenspan1976/greenspan.h"
#include "harness/error.h"
#include "harness/ref.h"
#include "status.h"
#include "tests/check_run.h"

START_TEST(test_interval)
{
  double lo, hi;
  ck_assert_int_eq(gr_power_interval(0, 10, 0.95, &lo, &hi), GR_OK);
  ck_assert(lo == 0.0 && fabs(hi - (1.0 - pow(0.025, 0.1))) < 1e-12);
  ck_assert_int_eq(gr_power_interval(10, 10, 0.95, &lo, &hi), GR_OK);
  ck_assert(hi == 1.0 && fabs(lo - pow(0.025, 0.1)) < 1e-12);
  ck_assert_int_eq(gr_power_interval(5, 10, 0.95, &lo, &hi), GR_OK);
  ck_assert(fabs(lo - 0.187086) < 1e-5 && fabs(hi - 0.812914) < 1e-5);
  ck_assert_int_eq(gr_power_interval(0, 0, 0.95, &lo, &hi), GR_EINPUT);
  ck_assert_int_eq(gr_power_interval(3, 2, 0.95, &lo, &hi), GR_EINPUT);
  ck_assert_int_eq(gr_power_interval(1, 2, 1.0, &lo, &hi), GR_EINPUT);
}
END_TEST

START_TEST(test_sign)
{
  double p;
  ck_assert_int_eq(gr_power_sign_p(20, 20, &p), GR_OK);
  ck_assert(fabs(p - pow(0.5, 20)) < 1e-18);
  ck_assert_int_eq(gr_power_sign_p(0, 20, &p), GR_OK);
  ck_assert(p == 1.0);
  ck_assert_int_eq(gr_power_sign_p(16, 20, &p), GR_OK);
  ck_assert(fabs(p - 6196.0 / 1048576.0) < 1e-15); /* sum_{k>=16} C(20,k) / 2^20 */
  ck_assert_int_eq(gr_power_sign_p(21, 20, &p), GR_EINPUT);
  ck_assert_int_eq(gr_power_sign_p(0, 0, &p), GR_EINPUT);
}
END_TEST

/* A Bernoulli(*p) replicate. */
static int bernoulli(gsl_rng *r, void *arg, int *hit)
{
  *hit = gsl_rng_uniform(r) < *(const double *)arg;
  return GR_OK;
}

/* A replicate that fails. */
static int failing(gsl_rng *r, void *arg, int *hit)
{
  (void)r;
  (void)arg;
  *hit = 1;
  return GR_EFAIL;
}

START_TEST(test_rate)
{
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  struct gr_power_rate pr;
  double p = 0.3;
  ck_assert_int_eq(gr_power_rate(bernoulli, &p, r, 4000, 0.99, &pr), GR_OK);
  ck_assert(pr.reps == 4000 && pr.lo < 0.3 && pr.hi > 0.3 && pr.hi - pr.lo < 0.05);
  ck_assert(fabs(pr.rate - (double)pr.hits / 4000.0) < 1e-15);
  ck_assert_int_eq(gr_power_rate(failing, NULL, r, 10, 0.95, &pr), GR_EFAIL);
  gsl_rng_free(r);
}
END_TEST

/* ---- c12 task c2 --------------------------------------------------- */

struct c2_case {
  const struct gr_refcell *mean, *sd; /* task-c.tsv's cells */
  double mu, sigma;                   /* our distribution of e */
  int stat;                           /* hit on: 0 the mean row, 1 the s row, 2 either */
};

/* Mean and sd of n final v4 with e ~ N(mu, sigma) redrawn outside [0, 1]
 * (as gr_c12_montecarlo; v4 = ((1+e)/2)^3 where only three collisions
 * reach sphere 4, e >= 0.268, else the solver). */
static void c2_sample(gsl_rng *r, double mu, double sigma, size_t n, double *mean, double *sd)
{
  double m = 0.0, s2 = 0.0, e, h, v, d;
  size_t i;
  for (i = 0; i < n; i++) {
    do
      e = mu + gsl_ran_gaussian_ziggurat(r, sigma);
    while (e < 0.0 || e > 1.0);
    if (e >= 0.3) {
      h = 0.5 * (1.0 + e); /* h^3 as a product: pow() took 57 % of this suite */
      v = h * h * h;
    } else
      ck_assert_int_eq(gr_c12_final_v4(e, &v), GR_OK);
    d = v - m;
    m += d / (double)(i + 1);
    s2 += d * (v - m);
  }
  *mean = m;
  *sd = sqrt(s2 / (double)(n - 1));
}

/* 1 when the harness judges ours against a published cell printed as pub. */
static int c2_differs(const struct gr_refcell *cell, double pub, double ours, double se)
{
  struct gr_refcell c = *cell;
  struct gr_judgement j;
  struct gr_error err;
  c.value = 2.0 * c.halfunit * round(pub / (2.0 * c.halfunit));
  ck_assert_int_eq(gr_ref_judge(&c, ours, se, &j, &err), GR_OK);
  return j.verdict == GR_DIFFERS;
}

/* One replicate: a published sample from the distribution the notes infer,
 * ours from the case's. */
static int c2_trial(gsl_rng *r, void *arg, int *hit)
{
  const struct c2_case *c = arg;
  double pm, ps, om, os;
  int dm, ds;
  c2_sample(r, C12_C2_MU, C12_C2_SIGMA, C12_C2_SAMPLES, &pm, &ps);
  c2_sample(r, c->mu, c->sigma, C12_C2_SAMPLES, &om, &os);
  dm = c2_differs(c->mean, pm, om, gr_c12_c2_se_mean(os, C12_C2_SAMPLES));
  ds = c2_differs(c->sd, ps, os, gr_c12_c2_se_sd(os, C12_C2_SAMPLES));
  *hit = c->stat == 0 ? dm : c->stat == 1 ? ds : (dm || ds);
  return GR_OK;
}

START_TEST(test_c12_c2)
{
  const char *ref = getenv("GRANREPRO_REF");
  char path[4096];
  struct gr_reftable *t = NULL;
  struct gr_error err;
  struct gr_power_rate pr;
  struct c2_case c;
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  snprintf(path, sizeof path, "%s/argesim-c12/task-c.tsv", ref ? ref : "reference");
  ck_assert_msg(gr_ref_load(path, &t, &err) == GR_OK, "%s", err.msg);
  c.mean = gr_ref_cell(t, "c2.mean_v4", "value");
  c.sd = gr_ref_cell(t, "c2.sd_v4", "value");
  ck_assert(c.mean != NULL && c.sd != NULL);
  ck_assert(c.mean->tol.kind == GR_TOL_SE && c.sd->tol.kind == GR_TOL_SE);
  c.mu = C12_C2_MU;
  c.sigma = C12_C2_SIGMA;
  c.stat = 2;
  ck_assert_int_eq(gr_power_rate(c2_trial, &c, r, 200, 0.95, &pr), GR_OK);
  fprintf(stderr, "c12 c2 size (mean or s differs, same distribution): %zu of %zu\n", pr.hits, pr.reps);
  ck_assert_msg(pr.rate <= 0.02, "size %g > 0.02", pr.rate);
  c.mu = C12_C2_MU + 0.002;
  c.stat = 0;
  ck_assert_int_eq(gr_power_rate(c2_trial, &c, r, 100, 0.95, &pr), GR_OK);
  fprintf(stderr, "c12 c2 power (mean differs, mu + 0.002): %zu of %zu\n", pr.hits, pr.reps);
  ck_assert_msg(pr.rate >= 0.95, "power %g < 0.95 against mu + 0.002", pr.rate);
  c.mu = C12_C2_MU;
  c.sigma = 1.05 * C12_C2_SIGMA;
  c.stat = 1;
  ck_assert_int_eq(gr_power_rate(c2_trial, &c, r, 100, 0.95, &pr), GR_OK);
  fprintf(stderr, "c12 c2 power (s differs, sigma x 1.05): %zu of %zu\n", pr.hits, pr.reps);
  ck_assert_msg(pr.rate >= 0.95, "power %g < 0.95 against sigma x 1.05", pr.rate);
  gr_ref_free(t);
  gsl_rng_free(r);
}
END_TEST

/* ---- greenspan: the removal claims ----------------------------------- */

/* One replicate: GS_MEMBERS effects N(*mu, 1); hit when the sign test
 * accepts the claimed (positive) direction. */
static int sign_trial(gsl_rng *r, void *arg, int *hit)
{
  double p;
  size_t k, hits = 0;
  int rc;
  for (k = 0; k < GS_MEMBERS; k++)
    hits += *(const double *)arg + gsl_ran_gaussian_ziggurat(r, 1.0) > 0.0;
  rc = gr_power_sign_p(hits, GS_MEMBERS, &p);
  *hit = p < GS_SIGN_LEVEL;
  return rc;
}

START_TEST(test_greenspan_sign)
{
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  struct gr_power_rate pr;
  double mu = 0.0;
  ck_assert_int_eq(gr_power_rate(sign_trial, &mu, r, 4000, 0.95, &pr), GR_OK);
  fprintf(stderr, "greenspan sign test size (direction a coin flip): %zu of %zu\n", pr.hits, pr.reps);
  ck_assert_msg(pr.rate <= 0.015, "size %g > 0.015", pr.rate);
  mu = gsl_cdf_ugaussian_Pinv(0.9);
  ck_assert_int_eq(gr_power_rate(sign_trial, &mu, r, 2000, 0.95, &pr), GR_OK);
  fprintf(stderr, "greenspan sign test power (claimed direction in 90 %% of removals): %zu of %zu\n", pr.hits, pr.reps);
  ck_assert_msg(pr.rate >= 0.9, "power %g < 0.9", pr.rate);
  gsl_rng_free(r);
}
END_TEST

/* All test cases in one suite. */
static Suite *power_suite(void)
{
  Suite *s = suite_create("power");
  TCase *tc = tcase_create("power");
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, test_interval);
  tcase_add_test(tc, test_sign);
  tcase_add_test(tc, test_rate);
  tcase_add_test(tc, test_c12_c2);
  tcase_add_test(tc, test_greenspan_sign);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(power_suite, 0)
