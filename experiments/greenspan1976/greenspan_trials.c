/* granrepro experiment greenspan: the force constants of Section 3 (eqs.
 * 3.19-3.22, 5.1) and the earlier trials of Section 4 without the cutoff
 * (m = 1/20 "like honey", m = 1/4 "a pile of sand", m = 1 "gravitational
 * collapse"), each with the removal of P_19, as qualitative checks. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/greenspan1976/greenspan.h"
#include "physics/pmath.h"
#include "harness/ctx.h"
#include "stats/power.h"
#include "harness/report.h"
#include "harness/verdict.h"

/* Eq. (3.20): the nearest multiple of five. */
static double round5(double v)
{
  return 5.0 * round(v / 5.0);
}

/* Eqs. (3.19)-(3.22) and (5.1): the block balance of Fig. 3.1
 * (psolid.h) and the paper's roundings of it. */
int gr_greenspan_constants(struct gr_ctx *ctx)
{
  static const char *const note = "balance of the block of Fig. 3.1 solved with the pair-force module";
  double gm, hm;
  if (gr_psolid_block_constants(6, 4, GS_CUTOFF, GS_GRAVITY, &gm, &hm) != GR_OK)
    return gr_ctx_fail(ctx, GR_EFAIL, "the block balance of Fig. 3.1 is singular");
  gr_ctx_compare(ctx, "constants", "G_times_11m", "value", 11.0 * gm, 0.0, note);
  gr_ctx_compare(ctx, "constants", "H_minus_G_times_m", "value", hm - gm, 0.0, note);
  gr_ctx_compare(ctx, "constants", "eq3.20_G", "value", gm, 0.0, "unrounded G at m = 1");
  gr_ctx_compare(ctx, "constants", "eq3.20_H", "value", hm, 0.0, "unrounded H at m = 1");
  gr_ctx_compare(ctx, "constants", "eq3.21_G", "value", 5.0 * round5(gm), 0.0, "(3.20) G divided by m = 1/5");
  gr_ctx_compare(ctx, "constants", "eq3.21_H", "value", 5.0 * round5(hm), 0.0, "(3.20) H divided by m = 1/5");
  gr_ctx_compare(ctx, "constants", "eq3.22_G", "value", 20.0 * round5(gm), 0.0, "(3.20) G divided by m = 1/20");
  gr_ctx_compare(ctx, "constants", "eq3.22_H", "value", 20.0 * round5(hm), 0.0, "(3.20) H divided by m = 1/20");
  gr_ctx_compare(ctx, "constants", "eq5.1_G", "value", round5(20.0 * gm), 0.0, "(3.19) at m = 1/20, nearest multiple of five");
  gr_ctx_compare(ctx, "constants", "eq5.1_H", "value", round5(20.0 * hm), 0.0, "(3.19) at m = 1/20, nearest multiple of five");
  return gr_ctx_error(ctx)->code;
}

/* ---- the earlier trials --------------------------------------------- */

struct trial {
  const char *key;    /* "honey" */
  const char *title;
  double m;
};

static const struct trial trials[] = {
  {.key = "honey", .title = "m = 1/20, no cutoff: the body flattens \"like honey\"", .m = 1.0 / 20.0},
  {.key = "sand", .title = "m = 1/4, no cutoff, then P_{19} removed: \"a pile of sand\"", .m = 0.25},
  {.key = "collapse", .title = "m = 1, no cutoff, then P_{19} removed: \"gravitational collapse\"", .m = 1.0},
};

/* Width of the body along x (the collapse trial's "smaller"). */
static double width(const struct gr_leapfrog *lf)
{
  double lo = INFINITY, hi = -INFINITY;
  size_t i;
  for (i = 0; i < lf->n; i++) {
    lo = fmin(lo, lf->x[i]);
    hi = fmax(hi, lf->x[i]);
  }
  return hi - lo;
}

/* Height of the highest particle (honey's "flat", collapse's "rose"). */
static double top(const struct gr_leapfrog *lf)
{
  double h = 0.0;
  size_t i;
  for (i = 0; i < lf->n; i++)
    h = fmax(h, lf->y[i]);
  return h;
}

