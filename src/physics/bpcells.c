/* granrepro physics: the linked-cell reference search for the contact
 * force of Buchholtz & Poeschel (1993), eqs. 17-21 (see bpsearch.h).
 *
 * Cells of side >= cut (2 rmax).  Each call bins the grains by a counting
 * sort (ascending grain index within a cell, so the order is fixed), copies
 * them into cell-ordered arrays (a cell's grains are contiguous), and runs
 * over the cell pairs of the 3x3 neighbourhood.  A periodic axis is served
 * by a shift vector per neighbour cell (positions folded into [0, len)
 * once), not by a minimum image per pair.  A squared-distance test comes
 * first; the candidates that pass it are queued (their differences and
 * radii, masses, spins) in chunks of BP_CHUNK pairs, and only they pay for
 * the pair force, computed by a vectorized loop over the chunk (its two
 * sqrt and one division per pair are the costliest vector operations;
 * built in libgrbplattice.a for -fno-math-errno, see Makefile.am), then
 * added to the grains.  With the half stencil (own cell j > i plus the 4
 * forward cells) every pair is computed once and its reaction given to j
 * (Newton's third law), valid for laws antisymmetric in (i, j):
 * gr_bpforce_pair's force is exactly so, its torque -R F_S per grain (eq.
 * 16), except eq. 20 as printed (+R_i w_i - R_j w_j), which takes the full
 * 3x3 stencil with forces on i only.  Cells in row-major order make the
 * half stencil of an inner column two slot ranges: the own cell with its
 * right neighbour, and the three cells above.  On the bench packing (rho
 * = 0.28) 2.9 of 5 candidates per grain are contacts; the cost (CPU
 * timers around the phases, scratch build) is about 25 % sort (grains in
 * random order: a cache line written per grain), 68 % candidates, queue,
 * pair force (a quarter of it) and reactions, 7 % the gather back. */
#include "compiler.h"
#include "status.h"
#include "physics/bpsearch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BP_VEC_OPT GR_GCC_OPTIMIZE("tree-vectorize", "vect-cost-model=dynamic")
#define GR_BPFORCE_PAIR_NAME bp_pair_vec
#define GR_BPFORCE_PAIR_ATTR __attribute__((always_inline, BP_VEC_OPT))
#include "physics/bpforce_pair.h"
#undef GR_BPFORCE_PAIR_NAME
#undef GR_BPFORCE_PAIR_ATTR

/* Neighbour cells: the forward half first (own cell, then 4), then the
 * other 4 of the full 3x3 stencil. */
static const int bp_nb[9][2] = {{0, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1},
                                {-1, 0}, {1, -1}, {0, -1}, {-1, -1}};

/* Cell-ordered grains: one 64-byte line per slot s (x y vx vy w r m, at
 * q[8 s + BP_X] ...: the sort writes one line per grain, not seven), then
 * the accumulators fx fy tq of slot s at q[8 n + 4 s] (one access each). */
enum { BP_X, BP_Y, BP_VX, BP_VY, BP_W, BP_R, BP_M, BP_LINE = 8, BP_ACC = 4, BP_NQ = 12 };
/* The queue: BP_NIN inputs of the pair force, then BP_NOUT results, each
 * an array of BP_CHUNK (GR_BPCELLS_CHUNK): 30 KB, stays in L1. */
enum { BP_CHUNK = GR_BPCELLS_CHUNK, BP_NIN = 10, BP_NOUT = 5 };

int gr_bpcells_init(struct gr_bpcells *c, const struct gr_box *box, double cut)
{
  int k;
  memset(c, 0, sizeof *c);
  c->box = *box;
  c->half = 1;
  if (!(cut > 0.0))
    return GR_EINPUT;
  for (k = 0; k < 2; k++) {
    double q = floor(box->len[k] / cut);
    if (!(q >= 1.0) || q > 1e7 || (box->periodic[k] && q < 3.0))
      return GR_EINPUT;
    c->m[k] = (int)q;
    c->side[k] = box->len[k] / c->m[k];
  }
  if ((double)c->m[0] * c->m[1] > 1e8)
    return GR_EINPUT;
  c->head = malloc(((size_t)c->m[0] * c->m[1] + 1) * sizeof *c->head);
  c->buf = malloc((BP_NIN + BP_NOUT) * BP_CHUNK * sizeof *c->buf);
  return c->head == NULL || c->buf == NULL ? GR_ENOMEM : GR_OK;
}

