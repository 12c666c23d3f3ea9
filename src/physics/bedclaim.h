/* granrepro physics: the criteria that decide claims of Wilson (2001),
 * section 5, from chaotic runs of the shaken bed (issue 22: a criterion
 * states the alternative it rejects, and tests/check_bedclaim.c shows by
 * Monte Carlo on synthetic data that it rejects it).
 *
 * The runs are chaotic (trajectories of two integrators part within a few
 * time units), so one run is one random draw.  Independent starts give
 * independent draws.  A claim "X happens in this simulation" (the disks of
 * the final snapshot overlap, the energy at the end exceeds the start) is
 * decided by the one-sided binomial (sign) test over n starts of
 *   H0: P(X) <= 1/2,   p = P(K >= k | K ~ Bin(n, 1/2)),  k starts with X;
 * the claim holds (X is the typical outcome, as the thesis's single run
 * shows it) when p < the level fixed beforehand (0.05).  The alternative
 * it rejects: X no more likely than not, i.e. what one run shows is chance.
 * With n = 9 the claim needs k >= 8, with n = 5 all five.
 */
#ifndef GR_BEDCLAIM_H
#define GR_BEDCLAIM_H

#include <stddef.h>

#include "physics/bed.h"

/* The level of every claim decided by the sign test, fixed beforehand. */
#define GR_BEDCLAIM_LEVEL 0.05

/* The visible overlap of gr_bedclaim_overlaps, in units of sigma. */
#define GR_BEDCLAIM_VISIBLE 0.05

/* P(K >= k) for K ~ Bin(n, 1/2) (1 for k = 0, 0 for k > n). */
double gr_bedclaim_binom_p(size_t k, size_t n);

/* The number of x[i] > 0. */
size_t gr_bedclaim_count_positive(const double *x, size_t n);

/* Visible overlaps of a snapshot: *pair = 1 when two disks are closer than
 * (1 - frac) sigma, *wall = 1 when a centre is closer than (1 - frac)
 * sigma/2 to a wall (frac = 0.05: a twentieth of a diameter, about a
 * pixel of a 10 x 10 box at the thesis's figure size). */
void gr_bedclaim_overlaps(const struct gr_bed_model *m, const double *y, double frac,
                          int *pair, int *wall);

#endif
