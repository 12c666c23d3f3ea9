/* granrepro experiment bizon-patterns: the Fig. 1 conditions of Bizon et
 * al., PRL 80, 57 (1998), panels a, b, c(d), e, f, g, h (fig1.tsv): each
 * a layer run at the panel's (Gamma, f*), the pattern type by the stated
 * test of physics/sk.h, the response period, the wavelength against the
 * published panel's (when the box holds two of them), top views and S(k)
 * (bizon_view.c).
 * Each panel is a condition of the task (a unit of `run --shard K/N`);
 * they run on all threads and are reported in panel order. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "experiments/bizon1998/bizon.h"
#include "harness/ctx.h"
#include "harness/verdict.h"
#include "physics/sk.h"

#define F1_N 7
static const char *const f1_rows[F1_N] = {"a", "b", "c", "e", "f", "g", "h"};

/* Box side of a panel along x: the option, else two published wavelengths
 * (at least 40) in full mode, 20 by default, 8 in quick mode; the y side
 * is aspect times it. */
static double f1_box(const struct bz_opts *o, double lambda)
{
  if (o->box > 0.0)
    return o->box;
  if (o->quick)
    return 8.0;
  if (o->scale >= 1)
    return fmax(40.0, ceil(2.0 * (isnan(lambda) ? 20.0 : lambda)));
  return 20.0;
}

/* A box's size for the notes: "L" when square, else "Lx x Ly". */
static const char *f1_size(char *buf, size_t len, double lx, double ly)
{
  if (lx == ly)
    snprintf(buf, len, "%g", lx);
  else
    snprintf(buf, len, "%g x %g", lx, ly);
  return buf;
}

/* Verdict rows of panel i (box lx x ly). */
static int f1_rows_of(struct gr_ctx *ctx, int i, const struct bz_res *r, double lx, double ly,
                      double lam_pub, const struct bz_opts *o)
{
  const char *p = f1_rows[i];
  char note[200], q[64], size[40];
  int two = !isnan(lam_pub) && fmin(lx, ly) >= 2.0 * lam_pub, flat, resp;
  double tpub;
  if (gr_ctx_published(ctx, BZ_FIG1, p, "type", &tpub) != 0)
    return gr_ctx_error(ctx)->code;
  /* which period is the panel's response is the published panel's to say,
   * not the run's: a flat layer where a pattern is published has no
   * pattern response to pass with its own bouncing */
  flat = tpub == 0.0;
  resp = flat ? r->layer_period : r->response;
  snprintf(note, sizeof note, "%s by the stated test (sk.h): %d direction(s), S_max/<S> %.1f, box %g x %g, %d spheres",
           gr_sk_type_name((enum gr_sk_type)r->type), r->ndir, r->ratio, lx, ly, r->n);
  if (o->quick) {
    gr_ctx_show(ctx, BZ_FIG1, p, "type", r->type, "quick: an 8 x 8 box holds no pattern; run without --quick");
    gr_ctx_show(ctx, BZ_FIG1, p, "response", resp, "quick: shown only");
  } else {
    gr_ctx_compare(ctx, BZ_FIG1, p, "type", r->type, 0.0, note);
    snprintf(note, sizeof note, "%s: C(1) %.2f, C(2) %.2f, C(4) %.2f of the peak's amplitude; layer period %d",
             flat ? "published flat: the layer's period (centre of mass at the drive phase)"
                  : "the pattern's: least lag with C >= 1/2",
             r->c1, r->c2, r->c4, r->layer_period);
    gr_ctx_compare(ctx, BZ_FIG1, p, "response", resp, 0.0, note);
  }
  if (!isnan(lam_pub)) {
    snprintf(note, sizeof note, "resolution %.1f sigma (box %s)%s", r->lambda_res, f1_size(size, sizeof size, lx, ly),
             !two ? "; the box holds fewer than two published wavelengths: shown, not compared"
             : fmin(lx, ly) == 2.0 * lam_pub ? "; a box of two published wavelengths: its L/2 mode is the published value"
                                             : "");
    if (two && !o->quick)
      gr_ctx_compare(ctx, BZ_FIG1, p, "lambda", r->lambda, 0.0, note);
    else
      gr_ctx_show(ctx, BZ_FIG1, p, "lambda", r->lambda, note);
    gr_ctx_show(ctx, BZ_FIG1, p, "lambda_bench", r->lambda, "the 1998 code's own reference run (100 sigma box)");
  }
  snprintf(q, sizeof q, "fig1/%s/overlaps", p);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, q, (double)r->overlaps, gr_test_eq(0), "overlapping spheres found by the engine and a final full check");
  snprintf(q, sizeof q, "fig1/%s/order", p);
  gr_ctx_inform(ctx, GR_KIND_RESULT, q, r->order, "order parameter Q of the averaged S(k)");
  snprintf(q, sizeof q, "fig1/%s/pair-collisions-per-sphere-cycle", p);
  return gr_ctx_inform(ctx, GR_KIND_RESULT, q, r->pair_pp, "from t = 0 (transient included)");
}

