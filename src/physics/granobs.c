/* granrepro physics: kinetic theory and clustering observables of a 2D
 * hard-disk gas (Henderson 1975; Enskog; Haff 1983).  See granobs.h. */
#include "physics/granobs.h"

#include <math.h>

/* Henderson (1975): g(d) = (1 - 7 phi / 16) / (1 - phi)^2. */
double gr_granobs_contact_g(double phi)
{
  return (1.0 - 7.0 * phi / 16.0) / ((1.0 - phi) * (1.0 - phi));
}

/* Collisions per disk per unit time: n x (collision width 2d) x mean
 * relative speed sqrt(pi T) x g(d) (2D Maxwellian, unit mass). */
double gr_granobs_enskog(double n, double d, double T)
{
  double phi = n * 0.7853981633974483 * d * d;
  return 2.0 * n * d * gr_granobs_contact_g(phi) * sqrt(3.141592653589793 * T);
}

/* dT/dt = -k omega T with omega ~ sqrt(T) integrates to Haff's law with
 * 1/t0 = k omega0 / 2; k = (1 - e^2) / 2 (restitution), 5 (1 - mu^2) / 4
 * (code rule).  The TC model and the cutoff leave early cooling unchanged. */
double gr_granobs_haff_t0(const struct gr_edrule *r, double omega0)
{
  double k;
  if (r->kind == GR_EDRULE_ELASTIC || r->e >= 1.0)
    return HUGE_VAL;
  k = r->kind == GR_EDRULE_WILSON_CODE ? 1.25 * (1.0 - r->e * r->e) : 0.5 * (1.0 - r->e * r->e);
  return 2.0 / (k * omega0);
}

double gr_granobs_haff(double T0, double t0, double t)
{
  double u = 1.0 + t / t0;
  return T0 / (u * u);
}

double gr_granobs_temperature(const double *vx, const double *vy, int n)
{
  double mx = 0.0, my = 0.0, s = 0.0;
  int i;
  for (i = 0; i < n; i++) {
    mx += vx[i];
    my += vy[i];
  }
  mx /= n;
  my /= n;
  for (i = 0; i < n; i++)
    s += (vx[i] - mx) * (vx[i] - mx) + (vy[i] - my) * (vy[i] - my);
  return 0.5 * s / n;
}

double gr_granobs_cluster_index(const double *x, const double *y, int n,
                                double lx, double ly, int m, int *counts)
{
  double mean = (double)n / (m * m), var = 0.0;
  int i, cx, cy;
  for (i = 0; i < m * m; i++)
    counts[i] = 0;
  for (i = 0; i < n; i++) {
    cx = (int)(x[i] / lx * m);
    cy = (int)(y[i] / ly * m);
    cx = cx < 0 ? 0 : cx >= m ? m - 1 : cx;
    cy = cy < 0 ? 0 : cy >= m ? m - 1 : cy;
    counts[cy * m + cx]++;
  }
  for (i = 0; i < m * m; i++)
    var += (counts[i] - mean) * (counts[i] - mean);
  return var / (m * m) / mean;
}
