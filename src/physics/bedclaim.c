/* granrepro physics: the sign test and the overlap measure that decide
 * the claims of Wilson (2001), section 5, from independent starts of the
 * chaotic shaken bed (bedclaim.h). */
#include "physics/bedclaim.h"

#include <math.h>

/* sum_{j >= k} C(n, j) / 2^n, the binomial terms by their ratio. */
double gr_bedclaim_binom_p(size_t k, size_t n)
{
  double term = ldexp(1.0, -(int)n), sum = 0.0; /* C(n, 0) / 2^n */
  size_t j;
  if (k > n)
    return 0.0;
  for (j = 0; j <= n; j++) {
    if (j >= k)
      sum += term;
    term *= (double)(n - j) / (double)(j + 1);
  }
  return fmin(sum, 1.0);
}

size_t gr_bedclaim_count_positive(const double *x, size_t n)
{
  size_t i, k = 0;
  for (i = 0; i < n; i++)
    k += x[i] > 0.0;
  return k;
}

void gr_bedclaim_overlaps(const struct gr_bed_model *m, const double *y, double frac,
                          int *pair, int *wall)
{
  double p, w;
  gr_bed_closest(m, y, &p, &w);
  *pair = p < (1.0 - frac) * m->wca.sigma;
  *wall = w < (1.0 - frac) * 0.5 * m->wca.sigma;
}
