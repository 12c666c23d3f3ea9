/* granrepro physics: the listing's pair formulas of Wilson (2001),
 * hpart.f fcn1 (txt 1544-1545) and energy (txt 1679-1680), with their
 * printed constants passed in (bedlisting.h). */
#include "physics/bedlisting.h"

#include <math.h>

/* subroutine energy: PE = (m/dist)**12 - (m/dist)**6 + 1.0/4.0, with the
 * coefficient and the constant as parameters. */
double gr_bedlisting_pe(const struct gr_bedlisting *l, double s, double r)
{
  double s6 = pow(s / r, 6);
  return l->c * (s6 * s6 - s6) + l->shift;
}

/* fcn1: cforce = -(6*(m(1)**6))/(dist**8) + (12*(m(1)**12))/(dist**14),
 * times dist for the radial force. */
double gr_bedlisting_force(const struct gr_bedlisting *l, double s, double r)
{
  double s6 = pow(s, 6);
  return (-l->c6 * s6 / pow(r, 8) + l->c12 * s6 * s6 / pow(r, 14)) * r;
}

/* d/dr of c (s/r)^12 - c (s/r)^6, negated. */
double gr_bedlisting_minus_dpe(const struct gr_bedlisting *l, double s, double r)
{
  double s6 = pow(s / r, 6);
  return l->c * (12.0 * s6 * s6 - 6.0 * s6) / r;
}

double gr_bedlisting_force_mismatch(const struct gr_bedlisting *l, double s, double r_lo,
                                    double r_hi, int n)
{
  double diff = 0.0, scale = 0.0;
  int k;
  for (k = 0; k < n; k++) {
    double r = r_lo + (r_hi - r_lo) * k / (n - 1), a = gr_bedlisting_force(l, s, r);
    double b = gr_bedlisting_minus_dpe(l, s, r);
    diff = fmax(diff, fabs(a - b));
    scale = fmax(scale, fmax(fabs(a), fabs(b)));
  }
  return scale > 0.0 ? diff / scale : 0.0;
}
