/* granrepro physics: the contact force of Buchholtz & Poeschel (1993),
 * eqs. 16-21; the pair function is inline in bpforce.h. */
#include "status.h"
#include "physics/bpforce.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>

/* Eqs. 18-19's constants and the multipliers of the printed readings. */
int gr_bpforce_init(struct gr_bpforce *p, double kn, double gn, double gs,
                    double mu, int variants)
{
  const int all = GR_BPFORCE_EQ18_SIGN | GR_BPFORCE_EQ18_VECTOR |
                  GR_BPFORCE_EQ19_MIN | GR_BPFORCE_EQ20_ROT |
                  GR_BPFORCE_EQ14_TANGENT;
  if (!(kn >= 0.0 && gn >= 0.0 && gs >= 0.0 && mu >= 0.0) || !isfinite(kn) ||
      !isfinite(gn) || !isfinite(gs) || !isfinite(mu) || (variants & ~all) != 0)
    return GR_EINPUT;
  p->kn = kn;
  p->gn = gn;
  p->gs = gs;
  p->mu = mu;
  p->variants = variants;
  p->damp_sign = (variants & GR_BPFORCE_EQ18_SIGN) ? 1.0 : -1.0;
  p->damp_full = (variants & GR_BPFORCE_EQ18_VECTOR) ? 1.0 : 0.0;
  p->min_printed = (variants & GR_BPFORCE_EQ19_MIN) ? 1.0 : 0.0;
  p->rot_i = (variants & GR_BPFORCE_EQ20_ROT) ? 1.0 : -1.0;
  p->rot_j = -1.0;
  p->tan_sign = (variants & GR_BPFORCE_EQ14_TANGENT) ? -1.0 : 1.0;
  return GR_OK;
}

/* Integral of the Hertz term of eq. 18: k_N xi^2.5 / 2.5. */
double gr_bpforce_energy(const struct gr_bpforce *p, double xi)
{
  return xi > 0.0 ? p->kn * xi * xi * sqrt(xi) / 2.5 : 0.0;
}

/* Names used in the variant table of the report. */
const char *gr_bpforce_variant_name(int bit)
{
  switch (bit) {
  case 0: return "consistent";
  case GR_BPFORCE_EQ18_SIGN: return "eq18-sign";
  case GR_BPFORCE_EQ18_VECTOR: return "eq18-vector";
  case GR_BPFORCE_EQ19_MIN: return "eq19-min";
  case GR_BPFORCE_EQ20_ROT: return "eq20-rotation";
  case GR_BPFORCE_EQ14_TANGENT: return "eq14-tangent";
  default: return "combined";
  }
}

/* Eq. 18 along the line of a head-on contact: x'' = -k x^1.5 - gn x'
 * with x the overlap (no force once x < 0). */
static int bpforce_headon_rhs(double t, const double y[], double f[], void *par)
{
  const double *c = par; /* k_N / M_eff, gamma_N */
  double x = y[0] > 0 ? y[0] : 0;
  (void)t;
  f[0] = y[1];
  f[1] = -c[0] * x * sqrt(x) - c[1] * y[1];
  return GSL_SUCCESS;
}

/* The state a time tau after (t0, y0) by one rk8pd step (y0 kept). */
static int bpforce_step(gsl_odeiv2_step *st, gsl_odeiv2_system *sys, double t0,
                        const double y0[2], double tau, double y[2])
{
  double err[2];
  y[0] = y0[0];
  y[1] = y0[1];
  return gsl_odeiv2_step_apply(st, t0, tau, y, err, NULL, NULL, sys);
}

/* The speed at which the overlap turns negative within the step from
 * (t0, y0) of length h (x(t0) >= 0 > x(t0 + h)): bisection on the step's
 * length, each trial one rk8pd step from (t0, y0), to adjacent doubles;
 * the speed at the last trial that still overlapped. */
static int bpforce_exit(gsl_odeiv2_step *st, gsl_odeiv2_system *sys, double t0,
                        const double y0[2], double h, double *v)
{
  double lo = 0.0, hi = h, mid, y[2] = {y0[0], y0[1]};
  int k;
  for (k = 0; k < 200; k++) {
    mid = 0.5 * (lo + hi);
    if (!(mid > lo && mid < hi))
      break;
    if (bpforce_step(st, sys, t0, y0, mid, y) != GSL_SUCCESS)
      return GR_EFAIL;
    *(y[0] >= 0.0 ? &lo : &hi) = mid;
  }
  if (lo > 0.0 && bpforce_step(st, sys, t0, y0, lo, y) != GSL_SUCCESS)
    return GR_EFAIL;
  *v = y[1];
  return GR_OK;
}

/* rk8pd (GSL odeiv2) at its own adaptive steps (absolute and relative
 * error 1e-13), up to 0.02 s; the step in which the overlap turns
 * negative is cut by bpforce_exit to the parting time.  (Until 2026-11-28
 * the exit was found on a 1e-7 s grid of driver calls, up to 200,000 of
 * them for a contact that sticks: a third of buchholtz-poeschel's quick
 * run.) */
int gr_bpforce_restitution(double k, double gn, double v0, double *e)
{
  double c[2] = {k, gn}, y[2] = {0.0, v0}, y0[2] = {0.0, v0}, t = 0.0, t0 = 0.0, h = 1e-9, v;
  gsl_odeiv2_system sys = {bpforce_headon_rhs, NULL, 2, c};
  gsl_odeiv2_step *st;
  gsl_odeiv2_control *ct;
  gsl_odeiv2_evolve *ev;
  int rc = GR_OK;
  if (!(k > 0.0) || !(gn >= 0.0) || !(v0 > 0.0) || !isfinite(k) || !isfinite(gn) || !isfinite(v0))
    return GR_EINPUT;
  st = gsl_odeiv2_step_alloc(gsl_odeiv2_step_rk8pd, 2);
  ct = gsl_odeiv2_control_y_new(1e-13, 1e-13);
  ev = gsl_odeiv2_evolve_alloc(2);
  if (st == NULL || ct == NULL || ev == NULL)
    rc = GR_ENOMEM;
  while (rc == GR_OK && y[0] >= 0.0 && t < 0.02) {
    t0 = t;
    y0[0] = y[0];
    y0[1] = y[1];
    if (gsl_odeiv2_evolve_apply(ev, ct, st, &sys, &t, 0.02, &h, y) != GSL_SUCCESS)
      rc = GR_EFAIL;
  }
  *e = 0.0;
  if (rc == GR_OK && y[0] < 0.0 && (rc = bpforce_exit(st, &sys, t0, y0, t - t0, &v)) == GR_OK)
    *e = -v / v0;
  if (ev != NULL)
    gsl_odeiv2_evolve_free(ev);
  if (ct != NULL)
    gsl_odeiv2_control_free(ct);
  if (st != NULL)
    gsl_odeiv2_step_free(st);
  return rc;
}