void gr_bpcells_free(struct gr_bpcells *c)
{
  free(c->head);
  free(c->cell);
  free(c->order);
  free(c->q);
  free(c->buf);
  memset(c, 0, sizeof *c);
}

/* Room for n grains. */
static int bp_grow(struct gr_bpcells *c, size_t n)
{
  long *a, *b;
  double *q;
  if (n <= c->ncap)
    return GR_OK;
  a = realloc(c->cell, n * sizeof *a);
  if (a != NULL) c->cell = a;
  b = realloc(c->order, n * sizeof *b);
  if (b != NULL) c->order = b;
  free(c->q);
  c->q = q = aligned_alloc(64, (n * BP_NQ * sizeof *q + 63) / 64 * 64);
  if (a == NULL || b == NULL || q == NULL)
    return GR_ENOMEM;
  c->ncap = n;
  return GR_OK;
}

/* Position q folded into [0, len) on a periodic axis (through *q) and its
 * cell along axis k (per = 1 / side), clamped to the grid at walls. */
static inline long bp_axis(const struct gr_bpcells *c, int k, double per, double *q)
{
  double len = c->box.len[k], t;
  if (c->box.periodic[k] && !(*q >= 0.0 && *q < len)) {
    *q -= len * floor(*q / len);
    if (*q >= len) /* -tiny folds to len */
      *q = 0.0;
  }
  t = *q * per;
  return t <= 0.0 ? 0 : t >= c->m[k] - 1 ? c->m[k] - 1 : (long)t;
}

/* Counting sort by cell: head[c] .. head[c+1]-1 are cell c's slots, in
 * ascending grain index; the cell-ordered copies of the grains. */
static void bp_sort(struct gr_bpcells *c, const struct gr_bpgrains *g)
{
  size_t i, nc = (size_t)c->m[0] * c->m[1], n = g->n;
  double *px = c->q + BP_LINE * n, *py = px + n, per0 = 1.0 / c->side[0], per1 = 1.0 / c->side[1];
  memset(c->head, 0, (nc + 1) * sizeof *c->head);
  for (i = 0; i < n; i++) { /* folded positions parked in the accumulators */
    double qx = g->x[i], qy = g->y[i];
    long cx = bp_axis(c, 0, per0, &qx), cy = bp_axis(c, 1, per1, &qy);
    c->cell[i] = cx + (long)c->m[0] * cy;
    c->head[c->cell[i] + 1]++;
    px[i] = qx;
    py[i] = qy;
  }
  for (i = 0; i < nc; i++)
    c->head[i + 1] += c->head[i];
  for (i = 0; i < n; i++) {
    long s = c->head[c->cell[i]]++;
    double *l = c->q + BP_LINE * s;
    if (i + 16 < n) /* the line of the grain 16 ahead (its slot as of now): ~3 % */
      __builtin_prefetch(c->q + BP_LINE * c->head[c->cell[i + 16]], 1);
    c->order[s] = (long)i;
    l[BP_X] = px[i];
    l[BP_Y] = py[i];
    l[BP_VX] = g->vx[i];
    l[BP_VY] = g->vy[i];
    l[BP_W] = g->w[i];
    l[BP_R] = g->r[i];
    l[BP_M] = g->m[i];
  }
  memmove(c->head + 1, c->head, nc * sizeof *c->head); /* head[c] was cell c's end */
  c->head[0] = 0;
}

/* Neighbour cell (ax, ay) of a cell: its index and the shift of its
 * grains' positions (the periodic image); -1 outside a wall. */
static long bp_neighbour(const struct gr_bpcells *c, int ax, int ay, double *sx, double *sy)
{
  *sx = *sy = 0.0;
  if (ax < 0 || ax >= c->m[0]) {
    if (!c->box.periodic[0])
      return -1;
    *sx = ax < 0 ? -c->box.len[0] : c->box.len[0];
    ax += ax < 0 ? c->m[0] : -c->m[0];
  }
  if (ay < 0 || ay >= c->m[1]) {
    if (!c->box.periodic[1])
      return -1;
    *sy = ay < 0 ? -c->box.len[1] : c->box.len[1];
    ay += ay < 0 ? c->m[1] : -c->m[1];
  }
  return ax + (long)c->m[0] * ay;
}

/* Eqs. 17-21 for the queued pairs, vectorized (the chunk's pairs are
 * independent): force on i, torques on i and j (eq. 16), overlap.  (A
 * copy of the consistent law alone, as the lattice has, measured no
 * faster here.) */
