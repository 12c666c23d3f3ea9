/* granrepro physics: cell search by counting sort (see cellsort.h), the
 * fast counterpart of the chain cells of Sweetman 2003, chapter 3. */
#include "physics/cellsort.h"

#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* Below this many particles the search runs on one thread. */
#define CS_PAR_MIN 4096
#ifdef _OPENMP
#define CS_OMP(x) _Pragma(x)
#else
#define CS_OMP(x)
#endif

void gr_cellsort_free(struct gr_cellsort *s)
{
  size_t k;
  free(s->start);
  free(s->cellof);
  free(s->slot);
  free(s->xlo);
  free(s->xhi);
  free(s->nxr);
  free(s->ynb);
  free(s->nyn);
  free(s->znb);
  free(s->nzn);
  gr_pairs_free(&s->pairs);
  for (k = 0; k < s->nth; k++)
    gr_pairs_free(&s->tpairs[k]);
  free(s->tpairs);
  free(s->cand);
  memset(s, 0, sizeof *s);
}

/* Distinct neighbour coordinates c-1, c, c+1 of cell c on an axis of m
 * cells (wrapped when periodic, clipped at walls), ascending. */
static int axis_nbrs(int c, int m, int periodic, int out[3])
{
  int k, d, v, n = 0, a, b;
  for (d = -1; d <= 1; d++) {
    v = c + d;
    if (v < 0 || v >= m) {
      if (!periodic)
        continue;
      v = (v + m) % m;
    }
    for (k = 0; k < n && out[k] != v; k++)
      ;
    if (k == n)
      out[n++] = v;
  }
  for (a = 1; a < n; a++)
    for (b = a; b > 0 && out[b - 1] > out[b]; b--) {
      k = out[b];
      out[b] = out[b - 1];
      out[b - 1] = k;
    }
  return n;
}

int gr_cellsort_init(struct gr_cellsort *s, const struct gr_box *box,
                     const int m[3])
{
  int k, c, nb[3], n, r;
  memset(s, 0, sizeof *s);
  s->box = *box;
  for (k = 0; k < 3; k++) {
    if (m[k] < 1)
      return GR_EINPUT;
    s->m[k] = m[k];
    s->celli[k] = m[k] / box->len[k];
  }
  if ((double)m[0] * m[1] * m[2] > 4.0e9)
    return GR_EINPUT;
  s->ncell = (size_t)m[0] * m[1] * m[2];
  s->start = calloc(s->ncell + 2, sizeof *s->start);
  s->xlo = malloc(2 * (size_t)m[0] * sizeof *s->xlo);
  s->xhi = malloc(2 * (size_t)m[0] * sizeof *s->xhi);
  s->nxr = malloc((size_t)m[0] * sizeof *s->nxr);
  s->ynb = malloc(3 * (size_t)m[1] * sizeof *s->ynb);
  s->nyn = malloc((size_t)m[1] * sizeof *s->nyn);
  s->znb = malloc(3 * (size_t)m[2] * sizeof *s->znb);
  s->nzn = malloc((size_t)m[2] * sizeof *s->nzn);
  if (!s->start || !s->xlo || !s->xhi || !s->nxr || !s->ynb || !s->nyn ||
      !s->znb || !s->nzn) {
    gr_cellsort_free(s);
    return GR_ENOMEM;
  }
  /* x: neighbour cells as runs of consecutive cells (one run inside, two
   * where a periodic edge wraps) */
  for (c = 0; c < m[0]; c++) {
    n = axis_nbrs(c, m[0], box->periodic[0], nb);
    r = 0;
    for (k = 0; k < n; k++) {
      if (r > 0 && s->xhi[2 * c + r - 1] + 1 == nb[k])
        s->xhi[2 * c + r - 1] = nb[k];
      else {
        s->xlo[2 * c + r] = s->xhi[2 * c + r] = nb[k];
        r++;
      }
    }
    s->nxr[c] = r;
  }
  for (c = 0; c < m[1]; c++)
    s->nyn[c] = axis_nbrs(c, m[1], box->periodic[1], s->ynb + 3 * c);
  for (c = 0; c < m[2]; c++)
    s->nzn[c] = axis_nbrs(c, m[2], box->periodic[2], s->znb + 3 * c);
  return GR_OK;
}

