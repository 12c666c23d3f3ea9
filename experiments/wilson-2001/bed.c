/* granrepro experiment wilson-bed: B. Wilson (UBC 2001), sections 4-5 and
 * appendix B, the time-driven shaken bed (hpart.f, fcn.inc).  Registration,
 * the task list and the printed numbers of bed-constants.tsv. */
#include <math.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/experiment.h"
#include "physics/wca.h"

/* Inputs are shown as used; the derived rows are computed. */
int gr_wilson_bed_constants(struct gr_ctx *ctx)
{
  static const char *inputs[] = {"n_disks", "diameter", "box", "velocity_max", "amplitude",
                                 "frequency", "gravity", "gamma_wall", "gamma_pair",
                                 "tolerance", "n_max", "maxnp", "dim", "neq_per_disk",
                                 "epsilon", "fig8_rmin"};
  struct bed_par p;
  struct gr_wca unit = {1.0, 0.25};
  double v, maxneq;
  size_t i;
  if (gr_wilson_bed_params(ctx, &p) != 0)
    return gr_ctx_error(ctx)->code;
  for (i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
    if (gr_ctx_published(ctx, BED_CONST, inputs[i], "value", &v) != 0 ||
        gr_ctx_show(ctx, BED_CONST, inputs[i], "value", v, "input, used as printed") != 0)
      return gr_ctx_error(ctx)->code;
  maxneq = p.neq_per_disk * p.maxnp;
  if (gr_ctx_compare(ctx, BED_CONST, "cutoff_factor", "value",
                     gr_wca_cutoff(&unit), 0.0, "r0 / sigma of physics/wca.c") != 0 ||
      gr_ctx_compare(ctx, BED_CONST, "fig8_rmax", "value", gr_wca_cutoff(&unit), 0.0,
                     "Fig. 8 b) upper end: r0 for sigma = 1") != 0 ||
      gr_ctx_compare(ctx, BED_CONST, "lrw", "value", 2.0 + (double)gr_bedint_lsoda_lrn((size_t)maxneq),
                     0.0, "22 + 16 maxneq = LSODA's lrn + 2 at maxneq = 6 maxnp") != 0 ||
      gr_ctx_compare(ctx, BED_CONST, "liw", "value", 20.0 + maxneq, 0.0,
                     "20 + maxneq: LSODA's lis for the stiff method") != 0)
    return gr_ctx_error(ctx)->code;
  return 0;
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
    .title = "Wilson 2001: time-driven shaken bed of WCA disks (hpart.f, LSODA -> GSL)",
    .citation = "B. Wilson, Computer Simulations of Pattern Formations in Granular Materials, "
                "B.Sc. thesis, University of British Columbia (2001), sections 4-5, eqs. 7-11, "
                "Figs. 8-9, appendix B (hpart.f, fcn.inc)",
    .refdir = "wilson-2001",
    .run = bed_run,
    .kernels = gr_wilson_bed_kernels,
    .nkernels = BED_NKERNELS,
};
