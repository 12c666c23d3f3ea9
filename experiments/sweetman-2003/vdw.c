/* granrepro experiment vdw: M. Sweetman (2003), chapter 5, the Van der
 * Waals force model, its derivation and the two-particle test, with the
 * partially latching spring of section 2.4.  Registration, Table 5.1
 * checked for consistency (read as inputs in vdw_params.c) and the
 * benchmark kernel
 * (the analysis prose is reference/sweetman-2003/vdw.notes.md.in). */
#include "experiments/sweetman-2003/vdw.h"

#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness/benchref.h"
#include "harness/ctx.h"
#include "harness/verdict.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "physics/vdwpair.h"

/* x as the table writes it, mantissa e exponent (1e7, 2.5e-3). */
static void vdw_sci(char *buf, size_t n, double x)
{
  int ex = x != 0.0 && isfinite(x) ? (int)floor(log10(fabs(x))) : 0;
  snprintf(buf, n, "%ge%d", x / pow(10.0, ex), ex);
}

/* Table 5.1: the time step follows from eq. 2.23; the spring constant
 * from eq. 2.23 solved for K1; the other entries are inputs, listed as
 * used (informative rows: the run reads them from the table; gravity and
 * the initial velocity are the test's own zeros). */
static int vdw_table51(struct gr_ctx *ctx)
{
  struct vdw_params p;
  struct { const char *row; double v; } inputs[] = {
    {"mass_unit_radius", 0.0}, {"friction", NAN}, {"hamaker", 0.0},
    {"gravity", 0.0}, {"radius", 0.0}, {"initial_velocity", 0.0}};
  double m, k1_printed;
  char k1[32], note[400];
  size_t i;
  if (gr_vdwexp_params(ctx, &p) != GR_OK ||
      gr_ctx_published(ctx, VDW_TABLE, "friction", "value", &inputs[1].v) != GR_OK ||
      gr_ctx_published(ctx, VDW_TABLE, "spring_constant", "value", &k1_printed) != GR_OK)
    return gr_ctx_error(ctx)->code;
  inputs[0].v = p.mass_unit;
  inputs[2].v = p.hamaker;
  inputs[4].v = p.radius;
  m = gr_vdwexp_mass(&p);
  vdw_sci(k1, sizeof k1, p.k1);
  snprintf(note, sizeof note,
           "eq. 2.23 with m = %g R^3, e = %g, K1 = %s N/m, n = %.0f: K1 was read from this dt "
           "(n = %.2f steps per collision), so the row checks that reading, not a result; n is that value rounded, "
           "so the row also tests that it is near a whole number",
           p.mass_unit, p.e, k1, p.steps, gr_contact_n_from_dt(m, p.k1, p.e, p.dt));
  gr_ctx_compare(ctx, VDW_TABLE, "time_step", "value", gr_contact_dt(m, p.k1, p.e, p.steps), 0.0, note);
  snprintf(note, sizeof note,
           "K1 = m/2 (pi e / (n dt))^2 from the printed dt, n = %.0f (eq. 2.23 with the predicted K1 = %s, %.2f, rounded: "
           "the row also tests that n is near a whole number)",
           p.steps, k1, gr_contact_n_from_dt(m, p.k1, p.e, p.dt));
  gr_ctx_compare(ctx, VDW_TABLE, "spring_constant", "value", gr_contact_k1_from_dt(m, p.e, p.steps, p.dt), 0.0, note);
  for (i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
    gr_ctx_compare(ctx, VDW_TABLE, inputs[i].row, "value", inputs[i].v, 0.0,
                   "input, used as printed");
  gr_ctx_value(ctx, "n_printed", gr_contact_n_from_dt(m, k1_printed, p.e, p.dt));
  gr_ctx_value(ctx, "n_implied", gr_contact_n_from_dt(m, p.k1, p.e, p.dt));
  gr_ctx_value(ctx, "density", p.mass_unit / (4.0 / 3.0 * M_PI));
  return gr_ctx_error(ctx)->code;
}

/* ---- benchmark kernel: leap-frog steps of the pair ------------------- */

struct vdw_bench {
  struct vdw_params par;
  struct gr_vdw_model m;
  struct gr_vdwpair p;
  long steps;
};

static int vdw_bench_setup(void **state, const void *arg, int quick,
                           unsigned long seed, struct gr_error *err)
{
  struct vdw_bench *b = calloc(1, sizeof *b);
  int rc;
  (void)arg;
  (void)seed;
  if (b == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  if ((rc = gr_vdwexp_bench_params(&b->par, err)) != GR_OK) {
    free(b);
    return rc;
  }
  if (gr_vdwexp_model(&b->par, &b->m) != GR_OK) {
    free(b);
    return gr_error_set(err, GR_EFAIL, "bad model parameters");
  }
  b->steps = quick ? 1000000L : 10000000L;
  *state = b;
  return GR_OK;
}

/* From the start: the first approach and collision (steps). */
static double vdw_bench_run(void *state)
{
  struct vdw_bench *b = state;
  long i;
  gr_vdwpair_init(&b->p, &b->m, gr_vdwexp_mass(&b->par), b->par.radius, VDW_GAP, b->par.dt);
  for (i = 0; i < b->steps; i++)
    gr_vdwpair_step(&b->p, NULL);
  return (double)b->steps;
}

static void vdw_bench_teardown(void *state)
{
  free(state);
}

static const struct gr_kernel vdw_kernels[] = {
  {.name = "pair-steps", .unit = "steps", .setup = vdw_bench_setup, .run = vdw_bench_run,
   .teardown = vdw_bench_teardown, .arg = NULL},
};

/* Table 5.1, the derivation of section 5.2, the two-particle test of
 * section 5.4 (the misprints found are prose of the notes template). */
static const struct gr_task vdw_tasks[] = {
  {.name = "table-5.1", .fn = vdw_table51},
  {.name = "derivation", .fn = gr_vdwexp_derive},
  {.name = "pair", .fn = gr_vdwexp_pair},
};

/* The experiment: its tasks in order, each a timed phase. */
static int vdw_run(struct gr_ctx *ctx)
{
  return gr_ctx_run_tasks(ctx, vdw_tasks, sizeof vdw_tasks / sizeof vdw_tasks[0]);
}

const struct gr_experiment gr_exp_vdw = {
  .key = "vdw",
  .title = "Sweetman 2003, ch. 5: Van der Waals force model, latching spring, two-particle test",
  .citation = "M. J. Sweetman, Addition of a chain-cell search method and a Van der Waals force model "
              "to a particle dynamics code, M.S. thesis, NJIT (2003), sections 2.4-2.5 and chapter 5, "
              "Table 5.1, Figs. 5.6-5.16",
  .refdir = "sweetman-2003",
  .run = vdw_run,
  .kernels = vdw_kernels,
  .nkernels = sizeof vdw_kernels / sizeof vdw_kernels[0],
};
