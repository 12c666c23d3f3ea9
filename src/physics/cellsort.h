/* granrepro physics: the fastest cell search we could build, giving the
 * same pair list as the chain cells of Sweetman 2003, chapter 3.
 *
 * Instead of HEAD/LIST chains (a pointer chase per particle) the particles
 * are counting-sorted by cell, x fastest, into a copy of their positions
 * and numbers in cell order (struct gr_cellsort_slot); a cell is then a
 * contiguous range, and the three cells x-1, x, x+1 of one (y, z) row are
 * one range.  The search visits the cells in order and tests each particle
 * against the half shell only: the rest of its own cell, cell x+1, the row
 * y+1 and the three rows of z+1 (one run of up to three cells each), so
 * every pair is tested once, with no test of particle numbers.  The runs a
 * cell's particles share are gathered once per cell into one candidate
 * list, eight slots at a time with no data-dependent branch, so that
 * testing a particle is a single loop: at the peer case's 0.45 particles
 * per cell, mispredicted loop exits, not arithmetic, are what per-run loops
 * cost.  The pairs found are put in canonical order by gr_nbr_from_pairs
 * (a counting sort, linear).  A periodic axis with M < 3 (where forward and
 * backward neighbour cells coincide) falls back to a full-shell walk per
 * particle.
 */
#ifndef GR_CELLSORT_H
#define GR_CELLSORT_H

#include "status.h"
#include <stddef.h>
#include <stdint.h>

#include "physics/box.h"
#include "physics/nbr.h"

/* A particle in cell order: its position, number and cell in 32 bytes,
 * one memory stream per run of cells (measured no faster than separate x,
 * y, z, id arrays on the peer case, and no slower).  The cell lets the
 * search step from particle to particle of a row of cells, past the empty
 * cells, without visiting them. */
struct gr_cellsort_slot {
  double x, y, z;
  uint32_t id, cell;
};

struct gr_cellsort {
  struct gr_box box;
  int m[3];
  double celli[3];
  size_t ncell;
  uint32_t *start;    /* ncell + 2: cell c holds sorted slots start[c+1]..start[c+2]-1 */
  uint32_t *cellof;   /* cell of each particle */
  struct gr_cellsort_slot *slot; /* particles in cell order */
  const double *x;    /* the positions last filled (x y z each) */
  size_t n, ncap;
  int *xlo, *xhi, *nxr; /* per x cell: up to 2 runs of neighbour x cells */
  int *ynb, *nyn;     /* per y cell: up to 3 neighbour y cells */
  int *znb, *nzn;     /* per z cell: up to 3 neighbour z cells */
  struct gr_pairs pairs; /* pairs found, reused between rebuilds */
  uint32_t *cand;     /* each thread's candidate slots (ccap entries each) */
  size_t ccap, cth;   /* entries per thread, threads cand holds */
  struct gr_pairs *tpairs; /* each thread's pairs (nth of them) */
  size_t nth;
  int threads;        /* threads of the search (0: OpenMP's default) */
};

/* Grid of m[0] x m[1] x m[2] cells over box (cell edge >= cutoff is the
 * caller's duty, see gr_cells_choose). */
int gr_cellsort_init(struct gr_cellsort *s, const struct gr_box *box,
                     const int m[3]) GR_MUST_CHECK;
void gr_cellsort_free(struct gr_cellsort *s);

/* Counting sort of the n particles into cells (the cell structure). */
int gr_cellsort_fill(struct gr_cellsort *s, const double *x, size_t n) GR_MUST_CHECK;

/* The caller renumbered the particles in slot order (the particle of slot
 * p is now number p) and moved their positions to x: make the filled
 * cells name the new numbers. */
void gr_cellsort_renumber(struct gr_cellsort *s, const double *x);

/* Rebuild the Verlet list v from the filled cells: pairs i < j closer than
 * sqrt(cut2), canonical order, contact history carried over.  The walk
 * runs on s->threads OpenMP threads (slabs of z layers, each into its own
 * buffers); the list is the same for any number. */
int gr_cellsort_search(struct gr_cellsort *s, struct gr_nbr *v, double cut2) GR_MUST_CHECK;

#endif
