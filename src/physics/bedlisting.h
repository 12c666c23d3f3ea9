/* granrepro physics: the pair formulas of Wilson (2001), hpart.f, as the
 * listing writes them with its own printed constants (appendix B, fcn1 txt
 * 1544-1545 and subroutine energy txt 1679-1680), so that the constants of
 * eq. 10 can be derived from the listing rather than assumed:
 *
 *   cforce(r) = -c6 s^6/r^8 + c12 s^12/r^14        (force on i = cforce (r_i - r_j))
 *   PE(r)     = c (s/r)^12 - c (s/r)^6 + shift      (for r <= r0)
 *
 * Eq. 10 is V = 4 eps [(s/r)^12 - (s/r)^6] + eps: the listing is eq. 10
 * when c = 4 eps = shift * 4 and c12 = 12 c, c6 = 6 c (cforce r = -dPE/dr).
 * The printed values (c12 = 12, c6 = 6, c = 1, shift = 1/4) are read from
 * reference/wilson-2001/bed-constants.tsv, never written here.
 */
#ifndef GR_BEDLISTING_H
#define GR_BEDLISTING_H

struct gr_bedlisting {
  double c12, c6; /* cforce's coefficients (txt 1544-1545) */
  double c;       /* energy routine's coefficient of (s/r)^12 - (s/r)^6 */
  double shift;   /* energy routine's additive constant ("+ 1.0/4.0") */
};

/* The listing's pair energy at distance r for diameter s (no cut-off
 * applied: the caller keeps r <= r0). */
double gr_bedlisting_pe(const struct gr_bedlisting *l, double s, double r);

/* The listing's radial pair force cforce(r) r (repulsive positive). */
double gr_bedlisting_force(const struct gr_bedlisting *l, double s, double r);

/* -dPE/dr of the listing's energy by the closed-form derivative of its
 * printed expression: 12 c s^12/r^13 - 6 c s^6/r^7. */
double gr_bedlisting_minus_dpe(const struct gr_bedlisting *l, double s, double r);

/* The largest relative difference between the listing's force and -dPE/dr
 * over n points r in [r_lo, r_hi] (n >= 2), relative to the largest force
 * on the grid: 0 when the two routines of
 * the listing describe one potential. */
double gr_bedlisting_force_mismatch(const struct gr_bedlisting *l, double s, double r_lo,
                                    double r_hi, int n);

#endif
