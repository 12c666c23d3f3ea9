/* granrepro experiment bizon-patterns: the layer's start, its engine and
 * its state between runs (Bizon et al., PRL 80, 57 (1998): the model of
 * model.tsv on physics/ed3.h in units sigma = g = m = 1). */
#include <gsl/gsl_math.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/bizon1998/bizon.h"
#include "physics/ed3.h"
#include "status.h"

void gr_bz_state_free(struct bz_state *s)
{
  free(s->x);
  s->x = NULL;
  s->n = 0;
}

/* Keep the engine's state (at plate phase 0, z_p = 0 whatever Gamma). */
int gr_bz_keep(struct gr_ed3 *e, struct bz_state *s, int n)
{
  int i;
  if (s->n != n) {
    gr_bz_state_free(s);
    if ((s->x = malloc(10 * (size_t)n * sizeof *s->x)) == NULL)
      return GR_ENOMEM;
    s->n = n;
  }
  s->y = s->x + n;
  s->z = s->x + 2 * n;
  s->vx = s->x + 3 * n;
  s->vy = s->x + 4 * n;
  s->vz = s->x + 5 * n;
  s->wx = s->x + 6 * n;
  s->wy = s->x + 7 * n;
  s->wz = s->x + 8 * n;
  s->r = s->x + 9 * n;
  gr_ed3_positions(e, s->x, s->y, s->z);
  gr_ed3_velocities(e, s->vx, s->vy, s->vz);
  gr_ed3_spins(e, s->wx, s->wy, s->wz);
  for (i = 0; i < n; i++)
    s->r[i] = gr_ed3_radius(e, i);
  return GR_OK;
}

void gr_bz_res_free(struct bz_res *r)
{
  free(r->savg);
  free(r->h2);
  free(r->orders);
  r->savg = r->h2 = r->orders = NULL;
}

/* A result before its run (bizon.h): the spheres of the floor's area,
 * one height cell per sigma^2, the arrays zeroed. */
int gr_bz_res_alloc(const struct bz_cfg *c, struct bz_res *r)
{
  size_t cells;
  memset(r, 0, sizeof *r);
  r->n = (int)lround(c->m->per_area * c->lx * c->ly);
  r->nx = (int)lround(c->lx);
  r->ny = (int)lround(c->ly);
  cells = (size_t)(r->nx * r->ny);
  r->savg = calloc(cells, sizeof *r->savg);
  r->h2 = calloc(2 * cells, sizeof *r->h2);
  r->orders = calloc((size_t)c->cycles, sizeof *r->orders);
  if (r->savg != NULL && r->h2 != NULL && r->orders != NULL)
    return GR_OK;
  gr_bz_res_free(r);
  return GR_ENOMEM;
}

/* Spheres on a loose square lattice resting on the plate at phase 0
 * (z_p = 0), radii spread uniformly by +-poly, small random velocities with
 * zero net momentum (the 1998 code's start without its amplitude bias). */
int gr_bz_start(const struct bz_cfg *c, int n, double *buf, double *radii)
{
  double *x = buf, *y = buf + n, *z = buf + 2 * n, *v = buf + 3 * n, sp = 1.01 + c->o->poly;
  int nlx = (int)floor(c->lx / sp), nly = (int)floor(c->ly / sp), i, d;
  double mean[3] = {0.0, 0.0, 0.0};
  if (nlx < 1 || nly < 1)
    return GR_EINPUT;
  for (i = 0; i < n; i++) {
    int l = i / (nlx * nly), q = i % (nlx * nly);
    x[i] = (q % nlx + 0.5) * c->lx / nlx;
    y[i] = (q / nlx + 0.5) * c->ly / nly;
    z[i] = 0.5 + 0.5 * c->o->poly + 0.01 + sp * l;
    radii[i] = 0.5 * (1.0 + c->o->poly * (2.0 * gsl_rng_uniform(c->rng) - 1.0));
    for (d = 0; d < 3; d++) {
      v[3 * i + d] = 0.05 * (2.0 * gsl_rng_uniform(c->rng) - 1.0);
      mean[d] += v[3 * i + d] / n;
    }
  }
  for (i = 0; i < n; i++)
    for (d = 0; d < 3; d++)
      v[3 * i + d] -= mean[d];
  return GR_OK;
}

/* The engine for a cfg (model.tsv's constants, units sigma = g = m = 1). */
int gr_bz_engine(const struct bz_cfg *c, int n, const double *buf, const double *radii,
                     struct gr_ed3 **s)
{
  struct gr_ed3_params p;
  double f = c->fstar / sqrt(c->m->H), w = 2.0 * M_PI * f, *vv[3];
  const double *v = buf + 3 * n;
  char msg[160];
  int i, d, st;
  memset(&p, 0, sizeof p);
  p.n = n;
  p.radius = 0.5;
  p.radii = radii;
  p.lx = c->lx;
  p.ly = c->ly;
  p.periodic = c->o->periodic;
  p.lid = c->o->lid;
  p.g = 1.0;
  p.e0 = c->m->e0;
  p.v0 = c->m->v0;
  p.e_exp = c->m->e_exp;
  p.mu = c->m->mu;
  p.beta0 = c->m->beta0;
  p.K = c->m->K;
  p.plate = GR_ED3_PLATE_SINE;
  p.amp = c->gamma / (w * w);
  p.omega = w;
  p.tc = c->o->tc;
  /* a guard, not a physics limit: a sub-step (T / 32) takes a few events per
   * sphere; a stalled engine stops with GR_EFAIL instead of hanging */
  p.max_events = 500LL * n + 200000LL;
  for (d = 0; d < 3; d++)
    if ((vv[d] = malloc((size_t)n * sizeof **vv)) == NULL) {
      while (d-- > 0)
        free(vv[d]);
      return GR_ENOMEM;
    }
  for (i = 0; i < n; i++)
    for (d = 0; d < 3; d++)
      vv[d][i] = v[3 * i + d];
  if (c->state != NULL && c->state->n == n) {
    const struct bz_state *q = c->state;
    p.radii = q->r;
    st = gr_ed3_new(&p, q->x, q->y, q->z, q->vx, q->vy, q->vz, q->wx, q->wy, q->wz, s, msg,
                    (int)sizeof msg);
  } else {
    st = gr_ed3_new(&p, buf, buf + n, buf + 2 * n, vv[0], vv[1], vv[2], NULL, NULL, NULL, s, msg,
                    (int)sizeof msg);
  }
  for (d = 0; d < 3; d++)
    free(vv[d]);
  return st;
}