/* Cell of a position, 0-based, x fastest (eq. 3.1 minus one). */
static inline uint32_t cs_index(const struct gr_cellsort *s, const double *r)
{
  long id[3];
  int k;
  for (k = 0; k < 3; k++)
    id[k] = gr_box_cell(r[k] * s->celli[k], s->m[k], s->box.periodic[k]);
  return (uint32_t)(id[0] + s->m[0] * (id[1] + (long)s->m[1] * id[2]));
}

static int cs_reserve(struct gr_cellsort *s, size_t n)
{
  void *p[2];
  if (n <= s->ncap)
    return GR_OK;
  p[0] = realloc(s->cellof, n * sizeof *s->cellof);
  if (p[0]) s->cellof = p[0];
  p[1] = realloc(s->slot, n * sizeof *s->slot);
  if (p[1]) s->slot = p[1];
  if (!p[0] || !p[1])
    return GR_ENOMEM;
  s->ncap = n;
  return GR_OK;
}

/* Count per cell, prefix sums, then a stable scatter: afterwards cell c
 * holds the sorted slots start[c] .. start[c+1]-1. */
int gr_cellsort_fill(struct gr_cellsort *s, const double *x, size_t n)
{
  size_t i, c;
  uint32_t *st = s->start, *cellof, run;
  const double cx = s->celli[0], cy = s->celli[1], cz = s->celli[2];
  const double tx = s->m[0] - 1, ty = s->m[1] - 1, tz = s->m[2] - 1;
  const long mx = s->m[0], mxy = (long)s->m[0] * s->m[1];
  const int walls = !s->box.periodic[0] && !s->box.periodic[1] && !s->box.periodic[2];
  if ((uint64_t)n >= UINT32_MAX)
    return GR_EINPUT;
  if (cs_reserve(s, n) != GR_OK)
    return GR_ENOMEM;
  cellof = s->cellof;
  memset(st, 0, (s->ncell + 2) * sizeof *st);
  /* the grid is held in locals: st may alias nothing we read, but the
   * compiler cannot know it of s->m */
  if (walls)
    for (i = 0; i < n; i++) {
      double qx = x[3 * i] * cx, qy = x[3 * i + 1] * cy, qz = x[3 * i + 2] * cz;
      uint32_t ci;
      qx = qx > 0.0 ? qx : 0.0; /* clamps as in gr_box_cell, branch-free */
      qy = qy > 0.0 ? qy : 0.0;
      qz = qz > 0.0 ? qz : 0.0;
      qx = qx < tx ? qx : tx;
      qy = qy < ty ? qy : ty;
      qz = qz < tz ? qz : tz;
      ci = (uint32_t)((long)qx + mx * (long)qy + mxy * (long)qz);
      cellof[i] = ci;
      st[ci + 2]++;
    }
  else
    for (i = 0; i < n; i++) {
      uint32_t ci = cs_index(s, x + 3 * i);
      cellof[i] = ci;
      st[ci + 2]++;
    }
  for (c = 2, run = 0; c < s->ncell + 2; c++) /* running sum in a register */
    st[c] = run += st[c];
  for (i = 0; i < n; i++) {
    uint32_t p = st[cellof[i] + 1]++;
    struct gr_cellsort_slot t = {x[3 * i], x[3 * i + 1], x[3 * i + 2], (uint32_t)i, cellof[i]};
    s->slot[p] = t;
  }
  s->x = x;
  s->n = n;
  return GR_OK;
}

/* Slot p holds particle p; its cell is the one whose range holds p. */
void gr_cellsort_renumber(struct gr_cellsort *s, const double *x)
{
  size_t c, p;
  for (c = 0; c < s->ncell; c++)
    for (p = s->start[c]; p < s->start[c + 1]; p++) {
      s->slot[p].id = (uint32_t)p;
      s->cellof[p] = (uint32_t)c;
    }
  s->x = x;
}

