/* granrepro experiment bizon-patterns: the Fig. 1 conditions of Bizon et
 * al., PRL 80, 57 (1998), panels a, b, c(d), e, f, g, h (fig1.tsv): each
 * a layer run at the panel's (Gamma, f*), the pattern type by the stated
 * test of physics/sk.h, the response period, the wavelength against the
 * published panel's (when the box holds two of them), top views and S(k).
 * The conditions run on all threads; results are reported in panel order. */
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/bizon1998/bizon.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "harness/verdict.h"
#include "physics/sk.h"

#define F1_N 7
static const char *const f1_rows[F1_N] = {"a", "b", "c", "e", "f", "g", "h"};

/* Box side of a panel: the option, else two published wavelengths (at
 * least 40) in full mode, 20 by default, 8 in quick mode. */
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

/* Top views (two successive cycles) and the averaged S(k) of a panel. */
static int bz_field_data(struct gr_ctx *ctx, const char *name, const struct bz_res *r, double lx,
                         double ly)
{
  char dn[64];
  struct gr_data *d;
  double smin = HUGE_VAL, m1 = 0.0, m2 = 0.0;
  int i, j;
  for (i = 0; i < r->nx * r->ny; i++) {
    m1 += r->h2[i] / (r->nx * r->ny);
    m2 += r->h2[r->nx * r->ny + i] / (r->nx * r->ny);
  }
  snprintf(dn, sizeof dn, "%s-top", name);
  d = gr_ctx_data(ctx, dn, "x y h_cycle1_minus_mean h_cycle2_minus_mean");
  for (j = 0; d != NULL && j < r->ny; j++) {
    for (i = 0; i < r->nx; i++)
      gr_data_printf(d, "%.3f %.3f %.4f %.4f\n", (i + 0.5) * lx / r->nx, (j + 0.5) * ly / r->ny,
                     r->h2[j * r->nx + i] - m1, r->h2[r->nx * r->ny + j * r->nx + i] - m2);
    gr_data_printf(d, "\n");
  }
  for (i = 1; i < r->nx * r->ny; i++)
    smin = fmin(smin, r->savg[i]);
  snprintf(dn, sizeof dn, "%s-sk", name);
  d = gr_ctx_data(ctx, dn, "kx ky log10_S");
  for (j = -r->ny / 2; d != NULL && j <= r->ny / 2 && r->ny > 1; j++) {
    for (i = -r->nx / 2; i <= r->nx / 2; i++) {
      int ix = i < 0 ? i + r->nx : i, iy = j < 0 ? j + r->ny : j;
      if (ix >= r->nx || iy >= r->ny)
        continue;
      gr_data_printf(d, "%.4f %.4f %.4f\n", 2.0 * M_PI * i / lx, 2.0 * M_PI * j / ly,
                     log10((ix == 0 && iy == 0 ? smin : r->savg[iy * r->nx + ix]) + 1e-6));
    }
    gr_data_printf(d, "\n");
  }
  return gr_ctx_error(ctx)->code;
}

/* Figures of panel p: top views side by side, S(k) image. */
static int f1_figures(struct gr_ctx *ctx, const char *p, double gamma, double fstar)
{
  char name[32], data[32], title[128], plot[320], sname[32], sdata[32], stitle[128];
  struct gr_figure top, sk;
  snprintf(name, sizeof name, "fig1%s-top", p);
  snprintf(data, sizeof data, "fig1%s-top", p);
  snprintf(title, sizeof title, "Fig. 1%s (Gamma %.2f, f* %.2f): top surface, cycle n (left) and n + 1 (right)",
           p, gamma, fstar);
  snprintf(plot, sizeof plot,
           "data u 1:2:3 w image notitle, data u ($1 + XW + 2):2:4 w image notitle");
  top = (struct gr_figure){name, data, title, "x / sigma", "y / sigma",
                           "set size ratio -1\nset palette rgb 33,13,10\n"
                           "stats data u 1 nooutput\nXW = STATS_max\nset cblabel 'top sphere centre height minus its mean / sigma'",
                           plot};
  snprintf(sname, sizeof sname, "fig1%s-sk", p);
  snprintf(sdata, sizeof sdata, "fig1%s-sk", p);
  snprintf(stitle, sizeof stitle, "Fig. 1%s: log10 S(k) of the top surface (averaged over cycles)", p);
  sk = (struct gr_figure){sname, sdata, stitle, "k_x sigma", "k_y sigma",
                          "set size ratio -1\nset palette rgb 21,22,23\nset xrange [-2:2]\nset yrange [-2:2]", "data u 1:2:3 w image notitle"};
  if (gr_ctx_figure(ctx, &top) != 0)
    return gr_ctx_error(ctx)->code;
  return gr_ctx_figure(ctx, &sk);
}

