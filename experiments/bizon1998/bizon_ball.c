/* granrepro experiment bizon-patterns: the completely inelastic ball on a
 * sinusoidal plate (Mehta & Luck, PRL 65, 393 (1990); Melo et al., PRL 75,
 * 3838 (1995)), the model of the layer's centre of mass: flight time
 * against Gamma, the flight of one period at sqrt(1 + pi^2) (onset.tsv),
 * the period doublings by bisection on the map's period against their
 * closed forms sqrt(4 + n^2 pi^2), and the layer's measured flight over
 * the diagram (physics/ballmap.h).  The map's work is the task's one
 * condition (a unit of `run --shard K/N`); the layer's flights come from
 * the layer tasks before it. */
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/bizon1998/bizon.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "harness/verdict.h"
#include "physics/ballmap.h"

#define BL_SHOW 16 /* flights drawn per Gamma */
#define BL_TRANSIENT(quick) ((size_t)((quick) ? 1000 : 20000)) /* flights before a period is read */

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

/* The ball map's work, the one condition of the ball task (issue 25):
 * BL_SHOW flights at each Gamma of the mode's grid g (ng, set before the
 * run), the one-period Gamma and the doublings.  A shard journals res and
 * the flights (s, sticks); why says what failed. */
struct bl_res {
  double one, gb[2];
  int st[2]; /* the doublings' bisection status */
};
struct bl_map {
  int quick, ng;
  double *g, *s; /* ng, ng BL_SHOW */
  int *sticks;   /* ng BL_SHOW */
  struct bl_res res;
  char why[160];
};

/* The mode's grid (step 0.1 quick, 0.01 else, from 1 + step below 8) and
 * the arrays of its flights, zeroed; GR_ENOMEM. */
static int bl_setup(struct bl_map *b, int quick)
{
  const double step = quick ? 0.1 : 0.01;
  double g;
  int n = 0;
  b->quick = quick;
  for (g = 1.0 + step; g < 8.0; g += step)
    n++;
  b->g = malloc((size_t)n * sizeof *b->g);
  b->s = calloc((size_t)n * BL_SHOW, sizeof *b->s);
  b->sticks = calloc((size_t)n * BL_SHOW, sizeof *b->sticks);
  if (b->g == NULL || b->s == NULL || b->sticks == NULL)
    return GR_ENOMEM;
  for (g = 1.0 + step; b->ng < n; g += step)
    b->g[b->ng++] = g;
  return GR_OK;
}

/* The condition's name. */
static void bl_name(const void *arg, size_t i, char *buf, size_t len)
{
  (void)arg;
  (void)i;
  snprintf(buf, len, "ball-map");
}

/* The map's work where mine[0]: the diagram (its Gammas on both cores,
 * each orbit independent of the others), the one-period bisection, the
 * doublings' bisections on the period (towards sqrt(4 + n^2 pi^2), one a
 * thread); GR_EFAIL with why when the map (at its first failing Gamma) or
 * the one-period bisection fails. */
static int bl_run(void *arg, const unsigned char *mine)
{
  struct bl_map *b = arg;
  int i, n, st, *sts;
  if (!mine[0])
    return GR_OK;
  if ((sts = calloc((size_t)b->ng, sizeof *sts)) == NULL)
    return GR_ENOMEM;
#pragma omp parallel for schedule(dynamic, 16)
  for (i = 0; i < b->ng; i++) {
    struct gr_ball_flight f[BL_SHOW]; /* the thread's own */
    int k;
    if ((sts[i] = gr_ball_orbit(b->g[i], b->quick ? 200 : 2000, f, BL_SHOW)) == 0)
      for (k = 0; k < BL_SHOW; k++) {
        b->s[i * BL_SHOW + k] = f[k].s;
        b->sticks[i * BL_SHOW + k] = f[k].sticks;
      }
  }
  i = 0;
  while (i < b->ng && sts[i] == 0)
    i++;
  st = i < b->ng ? sts[i] : 0;
  if (st != 0)
    snprintf(b->why, sizeof b->why, "bizon-patterns: the ball map failed at Gamma %g (status %d)", b->g[i], st);
  free(sts);
  if (st != 0)
    return GR_EFAIL;
  if ((st = bl_one_period(&b->res.one)) != 0) {
    snprintf(b->why, sizeof b->why, "bizon-patterns: one-period bisection failed (status %d)", st);
    return GR_EFAIL;
  }
#pragma omp parallel for schedule(static, 1)
  for (n = 1; n <= 2; n++) {
    const double lo = sqrt(1.0 + n * n * M_PI * M_PI) + 1e-3, closed = sqrt(4.0 + n * n * M_PI * M_PI);
    b->res.st[n - 1] = gr_ball_bisect_period(lo, closed + 0.3, n, BL_TRANSIENT(b->quick), 1e-6,
                                             b->quick ? 1e-3 : 1e-6, &b->res.gb[n - 1]);
  }
  return GR_OK;
}

/* Where the condition's result lies: res, the flights. */
static size_t bl_spans(void *arg, size_t i, struct gr_span sp[GR_COND_SPANS])
{
  struct bl_map *b = arg;
  const size_t n = (size_t)b->ng * BL_SHOW;
  (void)i;
  sp[0] = (struct gr_span){&b->res, sizeof b->res};
  sp[1] = (struct gr_span){b->s, n * sizeof *b->s};
  sp[2] = (struct gr_span){b->sticks, n * sizeof *b->sticks};
  return 3;
}

