/* granrepro experiment buchholtz-poeschel: the pipe's regime against
 * section 2's assumption ("the particles do not penetrate each other more
 * than 10 % of their radii") and eq. 18's dissipation.  The paper gives no
 * radius or mass; with k_N = 100 N/m^1.5 and gamma_N = 1000 1/s a head-on
 * contact of eq. 18 sticks below a speed that grows with the mass.  Here:
 * the grains' density, the restitution of a head-on contact against the
 * impact speed for the pipe and for the variant inside the 10 % (a GSL
 * rk8pd solution of the contact ODE), and the speed below which the
 * grains stick. */
#include "experiments/buchholtz1993/bp_pipe.h"

#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>

#include "harness/report.h"
#include "status.h"

#define BP_NV 25 /* speeds 1e-2 .. 1e2 m/s, 6 per decade */

/* The largest speed (m/s) in [1e-3, 1e2] at which a head-on contact of
 * grains of mass m sticks (bisection on log v), 0 if none does; GR_EFAIL
 * when an integration fails. */
static int bp_stick(const struct bp_law *law, double m, double *vs)
{
  double lo = -3.0, hi = 2.0, e;
  int k;
  *vs = 0.0;
  if (gr_bp_ode_e(law, 0.5 * m, pow(10.0, lo), &e) != GR_OK)
    return GR_EFAIL;
  if (e > 0.0)
    return GR_OK;
  for (k = 0; k < 20; k++) { /* 5 decades / 2^20 */
    double mid = 0.5 * (lo + hi);
    if (gr_bp_ode_e(law, 0.5 * m, pow(10.0, mid), &e) != GR_OK)
      return GR_EFAIL;
    *(e > 0.0 ? &hi : &lo) = mid;
  }
  *vs = pow(10.0, lo);
  return GR_OK;
}

/* Density and sticking speed of one pipe (tag "" or "regime"). */
static int bp_one(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_law *law,
                  double r0, double m)
{
  double vs;
  gr_bp_inform(ctx, o, GR_KIND_CHOICE, "pipe/grain-density-kg-m3", m / (4.0 / 3.0 * M_PI * pow(r0, 3)),
               "mass / (4/3 pi r0^3): the open mass and radius as a density (glass: 2500)");
  gr_bp_value(ctx, o, "density", m / (4.0 / 3.0 * M_PI * pow(r0, 3)));
  if (bp_stick(law, m, &vs) != GR_OK)
    return gr_ctx_not_computed(ctx, GR_KIND_CHOICE, o->tag[0] ? "regime/pipe/head-on-sticking-speed"
                                                               : "pipe/head-on-sticking-speed",
                               "the GSL rk8pd integration of the contact failed");
  gr_bp_value(ctx, o, "stick_speed", vs);
  return gr_bp_inform(ctx, o, GR_KIND_CHOICE, "pipe/head-on-sticking-speed", vs,
                      "eq. 18, two grains of the pipe's mass head-on: below this impact speed (m/s) "
                      "they stay in contact (restitution 0)");
}

int gr_bp_regime(struct gr_ctx *ctx)
{
  struct bp_opts o, v;
  struct bp_law law;
  struct gr_data *d;
  struct gr_figure f = {"restitution", "restitution",
    "Head-on restitution of eq. 18 against impact speed (k_N = 100 N/m^1.5, gamma_N = 1000 1/s)",
    "impact speed (m/s)", "restitution e", "set logscale x\nset format x '10^{%T}'\nset key top left",
    "data using 1:2 with linespoints lw 2 title 'pipe: '.m0.' kg', data using 1:3 with linespoints "
    "lw 2 title 'variant inside 10 %: '.m1.' kg'"};
  char pre[160];
  int k, rc;
  if ((rc = gr_bp_options(ctx, &o)) != GR_OK || (rc = gr_bp_law(ctx, &law)) != GR_OK)
    return rc;
  v = o;
  v.tag = "regime";
  if ((rc = bp_one(ctx, &o, &law, o.pipe.r0, o.mass0)) != GR_OK ||
      (rc = bp_one(ctx, &v, &law, o.regime_r0, o.regime_mass0)) != GR_OK)
    return rc;
  if ((d = gr_ctx_data(ctx, "restitution", "v e_pipe e_regime")) == NULL)
    return gr_ctx_error(ctx)->code;
  for (k = 0; k < BP_NV; k++) {
    double s = pow(10.0, -2.0 + k / 6.0), e0, e1;
    if (gr_bp_ode_e(&law, 0.5 * o.mass0, s, &e0) != GR_OK ||
        gr_bp_ode_e(&law, 0.5 * o.regime_mass0, s, &e1) != GR_OK)
      return gr_ctx_fail(ctx, GR_EFAIL, "restitution curve: the contact ODE failed at %g m/s", s);
    gr_data_printf(d, "%.6g %.6g %.6g\n", s, e0, e1);
  }
  snprintf(pre, sizeof pre, "m0 = '%g'; m1 = '%g'\n%s", o.mass0, o.regime_mass0, f.setup);
  f.setup = pre;
  return gr_ctx_figure(ctx, &f);
}
