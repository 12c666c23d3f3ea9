/* granrepro experiment bizon-patterns: the dispersion relation lambda / H
 * against f* at Gamma 3 in long periodic strips where only stripes fit,
 * against the experiments' fit lambda / H = a + b f*^(-c) (Umbanhowar &
 * Swinney, Physica A 288, 344 (2000); dispersion.tsv, recalled values):
 * a verdict per point within the fit's spread (c +- its spread) plus the
 * strip's wavelength resolution.  Each point is a condition of the task
 * (a unit of `run --shard K/N`); they run on all threads. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "experiments/bizon1998/bizon.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "harness/verdict.h"

#define DS_MAX 12
#define DS_LO 0.3  /* f* range: where f/2 stripes form at Gamma 3 (Fig. 1 a, b); the */
#define DS_HI 0.8  /* strip's resolution (lambda^2 / L) exceeds the fit's spread at every f* (notes) */
#define DS_GAMMA 3.0

static const struct gr_figure ds_fig = {
    "dispersion", "dispersion", "Dispersion: lambda / H against f* at Gamma 3 (strips), experimental fit",
    "f* = f sqrt(H / g)", "lambda / H", "set key top right\nset logscale xy\nset xrange [0.25:1]\nset yrange [1.5:10]\nset xtics (0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1)\nset ytics (1.5, 2, 3, 4, 5, 6, 8, 10)",
    "data u 1:2:3 w yerrorbars pt 7 t 'layer (resolution)', data u 1:4 w l lw 2 t 'experiments: a + b f*^{-c} (dispersion.tsv)', "
    "data u 1:5 w l dt 2 t 'c minus its spread', data u 1:6 w l dt 2 t 'c plus its spread'"};

/* The fit at f* with exponent c. */
static double ds_fit(double a, double b, double c, double f)
{
  return a + b * pow(f, -c);
}

/* The task's state: options, model, the fit (a, b, c, its spread) and
 * the points' runs. */
struct ds {
  struct bz_opts o;
  struct bz_model m;
  double a, b, c, cs;
  struct bz_runs u;
};

/* The fit's constants shown, the wavelengths printed from it checked. */
static int ds_fit_rows(struct gr_ctx *ctx, struct ds *s)
{
  static const char *printed[] = {"lambda_027", "lambda_038", "lambda_044"};
  static const double at[] = {0.27, 0.38, 0.44};
  double v;
  int i;
  if (gr_ctx_published(ctx, BZ_DISP, "a", "value", &s->a) != 0 ||
      gr_ctx_published(ctx, BZ_DISP, "b", "value", &s->b) != 0 ||
      gr_ctx_published(ctx, BZ_DISP, "c", "value", &s->c) != 0 ||
      gr_ctx_published(ctx, BZ_DISP, "c_spread", "value", &s->cs) != 0)
    return gr_ctx_error(ctx)->code;
  gr_ctx_show(ctx, BZ_DISP, "a", "value", s->a, "drawn as the fit");
  gr_ctx_show(ctx, BZ_DISP, "b", "value", s->b, "drawn as the fit");
  gr_ctx_show(ctx, BZ_DISP, "c", "value", s->c, "drawn as the fit");
  gr_ctx_show(ctx, BZ_DISP, "c_spread", "value", s->cs, "the band of the verdicts");
  for (i = 0; i < 3; i++)
    if (gr_ctx_published(ctx, BZ_DISP, printed[i], "value", &v) != 0 ||
        gr_ctx_compare(ctx, BZ_DISP, printed[i], "value", s->m.H * ds_fit(s->a, s->b, s->c, at[i]), 0.0,
                       "H (a + b f*^-c) from the fit as printed") != 0)
      return gr_ctx_error(ctx)->code;
  return GR_OK;
}

/* The points' runs (conditions "disp-i", each from stream "disp-i"):
 * nfreq strips at Gamma 3, f* evenly from DS_LO to DS_HI. */
static int ds_setup(struct gr_ctx *ctx, struct ds *s)
{
  int i, nf = s->o.nfreq;
  s->u.n = nf;
  for (i = 0; i < nf; i++) {
    struct bz_cfg *c = &s->u.cfg[i];
    c->gamma = DS_GAMMA;
    c->fstar = DS_LO + (DS_HI - DS_LO) * i / (nf - 1);
    c->lx = s->o.strip_lx;
    c->ly = s->o.strip_ly;
    c->transient = s->o.transient;
    c->cycles = s->o.cycles;
    c->o = &s->o;
    c->m = &s->m;
    snprintf(s->u.name[i], sizeof s->u.name[i], "disp-%d", i);
    if ((c->rng = gr_ctx_rng(ctx, s->u.name[i])) == NULL)
      return gr_ctx_error(ctx)->code;
  }
  return GR_OK;
}

