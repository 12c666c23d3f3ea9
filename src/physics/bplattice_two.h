/* granrepro physics: the two-stage lattice force pass, a modern
 * reformulation of the pass of Buchholtz & Poeschel (1993), eqs. 8-16
 * (bplattice_pass.h is the paper's form).  Included twice by bplattice.c
 * after bplattice_pass.h, with the same GR_BPPASS_NAME / _ATTR /
 * _PAIR_ATTR: a vectorized copy and a no-tree-vectorize copy (both stages).
 *
 * Not the paper's algorithm: the paper evaluates eqs. 8-16 at every mask
 * position of every cell under the Test mask.  Here, per block of cells:
 * stage 1, one shifted pass per mask position k computes only the contact
 * predicate Test Test{k} (d^2 < (R + R{k})^2), branch-free, into a bit set
 * per cell (bits[c] |= pred << k); stage 2 computes eqs. 8-16 (the same
 * inline pair force) only for the set bits: the compress/gather idiom of
 * vector machines.  The predicate has a margin of 1e-12 over the rounding
 * of s*s, so it holds for every pair the pair force counts as a contact
 * (xi > 0); the pair force alone decides contact, as in the one-stage
 * pass.  Every law (the printed variants too) adds +0 or -0 for a pair out
 * of contact (all its terms carry the factor c = 0), the accumulators start
 * at +0 and a sum of doubles is never -0 unless both terms are, so leaving
 * those pairs out changes no bit, provided each accumulator receives its
 * terms in the same order: in k order per cell (and, for the half mask's
 * reactions, per partner cell).  check_lattice asserts the same bits.
 *
 * Stage 2 in two forms: SCALAR, per cell the set bits in increasing k
 * (full mask only: with the half mask a partner would receive its
 * reactions in decreasing k); QUEUE, per mask position the cells with bit
 * k gathered into a list, the pair force over the list in a vectorized loop
 * (AVX2 gathers), then added in list order (full and half mask).
 *
 * Vectorization (gcc 12.2, -fopt-info-vec-optimized on bplattice.c):
 * the stage 1 loop (_bits) and the queue's force loops (_qforce, _qforcec)
 * are reported "loop vectorized using 32 byte vectors" in the avx2 clone;
 * the set-bit loop, list building and the adds are scalar (as they must
 * be: a scatter with AVX2 is scalar).  The novec copy reports nothing. */
#include <stdint.h>

#define BP_CAT_(a, b) a##b
#define BP_CAT(a, b) BP_CAT_(a, b)
#define BP_FN(s) BP_CAT(GR_BPPASS_NAME, s)

/* Stage 1: bit k of bits[c - b0] set when cell c (interior, occupied) and
 * the cell at mask position k hold grains within R + R{k} (eq. 12-13's
 * Test Test{k} and the contact of eq. 18, with a margin). */
GR_BPPASS_ATTR static void BP_FN(_bits)(struct gr_bplattice *L, long b0, long b1, int half)
{
  const double *restrict x = L->x, *restrict y = L->y, *restrict r = L->r,
                         *restrict te = L->test, *restrict in = L->in;
  uint64_t *restrict bits = L->bits - b0;
  const long *off = half ? L->half : L->mask;
  int k, nk = half ? L->nhalf : L->nmask;
  long c;
  for (c = b0; c < b1; c++)
    bits[c] = 0;
  for (k = 0; k < nk; k++) {
    const long o = off[k];
#pragma GCC ivdep
    for (c = b0; c < b1; c++) {
      double dx = x[c] - x[c + o], dy = y[c] - y[c + o], s = r[c] + r[c + o];
      double t = te[c] * in[c] * te[c + o];
      uint64_t p = (t > 0.0) & (dx * dx + dy * dy < s * s * (1.0 + 1e-12));
      bits[c] |= p << k;
    }
  }
}

/* Stage 2, SCALAR form: eqs. 8-16 for the set bits of each cell in
 * increasing k, added to the cell as the one-stage pass does. */
GR_BPPASS_ATTR static void BP_FN(_scalar)(struct gr_bplattice *L, const struct gr_bpforce *p,
                                          long b0, long b1, int cons, int ov)
{
  const double *x = L->x, *y = L->y, *vx = L->vx, *vy = L->vy, *w = L->w, *r = L->r,
               *ir = L->ir, *m = L->m;
  const uint64_t *bits = L->bits - b0;
  struct gr_bpforce q = *p;
  long c;
  for (c = b0; c < b1; c++) {
    uint64_t b = bits[c];
    while (b) {
      const long o = L->mask[__builtin_ctzll(b)];
      struct gr_bpforce_out f;
      b &= b - 1;
      if (cons)
        BP_FN(_pairc)(&q, x[c] - x[c + o], y[c] - y[c + o], vx[c] - vx[c + o],
                      vy[c] - vy[c + o], r[c], r[c + o], w[c], w[c + o], m[c], m[c + o], 1.0, &f);
      else
        BP_FN(_pair)(&q, x[c] - x[c + o], y[c] - y[c + o], vx[c] - vx[c + o],
                     vy[c] - vy[c + o], r[c], r[c + o], w[c], w[c + o], m[c], m[c + o], 1.0, &f);
      L->fx[c] += f.fx, L->fy[c] += f.fy, L->tq[c] += f.ti;
      if (ov) {
        double s = ir[c] > ir[c + o] ? ir[c] : ir[c + o], e = f.xi * s;
        L->ov[c] = L->ov[c] > e ? L->ov[c] : e;
      }
    }
  }
}

#include "physics/bplattice_queue.h"

/* The two-stage pass over one block: stage 1, then stage 2 in the form
 * asked (the half mask always through the queue). */
static void BP_FN(_two)(struct gr_bplattice *L, const struct gr_bpforce *p, long b0, long b1,
                        int half, int cons, int ov, int queue)
{
  BP_FN(_bits)(L, b0, b1, half);
  if (queue || half)
    BP_FN(_queue)(L, p, b0, b1, half, cons, ov);
  else
    BP_FN(_scalar)(L, p, b0, b1, cons, ov);
}
#undef BP_FN
#undef BP_CAT
#undef BP_CAT_