/* Full shell per particle in index order, keeping j > i (any M). */
static int cs_search_full(struct gr_cellsort *s, struct gr_nbr *v, double cut2)
{
  const struct gr_box *box = &s->box;
  const uint32_t *st = s->start;
  const struct gr_cellsort_slot *sl = s->slot;
  size_t i, n = s->n, mx = (size_t)s->m[0], my = (size_t)s->m[1];
  int rc = gr_nbr_begin(v, n);
  if (rc != GR_OK)
    return rc;
  for (i = 0; i < n && !v->failed; i++) {
    uint32_t c = s->cellof[i];
    size_t cx = c % mx, cy = c / mx % my, cz = c / mx / my;
    const int *yn = s->ynb + 3 * cy, *zn = s->znb + 3 * cz;
    int ky, kz, kr;
    double xi = s->x[3 * i], yi = s->x[3 * i + 1], zi = s->x[3 * i + 2];
    gr_nbr_row(v, i); /* gr_nbr_commit sorts the row */
    for (kz = 0; kz < s->nzn[cz]; kz++)
      for (ky = 0; ky < s->nyn[cy]; ky++) {
        size_t row = ((size_t)zn[kz] * my + (size_t)yn[ky]) * mx;
        for (kr = 0; kr < s->nxr[cx]; kr++) {
          size_t p, pe = st[row + (size_t)s->xhi[2 * cx + kr] + 1];
          for (p = st[row + (size_t)s->xlo[2 * cx + kr]]; p < pe; p++)
            if (sl[p].id > i && gr_box_dist2(box, xi, yi, zi, sl[p].x, sl[p].y, sl[p].z) < cut2)
              gr_nbr_add(v, sl[p].id);
        }
      }
  }
  return gr_nbr_commit(v);
}

/* Append the slots lo..hi-1 to the candidate list: eight unconditional
 * stores, as two 4-lane vector stores, and a jump of the write position
 * (a loop only for long runs). */
typedef uint32_t cs_v4 __attribute__((vector_size(16)));
#define CS_RUN(lo, hi)                                                          \
  do {                                                                          \
    uint32_t l_ = (uint32_t)(lo), h_ = (uint32_t)(hi), k_;                      \
    if (h_ - l_ <= 8) {                                                         \
      cs_v4 a_ = (cs_v4){0, 1, 2, 3} + l_, b_ = (cs_v4){4, 5, 6, 7} + l_;       \
      memcpy(cand + w, &a_, sizeof a_);                                         \
      memcpy(cand + w + 4, &b_, sizeof b_);                                     \
      w += h_ - l_;                                                             \
    } else {                                                                    \
      for (k_ = l_; k_ < h_; k_++)                                              \
        cand[w++] = k_;                                                         \
    }                                                                           \
  } while (0)

/* gr_box_dist2, with the periodic tests compiled out when walls is a
 * constant 1 (the same arithmetic, so the same bits, on a walled box). */
static inline double cs_dist2(int walls, const struct gr_box *box, double ax,
                              double ay, double az, double bx, double by, double bz)
{
  double dx = ax - bx, dy = ay - by, dz = az - bz;
  if (!walls)
    return gr_box_dist2(box, ax, ay, az, bx, by, bz);
  return dx * dx + dy * dy + dz * dz;
}

/* The half-shell walk over sorted slots (see cellsort.h); walls = 1 when no
 * axis is periodic (inlined twice, so the test costs nothing).  A walled
 * box's row is one clipped run; the eight candidate stores are two
 * vectors; the walk steps from particle to particle of a row (the slot
 * names its cell), past the empty cells, with no own-cell stores for the
 * last particle of a cell.  Cost (medians of reference/machines/
 * vm-epyc-2core/full.tsv, 1855ab2): rebuild-sort 40.9 ns per particle at 1e4, 46.2 at
 * 1e6.  Measurements and what was tried:
 * docs/speed-history.md#cellsort. */
