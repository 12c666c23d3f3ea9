/* granrepro experiment wilson-bed: bench kernels (granrepro bench
 * wilson-bed).  (1) The canonical bed (Wilson 2001, section 5, 20 and 100
 * disks, gravity, elastic, lossless walls) over 10 time units (2 quick) by
 * velocity Verlet and by msadams driven like LSODA, each set in setup by a
 * rule to the same energy error max |E/E0 - 1| <= 1e-4 at the output times
 * (every 0.1): Verlet takes the largest step dtout/k (k = 1, 2, ...: the
 * step lands on the output times) that meets it, msadams the loosest
 * tolerance 1e-3 2^(-j/4) (j = 0, 1, ...); the work unit is one unit of
 * simulated time.  The listing's pair loop is all pairs (rows without
 * "cells"); "cells" rows use the cell lists and "nlist" rows the
 * neighbour list of skin BED_SKIN sigma, for both integrators alike;
 * "itask1" rows drive msadams with LSODA's overshoot and interpolation.
 * (2) The pair loop (one derivative evaluation) with cell lists at N =
 * 1e3..1e5 and all pairs at 1e4, on a jittered grid of spacing 1.8 (< r0,
 * so neighbours interact); the unit is a particle-step. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/benchref.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "harness/rng.h"
#include "physics/bedcells.h"

struct bb_arg {
  int kind; /* 0: integrate, 1: pair loop with cells, 2: all pairs,
               3: integrate with cells, 4: with the neighbour list */
  int method;
  size_t n;
  int overshoot; /* LSODA's itask = 1 (bedint.h) */
};

struct bb_state {
  struct bed_run r;
  struct gr_bedcells *cells;
  double *y0, *y, *f;
  long reps;
};

static void bb_teardown(void *state)
{
  struct bb_state *b = state;
  if (b == NULL)
    return;
  gr_bedcells_free(b->cells);
  free(b->y0);
  free(b->y);
  free(b->f);
  free(b);
}

struct bb_err {
  const struct gr_bed_model *m;
  double e0, max;
};

/* Sampler: the largest |E/E0 - 1| at the output times. */
static int bb_sample(void *arg, double t, const double *y)
{
  struct bb_err *e = arg;
  double en = gr_bed_energy(e->m, y), d;
  if (t == 0.0)
    e->e0 = en;
  d = fabs(en / e->e0 - 1.0);
  if (!(d <= e->max)) /* a NaN energy fails the bound */
    e->max = isnan(d) ? INFINITY : d;
  return GR_OK;
}

/* max |E/E0 - 1| over the run from y0 at the current settings. */
static double bb_error(struct bb_state *b)
{
  struct bb_err e = {&b->r.m, 0.0, 0.0};
  memcpy(b->y, b->y0, 4 * b->r.m.n * sizeof *b->y);
  if (gr_wilson_bed_run_cells(&b->r, b->cells, b->y, bb_sample, &e, NULL) != GR_OK)
    return INFINITY;
  return e.max;
}

/* The listing's constants from bed-constants.tsv (as
 * gr_wilson_bed_params reads them for the run). */
static int bb_par(struct bed_par *p, struct gr_error *err)
{
  static const char *rows[] = {"diameter", "epsilon", "gamma_pair", "gamma_wall",
                               "gravity", "amplitude", "frequency"};
  double *v[] = {&p->sigma, &p->eps, &p->gamma, &p->gamma_w, &p->g, &p->amp, &p->freq};
  size_t i;
  int rc = GR_OK;
  memset(p, 0, sizeof *p);
  for (i = 0; i < sizeof rows / sizeof rows[0] && rc == GR_OK; i++)
    rc = gr_benchref_published(BED_CONST, rows[i], "value", v[i], err);
  return rc;
}

/* Integration kernel: the largest Verlet step dtout/k, or the loosest
 * msadams tolerance 1e-3 2^(-j/4), that holds the energy error to 1e-4. */
static int bb_setup_run(struct bb_state *b, const struct bb_arg *a, int quick,
                        const struct bed_par *pp)
{
  struct bed_par p = *pp;
  double box = gr_wilson_bed_canonical(b->y0, a->n);
  int j, verlet = a->method == GR_BEDINT_VERLET;
  b->r = (struct bed_run){gr_wilson_bed_model(&p, a->n, box),
                          gr_wilson_bed_lsoda(1e-3),
                          quick ? 2.0 : 10.0, 0.1};
  b->r.m.gravity = 1;
  b->r.m.lossy = 0;
  b->r.o.method = a->method;
  b->r.o.overshoot = a->overshoot;
  if (a->kind == 3 && (b->cells = gr_bedcells_new(a->n, box, gr_wca_cutoff(&b->r.m.wca))) == NULL)
    return GR_ENOMEM;
  if (a->kind == 4 && (b->cells = gr_bedcells_new_list(a->n, box, gr_wca_cutoff(&b->r.m.wca),
                                                       BED_SKIN * p.sigma)) == NULL)
    return GR_ENOMEM;
  for (j = 0; j < 200; j++) {
    if (verlet)
      b->r.o.dt = b->r.dtout / (double)(j + 1);
    else
      b->r.o.tol = 1e-3 * pow(2.0, -0.25 * j);
    if (bb_error(b) <= 1e-4)
      return GR_OK;
  }
  return GR_EFAIL;
}

