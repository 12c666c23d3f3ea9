/* granrepro physics: the chain-cell linked list exactly as Sweetman 2003,
 * chapter 3 (after Allen & Tildesley 1987) describes it.
 *
 * The box is covered by M(1) x M(2) x M(3) cells; a particle's cell is
 * ICELL of eq. 3.1 (eq. 3.2 in two dimensions: M(3) = 1, z = 0).  HEAD(c)
 * is the highest-numbered particle of cell c, LIST(i) the next lower one in
 * i's cell, CELL(i) the cell of i (0 ends a chain, section 3.2).  MAP holds
 * the 27 neighbour cells of every cell in the order of the FORTRAN listing
 * of section 3.3 (eq. 3.5, periodic wrap by MOD; the cell itself last).
 * All four arrays are 1-based as in the thesis (element 0 unused), so they
 * can be compared with Tables 3.2-3.5 entry by entry.
 */
#ifndef GR_CELLS_H
#define GR_CELLS_H

#include "status.h"
#include <stddef.h>
#include <stdint.h>

#include "physics/box.h"
#include "physics/nbr.h"

struct gr_cells {
  int m[3];        /* cells per axis */
  long ncell;      /* NCELL = M(1) M(2) M(3) */
  double celli[3]; /* CELLI: cells per unit length, M / len */
  int periodic[3]; /* from the box: fold indices MOD M instead of clamping */
  int *head;       /* HEAD(1..NCELL) */
  int *list;       /* LIST(1..N) */
  int *cell;       /* CELL(1..N) */
  int *map;        /* MAP(1..27 NCELL) */
  size_t n, ncap;  /* particles filled, capacity of list and cell */
  struct gr_pairs pairs; /* search output, 0-based */
};

/* Grid of m[0] x m[1] x m[2] cells over box; builds MAP (eq. 3.5).
 * GR_EINPUT when an m is < 1 or the cells hold more than 2^31. */
int gr_cells_init(struct gr_cells *c, const struct gr_box *box,
                  const int m[3]) GR_MUST_CHECK;
void gr_cells_free(struct gr_cells *c);

/* Cells per axis for a cutoff: M = INT(len / cut), at least 1. */
void gr_cells_choose(const struct gr_box *box, double cut, int m[3]);

/* ICELL of eq. 3.1 for a position.  On a walled axis the index is clamped
 * to 0..M-1 (a particle exactly on the far wall is in the last cell); on a
 * periodic axis it is folded MOD M (x = len is the cell of x = 0). */
long gr_cells_index(const struct gr_cells *c, const double r[3]);

/* Eq. 3.5: the cell at 1-based (ix, iy, iz), wrapped periodically by MOD. */
long gr_cells_icell(const int m[3], int ix, int iy, int iz);

/* Section 3.2, steps 1-7: zero HEAD, LIST, CELL, then for i = 1..n set
 * LIST(i) = HEAD(ICELL), HEAD(ICELL) = i, CELL(i) = ICELL. */
int gr_cells_fill(struct gr_cells *c, const double *x, size_t n) GR_MUST_CHECK;

/* The work of one section 3.3 search on the filled HEAD/LIST, counted
 * in steps (no time: no machine load moves it): per cell 1, plus
 * nc (nc - 1) / 2 pairs in its own chain and nc times the particles of its
 * 26 MAP neighbours.  GR_OK or GR_ENOMEM. */
int gr_cells_work(const struct gr_cells *c, double *work) GR_MUST_CHECK;

/* Section 3.3: for every cell, every primary particle in its chain, every
 * cell of MAP: the pairs closer than sqrt(cut2), each once, into c->pairs
 * (0-based, in search order; gr_nbr_from_pairs makes the
 * canonical list).  Needs M >= 3 on every axis (else MAP repeats cells). */
int gr_cells_search(struct gr_cells *c, const struct gr_box *box,
                    const double *x, double cut2) GR_MUST_CHECK;

/* One visit of the search order of Tables 3.6-3.7. */
struct gr_cells_visit {
  int cell;      /* outermost loop */
  int primary;   /* primary particle */
  int nbrcell;   /* neighbouring cell searched */
  int particle;  /* particle met in it, 0 for an empty cell */
};

/* The search order of Tables 3.6-3.7 for the cells of outer cell `cell` of
 * a walled grid: every primary particle down the chain; first its own cell
 * from the primary down, then the other neighbouring cells that exist, in
 * ascending number, each from HEAD down (0 when empty).  Writes at most
 * max visits and returns how many there are. */
size_t gr_cells_trace(const struct gr_cells *c, int cell,
                      struct gr_cells_visit *v, size_t max);

#endif
