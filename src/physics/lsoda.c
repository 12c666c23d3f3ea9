/* granrepro physics: LSODA's driver, as DLSODA with itask = 1
 * (Hindmarsh 1983; Petzold 1983; see lsoda.h): a fresh start (istate 1)
 * takes f at t, the error weights and the initial step h0; then steps
 * (lsoda_step.c) until the solver's time passes tout, at most mxstep per
 * call, and interpolates the Nordsieck array at tout (DINTDY, k = 0). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/lsoda_priv.h"

static int opts_resolve(size_t n, const struct gr_lsoda_opts *in, struct gr_lsoda_opts *o)
{
  size_t i;
  int atol_pos = 0;
  *o = *in;
  if (n == 0 || !(o->rtol >= 0.0) || !(o->atol >= 0.0) || o->h0 < 0.0 || o->hmax < 0.0 ||
      o->hmin < 0.0 || (o->hmax > 0.0 && o->hmin > o->hmax))
    return GR_EINPUT;
  if (o->mxordn < 0 || o->mxordn > GR_LSODA_MAXN || o->mxords < 0 || o->mxords > GR_LSODA_MAXS)
    return GR_EINPUT;
  if (o->atolv) {
    for (i = 0; i < n; i++) {
      if (!(o->atolv[i] >= 0.0))
        return GR_EINPUT;
      if (o->atolv[i] > 0.0)
        atol_pos = 1;
    }
  } else {
    atol_pos = o->atol > 0.0;
  }
  if (o->rtol == 0.0 && !atol_pos)
    return GR_EINPUT;
  if (o->mxstep == 0)
    o->mxstep = 500;
  if (o->mxordn == 0)
    o->mxordn = GR_LSODA_MAXN;
  if (o->mxords == 0)
    o->mxords = GR_LSODA_MAXS;
  return GR_OK;
}

struct gr_lsoda *gr_lsoda_new(size_t n, const struct gr_lsoda_opts *o)
{
  struct gr_lsoda *s;
  struct gr_lsoda_opts r;
  if (!o || opts_resolve(n, o, &r) != GR_OK || n > 1000000)
    return NULL;
  s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->n = n;
  s->o = r;
  s->yh = malloc((GR_LSODA_MAXN + 2) * n * sizeof *s->yh);
  s->ewt = malloc(5 * n * sizeof *s->ewt);
  s->pm = malloc(n * n * sizeof *s->pm);
  s->ipvt = malloc(n * sizeof *s->ipvt);
  if (!s->yh || !s->ewt || !s->pm || !s->ipvt) {
    gr_lsoda_free(s);
    return NULL;
  }
  s->y = s->ewt + n;
  s->savf = s->y + n;
  s->acor = s->savf + n;
  s->ftem = s->acor + n;
  s->uround = DBL_EPSILON;
  s->hmxi = r.hmax > 0.0 ? 1.0 / r.hmax : 0.0;
  gr_lsoda_coef(s);
  return s;
}

void gr_lsoda_free(struct gr_lsoda *s)
{
  if (!s)
    return;
  free(s->yh);
  free(s->ewt);
  free(s->pm);
  free(s->ipvt);
  free(s);
}

/* DEWSET, inverted: ewt_i = 1 / (rtol |y_i| + atol_i); 0, or -1 when a
 * weight is not positive. */
static int ewset(struct gr_lsoda *s, const double *y)
{
  size_t i;
  for (i = 0; i < s->n; i++) {
    double a = s->o.atolv ? s->o.atolv[i] : s->o.atol;
    double w = s->o.rtol * fabs(y[i]) + a;
    if (!(w > 0.0))
      return -1;
    s->ewt[i] = 1.0 / w;
  }
  return 0;
}

/* DLSODA's initial step: h0 = 1 / sqrt(1/(tol w0^2) + tol |f0|^2), |.|
 * the weighted max norm, w0 = max(|t|, |tout|), tol = rtol (or the
 * largest atol_i/|y_i| when rtol = 0) clamped to [100 u, 1e-3]; at most
 * |tout - t|, at most hmax. */
static double initial_step(const struct gr_lsoda *s, double t, double tout, const double *y,
                           const double *f0)
{
  double tdist = fabs(tout - t), w0 = fmax(fabs(t), fabs(tout));
  double tol = s->o.rtol, sum, h0, rh;
  size_t i;
  if (tol <= 0.0)
    for (i = 0; i < s->n; i++) {
      double atoli = s->o.atolv ? s->o.atolv[i] : s->o.atol;
      if (y[i] != 0.0)
        tol = fmax(tol, atoli / fabs(y[i]));
    }
  tol = fmax(tol, 100.0 * s->uround);
  tol = fmin(tol, 0.001);
  sum = gr_lsoda_mnorm(s->n, f0, s->ewt);
  sum = 1.0 / (tol * w0 * w0) + tol * (sum * sum); /* tol sum^2 */
  h0 = 1.0 / sqrt(sum);
  h0 = fmin(h0, tdist);
  h0 = copysign(h0, tout - t);
  rh = fabs(h0) * s->hmxi;
  if (rh > 1.0)
    h0 /= rh;
  return h0;
}

