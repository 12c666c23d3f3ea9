/* granrepro physics: one body of the lattice force pass of Buchholtz &
 * Poeschel (1993), eqs. 8-16, included twice by bplattice.c with
 * GR_BPPASS_NAME (a prefix), GR_BPPASS_ATTR and GR_BPPASS_PAIR_ATTR set: a
 * vectorized copy and a copy built with no-tree-vectorize (the bench
 * compares them).  For one block of cells [b0, b1) and every mask
 * position k: the pair (cell, cell + off) of eqs. 12-13 via the pair force
 * (bpforce_pair.h), accumulated on the cell.  No branch in the inner loop;
 * the Test vectors mask empty cells (eqs. 12-13).  Each copy holds six
 * passes, the flags of the body made constants: full or half mask, the
 * printed readings (generic pair force) or the consistent law alone, and
 * the largest overlap computed or not (only when asked).  The full-mask
 * passes take two mask positions per pass over the cells (nmask is 24 or
 * 48): the cell's own values are loaded once for both, two independent
 * chains run per iteration and each accumulator is read and written once
 * per two terms, still added in k order, so the bits are those of one
 * position per pass.  The half mask keeps one position per pass: its
 * reactions on partner cells must also arrive in k order, and two
 * positions one cell apart would write the same partner in one vector. */
#define BP_CAT_(a, b) a##b
#define BP_CAT(a, b) BP_CAT_(a, b)
#define BP_FN(s) BP_CAT(GR_BPPASS_NAME, s)

#define GR_BPFORCE_PAIR_NAME BP_FN(_pair)
#define GR_BPFORCE_PAIR_ATTR GR_BPPASS_PAIR_ATTR
#include "physics/bpforce_pair.h"
#undef GR_BPFORCE_PAIR_NAME
#define GR_BPFORCE_PAIR_NAME BP_FN(_pairc)
#define GR_BPFORCE_PAIR_CONSISTENT 1
#include "physics/bpforce_pair.h"
#undef GR_BPFORCE_PAIR_CONSISTENT
#undef GR_BPFORCE_PAIR_NAME
#undef GR_BPFORCE_PAIR_ATTR

/* Eqs. 8-16 for cell c and the cell at offset o (Test Test{k} = on) into
 * f, by the consistent copy (cons) or the generic pair force. */
#define BP_EVAL(o, on, f)                                                              \
  do {                                                                                 \
    if (cons)                                                                          \
      BP_FN(_pairc)(&q, x[c] - x[c + o], y[c] - y[c + o], vx[c] - vx[c + o],           \
                    vy[c] - vy[c + o], r[c], r[c + o], w[c], w[c + o], m[c], m[c + o], \
                    on, &f);                                                           \
    else                                                                               \
      BP_FN(_pair)(&q, x[c] - x[c + o], y[c] - y[c + o], vx[c] - vx[c + o],            \
                   vy[c] - vy[c + o], r[c], r[c + o], w[c], w[c + o], m[c], m[c + o],  \
                   on, &f);                                                            \
  } while (0)
#define BP_LOAD                                                                        \
  const double *restrict x = L->x, *restrict y = L->y, *restrict vx = L->vx,           \
                         *restrict vy = L->vy, *restrict w = L->w, *restrict r = L->r, \
                         *restrict ir = L->ir, *restrict m = L->m, *restrict te = L->test; \
  double *restrict fx = L->fx, *restrict fy = L->fy, *restrict tq = L->tq,             \
                   *restrict om = L->ov;                                               \
  struct gr_bpforce q = *p;                                                            \
  int k;                                                                               \
  long c

/* The full-mask pass: every cell against the cell at each of the nmask
 * positions (eqs. 12-13), two positions per pass over the cells, terms
 * added in k order.  cons: the consistent law (variants == 0).  ov: the
 * overlap over the smaller radius, its maximum per cell. */
