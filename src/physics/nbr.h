/* granrepro physics: the Verlet neighbour list with per-pair contact
 * history (Sweetman 2003, section 2.3 and Tables 2.1-2.13; Verlet 1967),
 * and the N-squared search that fills it (section 2.1, the UPDATE routine).
 *
 * The thesis keeps, per near-neighbour pair, a record of the partner (NDX),
 * the contact history the force model needs from one step to the next
 * (TFX, TFY, TFZ, TM, A, A0, SK: seven reals) and a pointer NEXT, chained
 * from NEBOR(i).  Here the same content is held in compressed rows: the
 * partners j > i of particle i are j[start[i] .. start[i+1]-1], ascending,
 * with an opaque fixed-size history record beside each.  This canonical
 * order (i ascending, then j ascending) makes every search method give the
 * identical list.  A rebuild fills a second buffer and then carries each
 * history record over from the old list when the pair persists, zeroing it
 * for new pairs; the buffers only grow when a list outgrows them, so a
 * rebuild allocates nothing once capacity is reached.
 */
#ifndef GR_NBR_H
#define GR_NBR_H

#include "status.h"
#include <stddef.h>
#include <stdint.h>

#include "physics/box.h"

/* History record: the thesis's seven reals (TFX, TFY, TFZ, TM, A, A0, SK)
 * plus one spare, one 64-byte cache line.  The list never looks inside. */
#define GR_NBR_HIST 8
struct gr_nbr_hist {
  double h[GR_NBR_HIST];
};

/* Pairs (a[k], b[k]), a[k] < b[k], as a search finds them; the buffers
 * only grow (gr_pairs_grow), so a search allocates nothing once grown. */
struct gr_pairs {
  uint32_t *a, *b;
  size_t n, cap;
};

void gr_pairs_free(struct gr_pairs *p);
int gr_pairs_grow(struct gr_pairs *p) GR_MUST_CHECK;

/* Append the pair {i, j}, lower number first; GR_ENOMEM on failure. */
static inline int gr_pairs_push(struct gr_pairs *p, uint32_t i, uint32_t j)
{
  if (p->n == p->cap && gr_pairs_grow(p) != GR_OK)
    return GR_ENOMEM;
  p->a[p->n] = i < j ? i : j;
  p->b[p->n++] = i < j ? j : i;
  return GR_OK;
}

/* One compressed-row list. */
struct gr_nbr_rows {
  size_t n;        /* particles */
  size_t npair;    /* pairs */
  size_t ncap;     /* capacity of start (n + 1 entries) */
  size_t pcap;     /* capacity of j and hist */
  uint32_t *start; /* 32 bits: half the memory traffic of size_t */
  uint32_t *j;
  struct gr_nbr_hist *hist;
};

struct gr_nbr {
  struct gr_nbr_rows cur;  /* the list in use */
  struct gr_nbr_rows nxt;  /* the list being built */
  size_t row;              /* next row expected by gr_nbr_row */
  size_t carried;          /* histories carried over by the last commit */
  int failed;              /* an allocation failed during the build */
};

void gr_nbr_init(struct gr_nbr *v);
void gr_nbr_free(struct gr_nbr *v);

/* Make both buffers hold n particles and npair pairs without growing. */
int gr_nbr_reserve(struct gr_nbr *v, size_t n, size_t npair) GR_MUST_CHECK;

/* Start building a list for n particles (rows must follow in order). */
int gr_nbr_begin(struct gr_nbr *v, size_t n) GR_MUST_CHECK;

/* Grow the build buffer's pair arrays (slow path of gr_nbr_add). */
int gr_nbr_grow(struct gr_nbr *v) GR_MUST_CHECK;

/* Open row i: every row 0..n-1 is opened once, in ascending order. */
static inline void gr_nbr_row(struct gr_nbr *v, size_t i)
{
  while (v->row <= i)
    v->nxt.start[v->row++] = (uint32_t)v->nxt.npair;
}

/* Append partner j (> i; any order within the row) to the open row. */
static inline void gr_nbr_add(struct gr_nbr *v, uint32_t j)
{
  if (v->nxt.npair == v->nxt.pcap && gr_nbr_grow(v) != GR_OK)
    return;
  v->nxt.j[v->nxt.npair++] = j;
}

/* Close the build: sort each row by partner, carry each persisting pair's
 * history over from the old list (a merge of two sorted rows per
 * particle), zero new pairs' records, and make the new list current.  GR_ENOMEM when a growth failed (the
 * old list is then kept). */
int gr_nbr_commit(struct gr_nbr *v) GR_MUST_CHECK;

/* Build from the pairs of p (each once, any order, all < n): a counting
 * sort by the lower number, each row sorted by the higher, then
 * gr_nbr_commit.  This is how the cell searches reach canonical order. */
int gr_nbr_from_pairs(struct gr_nbr *v, size_t n, const struct gr_pairs *p) GR_MUST_CHECK;

/* Renumber the current list: particle i becomes pos[i] (a permutation of
 * 0..n-1).  Each pair keeps its history record; where the renumbering
 * swaps which member is the lower, flip(record) is called (a record may
 * be oriented, e.g. hold the force on the lower member).  Rows and
 * partners are put back in canonical order (counting sort, linear).
 * GR_ENOMEM leaves the list as it was. */
int gr_nbr_renumber(struct gr_nbr *v, const uint32_t *pos,
                    void (*flip)(struct gr_nbr_hist *)) GR_MUST_CHECK;

/* History record of pair (i, j), i < j, or NULL when not in the list. */
struct gr_nbr_hist *gr_nbr_find(const struct gr_nbr *v, size_t i, size_t j);

/* The N-squared search of the UPDATE routine: every pair i < j with
 * |x_i - x_j|^2 < cut2 (x: n positions, x y z each), in canonical order,
 * committed into v. */
int gr_nbr_nsquared(struct gr_nbr *v, const struct gr_box *box,
                    const double *x, size_t n, double cut2) GR_MUST_CHECK;

#endif