/* cost.tsv: the sheet's arithmetic on the 1998 code's log (each pair
 * counted twice), our pair collisions per sphere per cycle beside it. */
static int f1_cost(struct gr_ctx *ctx, const char *p, double ours)
{
  char row[32], note[160];
  double log, n;
  snprintf(row, sizeof row, "log_%s", p);
  if (gr_ctx_published(ctx, BZ_COST, row, "value", &log) != 0 ||
      gr_ctx_published(ctx, BZ_MODEL, "n_spheres", "value", &n) != 0 ||
      gr_ctx_show(ctx, BZ_COST, row, "value", log, "the 1998 code's log, pair counts per cycle") != 0)
    return gr_ctx_error(ctx)->code;
  snprintf(row, sizeof row, "per_particle_%s", p);
  snprintf(note, sizeof note, "log / 2 / N; ours at this drive: %.0f pair collisions per sphere per cycle", ours);
  return gr_ctx_compare(ctx, BZ_COST, row, "value", log / 2.0 / n, 0.0, note);
}

/* The task's state: options, model, the panels' runs and boxes. */
struct f1 {
  struct bz_opts o;
  struct bz_model m;
  struct bz_runs u;
  double lam[F1_N], box[F1_N], boxy[F1_N]; /* published wavelengths, box sides x and y */
};

/* The panels' runs (conditions "fig1-X", each from stream "fig1-X"): the
 * drive of fig1.tsv, the box of the mode (f1_box). */
static int f1_setup(struct gr_ctx *ctx, struct f1 *f)
{
  int i;
  f->u.n = F1_N;
  for (i = 0; i < F1_N; i++) {
    struct bz_cfg *c = &f->u.cfg[i];
    snprintf(f->u.name[i], sizeof f->u.name[i], "fig1-%s", f1_rows[i]);
    if (gr_ctx_published(ctx, BZ_FIG1, f1_rows[i], "gamma", &c->gamma) != 0 ||
        gr_ctx_published(ctx, BZ_FIG1, f1_rows[i], "fstar", &c->fstar) != 0)
      return gr_ctx_error(ctx)->code;
    f->lam[i] = NAN;
    if (gr_ctx_has(ctx, BZ_FIG1, f1_rows[i], "lambda") &&
        gr_ctx_published(ctx, BZ_FIG1, f1_rows[i], "lambda", &f->lam[i]) != 0)
      return gr_ctx_error(ctx)->code;
    f->box[i] = f1_box(&f->o, f->lam[i]);
    f->boxy[i] = f->o.aspect * f->box[i];
    c->lx = f->box[i];
    c->ly = f->boxy[i];
    c->transient = f->o.transient;
    c->cycles = f->o.cycles;
    c->keep = 1;
    c->o = &f->o;
    c->m = &f->m;
    if ((c->rng = gr_ctx_rng(ctx, f->u.name[i])) == NULL)
      return gr_ctx_error(ctx)->code;
  }
  return GR_OK;
}

/* Panel i's rows, flight, data and figures; its layer-run row (and the
 * panel's cells shown as not run) when the engine stopped. */
static void f1_panel(struct gr_ctx *ctx, const struct f1 *f, int i)
{
  static const char *const cols[] = {"type", "response", "lambda", "lambda_bench"};
  const struct bz_cfg *c = &f->u.cfg[i];
  const struct bz_res *r = &f->u.res[i];
  char name[64];
  size_t k;
  gr_ctx_show(ctx, BZ_FIG1, f1_rows[i], "gamma", c->gamma, "input: the panel's drive");
  gr_ctx_show(ctx, BZ_FIG1, f1_rows[i], "fstar", c->fstar, "input: the panel's drive");
  if (r->status != 0) {
    for (k = 0; k < 4; k++)
      if (gr_ctx_has(ctx, BZ_FIG1, f1_rows[i], cols[k]))
        gr_ctx_show(ctx, BZ_FIG1, f1_rows[i], cols[k], NAN, "not run: the engine stopped (row layer-run)");
    snprintf(name, sizeof name, "fig1/%s/layer-run", f1_rows[i]);
    gr_ctx_not_computed(ctx, GR_KIND_RESULT, name, "the engine stopped (status 5: more than the guard of 500 events per sphere in one T/32 sub-step, or an overlap)");
    return;
  }
  f1_rows_of(ctx, i, r, f->box[i], f->boxy[i], f->lam[i], &f->o);
  if (f1_rows[i][0] == 'a' || f1_rows[i][0] == 'b' || f1_rows[i][0] == 'g')
    f1_cost(ctx, f1_rows[i], r->pair_pp);
  gr_bz_flight_add(c->gamma, c->fstar, r->flight);
  gr_bz_panel_view(ctx, f1_rows[i], r, f->box[i], f->boxy[i], c->gamma, c->fstar);
}

