/* granrepro physics: one time step of the DEM engine of Sweetman 2003,
 * chapter 2 (UPDATE, FORCES and the leap-frog of eq. 2.19) in one pass
 * over the particles, on any number of OpenMP threads with the bytes of
 * one (issue 14).  See dem.h for the order of the sums.
 *
 * Particle p may move as soon as the row of the half list that holds p
 * (row p) has been evaluated: a pair (i, p) with i < p was evaluated in
 * row i before, and no later row reads p.  So one ascending pass computes
 * row p, completes p's force and torque, adds its walls and moves it: the
 * forces of the partners j > p wait in a ring of partial sums (without
 * cell order: the serial half-list order itself) or in the pair records
 * fq (cell order: p sums its records in the order of its partners'
 * original numbers).  Threads own contiguous blocks [b, e); the pairs
 * that cross from a block into a later one are evaluated first (phase A),
 * then, after one barrier, every thread makes its pass (phase B), reading
 * those pairs from their records in the same order.  Bytes touched per
 * particle-step (no cell order): x, v, w read and written (144), xref
 * (24), start and wallon (5); per listed pair j (4), its contact flag (2)
 * and, when it touched at its last evaluation, its history (64 read, 64
 * written); sweetman_bench.c counts them.
 *
 * The ring (issue 14, dem-bytes): the partial sums of particle j live in
 * slot j mod a power of two above span + DEM_CHUNK, per thread (786 KB at
 * 1e6 in the peer case), which stays in the caches, instead of arrays f
 * and t read from and written back to memory.
 *
 * Cost (medians of reference/machines/vm-epyc-2core/full.tsv, 1855ab2,
 * one core): 16.1 ns per particle-step at 1e4, 24.1 at 1e6 (dem-step-*); 1.88x on
 * 2 threads at 64e3.  Measurements and what was tried (the ring, chunks,
 * prefetches, the half-skin bound, huge pages):
 * docs/speed-history.md#dem-step. */
#include "physics/demkern.h"

#include <stdlib.h>

/* Phase A for the block [b, e): the pairs (i, j) of its rows with
 * j >= e, into their records; a pair spans at most d->span numbers. */
static void dem_cross(struct gr_dem *d, size_t b, size_t e)
{
  const uint32_t *start = d->nbr.cur.start, *jj = d->nbr.cur.j;
  size_t i = e - b > d->span ? e - d->span : b, q;
  for (; i < e; i++)
    for (q = start[i + 1]; q > start[i] && jj[q - 1] >= e; q--)
      d->on[q - 1] = (unsigned char)dem_pair(d, i, q - 1, d->fq + 6 * (q - 1));
}

/* Phase B with cell order: p's pairs inside the block into their
 * records, then its sum in the order of the original numbers, its walls
 * and its move; returns the largest squared displacement. */
static double dem_block_rec(struct gr_dem *d, const struct dem_k *k, size_t b, size_t e)
{
  const uint32_t *start = d->nbr.cur.start, *jj = d->nbr.cur.j;
  double worst = 0.0;
  size_t p, q;
  for (p = b; p < e; p++) {
    double f[3], t[3], s;
    for (q = start[p]; q < start[p + 1] && jj[q] < e; q++)
      d->on[q] = (unsigned char)dem_pair(d, p, q, d->fq + 6 * q);
    dem_total(d, k, p, f, t);
    s = dem_move(d, k, p, f, t);
    if (s > worst)
      worst = s;
  }
  return worst;
}

/* Phase B without cell order, first: the pairs (i, j) from rows before
 * the block into it, j in [b, e), subtracted from j's ring slot (zero
 * until now) in ascending i, as the half-list loop did. */
static void dem_cross_in(struct gr_dem *d, double *rg, size_t b, size_t e)
{
  const uint32_t *start = d->nbr.cur.start, *jj = d->nbr.cur.j;
  const size_t mask = d->rslots - 1;
  size_t i = b > d->span ? b - d->span : 0, q;
  int c;
  for (; i < b; i++)
    for (q = start[i + 1]; q > start[i] && jj[q - 1] >= b; q--)
      if (jj[q - 1] < e && d->on[q - 1]) {
        const double *o = d->fq + 6 * (q - 1);
        double *fj = rg + 6 * (jj[q - 1] & mask);
        for (c = 0; c < 3; c++) {
          fj[c] -= o[c];
          fj[3 + c] -= o[3 + c];
        }
      }
}

/* Phase B without cell order, a chunk [c, ce) of at most DEM_CHUNK
 * particles at a time: the half-list loop of its rows (a partner in the
 * block gets its share in its ring slot at once; one beyond, from phase
 * A, comes last, being the highest), then walls, moves, and the slots
 * back to 0.  The rows of the chunk read no particle below it, so all may
 * move after them; two short regular loops run faster than one that
 * alternates (docs/speed-history.md#dem-step).  Partial sums live in the thread's ring rg (slot j & mask, f
 * then t): the partners of the chunk's rows lie within span + DEM_CHUNK
 * numbers, fewer than the ring's slots, so no two live ones share a slot. */
#define DEM_CHUNK 256

/* Software prefetch DEM_PF particles ahead of the pass, once per eight
 * particles (three lines of each array): of x in the rows' loop, of v, w
 * (to be written) and xref in the moves' (at 1e6 some 10 % less time).
 * The farthest partners (issue 14, dem-scale): in the peer case's order
 * (x fastest) the partners one cell layer up lie about span numbers
 * ahead, and row p's read of their x is the first touch of those lines,
 * a miss to memory at 1e6 that the pass waits for.  So x is also
 * prefetched span + DEM_PF ahead, the leading edge of the farthest
 * partners, once per eight particles (at 1e6 some 8 % less time).
 * Measurements and the distances tried: docs/speed-history.md#dem-step. */
