/* granrepro physics: the real LSODA (physics/lsoda.h, DLSODA's method:
 * Hindmarsh 1983, Petzold 1983) driving the shaken bed of Wilson (2001) as
 * hpart.f calls it (txt 1377-1398): itol = 1 with rtol = atol = tol,
 * itask = 1 (step past tout, interpolate the Nordsieck array), iopt = 0
 * (mxstep = 500; the option's mxstep, or no limit when it is 0), jt = 2,
 * and istate = 1 (a fresh start) at every output time when restart is set,
 * else istate = 2 (one history).  The GSL methods of bedint.c stay as the
 * comparison. */
#include <gsl/gsl_errno.h>
#include <limits.h>

#include "physics/bedint_priv.h"
#include "physics/lsoda.h"
#include "status.h"

/* fcn of the listing, through the counting wrapper of bedint.c. */
static int bedode_f(double t, const double *y, double *ydot, void *p)
{
  return gr_bedint_f(t, y, ydot, p) == GSL_SUCCESS ? 0 : 1;
}

int gr_bedint_lsoda_open(struct gr_bedint *it)
{
  struct gr_lsoda_opts o = {0};
  o.rtol = it->o.tol;
  o.atol = it->o.tol;
  o.mxstep = it->o.mxstep > 0 ? it->o.mxstep : ULONG_MAX;
  it->ls = gr_lsoda_new(it->neq, &o);
  return it->ls != NULL ? GR_OK : GR_ENOMEM;
}

int gr_bedint_lsoda_interval(struct gr_bedint *it, double *t, double tout, double *y)
{
  struct gr_lsoda_stats a, b;
  int fresh = it->o.restart || !it->live, s;
  unsigned long steps;
  gr_lsoda_stats(it->ls, &a);
  s = gr_lsoda_run(it->ls, bedode_f, it, t, tout, y, fresh ? 1 : 2);
  gr_lsoda_stats(it->ls, &b);
  steps = fresh ? b.nst : b.nst - a.nst;
  it->st.steps += steps;
  if (steps > it->st.max_steps_interval)
    it->st.max_steps_interval = steps;
  it->st.bdf_intervals += b.mused == 2;
  it->live = s == GR_OK;
  return s == GR_OK ? GR_OK : GR_EFAIL;
}
