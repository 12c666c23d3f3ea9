/* granrepro tests: the shared statistics (src/stats/stats.c) on closed
 * forms: an exact line, a noise-free power law, cos' root at pi/2, the mean
 * and standard error of a small exact set. */
#include <math.h>

#include "stats/stats.h"
#include "status.h"
#include "tests/check_run.h"

/* y = 3 - 2x through 5 points: intercept, slope exact, errors 0. */
START_TEST(test_linfit_exact_line)
{
  double x[5] = {-1, 0, 1, 2, 5}, y[5], c0, c1, se0, se1;
  int i;
  for (i = 0; i < 5; i++)
    y[i] = 3.0 - 2.0 * x[i];
  ck_assert_int_eq(gr_stats_linfit(x, y, 5, &c0, &c1, &se0, &se1), GR_OK);
  ck_assert_double_eq_tol(c0, 3.0, 1e-14);
  ck_assert_double_eq_tol(c1, -2.0, 1e-14);
  ck_assert_double_le(se0, 1e-14);
  ck_assert_double_le(se1, 1e-14);
}
END_TEST

/* y = 1, 2, 2, 3 at x = 0..3: c1 = 0.6, c0 = 1.1, residuals -0.1 0.3 -0.3
 * 0.1, s^2 = 0.2/2, se1 = sqrt(0.1/5), se0 = sqrt(0.1 (1/4 + 2.25/5)). */
START_TEST(test_linfit_scatter_errors)
{
  double x[4] = {0, 1, 2, 3}, y[4] = {1, 2, 2, 3}, c0, c1, se0, se1;
  ck_assert_int_eq(gr_stats_linfit(x, y, 4, &c0, &c1, &se0, &se1), GR_OK);
  ck_assert_double_eq_tol(c1, 0.6, 1e-14);
  ck_assert_double_eq_tol(c0, 1.1, 1e-14);
  ck_assert_double_eq_tol(se1, sqrt(0.1 / 5.0), 1e-14);
  ck_assert_double_eq_tol(se0, sqrt(0.1 * (0.25 + 2.25 / 5.0)), 1e-14);
}
END_TEST

/* y = 7 x^1.5, noise-free: slope 1.5 and slope_se 0. */
START_TEST(test_loglog_power_law)
{
  double x[6] = {1e3, 2e3, 5e3, 1e4, 3e4, 1e5}, y[6], slope, se;
  int i;
  for (i = 0; i < 6; i++)
    y[i] = 7.0 * pow(x[i], 1.5);
  ck_assert_int_eq(gr_stats_loglog(x, y, 6, &slope, &se), GR_OK);
  ck_assert_double_eq_tol(slope, 1.5, 1e-12);
  ck_assert_double_le(se, 1e-12);
}
END_TEST

START_TEST(test_fits_reject_bad_input)
{
  double x[3] = {1, 2, 3}, y[3] = {1, -1, 2}, z[3] = {1, 1, 1}, a, b;
  ck_assert_int_eq(gr_stats_loglog(x, y, 3, &a, &b), GR_EINPUT);
  ck_assert_int_eq(gr_stats_loglog(x, x, 1, &a, &b), GR_EINPUT);
  ck_assert_int_eq(gr_stats_linfit(z, x, 3, &a, &b, NULL, NULL), GR_EINPUT);
}
END_TEST

static double f_cos(double x, void *p)
{
  (void)p;
  return cos(x);
}

static double f_cubic(double x, void *p)
{
  double c = *(double *)p;
  return x * x * x - c;
}

/* cos has its root at pi/2 in [1, 2]; x^3 = 2 at 2^(1/3): both solvers. */
START_TEST(test_roots_closed_form)
{
  double r, c = 2.0;
  ck_assert_int_eq(gr_stats_root(f_cos, NULL, 1.0, 2.0, 0.0, 1e-12, 100, &r), GR_OK);
  ck_assert_double_eq_tol(r, acos(-1.0) / 2.0, 1e-11);
  ck_assert_int_eq(gr_stats_bisect(f_cos, NULL, 1.0, 2.0, 0.0, 1e-12, 100, &r), GR_OK);
  ck_assert_double_eq_tol(r, acos(-1.0) / 2.0, 1e-11);
  ck_assert_int_eq(gr_stats_root(f_cubic, &c, 0.0, 2.0, 1e-13, 0.0, 100, &r), GR_OK);
  ck_assert_double_eq_tol(r, cbrt(2.0), 1e-12);
  ck_assert_int_eq(gr_stats_bisect(f_cubic, &c, 0.0, 2.0, 1e-13, 0.0, 100, &r), GR_OK);
  ck_assert_double_eq_tol(r, cbrt(2.0), 1e-12);
}
END_TEST

