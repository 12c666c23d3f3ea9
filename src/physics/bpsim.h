/* granrepro physics: a granular simulation as Buchholtz & Poeschel, Int.
 * J. Mod. Phys. C 4, 1049 (1993), run it (section 2 steps 1-6): Gear
 * predictor-corrector (Appendix A, gear.h) on x, y and the rotation angle
 * of every grain, the contact force of eqs. 17-21 (bpforce.h), gravity,
 * and one of four searches for the forces: the lattice (bplattice.h),
 * linked cells, the N-squared neighbour list or all pairs (bpsearch.h).
 * Grains nfree .. n-1 are fixed (the pipe wall of section 4): their
 * derivatives are zero and their acceleration is held at zero, so the
 * corrector leaves them exactly where they are.
 */
#ifndef GR_BPSIM_H
#define GR_BPSIM_H

#include <stddef.h>

#include "physics/box.h"
#include "physics/bpforce.h"
#include "physics/bplattice.h"
#include "physics/bpsearch.h"
#include "physics/gear.h"

enum gr_bpsim_search {
  GR_BPSIM_LATTICE = 0, GR_BPSIM_CELLS, GR_BPSIM_VERLET, GR_BPSIM_ALLPAIRS
};

struct gr_bpsim_params {
  struct gr_box box;        /* axes 0 and 1 */
  struct gr_bpforce force;  /* eqs. 17-21 */
  double g[2];              /* gravity (m/s^2) */
  double dt;                /* time step (s) */
  int nv, gear_flags;       /* Gear values (5, 6) and GR_GEAR_* flags */
  int search;               /* enum gr_bpsim_search */
  double cell;              /* lattice cell size d (0: rmax) */
  int mask_h;               /* 2 (5x5) or 3 (7x7) */
  double skin;              /* neighbour-list skin (0: rmax / 2) */
  int vectorized;           /* lattice pass mode: GR_BPLATTICE_* bits (1 = vectorized) */
};

struct gr_bpsim {
  struct gr_bpsim_params p;
  size_t n, nfree;
  double rmax, rmin, t, maxov;
  long steps;
  double *r, *m, *inertia;               /* per grain */
  double *x, *y, *vx, *vy, *w;           /* the state the forces see */
  double *fx, *fy, *tq, *acc;            /* forces, accelerations (3n) */
  struct gr_gear gear;                   /* 3n coordinates: x | y | angle */
  struct gr_bplattice lat;
  struct gr_bpcells cells;
  struct gr_bpverlet verlet;
};

/* n grains with radii r, masses m and moments of inertia I (copied); the
 * last n - nfree are fixed.  0, 2 (bad parameters or radii), 4. */
int gr_bpsim_init(struct gr_bpsim *s, const struct gr_bpsim_params *p,
                  size_t n, size_t nfree, const double *r, const double *m,
                  const double *inertia);
void gr_bpsim_free(struct gr_bpsim *s);

/* Position, velocity, angular velocity of grain i (fixed grains: v, w
 * ignored).  Call before the first step; then gr_bpsim_start. */
void gr_bpsim_set(struct gr_bpsim *s, size_t i, double x, double y, double vx,
                  double vy, double w);

/* Forces of the start state into the Gear accelerations.  0 or 4. */
int gr_bpsim_start(struct gr_bpsim *s);

/* One step: predict, forces at the predicted state, correct.  0 or 4. */
int gr_bpsim_step(struct gr_bpsim *s);

/* The grains as the force code sees them (current state). */
struct gr_bpgrains gr_bpsim_grains(const struct gr_bpsim *s);

/* Forces, torques and largest overlap of the current state into s->fx,
 * s->fy, s->tq with the configured search.  0 or 4. */
int gr_bpsim_forces(struct gr_bpsim *s);

/* Kinetic + rotational energy of the free grains, and their potential
 * energy in gravity (-m g.r); elastic energy of all contacts (all pairs,
 * O(n^2): for tests and small systems). */
double gr_bpsim_kinetic(const struct gr_bpsim *s);
double gr_bpsim_potential(const struct gr_bpsim *s);
double gr_bpsim_elastic(const struct gr_bpsim *s);

#endif
