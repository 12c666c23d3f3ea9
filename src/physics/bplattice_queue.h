/* granrepro physics: stage 2 of the two-stage lattice pass in its QUEUE
 * form (see bplattice_two.h, which includes this inside its GR_BPPASS_NAME
 * prefix): per mask position k, the cells of the block whose bit k is set
 * are listed, eqs. 8-16 are computed over the list in a vectorized loop
 * (the lattice vectors gathered through the list), and the results added
 * in list order: each cell (and, with the half mask, each partner)
 * receives its terms in increasing k, as in the one-stage pass. */

/* Eqs. 8-16 (the pass's inline pair force) for the n listed cells and
 * their partners at offset o: force, torque, shear force, overlap into
 * the queue's result arrays (stride qcap). */
GR_BPPASS_PAIR_ATTR
static inline void BP_FN(_qbody)(struct gr_bplattice *L, const struct gr_bpforce *p, long o,
                                 long n, const int cons)
{
  const double *restrict x = L->x, *restrict y = L->y, *restrict vx = L->vx,
                         *restrict vy = L->vy, *restrict w = L->w, *restrict r = L->r,
                         *restrict m = L->m;
  const long *restrict lst = L->lst;
  double *restrict qfx = L->qf, *restrict qfy = qfx + L->qcap, *restrict qti = qfy + L->qcap,
                   *restrict qfs = qti + L->qcap, *restrict qxi = qfs + L->qcap;
  struct gr_bpforce q = *p;
  long i;
#pragma GCC ivdep
  for (i = 0; i < n; i++) {
    const long c = lst[i];
    struct gr_bpforce_out f;
    if (cons)
      BP_FN(_pairc)(&q, x[c] - x[c + o], y[c] - y[c + o], vx[c] - vx[c + o], vy[c] - vy[c + o],
                    r[c], r[c + o], w[c], w[c + o], m[c], m[c + o], 1.0, &f);
    else
      BP_FN(_pair)(&q, x[c] - x[c + o], y[c] - y[c + o], vx[c] - vx[c + o], vy[c] - vy[c + o],
                   r[c], r[c + o], w[c], w[c + o], m[c], m[c + o], 1.0, &f);
    qfx[i] = f.fx, qfy[i] = f.fy, qti[i] = f.ti, qfs[i] = f.fs, qxi[i] = f.xi;
  }
}

/* The queue's force loop: the printed readings (generic pair force), and
 * the consistent law alone. */
GR_BPPASS_ATTR static void BP_FN(_qforce)(struct gr_bplattice *L, const struct gr_bpforce *p,
                                          long o, long n)
{
  BP_FN(_qbody)(L, p, o, n, 0);
}
GR_BPPASS_ATTR static void BP_FN(_qforcec)(struct gr_bplattice *L, const struct gr_bpforce *p,
                                           long o, long n)
{
  BP_FN(_qbody)(L, p, o, n, 1);
}

/* Stage 2, QUEUE form, one block: the cells with any bit, then per mask
 * position the list, the forces (eqs. 8-16) and their sums (eqs. 12-13). */
static void BP_FN(_queue)(struct gr_bplattice *L, const struct gr_bpforce *p, long b0, long b1,
                          int half, int cons, int ov)
{
  const uint64_t *bits = L->bits - b0;
  const long *off = half ? L->half : L->mask;
  const double *qfx = L->qf, *qfy = qfx + L->qcap, *qti = qfy + L->qcap,
               *qfs = qti + L->qcap, *qxi = qfs + L->qcap, *ir = L->ir;
  long *act = L->act, *lst = L->lst, na = 0, n, i, c;
  int k, nk = half ? L->nhalf : L->nmask;
  for (c = b0; c < b1; c++) {
    act[na] = c;
    na += bits[c] != 0;
  }
  for (k = 0; k < nk; k++) {
    const long o = off[k];
    for (n = 0, i = 0; i < na; i++) {
      lst[n] = act[i];
      n += (long)((bits[act[i]] >> k) & 1);
    }
    if (n > 0)
      (cons ? BP_FN(_qforcec) : BP_FN(_qforce))(L, p, o, n);
    for (i = 0; i < n; i++) {
      c = lst[i];
      L->fx[c] += qfx[i], L->fy[c] += qfy[i], L->tq[c] += qti[i];
      if (half)
        L->hx[c + o] -= qfx[i], L->hy[c + o] -= qfy[i], L->ht[c + o] -= L->r[c + o] * qfs[i];
      if (ov) {
        double s = ir[c] > ir[c + o] ? ir[c] : ir[c + o], e = qxi[i] * s;
        L->ov[c] = L->ov[c] > e ? L->ov[c] : e;
      }
    }
  }
}
