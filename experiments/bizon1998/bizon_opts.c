/* granrepro experiment bizon-patterns: what its tasks share (Bizon et al.,
 * PRL 80, 57 (1998)): the open choices, each checked with its range (the
 * reasons are in the notes), the model's constants from model.tsv, and the
 * layer flights the layer tasks leave for the ball's figure. */
#include <math.h>
#include <stddef.h>

#include "experiments/bizon1998/bizon.h"
#include "harness/ctx.h"

/* The open choices.  Defaults by scale (0 default run, 1 full, 2 the
 * published 100 x 100 geometry); reasons in the notes template. */
int gr_bz_opts(struct gr_ctx *ctx, struct bz_opts *o)
{
  int full;
  o->quick = gr_ctx_quick(ctx);
  if (gr_ctx_option_int(ctx, "scale", 0, 0, 2, &o->scale) != 0)
    return gr_ctx_error(ctx)->code;
  full = o->scale >= 1;
  if (gr_ctx_option(ctx, "poly", 0.01, 0.0, 0.2, &o->poly) != 0 ||
      gr_ctx_option_int(ctx, "periodic", 1, 0, 1, &o->periodic) != 0 ||
      gr_ctx_option(ctx, "lid", 0, 0, 1000, &o->lid) != 0 ||
      gr_ctx_option(ctx, "phase", 0.0, 0.0, 0.999, &o->phase) != 0 ||
      gr_ctx_option_int(ctx, "transient", o->quick ? 2 : full ? 100 : 10, 1, 10000, &o->transient) != 0 ||
      gr_ctx_option_int(ctx, "cycles", o->quick ? 5 : full ? 8 : 6, 5, 10000, &o->cycles) != 0)
    return gr_ctx_error(ctx)->code;
  if (gr_ctx_option(ctx, "box", o->scale == 2 ? 100 : 0, 0, 400, &o->box) != 0 ||
      gr_ctx_option(ctx, "aspect", 1, 0.25, 4, &o->aspect) != 0 ||
      gr_ctx_option(ctx, "strip_lx", full ? 120 : 80, 20, 2000, &o->strip_lx) != 0 ||
      gr_ctx_option(ctx, "strip_ly", 5, 2, 50, &o->strip_ly) != 0 ||
      gr_ctx_option(ctx, "onset_box", full ? 30 : 16, 6, 400, &o->onset_box) != 0 ||
      gr_ctx_option(ctx, "onset_step", full ? 0.1 : 0.2, 0.01, 1, &o->onset_step) != 0 ||
      gr_ctx_option(ctx, "onset_lo", 2.2, 1.0, 10, &o->onset_lo) != 0 ||
      gr_ctx_option(ctx, "onset_hi", full ? 3.2 : 3.0, 1.0, 10, &o->onset_hi) != 0 ||
      gr_ctx_option(ctx, "onset_fstar", 0.44, 0.1, 2, &o->onset_fstar) != 0 ||
      gr_ctx_option_int(ctx, "nfreq", full ? 6 : 4, 4, 12, &o->nfreq) != 0 ||
      gr_ctx_option(ctx, "tc", 1e-4, 0.0, 0.1, &o->tc) != 0)
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

/* Layer flight points, filled by the layer tasks in task order (for the
 * ball's figure; emptied at the start of a run). */
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

void gr_bz_flight_reset(void)
{
  bz_flights.n = 0;
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
