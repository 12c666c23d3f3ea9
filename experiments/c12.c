/* granrepro experiment c12: ARGESIM C12, collision processes in rows of
 * spheres (Willensdorfer & Breitenecker, FORTRAN solution, SNE 31).
 * Registration, the sweeps and Monte Carlo shared by the tasks and the
 * benchmark kernels.  The tasks themselves are in c12_a.c, c12_b.c,
 * c12_b_rule.c and c12_c.c. */
#include "experiments/c12.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>

#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"

const char *c12_end_name(int end)
{
  switch (end) {
  case GR_CHAIN_SEPARATED: return "separated";
  case GR_CHAIN_COLLAPSED: return "collapsed";
  case GR_CHAIN_AMBIGUOUS: return "tie";
  case GR_CHAIN_LIMIT: return "limit";
  default: return "running";
  }
}

/* Largest |v_i - vcm| of a result (vcm = 1/4 for the C12 start). */
double c12_dev(const struct gr_chain_result *r)
{
  double d = 0.0;
  int i;
  for (i = 0; i < 4; i++)
    if (fabs(r->v[i] - 0.25 * C12_V0) > d)
      d = fabs(r->v[i] - 0.25 * C12_V0);
  return d;
}

/* The v_i farthest from 1/4 (keeps the sign, for comparison with 0.25). */
double c12_worst_v(const struct gr_chain_result *r)
{
  double w = 0.25 * C12_V0;
  int i;
  for (i = 0; i < 4; i++)
    if (fabs(r->v[i] - 0.25 * C12_V0) > fabs(w - 0.25 * C12_V0))
      w = r->v[i];
  return w;
}

struct c12_sweep *c12_sweep_new(double step)
{
  struct c12_sweep *s = calloc(1, sizeof *s);
  if (s == NULL)
    return NULL;
  s->step = step;
  s->n = (size_t)(1.0 / step + 0.5) + 1;
  s->exact = calloc(s->n, sizeof *s->exact);
  s->rule = calloc(s->n, sizeof *s->rule);
  if (s->exact == NULL || s->rule == NULL) {
    c12_sweep_free(s);
    return NULL;
  }
  return s;
}

void c12_sweep_free(struct c12_sweep *s)
{
  if (s == NULL)
    return;
  free(s->exact);
  free(s->rule);
  free(s);
}

/* e of grid point k, computed as k / (1/step) so that 0.1770 is exact in
 * decimal terms (k * 1e-4 would carry the binary error of 1e-4). */
static double c12_grid(const struct c12_sweep *s, size_t k)
{
  return (double)k / (double)(s->n - 1);
}

double c12_sweep_exact(struct c12_sweep *s)
{
  long k, n = (long)s->n;
  double total = 0.0;
#pragma omp parallel for schedule(dynamic, 64)
  for (k = 0; k < n; k++) {
    struct gr_chain c;
    gr_chain_init_c12(&c, C12_GAP, C12_V0, c12_grid(s, (size_t)k));
    gr_chain_solve(&c, C12_MAX_COLL, &s->exact[k]);
  }
  for (k = 0; k < n; k++)
    total += (double)s->exact[k].ncoll;
  return total;
}

double c12_sweep_rule(struct c12_sweep *s, const struct gr_chainrule *rule)
{
  long k, n = (long)s->n;
  double total = 0.0;
#pragma omp parallel for schedule(dynamic, 64)
  for (k = 0; k < n; k++)
    gr_chainrule_run_c12(rule, C12_GAP, C12_DIAMETER, C12_V0,
                         c12_grid(s, (size_t)k), C12_MAX_COLL, &s->rule[k]);
  for (k = 0; k < n; k++)
    total += (double)s->rule[k].ncoll;
  return total;
}

double c12_final_v4(double e)
{
  struct gr_chain c;
  struct gr_chain_result r;
  gr_chain_init_c12(&c, C12_GAP, C12_V0, e);
  gr_chain_solve(&c, C12_MAX_COLL, &r);
  return r.v[3];
}