/* istate = 1 (DLSODA block C): history of order 1 at (t, y). */
static int fresh_start(struct gr_lsoda *s, double t, double tout, const double *y)
{
  size_t n = s->n, i;
  double *yh1 = s->yh + n;
  double h0;
  if (fabs(tout - t) < 2.0 * s->uround * fmax(fabs(t), fabs(tout)))
    return GR_EINPUT; /* tout too close to t to start */
  s->tn = t;
  s->tsw = t;
  s->maxord = s->o.mxordn;
  s->jstart = 0;
  s->nst = s->nje = s->nslast = 0;
  s->hu = 0.0;
  s->nqu = 0;
  s->mused = 0;
  s->meth = 1;
  s->miter = 0;
  s->pdnorm = 0.0;
  if (s->f(t, y, yh1, s->params) != 0) {
    s->ferr = 1;
    return GR_EFAIL;
  }
  s->nfe = 1;
  memcpy(s->yh, y, n * sizeof *y);
  s->nq = 1;
  s->h = 1.0;
  if (ewset(s, y) != 0)
    return GR_EINPUT;
  h0 = s->o.h0 > 0.0 ? copysign(s->o.h0, tout - t) : initial_step(s, t, tout, y, yh1);
  if (s->o.h0 > 0.0 && fabs(h0) * s->hmxi > 1.0)
    h0 /= fabs(h0) * s->hmxi;
  s->h = h0;
  for (i = 0; i < n; i++)
    yh1[i] *= h0;
  return GR_OK;
}

/* DINTDY, k = 0: y(t) = sum_j z_j s^j, s = (t - tn)/h, at the order nq. */
static void interpolate(const struct gr_lsoda *s, double t, double *y)
{
  size_t n = s->n, i;
  double u = (t - s->tn) / s->h;
  int j;
  memcpy(y, s->yh + (size_t)s->nq * n, n * sizeof *y);
  for (j = s->nq - 1; j >= 0; j--) {
    const double *c = s->yh + (size_t)j * n;
    for (i = 0; i < n; i++)
      y[i] = c[i] + u * y[i];
  }
}

/* A failed call: y and t of the last successful step. */
static int fail(struct gr_lsoda *s, double *t, double *y, int istate)
{
  memcpy(y, s->yh, s->n * sizeof *y);
  *t = s->tn;
  s->istate = istate;
  s->live = 0;
  return GR_EFAIL;
}

int gr_lsoda_run(struct gr_lsoda *s, gr_lsoda_fn f, void *params, double *t, double tout,
                 double *y, int istate)
{
  int first = 0;
  s->f = f;
  s->params = params;
  s->ferr = 0;
  if (istate == 1) {
    int e = fresh_start(s, *t, tout, y);
    s->live = 0;
    if (e != GR_OK) {
      s->istate = s->ferr ? -7 : -3;
      return e;
    }
    first = 1;
  } else if (istate != 2 || !s->live) {
    s->istate = -3;
    return GR_EINPUT;
  } else {
    s->nslast = s->nst;
    if ((s->tn - tout) * s->h >= 0.0) {
      interpolate(s, tout, y);
      *t = tout;
      s->istate = 2;
      return GR_OK;
    }
  }
  for (;;) {
    int kflag;
    if (!first) {
      if (s->nst - s->nslast >= s->o.mxstep)
        return fail(s, t, y, -1);
      if (ewset(s, s->yh) != 0)
        return fail(s, t, y, -6);
    }
    first = 0;
    s->tolsf = s->uround * gr_lsoda_mnorm(s->n, s->yh, s->ewt);
    if (s->tolsf > 1.0) {
      s->tolsf *= 2.0;
      return fail(s, t, y, s->nst == 0 ? -3 : -2);
    }
    kflag = gr_lsoda_step(s);
    if (kflag != 0)
      return fail(s, t, y, kflag == -1 ? -4 : kflag == -2 ? -5 : -7);
    if (s->meth != s->mused) { /* a switch, effective next step */
      s->tsw = s->tn;
      s->maxord = s->meth == 2 ? s->o.mxords : s->o.mxordn;
      s->jstart = -1;
    }
    if ((s->tn - tout) * s->h >= 0.0)
      break;
  }
  interpolate(s, tout, y);
  *t = tout;
  s->istate = 2;
  s->live = 1;
  return GR_OK;
}

void gr_lsoda_stats(const struct gr_lsoda *s, struct gr_lsoda_stats *st)
{
  st->nst = s->nst;
  st->nfe = s->nfe;
  st->nje = s->nje;
  st->nqu = s->nqu;
  st->nq = s->nq;
  st->mused = s->mused;
  st->meth = s->meth;
  st->hu = s->hu;
  st->hcur = s->h;
  st->tcur = s->tn;
  st->tsw = s->tsw;
  st->tolsf = s->tolsf;
  st->istate = s->istate;
}
