/* granrepro physics: integrators of the shaken bed (Wilson 2001, section
 * 4.2; hpart.f's LSODA calls, txt 1377-1398): GSL odeiv2 msadams, msbdf
 * and rk8pd driven like the listing drives LSODA, and velocity Verlet. */
#include "physics/bedint.h"

#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/bedint_priv.h"
#include "physics/lsoda.h"
#include "status.h"

/* jt = 2: the full Jacobian by forward differences, one column per
 * evaluation (LSODA's increment max(sqrt(u) |y_j|, floor)). */
static int bedint_jac(double t, const double y[], double *dfdy, double dfdt[],
                      void *p)
{
  struct gr_bedint *it = p;
  size_t i, j, n = it->neq;
  double srur = sqrt(DBL_EPSILON), del;
  gr_bedint_f(t, y, it->f0, p);
  memcpy(it->yt, y, n * sizeof *y);
  for (j = 0; j < n; j++) {
    del = srur * fmax(fabs(y[j]), 1e-3);
    it->yt[j] = y[j] + del;
    gr_bedint_f(t, it->yt, it->f1, p);
    it->yt[j] = y[j];
    for (i = 0; i < n; i++)
      dfdy[i * n + j] = (it->f1[i] - it->f0[i]) / del;
  }
  del = srur * fmax(fabs(t), 1e-3);
  gr_bedint_f(t + del, y, it->f1, p);
  for (i = 0; i < n; i++)
    dfdt[i] = (it->f1[i] - it->f0[i]) / del;
  return GSL_SUCCESS;
}

static const gsl_odeiv2_step_type *bedint_type(int method)
{
  switch (method) {
  case GR_BEDINT_MSADAMS:
    return gsl_odeiv2_step_msadams;
  case GR_BEDINT_MSBDF:
    return gsl_odeiv2_step_msbdf;
  case GR_BEDINT_RK8PD:
    return gsl_odeiv2_step_rk8pd;
  default:
    return NULL;
  }
}

struct gr_bedint *gr_bedint_new(const struct gr_bed_model *m,
                                struct gr_bedcells *cells,
                                const struct gr_bedint_opts *o)
{
  struct gr_bedint *it;
  const gsl_odeiv2_step_type *T = bedint_type(o->method);
  int lsoda = o->method == GR_BEDINT_LSODA;
  if (o->method != GR_BEDINT_VERLET && ((T == NULL && !lsoda) || !(o->tol > 0.0)))
    return NULL;
  if (o->method == GR_BEDINT_VERLET && !(o->dt > 0.0))
    return NULL;
  it = calloc(1, sizeof *it);
  if (it == NULL)
    return NULL;
  it->m = m;
  it->cells = cells;
  it->o = *o;
  it->neq = gr_bed_neq(m);
  it->f0 = malloc(it->neq * sizeof *it->f0);
  it->f1 = malloc(it->neq * sizeof *it->f1);
  it->yt = malloc(it->neq * sizeof *it->yt);
  it->buf = o->overshoot && !lsoda ? malloc(4 * it->neq * sizeof *it->buf) : NULL;
  it->sys = (gsl_odeiv2_system){gr_bedint_f, bedint_jac, it->neq, it};
  if (T != NULL)
    it->drv = gsl_odeiv2_driver_alloc_y_new(&it->sys, T, 1e-6, o->tol, o->tol);
  if (it->f0 == NULL || it->f1 == NULL || it->yt == NULL || (T != NULL && it->drv == NULL) ||
      (it->drv != NULL && gsl_odeiv2_driver_set_nmax(it->drv, o->mxstep) != GSL_SUCCESS) ||
      (o->overshoot && !lsoda && (T == NULL || it->buf == NULL)) ||
      (lsoda && gr_bedint_lsoda_open(it) != GR_OK)) {
    gr_bedint_free(it);
    return NULL;
  }
  return it;
}

void gr_bedint_free(struct gr_bedint *it)
{
  if (it == NULL)
    return;
  if (it->drv != NULL)
    gsl_odeiv2_driver_free(it->drv);
  gr_lsoda_free(it->ls);
  free(it->f0);
  free(it->f1);
  free(it->yt);
  free(it->buf);
  free(it);
}

