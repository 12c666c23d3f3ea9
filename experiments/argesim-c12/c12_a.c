/* granrepro experiment c12, task a: the collision sequence and the gap
 * curves y1, y2, y3 on 0 <= t <= 15 for e = 1 and e = 0.2 (ARGESIM C12
 * definition; FORTRAN solution, "Task a"). */
#include <math.h>
#include <stdio.h>

#include "experiments/argesim-c12/c12.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "harness/verdict.h"

#define C12_T_END 15.0
#define C12_DT_PLOT 0.01

/* Data set name for a restitution value: "e1", "e0.2". */
static void c12_tag(double e, char *out, size_t n)
{
  snprintf(out, n, "e%g", e);
}

/* One row of the gap curves at the chain's current time. */
static void c12_gap_row(struct gr_data *d, const struct gr_chain *c)
{
  gr_data_printf(d, "%.6f %.17g %.17g %.17g\n", c->t, gr_chain_gap(c, 0),
                 gr_chain_gap(c, 1),
                 gr_chain_gap(c, 2));
}

/* Simulate one e: every collision into events (and its time to the notes
 * as task-a/e<e>/t<n>), gaps on a grid and at each collision (the curves
 * are piecewise linear) into gaps.  Returns the final state in res. */
static int c12_sequence(struct gr_ctx *ctx, double e, struct gr_chain_result *res,
                        double *k0, double *k1, double *p1)
{
  char tag[32], name[64];
  struct gr_chain c;
  struct gr_chain_event ev;
  struct gr_data *events, *gaps;
  double tgrid = 0.0, tc, tlast = 0.0;
  int pair, i;
  c12_tag(e, tag, sizeof tag);
  snprintf(name, sizeof name, "task-a-events-%s", tag);
  events = gr_ctx_data(ctx, name, "n t pair v1 v2 v3 v4");
  snprintf(name, sizeof name, "task-a-gaps-%s", tag);
  gaps = gr_ctx_data(ctx, name, "t y1 y2 y3");
  if (gr_chain_init_c12(&c, C12_GAP, C12_V0, e) != GR_OK)
    return gr_ctx_fail(ctx, GR_EINPUT, "c12: e = %g is not a restitution coefficient", e);
  *k0 = gr_chain_energy(&c);
  gr_data_printf(events, "0 0 - %.17g %.17g %.17g %.17g\n", C12_V0, 0.0, 0.0, 0.0);
  for (;;) {
    tc = c.t + gr_chain_next(&c, &pair);
    while (tgrid <= C12_T_END && tgrid < tc) {
      gr_chain_advance(&c, tgrid - c.t);
      c12_gap_row(gaps, &c);
      tgrid = C12_DT_PLOT * floor(tgrid / C12_DT_PLOT + 1.5);
    }
    if (pair < 0 || !gr_chain_step(&c, &ev))
      break;
    if (ev.t <= C12_T_END)
      c12_gap_row(gaps, &c);
    gr_data_printf(events, "%ld %.17g %d%d %.17g %.17g %.17g %.17g\n", c.ncoll,
                   ev.t, ev.pair + 1, ev.pair + 2, ev.v[0], ev.v[1], ev.v[2], ev.v[3]);
    tlast = ev.t;
    snprintf(name, sizeof name, "task-a/%s/t%ld", tag, c.ncoll);
    gr_ctx_value(ctx, name, ev.t);
    if (c.ncoll > 100000)
      return gr_ctx_fail(ctx, GR_EFAIL, "task a: e = %g did not settle", e);
  }
  *k1 = gr_chain_energy(&c);
  *p1 = 0.0;
  for (i = 0; i < 4; i++)
    *p1 += gr_chain_velocity(&c, i);
  res->ncoll = c.ncoll;
  res->t_last = tlast;
  for (i = 0; i < 4; i++)
    res->v[i] = gr_chain_velocity(&c, i);
  return GR_OK;
}

/* The two figures of one e, as templates: name and data stems take the
 * tag "e1", "e0.2"; the title takes e. */
