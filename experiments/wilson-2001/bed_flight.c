/* granrepro experiment wilson-bed: free flight of one disk in the shaken
 * box with gravity (Wilson 2001, section 5's extra terms of eq. 8 as the
 * listing applies them, txt 1521) against the exact solution
 *   y = y0 + v0 t - g t^2/2 + A (1 - cos w t),  x = x0 + vx t,
 * for each integrator. */
#include <math.h>
#include <stdio.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/report.h"

#define FL_NS 41

struct fl_trace {
  const struct gr_bed_model *m;
  double err, y[FL_NS];
  int k;
};

static double fl_exact(const struct gr_bed_model *m, double t)
{
  double w = gr_bed_omega(m);
  return 5.0 + 2.0 * t - 0.5 * m->g * t * t + m->amp * (1.0 - cos(w * t));
}

/* Sampler: the largest deviation from the exact y and x. */
static int fl_sample(void *arg, double t, const double *y)
{
  struct fl_trace *tr = arg;
  double e = fmax(fabs(y[1] - fl_exact(tr->m, t)), fabs(y[0] - (3.0 + 0.7 * t)));
  tr->err = fmax(tr->err, e);
  if (tr->k < FL_NS)
    tr->y[tr->k++] = y[1];
  return GR_OK;
}

static const struct {
  const char *name;
  struct gr_bedint_opts o;
  double bound;
} fl_methods[] = {
    {"rk8pd-tol1e-10", {GR_BEDINT_RK8PD, 1e-10, 0, 1, 0, 0}, 1e-8},
    {"msadams-tol1e-10", {GR_BEDINT_MSADAMS, 1e-10, 0, 1, 0, 0}, 1e-6},
    {"msbdf-tol1e-10", {GR_BEDINT_MSBDF, 1e-10, 0, 1, 0, 0}, 1e-6},
    {"verlet-dt1e-3", {GR_BEDINT_VERLET, 0, 1e-3, 1, 0, 0}, 1e-5},
    {"msadams-tol1e-6", {GR_BEDINT_MSADAMS, 1e-6, 0, 1, 500, 0}, INFINITY},
    {"msadams-tol1e-6-overshoot", {GR_BEDINT_MSADAMS, 1e-6, 0, 1, 500, 1}, INFINITY},
    {"lsoda-tol1e-10", {GR_BEDINT_LSODA, 1e-10, 0, 1, 0, 0}, 1e-6},
    {"lsoda-tol1e-6", {GR_BEDINT_LSODA, 1e-6, 0, 1, 500, 0}, INFINITY}};
#define FL_NM (sizeof fl_methods / sizeof fl_methods[0])

static const struct gr_figure fl_fig = {
    "free-flight", "free-flight", "Free flight in the shaken box (g = 2, A = 0.25, w = 5)",
    "t", "y - y(exact)", "set key bottom left font ',8'",
    "data u 1:($3-$2) w lp t 'rk8pd 1e-10', data u 1:($4-$2) w lp t 'msadams 1e-10', "
    "data u 1:($5-$2) w lp t 'msbdf 1e-10', data u 1:($6-$2) w lp t 'Verlet 1e-3', "
    "data u 1:($7-$2) w lp t 'msadams 1e-6 (LSODA-like)', "
    "data u 1:($8-$2) w lp t 'msadams 1e-6, overshoot + Hermite (itask = 1)', "
    "data u 1:($9-$2) w lp t 'LSODA 1e-10', data u 1:($10-$2) w lp t 'LSODA 1e-6 (as hpart)'"};

int gr_wilson_bed_flight(struct gr_ctx *ctx)
{
  struct bed_par p;
  struct bed_run r;
  struct fl_trace tr[FL_NM];
  struct gr_data *d;
  char q[96];
  size_t i;
  int k;
  if (gr_wilson_bed_params(ctx, &p) != GR_OK)
    return gr_ctx_error(ctx)->code;
  r.m = gr_wilson_bed_model(&p, 1, p.box);
  r.m.gravity = r.m.shake = 1;
  r.tend = 2.0;
  r.dtout = r.tend / (FL_NS - 1);
  for (i = 0; i < FL_NM; i++) {
    double y[4] = {3.0, 5.0, 0.7, 2.0};
    tr[i] = (struct fl_trace){&r.m, 0.0, {0}, 0};
    r.o = fl_methods[i].o;
    if (gr_wilson_bed_run(&r, y, fl_sample, &tr[i], NULL) != GR_OK)
      return gr_ctx_fail(ctx, GR_EFAIL, "wilson-bed: free flight with %s failed", fl_methods[i].name);
    snprintf(q, sizeof q, "flight/%s-max-error", fl_methods[i].name);
    if (isinf(fl_methods[i].bound))
      gr_ctx_inform(ctx, GR_KIND_CHECK, q, tr[i].err, fl_methods[i].o.overshoot
                    ? "max |y - exact|, msadams driven like LSODA, itask = 1 (overshoot, interpolate)"
                    : "max |y - exact|, driven like hpart drives LSODA (restart every 0.05)");
    else
      gr_ctx_verdict(ctx, GR_KIND_CHECK, q, tr[i].err, gr_test_le(fl_methods[i].bound),
                     "max |y - exact| on t in [0, 2]");
  }
  d = gr_ctx_data(ctx, "free-flight", "t exact rk8pd msadams msbdf verlet msadams_tol1e-6 msadams_tol1e-6_overshoot lsoda lsoda_tol1e-6");
  for (k = 0; d != NULL && k < FL_NS; k++)
    gr_data_printf(d, "%.4f %.12g %.12g %.12g %.12g %.12g %.12g %.12g %.12g %.12g\n", k * r.dtout,
                   fl_exact(&r.m, k * r.dtout), tr[0].y[k], tr[1].y[k], tr[2].y[k], tr[3].y[k],
                   tr[4].y[k], tr[5].y[k], tr[6].y[k], tr[7].y[k]);
  gr_ctx_value(ctx, "flight_err_lsoda", tr[4].err);
  gr_ctx_value(ctx, "flight_err_overshoot", tr[5].err);
  gr_ctx_value(ctx, "flight_err_real_lsoda", tr[7].err);
  return gr_ctx_figure(ctx, &fl_fig);
}
