/* granrepro experiment bizon-patterns: the completely inelastic ball on a
 * sinusoidal plate (Mehta & Luck, PRL 65, 393 (1990); Melo et al., PRL 75,
 * 3838 (1995)), the model of the layer's centre of mass: flight time
 * against Gamma, the flight of one period at sqrt(1 + pi^2) (onset.tsv),
 * the period doublings by bisection on the map's period against their
 * closed forms sqrt(4 + n^2 pi^2), and the layer's measured flight over
 * the diagram (physics/ballmap.h). */
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>

#include "experiments/bizon1998/bizon.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "harness/verdict.h"
#include "physics/ballmap.h"

#define BL_SHOW 16 /* flights drawn per Gamma */

static const struct gr_figure bl_fig = {
    "ball", "ball", "Completely inelastic ball: flight time against Gamma, the layer's flight over it",
    "Gamma", "flight time / T", "set key top left\nset yrange [0:3.2]",
    "data u 1:2 w p pt 7 ps 0.25 lc rgb '#404040' t 'inelastic ball (16 flights per Gamma)', "
    "'ball-layer.dat' u 1:3 w p pt 7 ps 1.2 lc rgb '#d62728' t 'layer: mean contact-free time (flight)'"};

/* Flight of one period: bisection on Gamma for s(Gamma) = 2 pi from rest. */
static int bl_one_period(double *g)
{
  double lo = 2.0, hi = 5.0, s;
  int k, st;
  for (k = 0; k < 60; k++) {
    double mid = 0.5 * (lo + hi);
    if ((st = gr_ball_land(mid, gr_ball_takeoff_phase(mid), &s)) != 0)
      return st;
    if (s < 2.0 * M_PI)
      lo = mid;
    else
      hi = mid;
  }
  *g = 0.5 * (lo + hi);
  return 0;
}

int gr_bz_ball(struct gr_ctx *ctx)
{
  struct bz_opts o;
  struct gr_ball_flight f[BL_SHOW];
  struct gr_data *d;
  double g, step, pub, gb, closed, gl[64], fl[64], tl[64];
  size_t transient, i, nl;
  int n, st;
  if (gr_bz_opts(ctx, &o) != 0)
    return gr_ctx_error(ctx)->code;
  step = o.quick ? 0.1 : 0.01;
  transient = o.quick ? 1000 : 20000;
  d = gr_ctx_data(ctx, "ball", "gamma flight_over_T sticks");
  for (g = 1.0 + step; d != NULL && g < 8.0; g += step) {
    if ((st = gr_ball_orbit(g, o.quick ? 200 : 2000, f, BL_SHOW)) != 0)
      return gr_ctx_fail(ctx, GR_EFAIL, "bizon-patterns: the ball map failed at Gamma %g (status %d)", g, st);
    for (i = 0; i < BL_SHOW; i++)
      gr_data_printf(d, "%.3f %.6f %d\n", g, f[i].s / (2.0 * M_PI), f[i].sticks);
  }
  nl = gr_bz_flight_get(gl, fl, tl, 64);
  d = gr_ctx_data(ctx, "ball-layer", "gamma fstar layer_flight_over_T");
  for (i = 0; d != NULL && i < nl; i++)
    gr_data_printf(d, "%.3f %.3f %.4f\n", gl[i], fl[i], tl[i]);
  /* one period: closed form, the map's bisection, the printed value */
  closed = sqrt(1.0 + M_PI * M_PI);
  if ((st = bl_one_period(&g)) != 0)
    return gr_ctx_fail(ctx, GR_EFAIL, "bizon-patterns: one-period bisection failed (status %d)", st);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "ball/one-period-gamma-map-vs-closed-form", g,
                 gr_test_abs(closed, 1e-9), "bisection on the map's flight s(Gamma) = 2 pi against sqrt(1 + pi^2)");
  if (gr_ctx_published(ctx, BZ_ONSET, "gamma_one_period", "value", &pub) != 0 ||
      gr_ctx_compare(ctx, BZ_ONSET, "gamma_one_period", "value", g, 0.0, "the ball map's one-period Gamma") != 0)
    return gr_ctx_error(ctx)->code;
  /* the period doublings: bisection on the period against closed forms */
  for (n = 1; n <= 2; n++) {
    char q[80];
    double lo = sqrt(1.0 + n * n * M_PI * M_PI) + 1e-3;
    closed = sqrt(4.0 + n * n * M_PI * M_PI);
    st = gr_ball_bisect_period(lo, closed + 0.3, n, transient, 1e-6, o.quick ? 1e-3 : 1e-6, &gb);
    snprintf(q, sizeof q, "ball/doubling-%d-to-%d-cycles", n, 2 * n);
    if (st != 0) {
      gr_ctx_not_computed(ctx, GR_KIND_CHECK, q, "bisection on the period did not bracket");
      continue;
    }
    gr_ctx_verdict(ctx, GR_KIND_CHECK, q, gb, gr_test_abs(closed, o.quick ? 2e-2 : 1e-3),
                   "bisection on the iterated map's period against sqrt(4 + n^2 pi^2) (multiplier -1)");
    gr_ctx_value(ctx, n == 1 ? "doubling1" : "doubling2", gb);
  }
  for (i = 0; i < nl; i++) {
    char q[80];
    long cyc = 0;
    if (gr_ball_cycles(gl[i], transient / 10, 64, 1e-6, &cyc) != 0)
      continue;
    if (gr_ball_orbit(gl[i], transient / 10, f, 1) != 0)
      continue;
    /* numbered: Fig. 1's (3.00, 0.44) comes again in the onset sweep */
    snprintf(q, sizeof q, "ball/layer-flight/%02d-gamma-%.2f-fstar-%.2f", (int)i + 1, gl[i], fl[i]);
    {
      char note[160];
      snprintf(note, sizeof note, "layer's mean contact-free time / T; the ball's flight: %.3f (period %ld cycles)",
               f[0].s / (2.0 * M_PI), cyc);
      gr_ctx_inform(ctx, GR_KIND_RESULT, q, tl[i], note);
    }
  }
  return gr_ctx_figure(ctx, &bl_fig);
}