/* Verdict rows of panel i. */
static int f1_rows_of(struct gr_ctx *ctx, int i, const struct bz_res *r, double box,
                      double lam_pub, const struct bz_opts *o)
{
  const char *p = f1_rows[i];
  char note[200], q[64];
  int two = !isnan(lam_pub) && box >= 2.0 * lam_pub;
  snprintf(note, sizeof note, "%s by the stated test (sk.h): %d direction(s), S_max/<S> %.1f, box %g x %g, %d spheres",
           gr_sk_type_name((enum gr_sk_type)r->type), r->ndir, r->ratio, box, box, r->n);
  if (o->quick) {
    gr_ctx_show(ctx, BZ_FIG1, p, "type", r->type, "quick: an 8 x 8 box holds no pattern; run without --quick");
    gr_ctx_show(ctx, BZ_FIG1, p, "response", r->type == 0 ? r->layer_period : r->response, "quick: shown only");
  } else {
    gr_ctx_compare(ctx, BZ_FIG1, p, "type", r->type, 0.0, note);
    snprintf(note, sizeof note, "%s: C(1) %.2f, C(2) %.2f, C(4) %.2f of the peak's amplitude; layer period %d",
             r->type == 0 ? "flat: the layer's period (centre of mass at the drive phase)" : "least lag with C >= 1/2",
             r->c1, r->c2, r->c4, r->layer_period);
    gr_ctx_compare(ctx, BZ_FIG1, p, "response", r->type == 0 ? r->layer_period : r->response, 0.0, note);
  }
  if (!isnan(lam_pub)) {
    snprintf(note, sizeof note, "resolution %.1f sigma (box %g)%s", r->lambda_res, box,
             two ? "" : "; the box holds fewer than two published wavelengths: shown, not compared");
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

int gr_bz_fig1(struct gr_ctx *ctx)
{
  struct bz_opts o;
  struct bz_model m;
  struct bz_cfg cfg[F1_N];
  struct bz_res res[F1_N];
  double lam[F1_N], box[F1_N];
  int i, bad = 0;
  if (gr_bz_opts(ctx, &o) != 0 || gr_bz_model(ctx, &m) != 0)
    return gr_ctx_error(ctx)->code;
  for (i = 0; i < F1_N; i++) {
    char rn[32];
    snprintf(rn, sizeof rn, "fig1-%s", f1_rows[i]);
    cfg[i] = (struct bz_cfg){0};
    if (gr_ctx_published(ctx, BZ_FIG1, f1_rows[i], "gamma", &cfg[i].gamma) != 0 ||
        gr_ctx_published(ctx, BZ_FIG1, f1_rows[i], "fstar", &cfg[i].fstar) != 0)
      return gr_ctx_error(ctx)->code;
    lam[i] = NAN;
    if (gr_ctx_has(ctx, BZ_FIG1, f1_rows[i], "lambda") &&
        gr_ctx_published(ctx, BZ_FIG1, f1_rows[i], "lambda", &lam[i]) != 0)
      return gr_ctx_error(ctx)->code;
    box[i] = f1_box(&o, lam[i]);
    cfg[i].lx = cfg[i].ly = box[i];
    cfg[i].transient = o.transient;
    cfg[i].cycles = o.cycles;
    cfg[i].keep = 1;
    cfg[i].o = &o;
    cfg[i].m = &m;
    if ((cfg[i].rng = gr_ctx_rng(ctx, rn)) == NULL)
      return gr_ctx_error(ctx)->code;
  }
#pragma omp parallel for schedule(dynamic, 1) reduction(| : bad)
  for (i = 0; i < F1_N; i++)
    bad |= gr_bz_layer(&cfg[i], &res[i]) == GR_ENOMEM;
  for (i = 0; i < F1_N && !bad; i++) {
    char name[16];
    gr_ctx_show(ctx, BZ_FIG1, f1_rows[i], "gamma", cfg[i].gamma, "input: the panel's drive");
    gr_ctx_show(ctx, BZ_FIG1, f1_rows[i], "fstar", cfg[i].fstar, "input: the panel's drive");
    if (res[i].status != 0) {
      char q[64];
      static const char *const cols[] = {"type", "response", "lambda", "lambda_bench"};
      size_t k;
      for (k = 0; k < 4; k++)
        if (gr_ctx_has(ctx, BZ_FIG1, f1_rows[i], cols[k]))
          gr_ctx_show(ctx, BZ_FIG1, f1_rows[i], cols[k], NAN, "not run: the engine stopped (row layer-run)");
      snprintf(q, sizeof q, "fig1/%s/layer-run", f1_rows[i]);
      gr_ctx_not_computed(ctx, GR_KIND_RESULT, q, "the engine stopped (status 5: more than the guard of 500 events per sphere in one T/32 sub-step, or an overlap)");
      continue;
    }
    f1_rows_of(ctx, i, &res[i], box[i], lam[i], &o);
    if (f1_rows[i][0] == 'a' || f1_rows[i][0] == 'b' || f1_rows[i][0] == 'g')
      f1_cost(ctx, f1_rows[i], res[i].pair_pp);
    gr_bz_flight_add(cfg[i].gamma, cfg[i].fstar, res[i].flight);
    snprintf(name, sizeof name, "fig1%s", f1_rows[i]);
    bz_field_data(ctx, name, &res[i], box[i], box[i]);
    f1_figures(ctx, f1_rows[i], cfg[i].gamma, cfg[i].fstar);
  }
  if (!bad) { /* the notes' table of the panels */
    static const char *tn[] = {"flat", "stripes", "squares", "hexagons", "other"};
    char tab[3000], line[320];
    size_t len;
    snprintf(tab, sizeof tab, "| panel | Gamma | f* | published | ours | wavelength published / ours (resolution) | box, spheres |\n|---|---|---|---|---|---|---|\n");
    for (i = 0; i < F1_N; i++) {
      double pt = 0.0, pr = 0.0;
      gr_ctx_published(ctx, BZ_FIG1, f1_rows[i], "type", &pt);
      gr_ctx_published(ctx, BZ_FIG1, f1_rows[i], "response", &pr);
      if (res[i].status != 0)
        snprintf(line, sizeof line, "| %s | %.2f | %.2f | %s, %s%.0f | engine stopped | %g / - | %g, %d |\n", f1_rows[i],
                 cfg[i].gamma, cfg[i].fstar, tn[(int)pt], pt == 0 ? "period " : "f/", pr, lam[i], box[i], res[i].n);
      else
        snprintf(line, sizeof line, "| %s | %.2f | %.2f | %s, %s%.0f | %s, %s %d | %g / %.1f (%.1f) | %g, %d |\n",
                 f1_rows[i], cfg[i].gamma, cfg[i].fstar, tn[(int)pt], pt == 0 ? "period " : "f/", pr, tn[res[i].type],
                 res[i].type == 0 ? "layer period" : "response period", res[i].type == 0 ? res[i].layer_period : res[i].response,
                 lam[i], res[i].lambda, res[i].lambda_res, box[i], res[i].n);
      len = strlen(tab);
      snprintf(tab + len, sizeof tab - len, "%s", line);
    }
    gr_ctx_text(ctx, "fig1_table", tab);
  }
  if (!bad) {
    char note[160];
    snprintf(note, sizeof note, "Gamma 3: panel a (f* %.2f) gave %s, panel b (f* %.2f) %s", cfg[0].fstar,
             res[0].status ? "-" : gr_sk_type_name((enum gr_sk_type)res[0].type), cfg[1].fstar,
             res[1].status ? "-" : gr_sk_type_name((enum gr_sk_type)res[1].type));
    gr_ctx_show(ctx, BZ_ONSET, "square_stripe_lo", "value", cfg[0].fstar, note);
    gr_ctx_show(ctx, BZ_ONSET, "square_stripe_hi", "value", cfg[1].fstar, note);
  }
  for (i = 0; i < F1_N; i++)
    gr_bz_res_free(&res[i]);
  if (bad && gr_ctx_error(ctx)->code == 0)
    return gr_ctx_fail(ctx, GR_ENOMEM, "bizon-patterns: out of memory in the Fig. 1 runs");
  return gr_ctx_error(ctx)->code;
}
