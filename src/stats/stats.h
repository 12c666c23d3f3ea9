/* granrepro stats: the statistics experiments share (mean and standard
 * error over seeds, straight-line and log-log fits with their errors, and
 * one-dimensional roots), on GSL (gsl_stats, gsl_fit, gsl_roots), so that
 * no experiment carries its own fit or root loop.  All return a status
 * (status.h): GR_EINPUT for too few or unusable points or a bracket without
 * a sign change, GR_EFAIL when a solver does not converge in maxiter. */
#ifndef GR_STATS_H
#define GR_STATS_H

#include "status.h"

#include <stddef.h>

/* Mean of x[0..n-1] and its standard error s / sqrt(n) (sample standard
 * deviation s, n - 1 in the denominator); n >= 2 (n = 1 gives se 0). */
int gr_stats_mean_se(const double *x, size_t n, double *mean, double *se) GR_MUST_CHECK;

/* A Monte Carlo sample described: mean, sample standard deviation sd
 * (n - 1 in the denominator), standard error se = sd / sqrt(n) and the
 * two-sided normal confidence interval [ci_lo, ci_hi] = mean -+ z sd /
 * sqrt(n) at the given level, z = gsl_cdf_ugaussian_Pinv((1 + level) / 2)
 * (1.959964 for 0.95); n >= 2, 0 < level < 1. */
struct gr_stats_sample {
  double mean, sd, se, ci_lo, ci_hi;
};
int gr_stats_describe(const double *x, size_t n, double level,
                      struct gr_stats_sample *s) GR_MUST_CHECK;

/* Least-squares y = c0 + c1 x (gsl_fit_linear) with the standard errors
 * of c0 and c1 from the residual scatter; n >= 2 (errors 0 when n = 2). */
int gr_stats_linfit(const double *x, const double *y, size_t n, double *c0,
                    double *c1, double *se0, double *se1) GR_MUST_CHECK;

/* Slope of ln y against ln x and its standard error (an exponent); every
 * x and y must be > 0. */
int gr_stats_loglog(const double *x, const double *y, size_t n, double *slope,
                    double *slope_se) GR_MUST_CHECK;

/* A root of f in [lo, hi] (f(lo), f(hi) of opposite signs or zero) by
 * Brent's method (gsl_root_fsolver_brent), stopping when the bracket
 * passes gsl_root_test_interval(epsabs, epsrel). */
int gr_stats_root(double (*f)(double, void *), void *p, double lo, double hi,
                  double epsabs, double epsrel, int maxiter, double *root) GR_MUST_CHECK;

/* The same by plain bisection (gsl_root_fsolver_bisection), for code whose
 * result must not depend on the solver's interpolation steps. */
int gr_stats_bisect(double (*f)(double, void *), void *p, double lo, double hi,
                    double epsabs, double epsrel, int maxiter, double *root) GR_MUST_CHECK;

#endif
