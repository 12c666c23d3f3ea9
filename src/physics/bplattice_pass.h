/* granrepro physics: one body of the lattice force pass of Buchholtz &
 * Poeschel (1993), eqs. 8-16, included twice by bplattice.c with
 * GR_BPPASS_NAME, GR_BPPASS_ATTR, GR_BPPASS_PAIR and GR_BPPASS_PAIR_ATTR
 * set: a vectorized copy and a copy
 * built with no-tree-vectorize (the bench compares them).  For one block
 * of cells [b0, b1) and every mask position k: the pair (cell, cell + off)
 * of eq. 12-13 via gr_bpforce_pair, accumulated on the cell.  No branch in
 * the inner loop; the Test vectors mask empty cells (eqs. 12-13). */
#define GR_BPFORCE_PAIR_NAME GR_BPPASS_PAIR
#define GR_BPFORCE_PAIR_ATTR GR_BPPASS_PAIR_ATTR
#include "physics/bpforce_pair.h"
#undef GR_BPFORCE_PAIR_NAME
#undef GR_BPFORCE_PAIR_ATTR

GR_BPPASS_ATTR
static void GR_BPPASS_NAME(struct gr_bplattice *L, const struct gr_bpforce *p,
                           long b0, long b1)
{
  const double *restrict x = L->x, *restrict y = L->y, *restrict vx = L->vx,
                         *restrict vy = L->vy, *restrict w = L->w,
                         *restrict r = L->r, *restrict ir = L->ir,
                         *restrict m = L->m, *restrict te = L->test;
  double *restrict fx = L->fx, *restrict fy = L->fy, *restrict tq = L->tq,
                   *restrict ov = L->ov;
  struct gr_bpforce q = *p;
  int k;
  long c;
  for (k = 0; k < L->nmask; k++) {
    const long o = L->mask[k];
#pragma GCC ivdep
    for (c = b0; c < b1; c++) {
      struct gr_bpforce_out f;
      double s = ir[c] > ir[c + o] ? ir[c] : ir[c + o], e;
      GR_BPPASS_PAIR(&q, x[c] - x[c + o], y[c] - y[c + o], vx[c] - vx[c + o],
                      vy[c] - vy[c + o], r[c], r[c + o], w[c], w[c + o], m[c],
                      m[c + o], te[c] * te[c + o], &f);
      fx[c] += f.fx;
      fy[c] += f.fy;
      tq[c] += f.ti;
      e = f.xi * s;
      ov[c] = ov[c] > e ? ov[c] : e;
    }
  }
}

/* The half mask (the 12 forward positions, Newton's third law): the pair
 * (cell, cell + off) once, on the cell (fx, fy, tq) and, reversed, on the
 * partner (hx, hy, ht: separate arrays, so no iteration touches what
 * another one writes); only interior cells act as the cell (in = 1), and
 * reactions on ghost cells are folded back to their sources afterwards.
 * Valid for laws antisymmetric in (i, j), i.e. not eq. 20 as printed. */
GR_BPPASS_ATTR
static void GR_BPPASS_HALFNAME(struct gr_bplattice *L, const struct gr_bpforce *p,
                               long b0, long b1)
{
  const double *restrict x = L->x, *restrict y = L->y, *restrict vx = L->vx,
                         *restrict vy = L->vy, *restrict w = L->w,
                         *restrict r = L->r, *restrict ir = L->ir,
                         *restrict m = L->m, *restrict te = L->test, *restrict in = L->in;
  double *restrict fx = L->fx, *restrict fy = L->fy, *restrict tq = L->tq,
                   *restrict ov = L->ov, *restrict hx = L->hx, *restrict hy = L->hy,
                   *restrict ht = L->ht;
  struct gr_bpforce q = *p;
  int k;
  long c;
  for (k = 0; k < L->nhalf; k++) {
    const long o = L->half[k];
#pragma GCC ivdep
    for (c = b0; c < b1; c++) {
      struct gr_bpforce_out f;
      double s = ir[c] > ir[c + o] ? ir[c] : ir[c + o], e;
      GR_BPPASS_PAIR(&q, x[c] - x[c + o], y[c] - y[c + o], vx[c] - vx[c + o],
                     vy[c] - vy[c + o], r[c], r[c + o], w[c], w[c + o], m[c],
                     m[c + o], te[c] * te[c + o] * in[c], &f);
      fx[c] += f.fx;
      fy[c] += f.fy;
      tq[c] += f.ti;
      hx[c + o] -= f.fx;
      hy[c + o] -= f.fy;
      ht[c + o] -= r[c + o] * f.fs;
      e = f.xi * s;
      ov[c] = ov[c] > e ? ov[c] : e;
    }
  }
}
