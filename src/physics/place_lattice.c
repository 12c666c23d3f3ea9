/* granrepro physics: lattice placement of the peer case of Sweetman 2003,
 * chapter 4 (see place_lattice.h). */
#include "physics/place_lattice.h"
#include "physics/pmath.h"

#include <gsl/gsl_randist.h>
#include <math.h>

#include "status.h"

/* k = ceil(cbrt(n / fill)), at least enough sites for n. */
size_t gr_place_lattice_sites(size_t n, double fill)
{
  size_t k = (size_t)ceil(gr_pmath_cbrt((double)n / fill));
  while (k * k * k < n)
    k++;
  return k;
}

/* Selection sampling over the k^3 sites (Knuth, TAOCP vol. 2, 3.4.2,
 * algorithm S), then a uniform jitter per coordinate. */
int gr_place_lattice_jitter(gsl_rng *rng, size_t n, double a, double fill,
                            double jitter, double *x, size_t *kout)
{
  size_t k, sites, t, got = 0;
  int d;
  if (!(a > 0.0) || !(jitter >= 0.0) || !(fill > 0.0 && fill <= 1.0))
    return GR_EINPUT;
  k = gr_place_lattice_sites(n, fill);
  sites = k * k * k;
  for (t = 0; t < sites && got < n; t++) {
    if ((double)(sites - t) * gsl_rng_uniform(rng) >= (double)(n - got))
      continue;
    for (d = 0; d < 3; d++) {
      size_t c = d == 0 ? t % k : (d == 1 ? t / k % k : t / (k * k));
      x[3 * got + d] = ((double)c + 0.5) * a + jitter * (2.0 * gsl_rng_uniform(rng) - 1.0);
    }
    got++;
  }
  if (kout != NULL)
    *kout = k;
  return GR_OK;
}

/* One uniform draw per coordinate. */
void gr_place_lattice_moved(gsl_rng *rng, const double *x, size_t m,
                            double move, double *out)
{
  size_t i;
  for (i = 0; i < m; i++)
    out[i] = x[i] + move * (2.0 * gsl_rng_uniform(rng) - 1.0);
}

/* One Gaussian draw per component. */
void gr_place_lattice_gauss(gsl_rng *rng, double *v, size_t m, double sigma)
{
  size_t i;
  for (i = 0; i < m; i++)
    v[i] = gsl_ran_gaussian(rng, sigma);
}
