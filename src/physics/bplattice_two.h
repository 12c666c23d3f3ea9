/* granrepro physics: the two-stage lattice force pass, a modern
 * reformulation of the pass of Buchholtz & Poeschel (1993), eqs. 8-16
 * (bplattice_pass.h is the paper's form).  Included twice by bplattice.c
 * after bplattice_pass.h, with the same GR_BPPASS_NAME / _ATTR /
 * _PAIR_ATTR: a vectorized copy and a no-tree-vectorize copy (both stages).
 *
 * Not the paper's algorithm: the paper evaluates eqs. 8-16 at every mask
 * position of every cell under the Test mask.  Here, per block of cells:
 * stage 1, one shifted pass per forward (half-mask) position k computes
 * only the contact predicate Test Test{k} (d^2 < (R + R{k})^2), branch-free,
 * into a bit set per cell (hb[c] |= pred << k), and the backward positions'
 * bits follow by symmetry from the partner's (shifted passes over the bit
 * sets); stage 2 computes eqs. 8-16 (the same inline pair force) only for
 * the set bits: the compress/gather idiom of vector machines.  The
 * predicate has a margin of 1e-12 over the rounding of s*s, so it holds
 * for every pair the pair force counts as a contact
 * (xi > 0); the pair force alone decides contact, as in the one-stage
 * pass.  Every law (the printed variants too) adds +0 or -0 for a pair out
 * of contact (all its terms carry the factor c = 0), the accumulators start
 * at +0 and a sum of doubles is never -0 unless both terms are, so leaving
 * those pairs out changes no bit, provided each accumulator receives its
 * terms in the same order: in k order per cell (and, for the half mask's
 * reactions, per partner cell).  check_lattice asserts the same bits.
 *
 * Stage 2 in three forms: SCALAR, per cell the set bits in increasing k
 * (full mask only: with the half mask a partner would receive its
 * reactions in decreasing k); QUEUE (bplattice_queue.h), the (cell, k)
 * pairs listed by k, the pair force over the list in a vectorized loop,
 * then added in list order (full and half mask); NEWTON
 * (bplattice_newton.h), each pair once and its negation for the partner,
 * consistent law and full mask only.
 *
 * Vectorization (gcc 12.2, the build's flags plus -fopt-info-vec-optimized
 * on bplattice.c): "loop vectorized using 32 byte vectors" in the avx2
 * clone (16 byte in the default one) for stage 1's geometry loop (_geom)
 * and both loops of _bits, and for the queue's force loop (_qbody; gcc
 * packs its gathers from scalar loads, no vgatherqpd).  The set-bit loops,
 * the list, the Newton ring and the adds are scalar, as they must be (no
 * scatter in AVX2).  The novec copy is reported by nothing and holds no
 * packed arithmetic (objdump).
 *
 * Cost at rho = 0.2: 1413 instructions per particle-step (callgrind,
 * lattice2-1e4), 143 ns (median of reference/machines/vm-epyc-2core/
 * full.tsv, 1855ab2).  Stage 1 does the work that vectorizes; with it
 * cheap, the scalar rest (index, stage 2, memsets) dominates both copies,
 * hence the small SIMD speed-up.  The split of the instructions and what
 * was tried: docs/speed-history.md#lattice2.
 */
#include <stdint.h>

#define BP_CAT_(a, b) a##b
#define BP_CAT(a, b) BP_CAT_(a, b)
#define BP_FN(s) BP_CAT(GR_BPPASS_NAME, s)

/* Stage 1, geometry: bit k of hb[c] set, for c in [g0, g1), when cell c
 * and the cell at the k-th forward (half-mask) position both hold a grain
 * (eqs. 12-13's Test Test{k}) within R + R{k} (eq. 18's contact, with a
 * margin).  The pair test is symmetric (same d^2 bits either way). */