static inline __attribute__((always_inline)) int
cs_search_half(const struct gr_cellsort *s, double cut2, int walls, size_t z0, size_t z1,
               uint32_t *cand, struct gr_pairs *out)
{
  const struct gr_box *box = &s->box;
  const uint32_t *st = s->start;
  const struct gr_cellsort_slot *sl = s->slot;
  size_t mx = (size_t)s->m[0], my = (size_t)s->m[1], mz = (size_t)s->m[2];
  size_t cy, cz, p, pend;
  out->n = 0;
  for (cz = z0; cz < z1; cz++)
    for (cy = 0; cy < my; cy++) {
      /* the rows of the half shell: (y+1, z), (y-1..y+1, z+1) */
      size_t rows[4], r0 = (cz * my + cy) * mx; /* r0: the row's first cell */
      int nrow = 0, dy;
      size_t y1 = cy + 1, z1 = cz + 1;
      if (y1 == my)
        y1 = box->periodic[1] ? 0 : my;
      if (z1 == mz)
        z1 = box->periodic[2] ? 0 : mz;
      if (y1 < my)
        rows[nrow++] = (cz * my + y1) * mx;
      if (z1 < mz)
        for (dy = -1; dy <= 1; dy++) {
          long y = (long)cy + dy;
          if (y < 0 || y >= (long)my) {
            if (!box->periodic[1])
              continue;
            y = (y + (long)my) % (long)my;
          }
          rows[nrow++] = (z1 * my + (size_t)y) * mx;
        }
      /* the particles of the row, cell by cell; empty cells are passed
       * over (the slot names its cell) */
      for (p = st[r0], pend = st[r0 + mx]; p < pend;) {
        size_t c = sl[p].cell, cx = c - r0, pe = st[c + 1], w = 8, t;
        int r, k;
        /* the candidates all particles of cell c share, from cand[8] on:
         * cell x+1 (or its periodic image), the four rows */
        if (cx + 1 < mx)
          CS_RUN(pe, st[c + 2]);
        else if (box->periodic[0])
          CS_RUN(st[c + 1 - mx], st[c + 2 - mx]);
        if (walls) { /* one run of cells per row: x-1 .. x+1, clipped */
          size_t lo = cx > 0 ? cx - 1 : 0, hi = cx + 2 < mx ? cx + 2 : mx;
          for (r = 0; r < nrow; r++)
            CS_RUN(st[rows[r] + lo], st[rows[r] + hi]);
        } else {
          for (r = 0; r < nrow; r++)
            for (k = 0; k < s->nxr[cx]; k++)
              CS_RUN(st[rows[r] + (size_t)s->xlo[2 * cx + k]],
                     st[rows[r] + (size_t)s->xhi[2 * cx + k] + 1]);
        }
        for (; p < pe; p++) {
          double xp = sl[p].x, yp = sl[p].y, zp = sl[p].z;
          size_t own = pe - p - 1, t0 = 8;
          /* the rest of its own cell, p+1 .. pe-1, right before cand[8]
           * (eight unconditional stores; a loop only for crowded cells;
           * nothing for the last of its cell, most particles here) */
          if (own != 0) {
            if (own <= 8) {
              cs_v4 a_ = (cs_v4){0, 1, 2, 3} + (uint32_t)(pe - 8),
                    b_ = (cs_v4){4, 5, 6, 7} + (uint32_t)(pe - 8);
              memcpy(cand, &a_, sizeof a_);
              memcpy(cand + 4, &b_, sizeof b_);
              t0 = 8 - own;
            } else {
              for (t = p + 1; t < pe; t++)
                if (cs_dist2(walls, box, xp, yp, zp, sl[t].x, sl[t].y, sl[t].z) < cut2 &&
                    gr_pairs_push(out, sl[p].id, sl[t].id) != GR_OK)
                  return GR_ENOMEM;
            }
          }
          for (t = t0; t < w; t++) {
            uint32_t q = cand[t];
            if (cs_dist2(walls, box, xp, yp, zp, sl[q].x, sl[q].y, sl[q].z) < cut2 &&
                gr_pairs_push(out, sl[p].id, sl[q].id) != GR_OK)
              return GR_ENOMEM;
          }
        }
      }
    }
  return GR_OK;
}
#undef CS_RUN

/* Room for th threads' candidate lists (n + 64 entries each: a list
 * holds a slot once, plus 8 + 8 slack) and pair buffers (only grow). */
