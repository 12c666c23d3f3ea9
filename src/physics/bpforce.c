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

/* rk8pd (GSL odeiv2), the exit found on a 1e-7 s grid and interpolated
 * linearly; 0.02 s at most. */
int gr_bpforce_restitution(double k, double gn, double v0, double *e)
{
  double c[2] = {k, gn}, y[2] = {0.0, v0}, t = 0, py[2] = {0, 0};
  gsl_odeiv2_system sys = {bpforce_headon_rhs, NULL, 2, c};
  gsl_odeiv2_driver *d;
  long n;
  int st = GSL_SUCCESS;
  if (!(k > 0.0) || !(gn >= 0.0) || !(v0 > 0.0) || !isfinite(k) || !isfinite(gn) || !isfinite(v0))
    return GR_EINPUT;
  d = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-9, 1e-13, 1e-13);
  if (d == NULL)
    return GR_ENOMEM;
  for (n = 1; n < 200000 && y[0] >= 0.0 && st == GSL_SUCCESS; n++) {
    py[0] = y[0];
    py[1] = y[1];
    st = gsl_odeiv2_driver_apply(d, &t, n * 1e-7, y);
  }
  gsl_odeiv2_driver_free(d);
  if (st != GSL_SUCCESS)
    return GR_EFAIL;
  *e = y[0] < 0.0 ? -(py[1] + (y[1] - py[1]) * py[0] / (py[0] - y[0])) / v0 : 0.0;
  return GR_OK;
}
