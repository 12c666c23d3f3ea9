/* granrepro physics: the simulation box shared by the neighbour searches
 * (Sweetman 2003, ch. 2-3): a rectangular box [0, len) per axis, each axis
 * either walled or periodic (minimum image).
 *
 * Every search decides "pair (i, j) is a neighbour" with the one function
 * gr_box_dist2 below, whose result does not depend on the order of i and j
 * (see gr_box_delta), so that the N-squared, chain-cell and sorted-cell
 * searches take bit-identical decisions even for pairs exactly at the
 * cutoff.
 */
#ifndef GR_BOX_H
#define GR_BOX_H

#include <math.h>

#include "status.h" /* the neighbour searches return GR_OK, GR_EINPUT, GR_ENOMEM */

struct gr_box {
  double len[3];   /* edge lengths */
  int periodic[3]; /* 1: periodic axis (minimum image), 0: walls */
};

/* One component of x_i - x_j, folded to the minimum image on a periodic
 * axis (valid when len >= 2 * cutoff, which the cell grids guarantee).
 * Exactly antisymmetric: swapping i and j negates the result bit for bit
 * (IEEE subtraction is, and nearbyint rounds ties to even), so a squared
 * distance does not depend on which particle comes first. */
static inline double gr_box_delta(const struct gr_box *b, int k, double xi,
                                  double xj)
{
  double d = xi - xj;
  if (b->periodic[k])
    d -= b->len[k] * nearbyint(d / b->len[k]);
  return d;
}

/* Cell index along one axis of m cells for q = x * (m / len): INT(q) of
 * eq. 3.1, clamped to 0..m-1 at walls, folded MOD m on a periodic axis. */
static inline long gr_box_cell(double q, int m, int periodic)
{
  long i;
  if (!periodic)
    return q <= 0.0 ? 0 : (q >= m - 1 ? m - 1 : (long)q);
  i = (long)floor(q) % m;
  return i < 0 ? i + m : i;
}

/* Squared distance of particles at a and b (a is the lower index). */
static inline double gr_box_dist2(const struct gr_box *b, double ax,
                                  double ay, double az, double bx, double by,
                                  double bz)
{
  double dx = gr_box_delta(b, 0, ax, bx), dy = gr_box_delta(b, 1, ay, by),
         dz = gr_box_delta(b, 2, az, bz);
  return dx * dx + dy * dy + dz * dz;
}

#endif
