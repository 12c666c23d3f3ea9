/* granrepro experiment bizon-patterns: patterns in a vertically vibrated
 * granular layer (C. Bizon et al., PRL 80, 57 (1998), Fig. 1; the
 * experiments' dispersion relation and onset; the completely inelastic
 * ball of Melo et al., PRL 75, 3838 (1995)), the goal Wilson's thesis
 * (UBC 2001, sections 1 and 6) did not reach.  Registration, the options
 * as used (for the notes), the model constants of model.tsv and the task
 * list; the options themselves and the layer flights the tasks share are
 * bizon_opts.c's. */
#include <math.h>

#include "experiments/bizon1998/bizon.h"
#include "experiments/bizon1998/bizon_bench.h"
#include "harness/ctx.h"
#include "harness/experiment.h"
#include "harness/verdict.h"

/* model.tsv: inputs shown as used; the depth formula's arithmetic. */
static int bz_constants(struct gr_ctx *ctx)
{
  static const char *inputs[] = {"diameter", "gravity", "mass", "inertia_K", "e_fast", "v0",
                                 "e_exponent", "mu", "beta0", "size_spread", "n_spheres",
                                 "box_side", "per_area", "lid_height", "depth_H"};
  double v, n, side;
  size_t i;
  for (i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
    if (gr_ctx_published(ctx, BZ_MODEL, inputs[i], "value", &v) != 0 ||
        gr_ctx_show(ctx, BZ_MODEL, inputs[i], "value", v, "input, used as printed") != 0)
      return gr_ctx_error(ctx)->code;
  if (gr_ctx_published(ctx, BZ_MODEL, "n_spheres", "value", &n) != 0 ||
      gr_ctx_published(ctx, BZ_MODEL, "box_side", "value", &side) != 0)
    return gr_ctx_error(ctx)->code;
  return gr_ctx_compare(ctx, BZ_MODEL, "depth_formula", "value", n / (side * side), 0.0,
                        "N sigma^3 / (Lx Ly) for the published layer");
}

/* The options as used, for the notes (whose template gives each one's
 * reason). */
static int bz_options_values(struct gr_ctx *ctx, const struct bz_opts *o)
{
  const char *names[] = {"scale", "poly", "periodic", "lid", "phase", "transient", "cycles",
                         "box", "aspect", "strip_lx", "strip_ly", "onset_box", "onset_step", "onset_lo",
                         "onset_hi", "onset_fstar", "nfreq", "tc"};
  double v[] = {o->scale, o->poly, o->periodic, o->lid, o->phase, o->transient, o->cycles,
                o->box, o->aspect, o->strip_lx, o->strip_ly, o->onset_box, o->onset_step, o->onset_lo,
                o->onset_hi, o->onset_fstar, o->nfreq, o->tc};
  const char *later[] = {"onset_up", "onset_down", "doubling1", "doubling2"};
  size_t i;
  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    if (gr_ctx_value(ctx, names[i], v[i]) != 0)
      return gr_ctx_error(ctx)->code;
  for (i = 0; i < sizeof later / sizeof later[0]; i++) /* not computed until their tasks set them */
    if (gr_ctx_value(ctx, later[i], NAN) != 0)
      return gr_ctx_error(ctx)->code;
  if (gr_ctx_text(ctx, "mode", o->quick ? "quick (make check: the ball map, an 8 x 8 layer per Fig. 1 panel; no sweeps)"
                               : o->scale == 0 ? "default" : o->scale == 1 ? "full" : "published geometry") != 0)
    return gr_ctx_error(ctx)->code;
  return 0;
}

/* Tasks of conditions (issue 25): the units of `run --shard K/N` are
 * each Fig. 1 panel, each onset sweep, each dispersion point and the ball
 * map; every shard and the merge run the tasks, the merge reporting from
 * all the results (the ball's layer flights come from the tasks before). */
static const struct gr_task bz_tasks[] = {
    {"constants", bz_constants}, {"fig1", gr_bz_fig1},       {"onset", gr_bz_onset},
    {"dispersion", gr_bz_dispersion}, {"ball", gr_bz_ball}};

/* The experiment: options first (bad ones stop it before any work). */
static int bz_run(struct gr_ctx *ctx)
{
  struct bz_opts o;
  gr_bz_flight_reset();
  if (gr_bz_opts(ctx, &o) != 0 || bz_options_values(ctx, &o) != 0)
    return gr_ctx_error(ctx)->code;
  return gr_ctx_run_condition_tasks(ctx, bz_tasks, sizeof bz_tasks / sizeof bz_tasks[0]);
}

/* The options alone (the driver's check before any experiment runs). */
static int bz_check_options(struct gr_ctx *ctx)
{
  struct bz_opts o;
  return gr_bz_opts(ctx, &o);
}

const struct gr_experiment gr_exp_bizon_patterns = {
    .key = "bizon-patterns",
    .title = "Bizon et al. 1998: patterns in a vibrated granular layer (3D event-driven, Wilson's goal)",
    .citation = "C. Bizon, M. D. Shattuck, J. B. Swift, W. D. McCormick, H. L. Swinney, PRL 80, 57 "
                "(1998), Fig. 1; Umbanhowar & Swinney, Physica A 288, 344 (2000) (dispersion); "
                "Melo, Umbanhowar & Swinney, PRL 72, 172 (1994) and PRL 75, 3838 (1995)",
    .refdir = "bizon1998",
    .run = bz_run,
    .kernels = gr_bizon_kernels,
    .nkernels = GR_BIZON_NKERNELS,
    .options = BZ_OPTIONS,
    .shardable = 1,
    .check_options = bz_check_options,
};
