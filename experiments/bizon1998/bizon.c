/* granrepro experiment bizon-patterns: patterns in a vertically vibrated
 * granular layer (C. Bizon et al., PRL 80, 57 (1998), Fig. 1; the
 * experiments' dispersion relation and onset; the completely inelastic
 * ball of Melo et al., PRL 75, 3838 (1995)), the goal Wilson's thesis
 * (UBC 2001, sections 1 and 6) did not reach.  Registration, options (the
 * open choices, each with its reason), the model constants of model.tsv
 * and the task list. */
#include <math.h>
#include <stdio.h>

#include "experiments/bizon1998/bizon.h"
#include "experiments/bizon1998/bizon_bench.h"
#include "harness/ctx.h"
#include "harness/experiment.h"
#include "harness/verdict.h"

#define BZ_OPTIONS "scale poly periodic lid phase transient cycles box strip_lx strip_ly " \
                   "onset_box onset_step onset_lo onset_hi onset_fstar nfreq tc"

/* The open choices.  Defaults by scale (0 default run, 1 full, 2 the
 * published 100 x 100 geometry); reasons in the notes template. */
int gr_bz_opts(struct gr_ctx *ctx, struct bz_opts *o)
{
  double v;
  int full;
  o->quick = gr_ctx_quick(ctx);
  if (gr_ctx_option(ctx, "scale", 0, 0, 2, &v) != 0)
    return gr_ctx_error(ctx)->code;
  o->scale = (int)v;
  full = o->scale >= 1;
  if (gr_ctx_option(ctx, "poly", 0.01, 0.0, 0.2, &o->poly) != 0 ||
      gr_ctx_option(ctx, "periodic", 1, 0, 1, &v) != 0)
    return gr_ctx_error(ctx)->code;
  o->periodic = (int)v;
  if (gr_ctx_option(ctx, "lid", 0, 0, 1000, &o->lid) != 0 ||
      gr_ctx_option(ctx, "phase", 0.0, 0.0, 0.999, &o->phase) != 0 ||
      gr_ctx_option(ctx, "transient", o->quick ? 2 : full ? 20 : 10, 1, 10000, &v) != 0)
    return gr_ctx_error(ctx)->code;
  o->transient = (int)v;
  if (gr_ctx_option(ctx, "cycles", o->quick ? 5 : full ? 8 : 6, 5, 10000, &v) != 0)
    return gr_ctx_error(ctx)->code;
  o->cycles = (int)v;
  if (gr_ctx_option(ctx, "box", o->scale == 2 ? 100 : 0, 0, 400, &o->box) != 0 ||
      gr_ctx_option(ctx, "strip_lx", full ? 120 : 80, 20, 2000, &o->strip_lx) != 0 ||
      gr_ctx_option(ctx, "strip_ly", 5, 2, 50, &o->strip_ly) != 0 ||
      gr_ctx_option(ctx, "onset_box", full ? 30 : 16, 6, 400, &o->onset_box) != 0 ||
      gr_ctx_option(ctx, "onset_step", full ? 0.1 : 0.2, 0.01, 1, &o->onset_step) != 0 ||
      gr_ctx_option(ctx, "onset_lo", 2.2, 1.0, 10, &o->onset_lo) != 0 ||
      gr_ctx_option(ctx, "onset_hi", full ? 3.2 : 3.0, 1.0, 10, &o->onset_hi) != 0 ||
      gr_ctx_option(ctx, "onset_fstar", 0.44, 0.1, 2, &o->onset_fstar) != 0 ||
      gr_ctx_option(ctx, "nfreq", full ? 6 : 4, 4, 12, &v) != 0)
    return gr_ctx_error(ctx)->code;
  o->nfreq = (int)v;
  if (gr_ctx_option(ctx, "tc", 1e-4, 0.0, 0.1, &o->tc) != 0)
    return gr_ctx_error(ctx)->code;
  if (o->onset_hi <= o->onset_lo)
    return gr_ctx_fail(ctx, GR_EINPUT, "bizon-patterns: onset_hi must exceed onset_lo (--set onset_hi=3.0)");
  return gr_ctx_options_done(ctx, BZ_OPTIONS);
}

/* The model's constants from model.tsv (shown as used by bz_constants). */
int gr_bz_model(struct gr_ctx *ctx, struct bz_model *m)
{
  static const char *rows[] = {"e_fast", "v0", "e_exponent", "mu", "beta0", "inertia_K",
                               "per_area", "depth_H"};
  double *v[] = {&m->e0, &m->v0, &m->e_exp, &m->mu, &m->beta0, &m->K, &m->per_area, &m->H};
  size_t i;
  for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
    if (gr_ctx_published(ctx, BZ_MODEL, rows[i], "value", v[i]) != 0)
      return gr_ctx_error(ctx)->code;
  return 0;
}

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

/* Layer flight points, filled by the layer tasks in task order. */
static struct {
  double g[64], f[64], t[64];
  size_t n;
} bz_flights;

void gr_bz_flight_add(double gamma, double fstar, double flight)
{
  if (bz_flights.n < 64) {
    bz_flights.g[bz_flights.n] = gamma;
    bz_flights.f[bz_flights.n] = fstar;
    bz_flights.t[bz_flights.n++] = flight;
  }
}

size_t gr_bz_flight_get(double *gamma, double *fstar, double *flight, size_t max)
{
  size_t i;
  for (i = 0; i < bz_flights.n && i < max; i++) {
    gamma[i] = bz_flights.g[i];
    fstar[i] = bz_flights.f[i];
    flight[i] = bz_flights.t[i];
  }
  return i;
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
  bz_flights.n = 0;
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
