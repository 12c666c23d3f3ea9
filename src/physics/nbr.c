/* granrepro physics: Verlet neighbour list with contact history and the
 * N-squared search (Sweetman 2003, sections 2.1 and 2.3). */
#include "physics/nbr.h"

#include <stdlib.h>
#include <string.h>

void gr_nbr_init(struct gr_nbr *v)
{
  memset(v, 0, sizeof *v);
}

static void rows_free(struct gr_nbr_rows *r)
{
  free(r->start);
  free(r->j);
  free(r->hist);
  memset(r, 0, sizeof *r);
}

void gr_nbr_free(struct gr_nbr *v)
{
  rows_free(&v->cur);
  rows_free(&v->nxt);
}

/* Grow one buffer to n particles and np pairs (never shrinks; row
 * offsets are 32-bit, so at most 2^32 - 1 pairs). */
static int rows_reserve(struct gr_nbr_rows *r, size_t n, size_t np)
{
  if ((uint64_t)np > UINT32_MAX)
    return GR_ENOMEM;
  if (n + 1 > r->ncap) {
    uint32_t *s = realloc(r->start, (n + 1) * sizeof *s);
    if (s == NULL)
      return GR_ENOMEM;
    r->start = s;
    r->ncap = n + 1;
  }
  if (np > r->pcap) {
    uint32_t *j = realloc(r->j, np * sizeof *j);
    struct gr_nbr_hist *h;
    if (j == NULL)
      return GR_ENOMEM;
    r->j = j;
    if ((h = realloc(r->hist, np * sizeof *h)) == NULL)
      return GR_ENOMEM;
    r->hist = h;
    r->pcap = np;
  }
  return GR_OK;
}

int gr_nbr_reserve(struct gr_nbr *v, size_t n, size_t npair)
{
  if (rows_reserve(&v->cur, n, npair) != GR_OK ||
      rows_reserve(&v->nxt, n, npair) != GR_OK)
    return GR_ENOMEM;
  return GR_OK;
}

int gr_nbr_begin(struct gr_nbr *v, size_t n)
{
  if ((uint64_t)n > UINT32_MAX)
    return GR_EINPUT;
  v->failed = rows_reserve(&v->nxt, n, v->nxt.pcap ? v->nxt.pcap : 1024);
  v->nxt.n = n;
  v->nxt.npair = 0;
  v->row = 0;
  return v->failed;
}

int gr_nbr_grow(struct gr_nbr *v)
{
  size_t np = v->nxt.pcap * 2;
  if (rows_reserve(&v->nxt, v->nxt.n, np) != GR_OK) {
    v->failed = GR_ENOMEM;
    return GR_ENOMEM;
  }
  return GR_OK;
}

/* Carry history over, row by row: each new row is put in order (an
 * insertion sort, one comparison per partner when it already is), then
 * both rows being sorted by j, one merge finds every persisting pair (the
 * thesis's update adds a pair only "if it was not already in the list" and
 * keeps its record).  The row ends are carried from one row to the next
 * and a row that is empty in both lists costs one test (issue 14: in a
 * loose packing most rows are empty; 31 -> 23 instructions per particle). */
static inline __attribute__((always_inline)) void
nbr_carry_row(struct gr_nbr_rows *w, const struct gr_nbr_rows *o, size_t b, size_t be,
              size_t a, size_t ae, size_t *carried)
{
  size_t q, k;
  for (k = b + 1; k < be; k++) {
    uint32_t x = w->j[k];
    for (q = k; q > b && w->j[q - 1] > x; q--)
      w->j[q] = w->j[q - 1];
    w->j[q] = x;
  }
  for (; b < be; b++) {
    while (a < ae && o->j[a] < w->j[b])
      a++;
    if (a < ae && o->j[a] == w->j[b]) {
      w->hist[b] = o->hist[a];
      (*carried)++;
    } else {
      memset(&w->hist[b], 0, sizeof w->hist[b]);
    }
  }
}

int gr_nbr_commit(struct gr_nbr *v)
{
  struct gr_nbr_rows *o = &v->cur, *w = &v->nxt, t;
  size_t i, a, b, ae, be, carried = 0, nold;
  if (v->failed)
    return v->failed;
  gr_nbr_row(v, w->n ? w->n - 1 : 0);
  w->start[w->n] = (uint32_t)w->npair;
  nold = o->n < w->n ? o->n : w->n; /* rows that have an old row */
  b = w->start[0];
  a = nold ? o->start[0] : 0;
  for (i = 0; i < nold; i++, a = ae, b = be) {
    be = w->start[i + 1];
    ae = o->start[i + 1];
    if (b != be)
      nbr_carry_row(w, o, b, be, a, ae, &carried);
  }
  for (; i < w->n; i++, b = be) { /* rows new to this list */
    be = w->start[i + 1];
    if (b != be)
      nbr_carry_row(w, o, b, be, 0, 0, &carried);
  }
  t = *o;
  *o = *w;
  *w = t;
  v->carried = carried;
  return GR_OK;
}

