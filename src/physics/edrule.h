/* granrepro physics: collision rules for equal smooth hard disks of unit
 * mass, the options of the event-driven engine (edmd.h).
 *
 *  - elastic: Wilson 2001, eqs. (3)-(4) as the listing's diskev applies them
 *    (normal components exchanged, tangential kept; Lubachevsky, J. Comput.
 *    Phys. 94, 255 (1991)).
 *  - restitution e: the normal relative velocity is reversed and scaled by e,
 *    the pair's momentum is conserved (the standard inelastic hard sphere).
 *  - wilson-code: the rule exactly as the listing's diskev applies it,
 *    v1' = COEFF (v1t + v2n), v2' = COEFF (v2t + v1n): the coefficient mu
 *    multiplies the whole post-collision velocity, so each collision scales
 *    the pair's momentum by mu and its kinetic energy by mu^2.
 *  - the cures of inelastic collapse, on top of either inelastic rule: the
 *    TC model (Luding & McNamara, Granular Matter 1, 113 (1998)): a collision
 *    within tc of either disk's previous disk-disk collision is elastic; and
 *    a velocity cutoff (as in Bizon et al., PRL 80, 57 (1998), reduced to a
 *    step): elastic when the normal relative speed is below vcut.
 */
#ifndef GR_EDRULE_H
#define GR_EDRULE_H

#include "status.h"

enum gr_edrule_kind {
  GR_EDRULE_ELASTIC = 0,
  GR_EDRULE_RESTITUTION,
  GR_EDRULE_WILSON_CODE
};

struct gr_edrule {
  enum gr_edrule_kind kind;
  double e;    /* restitution coefficient or the code's COEFF (mu), in [0, 1] */
  double tc;   /* TC model: contact duration; 0 = off */
  double vcut; /* velocity cutoff: elastic below this normal speed; 0 = off */
};

/* Why a collision was made elastic by a cure (the result of gr_edrule_apply). */
enum gr_edrule_cure { GR_EDRULE_AS_RULE = 0, GR_EDRULE_CURE_TC, GR_EDRULE_CURE_VCUT };

/* Collide disks i and j in contact: n = unit vector from i to j, v the
 * velocities (changed in place); ti, tj the times of their previous
 * disk-disk collisions, t now.  Returns which cure (if any) made it
 * elastic.  The normal relative speed g_n = (vj - vi).n must be < 0. */
enum gr_edrule_cure gr_edrule_apply(const struct gr_edrule *r, double nx, double ny,
                                    double *vix, double *viy, double *vjx, double *vjy,
                                    double ti, double tj, double t);

/* The text's inelastic rule, eqs. (5)-(6) read with the exchange of
 * normal components of eqs. (3)-(4) (the listing's diskev): v_i' = mu v_jn
 * + v_it, v_j' = mu v_in + v_jt.  The pair's normal momentum becomes mu
 * (v_in + v_jn): not conserved for mu < 1, whatever section 2.4 says.  Not
 * an engine rule (the runs use the kinds above). */
void gr_edrule_text(double mu, double nx, double ny, double *vix, double *viy, double *vjx,
                    double *vjy);

/* Short name: "elastic", "restitution", "wilson-code". */
const char *gr_edrule_name(enum gr_edrule_kind k);

/* GR_OK when the rule's numbers are in range, GR_EINPUT otherwise. */
int gr_edrule_check(const struct gr_edrule *r) GR_MUST_CHECK;

#endif
