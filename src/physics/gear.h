/* granrepro physics: the Gear predictor-corrector for second-order
 * equations, Appendix A of Buchholtz & Poeschel, Int. J. Mod. Phys. C 4,
 * 1049 (1993), in the standard form of its Ref. 3 (C. W. Gear 1971;
 * M. P. Allen & D. J. Tildesley, Computer Simulation of Liquids, 1987,
 * appendix E).
 *
 * Scaled derivatives x_k = dt^k / k! r^(k), k = 0 .. q (q + 1 = 5 or 6
 * values).  Predict (appendix step 1): the Taylor series, i.e. the Pascal
 * triangle x_j += sum_{k>j} C(k, j) x_k.  Correct (step 3): with the
 * acceleration a computed at the predicted values (step 2),
 * D = dt^2/2 a - x_2 and x_k += c_k D.  The appendix prints the correction
 * as c_k times the acceleration itself; that cannot be right (its
 * acceleration row would say the predicted acceleration is zero):
 * reference/buchholtz1993/gear.tsv.  The printed form is kept as an option
 * (GR_GEAR_PRINTED: x_k += c_k dt^2/2 a) for the variant table.
 */
#ifndef GR_GEAR_H
#define GR_GEAR_H

#include "status.h"

#include <stddef.h>

enum {
  GR_GEAR_VELOCITY = 1, /* Gear's c0 for velocity-dependent forces */
  GR_GEAR_PRINTED = 2   /* the appendix's corrector as printed */
};

struct gr_gear {
  int nv;        /* values per coordinate: 5 or 6 */
  int flags;
  double dt;
  double c[6];   /* corrector coefficients */
  size_t n;      /* coordinates */
  double *x[6];  /* x[k][i]: scaled k-th derivative of coordinate i */
};

/* The standard coefficients of the nv-value method (Allen & Tildesley
 * Table E.2): 5: 19/120 3/4 1 1/2 1/12; 6: 3/20 251/360 1 11/18 1/6 1/60;
 * with GR_GEAR_VELOCITY c0 = 19/90 (5) or 3/16 (6).  0 or 2 (bad nv). */
int gr_gear_coefficients(int nv, int flags, double c[6]) GR_MUST_CHECK;

/* n coordinates, all derivatives zero.  0, 2 (bad nv, dt), 4 (memory). */
int gr_gear_init(struct gr_gear *g, int nv, int flags, size_t n, double dt) GR_MUST_CHECK;
void gr_gear_free(struct gr_gear *g);

/* Set coordinate i: position, velocity, acceleration (higher ones 0). */
void gr_gear_set(struct gr_gear *g, size_t i, double r, double v, double a);

/* Appendix step 1: the Taylor predictor for every coordinate. */
void gr_gear_predict(struct gr_gear *g);

/* Appendix step 3 with a[i] the acceleration at the predicted values. */
void gr_gear_correct(struct gr_gear *g, const double *a);

/* Unscaled velocity r' and acceleration r'' of coordinate i. */
double gr_gear_velocity(const struct gr_gear *g, size_t i);
double gr_gear_acceleration(const struct gr_gear *g, size_t i);

/* The closed-form problems that measure a method (nv values, flags as
 * gr_gear_init), each integrated on one coordinate:
 * x'' = -x - 2 z x' from x = 1, v = 0 over n = lround(T / dt) steps; *err
 * = |x(n dt) - exact|.  exact = 1 starts every scaled derivative from the
 * ODE (x^(k) = -x^(k-2) - 2 z x^(k-1)), exact = 0 the third and higher at
 * zero, as a simulation does.  GR_OK, GR_EINPUT (z outside [0, 1), T <= 0,
 * bad nv or dt), GR_ENOMEM. */
int gr_gear_oscillator_error(int nv, int flags, double z, double dt, double T, int exact,
                             double *err) GR_MUST_CHECK;

/* n steps of free fall x'' = a from (x0, v0); *err = |x - (x0 + v0 t +
 * a t^2 / 2)| at t = n dt (round-off for the standard corrector, the
 * predictor being exact on a parabola).  GR_OK, GR_EINPUT, GR_ENOMEM. */
int gr_gear_freefall_error(int nv, int flags, double x0, double v0, double a, double dt, long n,
                           double *err) GR_MUST_CHECK;

#endif
