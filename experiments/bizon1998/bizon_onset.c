/* granrepro experiment bizon-patterns: the onset of f/2 standing waves on
 * increasing and decreasing Gamma at one f* (Melo, Umbanhowar & Swinney,
 * PRL 72, 172 (1994); Umbanhowar et al., Physica A 249, 1 (1998); onset.tsv),
 * the layer continued from one Gamma to the next; the up and down sweeps
 * are the task's two conditions (units of `run --shard K/N`) and run on
 * two threads.  Onset: the midpoint between the last flat and the
 * first patterned Gamma (the stated test of physics/sk.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/bizon1998/bizon.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "harness/verdict.h"

#define ON_MAX 64

struct on_sweep {
  int n, fail;
  double stop_gamma; /* the Gamma where the engine stopped */
  double g[ON_MAX], q[ON_MAX], ratio[ON_MAX], flight[ON_MAX];
  int type[ON_MAX];
};

/* One sweep over g[0..n-1], continuing the layer. */
static void on_run(struct bz_cfg base, struct on_sweep *w)
{
  struct bz_state st = {0};
  int i;
  base.state = &st;
  for (i = 0; i < w->n && !w->fail; i++) {
    struct bz_res r;
    base.gamma = w->g[i];
    base.transient = i == 0 ? base.o->transient : (base.o->transient + 1) / 2;
    if ((w->fail = gr_bz_layer(&base, &r)) != 0) {
      w->stop_gamma = w->g[i];
      w->n = i; /* the steps done before the engine stopped */
      gr_bz_res_free(&r);
      break;
    }
    w->q[i] = r.order;
    w->ratio[i] = r.ratio;
    w->type[i] = r.type;
    w->flight[i] = r.flight;
    gr_bz_res_free(&r);
  }
  gr_bz_state_free(&st);
}

/* Onset: midpoint of the first change between flat (0) and patterned
 * walking the sweep from its start; NAN when none. */
static double on_change(const struct on_sweep *w, int from_flat)
{
  int i;
  for (i = 1; i < w->n; i++)
    if ((w->type[i - 1] == 0) == from_flat && (w->type[i] == 0) != from_flat)
      return 0.5 * (w->g[i - 1] + w->g[i]);
  return NAN;
}

static const struct gr_figure on_fig = {
    "onset", "onset", "Onset of f/2 waves: order parameter Q against Gamma (up and down sweeps)",
    "Gamma", "Q = S(k*) + S(-k*) over total", "set key top left",
    "data u 1:2 w lp pt 7 t 'increasing Gamma', data u 4:5 w lp pt 6 t 'decreasing Gamma'"};

/* The sweeps as the conditions of the task (issue 25): each direction
 * one unit (a sweep continues its layer from one Gamma to the next, so
 * its points cannot be split), from its own stream; a sweep's result,
 * struct on_sweep, holds no pointer and is journaled whole. */
struct on_task {
  struct bz_cfg cfg[2];
  struct on_sweep w[2];
};

/* Condition k's name: the sweep's direction. */
static void on_name(const void *arg, size_t k, char *buf, size_t len)
{
  (void)arg;
  snprintf(buf, len, "onset-%s", k == 0 ? "up" : "down");
}

/* The sweeps with mine[k], on two threads; GR_ENOMEM when one did not fit. */
static int on_sweeps(void *arg, const unsigned char *mine)
{
  struct on_task *t = arg;
  int k;
#pragma omp parallel for schedule(static, 1)
  for (k = 0; k < 2; k++)
    if (mine[k])
      on_run(t->cfg[k], &t->w[k]);
  return t->w[0].fail == GR_ENOMEM || t->w[1].fail == GR_ENOMEM ? GR_ENOMEM : GR_OK;
}

/* Where sweep k's result lies: all of it. */
static size_t on_spans(void *arg, size_t k, struct gr_span sp[GR_COND_SPANS])
{
  struct on_task *t = arg;
  sp[0] = (struct gr_span){&t->w[k], sizeof t->w[k]};
  return 1;
}

/* The sweeps' Gammas (up from onset_lo, down from its top) and their
 * layers at onset_fstar in the onset box, from streams onset-up and
 * onset-down; n steps. */
static int on_setup(struct gr_ctx *ctx, const struct bz_opts *o, const struct bz_model *m, int n,
                    struct on_task *t)
{
  int i, k;
  for (k = 0; k < 2; k++) {
    struct bz_cfg *c = &t->cfg[k];
    char name[32];
    c->fstar = o->onset_fstar;
    c->lx = c->ly = o->onset_box;
    c->cycles = o->cycles;
    c->o = o;
    c->m = m;
    on_name(NULL, (size_t)k, name, sizeof name);
    if ((c->rng = gr_ctx_rng(ctx, name)) == NULL)
      return gr_ctx_error(ctx)->code;
    t->w[k].n = n;
    for (i = 0; i < n; i++)
      t->w[k].g[i] = k == 0 ? o->onset_lo + i * o->onset_step : o->onset_lo + (n - 1 - i) * o->onset_step;
  }
  return GR_OK;
}

/* The sweeps' layer runs that stopped, each a row naming where. */
static void on_stopped(struct gr_ctx *ctx, const struct on_sweep w[2])
{
  int k;
  for (k = 0; k < 2; k++)
    if (w[k].fail) {
      char q[64], why[160];
      snprintf(q, sizeof q, "onset/%s-sweep-layer-run", k == 0 ? "up" : "down");
      snprintf(why, sizeof why, "the engine stopped at Gamma %.2f after %d steps (the event guard or an overlap)",
               w[k].stop_gamma, w[k].n);
      gr_ctx_not_computed(ctx, GR_KIND_RESULT, q, why);
    }
}

