/* granrepro physics: stage 2 of the two-stage lattice pass in its QUEUE
 * form (see bplattice_two.h, which includes this inside its GR_BPPASS_NAME
 * prefix): the (cell, k) pairs of the block's set bits are listed ordered
 * by k (a counting sort), eqs. 8-16 are computed over the list in one
 * vectorized loop (the lattice vectors gathered through the list), and the
 * results added in list order: each cell (and, with the half mask, each
 * partner) receives its terms in increasing k, as in the one-stage pass. */

/* Eqs. 8-16 (the pass's inline pair force) for the n listed cells and
 * their partners (offset lo[i]): force, torque, shear force, overlap into
 * the queue's result arrays (stride qcap). */
GR_BPPASS_PAIR_ATTR
static inline void BP_FN(_qbody)(struct gr_bplattice *L, const struct gr_bpforce *p, long n,
                                 const int cons)
{
  const double *restrict x = L->x, *restrict y = L->y, *restrict vx = L->vx,
                         *restrict vy = L->vy, *restrict w = L->w, *restrict r = L->r,
                         *restrict m = L->m;
  const long *restrict lst = L->lst, *restrict lo = L->lo;
  double *restrict qfx = L->qf, *restrict qfy = qfx + L->qcap, *restrict qti = qfy + L->qcap,
                   *restrict qfs = qti + L->qcap, *restrict qxi = qfs + L->qcap;
  struct gr_bpforce q = *p;
  long i;
GR_IVDEP
  for (i = 0; i < n; i++) {
    const long c = lst[i], o = lo[i];
    struct gr_bpforce_out f;
    if (cons)
      BP_FN(_pairc)(&q, x[c] - x[c + o], y[c] - y[c + o], vx[c] - vx[c + o], vy[c] - vy[c + o],
                    r[c], r[c + o], w[c], w[c + o], m[c], m[c + o], 1.0, &f);
    else
      BP_FN(_pair)(&q, x[c] - x[c + o], y[c] - y[c + o], vx[c] - vx[c + o], vy[c] - vy[c + o],
                   r[c], r[c + o], w[c], w[c + o], m[c], m[c + o], 1.0, &f);
    qfx[i] = f.fx;
    qfy[i] = f.fy;
    qti[i] = f.ti;
    qfs[i] = f.fs;
    qxi[i] = f.xi;
  }
}

/* The queue's force loop, eqs. 8-16: the printed readings (generic pair
 * force), and the consistent law alone. */
GR_BPPASS_ATTR static void BP_FN(_qforce)(struct gr_bplattice *L, const struct gr_bpforce *p,
                                          long n)
{
  BP_FN(_qbody)(L, p, n, 0);
}
GR_BPPASS_ATTR static void BP_FN(_qforcec)(struct gr_bplattice *L, const struct gr_bpforce *p,
                                           long n)
{
  BP_FN(_qbody)(L, p, n, 1);
}

/* The list: the block's (cell, k) pairs with bit k set, ordered by k and
 * within k by cell (a counting sort over the set bits), so that the sums
 * of eqs. 12-13 keep the one-stage order; its length. */
static long BP_FN(_qlist)(struct gr_bplattice *L, long b0, long b1, const long *off, int nk)
{
  const uint64_t *bits = L->bits - b0;
  long start[GR_BPLATTICE_MAXOFF / 2 + 1], c, n;
  int k;
  memset(start, 0, sizeof start);
  for (c = b0; c < b1; c++)
    for (uint64_t b = bits[c]; b; b &= b - 1)
      start[__builtin_ctzll(b) + 1]++;
  for (k = 0; k < nk; k++)
    start[k + 1] += start[k];
  n = start[nk];
  for (c = b0; c < b1; c++)
    for (uint64_t b = bits[c]; b; b &= b - 1) {
      long i = start[__builtin_ctzll(b)]++;
      L->lst[i] = c;
      L->lo[i] = off[__builtin_ctzll(b)];
    }
  return n;
}

/* Stage 2, QUEUE form, one block: the list, the forces (eqs. 8-16) and
 * their sums (eqs. 12-13) in list order. */
static void BP_FN(_queue)(struct gr_bplattice *L, const struct gr_bpforce *p, long b0, long b1,
                          int half, int cons, int ov)
{
  const double *qfx = L->qf, *qfy = qfx + L->qcap, *qti = qfy + L->qcap,
               *qfs = qti + L->qcap, *qxi = qfs + L->qcap, *ir = L->ir;
  long n = BP_FN(_qlist)(L, b0, b1, half ? L->half : L->mask, half ? L->nhalf : L->nmask), i;
  if (n > 0)
    (cons ? BP_FN(_qforcec) : BP_FN(_qforce))(L, p, n);
  for (i = 0; i < n; i++) {
    const long c = L->lst[i], o = L->lo[i];
    L->fx[c] += qfx[i];
    L->fy[c] += qfy[i];
    L->tq[c] += qti[i];
    if (half) {
      L->hx[c + o] -= qfx[i];
      L->hy[c + o] -= qfy[i];
      L->ht[c + o] -= L->r[c + o] * qfs[i];
    }
    if (ov) {
      double s = ir[c] > ir[c + o] ? ir[c] : ir[c + o], e = qxi[i] * s;
      L->ov[c] = L->ov[c] > e ? L->ov[c] : e;
    }
  }
}