/* The notes' table of the panels. */
static void f1_table(struct gr_ctx *ctx, const struct f1 *f)
{
  static const char *tn[] = {"flat", "stripes", "squares", "hexagons", "other"};
  char tab[3000], line[320], size[40];
  size_t len;
  int i;
  snprintf(tab, sizeof tab, "| panel | Gamma | f* | published | ours | wavelength published / ours (resolution) | box, spheres |\n|---|---|---|---|---|---|---|\n");
  for (i = 0; i < F1_N; i++) {
    const struct bz_cfg *c = &f->u.cfg[i];
    const struct bz_res *r = &f->u.res[i];
    double pt = 0.0, pr = 0.0;
    gr_ctx_published(ctx, BZ_FIG1, f1_rows[i], "type", &pt);
    gr_ctx_published(ctx, BZ_FIG1, f1_rows[i], "response", &pr);
    if (r->status != 0)
      snprintf(line, sizeof line, "| %s | %.2f | %.2f | %s, %s%.0f | engine stopped | %g / - | %s, %d |\n", f1_rows[i],
               c->gamma, c->fstar, tn[(int)pt], pt == 0 ? "period " : "f/", pr, f->lam[i],
               f1_size(size, sizeof size, f->box[i], f->boxy[i]), r->n);
    else
      snprintf(line, sizeof line, "| %s | %.2f | %.2f | %s, %s%.0f | %s, %s %d | %g / %.1f (%.1f) | %s, %d |\n",
               f1_rows[i], c->gamma, c->fstar, tn[(int)pt], pt == 0 ? "period " : "f/", pr, tn[r->type],
               pt == 0 ? "layer period" : "response period", pt == 0 ? r->layer_period : r->response,
               f->lam[i], r->lambda, r->lambda_res, f1_size(size, sizeof size, f->box[i], f->boxy[i]), r->n);
    len = strlen(tab);
    snprintf(tab + len, sizeof tab - len, "%s", line);
  }
  gr_ctx_text(ctx, "fig1_table", tab);
}

/* onset.tsv's square-stripe transition at Gamma 3: the f* of panels a
 * and b, with the types they gave. */
static void f1_square_stripe(struct gr_ctx *ctx, const struct f1 *f)
{
  const struct bz_res *r = f->u.res;
  char note[160];
  snprintf(note, sizeof note, "Gamma 3: panel a (f* %.2f) gave %s, panel b (f* %.2f) %s", f->u.cfg[0].fstar,
           r[0].status ? "-" : gr_sk_type_name((enum gr_sk_type)r[0].type), f->u.cfg[1].fstar,
           r[1].status ? "-" : gr_sk_type_name((enum gr_sk_type)r[1].type));
  gr_ctx_show(ctx, BZ_ONSET, "square_stripe_lo", "value", f->u.cfg[0].fstar, note);
  gr_ctx_show(ctx, BZ_ONSET, "square_stripe_hi", "value", f->u.cfg[1].fstar, note);
}

/* The panels, each a condition (issue 25), reported in panel order. */
int gr_bz_fig1(struct gr_ctx *ctx)
{
  struct f1 f;
  int i, rc, partial = 0;
  memset(&f, 0, sizeof f);
  if (gr_bz_opts(ctx, &f.o) != 0 || gr_bz_model(ctx, &f.m) != 0 || f1_setup(ctx, &f) != 0)
    return gr_ctx_error(ctx)->code;
  rc = gr_bz_runs(ctx, &f.u, &partial);
  for (i = 0; i < F1_N && rc == GR_OK && !partial; i++)
    f1_panel(ctx, &f, i);
  if (rc == GR_OK && !partial) {
    f1_table(ctx, &f);
    f1_square_stripe(ctx, &f);
  }
  gr_bz_runs_free(&f.u);
  if (rc == GR_ENOMEM && gr_ctx_error(ctx)->code == 0)
    return gr_ctx_fail(ctx, GR_ENOMEM, "bizon-patterns: out of memory in the Fig. 1 runs");
  return gr_ctx_error(ctx)->code != GR_OK ? gr_ctx_error(ctx)->code : rc;
}
