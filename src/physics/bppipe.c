/* granrepro physics: the pipe of Buchholtz & Poeschel (1993), section 4,
 * and its density-wave observables.  See bppipe.h. */
#include "status.h"
#include "physics/bppipe.h"

#include <gsl/gsl_math.h>
#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdlib.h>

/* A radius from the truncated Gaussian (section 4: "chosen from a
 * Gaussian distribution with mean value R0"). */
static double bp_radius(const struct gr_bppipe_spec *sp, gsl_rng *rng)
{
  double z;
  do
    z = gsl_ran_gaussian(rng, sp->spread);
  while (fabs(z) > sp->cut * sp->spread);
  return sp->r0 * (1.0 + z);
}

/* Free grains: counts along and across, the channel. */
static int bp_grid(const struct gr_bppipe_spec *sp, size_t *nx, size_t *ny)
{
  double free_w = sp->width - 2.0 * sp->wall, area = free_w * sp->length;
  double nf = sp->phi * area / M_PI, rows;
  if (!(free_w > 2.0) || !(nf >= 1.0) || nf > 1e7)
    return GR_EINPUT;
  rows = floor(free_w / 2.0);
  *ny = (size_t)rows;
  *nx = (size_t)ceil(nf / rows);
  return *nx * 2.0 <= sp->length ? GR_OK : GR_EINPUT;
}

/* Box, radii, masses (3D spheres of the given density, I = 2/5 m r^2). */
static int bp_grains(const struct gr_bppipe_spec *sp, gsl_rng *rng, size_t nfree,
                     size_t nwall, double *r, double *m, double *I)
{
  size_t i;
  for (i = 0; i < nfree + nwall; i++) {
    r[i] = i < nfree ? bp_radius(sp, rng) : sp->wall * sp->r0;
    m[i] = sp->density * 4.0 / 3.0 * M_PI * r[i] * r[i] * r[i];
    I[i] = 0.4 * m[i] * r[i] * r[i];
  }
  return GR_OK;
}

/* Place: free grains on the nx x ny grid with jitter, walls on two lines. */
static void bp_place(struct gr_bpsim *s, const struct gr_bppipe_spec *sp,
                     gsl_rng *rng, size_t nx, size_t ny, double ylo)
{
  size_t i, nw = (s->n - s->nfree) / 2;
  double L = sp->length * sp->r0, W = sp->width * sp->r0;
  double free_lo = ylo + sp->wall * sp->r0, free_w = W - 2.0 * sp->wall * sp->r0;
  for (i = 0; i < s->nfree; i++) {
    double jx = sp->jitter * sp->r0 * (2.0 * gsl_rng_uniform(rng) - 1.0);
    double jy = sp->jitter * sp->r0 * (2.0 * gsl_rng_uniform(rng) - 1.0);
    double x = (i / ny + 0.5) * L / nx + jx, y = free_lo + (i % ny + 0.5) * free_w / ny + jy;
    gr_bpsim_set(s, i, x, y, 0.0, 0.0, 0.0);
  }
  for (i = 0; i < nw; i++) {
    gr_bpsim_set(s, s->nfree + i, (i + 0.5) * L / nw, ylo, 0, 0, 0);
    gr_bpsim_set(s, s->nfree + nw + i, (i + 0.25) * L / nw, ylo + W, 0, 0, 0);
  }
}

