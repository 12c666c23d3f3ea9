/* granrepro physics: Walton's partially latching spring, the normal contact
 * force of a DEM code (Sweetman 2003, section 2.4, eq. 2.1-2.9, after
 * Walton 1991), and the time step of section 2.5 (eq. 2.20-2.23).
 *
 * Loading follows F = K1 delta; unloading follows the stiffer
 * F = K2 (delta - delta0), K2 = K1 / e^2, where delta0 is the overlap at
 * which the unloading force reaches zero.  delta0 is carried from step to
 * step in a small per-pair state (struct gr_contact_pair), which a
 * neighbour list stores beside each pair (the thesis' A and A0 arrays; its
 * per-pair SK is not needed while K2 is the same for every pair).  The
 * constant coefficient of restitution is e = sqrt(K1 / K2) (eq. 2.9).
 *
 * Sign: delta is the overlap (positive when the surfaces interpenetrate);
 * the force is positive when it pushes the two bodies apart.
 */
#ifndef GR_CONTACT_H
#define GR_CONTACT_H

#include "status.h"

/* The law: loading and unloading stiffness.  Build it with
 * gr_contact_law_init so that k2 = k1 / e^2 holds. */
struct gr_contact_law {
  double k1;  /* loading stiffness K1, N/m */
  double k2;  /* unloading stiffness K2 = K1 / e^2 */
  double e;   /* coefficient of restitution */
  double lat; /* 1 - K1/K2 = 1 - e^2: delta0 = lat * delta on the loading line */
};

/* Per-pair history, 16 bytes, all-zero = no contact yet: a neighbour
 * list can calloc an array of these and keep one per pair. */
struct gr_contact_pair {
  double delta0; /* overlap of zero unloading force (thesis A0) */
  double delta;  /* overlap at the last evaluation (thesis A) */
};

/* Set up the law from K1 and e (0 < e <= 1).  Returns GR_OK, or GR_EINPUT
 * when an argument is out of range. */
int gr_contact_law_init(struct gr_contact_law *law, double k1, double e) GR_MUST_CHECK;

/* Forget the history of a pair (the pair separated or is new). */
void gr_contact_pair_reset(struct gr_contact_pair *st);

/* Normal force at overlap delta (eq. 2.1), updating the pair's delta0:
 * on the loading line the latch point moves with the overlap
 * (delta0 = (1 - e^2) delta); off it the force follows the unloading line,
 * never pulls (F >= 0), and reloading climbs the unloading line back to
 * the loading line.  delta <= 0 ends the contact and resets the pair. */
double gr_contact_force(const struct gr_contact_law *law,
                        struct gr_contact_pair *st, double delta);

/* Elastic energy stored in the spring at the pair's current state: on the
 * unloading line 1/2 K2 (delta - delta0)^2 (the part that comes back). */
double gr_contact_energy(const struct gr_contact_law *law,
                         const struct gr_contact_pair *st);

/* Collision time of eq. 2.21: half a period of the unloading spring,
 * pi sqrt(mu / K2), with mu the reduced mass (eq. 2.20). */
double gr_contact_time_eq221(const struct gr_contact_law *law, double mu);

/* True duration of a contact under the law: a quarter period on K1 and a
 * quarter on K2, pi/2 (sqrt(mu/K1) + sqrt(mu/K2)). */
double gr_contact_duration(const struct gr_contact_law *law, double mu);

/* Time step of eq. 2.23 for two equal masses m: pi e sqrt(m / (2 K1)) / n. */
double gr_contact_dt(double m, double k1, double e, double n);

/* Eq. 2.23 solved for K1: the loading stiffness implied by dt, m, e, n. */
double gr_contact_k1_from_dt(double m, double e, double n, double dt);

/* Eq. 2.23 solved for n: steps per collision implied by dt, m, K1, e. */
double gr_contact_n_from_dt(double m, double k1, double e, double dt);

#endif
