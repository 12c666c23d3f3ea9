/* granrepro stats: shared statistics on GSL (see stats.h). */
#include "stats/stats.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>

#include "status.h"

/* Mean and s / sqrt(n) (gsl_stats_mean, gsl_stats_sd). */
int gr_stats_mean_se(const double *x, size_t n, double *mean, double *se)
{
  if (n < 1)
    return GR_EINPUT;
  *mean = gsl_stats_mean(x, 1, n);
  *se = n < 2 ? 0.0 : gsl_stats_sd_m(x, 1, n, *mean) / sqrt((double)n);
  return GR_OK;
}

/* gsl_stats_mean, gsl_stats_sd_m and the normal quantile gsl_cdf_ugaussian_Pinv. */
int gr_stats_describe(const double *x, size_t n, double level,
                      struct gr_stats_sample *s)
{
  double z;
  if (n < 2 || !(level > 0.0 && level < 1.0))
    return GR_EINPUT;
  z = gsl_cdf_ugaussian_Pinv(0.5 * (1.0 + level));
  s->mean = gsl_stats_mean(x, 1, n);
  s->sd = gsl_stats_sd_m(x, 1, n, s->mean);
  s->se = s->sd / sqrt((double)n);
  s->ci_lo = s->mean - z * s->sd / sqrt((double)n);
  s->ci_hi = s->mean + z * s->sd / sqrt((double)n);
  return GR_OK;
}

/* gsl_fit_linear; its covariances are scaled by the residual variance
 * sumsq / (n - 2), so the errors are those of the scatter about the line. */
int gr_stats_linfit(const double *x, const double *y, size_t n, double *c0,
                    double *c1, double *se0, double *se1)
{
  double cov00, cov01, cov11, sumsq;
  if (n < 2 || gsl_fit_linear(x, 1, y, 1, n, c0, c1, &cov00, &cov01, &cov11, &sumsq) != GSL_SUCCESS ||
      !isfinite(*c0) || !isfinite(*c1))
    return GR_EINPUT;
  if (n == 2)
    cov00 = cov11 = 0.0;
  if (se0 != NULL)
    *se0 = sqrt(cov00 > 0.0 ? cov00 : 0.0);
  if (se1 != NULL)
    *se1 = sqrt(cov11 > 0.0 ? cov11 : 0.0);
  return GR_OK;
}

/* The linear fit of (ln x, ln y). */
int gr_stats_loglog(const double *x, const double *y, size_t n, double *slope,
                    double *slope_se)
{
  double *lx, *ly, c0;
  size_t i;
  int rc = GR_OK;
  if (n < 2)
    return GR_EINPUT;
  lx = malloc(2 * n * sizeof *lx);
  if (lx == NULL)
    return GR_ENOMEM;
  ly = lx + n;
  for (i = 0; i < n && rc == GR_OK; i++) {
    if (!(x[i] > 0.0) || !(y[i] > 0.0))
      rc = GR_EINPUT;
    lx[i] = log(x[i]);
    ly[i] = log(y[i]);
  }
  if (rc != GR_OK)
    goto fail;
  rc = gr_stats_linfit(lx, ly, n, &c0, slope, NULL, slope_se);
fail:
  free(lx);
  return rc;
}

/* Iterate a GSL bracketing solver of type t until the bracket converges. */
static int stats_solve(const gsl_root_fsolver_type *t, double (*f)(double, void *),
                       void *p, double lo, double hi, double epsabs,
                       double epsrel, int maxiter, double *root)
{
  gsl_function F = {f, p};
  gsl_root_fsolver *s;
  gsl_error_handler_t *old;
  double flo = f(lo, p), fhi = f(hi, p);
  int it, rc = GR_EFAIL;
  if (!(lo < hi) || !isfinite(flo) || !isfinite(fhi) || (flo > 0.0) == (fhi > 0.0)) {
    if (flo == 0.0 || fhi == 0.0) {
      *root = flo == 0.0 ? lo : hi;
      return GR_OK;
    }
    return GR_EINPUT;
  }
  if ((s = gsl_root_fsolver_alloc(t)) == NULL)
    return GR_ENOMEM;
  old = gsl_set_error_handler_off();
  if (gsl_root_fsolver_set(s, &F, lo, hi) != GSL_SUCCESS)
    rc = GR_EINPUT;
  else
    for (it = 0; it < maxiter; it++) {
      if (gsl_root_fsolver_iterate(s) != GSL_SUCCESS)
        break;
      *root = gsl_root_fsolver_root(s);
      if (gsl_root_test_interval(gsl_root_fsolver_x_lower(s), gsl_root_fsolver_x_upper(s),
                                 epsabs, epsrel) == GSL_SUCCESS) {
        rc = GR_OK;
        break;
      }
    }
  gsl_set_error_handler(old);
  gsl_root_fsolver_free(s);
  return rc;
}

int gr_stats_root(double (*f)(double, void *), void *p, double lo, double hi,
                  double epsabs, double epsrel, int maxiter, double *root)
{
  return stats_solve(gsl_root_fsolver_brent, f, p, lo, hi, epsabs, epsrel, maxiter, root);
}

int gr_stats_bisect(double (*f)(double, void *), void *p, double lo, double hi,
                    double epsabs, double epsrel, int maxiter, double *root)
{
  return stats_solve(gsl_root_fsolver_bisection, f, p, lo, hi, epsabs, epsrel, maxiter, root);
}