/* Point i: its verdict within the fit's spread plus the resolution, its
 * data line, its flight, its line of the notes' table. */
static void ds_point(struct gr_ctx *ctx, const struct ds *s, int i, struct gr_data *d, char *tab,
                     size_t size)
{
  const struct bz_res *r = &s->u.res[i];
  const double f = s->u.cfg[i].fstar, fit = ds_fit(s->a, s->b, s->c, f), H = s->m.H;
  const double spread = fmax(fabs(ds_fit(s->a, s->b, s->c + s->cs, f) - fit), fabs(ds_fit(s->a, s->b, s->c - s->cs, f) - fit));
  const struct gr_test t = gr_test_abs(fit, spread + r->lambda_res / H);
  char q[64], note[200];
  size_t len = strlen(tab);
  snprintf(q, sizeof q, "dispersion/fstar-%.2f/lambda-over-H", f);
  snprintf(note, sizeof note, "%s in a %g x %g strip; fit %.2f, its spread %.2f + resolution %.2f (lambda / H)",
           r->type == 1 ? "stripes" : "NOT stripes", s->o.strip_lx, s->o.strip_ly, fit, spread, r->lambda_res / H);
  if (r->status != 0)
    gr_ctx_not_computed(ctx, GR_KIND_RESULT, q, "the engine stopped (the event guard or an overlap)");
  else if (r->type == 0)
    gr_ctx_not_computed(ctx, GR_KIND_RESULT, q, "flat layer: no wavelength");
  else
    gr_ctx_verdict(ctx, GR_KIND_RESULT, q, r->lambda / H, t, note);
  gr_data_printf(d, "%.4f %.4f %.4f %.4f %.4f %.4f %d\n", f, r->lambda / H, r->lambda_res / H, fit,
                 ds_fit(s->a, s->b, s->c - s->cs, f), ds_fit(s->a, s->b, s->c + s->cs, f), r->type);
  gr_bz_flight_add(DS_GAMMA, f, r->flight);
  snprintf(tab + len, size - len, "| %.2f | %.2f (%.2f) | %.2f (%.2f) | %s | %s |\n", f, r->lambda / H,
           r->lambda_res / H, fit, spread, r->status ? "engine stopped" : r->type == 1 ? "stripes" : "not stripes",
           r->status || r->type == 0 ? "not computed" : gr_test_ok(t, r->lambda / H) ? "reproduced" : "differs");
}

/* The dispersion points, each a condition (issue 25), reported in f*
 * order; none in quick mode. */
int gr_bz_dispersion(struct gr_ctx *ctx)
{
  struct ds s;
  char tab[2400];
  struct gr_data *d;
  int i, rc, partial = 0;
  memset(&s, 0, sizeof s);
  if (gr_bz_opts(ctx, &s.o) != 0 || gr_bz_model(ctx, &s.m) != 0 || ds_fit_rows(ctx, &s) != 0)
    return gr_ctx_error(ctx)->code;
  if (s.o.quick)
    return gr_ctx_text(ctx, "disp_table", "(not run in quick mode)");
  if (ds_setup(ctx, &s) != 0)
    return gr_ctx_error(ctx)->code;
  rc = gr_bz_runs(ctx, &s.u, &partial);
  if (rc == GR_OK && !partial) {
    snprintf(tab, sizeof tab, "| f* | lambda / H ours (resolution) | fit (spread) | pattern | verdict |\n|---|---|---|---|---|\n");
    d = gr_ctx_data(ctx, "dispersion", "fstar lambda_over_H resolution_over_H fit fit_cminus fit_cplus type");
    for (i = 0; i < s.u.n; i++)
      ds_point(ctx, &s, i, d, tab, sizeof tab);
    gr_ctx_text(ctx, "disp_table", tab);
    gr_ctx_figure(ctx, &ds_fig);
  }
  gr_bz_runs_free(&s.u);
  if (rc == GR_ENOMEM && gr_ctx_error(ctx)->code == 0)
    return gr_ctx_fail(ctx, GR_ENOMEM, "bizon-patterns: out of memory in the dispersion strips");
  return gr_ctx_error(ctx)->code != GR_OK ? gr_ctx_error(ctx)->code : rc;
}