GR_BPPASS_ATTR static void BP_FN(_geom)(struct gr_bplattice *L, long g0, long g1)
{
  const double *restrict x = L->x, *restrict y = L->y, *restrict r = L->r,
                         *restrict te = L->test;
  uint64_t *restrict hb = L->hb;
  int k;
  long c;
  for (c = g0; c < g1; c++)
    hb[c] = 0;
  for (k = 0; k < L->nhalf; k += 2) { /* two positions a pass (nhalf is even) */
    const long o = L->half[k], u = L->half[k + 1];
GR_IVDEP
    for (c = g0; c < g1; c++) {
      double dx = x[c] - x[c + o], dy = y[c] - y[c + o], s = r[c] + r[c + o];
      double ex = x[c] - x[c + u], ey = y[c] - y[c + u], t = r[c] + r[c + u];
      uint64_t p = (te[c] * te[c + o] > 0.0) & (dx * dx + dy * dy < s * s * (1.0 + 1e-12));
      uint64_t q = (te[c] * te[c + u] > 0.0) & (ex * ex + ey * ey < t * t * (1.0 + 1e-12));
      hb[c] |= p << k | q << (k + 1);
    }
  }
}

/* Stage 1, the bits of interior cells of the block [b0, b1): with the
 * half mask hb itself; with the full mask the forward half (full-mask
 * positions nhalf + k, as half[k] = mask[nhalf + k]) and, by symmetry,
 * the backward half from the partner's bits (-half[k] = mask[nhalf-1-k]),
 * so only the 12 (24) forward positions cost geometry.  hb must hold
 * [b0 - half[nhalf-1], b1). */
GR_BPPASS_ATTR static void BP_FN(_bits)(struct gr_bplattice *L, long b0, long b1, int half)
{
  const uint64_t *restrict hb = L->hb;
  const double *restrict in = L->in;
  uint64_t *restrict bits = L->bits - b0;
  const int nh = L->nhalf;
  int k;
  long c;
GR_IVDEP
  for (c = b0; c < b1; c++)
    bits[c] = (half ? hb[c] : hb[c] << nh) & -(uint64_t)(in[c] > 0.0);
  for (k = 0; k < (half ? 0 : nh); k += 2) { /* two positions a pass */
    const long o = L->half[k], u = L->half[k + 1];
GR_IVDEP
    for (c = b0; c < b1; c++)
      bits[c] |= ((((hb[c - o] >> k) & 1) << (nh - 1 - k)) |
                  (((hb[c - u] >> (k + 1)) & 1) << (nh - 2 - k))) & -(uint64_t)(in[c] > 0.0);
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
      L->fx[c] += f.fx;
      L->fy[c] += f.fy;
      L->tq[c] += f.ti;
      if (ov) {
        double s = ir[c] > ir[c + o] ? ir[c] : ir[c + o], e = f.xi * s;
        L->ov[c] = L->ov[c] > e ? L->ov[c] : e;
      }
    }
  }
}

#include "physics/bplattice_queue.h"
#include "physics/bplattice_newton.h"

/* The two-stage pass (eqs. 8-16) over one block (blocks in increasing
 * order, the first at c0): stage 1, then stage 2 in the form asked (form: 0 SCALAR,
 * GR_BPLATTICE_QUEUE or GR_BPLATTICE_NEWTON; the half mask always through
 * the queue, NEWTON only for the consistent law, else SCALAR). */
static void BP_FN(_two)(struct gr_bplattice *L, const struct gr_bpforce *p, long b0, long b1,
                        int half, int cons, int ov, int form)
{
  long g0 = b0 == L->c0 && !half ? b0 - L->half[L->nhalf - 1] : b0;
  BP_FN(_geom)(L, g0, b1);
  BP_FN(_bits)(L, b0, b1, half);
  if (form == GR_BPLATTICE_NEWTON && cons && !half)
    BP_FN(_newton)(L, p, g0, b0, b1, ov);
  else if (form == GR_BPLATTICE_QUEUE || half)
    BP_FN(_queue)(L, p, b0, b1, half, cons, ov);
  else
    BP_FN(_scalar)(L, p, b0, b1, cons, ov);
}
#undef BP_FN
#undef BP_CAT
#undef BP_CAT_