/* One Verlet step of size h from (t, y) with derivatives f0 at (t, y):
 * half kick, drift, forces at the half-step velocities, half kick; the
 * accumulators by the trapezoid rule of their powers. */
static void bedint_verlet_step(struct gr_bedint *it, double t, double h, double *y)
{
  size_t i, n = it->m->n, k;
  for (i = 0; i < n; i++) {
    y[4 * i + 2] += 0.5 * h * it->f0[4 * i + 2];
    y[4 * i + 3] += 0.5 * h * it->f0[4 * i + 3];
    y[4 * i] += h * y[4 * i + 2];
    y[4 * i + 1] += h * y[4 * i + 3];
  }
  gr_bed_deriv(it->m, it->cells, t + h, y, it->f1, NULL);
  it->st.fevals++;
  for (i = 0; i < n; i++) {
    y[4 * i + 2] += 0.5 * h * it->f1[4 * i + 2];
    y[4 * i + 3] += 0.5 * h * it->f1[4 * i + 3];
  }
  for (k = 4 * n; k < it->neq; k++)
    y[k] += 0.5 * h * (it->f0[k] + it->f1[k]);
  memcpy(it->f0, it->f1, it->neq * sizeof *it->f0);
}

/* Verlet over one interval: the step dt shortened so that tout is hit. */
static int bedint_verlet(struct gr_bedint *it, double *t, double tout, double *y)
{
  double span = tout - *t, h;
  unsigned long k, ns = (unsigned long)ceil(span / it->o.dt - 1e-9);
  if (ns == 0)
    return GR_OK;
  h = span / (double)ns;
  gr_bed_deriv(it->m, it->cells, *t, y, it->f0, NULL);
  it->st.fevals++;
  for (k = 0; k < ns; k++)
    bedint_verlet_step(it, *t + (double)k * h, h, y);
  *t = tout;
  it->st.steps += ns;
  if (ns > it->st.max_steps_interval)
    it->st.max_steps_interval = ns;
  return GR_OK;
}

int gr_bedint_interval(struct gr_bedint *it, double *t, double tout, double *y)
{
  unsigned long before, failed, steps;
  int s;
  if (!(tout > *t))
    return GR_OK;
  if (it->ls != NULL)
    return gr_bedint_lsoda_interval(it, t, tout, y);
  if (it->drv == NULL)
    return bedint_verlet(it, t, tout, y);
  if (it->o.overshoot)
    return gr_bedint_overshoot(it, t, tout, y);
  if (it->o.restart || it->st.steps == 0) { /* istate = 1 */
    gr_bedint_f(*t, y, it->f0, it);
    if (gsl_odeiv2_driver_reset_hstart(
            it->drv, gr_bedint_lsoda_h0(it->neq, y, it->f0, it->o.tol, *t, tout)) != GSL_SUCCESS)
      return GR_EFAIL;
  }
  before = it->drv->e->count;
  failed = it->drv->e->failed_steps;
  it->drv->n = 0; /* mxstep counts the steps of this call */
  s = gsl_odeiv2_driver_apply(it->drv, t, tout, y);
  steps = it->drv->e->count - before;
  it->st.steps += steps;
  it->st.failed += it->drv->e->failed_steps - failed;
  if (steps > it->st.max_steps_interval)
    it->st.max_steps_interval = steps;
  return s == GSL_SUCCESS ? GR_OK : GR_EFAIL;
}

void gr_bedint_stats(const struct gr_bedint *it, struct gr_bedint_stats *s)
{
  *s = it->st;
}

size_t gr_bedint_lsoda_lrn(size_t neq)
{
  return 20 + 16 * neq;
}

size_t gr_bedint_lsoda_lrs(size_t neq)
{
  return 22 + 9 * neq + neq * neq;
}

/* msbdf: the Jacobian dfdy and the Newton iteration matrix (GSL's msbdf
 * state), neq^2 each; the other methods store no matrix. */
size_t gr_bedint_dense_doubles(int method, size_t neq)
{
  return method == GR_BEDINT_MSBDF ? 2 * neq * neq : 0;
}
