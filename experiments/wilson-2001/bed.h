/* granrepro experiment wilson-bed: B. Wilson, "Computer Simulations of
 * Pattern Formations in Granular Materials", B.Sc. thesis, UBC (2001),
 * sections 4-5 and appendix B (hpart.f, fcn.inc): the time-driven shaken
 * bed.  Private header of the experiment's files (bed_*.c). */
#ifndef GR_WILSON_BED_H
#define GR_WILSON_BED_H

#include <gsl/gsl_rng.h>
#include <stddef.h>

#include "harness/experiment.h"
#include "physics/bed.h"
#include "physics/bedint.h"
#include "physics/bedlisting.h"
#include "status.h"

struct gr_ctx;


#define BED_CONST "bed-constants"
#define BED_CLAIMS "bed-claims"

/* The printed inputs, read from reference/wilson-2001/bed-constants.tsv. */
struct bed_par {
  double n, sigma, box, vmax, amp, freq, g, gamma_w, gamma, tol;
  double n_max, maxnp, dim, neq_per_disk, eps;
  struct gr_bedlisting lst; /* the listing's pair formulas' constants */
};

/* One sample of a run, handed to the caller at every output time. */
typedef int (*bed_sample_fn)(void *arg, double t, const double *y);

/* A run: model, integrator, horizon, output interval. */
struct bed_run {
  struct gr_bed_model m;
  struct gr_bedint_opts o;
  double tend, dtout;
};

int gr_wilson_bed_params(struct gr_ctx *ctx, struct bed_par *p) GR_MUST_CHECK;

/* The Fig. 9 run of section 5: the model with gravity and shaking, the
 * LSODA settings at the printed tolerance, our output interval and length
 * (not printed: choices), the independent random starts that decide its
 * claims (bedclaim.h) and their velocity bound. */
struct bed_fig9 {
  struct bed_run r;
  double vmax;
  size_t nstarts;
};
void gr_wilson_bed_fig9_setup(const struct bed_par *p, int quick, struct bed_fig9 *f);

/* The cost runs' numbers of disks, up to the printed n_max (bed_cost.c). */
#define BED_COST_NN 5
void gr_wilson_bed_cost_sizes(const struct bed_par *p, double n[BED_COST_NN]);

/* The listing's model for n disks in [0, box]^2 as printed: plain = 1 (no
 * gravity, no shaking), lossy = 1, the printed damping loop, freq as an
 * angular frequency; the Fig. 9 run of section 5 sets gravity and shake. */
struct gr_bed_model gr_wilson_bed_model(const struct bed_par *p, size_t n, double box);

/* The listing's LSODA call (txt 1377-1398): the real LSODA
 * (physics/lsoda.h), rtol = atol = tol, itask = 1, a fresh start (istate
 * = 1) every output interval, mxstep 500 (iopt = 0). */
struct gr_bedint_opts gr_wilson_bed_lsoda(double tol);

/* The GSL stand-in driven the same way: msadams (LSODA's non-stiff branch
 * without the switch), landing on tout, LSODA's h0 at every restart; the
 * comparison the verdicts used before the real LSODA. */
struct gr_bedint_opts gr_wilson_bed_standin(double tol);

/* Canonical start of the issue, on a grid of spacing 2 generalised to n
 * disks (nx = ceil(sqrt(1.25 n)) columns); returns the box side 2 nx
 * (10 for n = 20: x = 1..9, y = 1..7). */
double gr_wilson_bed_canonical(double *y, size_t n);

/* Seeded random start: positions uniform over the configurations with no
 * two disks closer than sigma and every disk at least r0/2 from the walls
 * (hard-disk Metropolis from the canonical grid, 200 sweeps of moves up to
 * sigma/2: random sequential addition jams before 20 disks fit), velocities
 * uniform in [-vmax, vmax].  The canonical grid must fit the box. */
void gr_wilson_bed_random(gsl_rng *r, double *y, size_t n, double box,
                         double sigma, double r0, double vmax);

/* Integrate run from y (4 n numbers, +3 accumulators when augmented) over
 * [0, tend], calling sample at t = 0 and every output time; *st gets the
 * integrator's counters (may be NULL).  GR_OK, GR_ENOMEM, GR_EFAIL (the
 * stepper failed), or the sampler's status (GR_OK to go on). */
int gr_wilson_bed_run(const struct bed_run *run, double *y, bed_sample_fn sample,
                      void *arg, struct gr_bedint_stats *st) GR_MUST_CHECK;

/* The same with the pair loop over a cell list of the run's box. */
int gr_wilson_bed_run_cells(const struct bed_run *run, struct gr_bedcells *cells, double *y,
                            bed_sample_fn sample, void *arg, struct gr_bedint_stats *st) GR_MUST_CHECK;

/* The tasks (one per file). */
int gr_wilson_bed_contact(struct gr_ctx *ctx);
int gr_wilson_bed_flight(struct gr_ctx *ctx);
int gr_wilson_bed_fig8(struct gr_ctx *ctx);
int gr_wilson_bed_fig9(struct gr_ctx *ctx);
int gr_wilson_bed_energy(struct gr_ctx *ctx);
int gr_wilson_bed_energy_table(struct gr_ctx *ctx);
int gr_wilson_bed_collisions(struct gr_ctx *ctx);
int gr_wilson_bed_variants(struct gr_ctx *ctx);
int gr_wilson_bed_cost(struct gr_ctx *ctx);

/* Bench kernels (bed_bench.c). */
#define BED_NKERNELS 14

/* The neighbour list's skin in units of sigma, one value for every N (a
 * fixed rule: 0.1-0.5 sigma cost within 5 % of each other at N = 100). */
#define BED_SKIN 0.2
extern const struct gr_kernel gr_wilson_bed_kernels[BED_NKERNELS];

#endif
