/* granrepro physics: random initial states of hard disks in a rectangular
 * box with walls: random sequential placement without overlap and velocity
 * distributions.  The placement is Wilson's start (B. Wilson, UBC 2001,
 * appendix A.1, rand_pos_vel_assign and check): each attempt draws a
 * position uniform in the box (and, when asked, a velocity with it, so a
 * rejected attempt spends its velocity draws too, as the listing does); it
 * is kept when the disk lies inside the box and overlaps none placed
 * before.  Random sequential adsorption jams near an area fraction 0.547
 * (Hinrichsen, Feder & Jossang, J. Stat. Phys. 44, 793 (1986)). */
#ifndef GR_PLACE_RANDOM_H
#define GR_PLACE_RANDOM_H

#include "status.h"

#include <gsl/gsl_rng.h>

/* The box [0, lx] x [0, ly], the disks and the attempt budget. */
struct gr_place_random {
  double lx, ly;   /* box sides (>= d) */
  double d;        /* disk diameter (> 0) */
  double vmax;     /* velocities drawn with each attempt: uniform in [-vmax, vmax] */
  long maxtries;   /* attempts per disk before giving up (>= 1) */
};

/* Place n disks: centres in [d/2, lx - d/2] x [d/2, ly - d/2], every pair at
 * least d apart.  An attempt draws x = lx u1, y = ly u2 and, when vx and vy
 * are not NULL, vx = vmax (1 - 2 u3), vy = vmax (1 - 2 u4) (u from rng, in
 * this order).  GR_OK; GR_EINPUT for bad parameters; GR_ENOMEM; GR_EFAIL
 * when a disk found no place in maxtries attempts (the box is jammed). */
int gr_place_random_disks(const struct gr_place_random *p, int n, gsl_rng *rng,
                          double *x, double *y, double *vx, double *vy) GR_MUST_CHECK;

/* Velocities uniform in [-vmax, vmax] per component, drawn vx[0], vy[0],
 * vx[1], ... as vmax (1 - 2 u): mean 0, variance vmax^2 / 3. */
void gr_place_random_vel_uniform(gsl_rng *rng, int n, double vmax, double *vx,
                                 double *vy);

/* Gaussian (Maxwellian) velocities: gr_place_lattice_gauss
 * (physics/place_lattice.h). */

#endif
