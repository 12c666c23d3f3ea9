/* granrepro physics: incrementally slipping tangential friction (Sweetman
 * 2003, eqs. 2.10-2.14; Walton 1991).  See friction.h. */
#include "physics/friction.h"

#include <math.h>

/* Eq. 2.10: K_o [1 - (T - T*)/(mu F_N - T*)]^y (increasing),
 * K_o [1 - (T* - T)/(mu F_N + T*)]^y (decreasing). */
double gr_friction_kt(const struct gr_friction_law *law, double tmag,
                      double tstar, double lim, int dir)
{
  double num = dir >= 0 ? tmag - tstar : tstar - tmag;
  double den = dir >= 0 ? lim - tstar : lim + tstar;
  double q = den > 0.0 ? num / den : 1.0, b;
  if (q < 0.0)
    q = 0.0;
  if (q > 1.0)
    q = 1.0;
  b = 1.0 - q;
  if (law->gamma == 1.0)
    return law->k0 * b;
  return law->k0 * (b > 0.0 ? pow(b, law->gamma) : 0.0);
}

static void fric_reset(double *h)
{
  int k;
  for (k = 0; k < GR_FRIC_NHIST; k++)
    h[k] = 0.0;
}

/* Eqs. 2.11 (projection), 2.12 (T* rescale), 2.13-2.14 (increments) and
 * the sliding cap |T| <= mu F_N. */
void gr_friction_force(const struct gr_friction_law *law, double *h,
                       const double n[3], const double u[3], double fn,
                       double t[3])
{
  double tv[3], tn, tmag2, to2, tmag, tstar, lim, up, kt, mag2, s;
  int k, dir, odir;
  if (!(fn > 0.0)) {
    fric_reset(h);
    t[0] = t[1] = t[2] = 0.0;
    return;
  }
  /* eq. 2.11: T = |T_old / T_o| T_o, T_o the projection on the plane */
  tn = h[0] * n[0] + h[1] * n[1] + h[2] * n[2];
  tmag2 = to2 = 0.0;
  for (k = 0; k < 3; k++) {
    tv[k] = h[k] - tn * n[k];
    tmag2 += h[k] * h[k];
    to2 += tv[k] * tv[k];
  }
  s = to2 > 0.0 ? sqrt(tmag2 / to2) : 0.0;
  for (k = 0; k < 3; k++)
    tv[k] *= s;
  tmag = to2 > 0.0 ? sqrt(tmag2) : 0.0;
  /* eq. 2.12: T* scales with the normal force */
  tstar = h[GR_FRIC_TSTAR];
  if (h[GR_FRIC_FN] > 0.0)
    tstar *= fn / h[GR_FRIC_FN];
  lim = law->mu * fn;
  /* the increment along T (loading or unloading) and across it */
  up = tmag > 0.0 ? (u[0] * tv[0] + u[1] * tv[1] + u[2] * tv[2]) / tmag : 0.0;
  odir = (int)h[GR_FRIC_DIR];
  dir = up > 0.0 ? 1 : (up < 0.0 ? -1 : (odir ? odir : 1));
  if (odir != 0 && dir != odir)
    tstar = tmag; /* the load turned: new turning point */
  kt = gr_friction_kt(law, tmag, tstar, lim, dir);
  /* eqs. 2.13-2.14: T_par = T + K_T ds_par, T_perp = K_o ds_perp */
  mag2 = 0.0;
  for (k = 0; k < 3; k++) {
    double upar = tmag > 0.0 ? up * tv[k] / tmag : 0.0;
    t[k] = tv[k] + kt * upar + law->k0 * (u[k] - upar);
    mag2 += t[k] * t[k];
  }
  if (mag2 > lim * lim) { /* sliding: |T| = mu F_N */
    s = lim / sqrt(mag2);
    for (k = 0; k < 3; k++)
      t[k] *= s;
  }
  h[0] = t[0];
  h[1] = t[1];
  h[2] = t[2];
  h[GR_FRIC_TSTAR] = tstar;
  h[GR_FRIC_FN] = fn;
  h[GR_FRIC_DIR] = dir;
}