/* No sign change: bad input; too few iterations for bisection: failure;
 * a root at an end of the bracket is returned as is. */
START_TEST(test_roots_bad_bracket_and_limit)
{
  double r = 0.0, c = 8.0;
  ck_assert_int_eq(gr_stats_root(f_cos, NULL, 0.0, 1.0, 0.0, 1e-12, 100, &r), GR_EINPUT);
  ck_assert_int_eq(gr_stats_bisect(f_cos, NULL, 1.0, 2.0, 0.0, 1e-12, 5, &r), GR_EFAIL);
  ck_assert_int_eq(gr_stats_root(f_cubic, &c, 2.0, 3.0, 0.0, 1e-12, 100, &r), GR_OK);
  ck_assert_double_eq(r, 2.0);
}
END_TEST

/* 2 4 4 4 5 5 7 9: mean 5, sum of squares 32, s = sqrt(32/7), se = s/sqrt 8. */
START_TEST(test_mean_se_exact_set)
{
  double x[8] = {2, 4, 4, 4, 5, 5, 7, 9}, m, se;
  ck_assert_int_eq(gr_stats_mean_se(x, 8, &m, &se), GR_OK);
  ck_assert_double_eq_tol(m, 5.0, 1e-15);
  ck_assert_double_eq_tol(se, sqrt(32.0 / 7.0) / sqrt(8.0), 1e-15);
  ck_assert_int_eq(gr_stats_mean_se(x, 1, &m, &se), GR_OK);
  ck_assert_double_eq(m, 2.0);
  ck_assert_double_eq(se, 0.0);
  ck_assert_int_eq(gr_stats_mean_se(x, 0, &m, &se), GR_EINPUT);
}
END_TEST

/* 2, 4, 4, 4, 5, 5, 7, 9 at level 0.95: mean 5, sd sqrt(32/7), se sd /
 * sqrt(8), interval 5 -+ 1.959964 se; n < 2 and a level outside (0, 1)
 * are bad input. */
START_TEST(test_describe_exact_set)
{
  double x[8] = {2, 4, 4, 4, 5, 5, 7, 9}, se = sqrt(32.0 / 7.0) / sqrt(8.0);
  struct gr_stats_sample s;
  ck_assert_int_eq(gr_stats_describe(x, 8, 0.95, &s), GR_OK);
  ck_assert_double_eq_tol(s.mean, 5.0, 1e-15);
  ck_assert_double_eq_tol(s.sd, sqrt(32.0 / 7.0), 1e-15);
  ck_assert_double_eq_tol(s.se, se, 1e-15);
  ck_assert_double_eq_tol(s.ci_lo, 5.0 - 1.959963984540054 * se, 1e-14);
  ck_assert_double_eq_tol(s.ci_hi, 5.0 + 1.959963984540054 * se, 1e-14);
  ck_assert_int_eq(gr_stats_describe(x, 1, 0.95, &s), GR_EINPUT);
  ck_assert_int_eq(gr_stats_describe(x, 8, 1.0, &s), GR_EINPUT);
}
END_TEST

/* The stats suite. */
static Suite *stats_suite(void)
{
  Suite *s = suite_create("stats");
  TCase *fit = tcase_create("fits-closed-form");
  TCase *root = tcase_create("roots-closed-form");
  TCase *mean = tcase_create("mean-se-exact");
  tcase_add_test(fit, test_linfit_exact_line);
  tcase_add_test(fit, test_linfit_scatter_errors);
  tcase_add_test(fit, test_loglog_power_law);
  tcase_add_test(fit, test_fits_reject_bad_input);
  tcase_add_test(root, test_roots_closed_form);
  tcase_add_test(root, test_roots_bad_bracket_and_limit);
  tcase_add_test(mean, test_mean_se_exact_set);
  tcase_add_test(mean, test_describe_exact_set);
  suite_add_tcase(s, fit);
  suite_add_tcase(s, root);
  suite_add_tcase(s, mean);
  return s;
}

GR_CHECK_MAIN(stats_suite, 1)
