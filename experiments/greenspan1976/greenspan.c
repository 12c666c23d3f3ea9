/* granrepro experiment greenspan: Greenspan & Rosati, "Computer Generation
 * of Particle Solids" (UW-Madison CS TR 273, 1976).  The tasks, the
 * benchmark kernel and the registration (the readings of the paper and its
 * FORTRAN listing are in greenspan_body.c). */
#include "experiments/greenspan1976/greenspan.h"

#include <stdlib.h>

#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"

/* ---- benchmark kernel ------------------------------------------------- */

struct gs_bench {
  struct gs_body body;
  long n;
};

/* The body of Fig. 4.1 and the run length (t_2000 quick, t_10000 full);
 * no randomness, so the seed is unused. */
static int gs_bench_setup(void **state, const void *arg, int quick,
                          unsigned long seed, struct gr_error *err)
{
  struct gs_bench *b = calloc(1, sizeof *b);
  (void)arg;
  (void)seed;
  if (b == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  gr_greenspan_triangle_body(&b->body);
  b->n = quick ? 2000 : 10000;
  *state = b;
  return GR_OK;
}

/* The triangular body of Section 4 under the listing's reading: particle
 * steps done. */
static double gs_bench_triangle(void *state)
{
  struct gs_bench *b = state;
  struct gr_psolid *s;
  double work;
  if (gr_greenspan_sim(&s, &b->body, &gr_greenspan_readings[0]) != GR_OK)
    return 0.0;
  work = gr_psolid_advance(s, b->n) != 0 ? 0.0 : (double)s->lf->k * (double)s->lf->n;
  gr_psolid_free(s);
  return work;
}

/* Free what gs_bench_setup made. */
static void gs_bench_teardown(void *state)
{
  free(state);
}

static const struct gr_kernel gs_kernels[] = {
  {.name = "triangle", .unit = "particle-steps", .setup = gs_bench_setup, .run = gs_bench_triangle,
   .teardown = gs_bench_teardown},
};

static const struct gr_task gs_tasks[] = {
  {.name = "constants", .fn = gr_greenspan_constants},
  {.name = "triangle", .fn = gr_greenspan_triangle},
  {.name = "falling", .fn = gr_greenspan_falling},
  {.name = "rectangle", .fn = gr_greenspan_rectangle},
  {.name = "trial-honey", .fn = gr_greenspan_trial_honey},
  {.name = "trial-sand", .fn = gr_greenspan_trial_sand},
  {.name = "trial-collapse", .fn = gr_greenspan_trial_collapse},
  {.name = "remarks", .fn = gr_greenspan_remarks},
};

/* The experiment: its tasks in order, each a timed phase. */
static int gs_run(struct gr_ctx *ctx)
{
  return gr_ctx_run_tasks(ctx, gs_tasks, sizeof gs_tasks / sizeof gs_tasks[0]);
}

const struct gr_experiment gr_exp_greenspan = {
  .key = "greenspan",
  .title = "Greenspan & Rosati 1976: computer generation of particle solids",
  .citation = "D. Greenspan, M. Rosati, Computer Generation of Particle Solids, "
              "Computer Sciences TR 273, University of Wisconsin-Madison, 1976 "
              "(Tables 1-4, Section 4 K sequence, Figs. 4.2, 5.1, 5.2)",
  .refdir = "greenspan1976",
  .run = gs_run,
  .kernels = gs_kernels,
  .nkernels = sizeof gs_kernels / sizeof gs_kernels[0],
  .shardable = 1,
};
