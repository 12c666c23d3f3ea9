/* granrepro physics: the test of Sweetman 2003, section 4.1 (txt lines
 * 1131-1146) -- two codes, one with an N-squared search and one with the
 * chain-cell search, sum the pair forces in different orders, and round-off
 * is expected to make their trajectories drift apart.
 *
 * The engine of physics/dem.h keeps its list in one canonical order
 * whatever the search, so its trajectories cannot differ.  This variant of
 * its step sums the forces in the order the search left the list, as the
 * thesis's FORCES routine does (section 2.3: a loop over the particles,
 * each one's linked list of partners in the order the UPDATE routine added
 * them): particle i's row holds its partners j > i in the order the search
 * met the pairs (N-squared: ascending j; chain cells: the cell-by-cell
 * order of section 3.3), and the forces are added in that order, the walls
 * after the pairs, then the leap-frog of eq. 2.19.  The N-squared search's
 * order is the canonical one, the bytes of gr_dem_step; the sorted cells
 * (GR_DEM_SORT) make the identical list (nbr.h), so they give the
 * N-squared order at a cell search's cost.
 *
 * The per-pair contact, its history and the move are the engine's own
 * (demkern.h); only the order of the sums differs.  One thread, no cell
 * order (p.reorder 0).
 *
 * gr_demdrift_first_above is the criterion of the claim: the first sample
 * time at which a difference exceeds a tolerance.
 */
#ifndef GR_DEMDRIFT_H
#define GR_DEMDRIFT_H

#include "status.h"
#include <stddef.h>
#include <stdint.h>

#include "physics/dem.h"

/* The search order of the current list: perm[s] for s in row i's slots
 * start[i] .. start[i+1]-1 is the list index q of the row's s-th pair in
 * the order the search met it. */
struct gr_demdrift {
  uint32_t *perm;
  uint32_t *fill; /* n: scratch of the row counts */
  size_t pcap, ncap;
  long rebuilds;  /* the engine's rebuild count perm was made for */
};

void gr_demdrift_init(struct gr_demdrift *o);
void gr_demdrift_free(struct gr_demdrift *o);

/* One step of d (update, forces summed in the search's order, leap-frog);
 * GR_OK, GR_ENOMEM, or GR_EINPUT for cell order (p.reorder). */
int gr_demdrift_step(struct gr_dem *d, struct gr_demdrift *o) GR_MUST_CHECK;

/* Largest |x_a - x_b| over every coordinate of two engines of n particles
 * (no cell order); *same is 1 when the positions are bitwise equal. */
double gr_demdrift_maxdiff(const struct gr_dem *a, const struct gr_dem *b, int *same);

/* The criterion: the first t[k] (k < n, ascending) with dx[k] > tol, or
 * -1 when none (the trajectories are "the same" to tol over the span). */
double gr_demdrift_first_above(const double *t, const double *dx, size_t n, double tol);

#endif
