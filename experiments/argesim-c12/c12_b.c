/* granrepro experiment c12, task b: sweep of the restitution coefficient
 * e = 0 ... 1 in steps of 0.0001; numbers of collisions (Fig. 2 of the
 * FORTRAN solution) and final velocities (Fig. 3); the thresholds the
 * solution prints (0.0811, 0.1770) and the true collapse threshold. */
#include <math.h>
#include <stdio.h>

#include "experiments/argesim-c12/c12.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "stats/stats.h"
#include "harness/verdict.h"
#include "physics/chaintheory.h"

#define C12_STEP 1e-4

/* Write a sweep's results in the order the issue fixes:
 * e, collisions, v1..v4, time of last collision, how the run ended. */
static void c12_write_sweep(struct gr_ctx *ctx, const char *name,
                            const struct gr_c12_sweep *s,
                            const struct gr_chain_result *r)
{
  struct gr_data *d = gr_ctx_data(ctx, name, "e collisions v1 v2 v3 v4 t_last end");
  size_t k;
  for (k = 0; k < s->n; k++)
    gr_data_printf(d, "%.4f %ld %.17g %.17g %.17g %.17g %.17g %s\n",
                   (double)k * s->step, r[k].ncoll, r[k].v[0], r[k].v[1],
                   r[k].v[2], r[k].v[3], r[k].t_last, gr_c12_end_name(r[k].end));
}

/* |v - 1/4| of both solvers, for the log plot around the thresholds. */
static void c12_write_dev(struct gr_ctx *ctx, const struct gr_c12_sweep *s)
{
  struct gr_data *d = gr_ctx_data(ctx, "task-b-deviation", "e dev_exact dev_published_rule");
  size_t k;
  for (k = 0; k < s->n; k++)
    gr_data_printf(d, "%.4f %.6g %.6g\n", (double)k * s->step,
                   fmax(gr_c12_dev(&s->exact[k]), 1e-300), fmax(gr_c12_dev(&s->rule[k]), 1e-300));
}

/* e where the exact solver's deviation from 1/4 crosses C12_PRINTED,
 * between the last grid point below it and the first above (Brent). */
static double c12_dev_of_e(double e, void *unused)
{
  struct gr_chain c;
  struct gr_chain_result r;
  (void)unused;
  if (gr_chain_init_c12(&c, C12_GAP, C12_V0, e) != GR_OK)
    return NAN; /* the root search then fails, and says so */
  gr_chain_solve(&c, C12_MAX_COLL, &r);
  return gr_c12_dev(&r) - C12_PRINTED;
}

/* The bracket of the collapse threshold as the bisection narrows it: the
 * largest e seen to collapse and the smallest seen not to. */
struct c12_bracket {
  double lo, hi;
};

/* The collapse test for gr_stats_bisect: +1 when the exact solver finds a
 * collapse at e, else -1; records e in the bracket (p). */
static double c12_collapses(double e, void *p)
{
  struct gr_chain c;
  struct gr_chain_result r;
  struct c12_bracket *b = p;
  if (gr_chain_init_c12(&c, C12_GAP, C12_V0, e) != GR_OK)
    return NAN; /* the bisection then fails, and says so */
  c.speed_bits = 100000; /* resolve the threshold to ~1e-9, see chain.h */
  gr_chain_solve(&c, 50 * C12_MAX_COLL, &r);
  if (r.end != GR_CHAIN_COLLAPSED) {
    b->hi = fmin(b->hi, e);
    return -1.0;
  }
  b->lo = fmax(b->lo, e);
  return 1.0;
}

struct c12_pattern {
  int p[GR_CHAIN_MAX];
  int len;
};

/* Discriminant of the collapse pattern's period map, for Brent. */
static double c12_disc(double e, void *p)
{
  const struct c12_pattern *pat = p;
  return gr_chaintheory_discriminant(e, pat->p, pat->len);
}

/* The true collapse threshold: the largest e that collapses, by bisection
 * of the simulation to 1e-10 from the sweep's last collapsing grid point
 * (klast), and the root of the period map's discriminant (Brent). */
