/* granrepro physics: the incrementally slipping tangential friction model
 * of a DEM contact (Sweetman 2003, section 2.4, eqs. 2.10-2.14, after
 * Walton 1991 and Walton & Braun 1986).
 *
 * Per contact the model carries the tangential force T of the last step,
 * the turning point T* (the thesis's TM) and the normal force of the last
 * step.  One evaluation: project T onto the current tangent plane keeping
 * its magnitude (eq. 2.11), rescale T* by the change of the normal force
 * (eq. 2.12), split the tangential surface displacement into the part
 * along T (loaded with the softening stiffness K_T of eq. 2.10) and the
 * part across it (new, stiffness K_o, eq. 2.13), add (eq. 2.14) and cap
 * the magnitude at mu F_N (sliding).  T* becomes |T| whenever the load
 * turns from increasing to decreasing or back.
 *
 * Sign: u is the tangential displacement increment that loads the force
 * on the body (for a body sliding with relative tangential velocity v_t
 * over dt, u = -v_t dt), so T grows along u and opposes the sliding.
 */
#ifndef GR_FRICTION_H
#define GR_FRICTION_H

struct gr_friction_law {
  double k0;    /* initial tangential stiffness K_o */
  double mu;    /* friction coefficient */
  double gamma; /* exponent of eq. 2.10 (the thesis's y; Walton uses 1/3) */
};

/* History of one contact, six reals (zero = no contact yet). */
enum { GR_FRIC_TX = 0, GR_FRIC_TY, GR_FRIC_TZ, GR_FRIC_TSTAR, GR_FRIC_FN,
       GR_FRIC_DIR, GR_FRIC_NHIST };

/* Eq. 2.10: K_T for load |T| = tmag, turning point tstar, limit
 * lim = mu F_N; dir > 0 for T increasing, < 0 for T decreasing.  The
 * bracket is clamped to [0, 1] (K_T = 0 at full slip). */
double gr_friction_kt(const struct gr_friction_law *law, double tmag,
                      double tstar, double lim, int dir);

/* Eqs. 2.11-2.14 and the cap: new tangential force t[3] on the body for
 * unit normal n, increment u (see above) and normal force fn, updating
 * the history h (GR_FRIC_NHIST reals).  fn <= 0 resets h and gives 0. */
void gr_friction_force(const struct gr_friction_law *law, double *h,
                       const double n[3], const double u[3], double fn,
                       double t[3]);

#endif
