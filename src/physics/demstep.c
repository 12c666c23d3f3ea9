/* granrepro physics: one time step of the DEM engine of Sweetman 2003,
 * chapter 2 (UPDATE, FORCES and the leap-frog of eq. 2.19) in one pass
 * over the particles, on any number of OpenMP threads with the bytes of
 * one (issue 14).  See dem.h for the order of the sums.
 *
 * Particle p may move as soon as the row of the half list that holds p
 * (row p) has been evaluated: a pair (i, p) with i < p was evaluated in
 * row i before, and no later row reads p.  So one ascending pass computes
 * row p, completes p's force and torque, adds its walls and moves it: the
 * forces of the partners j > p wait in f and t (without cell order: the
 * serial half-list order itself) or in the pair records fq (cell order:
 * p sums its records in the order of its partners' original numbers).
 * Threads own contiguous blocks [b, e); the pairs that cross from a block
 * into a later one are evaluated first (phase A), then, after one
 * barrier, every thread makes its pass (phase B), reading those pairs
 * from their records in the same order.  Bytes touched per particle-step
 * (no cell order): x, v, w read and written (144), xref (24), f and t
 * read and written (96), start and wallon (5); per listed pair j (4), its
 * contact flag (2) and, when it touched at its last evaluation, its
 * history (64 read, 64 written); sweetman_bench.c counts them. */
#include "physics/demkern.h"

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
 * the block into it, j in [b, e), subtracted from f[j] and t[j] (zero
 * until now) in ascending i, as the half-list loop did. */
static void dem_cross_in(struct gr_dem *d, size_t b, size_t e)
{
  const uint32_t *start = d->nbr.cur.start, *jj = d->nbr.cur.j;
  size_t i = b > d->span ? b - d->span : 0, q;
  int c;
  for (; i < b; i++)
    for (q = start[i + 1]; q > start[i] && jj[q - 1] >= b; q--)
      if (jj[q - 1] < e && d->on[q - 1]) {
        const double *o = d->fq + 6 * (q - 1);
        double *f = d->f + 3 * (size_t)jj[q - 1], *t = d->t + 3 * (size_t)jj[q - 1];
        for (c = 0; c < 3; c++) {
          f[c] -= o[c];
          t[c] -= o[3 + c];
        }
      }
}

/* Phase B without cell order, a chunk [c, ce) of at most DEM_CHUNK
 * particles at a time: the half-list loop of its rows (a partner in the
 * block gets its share in f, t at once; one beyond, from phase A, comes
 * last, being the highest), then walls, moves, and f, t back to 0.  The
 * rows of the chunk read no particle below it, so all may move after
 * them; two short regular loops run faster than one that alternates
 * (measured on one core at 1e4 particles: some 10% less CPU time). */
#define DEM_CHUNK 256
static double dem_block_dir(struct gr_dem *d, const struct dem_k *k, size_t b, size_t e)
{
  const uint32_t *start = d->nbr.cur.start, *jj = d->nbr.cur.j;
  double worst = 0.0, o[6], *f = d->f, *t = d->t;
  size_t c, ce, p, q;
  int a;
  dem_cross_in(d, b, e);
  for (c = b; c < e; c = ce) {
    ce = e - c > DEM_CHUNK ? c + DEM_CHUNK : e;
    for (p = c; p < ce; p++)
      for (q = start[p]; q < start[p + 1]; q++) {
        size_t j = jj[q];
        const double *r = o;
        if (j < e) {
          if ((d->on[q] = (unsigned char)dem_pair(d, p, q, o)) == 0)
            continue;
          for (a = 0; a < 3; a++) {
            f[3 * j + a] -= o[a];
            t[3 * j + a] -= o[3 + a];
          }
        } else if (d->on[q]) {
          r = d->fq + 6 * q;
        } else {
          continue;
        }
        for (a = 0; a < 3; a++) {
          f[3 * p + a] += r[a];
          t[3 * p + a] -= r[3 + a];
        }
      }
    for (p = c; p < ce; p++) {
      double *fp = f + 3 * p, *tp = t + 3 * p, s;
      dem_walls_of(d, k, p, fp, tp);
      s = dem_move(d, k, p, fp, tp);
      if (s > worst)
        worst = s;
    }
    memset(f + 3 * c, 0, 3 * (ce - c) * sizeof *f);
    memset(t + 3 * c, 0, 3 * (ce - c) * sizeof *t);
  }
  return worst;
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
  if (rc != GR_OK)
    return rc;
  if (d->fdirty) { /* f and t of a gr_dem_forces: the pass needs zeros */
    memset(d->f, 0, 3 * n * sizeof *d->f);
    memset(d->t, 0, 3 * n * sizeof *d->t);
    d->fdirty = 0;
  }
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
    s = rec ? dem_block_rec(d, &k, b, e) : dem_block_dir(d, &k, b, e);
    if (s > worst)
      worst = s;
  }
  (void)nt;
  dem_moved(d, worst);
  return GR_OK;
}