int c12_montecarlo(double mu, double sigma, size_t n, unsigned long seed,
                   double *v4)
{
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  double *e;
  long i;
  if (rng == NULL || (e = malloc(n * sizeof *e)) == NULL) {
    gsl_rng_free(rng);
    return GR_ENOMEM;
  }
  gsl_rng_set(rng, seed);
  /* draw sequentially (the stream fixes the bytes), solve in parallel */
  for (i = 0; i < (long)n; i++) {
    do
      e[i] = mu + gsl_ran_gaussian_ziggurat(rng, sigma);
    while (e[i] < 0.0 || e[i] > 1.0);
  }
#pragma omp parallel for schedule(static)
  for (i = 0; i < (long)n; i++)
    v4[i] = c12_final_v4(e[i]);
  free(e);
  gsl_rng_free(rng);
  return GR_OK;
}

/* ---- benchmark kernels ------------------------------------------------ */

struct c12_bench {
  int quick;
  unsigned long seed;
  struct c12_sweep *sweep;
  double *v4;
  size_t nmc;
};

/* Shared setup: a sweep grid (1e-4, quick 1e-3) and Monte Carlo buffer. */
static int c12_bench_setup(void **state, const void *arg, int quick,
                           unsigned long seed, struct gr_error *err)
{
  struct c12_bench *b = calloc(1, sizeof *b);
  (void)arg;
  if (b == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  b->quick = quick;
  b->seed = seed;
  b->nmc = quick ? 10000 : 100000;
  b->sweep = c12_sweep_new(quick ? 1e-3 : 1e-4);
  b->v4 = malloc(b->nmc * sizeof *b->v4);
  if (b->sweep == NULL || b->v4 == NULL) {
    c12_sweep_free(b->sweep);
    free(b->v4);
    free(b);
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  }
  *state = b;
  return GR_OK;
}

static void c12_bench_teardown(void *state)
{
  struct c12_bench *b = state;
  c12_sweep_free(b->sweep);
  free(b->v4);
  free(b);
}

/* Task b sweep with the exact solver: collisions simulated. */
static double c12_bench_sweep(void *state)
{
  return c12_sweep_exact(((struct c12_bench *)state)->sweep);
}

/* Task b sweep under the published stopping rule: collisions simulated. */
static double c12_bench_rule(void *state)
{
  return c12_sweep_rule(((struct c12_bench *)state)->sweep, &gr_chainrule_published);
}

/* Task c2 Monte Carlo (mu 0.5, sigma 0.05): samples solved. */
static double c12_bench_mc(void *state)
{
  struct c12_bench *b = state;
  c12_montecarlo(0.5, 0.05, b->nmc, b->seed, b->v4);
  return (double)b->nmc;
}

static const struct gr_kernel c12_kernels[] = {
  {.name = "sweep", .unit = "collisions", .setup = c12_bench_setup, .run = c12_bench_sweep, .teardown = c12_bench_teardown},
  {.name = "rule-sweep", .unit = "collisions", .setup = c12_bench_setup, .run = c12_bench_rule, .teardown = c12_bench_teardown},
  {.name = "montecarlo", .unit = "samples", .setup = c12_bench_setup, .run = c12_bench_mc, .teardown = c12_bench_teardown},
};

/* Tasks a, b, c1, c2 in order, each a timed phase. */
static const struct gr_task c12_tasks[] = {
    {"task-a", c12_task_a}, {"task-b", c12_task_b},
    {"task-c1", c12_task_c1}, {"task-c2", c12_task_c2}};

/* The experiment: its tasks in order, each a timed phase. */
static int c12_run(struct gr_ctx *ctx)
{
  return gr_ctx_run_tasks(ctx, c12_tasks, sizeof c12_tasks / sizeof c12_tasks[0]);
}

const struct gr_experiment gr_exp_c12 = {
  "c12",
  "ARGESIM C12: collision processes in rows of spheres",
  "M. Willensdorfer, F. Breitenecker, C12 Sphere's Collision - FORTRAN, "
  "ARGESIM comparison solution, Simulation News Europe 31",
  "argesim-c12",
  c12_run,
  c12_kernels,
  sizeof c12_kernels / sizeof c12_kernels[0],
};
