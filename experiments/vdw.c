/* granrepro experiment vdw: M. Sweetman (2003), chapter 5, the Van der
 * Waals force model, its derivation and the two-particle test, with the
 * partially latching spring of section 2.4.  Registration, the Table 5.1
 * consistency check and the benchmark kernel. */
#include "experiments/vdw.h"

#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>

#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "physics/vdwpair.h"

double vdw_mass(void)
{
  return VDW_MASS_UNIT * VDW_RADIUS * VDW_RADIUS * VDW_RADIUS;
}

/* Table 5.1: the time step follows from eq. 2.23; the spring constant
 * from eq. 2.23 solved for K1; the other entries are inputs. */
static int vdw_table51(struct gr_ctx *ctx)
{
  static const struct { const char *row; double v; } inputs[] = {
    {"mass_unit_radius", VDW_MASS_UNIT}, {"friction", 0.1},
    {"hamaker", VDW_HAMAKER}, {"gravity", 0.0}, {"radius", VDW_RADIUS},
    {"initial_velocity", 0.0}};
  double m = vdw_mass(), n_printed;
  size_t i;
  if (gr_ctx_compare(ctx, "table-5.1", "time_step", "value",
                     gr_contact_dt(m, VDW_K1, VDW_E, VDW_STEPS), 0.0,
                     "eq. 2.23 with m = 5026 R^3, e = 0.95, K1 = 1e7 N/m, n = 30") != 0 ||
      gr_ctx_compare(ctx, "table-5.1", "spring_constant", "value",
                     gr_contact_k1_from_dt(m, VDW_E, VDW_STEPS, VDW_DT), 0.0,
                     "K1 = m/2 (pi e / (n dt))^2 from the printed dt, n = 30") != 0)
    return gr_ctx_error(ctx)->code;
  for (i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
    if (gr_ctx_compare(ctx, "table-5.1", inputs[i].row, "value", inputs[i].v, 0.0,
                       "input, used as printed") != 0)
      return gr_ctx_error(ctx)->code;
  gr_ctx_informative(ctx, "table-5.1/steps-per-collision-implied",
                     gr_contact_n_from_dt(m, VDW_K1, VDW_E, VDW_DT),
                     "n of eq. 2.23 from the printed dt with K1 = 1e7 N/m: 30.01");
  n_printed = gr_contact_n_from_dt(m, 1e-7, VDW_E, VDW_DT);
  gr_ctx_informative(ctx, "table-5.1/steps-per-collision-as-printed", n_printed,
                     "n of eq. 2.23 with the printed K1 = 1e-7 N/m: 3.0e8 steps per "
                     "collision, impossible for the figures (a collision would last 0.085 s)");
  gr_ctx_informative(ctx, "table-5.1/density", VDW_MASS_UNIT / (4.0 / 3.0 * M_PI),
                     "density implied by the mass of a unit-radius particle (kg/m^3)");
  return gr_ctx_note(ctx,
    "Table 5.1 consistency. Eq. 2.23 ties dt, K1, m, e and n. With the printed K1 = 1e-7 N/m "
    "the printed dt = 2.82e-10 s needs n = %.3g steps per collision, and the peak Van der Waals "
    "force (3e-5 N) would need 300 m of overlap: the spring constant cannot be right. "
    "K1 = 1e7 N/m (the exponent's minus sign lost) gives n = %.4f, i.e. the printed dt is eq. 2.23 "
    "with n = 30 (2.8215e-10 s). We run with K1 = 1e7 N/m and the printed dt. The mass of a "
    "unit-radius particle, 5026 kg, implies a density of %.1f kg/m^3 (1200 would give 5026.5).",
    n_printed, gr_contact_n_from_dt(vdw_mass(), VDW_K1, VDW_E, VDW_DT),
    VDW_MASS_UNIT / (4.0 / 3.0 * M_PI));
}

/* The slips of the text found while checking it (the numbers are in
 * the reference tables; these are formulas and words). */
static int vdw_misprints(struct gr_ctx *ctx)
{
  return gr_ctx_note(ctx,
    "Misprints and slips of the text (how we know). (1) Eq. 2.17: the error term is O(dt^4), "
    "not O(dt^2): adding eq. 2.15 and 2.16 cancels the odd terms, and the next paragraph says "
    "O(dt^4). (2) Eq. 2.8-2.9: with x1 = x2, as the text argues, eq. 2.8 would give e = "
    "sqrt(K2/K1) > 1; the printed eq. 2.9 e = sqrt(K1/K2) is right because the force is "
    "continuous at the turning point, K1 x1 = K2 x2, i.e. x2 = e^2 x1 (Check test: the "
    "quasi-static cycle returns e^2 of the work). (3) Eq. 2.21 is half a period of the unloading "
    "spring, not the contact time: the force acts (1+e)/(2e) of it (30.8 steps for n = 30; we "
    "count 32 overlapping steps, one more for the free flight back from delta0). (4) Eq. 5.1: r "
    "is the distance between molecules, not \"the radius of the molecule\"; r_ss is where the "
    "potential is lowest. (5) Section 5.2 \"two spheres, of diameter R1 and R2\": radii (eq. 5.23 "
    "x^2 = 2 R1 z1 is the chord theorem with the radius). (6) Signs: eq. 5.3 takes F = +dU/dalpha "
    "(attraction positive), the Derjaguin eq. 5.27 gives F = 2 pi Reff w with w < 0 for "
    "attraction (repulsion positive), and eq. 5.28 prints the attraction positive again; in "
    "eq. 5.29 the Van der Waals branches are attraction-positive while -K1 alpha (alpha < 0) is "
    "repulsion-positive, so as printed the two would add. We use one convention: positive = "
    "repulsive. (7) Eq. 5.29 prints F = 0 for alpha_min >= alpha >= 0 while section 5.3 says the "
    "force is held constant below alpha_min: both hold only when alpha_min is the zero of eq. "
    "5.28, r_ss / 60^(1/6), which section 5.3 also says; for the attractive-only form the held "
    "value is F(alpha_min) and the printed 0 would be a jump. No constant of eq. 5.11-5.28 is "
    "wrong (table eq5-constants).");
}

/* ---- benchmark kernel: leap-frog steps of the pair ------------------- */

struct vdw_bench {
  struct gr_vdw_model m;
  struct gr_vdwpair p;
  long steps;
};

static int vdw_bench_setup(void **state, const void *arg, int quick,
                           unsigned long seed, struct gr_error *err)
{
  struct vdw_bench *b = calloc(1, sizeof *b);
  (void)arg;
  (void)seed;
  if (b == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  if (gr_vdw_model_init(&b->m, VDW_HAMAKER, gr_vdw_reff(VDW_RADIUS, VDW_RADIUS), VDW_RSS,
                        VDW_CUTOFF_FRAC * VDW_RADIUS, gr_vdw_zero_separation(VDW_RSS),
                        VDW_K1, VDW_E) != GR_OK) {
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
  gr_vdwpair_init(&b->p, &b->m, vdw_mass(), VDW_RADIUS, VDW_GAP, VDW_DT);
  for (i = 0; i < b->steps; i++)
    gr_vdwpair_step(&b->p, NULL);
  return (double)b->steps;
}

static void vdw_bench_teardown(void *state)
{
  free(state);
}

static const struct gr_kernel vdw_kernels[] = {
  {.name = "pair-steps", .unit = "steps", .setup = vdw_bench_setup, .run = vdw_bench_run, .teardown = vdw_bench_teardown},
};

static const struct gr_task vdw_tasks[] = {
    {"table-5.1", vdw_table51}, {"derivation", vdw_derive}, {"pair", vdw_pair},
    {"misprints", vdw_misprints}};

/* The experiment: its tasks in order, each a timed phase. */
static int vdw_run(struct gr_ctx *ctx)
{
  return gr_ctx_run_tasks(ctx, vdw_tasks, sizeof vdw_tasks / sizeof vdw_tasks[0]);
}

const struct gr_experiment gr_exp_vdw = {
  "vdw",
  "Sweetman 2003, ch. 5: Van der Waals force model, latching spring, two-particle test",
  "M. J. Sweetman, Addition of a chain-cell search method and a Van der Waals force model "
  "to a particle dynamics code, M.S. thesis, NJIT (2003), sections 2.4-2.5 and chapter 5, "
  "Table 5.1, Figs. 5.6-5.16",
  "sweetman-2003",
  vdw_run,
  vdw_kernels,
  sizeof vdw_kernels / sizeof vdw_kernels[0],
};
