/* granrepro physics: the truncated Lennard-Jones (WCA) potential of
 * Wilson (2001), eq. 10, with the listing's eps = 1/4 and sigma = diameter
 * (hpart.f fcn1 and energy, txt 1544-1545, 1562-1575, 1679-1680). */
#include "physics/wca.h"

#include <math.h>

/* 2^(1/6) to double precision (the Check suite compares it with pow). */
#define WCA_2_1_6 1.1224620483093730

/* eq. 10: r0 = 2^(1/6) sigma (listing r0 = m(1)*2**(1.0d0/6.0d0)). */
double gr_wca_cutoff(const struct gr_wca *w)
{
  return WCA_2_1_6 * w->sigma;
}

/* eq. 10 (the energy routine's (s/r)^12 - (s/r)^6 + 1/4 times 4 eps). */
double gr_wca_potential(const struct gr_wca *w, double r)
{
  double s6;
  if (r > gr_wca_cutoff(w))
    return 0.0;
  s6 = pow(w->sigma / r, 6);
  return 4.0 * w->eps * (s6 * s6 - s6) + w->eps;
}

/* -dV/dr of eq. 10: the listing's wall cforce (dist**7, dist**13);
 * (s/r)^6 by products (pow cost an eighth of a step of the bed). */
double gr_wca_force(const struct gr_wca *w, double r)
{
  double s2, s6;
  if (r > gr_wca_cutoff(w))
    return 0.0;
  s2 = (w->sigma / r) * (w->sigma / r);
  s6 = s2 * s2 * s2;
  return 4.0 * w->eps * (12.0 * s6 * s6 - 6.0 * s6) / r;
}

/* The listing's pair cforce (dist**8, dist**14), from r^2. */
double gr_wca_force_over_r(const struct gr_wca *w, double r2)
{
  double r0 = gr_wca_cutoff(w), s2, s6;
  if (r2 >= r0 * r0)
    return 0.0;
  s2 = w->sigma * w->sigma / r2;
  s6 = s2 * s2 * s2;
  return 4.0 * w->eps * (12.0 * s6 * s6 - 6.0 * s6) / r2;
}

/* The untruncated Lennard-Jones force of eq. 10, 4 eps (12 s^12/r^13 -
 * 6 s^6/r^7): positive (repulsive) below its zero, negative beyond. */
static double wca_lj_force(const struct gr_wca *w, double r)
{
  double s6 = pow(w->sigma / r, 6);
  return 4.0 * w->eps * (12.0 * s6 * s6 - 6.0 * s6) / r;
}

/* The zero of the force of eq. 10 by bisection on [sigma, 2 sigma]
 * (repulsive at sigma, attractive at 2 sigma), halved until the midpoint
 * is one of the ends: the cut-off 2^(1/6) sigma computed, not assumed. */
double gr_wca_force_zero(const struct gr_wca *w)
{
  double lo = w->sigma, hi = 2.0 * w->sigma, mid = 0.5 * (lo + hi);
  while (mid > lo && mid < hi) {
    if (wca_lj_force(w, mid) > 0.0)
      lo = mid;
    else
      hi = mid;
    mid = 0.5 * (lo + hi);
  }
  return mid;
}

/* V''(r0) = 4 eps (156 s^12/r0^14 - 42 s^6/r0^8) = 72 eps / r0^2,
 * since (s/r0)^6 = 1/2. */
double gr_wca_stiffness(const struct gr_wca *w)
{
  double r0 = gr_wca_cutoff(w);
  return 72.0 * w->eps / (r0 * r0);
}

/* Wall (txt 1562-1563): dist = r0/2 + h, active when h <= r0/2. */
double gr_wca_wall_potential(const struct gr_wca *w, double h)
{
  double r0 = gr_wca_cutoff(w);
  return h <= 0.5 * r0 ? gr_wca_potential(w, 0.5 * r0 + h) : 0.0;
}

/* Wall force (txt 1564): cforce at dist = r0/2 + h. */
double gr_wca_wall_force(const struct gr_wca *w, double h)
{
  double r0 = gr_wca_cutoff(w);
  return h <= 0.5 * r0 ? gr_wca_force(w, 0.5 * r0 + h) : 0.0;
}
