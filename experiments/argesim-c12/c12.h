/* granrepro experiment c12: ARGESIM comparison C12, collision processes in
 * rows of spheres, against the FORTRAN solution of M. Willensdorfer and
 * F. Breitenecker (Simulation News Europe, issue 31).  Shared declarations
 * of c12.c (registration, kernels) and c12_tasks.c (tasks a, b, c). */
#ifndef GR_EXP_C12_H
#define GR_EXP_C12_H

#include <stddef.h>

#include "physics/chain.h"
#include "physics/chainrule.h"

struct gr_ctx;

/* The benchmark's row: diameter d = 1, gaps a = 1, v0 = 1. */
#define C12_GAP 1.0
#define C12_DIAMETER 1.0
#define C12_V0 1.0
#define C12_MAX_COLL 2000000L  /* budget per run; collapse is found far sooner */

/* e on the sweep grid: k * step for k = 0..n-1. */
struct c12_sweep {
  size_t n;
  double step;
  struct gr_chain_result *exact;  /* chain.h solver */
  struct gr_chain_result *rule;   /* published stopping rule */
};

/* Allocate a sweep over [0, 1] with the given step; NULL if out of memory. */
struct c12_sweep *c12_sweep_new(double step);
void c12_sweep_free(struct c12_sweep *s);

/* Fill exact[] (and rule[] when rule is not NULL) for every e; OpenMP
 * parallel, results independent of the thread count.  Returns collisions. */
double c12_sweep_exact(struct c12_sweep *s);
double c12_sweep_rule(struct c12_sweep *s, const struct gr_chainrule *rule);

/* Final v4 of the exact solver for restitution e. */
double c12_final_v4(double e);

/* Monte Carlo of task c2: n restitution coefficients N(mu, sigma) (redrawn
 * outside [0, 1]) from a MT19937 generator seeded with seed; v4[i] the
 * final velocity of each. */
int c12_montecarlo(double mu, double sigma, size_t n, unsigned long seed,
                   double *v4);

/* The tasks (c12_tasks.c). */
int c12_task_a(struct gr_ctx *ctx);
int c12_task_b(struct gr_ctx *ctx);
int c12_task_c1(struct gr_ctx *ctx);
int c12_task_c2(struct gr_ctx *ctx);

/* "0.25000000": eight printed decimals, so "practically 0.25" means
 * |v - 0.25| < 5e-9 (half a unit in the eighth decimal). */
#define C12_PRINTED 5e-9

/* Largest |v_i - 1/4| of a result, and the v_i farthest from 1/4. */
double c12_dev(const struct gr_chain_result *r);
double c12_worst_v(const struct gr_chain_result *r);

/* Task b pieces (c12_b_rule.c): run checks, the published stopping rule
 * and its variants (eb: the exact model's 0.25000000 boundary), figures. */
int c12_b_checks(struct gr_ctx *ctx, const struct c12_sweep *s);
int c12_b_rule(struct gr_ctx *ctx, const struct c12_sweep *s, double eb);
int c12_b_figures(struct gr_ctx *ctx);

/* Name of a run's ending for the data files. */
const char *c12_end_name(int end);

#endif
