/* granrepro physics: integrators for the shaken bed of Wilson (2001),
 * section 4.2 and hpart.f's calls of LSODA (txt 1377-1398):
 *
 *   itol = 1, rtol = atol = tol (error weights tol |y_i| + tol, max norm),
 *   itask = 1 (to tout, overshooting and interpolating), iopt = 0 (at most
 *   mxstep = 500 steps per call), jt = 2 (finite-difference full Jacobian),
 *   istate = 1 at every output interval: a fresh start (order 1, LSODA's
 *   initial step h0) each dtout.
 *
 * LSODA is not packaged for Debian; the GSL odeiv2 substitutes: msadams
 * (LSODA's non-stiff Adams branch), msbdf (its stiff BDF branch, with a
 * finite-difference Jacobian as jt = 2), rk8pd at tight tolerance as the
 * reference.  GSL's driver steps to tout exactly; itask = 1 is the option
 * overshoot: the stepper steps freely past tout and the output is the
 * cubic Hermite interpolant of the last step's end points and derivatives
 * (LSODA interpolates its Nordsieck array, of the method's order); with
 * restart the next interval starts afresh from that interpolated state, as
 * hpart's istate = 1 does, else it continues the stepper's own state (as
 * istate = 2 would).  GSL does not switch methods; LSODA's mxstep (500
 * steps per call) is an option (the interval then fails, as hpart stops on
 * istate = -1).  A fixed-step velocity Verlet is the fourth integrator.
 *
 * GR_BEDINT_LSODA is the real LSODA (physics/lsoda.h, held to scipy's
 * odeint): always itask = 1, its own error weights, initial step, step
 * and order selection and Adams/BDF switching; restart chooses istate = 1
 * or 2, mxstep as above (0: no limit), overshoot does not apply.
 */
#ifndef GR_BEDINT_H
#define GR_BEDINT_H

#include <stddef.h>

#include "physics/bed.h"

enum gr_bedint_method {
  GR_BEDINT_MSADAMS = 0,
  GR_BEDINT_MSBDF,
  GR_BEDINT_RK8PD,
  GR_BEDINT_VERLET,
  GR_BEDINT_LSODA
};

struct gr_bedint_opts {
  int method;  /* enum gr_bedint_method */
  double tol;  /* rtol = atol (GSL methods) */
  double dt;   /* Verlet step */
  int restart; /* 1: fresh start at every output interval (listing) */
  unsigned long mxstep; /* > 0: fail an interval needing more steps
                           (LSODA's default 500 with iopt = 0) */
  int overshoot; /* 1: itask = 1, step past tout and interpolate (GSL
                    methods); 0: land on tout (GSL's driver) */
};

struct gr_bedint; /* opaque */

/* An integrator for the model (which must outlive it); cells may be NULL
 * (all pairs).  NULL when out of memory or the options are invalid. */
struct gr_bedint *gr_bedint_new(const struct gr_bed_model *m,
                                struct gr_bedcells *cells,
                                const struct gr_bedint_opts *o);
void gr_bedint_free(struct gr_bedint *it);

/* Advance y from *t to tout (one output interval): GR_OK, or GR_EFAIL when
 * the GSL stepper fails (then *t is where it stopped). */
int gr_bedint_interval(struct gr_bedint *it, double *t, double tout, double *y) GR_MUST_CHECK;

/* The cubic Hermite interpolant at t of n components through (t0, y0)
 * and (t1, y1) with derivatives f0, f1 (t0 != t1): exact for cubics,
 * error O(h^4) in h = t1 - t0. */
void gr_bedint_hermite(size_t n, double t0, const double *y0, const double *f0, double t1,
                       const double *y1, const double *f1, double t, double *out);

/* Counters since creation: steps, right-hand-side evaluations (the
 * Jacobian's included), the most steps in one interval, failed steps (GSL
 * methods), and the intervals whose last step LSODA took with BDF. */
struct gr_bedint_stats {
  unsigned long steps, fevals, max_steps_interval, failed, bdf_intervals;
};
void gr_bedint_stats(const struct gr_bedint *it, struct gr_bedint_stats *s);

/* LSODA's initial step for a fresh start (itol = 1): h0 = 1/sqrt(1/(tol
 * w0^2) + tol |f|^2) with |f| the weighted max norm, w0 = max(|t|,|tout|),
 * tol clamped to [100 u, 1e-3], at most tout - t. */
double gr_bedint_lsoda_h0(size_t neq, const double *y, const double *f,
                          double tol, double t, double tout);

/* Work-space arithmetic for neq equations, in doubles: LSODA's lrn =
 * 20 + 16 neq (Adams) and lrs = 22 + 9 neq + neq^2 (BDF, jt = 1 or 2), the
 * fixed-length requirement max(lrn, lrs) (LSODA documentation); and the
 * dense matrices of the GSL method as used here (msbdf: the Jacobian and
 * the Newton matrix, 2 neq^2, plus this module's neq^2-free scratch). */
size_t gr_bedint_lsoda_lrn(size_t neq);
size_t gr_bedint_lsoda_lrs(size_t neq);
size_t gr_bedint_dense_doubles(int method, size_t neq);

#endif
