/* granrepro physics: a linked-cell list for the pair loop of the shaken bed
 * (Wilson 2001, section 5: "The domain of the simulation could be broken
 * into cells ... to reduce the number of particles that are compared").
 *
 * The box [0, L]^2 is cut into nc x nc square cells of side >= rc; a disk
 * outside the box (pressed into a wall) is filed in the nearest cell.
 * Pairs closer than rc are then in the same or adjacent cells; the pair
 * loop visits each cell with itself and four forward neighbours (E, NW, N,
 * NE), so every pair once.  All memory is allocated by gr_bedcells_new.
 */
#ifndef GR_BEDCELLS_H
#define GR_BEDCELLS_H

#include <stddef.h>

struct gr_bedcells {
  size_t n;     /* disks (capacity) */
  int nc;       /* cells per side */
  double box;   /* L */
  double inv;   /* nc / L */
  long *head;   /* nc * nc: first disk of each cell, -1 when empty */
  long *next;   /* n: next disk in the same cell, -1 at the end */
};

/* Cells for n disks in [0, box]^2 with cutoff rc; NULL when out of memory
 * or when box or rc is not positive. */
struct gr_bedcells *gr_bedcells_new(size_t n, double box, double rc);
void gr_bedcells_free(struct gr_bedcells *c);

/* File the disks of state y (x, y at y[4i], y[4i+1]) in their cells. */
void gr_bedcells_build(struct gr_bedcells *c, const double *y);

/* The cell index of a coordinate (clamped to [0, nc-1]). */
int gr_bedcells_index(const struct gr_bedcells *c, double q);

#endif
