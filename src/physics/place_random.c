/* granrepro physics: random sequential placement of hard disks without
 * overlap and velocity distributions (B. Wilson, UBC 2001, appendix A.1,
 * rand_pos_vel_assign and check; see place_random.h). */
#include "physics/place_random.h"

#include <math.h>
#include <stdlib.h>

#include "status.h"

/* The cell grid of the overlap check: cells at least d wide (so a disk can
 * only overlap disks of its own and the 8 neighbouring cells), at most
 * about 2 sqrt(n) per side (the grid only speeds up the check). */
struct place_grid {
  int mx, my;
  double wx, wy;
  int *head, *next;
};

static int place_grid_init(struct place_grid *g, const struct gr_place_random *p, int n)
{
  double cap = fmax(2.0, ceil(2.0 * sqrt((double)n)));
  int i;
  /* in double until capped: lx / d may exceed any int */
  g->mx = (int)fmin(floor(p->lx / p->d), cap);
  g->my = (int)fmin(floor(p->ly / p->d), cap);
  g->wx = p->lx / g->mx;
  g->wy = p->ly / g->my;
  g->head = malloc((size_t)g->mx * (size_t)g->my * sizeof *g->head);
  g->next = malloc(((size_t)n + 1) * sizeof *g->next);
  if (g->head == NULL || g->next == NULL)
    return GR_ENOMEM;
  for (i = 0; i < g->mx * g->my; i++)
    g->head[i] = -1;
  return GR_OK;
}

/* Cell column (or row) of coordinate v: clamped to the grid. */
static int place_cell(double v, double w, int m)
{
  int c = (int)(v / w);
  return c < 0 ? 0 : (c >= m ? m - 1 : c);
}

/* 1 when disk i (centre x[i], y[i]) lies in the box and overlaps none of
 * the disks on the grid (Wilson's check). */
static int place_free(const struct place_grid *g, const struct gr_place_random *p, int i,
                      const double *x, const double *y)
{
  double r = 0.5 * p->d, dd = p->d * p->d;
  int cx, cy, a, b, j;
  if (!(x[i] >= r && x[i] <= p->lx - r && y[i] >= r && y[i] <= p->ly - r))
    return 0;
  cx = place_cell(x[i], g->wx, g->mx);
  cy = place_cell(y[i], g->wy, g->my);
  for (b = cy - 1; b <= cy + 1; b++)
    for (a = cx - 1; a <= cx + 1; a++)
      if (a >= 0 && b >= 0 && a < g->mx && b < g->my)
        for (j = g->head[b * g->mx + a]; j >= 0; j = g->next[j])
          if ((x[i] - x[j]) * (x[i] - x[j]) + (y[i] - y[j]) * (y[i] - y[j]) < dd)
            return 0;
  return 1;
}

/* Random sequential placement (rand_pos_vel_assign): attempts until free. */
int gr_place_random_disks(const struct gr_place_random *p, int n, gsl_rng *rng,
                          double *x, double *y, double *vx, double *vy)
{
  struct place_grid g = {0};
  long tries;
  int i, c, ok = 1, rc;
  if (p == NULL || rng == NULL || n < 0 || !(p->d > 0.0) || !(p->lx >= p->d) ||
      !(p->ly >= p->d) || p->maxtries < 1 || !(p->vmax >= 0.0) || (vx == NULL) != (vy == NULL))
    return GR_EINPUT;
  if ((rc = place_grid_init(&g, p, n)) != GR_OK) {
    free(g.head);
    free(g.next);
    return rc;
  }
  for (i = 0; i < n && ok; i++) {
    for (tries = 0, ok = 0; !ok && tries < p->maxtries; tries++) {
      x[i] = p->lx * gsl_rng_uniform(rng);
      y[i] = p->ly * gsl_rng_uniform(rng);
      if (vx != NULL) {
        vx[i] = p->vmax * (1.0 - 2.0 * gsl_rng_uniform(rng));
        vy[i] = p->vmax * (1.0 - 2.0 * gsl_rng_uniform(rng));
      }
      ok = place_free(&g, p, i, x, y);
    }
    if (ok) {
      c = place_cell(y[i], g.wy, g.my) * g.mx + place_cell(x[i], g.wx, g.mx);
      g.next[i] = g.head[c];
      g.head[c] = i;
    }
  }
  free(g.head);
  free(g.next);
  return ok ? GR_OK : GR_EFAIL;
}

/* Uniform components: vmax (1 - 2 u), variance vmax^2 / 3. */
void gr_place_random_vel_uniform(gsl_rng *rng, int n, double vmax, double *vx,
                                 double *vy)
{
  int i;
  for (i = 0; i < n; i++) {
    vx[i] = vmax * (1.0 - 2.0 * gsl_rng_uniform(rng));
    vy[i] = vmax * (1.0 - 2.0 * gsl_rng_uniform(rng));
  }
}
