/* granrepro experiment wilson-clumping: Wilson's random initial states
 * (appendix A.1, rand_pos_vel_assign and check) and the group of runs that
 * share them. */
#include <math.h>
#include <stdlib.h>

#include "experiments/wilson-2001/clumping.h"

/* rand_pos_vel_assign: draw (x, y, vx, vy) until the disk is inside the box
 * and overlaps none placed before (checked on a grid of cells >= d). */
int wc_init(int n, double d, double l, gsl_rng *rng, double *x, double *y,
            double *vx, double *vy)
{
  int m = (int)(l / d), *head = malloc((size_t)m * m * sizeof *head);
  int *next = malloc((size_t)n * sizeof *next), i, cx, cy, a, b, j, ok;
  long tries;
  double w = l / m;
  if (head == NULL || next == NULL) {
    free(head);
    free(next);
    return -1;
  }
  for (i = 0; i < m * m; i++)
    head[i] = -1;
  for (i = 0; i < n; i++) {
    for (tries = 0, ok = 0; !ok && tries < 100000000L; tries++) {
      x[i] = l * gsl_rng_uniform(rng);
      y[i] = l * gsl_rng_uniform(rng);
      vx[i] = 1.0 - 2.0 * gsl_rng_uniform(rng);
      vy[i] = 1.0 - 2.0 * gsl_rng_uniform(rng);
      ok = x[i] >= 0.5 * d && x[i] <= l - 0.5 * d && y[i] >= 0.5 * d && y[i] <= l - 0.5 * d;
      cx = (int)(x[i] / w);
      cy = (int)(y[i] / w);
      for (b = cy - 1; b <= cy + 1 && ok; b++)
        for (a = cx - 1; a <= cx + 1 && ok; a++)
          if (a >= 0 && b >= 0 && a < m && b < m)
            for (j = head[b * m + a]; j >= 0 && ok; j = next[j])
              ok = (x[i] - x[j]) * (x[i] - x[j]) + (y[i] - y[j]) * (y[i] - y[j]) >= d * d;
    }
    if (!ok) {
      free(head);
      free(next);
      return -1;
    }
    cx = cx >= m ? m - 1 : cx;
    cy = cy >= m ? m - 1 : cy;
    next[i] = head[cy * m + cx];
    head[cy * m + cx] = i;
  }
  free(head);
  free(next);
  return 0;
}

void wc_group_free(struct wc_group *g)
{
  int r;
  if (g == NULL)
    return;
  free(g->x0); free(g->y0); free(g->vx0); free(g->vy0);
  for (r = 0; r < WC_NRULE; r++) {
    free(g->xf[r]);
    free(g->yf[r]);
  }
  free(g);
}

struct wc_group *wc_group_new(int n, double d, int nseed, unsigned long seed)
{
  struct wc_group *g = calloc(1, sizeof *g);
  size_t sz = (size_t)n * (size_t)nseed * sizeof(double);
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  int s, r, bad = 0;
  if (g == NULL || rng == NULL || nseed > WC_MAXSEED) {
    gsl_rng_free(rng);
    free(g);
    return NULL;
  }
  g->n = n;
  g->d = d;
  g->nseed = nseed;
  g->x0 = malloc(sz); g->y0 = malloc(sz); g->vx0 = malloc(sz); g->vy0 = malloc(sz);
  for (r = 0; r < WC_NRULE; r++) {
    g->xf[r] = malloc((size_t)n * sizeof(double));
    g->yf[r] = malloc((size_t)n * sizeof(double));
    bad |= g->xf[r] == NULL || g->yf[r] == NULL;
  }
  if (bad || !g->x0 || !g->y0 || !g->vx0 || !g->vy0) {
    gsl_rng_free(rng);
    wc_group_free(g);
    return NULL;
  }
  /* one stream per (N, D): the same seed gives the same starts for every rule */
  gsl_rng_set(rng, seed * 1000003UL + (unsigned long)n * 7UL + (unsigned long)(d * 1000.0));
  for (s = 0; s < nseed && !bad; s++)
    bad = wc_init(n, d, WC_L, rng, g->x0 + s * n, g->y0 + s * n, g->vx0 + s * n, g->vy0 + s * n);
  gsl_rng_free(rng);
  if (bad) {
    wc_group_free(g);
    return NULL;
  }
  return g;
}