static int cs_reserve_threads(struct gr_cellsort *s, int th)
{
  size_t k;
  if ((size_t)th > s->nth) {
    struct gr_pairs *p = realloc(s->tpairs, (size_t)th * sizeof *p);
    if (p == NULL)
      return GR_ENOMEM;
    s->tpairs = p;
    for (k = s->nth; k < (size_t)th; k++)
      memset(&p[k], 0, sizeof p[k]);
    s->nth = (size_t)th;
  }
  if (s->n + 64 > s->ccap || (size_t)th > s->cth) {
    uint32_t *c = realloc(s->cand, (size_t)th * (s->n + 64) * sizeof *c);
    if (c == NULL)
      return GR_ENOMEM;
    s->cand = c;
    s->ccap = s->n + 64;
    s->cth = (size_t)th;
  }
  return GR_OK;
}

/* The threads' pairs after one another in s->pairs (any order will do:
 * gr_nbr_from_pairs puts them in canonical order). */
static int cs_gather(struct gr_cellsort *s, int th)
{
  size_t tot = s->tpairs[0].n, k;
  int t;
  for (t = 1; t < th; t++)
    tot += s->tpairs[t].n;
  while (s->pairs.cap < tot)
    if (gr_pairs_grow(&s->pairs) != GR_OK)
      return GR_ENOMEM;
  for (t = 0, k = 0; t < th; k += s->tpairs[t++].n) {
    memcpy(s->pairs.a + k, s->tpairs[t].a, s->tpairs[t].n * sizeof *s->pairs.a);
    memcpy(s->pairs.b + k, s->tpairs[t].b, s->tpairs[t].n * sizeof *s->pairs.b);
  }
  s->pairs.n = tot;
  return GR_OK;
}

/* The half-shell walk on threads: of the team OpenMP gives (th asked
 * for; fewer inside another parallel region or under a thread limit),
 * thread t of m takes the z layers [mz t / m, mz (t + 1) / m) into its
 * own buffers; one thread walks straight into s->pairs.  The list is the
 * same whatever the team. */
static int cs_search_threads(struct gr_cellsort *s, double cut2, int walls, int th)
{
  size_t mz = (size_t)s->m[2], got = 1;
  int bad = 0;
  if (th <= 1)
    return walls ? cs_search_half(s, cut2, 1, 0, mz, s->cand, &s->pairs)
                 : cs_search_half(s, cut2, 0, 0, mz, s->cand, &s->pairs);
  CS_OMP("omp parallel num_threads(th) reduction(| : bad)")
  {
    size_t t = 0, m = 1;
#ifdef _OPENMP
    t = (size_t)omp_get_thread_num();
    m = (size_t)omp_get_num_threads();
#endif
    if (t == 0)
      got = m; /* read after the region's closing barrier */
    bad |= (walls ? cs_search_half(s, cut2, 1, mz * t / m, mz * (t + 1) / m, s->cand + t * s->ccap,
                                   &s->tpairs[t])
                  : cs_search_half(s, cut2, 0, mz * t / m, mz * (t + 1) / m, s->cand + t * s->ccap,
                                   &s->tpairs[t])) != GR_OK;
  }
  return bad ? GR_ENOMEM : cs_gather(s, (int)got);
}

int gr_cellsort_search(struct gr_cellsort *s, struct gr_nbr *v, double cut2)
{
  int k, th = 1;
  const int walls = !s->box.periodic[0] && !s->box.periodic[1] && !s->box.periodic[2];
  for (k = 0; k < 3; k++)
    if (s->box.periodic[k] && s->m[k] < 3)
      return cs_search_full(s, v, cut2);
#ifdef _OPENMP
  th = s->threads > 0 ? s->threads : omp_get_max_threads();
  if (th > s->m[2])
    th = s->m[2]; /* a slab per thread of one z layer at least */
  if (s->n < CS_PAR_MIN || omp_in_parallel())
    th = 1; /* inside another parallel region: a nested team is one thread */
#endif
  if (cs_reserve_threads(s, th) != GR_OK || cs_search_threads(s, cut2, walls, th) != GR_OK)
    return GR_ENOMEM;
  return gr_nbr_from_pairs(v, s->n, &s->pairs);
}
