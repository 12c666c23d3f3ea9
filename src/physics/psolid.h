/* granrepro physics: a particle solid of Greenspan & Rosati, "Computer
 * Generation of Particle Solids" (UW-Madison CS TR 273, 1976): one body
 * under the pair forces of eqs. (2.5)-(2.7) (pairforce.h), integrated by
 * the leap-frog of eqs. (2.1)-(2.4), (2.8) with the floor of Section 4
 * (leapfrog.h), with the bookkeeping of the paper's FORTRAN listing as an
 * option: its step counter K starts at 1, and each run stops at K = 5000
 * and is restarted from the state punched on cards with FORMAT (5F10.4).
 * Also the observables the paper's statements are checked with (mirror
 * asymmetry, pairs within the cutoff, centre of mass) and the block balance
 * of Section 3 that fixes G and H (eqs. 3.13-3.19).
 */
#ifndef GR_PSOLID_H
#define GR_PSOLID_H

#include "status.h"

#include <stddef.h>

#include "physics/leapfrog.h"
#include "physics/pairforce.h"

#define GR_PSOLID_KSTOP 5000 /* listing: IF (K.LT.5000) GO TO 65, K starts at 1 */

struct gr_psolid_opts {
  struct gr_pairforce pf;      /* force law */
  struct gr_leapfrog_opts lf;  /* step, gravity, start, floor */
  int listing_counter;         /* 1: t_n is the listing's K = n, n - 1 steps */
  int restart;                 /* 1: stop at K = 5000, restart from F10.4 cards */
};

struct gr_psolid {
  struct gr_leapfrog *lf;      /* the state (x, y, vx, vy, m, k) */
  struct gr_pairforce pf;
  struct gr_pairforce_ws *ws;
  int listing_counter, restart;
  int diverged;                /* a coordinate became non-finite */
};

/* A body of n particles at (x, y), all of mass m, at rest.  GR_ENOMEM (and
 * *out NULL) when out of memory. */
int gr_psolid_new(struct gr_psolid **out, size_t n, const double *x,
                  const double *y, double m, const struct gr_psolid_opts *o) GR_MUST_CHECK;
void gr_psolid_free(struct gr_psolid *s);

/* Steps the bookkeeping takes to reach the paper's t_n: n; n - 1 with the
 * listing's counter; n - 1 - (n - 1) / 5000 with its restarts too (a run
 * stops after 4999 steps: t_10000 is 9998 steps, t_32000 is 31993). */
long gr_psolid_steps_for(int listing_counter, int restart, long n);

/* Advance to the paper's t_n, rounding the state to four decimals at each
 * restart (PUNCH with F10.4); returns 1 when the state diverged (force
 * failure or a non-finite coordinate; it stops there), 0 otherwise. */
int gr_psolid_advance(struct gr_psolid *s, long n);

/* Take steps more leap-frog steps without the listing's bookkeeping (the
 * 2000 steps after a particle is removed, Section 4); stops at a force
 * failure and returns 1 when the body has diverged, 0 otherwise. */
int gr_psolid_run(struct gr_psolid *s, long steps);

/* Mirror partner (x -> -x, same y, compared exactly) of each of n
 * particles, -1 when none. */
void gr_psolid_mirror(size_t n, const double *x, const double *y, int *partner);

/* Largest |q_i -/+ q_partner(i)| over x (+), y (-), vx (+), vy (-); 0 for an
 * exactly mirror-symmetric state, infinity once diverged. */
double gr_psolid_asymmetry(const struct gr_psolid *s, const int *partner);

/* bond[i * stride + j] = 1 when particles i and j (i = j included) are at
 * most cutoff apart (the pairs that interact under Section 4's cutoff). */
void gr_psolid_bonds(size_t n, const double *x, const double *y, double cutoff,
                     unsigned char *bond, size_t stride);

/* Mean of y[0..n-1] (the centre of mass height of equal masses), summed as
 * y_i / n. */
double gr_psolid_mean(size_t n, const double *y);

/* The block of Fig. 3.1 (P_1 at (0, .8), P_2, P_3 at (-/+.6, 0), unit
 * masses) in equilibrium under gravity g: F_x(P_2) = 0 and F_y(P_1) = g m,
 * eqs. (3.13)-(3.19), are linear in G and H; solved with the pair forces
 * of exponents alpha, beta (cutoff above 1.2: every pair interacts).
 * Gives G m and H m.  GR_EFAIL when singular. */
int gr_psolid_block_constants(int alpha, int beta, double cutoff, double g,
                              double *gm, double *hm) GR_MUST_CHECK;

#endif
