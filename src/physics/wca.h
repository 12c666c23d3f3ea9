/* granrepro physics: the truncated (purely repulsive) Lennard-Jones
 * potential of B. Wilson, "Computer Simulations of Pattern Formations in
 * Granular Materials", B.Sc. thesis, UBC (2001), eq. 10 and Fig. 8, as the
 * listing hpart.f computes it (fcn1, txt 1544-1545 and 1562-1575):
 *
 *   V(r) = 4 eps [(s/r)^12 - (s/r)^6] + eps   for r <= r0 = 2^(1/6) s,
 *   V(r) = 0                                  beyond.
 *
 * The listing has 4 eps = 1 (eps = 1/4) and s = the disk diameter.  A wall
 * acts on a disk at distance h <= r0/2 with the same law at r = r0/2 + h.
 */
#ifndef GR_WCA_H
#define GR_WCA_H

#include "status.h" /* GR_MUST_CHECK for the bed's status functions */

struct gr_wca {
  double sigma; /* s: the diameter, m(1) in the listing */
  double eps;   /* eps: 1/4 in the listing */
};

/* r0 = 2^(1/6) sigma, the cutoff of eq. 10 and the zero of the force. */
double gr_wca_cutoff(const struct gr_wca *w);

/* The zero of the untruncated Lennard-Jones force of eq. 10, found by
 * bisection (the Check suite holds it to 2^(1/6) sigma): where eq. 10 is
 * cut off, so that the force is continuous and purely repulsive. */
double gr_wca_force_zero(const struct gr_wca *w);

/* V(r) of eq. 10 (0 beyond r0). */
double gr_wca_potential(const struct gr_wca *w, double r);

/* -dV/dr (repulsive positive), 0 beyond r0: the listing's wall cforce,
 * 4 eps (12 s^12/r^13 - 6 s^6/r^7). */
double gr_wca_force(const struct gr_wca *w, double r);

/* The listing's pair cforce: -dV/dr / r, so that the force on i is
 * cforce (r_i - r_j).  0 for r2 >= r0^2 (the listing's strict .lt.). */
double gr_wca_force_over_r(const struct gr_wca *w, double r2);

/* V''(r0) = 72 eps / r0^2: the stiffness of the linearised contact. */
double gr_wca_stiffness(const struct gr_wca *w);

/* Wall potential and force (along the inward normal) for a disk whose
 * centre is at distance h from the wall: V and -dV/dr at r0/2 + h when
 * h <= r0/2, else 0 (listing: .le. r0/2). */
double gr_wca_wall_potential(const struct gr_wca *w, double h);
double gr_wca_wall_force(const struct gr_wca *w, double h);

#endif