static const struct gr_figure c12_figs[2] = {
  {.name = "task-a-gaps-%s", .data = "task-a-gaps-%s",
   .title = "C12 task a: gaps between neighbours, e = %g",
   .xlabel = "time t", .ylabel = "gap y_i (surface to surface)",
   .setup = "set xrange [0:15]\nset key top right",
   .plot = "data using 1:2 with lines lw 2 title 'y_1 (spheres 1-2)', "
           "data using 1:3 with lines lw 2 title 'y_2 (spheres 2-3)', "
           "data using 1:4 with lines lw 2 title 'y_3 (spheres 3-4)'"},
  {.name = "task-a-velocities-%s", .data = "task-a-events-%s",
   .title = "C12 task a: velocities after each collision, e = %g",
   .xlabel = "time t", .ylabel = "velocity v_i", .setup = "set key top right",
   .plot = "data using 2:4 with steps lw 2 title 'v_1', data using 2:5 with steps lw 2 title 'v_2', "
           "data using 2:6 with steps lw 2 title 'v_3', data using 2:7 with steps lw 2 title 'v_4'"},
};

/* Gap and velocity figures of one e. */
static void c12_figures(struct gr_ctx *ctx, double e)
{
  char tag[32], name[64], data[64], title[128];
  struct gr_figure f;
  int i;
  c12_tag(e, tag, sizeof tag);
  for (i = 0; i < 2; i++) {
    f = c12_figs[i];
    snprintf(name, sizeof name, c12_figs[i].name, tag);
    snprintf(data, sizeof data, c12_figs[i].data, tag);
    snprintf(title, sizeof title, c12_figs[i].title, e);
    f.name = name;
    f.data = data;
    f.title = title;
    gr_ctx_figure(ctx, &f);
  }
}

/* Task a: the sequence for e = 1 and e = 0.2; momentum and energy checks,
 * the e = 1 final velocities against the closed form (0, 0, 0, 1). */
int gr_c12_task_a(struct gr_ctx *ctx)
{
  static const double es[2] = {1.0, 0.2};
  static const char *vcol[4] = {"e1.v1", "e1.v2", "e1.v3", "e1.v4"};
  struct gr_chain_result r;
  double k0, k1, p1;
  char q[96];
  int i, j;
  for (j = 0; j < 2; j++) {
    if (c12_sequence(ctx, es[j], &r, &k0, &k1, &p1) != GR_OK)
      return gr_ctx_error(ctx)->code;
    c12_figures(ctx, es[j]);
    snprintf(q, sizeof q, "task-a/e%g/collisions", es[j]);
    if (es[j] == 1.0)
      gr_ctx_verdict(ctx, GR_KIND_CHECK, q, (double)r.ncoll, gr_test_eq(3.0),
                     "collisions until the spheres separate: e = 1 hands the momentum on in three (t = 1, 2, 3)");
    else
      gr_ctx_inform(ctx, GR_KIND_CHECK, q, (double)r.ncoll, "collisions until the spheres separate");
    snprintf(q, sizeof q, "task-a/e%g/momentum", es[j]);
    gr_ctx_verdict(ctx, GR_KIND_CHECK, q, p1, gr_test_abs(C12_V0, 1e-14),
                   "total momentum after all collisions equals v0 (conserved by every collision)");
    snprintf(q, sizeof q, "task-a/e%g/energy-loss", es[j]);
    if (es[j] == 1.0)
      gr_ctx_verdict(ctx, GR_KIND_CHECK, q, k0 - k1, gr_test_abs(0.0, 1e-14),
                     "elastic: kinetic energy conserved to round-off");
    else
      gr_ctx_verdict(ctx, GR_KIND_CHECK, q, k0 - k1, gr_test_gt(0.0),
                     "inelastic: kinetic energy lost");
    snprintf(q, sizeof q, "task-a/e%g/t_last", es[j]);
    gr_ctx_value(ctx, q, r.t_last);
    snprintf(q, sizeof q, "task-a/e%g/max-dev", es[j]);
    gr_ctx_value(ctx, q, gr_c12_dev(&r));
    if (es[j] == 1.0)
      for (i = 0; i < 4; i++)
        gr_ctx_compare(ctx, "task-a", vcol[i], "value", r.v[i], 0.0, "exact solver, e = 1");
  }
  return GR_OK;
}
