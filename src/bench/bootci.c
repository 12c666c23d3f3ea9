/* granrepro bench: bootstrap interval of a ratio of medians (see
 * bootci.h). */
#include "bench/bootci.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/ktime.h"
#include "harness/rng.h"
#include "status.h"

/* Median of a resample (with replacement) of x[0..n), using tmp[0..n). */
static double bootci_resample(gsl_rng *rng, const double *x, size_t n,
                              double *tmp)
{
  size_t i;
  for (i = 0; i < n; i++)
    tmp[i] = x[gsl_rng_uniform_int(rng, n)];
  return gr_bench_ktime_median(tmp, n);
}

/* The q-quantile of sorted x[0..n) (linear between order statistics). */
static double bootci_quantile(const double *x, size_t n, double q)
{
  double h = q * (double)(n - 1);
  size_t i = (size_t)floor(h);
  return i + 1 < n ? x[i] + (h - (double)i) * (x[i + 1] - x[i]) : x[n - 1];
}

int gr_bench_bootci_median_ratio(const double *a, size_t na, const double *b,
                                 size_t nb, int nboot, double level,
                                 const char *name, double *ratio, double *lo,
                                 double *hi)
{
  double *tmp, *r, ma, mb;
  gsl_rng *rng;
  size_t i;
  if (na == 0 || nb == 0 || nboot < 2)
    return GR_EINPUT;
  tmp = malloc((na > nb ? na : nb) * sizeof *tmp);
  r = malloc((size_t)nboot * sizeof *r);
  rng = gr_rng_stream(1, name);
  if (tmp == NULL || r == NULL || rng == NULL) {
    free(tmp);
    free(r);
    gsl_rng_free(rng);
    return GR_ENOMEM;
  }
  memcpy(tmp, a, na * sizeof *a);
  ma = gr_bench_ktime_median(tmp, na);
  memcpy(tmp, b, nb * sizeof *b);
  mb = gr_bench_ktime_median(tmp, nb);
  for (i = 0; i < (size_t)nboot; i++) {
    double x = bootci_resample(rng, a, na, tmp);
    r[i] = bootci_resample(rng, b, nb, tmp) / x;
  }
  gsl_rng_free(rng);
  free(tmp);
  gr_bench_ktime_median(r, (size_t)nboot); /* sorts r */
  *ratio = mb / ma;
  *lo = bootci_quantile(r, (size_t)nboot, 0.5 * (1.0 - level));
  *hi = bootci_quantile(r, (size_t)nboot, 0.5 * (1.0 + level));
  free(r);
  return ma > 0 && mb > 0 && isfinite(*lo) && isfinite(*hi) ? GR_OK : GR_EINPUT;
}
