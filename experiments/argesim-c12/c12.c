/* granrepro experiment c12: ARGESIM C12, collision processes in rows of
 * spheres (Willensdorfer & Breitenecker, FORTRAN solution, SNE 31).
 * Registration and the benchmark kernels (task b sweeps, task c2 Monte
 * Carlo).  The tasks are in c12_a.c, c12_b.c, c12_b_rule.c and c12_c.c,
 * the sweeps and the Monte Carlo in c12_sweep.c. */
#include "experiments/argesim-c12/c12.h"

#include <stdlib.h>

#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "harness/rng.h"

struct c12_bench {
  struct gr_c12_sweep *sweep;
  gsl_rng *origin;  /* the task c2 stream as seeded */
  gsl_rng *rng;     /* its working copy, reset from origin every sample */
  double *v4;
  size_t nmc;
};

static void c12_bench_teardown(void *state)
{
  struct c12_bench *b = state;
  gr_c12_sweep_free(b->sweep);
  gsl_rng_free(b->origin);
  gsl_rng_free(b->rng);
  free(b->v4);
  free(b);
}

/* Shared setup: a sweep grid (1e-4, quick 1e-3), the Monte Carlo buffer
 * and its generator (allocated here: nothing is allocated in a sample). */
static int c12_bench_setup(void **state, const void *arg, int quick,
                           unsigned long seed, struct gr_error *err)
{
  struct c12_bench *b = calloc(1, sizeof *b);
  (void)arg;
  if (b == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  b->nmc = quick ? 10000 : 100000;
  b->sweep = gr_c12_sweep_new(quick ? 1e-3 : 1e-4);
  b->origin = gr_rng_stream(seed, C12_C2_STREAM);
  b->rng = gsl_rng_alloc(gsl_rng_mt19937);
  b->v4 = malloc(b->nmc * sizeof *b->v4);
  if (b->sweep == NULL || b->origin == NULL || b->rng == NULL || b->v4 == NULL) {
    c12_bench_teardown(b);
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  }
  *state = b;
  return GR_OK;
}

/* Task b sweep with the exact solver: collisions simulated. */
static double c12_bench_sweep(void *state)
{
  return gr_c12_sweep_exact(((struct c12_bench *)state)->sweep);
}

/* Task b sweep under the published stopping rule: collisions simulated. */
static double c12_bench_rule(void *state)
{
  return gr_c12_sweep_rule(((struct c12_bench *)state)->sweep, &gr_chainrule_published);
}

/* Task c2 Monte Carlo (mu 0.5, sigma 0.05), the same draws every sample:
 * samples solved. */
static double c12_bench_mc(void *state)
{
  struct c12_bench *b = state;
  gsl_rng_memcpy(b->rng, b->origin);
  if (gr_c12_montecarlo(b->rng, 0.5, 0.05, b->nmc, b->v4) != GR_OK)
    return 0.0;
  return (double)b->nmc;
}

static const struct gr_kernel c12_kernels[] = {
  {.name = "sweep", .unit = "collisions", .setup = c12_bench_setup,
   .run = c12_bench_sweep, .teardown = c12_bench_teardown},
  {.name = "rule-sweep", .unit = "collisions", .setup = c12_bench_setup,
   .run = c12_bench_rule, .teardown = c12_bench_teardown},
  {.name = "montecarlo", .unit = "samples", .setup = c12_bench_setup,
   .run = c12_bench_mc, .teardown = c12_bench_teardown},
};

/* Tasks a, b, c1, c2 in order, each a timed phase. */
static const struct gr_task c12_tasks[] = {
  {.name = "task-a", .fn = gr_c12_task_a},
  {.name = "task-b", .fn = gr_c12_task_b},
  {.name = "task-c1", .fn = gr_c12_task_c1},
  {.name = "task-c2", .fn = gr_c12_task_c2},
};

/* The experiment: its tasks in order (the context checks each once). */
static int c12_run(struct gr_ctx *ctx)
{
  return gr_ctx_run_tasks(ctx, c12_tasks, sizeof c12_tasks / sizeof c12_tasks[0]);
}

const struct gr_experiment gr_exp_c12 = {
  .key = "c12",
  .title = "ARGESIM C12: collision processes in rows of spheres",
  .citation = "M. Willensdorfer, F. Breitenecker, C12 Sphere's Collision - FORTRAN, "
              "ARGESIM comparison solution, Simulation News Europe 31",
  .refdir = "argesim-c12",
  .run = c12_run,
  .kernels = c12_kernels,
  .nkernels = sizeof c12_kernels / sizeof c12_kernels[0],
  .shardable = 1,
};