static void c12_collapse_threshold(struct gr_ctx *ctx, const struct gr_c12_sweep *s,
                                   size_t klast)
{
  double lo = (double)klast * s->step, last = NAN, mid;
  double etheory = NAN, closed = 3.0 - 2.0 * sqrt(2.0);
  struct c12_bracket b = {.lo = -INFINITY, .hi = INFINITY};
  struct c12_pattern pat;
  char note[512];
  int i, sim, theory = GR_EFAIL;
  pat.len = s->exact[klast].period;
  for (i = 0; i < pat.len; i++)
    pat.p[i] = s->exact[klast].pattern[i];
  sim = gr_stats_bisect(c12_collapses, &b, lo, lo + s->step, 1e-10, 0.0, 200, &mid);
  if (sim == GR_OK)
    last = b.lo;
  if (sim == GR_OK && pat.len > 0)
    theory = gr_stats_root(c12_disc, &pat, b.lo - 1e-3, b.hi + 1e-3, 1e-13, 0.0, 200, &etheory);
  if (theory != GR_OK)
    etheory = NAN; /* shown as no value */
  gr_ctx_value(ctx, "task-b/collapse-simulation", last);
  gr_ctx_value(ctx, "task-b/collapse-theory", etheory);
  if (sim != GR_OK) {
    gr_ctx_not_computed(ctx, GR_KIND_CHECK, "task-b/true-collapse-threshold/agreement",
                        "the bisection of the collapse threshold did not converge");
    return;
  }
  if (theory != GR_OK) {
    gr_ctx_not_computed(ctx, GR_KIND_CHECK, "task-b/true-collapse-threshold/agreement",
                        "no root of the period map's discriminant in the bracket");
    return;
  }
  snprintf(note, sizeof note, "largest e that collapses (simulation, bisection to 1e-10; the sweep's last collapsing grid point is %.4f) against the root of the discriminant of the period map of its collapse pattern (period %d); the simulation resolves ~1e-9 (chain.h)", lo, pat.len);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "task-b/true-collapse-threshold/agreement", last,
                 gr_test_abs(etheory, 1e-8), note);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "task-b/true-collapse-threshold/closed-form", etheory,
                 gr_test_abs(closed, 1e-12), "the discriminant's root is (sqrt 2 - 1)^2 = 3 - 2 sqrt 2 (cf. 7 - 4 sqrt 3 for three spheres, McNamara & Young 1992)");
}

/* The e where the exact model's final velocities stop printing as
 * 0.25000000 (max |v_i - 1/4| crosses 5e-9), by Brent between the grid
 * points around the first crossing, in *eb; GR_EFAIL without one (then
 * the harness's account gives the row 'not computed'). */
static int c12_printed_boundary(struct gr_ctx *ctx, const struct gr_c12_sweep *s, double *eb)
{
  size_t k, kfirst = s->n;
  for (k = 0; k < s->n && kfirst == s->n; k++)
    if (gr_c12_dev(&s->exact[k]) >= C12_PRINTED)
      kfirst = k;
  if (kfirst == 0 || kfirst == s->n ||
      gr_stats_root(c12_dev_of_e, NULL, (double)(kfirst - 1) * s->step,
                    (double)kfirst * s->step, 1e-12, 0.0, 200, eb) != GR_OK)
    return GR_EFAIL;
  gr_ctx_compare(ctx, "task-b", "practically_equal_below_e", "value", *eb, 0.0,
                 "exact solver: e where max|v_i - 1/4| crosses 5e-9 (Brent between grid points)");
  return GR_OK;
}

/* Task b: both sweeps, their data and checks, the thresholds, the
 * published rule and the figures. */
int gr_c12_task_b(struct gr_ctx *ctx)
{
  struct gr_c12_sweep *s = gr_c12_sweep_new(C12_STEP);
  size_t k, klast = 0;
  double eb;
  if (s == NULL)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  gr_c12_sweep_exact(s);
  gr_c12_sweep_rule(s, &gr_chainrule_published);
  c12_write_sweep(ctx, "task-b-sweep", s, s->exact);
  c12_write_sweep(ctx, "task-b-sweep-published-rule", s, s->rule);
  c12_write_dev(ctx, s);
  gr_c12_b_checks(ctx, s);
  for (k = 0; k < s->n; k++)
    if (s->exact[k].end == GR_CHAIN_COLLAPSED)
      klast = k;
  c12_collapse_threshold(ctx, s, klast);
  if (c12_printed_boundary(ctx, s, &eb) != GR_OK)
    eb = NAN; /* shown as no value */
  gr_ctx_value(ctx, "task-b/practically-equal-below-e", eb);
  gr_c12_b_rule(ctx, s);
  gr_c12_b_figures(ctx);
  gr_c12_sweep_free(s);
  return GR_OK;
}
