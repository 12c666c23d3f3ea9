/* granrepro physics: the explicit leap-frog integrator of Greenspan &
 * Rosati, "Computer Generation of Particle Solids" (UW-Madison CS TR 273,
 * 1976), eqs. (2.1)-(2.4) and (2.8), with the reflecting floor y = 0 of
 * Section 4 and the start and floor rule of its FORTRAN listing as options.
 *
 * One step k -> k+1: forces F_k at r_k (a callback), a_k = F_k / m with
 * gravity -g on y (2.8), v_{k+1/2} = v_{k-1/2} + dt a_k (2.2; the first step
 * uses dt/2 from v_0, eq. 2.1, or the listing's full dt), r_{k+1} = r_k +
 * dt v_{k+1/2} (2.3), then the floor: a particle with y < 0 gets y -> -y,
 * v_x -> kx v_x, v_y -> -e v_y (text: kx = 0, e = 1; listing: kx = 0,
 * e = 0.1).  The stored
 * velocities are the half-step ones, as the listing prints them.
 */
#ifndef GR_LEAPFROG_H
#define GR_LEAPFROG_H

#include "status.h"

#include <stddef.h>

/* Total force on each particle at positions x, y (masses m); nonzero on
 * failure. */
typedef int (*gr_leapfrog_force_fn)(void *arg, size_t n, const double *x,
                                    const double *y, const double *m,
                                    double *fx, double *fy);

enum gr_leapfrog_start {
  GR_LEAPFROG_START_HALF = 0, /* eq. (2.1): v_1/2 = v_0 + dt/2 a_0 */
  GR_LEAPFROG_START_FULL      /* listing: VX(I,2) = VX(I,1) + .0001*ACX(I) */
};

struct gr_leapfrog_opts {
  double dt;      /* time step (paper: 1e-4) */
  double g;       /* gravity on y, force -g m (2.8; paper: 32) */
  int start;      /* enum gr_leapfrog_start */
  int floor;      /* 1: reflecting floor at y = 0 */
  double floor_e; /* v_y -> -floor_e v_y on reflection */
  double floor_kx; /* v_x -> floor_kx v_x on reflection (text, listing: 0) */
  int single;     /* 1: store forces and state as IEEE binary32 each step */
};

struct gr_leapfrog {
  size_t n;
  long k;                   /* steps taken */
  double *x, *y, *vx, *vy;  /* positions r_k, velocities v_{k-1/2} (v_0 at k = 0) */
  double *m, *fx, *fy;      /* masses, last forces */
  struct gr_leapfrog_opts opt;
  gr_leapfrog_force_fn force;
  void *arg;
};

/* Allocate n particles (state zero, unit masses). NULL when out of memory. */
struct gr_leapfrog *gr_leapfrog_new(size_t n, const struct gr_leapfrog_opts *opt,
                                    gr_leapfrog_force_fn force, void *arg);
void gr_leapfrog_free(struct gr_leapfrog *lf);

/* One step, eqs. (2.1)-(2.3) and the floor; GR_OK, or GR_EFAIL when the
 * force fails. */
int gr_leapfrog_step(struct gr_leapfrog *lf) GR_MUST_CHECK;

/* The floor rule of Section 4 for one particle (kx = 0 in the paper);
 * returns 1 if reflected. */
int gr_leapfrog_floor(double *y, double *vx, double *vy, double e, double kx);

/* Kinetic energy K_k = sum m (vx^2 + vy^2) / 2 of the stored (half-step)
 * velocities, as the listing's ENERGY (Section 4's K sequence). */
double gr_leapfrog_kinetic(const struct gr_leapfrog *lf);

/* Remove particle i (0-based), keeping the order of the others. */
void gr_leapfrog_remove(struct gr_leapfrog *lf, size_t i);

#endif