#define DEM_PF 16
/* The three cache lines of 8 particles' coordinates at a (8 x 24 B). */
static inline void dem_prefetch8(const double *a, int write)
{
  if (write) {
    __builtin_prefetch(a, 1);
    __builtin_prefetch(a + 8, 1);
    __builtin_prefetch(a + 16, 1);
  } else {
    __builtin_prefetch(a);
    __builtin_prefetch(a + 8);
    __builtin_prefetch(a + 16);
  }
}

static double dem_block_dir(struct gr_dem *d, const struct dem_k *k, double *rg, size_t b,
                            size_t e)
{
  const uint32_t *start = d->nbr.cur.start, *jj = d->nbr.cur.j;
  const size_t mask = d->rslots - 1, n = d->n, far = d->span + DEM_PF;
  double worst = 0.0, o[6];
  size_t c, ce, p, q;
  int a;
  dem_cross_in(d, rg, b, e);
  for (c = b; c < e; c = ce) {
    /* chunks end at multiples of DEM_CHUNK, which divides the ring's
     * slots: a chunk's slots are contiguous, from rc */
    double *rc = rg + 6 * (c & mask);
    ce = (c / DEM_CHUNK + 1) * DEM_CHUNK;
    if (ce > e)
      ce = e;
    for (p = c; p < ce; p++) {
      double *fp = rc + 6 * (p - c);
      if ((p & 7) == 0) {
        if (p + DEM_PF + 8 <= e)
          dem_prefetch8(d->x + 3 * (p + DEM_PF), 0);
        if (p + far + 8 <= n) /* the leading edge of the farthest partners */
          dem_prefetch8(d->x + 3 * (p + far), 0);
      }
      for (q = start[p]; q < start[p + 1]; q++) {
        size_t j = jj[q];
        const double *r = o;
        if (j < e) {
          double *fj = rg + 6 * (j & mask);
          if ((d->on[q] = (unsigned char)dem_pair(d, p, q, o)) == 0)
            continue;
          for (a = 0; a < 3; a++) {
            fj[a] -= o[a];
            fj[3 + a] -= o[3 + a];
          }
        } else if (d->on[q]) {
          r = d->fq + 6 * q;
        } else {
          continue;
        }
        for (a = 0; a < 3; a++) {
          fp[a] += r[a];
          fp[3 + a] -= r[3 + a];
        }
      }
    }
    for (p = c; p < ce; p++) {
      double *fp = rc + 6 * (p - c), s;
      if ((p & 7) == 0 && p + DEM_PF + 8 <= e) {
        dem_prefetch8(d->v + 3 * (p + DEM_PF), 1);
        dem_prefetch8(d->w + 3 * (p + DEM_PF), 1);
        dem_prefetch8(d->xref + 3 * (p + DEM_PF), 0);
      }
      dem_walls_of(d, k, p, fp, fp + 3);
      s = dem_move(d, k, p, fp, fp + 3);
      if (s > worst)
        worst = s;
    }
    memset(rc, 0, 6 * (ce - c) * sizeof *rc);
  }
  return worst;
}

/* The threads' rings (dem_block_dir): nt rings of a power of two of
 * slots above span + DEM_CHUNK, all zero; they only grow, at a rebuild
 * that finds a longer span (or when the thread count grows). */
static int dem_ring_reserve(struct gr_dem *d, int nt)
{
  size_t slots = 1;
  while (slots <= d->span + DEM_CHUNK)
    slots *= 2;
  if (slots <= d->rslots && nt <= d->rthreads)
    return GR_OK;
  if (slots < d->rslots)
    slots = d->rslots;
  if (nt < d->rthreads)
    nt = d->rthreads;
  free(d->ring);
  d->rthreads = 0;
  d->rslots = 0;
  if ((d->ring = calloc(6 * slots * (size_t)nt, sizeof *d->ring)) == NULL)
    return GR_ENOMEM;
  d->rslots = slots;
  d->rthreads = nt;
  return GR_OK;
}

/* Threads of a step: p.threads, else OpenMP's; one below DEM_PAR_MIN. */
static int dem_threads(const struct gr_dem *d)
{
#ifdef _OPENMP
  if (d->n >= DEM_PAR_MIN)
    return d->p.threads > 0 ? d->p.threads : omp_get_max_threads();
#endif
  (void)d;
  return 1;
}

int gr_dem_step(struct gr_dem *d)
{
  double worst;
  const struct dem_k k = dem_consts(d);
  size_t n = d->n;
  int rc = gr_dem_update(d), nt = dem_threads(d), rec = d->id != NULL;
  if (rc == GR_OK && !rec)
    rc = dem_ring_reserve(d, nt);
  if (rc != GR_OK)
    return rc;
  worst = d->maxdisp2; /* after the update, which may reset it */
  DEM_OMP("omp parallel num_threads(nt) reduction(max : worst)")
  {
    size_t th = 0, m = 1, b, e;
    double s;
#ifdef _OPENMP
    th = (size_t)omp_get_thread_num();
    m = (size_t)omp_get_num_threads();
#endif
    b = n * th / m;
    e = n * (th + 1) / m;
    if (th + 1 < m)
      dem_cross(d, b, e);
    DEM_OMP("omp barrier")
    s = rec ? dem_block_rec(d, &k, b, e)
            : dem_block_dir(d, &k, d->ring + 6 * d->rslots * th, b, e);
    if (s > worst)
      worst = s;
  }
  (void)nt;
  dem_moved(d, worst);
  return GR_OK;
}
