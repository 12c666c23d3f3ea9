/* granrepro experiment wilson-bed: B. Wilson (UBC 2001), sections 4-5 and
 * appendix B, the time-driven shaken bed (hpart.f, fcn.inc).  Registration,
 * the task list and the printed numbers of bed-constants.tsv. */
#include <math.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/experiment.h"
#include "physics/wca.h"

/* The sign of -dV/dr of eq. 10 on a grid over [r_lo, 2 r0] without r0
 * itself: the number of points where the force is not > 0 inside r0 or
 * not 0 beyond ("purely repulsive": negative derivative inside, zero
 * elsewhere). */
static double bed_sign_violations(const struct gr_wca *w, double r_lo)
{
  double r0 = gr_wca_cutoff(w), bad = 0.0;
  int k;
  for (k = 0; k <= 4000; k++) {
    double r = r_lo + (2.0 * r0 - r_lo) * k / 4000.0, f = gr_wca_force(w, r);
    if (r != r0)
      bad += r < r0 ? !(f > 0.0) : f != 0.0;
  }
  return bad;
}

/* Eq. 10 and the listing's two pair routines: purely repulsive; cforce
 * is -dPE/dr of the energy routine; PE vanishes at the cut-off. */
static void bed_eq10(struct gr_ctx *ctx, const struct bed_par *p)
{
  struct gr_wca w = {p->sigma, p->eps};
  double r0 = gr_wca_cutoff(&w);
  gr_ctx_verdict(ctx, GR_KIND_PRINTED, "eq10/purely-repulsive", bed_sign_violations(&w, 0.5 * p->sigma),
                 gr_test_eq(0.0), "grid points of [sigma/2, 2 r0] (4001, r0 excluded) where -dV/dr is not > 0 inside r0 or not 0 beyond");
  gr_ctx_verdict(ctx, GR_KIND_PRINTED, "eq10/listing-force-is-gradient-of-energy",
                 gr_bedlisting_force_mismatch(&p->lst, p->sigma, 0.5 * p->sigma, r0, 2001),
                 gr_test_le(1e-12), "max |cforce r + dPE/dr| / max |force| on [sigma/2, r0]: fcn1 and energy describe one potential");
  gr_ctx_verdict(ctx, GR_KIND_PRINTED, "eq10/listing-energy-vanishes-at-cutoff",
                 gr_bedlisting_pe(&p->lst, p->sigma, r0),
                 gr_test_abs(0.0, 1e-15),
                 "the energy routine's PE at r0 (eq. 10 is continuous there)");
}

/* Printed inputs compared with the values the runs use (read back from
 * the objects built for them); derived rows computed and compared. */
