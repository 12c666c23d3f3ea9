/* granrepro physics: the contact force of Buchholtz & Poeschel, "A
 * vectorized algorithm for molecular dynamics of short range interacting
 * particles", Int. J. Mod. Phys. C 4, 1049 (1993), eqs. 17-21 (Cundall &
 * Strack as modified by Haff), with the torque of eq. 16.
 *
 * One sign convention (reference/buchholtz1993/forcelaw.tsv says why the
 * printed equations need it): n = (r_i - r_j)/|r_i - r_j|, t = (0 -1; 1 0) n
 * (eq. 17), xi = R_i + R_j - |r_i - r_j| > 0 in contact,
 *   F_N   = k_N xi^1.5 - gamma_N M_eff (v_i - v_j).n            (eq. 18)
 *   v_rel = (v_i - v_j).t - (R_i w_i + R_j w_j)                 (eq. 20)
 *   F_S   = -sign(v_rel) min(gamma_S M_eff |v_rel|, mu |F_N|)   (eq. 19)
 * force on i F_N n + F_S t (eq. 17), on j its negative; torque -R F_S on
 * both grains (eq. 16).  Each printed reading that differs is a variant
 * bit, applied by multipliers so that the pair function stays branch-free
 * (the lattice pass of bplattice.c inlines it into a vectorized loop).
 * Operation count for the cost table of section 3 (hand count of the code
 * as written; + - * / sqrt and negations, not compares, selects, fabs,
 * copysign): 62 per pair in bpforce_pair.h, about 15 of them for the
 * variant multipliers; with the lattice pass's 9 (differences, Test
 * product, accumulation, overlap) 71 per mask evaluation, against the
 * paper's 1656 / 24 = 69.  The copy for the consistent law alone
 * (GR_BPFORCE_PAIR_CONSISTENT) does 46; its pass without the overlap (the
 * one the bench and Fig. 4 time) 8 more, 54 per mask evaluation.
 */
#ifndef GR_BPFORCE_H
#define GR_BPFORCE_H

#include <math.h>
#include <stddef.h>

#include "status.h"

/* Printed readings of eqs. 14-20 (bits; 0 = the consistent law). */
enum {
  GR_BPFORCE_EQ18_SIGN = 1,    /* eq. 18: + gamma_N M_eff v (anti-damping) */
  GR_BPFORCE_EQ18_VECTOR = 2,  /* eq. 18: damping of the full relative velocity */
  GR_BPFORCE_EQ19_MIN = 4,     /* eq. 19: min{-gamma_S M_eff v_rel, mu |F_N|} literally */
  GR_BPFORCE_EQ20_ROT = 8,     /* eq. 20: + R_i w_i - R_j w_j */
  GR_BPFORCE_EQ14_TANGENT = 16 /* eqs. 14-15: shear force along -t, torque of eq. 16 */
};

struct gr_bpforce {
  double kn, gn, gs, mu; /* k_N (N/m^1.5), gamma_N, gamma_S (1/s), mu */
  int variants;          /* GR_BPFORCE_* bits */
  /* multipliers derived from variants by gr_bpforce_init */
  double damp_sign, damp_full, min_printed, rot_i, rot_j, tan_sign;
};

/* One pair seen from grain i. */
struct gr_bpforce_out {
  double fx, fy; /* force on i */
  double ti;     /* torque on i, eq. 16: -R_i F_S (on j: gr_bpforce_torque_j) */
  double fn, fs; /* eq. 18 and eq. 19 values (0 out of contact) */
  double xi;     /* overlap (0 out of contact) */
};

/* Set the constants and the variant multipliers; 0, or GR_EINPUT (2)
 * when a constant is negative or not finite or a bit is unknown. */
int gr_bpforce_init(struct gr_bpforce *p, double kn, double gn, double gs,
                    double mu, int variants);

/* Eqs. 17-21 for the pair (i, j): gr_bpforce_pair (bpforce_pair.h). */
#define GR_BPFORCE_PAIR_NAME gr_bpforce_pair
#define GR_BPFORCE_PAIR_ATTR
#include "physics/bpforce_pair.h"
#undef GR_BPFORCE_PAIR_NAME
#undef GR_BPFORCE_PAIR_ATTR

/* A read-only view of the grains (structure of arrays, n entries). */
struct gr_bpgrains {
  size_t n;
  const double *x, *y, *vx, *vy, *w; /* position, velocity, angular velocity */
  const double *r, *m;                /* radius, mass */
};

/* Torque on j of the pair whose i-side is o (eq. 16: -R_j F_S). */
static inline double gr_bpforce_torque_j(const struct gr_bpforce_out *o,
                                         double rj)
{
  return -rj * o->fs;
}

/* Elastic energy of an overlap xi: k_N xi^2.5 / 2.5 (the potential of the
 * Hertz term of eq. 18). */
double gr_bpforce_energy(const struct gr_bpforce *p, double xi);

/* Name of one variant bit ("eq18-sign", ...), "consistent" for 0. */
const char *gr_bpforce_variant_name(int bit);

/* Restitution of a head-on contact under eq. 18 (the normal force along
 * the line of centres): the overlap x'' = -k x^1.5 - gn x' with k = k_N /
 * M_eff, from x = 0 at closing speed v0, integrated with GSL's rk8pd until
 * the grains part; *e = -(parting speed) / v0, 0 when they are still in
 * contact after 0.02 s (they stick).  GR_OK, GR_EINPUT (k, v0 <= 0, gn <
 * 0), GR_ENOMEM, GR_EFAIL (the integration failed). */
int gr_bpforce_restitution(double k, double gn, double v0, double *e) GR_MUST_CHECK;

#endif
