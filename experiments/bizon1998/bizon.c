/* granrepro experiment bizon-patterns: patterns in a vertically vibrated
 * granular layer (C. Bizon et al., PRL 80, 57 (1998), Fig. 1; the
 * experiments' dispersion relation and onset; the completely inelastic
 * ball of Melo et al., PRL 75, 3838 (1995)), the goal Wilson's thesis
 * (UBC 2001, sections 1 and 6) did not reach.  Registration, the options
 * as used (for the notes), the model constants of model.tsv and the task
 * list; the options themselves and the layer flights the tasks share are
 * bizon_opts.c's. */
#include <math.h>
#include <stdio.h>

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

/* The options as used, for the notes (one line each, with its reason). */
static int bz_options_text(struct gr_ctx *ctx, const struct bz_opts *o)
{
  char t[3200];
  snprintf(t, sizeof t,
           "- scale = %d: 0 the default run (small boxes, a few cycles: the verdicts in under a minute of CPU), 1 full (Fig. 1 boxes of two published wavelengths, longer sweeps), 2 the published 100 x 100 geometry (hours)\n"
           "- poly = %g: radii spread uniformly by +-poly (the sheet: about 1 %%), which keeps the start from freezing into a crystal\n"
           "- periodic = %d: periodic sides (the usual choice for wavelength work; the authors' benchmark uses walls)\n"
           "- lid = %g: no lid (0) by default; the published lid is about 50 sigma up, where no sphere reaches\n"
           "- phase = %g: drive phase of the snapshots (fraction of a cycle; 0: plate at its mean height moving up)\n"
           "- transient = %d, cycles = %d: drive cycles before measuring and measured (patterns formed within about 10 cycles in trial runs; at least 5 measured for the f/4 test)\n"
           "- box = %g: Fig. 1 box side (0: 8 quick, 20 default, two published wavelengths and at least 40 in full mode)\n"
           "- strip_lx = %g, strip_ly = %g: the dispersion strips (narrower than any wavelength, so only stripes along x fit)\n"
           "- onset_box = %g, onset_step = %g, onset_lo = %g, onset_hi = %g, onset_fstar = %g: the onset sweeps (below Gamma 2.2 the dense layer barely leaves the plate and its events pile up past the engine guard, so the sweeps start at 2.2)\n"
           "- nfreq = %d: dispersion frequencies, evenly from f* 0.3 to 0.8 at Gamma 3\n"
           "- tc = %g: the TC model (Luding & McNamara 1998; option LUDING of Bizon's 1998 code): a collision within tc (units sqrt(sigma / g)) of either partner's previous one is elastic and smooth. Without it the compacted layer landing at Gamma 5 collapses (a sub-step of more than 40,000 events per sphere, pair collisions 7 to 1 over plate ones); 1e-4 is about the contact time of the experiments' 0.17 mm bronze spheres (a microsecond), 0 turns it off\n",
           o->scale, o->poly, o->periodic, o->lid, o->phase, o->transient, o->cycles, o->box,
           o->strip_lx, o->strip_ly, o->onset_box, o->onset_step, o->onset_lo, o->onset_hi,
           o->onset_fstar, o->nfreq, o->tc);
  if (gr_ctx_text(ctx, "options", t) != 0 ||
      gr_ctx_text(ctx, "mode", o->quick ? "quick (make check: the ball map, an 8 x 8 layer per Fig. 1 panel; no sweeps)" : o->scale == 0 ? "default" : o->scale == 1 ? "full" : "published geometry") != 0 ||
      gr_ctx_value(ctx, "onset_fstar", o->onset_fstar) != 0 || gr_ctx_value(ctx, "tc", o->tc) != 0 ||
      gr_ctx_value(ctx, "transient", o->transient) != 0 || gr_ctx_value(ctx, "cycles", o->cycles) != 0 || gr_ctx_value(ctx, "onset_up", NAN) != 0 ||
      gr_ctx_value(ctx, "onset_down", NAN) != 0 || gr_ctx_value(ctx, "doubling1", NAN) != 0 ||
      gr_ctx_value(ctx, "doubling2", NAN) != 0)
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
  if (gr_bz_opts(ctx, &o) != 0 || bz_options_text(ctx, &o) != 0)
    return gr_ctx_error(ctx)->code;
  return gr_ctx_run_condition_tasks(ctx, bz_tasks, sizeof bz_tasks / sizeof bz_tasks[0]);
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
};
