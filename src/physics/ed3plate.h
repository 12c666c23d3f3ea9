/* granrepro physics: the vibrating plate of the 3D event-driven engine
 * (ed3.h; Bizon et al., PRL 80, 57 (1998): an infinitely heavy plate
 * z_p(t) = A sin(omega t + phase0)) and the prediction of a sphere's next
 * contact with it.
 *
 * The phase is kept exactly: t = k T + s with k = floor(t / T) an integer
 * cycle count and s = fma(-k, T, t) the time into the cycle (one rounding),
 * theta = omega s + phase0: the plate is exactly periodic in the engine's
 * period T and its phase carries no error that grows with the number of
 * cycles (only that of t itself, a few ulp).
 *
 * The earliest contact (facts sheet, "Event prediction against a moving
 * plate"): the gap between the sphere's parabola and the plate,
 * h(t) = z(t) - r - z_p(t), has h'' = -g - z_p''(t).  The cycle is cut at
 * the phases where z_p'' = -g (sin theta = 1 / Gamma, Gamma = A omega^2 / g;
 * for Gamma <= 1 at theta = pi/2, 3 pi/2), so that on each piece h is
 * convex or concave, which decides its zeros without a scan:
 *  - concave, h(a) > 0: a zero iff h(b) < 0, unique; when the sphere
 *    leaves the contact level at a (h'(a) > 0) the zero lies after the
 *    maximum of h;
 *  - convex, h(a) > 0: a zero iff h(b) < 0 (unique), or h' changes sign in
 *    [a, b] and h is negative at its minimum (then unique before it; a
 *    minimum at exactly 0 is a graze: no impulse, no event).
 * Each zero is bracketed on a monotone stretch of h and polished by Newton
 * steps from the side where they converge monotonically (convex: from the
 * left, concave: from the right), safeguarded by bisection, to adjacent
 * doubles; the time returned is the last one with the gap still above the
 * contact level (no overlap).  The contact level is min(0, h(t0)): a sphere
 * that left the plate by round-off below it is not caught again at once.
 * Before any trigonometry a piece is skipped when the sphere's parabola
 * stays above the plate's highest point over it, or when the lower bound
 * h(a) + h'(a) s - (g + A omega^2) s^2 / 2 stays positive.
 *
 * The piecewise-parabolic plate (GR_ED3_PLATE_PARABOLIC): z_p'' = -A omega^2
 * for theta in [0, pi), +A omega^2 in [pi, 2 pi), z_p = A theta (pi - theta) / 2
 * on the first half (amplitude A pi^2 / 8); h is a quadratic on each half
 * and its zeros are closed form.
 */
#ifndef GR_ED3PLATE_H
#define GR_ED3PLATE_H

#include "status.h"

struct gr_ed3_plate {
  int kind;                /* enum gr_ed3_plate_kind (ed3.h) */
  double amp, omega, g;
  double phase0;           /* reduced to [0, 2 pi) */
  double period;           /* T = 2 pi / omega */
  double acc;              /* A omega^2 */
  double zmax, zmin;       /* highest and lowest surface */
  double cut[2];           /* times into the cycle of the pieces' ends, ascending */
  int convex[2];           /* the piece that ends at cut[j] is convex in h */
  double hdd[2];           /* parabolic: h'' = -g - z_p'' on that piece */
};

/* Set up a plate; GR_EINPUT when omega <= 0, amp < 0, g < 0 or a value is not finite. */
int gr_ed3_plate_init(struct gr_ed3_plate *pl, int kind, double amp, double omega,
                      double phase0, double g);

/* The plate's height, velocity and acceleration at time t (any may be NULL). */
void gr_ed3_plate_eval(const struct gr_ed3_plate *pl, double t, double *z, double *v, double *a);

/* The plate's phase at t in [0, 2 pi). */
double gr_ed3_plate_phase(const struct gr_ed3_plate *pl, double t);

/* The take-off time of a sphere resting on the plate (the completely
 * inelastic ball's rule, physics/ballmap.h): the first time after t at
 * which the plate's acceleration falls through -g, the end of a piece on
 * which the gap is concave followed by a convex one (sine: phase
 * arcsin(1 / Gamma); parabolic: phase 0).  +inf when the plate never
 * accelerates down faster than g (Gamma <= 1). */
double gr_ed3_plate_takeoff(const struct gr_ed3_plate *pl, double t);

/* The earliest time in [t0, t_end] at which a sphere of radius r whose
 * centre is at height z + vz (t - tau) - g (t - tau)^2 / 2 meets the plate
 * while approaching it.  Returns 1 and *t_hit, or 0 when there is none
 * before t_end (t_end finite).  *nfun (may be NULL) counts gap evaluations. */
int gr_ed3_plate_contact(const struct gr_ed3_plate *pl, double tau, double z, double vz,
                         double r, double t0, double t_end, double *t_hit, long long *nfun);

#endif
