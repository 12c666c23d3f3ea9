/* granrepro physics: LSODA's itask = 1 for the GSL steppers of the shaken
 * bed (Wilson 2001, hpart.f txt 1377-1398: "call lsoda(fcn, neq, y, tbgn,
 * tend, itol, rtol, atol, itask = 1, istate = 1, ...)"): step past tout
 * with gsl_odeiv2_evolve_apply, then interpolate at tout.  LSODA
 * interpolates its Nordsieck history (order q of the current method); here
 * the cubic Hermite interpolant of the last step's end points and their
 * derivatives, which the GSL steppers return exactly (evolve's dydt_out). */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <string.h>

#include "physics/bedint_priv.h"
#include "status.h"

/* Cubic Hermite basis on [t0, t1] at s = (t - t0)/h. */
void gr_bedint_hermite(size_t n, double t0, const double *y0, const double *f0, double t1,
                       const double *y1, const double *f1, double t, double *out)
{
  double h = t1 - t0, s = (t - t0) / h, u = 1.0 - s;
  double a0 = (1.0 + 2.0 * s) * u * u, b0 = s * u * u * h;
  double a1 = s * s * (3.0 - 2.0 * s), b1 = -s * s * u * h;
  size_t i;
  for (i = 0; i < n; i++)
    out[i] = a0 * y0[i] + b0 * f0[i] + a1 * y1[i] + b1 * f1[i];
}

/* istate = 1: the stepper starts afresh from (t, y) with LSODA's h0
 * (GSL_SUCCESS, or the driver's status when it refuses the step). */
static int lsoda_start(struct gr_bedint *it, double t, double tout, const double *y)
{
  double *yi = it->buf, *fi = it->buf + it->neq;
  memcpy(yi, y, it->neq * sizeof *y);
  gr_bedint_f(t, yi, fi, it);
  it->h = gr_bedint_lsoda_h0(it->neq, yi, fi, it->o.tol, t, tout);
  it->ti = it->tp = t;
  it->live = 1;
  return gsl_odeiv2_driver_reset_hstart(it->drv, it->h);
}

int gr_bedint_overshoot(struct gr_bedint *it, double *t, double tout, double *y)
{
  size_t n = it->neq;
  double *yi = it->buf, *fi = yi + n, *yp = fi + n, *fp = yp + n;
  unsigned long k = 0, before = it->drv->e->count, failed = it->drv->e->failed_steps;
  int s = GSL_SUCCESS;
  if ((it->o.restart || !it->live) && lsoda_start(it, *t, tout, y) != GSL_SUCCESS)
    return GR_EFAIL;
  while (it->ti < tout && s == GSL_SUCCESS) { /* no tcrit: past tout */
    if (it->o.mxstep > 0 && k == it->o.mxstep) {
      s = GSL_EMAXITER;
      break;
    }
    it->tp = it->ti;
    memcpy(yp, yi, n * sizeof *yi);
    memcpy(fp, fi, n * sizeof *fi);
    s = gsl_odeiv2_evolve_apply(it->drv->e, it->drv->c, it->drv->s, &it->sys, &it->ti,
                                DBL_MAX, &it->h, yi);
    memcpy(fi, it->drv->e->dydt_out, n * sizeof *fi); /* f(ti, yi) */
    k++;
  }
  it->st.steps += it->drv->e->count - before;
  it->st.failed += it->drv->e->failed_steps - failed;
  if (k > it->st.max_steps_interval)
    it->st.max_steps_interval = k;
  if (s != GSL_SUCCESS) { /* where the stepper stopped, before tout */
    it->live = 0;
    *t = it->ti;
    memcpy(y, yi, n * sizeof *y);
    return GR_EFAIL;
  }
  if (it->ti == tout)
    memcpy(y, yi, n * sizeof *y);
  else
    gr_bedint_hermite(n, it->tp, yp, fp, it->ti, yi, fi, tout, y);
  *t = tout;
  return GR_OK;
}