static int gr_wilson_bed_constants(struct gr_ctx *ctx)
{
  struct bed_par p;
  struct bed_fig9 f;
  struct gr_wca unit = {1.0, 0.25};
  double nn[BED_COST_NN], maxneq;
  if (gr_wilson_bed_params(ctx, &p) != 0)
    return gr_ctx_error(ctx)->code;
  gr_wilson_bed_fig9_setup(&p, gr_ctx_quick(ctx), &f);
  gr_wilson_bed_cost_sizes(&p, nn);
  maxneq = p.neq_per_disk * p.maxnp;
  gr_ctx_compare(ctx, BED_CONST, "n_disks", "value", (double)f.r.m.n, 0, "disks of the Fig. 9 run");
  gr_ctx_compare(ctx, BED_CONST, "diameter", "value", f.r.m.wca.sigma, 0, "sigma of the Fig. 9 model");
  gr_ctx_compare(ctx, BED_CONST, "box", "value", f.r.m.box, 0, "walls of the Fig. 9 model");
  gr_ctx_compare(ctx, BED_CONST, "velocity_max", "value", f.vmax, 0, "bound of the random starts' velocities");
  gr_ctx_compare(ctx, BED_CONST, "amplitude", "value", f.r.m.amp, 0, "shaking amplitude of the Fig. 9 model");
  gr_ctx_compare(ctx, BED_CONST, "frequency", "value", gr_bed_omega(&f.r.m), 0, "the model's angular frequency (listing reading)");
  gr_ctx_compare(ctx, BED_CONST, "gravity", "value", f.r.m.gravity ? f.r.m.g : 0.0, 0, "gravity of the Fig. 9 model");
  gr_ctx_compare(ctx, BED_CONST, "gamma_wall", "value", f.r.m.lossy ? f.r.m.gamma_wall : 0.0, 0, "wall damping of the Fig. 9 model");
  gr_ctx_compare(ctx, BED_CONST, "gamma_pair", "value", f.r.m.gamma, 0, "pair damping constant of the model");
  gr_ctx_compare(ctx, BED_CONST, "tolerance", "value", f.r.o.tol, 0, "rtol = atol of the Fig. 9 integrator");
  gr_ctx_compare(ctx, BED_CONST, "n_max", "value", nn[BED_COST_NN - 1], 0, "largest N of the cost runs");
  gr_ctx_compare(ctx, BED_CONST, "maxnp", "value", maxneq / p.neq_per_disk, 0, "maxneq / 6 of the work-space arithmetic");
  gr_ctx_compare(ctx, BED_CONST, "dim", "value", p.dim, 0, "d of the work-space arithmetic (our state is 2D)");
  gr_ctx_compare(ctx, BED_CONST, "neq_per_disk", "value", 2.0 * p.dim, 0, "2 d: positions and velocities");
  gr_ctx_compare(ctx, BED_CONST, "epsilon", "value", gr_bedlisting_pe(&p.lst, p.sigma, p.sigma), 0,
                 "V(sigma) of the listing's energy routine");
  gr_ctx_compare(ctx, BED_CONST, "listing_c12", "value", p.lst.c12, 0, "used by the listing formulas");
  gr_ctx_compare(ctx, BED_CONST, "listing_c6", "value", p.lst.c6, 0, "used by the listing formulas");
  gr_ctx_compare(ctx, BED_CONST, "listing_pe_c", "value", p.lst.c, 0, "used by the listing formulas");
  gr_ctx_compare(ctx, BED_CONST, "listing_pe_shift", "value", p.lst.shift, 0, "used by the listing formulas");
  gr_ctx_compare(ctx, BED_CONST, "cutoff_factor", "value", gr_wca_force_zero(&unit), 0.0,
                 "the zero of eq. 10's force for sigma = 1 (bisection, physics/wca.c)");
  gr_ctx_compare(ctx, BED_CONST, "lrw", "value", 2.0 + (double)gr_bedint_lsoda_lrn((size_t)maxneq),
                 0.0, "22 + 16 maxneq = LSODA's lrn + 2 at maxneq = 6 maxnp");
  gr_ctx_compare(ctx, BED_CONST, "liw", "value", 20.0 + maxneq, 0.0,
                 "20 + maxneq: LSODA's lis for the stiff method");
  bed_eq10(ctx, &p);
  return gr_ctx_error(ctx)->code;
}

static const struct gr_task bed_tasks[] = {
    {"constants", gr_wilson_bed_constants}, {"fig8", gr_wilson_bed_fig8},
    {"contact", gr_wilson_bed_contact},     {"flight", gr_wilson_bed_flight},
    {"fig9", gr_wilson_bed_fig9},           {"energy", gr_wilson_bed_energy},
    {"energy-table", gr_wilson_bed_energy_table},
    {"collisions", gr_wilson_bed_collisions}, {"variants", gr_wilson_bed_variants},
    {"cost", gr_wilson_bed_cost}};

/* The experiment: its tasks in order, each a timed phase. */
static int bed_run(struct gr_ctx *ctx)
{
  return gr_ctx_run_tasks(ctx, bed_tasks, sizeof bed_tasks / sizeof bed_tasks[0]);
}

const struct gr_experiment gr_exp_wilson_bed = {
    .key = "wilson-bed",
    .title = "Wilson 2001: time-driven shaken bed of WCA disks (hpart.f, LSODA)",
    .citation = "B. Wilson, Computer Simulations of Pattern Formations in Granular Materials, "
                "B.Sc. thesis, University of British Columbia (2001), sections 4-5, eqs. 7-11, "
                "Figs. 8-9, appendix B (hpart.f, fcn.inc)",
    .refdir = "wilson-2001",
    .run = bed_run,
    .kernels = gr_wilson_bed_kernels,
    .nkernels = BED_NKERNELS,
};
