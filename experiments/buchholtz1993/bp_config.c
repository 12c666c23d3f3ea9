/* granrepro experiment buchholtz-poeschel: static packings for Fig. 4
 * (Buchholtz & Poeschel 1993, section 3) and the bench. */
#include "experiments/buchholtz1993/bp_config.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/rng.h"
#include "status.h"

/* Triangular sites tiling the box (nx x ny, ny even for the periodic
 * stagger); keep np of them at random (partial Fisher-Yates). */
static int bp_sites(struct bp_config *c, long np, gsl_rng *rng)
{
  double a = 2.0 * (1.0 - 1e-3), h = a * sqrt(3.0) / 2.0;
  long nx = lround(c->box.len[0] / a), ny = lround(c->box.len[1] / h), ns, k;
  double *x = (double *)c->g.x, *y = (double *)c->g.y, *sx, *sy;
  ns = nx * ny;
  if (ns < np)
    return GR_EINPUT;
  sx = malloc((size_t)ns * sizeof *sx);
  sy = malloc((size_t)ns * sizeof *sy);
  if (sx == NULL || sy == NULL) {
    free(sx);
    free(sy);
    return GR_ENOMEM;
  }
  for (k = 0; k < ns; k++) {
    sx[k] = (k % nx + 0.5 * ((k / nx) % 2) + 0.25) * a;
    sy[k] = (k / nx + 0.5) * h;
  }
  for (k = 0; k < np; k++) {
    long j = k + (long)gsl_rng_uniform_int(rng, (unsigned long)(ns - k));
    double tx = sx[j], ty = sy[j];
    sx[j] = sx[k];
    sy[j] = sy[k];
    x[k] = tx;
    y[k] = ty;
  }
  free(sx);
  free(sy);
  return GR_OK;
}

int gr_bp_config_new(struct bp_config *c, double rho, long np, unsigned long seed,
                     const struct gr_bpforce *f)
{
  double a = 2.0 * (1.0 - 1e-3), h = a * sqrt(3.0) / 2.0, *v;
  long ny = 2 * (long)floor(sqrt(np / rho / (a * h)) / 2.0), nx;
  gsl_rng *rng;
  long i;
  int rc;
  memset(c, 0, sizeof *c);
  if (!(rho > 0.0 && rho <= 0.285) || np < 16 || np > 10000000)
    return GR_EINPUT;
  ny = ny < 8 ? 8 : ny;
  nx = (long)ceil(np / rho / (a * h * ny));
  c->box.len[0] = nx * a;
  c->box.len[1] = ny * h;
  c->box.len[2] = 1.0;
  c->rho = np / (c->box.len[0] * c->box.len[1]); /* cells of size 1 */
  c->box.periodic[0] = c->box.periodic[1] = 1;
  c->force = *f;
  if ((c->mem = malloc((size_t)np * 10 * sizeof(double))) == NULL ||
      (rng = gr_rng_stream(seed, "bp-config")) == NULL) {
    gr_bp_config_free(c);
    return GR_ENOMEM;
  }
  v = c->mem;
  c->g.n = (size_t)np;
  c->g.x = v;
  c->g.y = v + np;
  c->g.vx = v + 2 * np;
  c->g.vy = v + 3 * np;
  c->g.w = v + 4 * np;
  c->g.r = v + 5 * np;
  c->g.m = v + 6 * np;
  c->fx = v + 7 * np;
  c->fy = v + 8 * np;
  c->tq = v + 9 * np;
  for (i = 0; i < np; i++) {
    v[2 * np + i] = gsl_rng_uniform(rng) - 0.5;
    v[3 * np + i] = gsl_rng_uniform(rng) - 0.5;
    v[4 * np + i] = gsl_rng_uniform(rng) - 0.5;
    v[5 * np + i] = 1.0;
    v[6 * np + i] = 1.0;
  }
  rc = bp_sites(c, np, rng);
  gsl_rng_free(rng);
  if (rc == GR_OK && (rc = gr_bplattice_init(&c->lat, &c->box, 1.0, 2, 1.0)) == GR_OK &&
      (rc = gr_bpcells_init(&c->cells, &c->box, 2.0)) == GR_OK)
    rc = gr_bpverlet_init(&c->list, &c->box, 2.0, 0.5);
  c->mode = GR_BPLATTICE_VECTOR;
  c->rebuild = 10;
  if (rc != GR_OK)
    gr_bp_config_free(c);
  return rc;
}

void gr_bp_config_free(struct bp_config *c)
{
  if (c->lat.ncell > 0)
    gr_bplattice_free(&c->lat);
  gr_bpcells_free(&c->cells);
  gr_bpverlet_free(&c->list);
  free(c->mem);
  memset(c, 0, sizeof *c);
}

void gr_bp_config_lattice(void *p)
{
  struct bp_config *c = p;
  gr_bplattice_index(&c->lat, &c->g);
  gr_bplattice_forces(&c->lat, &c->force, &c->g, c->mode, c->fx, c->fy, c->tq, NULL);
}

void gr_bp_config_cells(void *p)
{
  struct bp_config *c = p;
  gr_bpcells_forces(&c->cells, &c->force, &c->g, c->fx, c->fy, c->tq);
}

/* The comparator of section 3: a list built by the N^2 search every
 * `rebuild` steps; this call is one such cycle (rebuild steps, one build). */
void gr_bp_config_list(void *p)
{
  struct bp_config *c = p;
  int k;
  for (k = 0; k < c->rebuild; k++)
    gr_bpverlet_forces(&c->list, &c->force, &c->g, k == 0, c->fx, c->fy, c->tq);
  c->calls += c->rebuild;
}
