/* granrepro physics: the linearised wall contact of the shaken bed
 * (Wilson 2001, eq. 10 at r0 with the listing's wall damping) in closed
 * form, and the resting height on the floor.  See bedcontact.h. */
#include "physics/bedcontact.h"

#include <gsl/gsl_math.h>
#include <math.h>

#include "status.h"

/* d(t) of the linear contact: g/k + exp(-zeta w0 t)(A cos wd t + B sin wd t). */
static double contact_d(double t, double a, double b, double s, double wd,
                        double g, double k)
{
  return g / k + exp(-s * t) * (a * cos(wd * t) + b * sin(wd * t));
}

int gr_bedcontact_linear(double k, double gamma, double g, double v0,
                         double *e, double *tc)
{
  double w0, z, wd, s, a, b, lo, hi, dt;
  int i;
  if (!(k > 0.0) || !(gamma >= 0.0) || !(v0 > 0.0) || !(g >= 0.0))
    return GR_EINPUT;
  w0 = sqrt(k);
  z = gamma / (2.0 * w0);
  if (!(z < 1.0))
    return GR_EINPUT;
  wd = w0 * sqrt(1.0 - z * z);
  s = z * w0;
  a = -g / k;
  b = (v0 + s * a) / wd;
  dt = M_PI / wd / 64.0; /* scan for d < 0 over 40 half-periods */
  for (hi = dt; hi < 40.0 * M_PI / wd; hi += dt)
    if (contact_d(hi, a, b, s, wd, g, k) < 0.0)
      break;
  if (!(hi < 40.0 * M_PI / wd)) {
    *e = 0.0;
    *tc = INFINITY;
    return GR_OK;
  }
  lo = hi - dt;
  for (i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    double mid = 0.5 * (lo + hi);
    if (contact_d(mid, a, b, s, wd, g, k) < 0.0)
      hi = mid;
    else
      lo = mid;
  }
  *tc = 0.5 * (lo + hi);
  /* exit speed -d'(tc) from the derivative of the solution */
  *e = -exp(-s * *tc) * ((b * wd - s * a) * cos(wd * *tc) - (a * wd + s * b) * sin(wd * *tc)) / v0;
  return GR_OK;
}

double gr_bedcontact_rest_height(const struct gr_wca *w, double g)
{
  double half = 0.5 * gr_wca_cutoff(w), lo = -half + 1e-9 * half, hi = half;
  int i;
  for (i = 0; i < 200; i++) {
    double mid = 0.5 * (lo + hi);
    if (gr_wca_wall_force(w, mid) > g)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}
