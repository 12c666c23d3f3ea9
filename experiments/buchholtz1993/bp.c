/* granrepro experiment buchholtz-poeschel: V. Buchholtz and T. Poeschel,
 * "A vectorized algorithm for molecular dynamics of short range interacting
 * particles", Int. J. Mod. Phys. C 4, 1049 (1993).  Registration: the
 * tasks in order (what they share is in bp_common.c).  The analysis text
 * is reference/buchholtz1993/buchholtz-poeschel.notes.md.in. */
#include "experiments/buchholtz1993/bp.h"

#include "harness/experiment.h"
#include "status.h"

static const struct gr_task bp_tasks[] = {
    {"tables", gr_bp_tables}, {"variants", gr_bp_variants}, {"pipe", gr_bp_pipe},
    {"gear-survival", gr_bp_survive}, {"cost", gr_bp_cost}, {"regime", gr_bp_regime}};

/* The names --set may give (read by gr_bp_options). */
static const char bp_option_names[] = "r0 mass0 spread cut wall width length phi jitter gear "
                                      "seeds t_start snapshots t_survive search regime_r0 "
                                      "regime_mass0";

/* The options alone (the driver's check before any experiment runs). */
static int bp_check_options(struct gr_ctx *ctx)
{
  struct bp_opts o;
  if (gr_bp_options(ctx, &o) != GR_OK)
    return gr_ctx_error(ctx)->code;
  return gr_ctx_options_done(ctx, bp_option_names);
}

/* The experiment: the options checked first (nothing is written on a
 * bad one), then its tasks in order, each a timed phase. */
static int bp_run(struct gr_ctx *ctx)
{
  if (bp_check_options(ctx) != GR_OK)
    return gr_ctx_error(ctx)->code;
  return gr_ctx_run_tasks(ctx, bp_tasks, sizeof bp_tasks / sizeof bp_tasks[0]);
}

const struct gr_experiment gr_exp_buchholtz_poeschel = {
  .key = "buchholtz-poeschel",
  .title = "Buchholtz & Poeschel 1993: lattice MD algorithm, Gear predictor-corrector, "
           "density waves in a pipe",
  .citation = "V. Buchholtz and T. Poeschel, A vectorized algorithm for molecular dynamics "
              "of short range interacting particles, Int. J. Mod. Phys. C 4, 1049 (1993), "
              "sections 2-4, eqs. 8-21, Figs. 1-6, Appendix A",
  .refdir = "buchholtz1993",
  .run = bp_run,
  .kernels = gr_bp_kernels,
  .nkernels = GR_BP_NKERNELS,
  .options = bp_option_names,
  .check_options = bp_check_options,
};
