/* granrepro physics: two equal spheres on a line under the combined
 * Van der Waals / latching-spring normal force of eq. 5.29, integrated
 * with the leap-frog Verlet scheme of eq. 2.19 (Sweetman 2003, sections
 * 2.5 and 5.4: the two-particle test).  Each particle is advanced with
 * its own force (equal and opposite), so momentum conservation is a
 * property of the force loop, not of the coordinates.
 */
#ifndef GR_VDWPAIR_H
#define GR_VDWPAIR_H

#include "physics/contact.h"
#include "physics/vdw.h"

struct gr_vdwpair {
  const struct gr_vdw_model *model;
  double mass, radius, dt;
  double x[2];   /* centres at step n */
  double vh[2];  /* velocities at step n - 1/2 */
  double t;      /* time of step n */
  long n;
  struct gr_contact_pair st; /* the pair's spring history */
};

/* What step n saw: time, separation, forces (positive = repulsive),
 * velocities at step n (mean of the half steps, eq. 2.19). */
struct gr_vdwpair_sample {
  double t, alpha, fvdw, fspring, v[2];
};

/* Two spheres at rest (v = 0 at t = 0), surfaces gap apart; the first
 * half-step velocities are v(-dt/2) = -F(0) dt / (2m). */
void gr_vdwpair_init(struct gr_vdwpair *p, const struct gr_vdw_model *model,
                     double mass, double radius, double gap, double dt);

/* Surface separation at step n. */
double gr_vdwpair_alpha(const struct gr_vdwpair *p);

/* One leap-frog step (eq. 2.19): force at step n, velocities to n + 1/2,
 * positions to n + 1.  Fills *s for step n when s is not NULL. */
void gr_vdwpair_step(struct gr_vdwpair *p, struct gr_vdwpair_sample *s);

#endif
