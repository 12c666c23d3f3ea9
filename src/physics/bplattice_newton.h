/* granrepro physics: stage 2 of the two-stage lattice pass in its NEWTON
 * form (included by bplattice_two.h inside its GR_BPPASS_NAME prefix), for
 * the full mask and the consistent law: eqs. 8-16 once per pair, for the
 * forward (half-mask) bits of each cell, and the backward positions
 * served by the partner's result negated (Newton's third law, eq. 16's
 * torque -R_c F_S from the same F_S).  For the consistent pair force this
 * is exact, not just to round-off: reversing (i, j) negates dx, dy, dvx,
 * dvy exactly, leaves dist, M_eff, v_n, v_t and v_rel bit for bit (their
 * operands commute) and so negates F_x, F_y exactly (up to the sign of a
 * zero, which the sums cannot see: they start at +0).  Each cell then sums
 * its terms in increasing full-mask k, as the one-stage pass does, so the
 * bits are the same (check_lattice).  The results wait in a ring (pf,
 * pcap slots) indexed per cell by pbase (bcap cells): a partner's result
 * is used at most half[nhalf-1] cells after it is made. */

/* Eqs. 8-16 for the forward pairs of cell c (bits hb[c], increasing j),
 * results into the ring. */
GR_BPPASS_PAIR_ATTR static inline void BP_FN(_nfwd)(struct gr_bplattice *L,
                                                     const struct gr_bpforce *q, long c, long *pos)
{
  const double *x = L->x, *y = L->y, *vx = L->vx, *vy = L->vy, *w = L->w, *r = L->r, *m = L->m;
  L->pbase[c & (L->bcap - 1)] = *pos;
  for (uint64_t b = L->hb[c]; b; b &= b - 1) {
    const long o = L->half[__builtin_ctzll(b)];
    double *s = L->pf + 4 * (*pos & (L->pcap - 1));
    struct gr_bpforce_out f;
    BP_FN(_pairc)(q, x[c] - x[c + o], y[c] - y[c + o], vx[c] - vx[c + o], vy[c] - vy[c + o],
                  r[c], r[c + o], w[c], w[c + o], m[c], m[c + o], 1.0, &f);
    s[0] = f.fx;
    s[1] = f.fy;
    s[2] = f.fs;
    s[3] = f.xi;
    ++*pos;
  }
}

/* Stage 2, NEWTON form, block [b0, b1) (from g0 for the first block: the
 * ghost rows' forward results): per cell its forward results, then its sums
 * over the full-mask bits in increasing k (eqs. 12-13). */
GR_BPPASS_ATTR static void BP_FN(_newton)(struct gr_bplattice *L, const struct gr_bpforce *p,
                                          long g0, long b0, long b1, int ov)
{
  const uint64_t *bits = L->bits - b0, *hb = L->hb;
  const double *r = L->r, *ir = L->ir;
  const long bm = L->bcap - 1, pm = L->pcap - 1;
  const int nh = L->nhalf;
  struct gr_bpforce q = *p;
  long c, pos = L->ppos;
  for (c = g0; c < b0; c++)
    BP_FN(_nfwd)(L, &q, c, &pos);
  for (c = b0; c < b1; c++) {
    BP_FN(_nfwd)(L, &q, c, &pos);
    for (uint64_t b = bits[c]; b; b &= b - 1) {
      int k = __builtin_ctzll(b), j = k < nh ? nh - 1 - k : k - nh;
      long t = k < nh ? c - L->half[j] : c; /* the pair's forward cell */
      uint64_t below = hb[t] & ((UINT64_C(1) << j) - 1);
      const double *s = L->pf + 4 * ((L->pbase[t & bm] + __builtin_popcountll(below)) & pm);
      double sg = k < nh ? -1.0 : 1.0;
      L->fx[c] += sg * s[0];
      L->fy[c] += sg * s[1];
      L->tq[c] += -r[c] * s[2];
      if (ov) {
        long pr = k < nh ? t : c + L->half[j]; /* the partner */
        double e = s[3] * (ir[c] > ir[pr] ? ir[c] : ir[pr]);
        L->ov[c] = L->ov[c] > e ? L->ov[c] : e;
      }
    }
  }
  L->ppos = pos;
}
