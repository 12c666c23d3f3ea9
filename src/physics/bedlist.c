/* granrepro physics: the Verlet neighbour list of the shaken bed (Wilson
 * 2001, section 5's proposed speed-up of fcn1's all-pairs loop, txt
 * 1537-1557; the list with a skin as in Allen & Tildesley, section 5.3):
 * built from the sorted cells (bedcells.c), kept while every disk stays
 * within s/2 of where it was at the build, so that no pair closer than the
 * cutoff r0 can be missing. */
#include "physics/bedcells.h"

#include <stdlib.h>

#include "physics/bedpair.h"

struct gr_bedcells *gr_bedcells_new_list(size_t n, double box, double r0, double s)
{
  struct gr_bedcells *c;
  if (!(s > 0.0) || n > UINT32_MAX / 16 || (c = gr_bedcells_new(n, box, r0 + s)) == NULL)
    return NULL;
  c->skin = s;
  c->rl2 = (r0 + s) * (r0 + s);
  c->cap = 8 * (n ? n : 1);
  c->ref = malloc(2 * (n ? n : 1) * sizeof *c->ref);
  c->pair = malloc(2 * c->cap * sizeof *c->pair);
  if (c->ref == NULL || c->pair == NULL) {
    gr_bedcells_free(c);
    return NULL;
  }
  return c;
}

/* 1 when some disk of y has moved more than s/2 from the build (or a
 * coordinate is not a number). */
static int bedlist_stale(const struct gr_bedcells *c, const double *y)
{
  double lim = 0.25 * c->skin * c->skin;
  size_t i;
  for (i = 0; i < c->n; i++) {
    double dx = y[4 * i] - c->ref[2 * i], dy = y[4 * i + 1] - c->ref[2 * i + 1];
    if (!(dx * dx + dy * dy <= lim))
      return 1;
  }
  return 0;
}

/* The pairs closer than r0 + s, from the sorted cells (the half stencil of
 * bedcells.c); 0 when they do not fit the capacity. */
static int bedlist_build(struct gr_bedcells *c, const double *y)
{
  const uint32_t *st = c->start;
  size_t i, np = 0;
  int cx, cy, nc = c->nc;
  c->builds++;
  gr_bedcells_build(c, y);
  for (i = 0; i < c->n; i++) {
    c->ref[2 * i] = y[4 * i];
    c->ref[2 * i + 1] = y[4 * i + 1];
  }
  for (cy = 0; cy < nc; cy++)
    for (cx = 0; cx < nc; cx++) {
      size_t q = (size_t)cy * (size_t)nc + (size_t)cx, up = q + (size_t)nc;
      uint32_t k, j, s, from[2], to[2] = {st[q + (cx < nc - 1 ? 2 : 1)], 0};
      from[1] = 0;
      if (cy < nc - 1) {
        from[1] = st[up - (cx > 0)];
        to[1] = st[up + 1 + (cx < nc - 1)];
      }
      for (k = st[q]; k < st[q + 1]; k++)
        for (from[0] = k + 1, s = 0; s < 2; s++)
          for (j = from[s]; j < to[s]; j++) {
            double dx = c->px[k] - c->px[j], dy = c->py[k] - c->py[j];
            if (dx * dx + dy * dy >= c->rl2)
              continue;
            if (np == c->cap)
              return 0;
            c->pair[2 * np] = c->order[k];
            c->pair[2 * np + 1] = c->order[j];
            np++;
          }
    }
  c->np = np;
  return 1;
}

/* The listed pairs (the others are farther than r0): the pair terms of
 * bedpair.h, equal and opposite, straight on the state's layout. */
size_t gr_bedcells_pairs_list(struct gr_bedcells *c, const struct gr_bed_model *m,
                              const double *y, double *dydt, double ay, double r0sq,
                              double *dpair)
{
  size_t p, nk = 0;
  if (!c->valid || bedlist_stale(c, y))
    c->valid = bedlist_build(c, y);
  if (!c->valid) /* overflow: this evaluation by the cells */
    return gr_bedcells_pairs_cells(c, m, y, dydt, ay, r0sq, dpair);
  for (p = 0; p < c->n; p++) { /* eq. 7, and the external terms of eq. 8 */
    dydt[4 * p] = y[4 * p + 2];
    dydt[4 * p + 1] = y[4 * p + 3];
    dydt[4 * p + 2] = 0.0;
    dydt[4 * p + 3] = ay;
  }
  for (p = 0; p < c->np; p++) {
    const double *a = y + 4 * (size_t)c->pair[2 * p], *b = y + 4 * (size_t)c->pair[2 * p + 1];
    double *fa = dydt + 4 * (size_t)c->pair[2 * p], *fb = dydt + 4 * (size_t)c->pair[2 * p + 1];
    double dx = a[0] - b[0], dy = a[1] - b[1], r2 = dx * dx + dy * dy, f;
    if (r2 >= r0sq) /* the listing's strict .lt. (txt 1541) */
      continue;
    f = gr_bedpair_force(m, dx, dy, a[2] - b[2], a[3] - b[3], r2, dpair);
    fa[2] += f * dx;
    fa[3] += f * dy;
    fb[2] -= f * dx;
    fb[3] -= f * dy;
    nk++;
  }
  return nk;
}

/* The list when the cells carry one (skin > 0), else the cells (the list
 * sits on the cells: bedcells.c knows nothing of it). */
size_t gr_bedcells_pairs(struct gr_bedcells *c, const struct gr_bed_model *m,
                         const double *y, double *dydt, double ay, double r0sq,
                         double *dpair)
{
  return c->skin > 0.0 ? gr_bedcells_pairs_list(c, m, y, dydt, ay, r0sq, dpair)
                       : gr_bedcells_pairs_cells(c, m, y, dydt, ay, r0sq, dpair);
}
