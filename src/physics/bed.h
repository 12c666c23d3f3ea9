/* granrepro physics: the time-driven shaken bed of B. Wilson, "Computer
 * Simulations of Pattern Formations in Granular Materials", B.Sc. thesis,
 * UBC (2001), section 4 (eqs. 7-11), section 5, and the listing hpart.f /
 * fcn.inc of appendix B, as fcn1 computes the derivatives:
 *
 *   disks of unit mass and diameter sigma in the box [0, L]^2, pair force
 *   -dV/dr of eq. 10 (wca.h) for r < r0, pair damping of eq. 11 in one of
 *   the readings below, walls with force and damping (-gamma_w v_normal)
 *   only while h <= r0/2, gravity -g and the shaking A w^2 cos(w t) on y
 *   (the whole box shaken, equations written in the box frame).
 *
 * State y: per disk x, y, vx, vy (4 n numbers); with augment, three more:
 * energy dissipated by the pair damping, by the walls, and work done by
 * the shaking (their derivatives are the powers), so that an integrator
 * carries the full energy balance (E - E0 = W_shake - D_pair - D_wall).
 */
#ifndef GR_BED_H
#define GR_BED_H

#include <stddef.h>

#include "physics/wca.h"

struct gr_bedcells;

/* Readings of the pair damping (eq. 11 and txt 1546-1555). */
enum gr_bed_damp {
  GR_BED_DAMP_PRINTED = 0, /* the loop as printed: dforce overwritten, the
                              a = d = 3 (z) term remains: 0 in the plane */
  GR_BED_DAMP_PRINTED_D2,  /* the same loop if d were 2: only the y term */
  GR_BED_DAMP_SUMMED,      /* summed over a, printed sign: anti-dissipative */
  GR_BED_DAMP_DISSIPATIVE, /* Aoki-Akiyama: -gamma ((v_i-v_j).r^) r^ */
  GR_BED_DAMP_NONE
};

/* Readings of the shaking frequency. */
enum gr_bed_freq {
  GR_BED_FREQ_ANGULAR = 0, /* listing: amp freq^2 cos(freq t) */
  GR_BED_FREQ_CYCLES       /* text: 4 pi^2 f^2 A cos(2 pi f t) */
};

struct gr_bed_model {
  size_t n;          /* disks */
  struct gr_wca wca; /* sigma = diameter, eps = 1/4 */
  double box;        /* L: walls at 0 and L in x and y (listing: 10) */
  double gamma;      /* pair damping constant (fcn.inc: 100) */
  double gamma_wall; /* wall damping constant (fcn.inc: 1) */
  double g;          /* gravity */
  double amp, freq;  /* shaking amplitude and frequency */
  int damp;          /* enum gr_bed_damp */
  int freq_reading;  /* enum gr_bed_freq */
  int gravity;       /* 1: -g on y (listing: only when plain != 1) */
  int shake;         /* 1: shaking on y (listing: only when plain != 1) */
  int lossy;         /* 1: wall damping (listing: lossy = 1) */
  int augment;       /* 1: three energy accumulators follow the 4 n state */
  int nowalls;       /* 1: no wall forces (free collisions: "walls far") */
};

/* Number of ODE components: 4 n (+ 3 with augment). */
size_t gr_bed_neq(const struct gr_bed_model *m);

/* The angular frequency w of the shaking under the model's reading. */
double gr_bed_omega(const struct gr_bed_model *m);

/* The shaking acceleration on y at time t (0 when shaking is off). */
double gr_bed_shake_accel(const struct gr_bed_model *m, double t);

/* Derivatives of eqs. 7-8 at time t: dydt[4i..4i+3] = vx, vy, ax, ay (and
 * the three powers with augment).  cells: NULL for the listing's all-pairs
 * loop, else a cell list of the same box (bedcells.h).  The pair loop's
 * powers: pw[0] = energy dissipated per unit time by the pair damping,
 * pw[1] by the walls, pw[2] the shaking power (pw may be NULL).  Returns
 * the number of pairs in contact. */
size_t gr_bed_deriv(const struct gr_bed_model *m, struct gr_bedcells *cells,
                    double t, const double *y, double *dydt, double pw[3]);

/* Energies of a state: kinetic (unit mass), pair (eq. 10 over pairs with
 * r <= r0), walls, gravity (g y, whether or not gravity is on). */
double gr_bed_kinetic(const struct gr_bed_model *m, const double *y);
double gr_bed_pair_energy(const struct gr_bed_model *m, const double *y);
double gr_bed_wall_energy(const struct gr_bed_model *m, const double *y);
double gr_bed_gravity_energy(const struct gr_bed_model *m, const double *y);

/* The energy of disks i and j in their centre-of-mass frame: |v_i -
 * v_j|^2 / 4 + V(r_ij).  Gravity and the shaking act equally on both and
 * leave it unchanged, so over a collision of two free disks it is
 * conserved exactly (elastic pair) whatever the body force. */
double gr_bed_pair_relative_energy(const struct gr_bed_model *m, const double *y, size_t i,
                                   size_t j);

/* The mechanical energy the model conserves without damping and shaking:
 * kinetic + pair + wall (+ gravity when on). */
double gr_bed_energy(const struct gr_bed_model *m, const double *y);

/* The listing's E = KE + PE of subroutine energy (txt 1657-1687): kinetic
 * plus pair energy, no walls, no gravity; literal = 1 reads the inner loop
 * "do j=1+1,np" literally (pairs not involving disk 1 counted twice). */
double gr_bed_energy_listing(const struct gr_bed_model *m, const double *y,
                             int literal);

/* Total momentum (px, py) of unit-mass disks: hpart's momx, momy, whose
 * change it prints as "pi - p" every output time. */
void gr_bed_momentum(const struct gr_bed_model *m, const double *y, double p[2]);

/* Smallest pair distance and smallest centre-to-wall distance. */
void gr_bed_closest(const struct gr_bed_model *m, const double *y,
                    double *pair, double *wall);

#endif
