/* granrepro physics: all pairs, linked cells and the N-squared neighbour
 * list for the contact force of Buchholtz & Poeschel (1993), eqs. 17-21.
 * See bpsearch.h. */
#include "status.h"
#include "physics/bpsearch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One pair seen from i, accumulated on i; returns the overlap over the
 * smaller radius. */
static double bp_add(const struct gr_box *box, const struct gr_bpforce *p,
                   const struct gr_bpgrains *g, size_t i, size_t j, double *fx,
                   double *fy, double *tq, struct gr_bpforce_out *o)
{
  double dx = gr_box_delta(box, 0, g->x[i], g->x[j]);
  double dy = gr_box_delta(box, 1, g->y[i], g->y[j]);
  gr_bpforce_pair(p, dx, dy, g->vx[i] - g->vx[j], g->vy[i] - g->vy[j], g->r[i],
                  g->r[j], g->w[i], g->w[j], g->m[i], g->m[j], 1.0, o);
  fx[i] += o->fx;
  fy[i] += o->fy;
  tq[i] += o->ti;
  return o->xi / (g->r[i] < g->r[j] ? g->r[i] : g->r[j]);
}

long gr_bpsearch_allpairs(const struct gr_box *box, const struct gr_bpforce *p,
                          const struct gr_bpgrains *g, double *fx, double *fy,
                          double *tq, double *maxov)
{
  size_t i, j;
  long twice = 0;
  double mo = 0.0;
  for (i = 0; i < g->n; i++) {
    fx[i] = fy[i] = tq[i] = 0.0;
    for (j = 0; j < g->n; j++) {
      struct gr_bpforce_out o;
      double ov;
      if (j == i)
        continue;
      ov = bp_add(box, p, g, i, j, fx, fy, tq, &o);
      twice += o.xi > 0.0;
      mo = ov > mo ? ov : mo;
    }
  }
  if (maxov != NULL)
    *maxov = mo;
  return twice / 2;
}

int gr_bpverlet_init(struct gr_bpverlet *v, const struct gr_box *box,
                     double cut, double skin)
{
  memset(v, 0, sizeof *v);
  v->box = *box;
  v->cut = cut;
  v->skin = skin;
  return cut > 0.0 && skin > 0.0 ? GR_OK : GR_EINPUT;
}

void gr_bpverlet_free(struct gr_bpverlet *v)
{
  free(v->start);
  free(v->list);
  free(v->x0);
  free(v->y0);
  memset(v, 0, sizeof *v);
}

/* Room for n grains. */
static int bp_vgrow(struct gr_bpverlet *v, size_t n)
{
  long *s;
  double *a, *b;
  if (n <= v->ncap)
    return GR_OK;
  s = realloc(v->start, (n + 1) * sizeof *s);
  if (s != NULL) v->start = s;
  a = realloc(v->x0, n * sizeof *a);
  if (a != NULL) v->x0 = a;
  b = realloc(v->y0, n * sizeof *b);
  if (b != NULL) v->y0 = b;
  if (s == NULL || a == NULL || b == NULL)
    return GR_ENOMEM;
  v->ncap = n;
  return GR_OK;
}

/* Section 1's neighbourhood list: every j within cut + skin of i, by the
 * N-squared search (both directions stored, as the lattice sees them). */
int gr_bpverlet_build(struct gr_bpverlet *v, const struct gr_bpgrains *g)
{
  size_t i, j, k = 0;
  double rc = v->cut + v->skin, rc2 = rc * rc;
  if (bp_vgrow(v, g->n) != GR_OK)
    return GR_ENOMEM;
  for (i = 0; i < g->n; i++) {
    v->start[i] = (long)k;
    v->x0[i] = g->x[i];
    v->y0[i] = g->y[i];
    for (j = 0; j < g->n; j++) {
      double dx = gr_box_delta(&v->box, 0, g->x[i], g->x[j]);
      double dy = gr_box_delta(&v->box, 1, g->y[i], g->y[j]);
      if (j == i || dx * dx + dy * dy >= rc2)
        continue;
      if (k == v->lcap) {
        size_t cap = v->lcap ? 2 * v->lcap : 1024;
        long *l = realloc(v->list, cap * sizeof *l);
        if (l == NULL)
          return GR_ENOMEM;
        v->list = l;
        v->lcap = cap;
      }
      v->list[k++] = (long)j;
    }
  }
  v->start[g->n] = (long)k;
  v->n = g->n;
  v->nbuild++;
  return GR_OK;
}

/* 1 when a grain moved more than half the skin since the build. */
static int bp_stale(const struct gr_bpverlet *v, const struct gr_bpgrains *g)
{
  size_t i;
  double lim = 0.25 * v->skin * v->skin;
  if (v->n != g->n || v->nbuild == 0)
    return 1;
  for (i = 0; i < g->n; i++) {
    double dx = gr_box_delta(&v->box, 0, g->x[i], v->x0[i]);
    double dy = gr_box_delta(&v->box, 1, g->y[i], v->y0[i]);
    if (dx * dx + dy * dy > lim)
      return 1;
  }
  return 0;
}

int gr_bpverlet_forces(struct gr_bpverlet *v, const struct gr_bpforce *p,
                       const struct gr_bpgrains *g, int force, double *fx,
                       double *fy, double *tq)
{
  size_t i;
  long k;
  if ((force || bp_stale(v, g)) && gr_bpverlet_build(v, g) != GR_OK)
    return GR_ENOMEM;
  v->maxov = 0.0;
  for (i = 0; i < g->n; i++) {
    struct gr_bpforce_out o;
    fx[i] = fy[i] = tq[i] = 0.0;
    for (k = v->start[i]; k < v->start[i + 1]; k++) {
      double ov = bp_add(&v->box, p, g, i, (size_t)v->list[k], fx, fy, tq, &o);
      v->maxov = ov > v->maxov ? ov : v->maxov;
    }
  }
  return GR_OK;
}