/* Pair-loop kernel: a jittered grid of spacing 1.8 in a square box. */
static int bb_setup_pairs(struct bb_state *b, const struct bb_arg *a, int quick,
                          unsigned long seed, const struct bed_par *pp)
{
  struct bed_par p = *pp;
  size_t side = (size_t)ceil(sqrt((double)a->n)), i;
  gsl_rng *r = gr_rng_stream(seed, "wilson-bed-pairs");
  if (r == NULL)
    return GR_ENOMEM;
  b->r.m = gr_wilson_bed_model(&p, a->n, 1.8 * (double)side);
  b->r.m.damp = GR_BED_DAMP_DISSIPATIVE;
  for (i = 0; i < a->n; i++) {
    b->y0[4 * i] = 1.8 * ((double)(i % side) + 0.5) + 0.2 * (gsl_rng_uniform(r) - 0.5);
    b->y0[4 * i + 1] = 1.8 * ((double)(i / side) + 0.5) + 0.2 * (gsl_rng_uniform(r) - 0.5);
    b->y0[4 * i + 2] = 2.0 * gsl_rng_uniform(r) - 1.0;
    b->y0[4 * i + 3] = 2.0 * gsl_rng_uniform(r) - 1.0;
  }
  gsl_rng_free(r);
  b->reps = (long)((quick ? 2e5 : 2e6) / (double)a->n) + 1;
  if (a->kind == 2)
    b->reps = quick ? 1 : 3;
  if (a->kind == 1 && (b->cells = gr_bedcells_new(a->n, b->r.m.box, gr_wca_cutoff(&b->r.m.wca))) == NULL)
    return GR_ENOMEM;
  return GR_OK;
}

static int bb_setup(void **state, const void *arg, int quick, unsigned long seed,
                    struct gr_error *err)
{
  const struct bb_arg *a = arg;
  struct bb_state *b;
  struct bed_par p;
  int s;
  if ((s = bb_par(&p, err)) != GR_OK)
    return s;
  b = calloc(1, sizeof *b);
  if (b == NULL || (b->y0 = calloc(4 * a->n, sizeof *b->y0)) == NULL ||
      (b->y = calloc(4 * a->n, sizeof *b->y)) == NULL || (b->f = calloc(4 * a->n, sizeof *b->f)) == NULL) {
    bb_teardown(b);
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  }
  s = a->kind == 0 || a->kind >= 3 ? bb_setup_run(b, a, quick, &p) : bb_setup_pairs(b, a, quick, seed, &p);
  if (s != GR_OK) {
    bb_teardown(b);
    return gr_error_set(err, s, "wilson-bed bench setup failed (N = %zu)", a->n);
  }
  *state = b;
  return GR_OK;
}

/* One sample: the run (time units; NaN when the integrator failed, so
 * that the rate shows it) or reps derivative evaluations (particle-steps). */
static double bb_run(void *state)
{
  struct bb_state *b = state;
  long k;
  if (b->reps == 0) {
    memcpy(b->y, b->y0, 4 * b->r.m.n * sizeof *b->y);
    if (gr_wilson_bed_run_cells(&b->r, b->cells, b->y, NULL, NULL, NULL) != GR_OK)
      return NAN;
    return b->r.tend;
  }
  for (k = 0; k < b->reps; k++)
    gr_bed_deriv(&b->r.m, b->cells, 0.0, b->y0, b->f, NULL);
  return (double)b->reps * (double)b->r.m.n;
}

static const struct bb_arg bb_args[BED_NKERNELS] = {
    {0, GR_BEDINT_VERLET, 20, 0},    {0, GR_BEDINT_MSADAMS, 20, 0},  {0, GR_BEDINT_VERLET, 100, 0},
    {0, GR_BEDINT_MSADAMS, 100, 0},  {1, 0, 1000, 0},                {1, 0, 10000, 0},
    {1, 0, 100000, 0},               {2, 0, 10000, 0},               {3, GR_BEDINT_VERLET, 100, 0},
    {3, GR_BEDINT_MSADAMS, 100, 0},  {4, GR_BEDINT_VERLET, 100, 0},  {4, GR_BEDINT_MSADAMS, 100, 0},
    {0, GR_BEDINT_MSADAMS, 20, 1},   {0, GR_BEDINT_MSADAMS, 100, 1}};

#define BB_K(nm, u, i) \
  {.name = nm, .unit = u, .setup = bb_setup, .run = bb_run, .teardown = bb_teardown, .arg = &bb_args[i]}
const struct gr_kernel gr_wilson_bed_kernels[BED_NKERNELS] = {
    BB_K("verlet-N20", "time-units", 0),          BB_K("msadams-N20", "time-units", 1),
    BB_K("verlet-N100", "time-units", 2),         BB_K("msadams-N100", "time-units", 3),
    BB_K("pairs-cells-N1e3", "particle-steps", 4), BB_K("pairs-cells-N1e4", "particle-steps", 5),
    BB_K("pairs-cells-N1e5", "particle-steps", 6), BB_K("pairs-all-N1e4", "particle-steps", 7),
    BB_K("verlet-cells-N100", "time-units", 8),    BB_K("msadams-cells-N100", "time-units", 9),
    BB_K("verlet-nlist-N100", "time-units", 10),   BB_K("msadams-nlist-N100", "time-units", 11),
    BB_K("msadams-itask1-N20", "time-units", 12),  BB_K("msadams-itask1-N100", "time-units", 13)};
