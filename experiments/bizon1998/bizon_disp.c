/* granrepro experiment bizon-patterns: the dispersion relation lambda / H
 * against f* at Gamma 3 in long periodic strips where only stripes fit,
 * against the experiments' fit lambda / H = a + b f*^(-c) (Umbanhowar &
 * Swinney, Physica A 288, 344 (2000); dispersion.tsv, recalled values):
 * a verdict per point within the fit's spread (c +- its spread) plus the
 * strip's wavelength resolution.  The points run on all threads. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "experiments/bizon1998/bizon.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "harness/verdict.h"

#define DS_MAX 12
#define DS_LO 0.3  /* f* range: where f/2 stripes form at Gamma 3 (Fig. 1 a, b) and the */
#define DS_HI 0.8  /* strip's resolution stays below the fit's spread at the low end */
#define DS_GAMMA 3.0

static const struct gr_figure ds_fig = {
    "dispersion", "dispersion", "Dispersion: lambda / H against f* at Gamma 3 (strips), experimental fit",
    "f* = f sqrt(H / g)", "lambda / H", "set key top right\nset logscale xy\nset xrange [0.25:1]\nset yrange [1.5:10]",
    "data u 1:2:3 w yerrorbars pt 7 t 'layer (resolution)', data u 1:4 w l lw 2 t 'experiments: a + b f*^{-c} (dispersion.tsv)', "
    "data u 1:5 w l dt 2 t 'c minus its spread', data u 1:6 w l dt 2 t 'c plus its spread'"};

/* The fit at f* with exponent c. */
static double ds_fit(double a, double b, double c, double f)
{
  return a + b * pow(f, -c);
}

int gr_bz_dispersion(struct gr_ctx *ctx)
{
  static const char *printed[] = {"lambda_027", "lambda_038", "lambda_044"};
  static const double at[] = {0.27, 0.38, 0.44};
  struct bz_opts o;
  struct bz_model m;
  struct bz_cfg cfg[DS_MAX];
  struct bz_res res[DS_MAX];
  double a, b, c, cs, v;
  char tab[2400];
  struct gr_data *d;
  int i, nf, bad = 0;
  if (gr_bz_opts(ctx, &o) != 0 || gr_bz_model(ctx, &m) != 0)
    return gr_ctx_error(ctx)->code;
  if (gr_ctx_published(ctx, BZ_DISP, "a", "value", &a) != 0 ||
      gr_ctx_published(ctx, BZ_DISP, "b", "value", &b) != 0 ||
      gr_ctx_published(ctx, BZ_DISP, "c", "value", &c) != 0 ||
      gr_ctx_published(ctx, BZ_DISP, "c_spread", "value", &cs) != 0)
    return gr_ctx_error(ctx)->code;
  gr_ctx_show(ctx, BZ_DISP, "a", "value", a, "drawn as the fit");
  gr_ctx_show(ctx, BZ_DISP, "b", "value", b, "drawn as the fit");
  gr_ctx_show(ctx, BZ_DISP, "c", "value", c, "drawn as the fit");
  gr_ctx_show(ctx, BZ_DISP, "c_spread", "value", cs, "the band of the verdicts");
  for (i = 0; i < 3; i++)
    if (gr_ctx_published(ctx, BZ_DISP, printed[i], "value", &v) != 0 ||
        gr_ctx_compare(ctx, BZ_DISP, printed[i], "value", m.H * ds_fit(a, b, c, at[i]), 0.0,
                       "H (a + b f*^-c) from the fit as printed") != 0)
      return gr_ctx_error(ctx)->code;
  if (o.quick)
    return gr_ctx_text(ctx, "disp_table", "(not run in quick mode)");
  nf = o.nfreq;
  for (i = 0; i < nf; i++) {
    char rn[32];
    cfg[i] = (struct bz_cfg){0};
    cfg[i].gamma = DS_GAMMA;
    cfg[i].fstar = DS_LO + (DS_HI - DS_LO) * i / (nf - 1);
    cfg[i].lx = o.strip_lx;
    cfg[i].ly = o.strip_ly;
    cfg[i].transient = o.transient;
    cfg[i].cycles = o.cycles;
    cfg[i].o = &o;
    cfg[i].m = &m;
    snprintf(rn, sizeof rn, "disp-%d", i);
    if ((cfg[i].rng = gr_ctx_rng(ctx, rn)) == NULL)
      return gr_ctx_error(ctx)->code;
  }
#pragma omp parallel for schedule(dynamic, 1) reduction(| : bad)
  for (i = 0; i < nf; i++)
    bad |= gr_bz_layer(&cfg[i], &res[i]) == GR_ENOMEM;
  tab[0] = '\0';
  snprintf(tab, sizeof tab, "| f* | lambda / H ours (resolution) | fit (spread) | pattern | verdict |\n|---|---|---|---|---|\n");
  d = gr_ctx_data(ctx, "dispersion", "fstar lambda_over_H resolution_over_H fit fit_cminus fit_cplus type");
  for (i = 0; i < nf && !bad; i++) {
    double f = cfg[i].fstar, fit = ds_fit(a, b, c, f);
    double spread = fmax(fabs(ds_fit(a, b, c + cs, f) - fit), fabs(ds_fit(a, b, c - cs, f) - fit));
    char q[64], note[200];
    snprintf(q, sizeof q, "dispersion/fstar-%.2f/lambda-over-H", f);
    snprintf(note, sizeof note, "%s in a %g x %g strip; fit %.2f, its spread %.2f + resolution %.2f (lambda / H)",
             res[i].type == 1 ? "stripes" : "NOT stripes", o.strip_lx, o.strip_ly, fit, spread,
             res[i].lambda_res / m.H);
    if (res[i].status != 0)
      gr_ctx_not_computed(ctx, GR_KIND_RESULT, q, "the engine stopped (the event guard or an overlap)");
    else if (res[i].type == 0)
      gr_ctx_not_computed(ctx, GR_KIND_RESULT, q, "flat layer: no wavelength");
    else
      gr_ctx_verdict(ctx, GR_KIND_RESULT, q, res[i].lambda / m.H,
                     gr_test_abs(fit, spread + res[i].lambda_res / m.H), note);
    gr_data_printf(d, "%.4f %.4f %.4f %.4f %.4f %.4f %d\n", f, res[i].lambda / m.H,
                   res[i].lambda_res / m.H, fit, ds_fit(a, b, c - cs, f), ds_fit(a, b, c + cs, f),
                   res[i].type);
    gr_bz_flight_add(DS_GAMMA, f, res[i].flight);
    {
      size_t len = strlen(tab);
      snprintf(tab + len, sizeof tab - len, "| %.2f | %.2f (%.2f) | %.2f (%.2f) | %s | %s |\n", f,
               res[i].lambda / m.H, res[i].lambda_res / m.H, fit, spread,
               res[i].status ? "engine stopped" : res[i].type == 1 ? "stripes" : "not stripes",
               res[i].status || res[i].type == 0 ? "not computed"
               : gr_test_ok(gr_test_abs(fit, spread + res[i].lambda_res / m.H), res[i].lambda / m.H) ? "reproduced" : "differs");
    }
  }
  for (i = 0; i < nf; i++)
    gr_bz_res_free(&res[i]);
  if (bad)
    return gr_ctx_fail(ctx, GR_ENOMEM, "bizon-patterns: out of memory in the dispersion strips");
  gr_ctx_text(ctx, "disp_table", tab);
  return gr_ctx_figure(ctx, &ds_fig);
}
