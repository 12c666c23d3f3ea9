/* granrepro physics: the Van der Waals force model of Sweetman 2003,
 * chapter 5: the Hamaker sphere-wall law (eq. 5.20-5.21), the Derjaguin
 * sphere-sphere law (eq. 5.27-5.28) with the repulsive r_ss term of the
 * Lennard-Jones potential (eq. 5.1), the attractive-only form (r_ss = 0),
 * and the combined normal force model of eq. 5.29 (cut-off distance,
 * minimum separation below which the force is held, latching spring below
 * contact).
 *
 * Sign convention (one for every force here): a force is the normal force
 * between the two surfaces, positive when it pushes them apart, i.e.
 * F = -dU/dalpha.  Van der Waals attraction is therefore negative.  The
 * thesis prints the Van der Waals branches with attraction positive
 * (eq. 5.3, F = +dU/dalpha) and the spring branches of eq. 5.29 with
 * repulsion positive; see README (vdw findings).
 *
 * alpha is the surface separation (negative = overlap, as in eq. 5.29).
 * All laws take an effective radius: R for sphere-wall, R1 R2 / (R1 + R2)
 * for two spheres (R / 2 for equal ones), so that one formula,
 * F = -A Reff / (6 alpha^2) (1 - r_ss^6 / (60 alpha^6)), is eq. 5.21 and
 * eq. 5.27-5.28 at once.
 */
#ifndef GR_VDW_H
#define GR_VDW_H

#include "status.h"
#include "physics/contact.h"

/* Effective radius of eq. 5.27: R1 R2 / (R1 + R2); R2 = 0 means a wall. */
double gr_vdw_reff(double r1, double r2);

/* Force between a sphere of effective radius reff and its partner at
 * separation alpha > 0, Hamaker constant A (eq. 5.21 / 5.28; r_ss = 0 gives
 * the attractive-only form). */
double gr_vdw_force(double a, double reff, double rss, double alpha);

/* Potential whose -derivative is gr_vdw_force (eq. 5.20 generalised by
 * Derjaguin): U = -A Reff / (6 alpha) (1 - r_ss^6 / (420 alpha^6)). */
double gr_vdw_potential(double a, double reff, double rss, double alpha);

/* Separation where the force with repulsion vanishes: r_ss / 60^(1/6). */
double gr_vdw_zero_separation(double rss);

/* Separation of the strongest attraction: r_ss / 15^(1/6); the force there
 * is 3/4 of the attractive-only value. */
double gr_vdw_peak_separation(double rss);

/* The combined model of eq. 5.29. */
struct gr_vdw_model {
  double a;       /* Hamaker constant A, J */
  double reff;    /* effective radius (of the asperities, thesis), m */
  double rss;     /* r_ss of eq. 5.1; 0 = attractive-only form */
  double cutoff;  /* alpha_cutoff: no force beyond it */
  double amin;    /* alpha_min: the Van der Waals force is held below it */
  double hold;    /* force held on 0 <= alpha <= alpha_min: gr_vdw_force at amin */
  struct gr_contact_law law; /* the latching spring below contact */
};

/* Set up the model; hold is computed.  Returns GR_OK, GR_EINPUT on bad arguments
 * (0 <= amin < cutoff, A, reff > 0, the contact law as in contact.h). */
int gr_vdw_model_init(struct gr_vdw_model *m, double a, double reff,
                      double rss, double cutoff, double amin, double k1,
                      double e) GR_MUST_CHECK;

/* Van der Waals part of eq. 5.29 at separation alpha: 0 beyond the
 * cut-off, the law between alpha_min and the cut-off, the held value from
 * 0 to alpha_min, and 0 in overlap (alpha < 0). */
double gr_vdw_model_vdw(const struct gr_vdw_model *m, double alpha);

/* Total normal force of eq. 5.29 (Van der Waals part plus the latching
 * spring at overlap -alpha), updating the pair's spring history.  The two
 * parts are returned in *fvdw and *fspring when not NULL. */
double gr_vdw_model_force(const struct gr_vdw_model *m,
                          struct gr_contact_pair *st, double alpha,
                          double *fvdw, double *fspring);

/* Potential of the Van der Waals part of eq. 5.29, zero beyond the
 * cut-off and continuous everywhere (its -derivative is
 * gr_vdw_model_vdw). */
double gr_vdw_model_potential(const struct gr_vdw_model *m, double alpha);

#endif