/* A trial's bodies at t_0, t_10000 and (removed) 2000 steps later. */
static void trial_figure(struct gr_ctx *ctx, const struct trial *t, int removed)
{
  char name[64], title[160];
  snprintf(name, sizeof name, "trial-%s", t->key);
  snprintf(title, sizeof title, "Section 4 trial: %s", t->title);
  gr_ctx_figure(ctx, &(const struct gr_figure){
    .name = name, .data = name, .title = title, .xlabel = "x", .ylabel = "y",
    .setup = "set size ratio -1\nset key outside bottom center horizontal\nset xrange [-6:6]\nset yrange [-0.5:6]",
    .plot = removed
      ? "data index 0 using 3:4 with points pt 6 ps 1.5 lc rgb '#999999' title 't_0', "
        "data index 1 using 3:4 with points pt 7 ps 2 lc rgb '#4477aa' title 't_{10000}', "
        "data index 1 using 3:4:2 with labels font ',7' tc rgb 'white' notitle, "
        "data index 2 using 3:4 with points pt 7 ps 1.2 lc rgb '#cc3311' title '2000 steps after P_{19} is removed'"
      : "data index 0 using 3:4 with points pt 6 ps 1.5 lc rgb '#999999' title 't_0', "
        "data index 1 using 3:4 with points pt 7 ps 2 lc rgb '#4477aa' title 't_{10000}', "
        "data index 1 using 3:4:2 with labels font ',7' tc rgb 'white' notitle"});
}

/* m = 1/20: the body slumps but does not flatten. */
static void honey(struct gr_ctx *ctx, const struct gr_psolid *s, double cy0)
{
  double cy = gr_psolid_mean(s->lf->n, s->lf->y);
  gr_ctx_verdict(ctx, GR_KIND_RESULT, "trial/honey/centre-of-mass-drop", cy0 - cy, gr_test_gt(0.4),
                 "\"gravity was overcoming the interparticle forces\": drop of the centre of mass (initially 1.6 high) from t_0 to t_10000, more than half a row (0.4); the final body of Table 2 instead rises a little");
  gr_ctx_verdict(ctx, GR_KIND_RESULT, "trial/honey/flat-at-t10000", top(s->lf),
                 gr_test_lt(0.4),
                 "\"by t_10000 all the particles had fallen to the X-axis ... a flat surface\": the highest particle within half a row (0.4) of the floor; the body sags and spreads (base width 7.2 -> about 11) but is not flat, the same under the text's floor and start, with the cutoff, with the listing's G = H = 2500, and with forces not divided by the mass");
}

/* The sign test of one claim over the removals: hits of GS_MEMBERS went
 * the claimed way; the row's value is the p-value. */
static void sign_row(struct gr_ctx *ctx, const char *q, size_t hits, const char *claim)
{
  char note[512];
  double p;
  if (gr_power_sign_p(hits, GS_MEMBERS, &p) != GR_OK) {
    gr_ctx_not_computed(ctx, GR_KIND_RESULT, q, "sign test on no removals");
    return;
  }
  snprintf(note, sizeof note, "%s: in %zu of %d removals of P_19 (t_10000 + %d k steps, each against a control run that keeps P_19; window mean of the last %d of 2000 steps); p of a one-sided sign test",
           claim, hits, GS_MEMBERS, GS_MEMBER_GAP, GS_WINDOW);
  gr_ctx_verdict(ctx, GR_KIND_RESULT, q, p, gr_test_p_below(GS_SIGN_LEVEL, "sign"), note);
}

/* m = 1/4: P_23 -> place of P_19, P_26 -> P_23, P_28 -> P_26: closer to
 * the place the replaced particle holds in the control run than to its
 * own place there. */
static void sand(struct gr_ctx *ctx, const struct gs_removal *o)
{
  static const int mover[3] = {23, 26, 28}, place[3] = {19, 23, 26};
  char q[96];
  size_t hits;
  int k, j;
  for (k = 0; k < 3; k++) {
    const int a = mover[k] - 1, b = place[k] - 1;
    for (hits = 0, j = 0; j < GS_MEMBERS; j++) {
      const double x = o[j].cx[a] + o[j].dx[a], y = o[j].cy[a] + o[j].dy[a];
      hits += gr_pmath_hypot(x - o[j].cx[b], y - o[j].cy[b]) < gr_pmath_hypot(x - o[j].cx[a], y - o[j].cy[a]);
    }
    snprintf(q, sizeof q, "trial/sand/P%d-slides-to-P%d", mover[k], place[k]);
    sign_row(ctx, q, hits, "\"P_23, P_26 and P_28 sliding down to replace P_19, P_23 and P_26\": nearer the replaced particle's place than its own");
  }
}

/* m = 1: the body rose (largest centre-of-mass rise rise0), shrank (mean
 * width w over the last 1000 steps before t_10000 against w0), and after
 * the removal of P_19 the side moved up and the top down. */
