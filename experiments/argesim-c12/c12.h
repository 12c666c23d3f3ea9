/* granrepro experiment c12: ARGESIM comparison C12, collision processes in
 * rows of spheres, against the FORTRAN solution of M. Willensdorfer and
 * F. Breitenecker (Simulation News Europe, issue 31).  Private header of
 * experiments/argesim-c12/: c12.c (registration, kernels), c12_sweep.c
 * (sweeps and Monte Carlo), c12_a.c, c12_b.c, c12_b_rule.c, c12_c.c (the
 * tasks).  Cross-file names are gr_c12_<verb>. */
#ifndef GR_EXP_C12_H
#define GR_EXP_C12_H

#include <gsl/gsl_rng.h>
#include <stddef.h>

#include "physics/chain.h"
#include "physics/chainrule.h"

struct gr_ctx;

/* The benchmark's row: diameter d = 1, gaps a = 1, v0 = 1. */
#define C12_GAP 1.0
#define C12_DIAMETER 1.0
#define C12_V0 1.0
#define C12_MAX_COLL 2000000L  /* budget per run; collapse is found far sooner */

/* "0.25000000": eight printed decimals, so "practically 0.25" means
 * |v - 0.25| < 5e-9 (half a unit in the eighth decimal). */
#define C12_PRINTED 5e-9

/* e on the sweep grid: k * step for k = 0..n-1. */
struct gr_c12_sweep {
  size_t n;
  double step;
  struct gr_chain_result *exact;  /* chain.h solver */
  struct gr_chain_result *rule;   /* published stopping rule */
};

/* Allocate a sweep over [0, 1] with the given step; NULL if out of memory. */
struct gr_c12_sweep *gr_c12_sweep_new(double step);
void gr_c12_sweep_free(struct gr_c12_sweep *s);

/* Fill exact[] (or rule[]) for every e; OpenMP parallel, results
 * independent of the thread count.  Returns the collisions simulated. */
double gr_c12_sweep_exact(struct gr_c12_sweep *s);
double gr_c12_sweep_rule(struct gr_c12_sweep *s, const struct gr_chainrule *rule);

/* Final v4 of the exact solver for restitution e in *v4; GR_OK, GR_EINPUT
 * when e is not a restitution coefficient. */
int gr_c12_final_v4(double e, double *v4) GR_MUST_CHECK;

#define C12_C2_SAMPLES 100000  /* the solution's "100000 random deviates" */
/* Distribution of e used for c2 (inferred from the published mean and
 * standard deviation of v4, see gr_chaintheory_v4_infer and the notes). */
#define C12_C2_MU 0.5
#define C12_C2_SIGMA 0.05

/* The random stream of task c2's e (gr_ctx_rng, gr_rng_stream). */
#define C12_C2_STREAM "task-c2/e"

/* Monte Carlo of task c2: n restitution coefficients N(mu, sigma) (redrawn
 * outside [0, 1]) drawn in order from rng; v4[i] the final velocity of
 * each.  GR_ENOMEM when out of memory (GR_EINPUT, a failed solver, cannot
 * happen: every e is redrawn into [0, 1]). */
int gr_c12_montecarlo(gsl_rng *rng, double mu, double sigma, size_t n, double *v4);

/* Task c2's standard errors of the difference between two independent
 * samples of n (ours and the published one) with sample sd s: of the
 * means (and interval ends) sqrt(2) s / sqrt(n), of the sd's
 * sqrt(2) s / sqrt(2 (n - 1)).  reference/argesim-c12/task-c.tsv's "se K"
 * multiplies them; tests/check_power.c shows the power of that test. */
double gr_c12_c2_se_mean(double s, size_t n);
double gr_c12_c2_se_sd(double s, size_t n);

/* Largest |v_i - 1/4| of a result, and the v_i farthest from 1/4. */
double gr_c12_dev(const struct gr_chain_result *r);
double gr_c12_worst_v(const struct gr_chain_result *r);

/* Name of a run's ending for the data files. */
const char *gr_c12_end_name(int end);

/* The tasks (a: c12_a.c, b: c12_b.c, c1 and c2: c12_c.c). */
int gr_c12_task_a(struct gr_ctx *ctx);
int gr_c12_task_b(struct gr_ctx *ctx);
int gr_c12_task_c1(struct gr_ctx *ctx);
int gr_c12_task_c2(struct gr_ctx *ctx);

/* Task b pieces (c12_b_rule.c): run checks, the published stopping rule
 * and its variants, figures. */
void gr_c12_b_checks(struct gr_ctx *ctx, const struct gr_c12_sweep *s);
int gr_c12_b_rule(struct gr_ctx *ctx, const struct gr_c12_sweep *s);
void gr_c12_b_figures(struct gr_ctx *ctx);

#endif
