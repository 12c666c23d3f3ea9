/* granrepro physics: power-law attraction and repulsion between particles
 * (Greenspan & Rosati, "Computer Generation of Particle Solids", UW-Madison
 * CS TR 273, 1976, eqs. (2.5)-(2.7), the cutoff r > 1.5 of Section 4, and
 * the FORTRAN listing's loops 71-77).
 *
 * The pair force on P_i from P_j has magnitude
 *     F(r) = m_i m_j (H / r^alpha - G / r^beta)      (positive: repulsive)
 * along (r_i - r_j) / r, and is zero beyond the cutoff.  Totals are built
 * pair by pair (i < j) with Newton's third law, as in the listing, in one of
 * three summation orders; the correctly rounded order makes each particle's
 * total independent of the order of its terms, hence exactly mirror
 * symmetric for a mirror-symmetric body.
 */
#ifndef GR_PAIRFORCE_H
#define GR_PAIRFORCE_H

#include <stddef.h>

enum gr_pairforce_sum {
  GR_PAIRFORCE_SUM_LISTING = 0, /* pairs (1,2),(1,3),...,(N-1,N), running sums */
  GR_PAIRFORCE_SUM_REVERSE,     /* the same pairs in reverse order */
  GR_PAIRFORCE_SUM_EXACT        /* per particle, correctly rounded sum */
};

struct gr_pairforce {
  double G, H;     /* attraction and repulsion coefficients */
  int alpha, beta; /* repulsion and attraction exponents (integers) */
  double cutoff;   /* no force when r > cutoff; <= 0: no cutoff */
  int sign;        /* +1: H repulsive (listing); -1: (2.5)-(2.6) as printed */
  int sum;         /* enum gr_pairforce_sum */
};

/* Scratch space for the correctly rounded sums (n particles). */
struct gr_pairforce_ws;
struct gr_pairforce_ws *gr_pairforce_ws_new(size_t n);
void gr_pairforce_ws_free(struct gr_pairforce_ws *ws);

/* F(r) / (m_i m_j) of eqs. (2.5)-(2.6), repulsive positive, times sign;
 * 0 beyond the cutoff. */
double gr_pairforce_magnitude(const struct gr_pairforce *p, double r);

/* Force on P_i from P_j, dx = x_i - x_j, dy = y_i - y_j, mm = m_i m_j
 * (eqs. 2.5-2.6 with the listing's direction).  Returns 1 when the pair
 * interacts (r <= cutoff), 0 otherwise (force zero). */
int gr_pairforce_pair(const struct gr_pairforce *p, double dx, double dy,
                      double mm, double *fx, double *fy);

/* Returned by gr_pairforce_total when the exact sum lacks its workspace. */
#define GR_PAIRFORCE_NOWS ((size_t)-1)

/* Total interparticle force on every particle, eq. (2.7).  ws may be NULL
 * unless p->sum is GR_PAIRFORCE_SUM_EXACT (then a workspace for at least n
 * particles is needed, else GR_PAIRFORCE_NOWS).  Returns the number of
 * interacting pairs. */
size_t gr_pairforce_total(const struct gr_pairforce *p,
                          struct gr_pairforce_ws *ws, size_t n,
                          const double *x, const double *y, const double *m,
                          double *fx, double *fy);

/* The correctly rounded sum of a[0..n-1] (Shewchuk's exact partials, as
 * Python's math.fsum): independent of the order of the terms.  a is used
 * as scratch and overwritten. */
double gr_pairforce_fsum(double *a, size_t n);

#endif