__attribute__((GR_CLONES_AVX2, BP_VEC_OPT))
static void bp_chunk_forces(const struct gr_bpforce *p, int n, double *restrict b)
{
  const double *dx = b, *dy = b + BP_CHUNK, *dvx = b + 2 * BP_CHUNK, *dvy = b + 3 * BP_CHUNK,
               *ri = b + 4 * BP_CHUNK, *rj = b + 5 * BP_CHUNK, *wi = b + 6 * BP_CHUNK,
               *wj = b + 7 * BP_CHUNK, *mi = b + 8 * BP_CHUNK, *mj = b + 9 * BP_CHUNK;
  double *restrict fx = b + 10 * BP_CHUNK, *restrict fy = b + 11 * BP_CHUNK,
                   *restrict ti = b + 12 * BP_CHUNK, *restrict tj = b + 13 * BP_CHUNK,
                   *restrict xi = b + 14 * BP_CHUNK;
  struct gr_bpforce q = *p;
  int k;
GR_IVDEP
  for (k = 0; k < n; k++) {
    struct gr_bpforce_out o;
    bp_pair_vec(&q, dx[k], dy[k], dvx[k], dvy[k], ri[k], rj[k], wi[k], wj[k], mi[k], mj[k],
                1.0, &o);
    fx[k] = o.fx;
    fy[k] = o.fy;
    ti[k] = o.ti;
    tj[k] = -rj[k] * o.fs;
    xi[k] = o.xi;
  }
}

/* The queued pairs: forces, then added to slot i (and the reaction to
 * slot j on the half stencil), in queue order; the largest overlap over
 * the smaller radius. */
static void bp_flush(struct gr_bpcells *c, const struct gr_bpforce *p, size_t n, int half)
{
  double *restrict f = c->q + BP_LINE * n;
  const double *b = c->buf;
  const double *ri = b + 4 * BP_CHUNK, *rj = b + 5 * BP_CHUNK, *ox = b + 10 * BP_CHUNK,
               *oy = b + 11 * BP_CHUNK, *oti = b + 12 * BP_CHUNK, *otj = b + 13 * BP_CHUNK,
               *xi = b + 14 * BP_CHUNK;
  double mo = c->maxov;
  int k;
  bp_chunk_forces(p, c->nq, c->buf);
  for (k = 0; k < c->nq; k++) {
    double *fi = f + BP_ACC * c->qi[k], *fj = f + BP_ACC * c->qj[k];
    double rm = ri[k] < rj[k] ? ri[k] : rj[k];
    fi[0] += ox[k];
    fi[1] += oy[k];
    fi[2] += oti[k];
    if (half) {
      fj[0] -= ox[k];
      fj[1] -= oy[k];
      fj[2] += otj[k];
    }
    if (xi[k] > mo * rm) /* xi / rm > maxov without a division per pair */
      mo = xi[k] / rm > mo ? xi[k] / rm : mo;
  }
  c->maxov = mo;
  c->nq = 0;
}

/* Candidate (i, j), li the line of slot i and (xi, yi) its position
 * minus the shift of j's cell: queued when within R_i + R_j, with a margin
 * above the rounding of s*s (the pair function alone decides contact, xi
 * > 0 of eq. 18; queued pairs out of it add exact zeros); *k pairs queued. */
static inline __attribute__((always_inline)) void
bp_cand(struct gr_bpcells *c, const struct gr_bpforce *p, size_t n, const double *li, long i,
        long j, double xi, double yi, int half, int *k)
{
  const double *lj = c->q + BP_LINE * j;
  double dx = xi - lj[BP_X], dy = yi - lj[BP_Y], s = li[BP_R] + lj[BP_R], *b = c->buf;
  if (dx * dx + dy * dy >= s * s * (1.0 + 1e-12))
    return;
  b[*k] = dx;
  b[BP_CHUNK + *k] = dy;
  b[2 * BP_CHUNK + *k] = li[BP_VX] - lj[BP_VX];
  b[3 * BP_CHUNK + *k] = li[BP_VY] - lj[BP_VY];
  b[4 * BP_CHUNK + *k] = li[BP_R];
  b[5 * BP_CHUNK + *k] = lj[BP_R];
  b[6 * BP_CHUNK + *k] = li[BP_W];
  b[7 * BP_CHUNK + *k] = lj[BP_W];
  b[8 * BP_CHUNK + *k] = li[BP_M];
  b[9 * BP_CHUNK + *k] = lj[BP_M];
  c->qi[*k] = i;
  c->qj[*k] = j;
  if (++*k == BP_CHUNK) {
    c->nq = *k;
    bp_flush(c, p, n, half);
    *k = 0;
  }
}

