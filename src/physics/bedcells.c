/* granrepro physics: the cell lists of the shaken bed (Wilson 2001,
 * section 5's proposed speed-up of the all-pairs loop of fcn1, txt
 * 1537-1557): counting sort by cell, structure of arrays, half stencil. */
#include "physics/bedcells.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/bedpair.h"

/* Cells of side >= rc: nc = floor(L / rc), at least 1. */
struct gr_bedcells *gr_bedcells_new(size_t n, double box, double rc)
{
  struct gr_bedcells *c;
  double k;
  size_t nn, m;
  if (!(box > 0.0) || !(rc > 0.0) || n >= UINT32_MAX)
    return NULL;
  c = calloc(1, sizeof *c);
  if (c == NULL)
    return NULL;
  k = floor(box / rc);
  c->nc = k < 1.0 ? 1 : k > 4096.0 ? 4096 : (int)k;
  c->n = n;
  c->box = box;
  c->inv = c->nc / box;
  nn = (size_t)c->nc * (size_t)c->nc;
  m = n ? n : 1;
  c->start = malloc((nn + 1) * sizeof *c->start);
  c->fill = malloc(nn * sizeof *c->fill);
  c->cell = malloc(m * sizeof *c->cell);
  c->order = malloc(m * sizeof *c->order);
  c->px = malloc(6 * m * sizeof *c->px); /* px, py, vx, vy, fx, fy */
  if (c->start == NULL || c->fill == NULL || c->cell == NULL || c->order == NULL ||
      c->px == NULL) {
    gr_bedcells_free(c);
    return NULL;
  }
  c->py = c->px + m;
  c->vx = c->py + m;
  c->vy = c->vx + m;
  c->fx = c->vy + m;
  c->fy = c->fx + m;
  return c;
}

void gr_bedcells_free(struct gr_bedcells *c)
{
  if (c == NULL)
    return;
  free(c->start);
  free(c->fill);
  free(c->cell);
  free(c->order);
  free(c->px);
  free(c->ref);
  free(c->pair);
  free(c);
}

/* Cell index of one coordinate, clamped (disks pressed into a wall). */
int gr_bedcells_index(const struct gr_bedcells *c, double q)
{
  double k = q * c->inv; /* floor(k) = (int)k for 0 <= k < nc */
  if (!(k >= 0.0))
    return 0;
  return k >= c->nc ? c->nc - 1 : (int)k;
}

/* Counting sort by cell (stable: ascending disk number within a cell),
 * then the disks' coordinates copied in slot order. */
void gr_bedcells_build(struct gr_bedcells *c, const double *y)
{
  size_t i, nn = (size_t)c->nc * (size_t)c->nc;
  memset(c->start, 0, (nn + 1) * sizeof *c->start);
  for (i = 0; i < c->n; i++) {
    uint32_t k = (uint32_t)gr_bedcells_index(c, y[4 * i + 1]) * (uint32_t)c->nc +
                 (uint32_t)gr_bedcells_index(c, y[4 * i]);
    c->cell[i] = k;
    c->start[k + 1]++;
  }
  for (i = 0; i < nn; i++) { /* start[i + 1]: the end of cell i */
    c->fill[i] = c->start[i];
    c->start[i + 1] += c->start[i];
  }
  for (i = 0; i < c->n; i++) {
    uint32_t s = c->fill[c->cell[i]]++;
    const double *d = y + 4 * i;
    c->order[s] = (uint32_t)i;
    c->px[s] = d[0];
    c->py[s] = d[1];
    c->vx[s] = d[2];
    c->vy[s] = d[3];
    c->fx[s] = 0.0;
    c->fy[s] = 0.0;
  }
}

/* The slot arrays of one evaluation, unaliased. */
struct bedcells_soa {
  const double *restrict px, *restrict py, *restrict vx, *restrict vy;
  double *restrict fx, *restrict fy;
};

/* The slots [k0, k1) of one cell, each against the later slots of its
 * cell and the cell E, [k + 1, e), and the cells NW, N, NE, [lo, hi):
 * the pair terms, equal and opposite. */
static size_t bedcells_cell(const struct bedcells_soa *a, const struct gr_bed_model *m,
                            uint32_t k0, uint32_t k1, uint32_t e, uint32_t lo, uint32_t hi,
                            double r0sq, double *dpair)
{
  const double *restrict px = a->px, *restrict py = a->py;
  const double *restrict vx = a->vx, *restrict vy = a->vy;
  double *restrict fx = a->fx, *restrict fy = a->fy;
  size_t nk = 0;
  uint32_t k, j, s;
  for (k = k0; k < k1; k++) {
    const uint32_t from[2] = {k + 1, lo}, to[2] = {e, hi};
    double xk = px[k], yk = py[k], fxk = 0.0, fyk = 0.0;
    for (s = 0; s < 2; s++)
      for (j = from[s]; j < to[s]; j++) {
        double dx = xk - px[j], dy = yk - py[j], r2 = dx * dx + dy * dy, f;
        if (r2 >= r0sq) /* the listing's strict .lt. (txt 1541) */
          continue;
        f = gr_bedpair_force(m, dx, dy, vx[k] - vx[j], vy[k] - vy[j], r2, dpair);
        fxk += f * dx;
        fyk += f * dy;
        fx[j] -= f * dx;
        fy[j] -= f * dy;
        nk++;
      }
    fx[k] += fxk;
    fy[k] += fyk;
  }
  return nk;
}

/* Each cell's disks against the rest of the cell and E (one range) and
 * against NW, N, NE (one range); then the forces back to disk order. */
size_t gr_bedcells_pairs_cells(struct gr_bedcells *c, const struct gr_bed_model *m,
                               const double *y, double *dydt, double ay, double r0sq,
                               double *dpair)
{
  const uint32_t *st = c->start;
  const struct bedcells_soa a = {c->px, c->py, c->vx, c->vy, c->fx, c->fy};
  size_t i, nk = 0;
  int cx, cy, nc = c->nc;
  gr_bedcells_build(c, y);
  for (cy = 0; cy < nc; cy++)
    for (cx = 0; cx < nc; cx++) {
      size_t q = (size_t)cy * (size_t)nc + (size_t)cx, up = q + (size_t)nc;
      uint32_t e = st[q + (cx < nc - 1 ? 2 : 1)], lo = 0, hi = 0;
      if (cy < nc - 1) {
        lo = st[up - (cx > 0)];
        hi = st[up + 1 + (cx < nc - 1)];
      }
      nk += bedcells_cell(&a, m, st[q], st[q + 1], e, lo, hi, r0sq, dpair);
    }
  for (i = 0; i < c->n; i++) { /* eq. 7, and eq. 8 without the walls */
    double *d = dydt + 4 * (size_t)c->order[i];
    d[0] = c->vx[i];
    d[1] = c->vy[i];
    d[2] = 0.0 + c->fx[i];
    d[3] = ay + c->fy[i]; /* as 0, ay, then += */
  }
  return nk;
}