void gr_pairs_free(struct gr_pairs *p)
{
  free(p->a);
  free(p->b);
  memset(p, 0, sizeof *p);
}

int gr_pairs_grow(struct gr_pairs *p)
{
  size_t cap = p->cap ? 2 * p->cap : 4096;
  uint32_t *a = realloc(p->a, cap * sizeof *a), *b;
  if (a == NULL)
    return GR_ENOMEM;
  p->a = a;
  if ((b = realloc(p->b, cap * sizeof *b)) == NULL)
    return GR_ENOMEM;
  p->b = b;
  p->cap = cap;
  return GR_OK;
}

/* The rows are sorted by gr_nbr_commit. */
int gr_nbr_from_pairs(struct gr_nbr *v, size_t n, const struct gr_pairs *pr)
{
  struct gr_nbr_rows *w = &v->nxt;
  const uint32_t *a = pr->a, *b = pr->b;
  size_t k, i, npairs = pr->n;
  int rc = gr_nbr_begin(v, n);
  if (rc != GR_OK)
    return rc;
  if (rows_reserve(w, n, npairs) != GR_OK)
    return GR_ENOMEM;
  /* counting sort by a: counts, running sums (start[i] = end of row i),
   * scatter backwards (start[i] becomes the beginning of row i) */
  memset(w->start, 0, (n + 1) * sizeof *w->start);
  for (k = 0; k < npairs; k++)
    w->start[a[k]]++;
  for (i = 0, k = 0; i < n; i++)
    w->start[i] = (uint32_t)(k += w->start[i]);
  for (k = 0; k < npairs; k++)
    w->j[--w->start[a[k]]] = b[k];
  w->npair = npairs;
  v->row = n;
  return gr_nbr_commit(v);
}

/* Scatter the pairs by their new lower member (counts, running sums),
 * then sort each row by partner moving the records along. */
int gr_nbr_renumber(struct gr_nbr *v, const uint32_t *pos,
                    void (*flip)(struct gr_nbr_hist *))
{
  struct gr_nbr_rows *o = &v->cur, *w = &v->nxt, t;
  size_t n = o->n, i, q, a, b;
  uint32_t run = 0;
  if (rows_reserve(w, n, o->npair) != GR_OK)
    return GR_ENOMEM;
  memset(w->start, 0, (n + 1) * sizeof *w->start);
  for (i = 0; i < n; i++)
    for (q = o->start[i]; q < o->start[i + 1]; q++) {
      uint32_t pi = pos[i], pj = pos[o->j[q]];
      w->start[(pi < pj ? pi : pj) + 1]++;
    }
  for (i = 1; i <= n; i++)
    w->start[i] = run += w->start[i];
  for (i = 0; i < n; i++)
    for (q = o->start[i]; q < o->start[i + 1]; q++) {
      uint32_t pi = pos[i], pj = pos[o->j[q]], lo = pi < pj ? pi : pj;
      size_t c = w->start[lo]++;
      w->j[c] = pi < pj ? pj : pi;
      w->hist[c] = o->hist[q];
      if (pi > pj)
        flip(&w->hist[c]);
    }
  for (i = n; i > 0; i--) /* undo the scatter's advance */
    w->start[i] = w->start[i - 1];
  w->start[0] = 0;
  for (i = 0; i < n; i++) /* insertion sort of each (short) row */
    for (a = w->start[i] + 1; a < w->start[i + 1]; a++) {
      uint32_t x = w->j[a];
      struct gr_nbr_hist h = w->hist[a];
      for (b = a; b > w->start[i] && w->j[b - 1] > x; b--) {
        w->j[b] = w->j[b - 1];
        w->hist[b] = w->hist[b - 1];
      }
      w->j[b] = x;
      w->hist[b] = h;
    }
  w->n = n;
  w->npair = o->npair;
  t = *o;
  *o = *w;
  *w = t;
  return GR_OK;
}

struct gr_nbr_hist *gr_nbr_find(const struct gr_nbr *v, size_t i, size_t j)
{
  size_t a, ae;
  if (i >= v->cur.n || j <= i)
    return NULL;
  ae = v->cur.start[i + 1];
  for (a = v->cur.start[i]; a < ae; a++)
    if (v->cur.j[a] == j)
      return &v->cur.hist[a];
  return NULL;
}

/* Section 2.1: "a loop through all particle pairs, checking to see if the
 * distance separating the particles is less than the search radius". */
int gr_nbr_nsquared(struct gr_nbr *v, const struct gr_box *box,
                    const double *x, size_t n, double cut2)
{
  size_t i, j;
  int rc = gr_nbr_begin(v, n);
  if (rc != GR_OK)
    return rc;
  for (i = 0; i < n; i++) {
    const double *a = x + 3 * i;
    gr_nbr_row(v, i);
    for (j = i + 1; j < n; j++) {
      const double *b = x + 3 * j;
      if (gr_box_dist2(box, a[0], a[1], a[2], b[0], b[1], b[2]) < cut2)
        gr_nbr_add(v, (uint32_t)j);
    }
  }
  return gr_nbr_commit(v);
}