static void collapse(struct gr_ctx *ctx, const struct gs_removal *o, double rise0, double w, double w0)
{
  static const int up[3] = {1, 8, 14}, down[3] = {23, 26, 28};
  char q[96];
  size_t hits;
  int k, j;
  gr_ctx_verdict(ctx, GR_KIND_RESULT, "trial/collapse/rose-upward", rise0, gr_test_gt(0.4),
                 "\"the entire body initially rose upward\": largest rise of the centre of mass (initially 1.6) in the first 5000 steps, more than half a row (0.4)");
  gr_ctx_verdict(ctx, GR_KIND_RESULT, "trial/collapse/smaller-body", w, gr_test_lt(w0 - 0.6),
                 "\"a triangular body similar to, but smaller than\" the initial one: mean width over the 1000 steps before t_10000, narrower than the initial 7.2 by more than half a base (0.6)");
  for (k = 0; k < 3; k++) {
    for (hits = 0, j = 0; j < GS_MEMBERS; j++)
      hits += o[j].dy[up[k] - 1] > 0.0;
    snprintf(q, sizeof q, "trial/collapse/P%d-moves-up", up[k]);
    sign_row(ctx, q, hits, "\"P_1, P_8 and P_14 had moved up the side of the triangle\": higher than in the control");
  }
  for (k = 0; k < 3; k++) {
    for (hits = 0, j = 0; j < GS_MEMBERS; j++)
      hits += o[j].dy[down[k] - 1] < 0.0;
    snprintf(q, sizeof q, "trial/collapse/P%d-moves-down", down[k]);
    sign_row(ctx, q, hits, "\"P_23, P_26, and P_28 had moved down\": lower than in the control");
  }
}

/* One trial: t_10000 from Table 1 without the cutoff, then (but for
 * honey) the removals of P_19. */
static void run_trial(struct gr_ctx *ctx, const struct trial *t, const struct gs_body *b,
                      struct gr_data *d, struct gr_psolid *s)
{
  struct gs_removal *o;
  struct gr_psolid *first = NULL;
  double w0 = width(s->lf), cy0 = gr_psolid_mean(s->lf->n, s->lf->y), rise = 0.0, w = 0.0;
  long n;
  int nw = 0;
  gr_greenspan_write_positions(d, s, 0);
  for (n = 10; n <= 10000; n += 10) {
    if (gr_psolid_advance(s, n) != 0) {
      gr_ctx_fail(ctx, GR_EFAIL, "greenspan: the %s trial diverged", t->key);
      return;
    }
    if (n <= 5000)
      rise = fmax(rise, gr_psolid_mean(s->lf->n, s->lf->y) - cy0);
    if (n > 9000) {
      w += width(s->lf);
      nw++;
    }
  }
  gr_greenspan_write_positions(d, s, 10000);
  if (strcmp(t->key, "honey") == 0) {
    honey(ctx, s, cy0);
    trial_figure(ctx, t, 0);
    return;
  }
  if ((o = calloc(GS_MEMBERS, sizeof *o)) == NULL) {
    gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
    return;
  }
  if (gr_greenspan_removals(b, s, o, &first) != GR_OK) {
    free(o);
    gr_ctx_fail(ctx, GR_EFAIL, "greenspan: a removal run of the %s trial diverged", t->key);
    return;
  }
  gr_greenspan_write_positions(d, first, 12000);
  gr_psolid_free(first);
  if (strcmp(t->key, "sand") == 0)
    sand(ctx, o);
  else
    collapse(ctx, o, rise, w / nw, w0);
  free(o);
  trial_figure(ctx, t, 1);
}

/* Section 4, a trial before the cutoff: Table 1's body with m = 1/20,
 * 1/4 or 1 and no cutoff.  Each trial is a task of its own (the trials
 * are independent: issue 25's shards). */
static int trial_task(struct gr_ctx *ctx, size_t i)
{
  struct gs_body b;
  struct gr_psolid *s;
  struct gr_data *d;
  char name[64];
  snprintf(name, sizeof name, "trial-%s", trials[i].key);
  if ((d = gr_ctx_data(ctx, name, "t i x y vx vy (blocks: t_0, t_10000, after removal of P_19)")) == NULL)
    return gr_ctx_error(ctx)->code;
  gr_greenspan_triangle_body(&b);
  b.m = trials[i].m;
  b.cutoff = 0.0;
  if (gr_greenspan_sim(&s, &b, &gr_greenspan_readings[0]) != GR_OK)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  run_trial(ctx, &trials[i], &b, d, s);
  gr_psolid_free(s);
  return gr_ctx_error(ctx)->code;
}

int gr_greenspan_trial_honey(struct gr_ctx *ctx) { return trial_task(ctx, 0); }
int gr_greenspan_trial_sand(struct gr_ctx *ctx) { return trial_task(ctx, 1); }
int gr_greenspan_trial_collapse(struct gr_ctx *ctx) { return trial_task(ctx, 2); }