/* Neighbour k (bp_nb) of cell (cx, cy), whose grains are [i0, i1): the
 * candidates against its grains (own cell: j > i on the half stencil, j
 * != i on the full one). */
static void bp_one(struct gr_bpcells *c, const struct gr_bpforce *p, size_t n, int cx, int cy,
                   int k, int half)
{
  long a = cx + (long)c->m[0] * cy, b, i, j;
  double sx, sy;
  int nq = c->nq;
  if ((b = bp_neighbour(c, cx + bp_nb[k][0], cy + bp_nb[k][1], &sx, &sy)) < 0)
    return;
  for (i = c->head[a]; i < c->head[a + 1]; i++) {
    const double *li = c->q + BP_LINE * i;
    for (j = k == 0 && half ? i + 1 : c->head[b]; j < c->head[b + 1]; j++)
      if (k != 0 || j != i)
        bp_cand(c, p, n, li, i, j, li[BP_X] - sx, li[BP_Y] - sy, half, &nq);
  }
  c->nq = nq;
}

/* The half stencil of an inner column as two slot ranges: the own cell
 * (j > i) with its right neighbour up to jr, and the three cells of the
 * row above, [u0, u1) (contiguous in cell order, one shift sy). */
static void bp_half_cell(struct gr_bpcells *c, const struct gr_bpforce *p, size_t n, long i0,
                         long i1, long jr, long u0, long u1, double sy)
{
  long i, j;
  int nq = c->nq;
  for (i = i0; i < i1; i++) {
    const double *li = c->q + BP_LINE * i;
    double xi = li[BP_X], yi = li[BP_Y];
    for (j = i + 1; j < jr; j++)
      bp_cand(c, p, n, li, i, j, xi, yi, 1, &nq);
    for (j = u0; j < u1; j++)
      bp_cand(c, p, n, li, i, j, xi, yi - sy, 1, &nq);
  }
  c->nq = nq;
}

/* Row cy: inner columns by bp_half_cell on the half stencil, the rest
 * neighbour by neighbour. */
static void bp_row(struct gr_bpcells *c, const struct gr_bpforce *p, size_t n, int cy, int half)
{
  int cx, k, m0 = c->m[0], up = cy + 1 < c->m[1] || c->box.periodic[1];
  long a = (long)m0 * cy, u = cy + 1 < c->m[1] ? a + m0 : 0, *h = c->head;
  double sy = cy + 1 < c->m[1] ? 0.0 : c->box.len[1];
  for (cx = 0; cx < m0; cx++, a++, u++) {
    if (h[a] == h[a + 1]) /* empty: no pair has its i here */
      continue;
    if (half && cx > 0 && cx < m0 - 1)
      bp_half_cell(c, p, n, h[a], h[a + 1], h[a + 2], up ? h[u - 1] : 0, up ? h[u + 2] : 0, sy);
    else
      for (k = 0; k < (half ? 5 : 9); k++)
        bp_one(c, p, n, cx, cy, k, half);
  }
}

int gr_bpcells_forces(struct gr_bpcells *c, const struct gr_bpforce *p,
                      const struct gr_bpgrains *g, double *fx, double *fy,
                      double *tq)
{
  size_t i, n = g->n;
  int cy, half = c->half && !(p->variants & GR_BPFORCE_EQ20_ROT);
  double *sf;
  if (bp_grow(c, n) != GR_OK)
    return GR_ENOMEM;
  bp_sort(c, g);
  sf = c->q + BP_LINE * n;
  memset(sf, 0, BP_ACC * n * sizeof *sf);
  c->maxov = 0.0;
  c->nq = 0;
  for (cy = 0; cy < c->m[1]; cy++)
    bp_row(c, p, n, cy, half);
  bp_flush(c, p, n, half);
  for (i = 0; i < n; i++) {
    long o = c->order[i];
    fx[o] = sf[BP_ACC * i];
    fy[o] = sf[BP_ACC * i + 1];
    tq[o] = sf[BP_ACC * i + 2];
  }
  return GR_OK;
}
