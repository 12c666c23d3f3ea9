/* granrepro physics: LSODA, the Livermore solver with automatic selection
 * between non-stiff (Adams-Moulton, orders 1-12, functional iteration) and
 * stiff (BDF, orders 1-5, Newton iteration with a finite-difference full
 * Jacobian and LU) methods, written from the method as ODEPACK's DLSODA
 * describes it:
 *
 *   A. C. Hindmarsh, "ODEPACK, a systematized collection of ODE solvers",
 *   in Scientific Computing (R. S. Stepleman et al., eds.), IMACS
 *   Transactions on Scientific Computation vol. 1, North-Holland (1983),
 *   pp. 55-64;
 *   L. R. Petzold, "Automatic selection of methods for solving stiff and
 *   nonstiff systems of ordinary differential equations", SIAM J. Sci.
 *   Stat. Comput. 4 (1983) 136-148.
 *
 * What it does as DLSODA does with itol = 1 or 2, itask = 1, iopt = 0 or
 * the optional inputs below, jt = 2: the Nordsieck history array, error
 * weights ewt_i = rtol |y_i| + atol_i in the weighted max norm, DLSODA's
 * initial step h0, its step and order selection (safety factors 1.2, 1.3,
 * 1.4 for the same, lower and higher order, no change under 1.1), the
 * stiffness test of the method switch (Adams -> BDF when the step BDF could
 * take is 5 times the one Adams can, Adams limited by its stability region
 * through the Lipschitz estimate of the corrector; BDF -> Adams likewise),
 * itask = 1 (step past tout and interpolate the Nordsieck array at the
 * current order), istate = 1 (fresh start) and 2 (continue), mxstep steps
 * per call (default 500) as an error status.  No I/O.
 */
#ifndef GR_LSODA_H
#define GR_LSODA_H

#include <stddef.h>

#include "status.h"


/* The right-hand side dy/dt = f(t, y): returns 0, or nonzero to stop the
 * integration (gr_lsoda_run then returns GR_EFAIL, istate -7). */
typedef int (*gr_lsoda_fn)(double t, const double *y, double *ydot, void *params);

/* Options; zero means LSODA's default (iopt = 0) for every field but the
 * tolerances.  atolv (n values, itol = 2) overrides atol when not NULL and
 * must outlive the solver. */
struct gr_lsoda_opts {
  double rtol;         /* relative tolerance (>= 0) */
  double atol;         /* absolute tolerance (>= 0; itol = 1) */
  const double *atolv; /* per-component absolute tolerances (itol = 2) */
  unsigned long mxstep; /* most steps per call (0: 500) */
  double h0;           /* first step of a fresh start (0: DLSODA's h0) */
  double hmax;         /* largest |h| (0: unbounded) */
  double hmin;         /* smallest |h| (0) */
  int mxordn;          /* highest Adams order, 1-12 (0: 12) */
  int mxords;          /* highest BDF order, 1-5 (0: 5) */
};

/* Counters and the state of the last call, as odeint's full_output. */
struct gr_lsoda_stats {
  unsigned long nst;  /* steps since the last fresh start */
  unsigned long nfe;  /* f evaluations (the Jacobian's included) */
  unsigned long nje;  /* Jacobian evaluations */
  int nqu;            /* order of the last successful step */
  int nq;             /* order to be tried next */
  int mused;          /* method of the last successful step: 1 Adams, 2 BDF */
  int meth;           /* method to be tried next */
  double hu;          /* step of the last successful step */
  double hcur;        /* step to be tried next */
  double tcur;        /* the solver's own time (past tout under itask 1) */
  double tsw;         /* t of the last method switch */
  double tolsf;       /* tolerance scale factor (> 1: too much accuracy) */
  int istate;         /* 2 success, else LSODA's: -1 mxstep, -2 too much
                         accuracy, -3 bad input, -4 repeated error-test
                         failures, -5 repeated convergence failures or a
                         singular Newton matrix, -6 a weight became 0;
                         -7: f returned nonzero */
};

struct gr_lsoda; /* opaque */

/* A solver for n equations; NULL when out of memory or when the options
 * are invalid (negative tolerances, both tolerances 0, orders out of
 * range, hmin > hmax).  Memory: 18 n + n^2 doubles and n indices
 * (DLSODA's lrs for jt = 2: 22 + 9 n + n^2), n^2 for the Newton matrix. */
struct gr_lsoda *gr_lsoda_new(size_t n, const struct gr_lsoda_opts *o);
void gr_lsoda_free(struct gr_lsoda *s);

/* itask = 1: advance from *t to tout, stepping past tout and interpolating
 * the Nordsieck array there; on GR_OK *t = tout and y = y(tout).  istate 1
 * starts afresh from (*t, y) (order 1, Adams, counters reset); istate 2
 * continues the previous call's history (y is then output only).  Returns
 * GR_OK, GR_EINPUT (istate not 1 or 2, 2 without a previous success, tout
 * too close to t on a fresh start, a weight <= 0 at the start), or
 * GR_EFAIL (stats' istate says why; *t and y are then the last successful
 * step's; after istate -1 or -2 a call with istate 2 goes on from there,
 * as DLSODA allows). */
int gr_lsoda_run(struct gr_lsoda *s, gr_lsoda_fn f, void *params, double *t,
                 double tout, double *y, int istate) GR_MUST_CHECK;

void gr_lsoda_stats(const struct gr_lsoda *s, struct gr_lsoda_stats *st);

#endif
