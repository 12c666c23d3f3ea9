/* granrepro experiment greenspan: Greenspan & Rosati, "Computer Generation
 * of Particle Solids" (UW-Madison CS TR 273, 1976).  The readings of the
 * paper and its FORTRAN listing, the tasks, the benchmark kernel and the
 * registration. */
#include "experiments/greenspan1976/greenspan.h"

#include <stdlib.h>

#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"

#define L GR_LEAPFROG_START_FULL
#define T GR_LEAPFROG_START_HALF
#define LS GR_PAIRFORCE_SUM_LISTING

/* Where the text and the listing disagree (see the notes template): start
 * of the leap-frog (eq. 2.1 vs the listing's full first kick), floor (text:
 * v_y -> -v_y; listing: -.1*VY), G and H (listing: both 2500), force sign
 * (eqs. 2.5-2.6 as printed make H attractive), Table 1's x_20 = -6, the
 * step count (the listing's K starts at 1 and each run stops at K = 5000,
 * the state punched in F10.4 for the restart).  The last six rows perturb
 * the first one to measure what is reproducible at all.  Fields left out
 * are 0 (G, H: the scenario's; floor_kx: v_x -> 0). */
const struct gs_reading gr_greenspan_readings[GS_NREADINGS] = {
  {.name = "listing", .what = "listing: full first kick, floor -.1 v_y, K counter, restart from F10.4 cards at K = 5000",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "one-run", .what = "listing without the restart (9999 steps)",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 0, .sum = LS},
  {.name = "10000-steps", .what = "listing, one run of 10000 steps",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 0, .restart = 0, .sum = LS},
  {.name = "start-2.1", .what = "listing, but the half first kick of eq. (2.1)",
   .start = T, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "floor-text", .what = "listing, but the text's undamped floor v_y -> -v_y",
   .start = L, .floor_e = 1.0, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "GH-listing", .what = "listing, with the listing's G = H = 2500",
   .start = L, .floor_e = 0.1, .G = 2500, .H = 2500, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "table1-printed", .what = "listing, with Table 1 as printed (x_20 = -6)",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS, .table1_printed = 1},
  {.name = "sign-printed", .what = "listing, with the force sign of eqs. (2.5)-(2.6) as printed",
   .start = L, .floor_e = 0.1, .sign = -1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "text", .what = "text only: eq. (2.1), floor -v_y, 10000 steps, one run",
   .start = T, .floor_e = 1.0, .sign = 1, .listing_counter = 0, .restart = 0, .sum = LS},
  {.name = "perturb+1e-8", .what = "sensitivity: listing, x_N + 1e-8 at t = 0",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS, .perturb = 1e-8,
   .sensitivity = 1},
  {.name = "perturb-1e-8", .what = "sensitivity: listing, x_N - 1e-8 at t = 0",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS, .perturb = -1e-8,
   .sensitivity = 1},
  {.name = "dt-literal", .what = "sensitivity: listing, dt = .0001 as a binary32 literal (FORTRAN's .0001 is single precision)",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS, .dt = (double)1e-4f,
   .sensitivity = 1},
  {.name = "sum-reverse", .what = "sensitivity: listing, pair forces summed in reverse order",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = GR_PAIRFORCE_SUM_REVERSE,
   .sensitivity = 1},
  {.name = "sum-exact", .what = "sensitivity: listing, correctly rounded force sums (exactly symmetric)",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = GR_PAIRFORCE_SUM_EXACT,
   .sensitivity = 1},
  {.name = "single", .what = "sensitivity: listing, binary32 storage of state and forces",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS, .single = 1,
   .sensitivity = 1},
};

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