GR_BPPASS_PAIR_ATTR
static inline void BP_FN(_body)(struct gr_bplattice *L, const struct gr_bpforce *p, long b0,
                                long b1, const int cons, const int ov)
{
  BP_LOAD;
  for (k = 0; k < L->nmask; k += 2) {
    const long o = L->mask[k], u = L->mask[k + 1];
GR_IVDEP
    for (c = b0; c < b1; c++) {
      struct gr_bpforce_out f, g;
      BP_EVAL(o, te[c] * te[c + o], f);
      BP_EVAL(u, te[c] * te[c + u], g);
      fx[c] = fx[c] + f.fx + g.fx;
      fy[c] = fy[c] + f.fy + g.fy;
      tq[c] = tq[c] + f.ti + g.ti;
      if (ov) {
        double e = f.xi * (ir[c] > ir[c + o] ? ir[c] : ir[c + o]);
        double h = g.xi * (ir[c] > ir[c + u] ? ir[c] : ir[c + u]);
        e = e > h ? e : h;
        om[c] = om[c] > e ? om[c] : e;
      }
    }
  }
}

/* The half-mask pass: the 12 forward positions with Newton's third law:
 * the pair (cell, cell + off) once, on the cell (fx, fy, tq) and,
 * reversed, on the partner (hx, hy, ht: separate arrays, so no iteration
 * touches what another one writes); only interior cells act as the cell
 * (in = 1), and reactions on ghost cells are folded back to their sources
 * afterwards.  Valid for laws antisymmetric in (i, j), i.e. not eq. 20 as
 * printed. */
GR_BPPASS_PAIR_ATTR
static inline void BP_FN(_bodyh)(struct gr_bplattice *L, const struct gr_bpforce *p, long b0,
                                 long b1, const int cons, const int ov)
{
  BP_LOAD;
  const double *restrict in = L->in;
  double *restrict hx = L->hx, *restrict hy = L->hy, *restrict ht = L->ht;
  for (k = 0; k < L->nhalf; k++) {
    const long o = L->half[k];
GR_IVDEP
    for (c = b0; c < b1; c++) {
      struct gr_bpforce_out f;
      BP_EVAL(o, te[c] * te[c + o] * in[c], f);
      fx[c] += f.fx;
      fy[c] += f.fy;
      tq[c] += f.ti;
      hx[c + o] -= f.fx;
      hy[c + o] -= f.fy;
      ht[c + o] -= r[c + o] * f.fs;
      if (ov) {
        double s = ir[c] > ir[c + o] ? ir[c] : ir[c + o], e = f.xi * s;
        om[c] = om[c] > e ? om[c] : e;
      }
    }
  }
}
#undef BP_EVAL
#undef BP_LOAD

#define BP_PASS(suffix, half, cons, ov)                                             \
  GR_BPPASS_ATTR static void BP_FN(suffix)(struct gr_bplattice *L,                  \
                                           const struct gr_bpforce *p, long b0, long b1) \
  {                                                                                 \
    if (half)                                                                       \
      BP_FN(_bodyh)(L, p, b0, b1, cons, ov);                                        \
    else                                                                            \
      BP_FN(_body)(L, p, b0, b1, cons, ov);                                         \
  }
BP_PASS(_full, 0, 0, 1)
BP_PASS(_fullc, 0, 1, 0)
BP_PASS(_fullco, 0, 1, 1)
BP_PASS(_half, 1, 0, 1)
BP_PASS(_halfc, 1, 1, 0)
BP_PASS(_halfco, 1, 1, 1)
#undef BP_PASS

/* The six passes, indexed 3 half + (cons ? 1 + ov : 0). */
static void (*const BP_FN(_passes)[6])(struct gr_bplattice *, const struct gr_bpforce *, long,
                                       long) = {BP_FN(_full), BP_FN(_fullc), BP_FN(_fullco),
                                                BP_FN(_half), BP_FN(_halfc), BP_FN(_halfco)};
#undef BP_FN
#undef BP_CAT
#undef BP_CAT_
