/* granrepro experiment wilson-bed: one disk on a wall of the shaken bed
 * (Wilson 2001, section 5 and hpart.f's walls, txt 1560-1578): restitution
 * and contact time against impact speed with and without gravity beside the
 * linearised closed form, the resting height, and free flight in the
 * shaken box against its exact solution. */
#include <math.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "physics/bedbounce.h"
#include "physics/bedcontact.h"

#define BED_NV 13
#define BED_TIGHT 1e-10

/* One impact speed: measured and linear e, tc with g = 0 and g. */
static int contact_row(struct gr_ctx *ctx, struct gr_data *d, const struct bed_par *p,
                       const struct gr_wca *w, double v0, double out[4])
{
  double k = gr_wca_stiffness(w), e[4], tc[4];
  int s = gr_bedbounce(w, p->gamma_w, 0.0, v0, BED_TIGHT, &e[0], &tc[0]);
  if (s == GR_OK)
    s = gr_bedbounce(w, p->gamma_w, p->g, v0, BED_TIGHT, &e[1], &tc[1]);
  if (s == GR_OK)
    s = gr_bedcontact_linear(k, p->gamma_w, 0.0, v0, &e[2], &tc[2]);
  if (s == GR_OK)
    s = gr_bedcontact_linear(k, p->gamma_w, p->g, v0, &e[3], &tc[3]);
  if (s != GR_OK)
    return gr_ctx_fail(ctx, s, "wilson-bed: bounce at v0 = %g failed", v0);
  out[0] = e[0];
  out[1] = tc[0];
  out[2] = e[2];
  out[3] = tc[2];
  return gr_data_printf(d, "%.6g %.10g %.10g %.10g %.10g %.10g %.10g %.10g %.10g\n", v0, e[0],
                        tc[0], e[2], tc[2], e[1], tc[1], e[3], isinf(tc[3]) ? NAN : tc[3]);
}

static const struct gr_figure contact_figs[] = {
    {"restitution", "restitution", "Wall restitution vs impact speed (gamma_w = 1)",
     "impact speed v0", "e", "set logscale x\nset key bottom right",
     "data u 1:2 w lp pt 7 t 'measured, g = 0', data u 1:4 w l dt 2 t 'linear contact, g = 0', "
     "data u 1:6 w lp pt 5 t 'measured, g = 2', data u 1:8 w l dt 3 t 'linear contact, g = 2'"},
    {"contact-time", "restitution", "Wall contact time vs impact speed", "impact speed v0",
     "t_c", "set logscale x",
     "data u 1:3 w lp pt 7 t 'measured, g = 0', data u 1:5 w l dt 2 t 'linear, g = 0', "
     "data u 1:7 w lp pt 5 t 'measured, g = 2'"}};

/* The resting height: a disk dropped from y = 3 onto the damped floor. */
static int contact_rest(struct gr_ctx *ctx, const struct bed_par *p)
{
  struct bed_run r = {gr_wilson_bed_model(p, 1, p->box), {GR_BEDINT_RK8PD, BED_TIGHT, 0, 0, 0, 0},
                      80.0, 1.0};
  double y[4] = {5.0, 3.0, 0.0, 0.0}, h0 = gr_bedcontact_rest_height(&r.m.wca, p->g);
  int s;
  r.m.gravity = 1;
  s = gr_wilson_bed_run(&r, y, NULL, NULL, NULL);
  if (s != GR_OK)
    return gr_ctx_fail(ctx, s, "wilson-bed: resting run failed");
  gr_ctx_value(ctx, "rest_height", h0);
  gr_ctx_value(ctx, "rest_overlap", p->sigma / 2 - h0);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "contact/resting-height-run-vs-force-balance", y[1],
                 gr_test_abs(h0, 1e-6), "h(t = 80) of a dropped disk (rk8pd) against h*: wall force(h*) = g");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "contact/disk-overlaps-floor-at-rest", h0,
                 gr_test_lt(p->sigma / 2), "h* < radius: why section 5's balls overlap the walls (the claim: fig9/disks-overlap-walls)");
  return gr_ctx_error(ctx)->code;
}

int gr_wilson_bed_contact(struct gr_ctx *ctx)
{
  struct bed_par p;
  struct gr_wca w;
  struct gr_data *d;
  double lo[4], one[4], tmp[4], v0;
  int i;
  if (gr_wilson_bed_params(ctx, &p) != GR_OK)
    return gr_ctx_error(ctx)->code;
  w.sigma = p.sigma;
  w.eps = p.eps;
  d = gr_ctx_data(ctx, "restitution", "v0 e_g0 tc_g0 e_lin_g0 tc_lin_g0 e_g tc_g e_lin_g tc_lin_g");
  for (i = 0; d != NULL && i < BED_NV; i++) {
    v0 = pow(10.0, -3.0 + 4.0 * i / (BED_NV - 1));
    if (contact_row(ctx, d, &p, &w, v0, i == 0 ? lo : i == 9 ? one : tmp) != GR_OK)
      return gr_ctx_error(ctx)->code;
  }
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "contact/restitution-low-speed-vs-closed-form", lo[0],
                 gr_test_rel(lo[2], 1e-3), "v0 = 1e-3, g = 0: e -> exp(-pi z/sqrt(1-z^2))");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "contact/contact-time-low-speed-vs-closed-form", lo[1],
                 gr_test_rel(lo[3], 1e-3), "v0 = 1e-3, g = 0: t_c -> pi/w_d");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "contact/restitution-v1-g0", one[0], "e at v0 = 1, no gravity");
  gr_ctx_value(ctx, "e_lin", lo[2]);
  gr_ctx_value(ctx, "tc_lin", lo[3]);
  gr_ctx_value(ctx, "k_lin", gr_wca_stiffness(&w));
  gr_ctx_value(ctx, "zeta", p.gamma_w / (2 * sqrt(gr_wca_stiffness(&w))));
  for (i = 0; i < 2; i++)
    gr_ctx_figure(ctx, &contact_figs[i]);
  return contact_rest(ctx, &p);
}