/* onset.tsv's onset and hysteresis from the sweeps, the notes' values. */
static void on_verdicts(struct gr_ctx *ctx, const struct bz_opts *o, const struct on_sweep w[2])
{
  double up = on_change(&w[0], 1), down = on_change(&w[1], 0);
  char note[200];
  snprintf(note, sizeof note, "f* %.2f, box %g, step %.2f (midpoint: +-%.3f), flat when S_max/<S> < 20%s",
           o->onset_fstar, o->onset_box, o->onset_step, 0.5 * o->onset_step,
           w[0].fail || w[1].fail ? "; a sweep stopped early (the engine stopped)" : "");
  on_stopped(ctx, w);
  if (isnan(up))
    gr_ctx_not_computed(ctx, GR_KIND_RESULT, "onset/gamma_c-up", "no flat-to-pattern change in the sweep");
  else
    gr_ctx_compare(ctx, BZ_ONSET, "gamma_c", "value", up, 0.0, note);
  if (isnan(up) || isnan(down)) {
    gr_ctx_show(ctx, BZ_ONSET, "hysteresis", "value", NAN, "no onset on one of the sweeps");
    gr_ctx_not_computed(ctx, GR_KIND_RESULT, "onset/gamma_c-down-lt-up", "no change on one of the sweeps");
  } else {
    gr_ctx_show(ctx, BZ_ONSET, "hysteresis", "value", up - down, "Gamma_c(up) - Gamma_c(down)");
    gr_ctx_verdict(ctx, GR_KIND_RESULT, "onset/gamma_c-down-lt-up", down, gr_test_lt(up),
                   "hysteresis: patterns persist below the onset on decreasing Gamma (one smaller than the Gamma step is not resolved)");
  }
  gr_ctx_value(ctx, "onset_up", up);
  gr_ctx_value(ctx, "onset_down", down);
}

/* The report of both sweeps: data, the up sweep's flights, verdicts,
 * figure. */
static int on_report(struct gr_ctx *ctx, const struct bz_opts *o, const struct on_sweep w[2], int n)
{
  struct gr_data *d = gr_ctx_data(ctx, "onset", "gamma_up Q_up ratio_up gamma_down Q_down ratio_down type_up type_down");
  int i;
  for (i = 0; d != NULL && i < n && i < w[0].n && i < w[1].n; i++)
    gr_data_printf(d, "%.3f %.5f %.2f %.3f %.5f %.2f %d %d\n", w[0].g[i], w[0].q[i], w[0].ratio[i],
                   w[1].g[i], w[1].q[i], w[1].ratio[i], w[0].type[i], w[1].type[i]);
  for (i = 0; i < w[0].n; i++)
    gr_bz_flight_add(w[0].g[i], o->onset_fstar, w[0].flight[i]);
  on_verdicts(ctx, o, w);
  if (w[0].n < 1 || w[1].n < 1) /* no step done on a sweep: no figure */
    return gr_ctx_inform(ctx, GR_KIND_RESULT, "onset/steps-done", (double)(w[0].n < w[1].n ? w[0].n : w[1].n),
                         "the engine stopped before a sweep's first step ended");
  return gr_ctx_figure(ctx, &on_fig);
}

/* The onset sweeps (none in quick mode). */
int gr_bz_onset(struct gr_ctx *ctx)
{
  struct bz_opts o;
  struct bz_model m;
  struct on_task t;
  const struct gr_conds c = {.n = 2, .arg = &t, .name = on_name, .run = on_sweeps, .spans = on_spans};
  double pub;
  int n, rc, partial = 0;
  if (gr_bz_opts(ctx, &o) != 0 || gr_bz_model(ctx, &m) != 0)
    return gr_ctx_error(ctx)->code;
  if (o.quick) {
    if (gr_ctx_published(ctx, BZ_ONSET, "gamma_c", "value", &pub) != 0 ||
        gr_ctx_show(ctx, BZ_ONSET, "gamma_c", "value", NAN, "quick: no sweep; run without --quick") != 0 ||
        gr_ctx_show(ctx, BZ_ONSET, "hysteresis", "value", NAN, "quick: no sweep") != 0 ||
        gr_ctx_inform(ctx, GR_KIND_RESULT, "onset/gamma_c-down-lt-up", NAN, "quick: no sweep") != 0)
      return gr_ctx_error(ctx)->code;
    return 0;
  }
  n = (int)floor((o.onset_hi - o.onset_lo) / o.onset_step + 1e-9) + 1;
  if (n > ON_MAX || n < 2)
    return gr_ctx_fail(ctx, GR_EINPUT, "bizon-patterns: the onset sweep has %d steps (2 to %d: change onset_step)", n, ON_MAX);
  memset(&t, 0, sizeof t); /* every byte defined: the shard journals them */
  if (on_setup(ctx, &o, &m, n, &t) != 0)
    return gr_ctx_error(ctx)->code;
  rc = gr_ctx_conditions(ctx, &c, &partial);
  if (rc == GR_ENOMEM && gr_ctx_error(ctx)->code == 0)
    return gr_ctx_fail(ctx, GR_ENOMEM, "bizon-patterns: out of memory in the onset sweeps");
  if (rc != GR_OK || partial)
    return gr_ctx_error(ctx)->code != GR_OK ? gr_ctx_error(ctx)->code : rc;
  return on_report(ctx, &o, t.w, n);
}
