/* granrepro physics: the right-hand side and the initial step that every
 * integrator of the shaken bed evaluates (Wilson 2001, section 4.2;
 * hpart.f's LSODA calls, txt 1377-1398): equations 7-8 as the listing's
 * fcn, and LSODA's initial step.  Below the drivers (bedint.c,
 * bedlsoda.c, bedodepack.c), calling none of them. */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <math.h>

#include "physics/bedint_priv.h"

/* eqs. 7-8 for GSL (fcn of the listing). */
int gr_bedint_f(double t, const double y[], double dydt[], void *p)
{
  struct gr_bedint *it = p;
  it->st.fevals++;
  gr_bed_deriv(it->m, it->cells, t, y, dydt, NULL);
  return GSL_SUCCESS;
}

/* LSODA block C (istate = 1): the initial step from the tolerance and the
 * weighted max norm of f (ewt = tol |y| + tol). */
double gr_bedint_lsoda_h0(size_t neq, const double *y, const double *f,
                          double tol, double t, double tout)
{
  double tdist = fabs(tout - t), w0 = fmax(fabs(t), fabs(tout)), fn = 0.0, s;
  size_t i;
  for (i = 0; i < neq; i++)
    fn = fmax(fn, fabs(f[i]) / (tol * fabs(y[i]) + tol));
  tol = fmin(fmax(tol, 100.0 * DBL_EPSILON), 1e-3);
  s = 1.0 / (tol * w0 * w0) + tol * fn * fn;
  return fmin(1.0 / sqrt(s), tdist);
}
