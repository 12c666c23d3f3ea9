/* granrepro physics: cell lists for the pair loop of the shaken bed
 * (Wilson 2001, section 5: "The domain of the simulation could be broken
 * into cells ... to reduce the number of particles that are compared").
 *
 * The box [0, L]^2 is cut into nc x nc square cells of side >= rc; a disk
 * outside the box (pressed into a wall) is filed in the nearest cell.
 * Pairs closer than rc are then in the same or adjacent cells.  Each
 * evaluation counting-sorts the disks by cell (x fastest) into arrays of
 * positions and velocities in cell order (structure of arrays), so that a
 * cell, and a row of three cells, is a contiguous range; each disk is
 * tested against the rest of its cell and the cell E (one range) and the
 * cells NW, N, NE (one range): every pair once, Newton's third law for the
 * forces.  All memory is allocated by gr_bedcells_new; nothing is
 * allocated in a step.
 *
 * With a skin s > 0 (gr_bedcells_new_list) the cells, of side >= r0 + s,
 * build a Verlet neighbour list of the pairs closer than r0 + s, kept while
 * no disk has moved more than s/2 from where it was at the build (checked
 * at every evaluation, whatever state the integrator passes, so the forces
 * are those of all pairs to round-off); a list that would overflow its
 * capacity (8 pairs per disk) is not kept and that evaluation uses the
 * cells.
 */
#ifndef GR_BEDCELLS_H
#define GR_BEDCELLS_H

#include <stddef.h>
#include <stdint.h>

#include "physics/bed.h"

struct gr_bedcells {
  size_t n;        /* disks (capacity, < 2^32) */
  int nc;          /* cells per side */
  double box;      /* L */
  double inv;      /* nc / L */
  uint32_t *start; /* nc^2 + 1: first slot of each cell in cell order */
  uint32_t *fill;  /* nc^2: next free slot while sorting */
  uint32_t *cell;  /* n: cell of each disk */
  uint32_t *order; /* n: the disk in each slot */
  double *px, *py, *vx, *vy, *fx, *fy; /* n each, in slot order */
  /* the neighbour list (skin > 0 only) */
  double skin;         /* s; 0: no list */
  double rl2;          /* (r0 + s)^2 */
  double *ref;         /* 2 n: positions at the build */
  uint32_t *pair;      /* 2 cap: the listed pairs (disk numbers) */
  size_t np, cap;      /* listed pairs, capacity */
  int valid;           /* 1 while the list may be used */
  unsigned long builds; /* list builds since creation */
};

/* Cells for n disks in [0, box]^2 with cutoff rc; NULL when out of memory,
 * when box or rc is not positive or n >= 2^32. */
struct gr_bedcells *gr_bedcells_new(size_t n, double box, double rc);
void gr_bedcells_free(struct gr_bedcells *c);

/* Cells with a neighbour list of skin s > 0 for the cutoff r0 (cells of
 * side >= r0 + s); NULL as gr_bedcells_new, or when s <= 0. */
struct gr_bedcells *gr_bedcells_new_list(size_t n, double box, double r0, double s);

/* Sort the disks of state y (x, y, vx, vy at y[4i..4i+3]) into cell order
 * and clear the slot forces. */
void gr_bedcells_build(struct gr_bedcells *c, const double *y);

/* The cell index of a coordinate (clamped to [0, nc-1]). */
int gr_bedcells_index(const struct gr_bedcells *c, double q);

/* Eqs. 7-8 without the walls for the n disks of y: sets dydt[4i..4i+3] to
 * (vx, vy, 0 + pair force x, ay + pair force y), with the pair terms of
 * eqs. 10-11 (bedpair.h) for cutoff^2 r0sq (summed in an order of their
 * own: equal to the all-pairs loop's to round-off); *dpair gets the pairs'
 * dissipated power.  Returns the number of pairs in contact.  Builds the
 * cells first (with a list: only when the list must be rebuilt). */
size_t gr_bedcells_pairs(struct gr_bedcells *c, const struct gr_bed_model *m,
                         const double *y, double *dydt, double ay, double r0sq,
                         double *dpair);

/* gr_bedcells_pairs is in bedlist.c, above both loops: the cell pair loop
 * alone (bedcells.c), and the neighbour list's (bedlist.c), each with the
 * same contract. */
size_t gr_bedcells_pairs_cells(struct gr_bedcells *c, const struct gr_bed_model *m,
                               const double *y, double *dydt, double ay, double r0sq,
                               double *dpair);
size_t gr_bedcells_pairs_list(struct gr_bedcells *c, const struct gr_bed_model *m,
                              const double *y, double *dydt, double ay, double r0sq,
                              double *dpair);

#endif