/* The diagram (data ball) and the layer's flights over it (ball-layer). */
static void bl_data(struct gr_ctx *ctx, const struct bl_map *b, const double *gl, const double *fl,
                    const double *tl, size_t nl)
{
  struct gr_data *d = gr_ctx_data(ctx, "ball", "gamma flight_over_T sticks");
  size_t i;
  int k;
  for (i = 0; d != NULL && i < (size_t)b->ng; i++)
    for (k = 0; k < BL_SHOW; k++)
      gr_data_printf(d, "%.3f %.6f %d\n", b->g[i], b->s[i * BL_SHOW + k] / (2.0 * M_PI), b->sticks[i * BL_SHOW + k]);
  d = gr_ctx_data(ctx, "ball-layer", "gamma fstar layer_flight_over_T");
  for (i = 0; d != NULL && i < nl; i++)
    gr_data_printf(d, "%.3f %.3f %.4f\n", gl[i], fl[i], tl[i]);
}

/* Doubling n (1 -> 2 and 2 -> 4 cycles) against its closed form. */
static void bl_doubling(struct gr_ctx *ctx, const struct bl_map *b, int n)
{
  const double closed = sqrt(4.0 + n * n * M_PI * M_PI), gb = b->res.gb[n - 1];
  char q[80];
  snprintf(q, sizeof q, "ball/doubling-%d-to-%d-cycles", n, 2 * n);
  if (b->res.st[n - 1] != 0) {
    gr_ctx_not_computed(ctx, GR_KIND_CHECK, q, "bisection on the period did not bracket");
    return;
  }
  gr_ctx_verdict(ctx, GR_KIND_CHECK, q, gb, gr_test_abs(closed, b->quick ? 2e-2 : 1e-3),
                 "bisection on the iterated map's period against sqrt(4 + n^2 pi^2) (multiplier -1)");
  gr_ctx_value(ctx, n == 1 ? "doubling1" : "doubling2", gb);
}

/* Each layer flight point beside the ball's flight and period there. */
static void bl_layer_rows(struct gr_ctx *ctx, const struct bl_map *b, const double *gl,
                          const double *fl, const double *tl, size_t nl)
{
  const size_t transient = BL_TRANSIENT(b->quick) / 10;
  struct gr_ball_flight f[1];
  char q[80], note[160];
  size_t i;
  for (i = 0; i < nl; i++) {
    long cyc = 0;
    if (gr_ball_cycles(gl[i], transient, 64, 1e-6, &cyc) != 0 || gr_ball_orbit(gl[i], transient, f, 1) != 0)
      continue;
    /* numbered: Fig. 1's (3.00, 0.44) comes again in the onset sweep */
    snprintf(q, sizeof q, "ball/layer-flight/%02d-gamma-%.2f-fstar-%.2f", (int)i + 1, gl[i], fl[i]);
    snprintf(note, sizeof note, "layer's mean contact-free time / T; the ball's flight: %.3f (period %ld cycles)",
             f[0].s / (2.0 * M_PI), cyc);
    gr_ctx_inform(ctx, GR_KIND_RESULT, q, tl[i], note);
  }
}

/* The report from the map's work and the layer flights of the tasks
 * before: data, one period (closed form, printed), doublings, layer
 * flights, figure. */
static int bl_report(struct gr_ctx *ctx, const struct bl_map *b)
{
  double gl[64], fl[64], tl[64], pub;
  const size_t nl = gr_bz_flight_get(gl, fl, tl, 64);
  bl_data(ctx, b, gl, fl, tl, nl);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "ball/one-period-gamma-map-vs-closed-form", b->res.one,
                 gr_test_abs(sqrt(1.0 + M_PI * M_PI), 1e-9), "bisection on the map's flight s(Gamma) = 2 pi against sqrt(1 + pi^2)");
  if (gr_ctx_published(ctx, BZ_ONSET, "gamma_one_period", "value", &pub) != 0 ||
      gr_ctx_compare(ctx, BZ_ONSET, "gamma_one_period", "value", b->res.one, 0.0, "the ball map's one-period Gamma") != 0)
    return gr_ctx_error(ctx)->code;
  bl_doubling(ctx, b, 1);
  bl_doubling(ctx, b, 2);
  bl_layer_rows(ctx, b, gl, fl, tl, nl);
  return gr_ctx_figure(ctx, &bl_fig);
}

/* The ball: the map's work a condition (a unit of `run --shard K/N`), the
 * report made where every layer flight is known (the merge). */
int gr_bz_ball(struct gr_ctx *ctx)
{
  struct bz_opts o;
  struct bl_map b;
  const struct gr_conds c = {.n = 1, .arg = &b, .name = bl_name, .run = bl_run, .spans = bl_spans};
  int rc, partial = 0;
  memset(&b, 0, sizeof b);
  if (gr_bz_opts(ctx, &o) != 0)
    return gr_ctx_error(ctx)->code;
  if ((rc = bl_setup(&b, o.quick)) != GR_OK || (rc = gr_ctx_conditions(ctx, &c, &partial)) != GR_OK) {
    if (gr_ctx_error(ctx)->code == GR_OK)
      rc = gr_ctx_fail(ctx, rc, "%s", rc == GR_EFAIL ? b.why : "bizon-patterns: out of memory for the ball map");
  } else if (!partial) {
    rc = bl_report(ctx, &b);
  }
  free(b.g);
  free(b.s);
  free(b.sticks);
  return gr_ctx_error(ctx)->code != GR_OK ? gr_ctx_error(ctx)->code : rc;
}