int gr_bppipe_init(struct gr_bpsim *s, struct gr_bpsim_params *p,
                   const struct gr_bppipe_spec *sp, gsl_rng *rng)
{
  size_t nx, ny, nfree, nw, n;
  double *r, *m, *I, rmax = sp->r0 * (1.0 + sp->cut * sp->spread);
  double cell = p->cell > 0.0 ? p->cell : rmax, ylo;
  int rc;
  if (!(sp->r0 > 0.0) || !(sp->spread >= 0.0) || !(sp->cut >= 0.0) || !(sp->wall > 0.0) ||
      !(sp->density > 0.0) || !(sp->length > 0.0) || !(sp->phi > 0.0) || sp->phi >= 0.9 ||
      !(sp->jitter >= 0.0) || bp_grid(sp, &nx, &ny) != GR_OK)
    return GR_EINPUT;
  nfree = nx * ny;
  nw = (size_t)floor(sp->length / (2.0 * sp->wall));
  n = nfree + 2 * nw;
  ylo = 0.5 * cell;
  p->box.len[0] = sp->length * sp->r0;
  p->box.periodic[0] = 1;
  p->box.len[1] = sp->width * sp->r0 + cell;
  p->box.periodic[1] = 0;
  p->box.len[2] = 1.0;
  p->box.periodic[2] = 0;
  r = malloc(n * sizeof *r);
  m = malloc(n * sizeof *m);
  I = malloc(n * sizeof *I);
  rc = r && m && I ? bp_grains(sp, rng, nfree, 2 * nw, r, m, I) : GR_ENOMEM;
  if (rc != GR_OK)
    goto fail;
  rc = gr_bpsim_init(s, p, n, nfree, r, m, I);
fail:
  free(r);
  free(m);
  free(I);
  if (rc != GR_OK)
    return rc;
  bp_place(s, sp, rng, nx, ny, ylo);
  return GR_OK;
}

void gr_bppipe_counts(const struct gr_bpsim *s, int nb, double *counts)
{
  size_t i;
  int b;
  double L = s->p.box.len[0];
  for (b = 0; b < nb; b++)
    counts[b] = 0.0;
  for (i = 0; i < s->nfree; i++) {
    double q = s->x[i] - L * floor(s->x[i] / L);
    b = (int)(q / L * nb);
    counts[b < nb ? b : nb - 1] += 1.0;
  }
}

double gr_bppipe_dispersion(const double *c, int nb)
{
  double mean = 0.0, var = 0.0;
  int b;
  for (b = 0; b < nb; b++)
    mean += c[b] / nb;
  for (b = 0; b < nb; b++)
    var += (c[b] - mean) * (c[b] - mean) / (nb - 1);
  return mean > 0.0 ? var / mean : 0.0;
}

double gr_bppipe_sk(const struct gr_bpsim *s, int m)
{
  double re = 0.0, im = 0.0, k = 2.0 * M_PI * m / s->p.box.len[0];
  size_t i;
  for (i = 0; i < s->nfree; i++) {
    re += cos(k * s->x[i]);
    im += sin(k * s->x[i]);
  }
  return (re * re + im * im) / (double)s->nfree;
}

int gr_bppipe_shift(const double *a, const double *b, int nb, double *corr)
{
  double ma = 0, mb = 0, va = 0, vb = 0, best = -HUGE_VAL;
  int s, j, arg = 0;
  for (j = 0; j < nb; j++) {
    ma += a[j] / nb;
    mb += b[j] / nb;
  }
  for (j = 0; j < nb; j++) {
    va += (a[j] - ma) * (a[j] - ma);
    vb += (b[j] - mb) * (b[j] - mb);
  }
  for (s = -nb / 2 + 1; s <= nb / 2; s++) {
    double c = 0;
    for (j = 0; j < nb; j++)
      c += (a[j] - ma) * (b[((j + s) % nb + nb) % nb] - mb);
    if (c > best) {
      best = c;
      arg = s;
    }
  }
  *corr = va > 0 && vb > 0 ? best / sqrt(va * vb) : 0.0;
  return arg;
}

double gr_bppipe_speed(const struct gr_bppipe_spec *sp, const double *a, const double *b,
                       int nb, double dt, double *corr)
{
  double bin = sp->length * sp->r0 / nb; /* gr_bppipe_counts: nb bins over L = length r0 */
  return gr_bppipe_shift(a, b, nb, corr) * bin / dt;
}
