/* granrepro experiment wilson-bed: energy claims of Wilson (2001), section
 * 4.1 ("the particle-particle interactions conserve energy") and the full
 * energy balance of the shaken bed (kinetic + pair + wall + gravity =
 * initial + shaking work - dissipation), with the listing's (E/iE)*100
 * (txt 1426) beside it. */
#include <math.h>

#include "experiments/wilson-2001/bed.h"
#include "physics/pmath.h"
#include "harness/ctx.h"
#include "harness/report.h"

struct en_trace {
  const struct gr_bed_model *m;
  struct gr_data *d;
  double e0, el0, resid, scale, dpair;
};

/* Sampler: energies, accumulators, the balance residual. */
static int en_sample(void *arg, double t, const double *y)
{
  struct en_trace *tr = arg;
  const struct gr_bed_model *m = tr->m;
  double k = gr_bed_kinetic(m, y), vp = gr_bed_pair_energy(m, y), vw = gr_bed_wall_energy(m, y);
  double vg = m->gravity ? gr_bed_gravity_energy(m, y) : 0.0, e = k + vp + vw + vg;
  const double *acc = y + 4 * m->n;
  if (t == 0.0) {
    tr->e0 = e;
    tr->el0 = gr_bed_energy_listing(m, y, 0);
  }
  tr->resid = fmax(tr->resid, fabs(e - tr->e0 - (acc[2] - acc[0] - acc[1])));
  tr->scale = fmax(tr->scale, fabs(e));
  tr->dpair = fmax(tr->dpair, fabs(acc[0]));
  if (tr->d == NULL)
    return GR_OK;
  return gr_data_printf(tr->d, "%.3f %.8g %.8g %.8g %.8g %.8g %.8g %.8g %.3g %.6g\n", t, k, vp,
                        vw, vg, acc[0], acc[1], acc[2], e - tr->e0 - (acc[2] - acc[0] - acc[1]),
                        100.0 * gr_bed_energy_listing(m, y, 0) / tr->el0);
}

static const struct gr_figure en_fig = {
    "energy-balance", "energy-balance",
    "Energy balance of the Fig. 9 run (rk8pd, tol 1e-10): E - E0 = W_shake - D_wall - D_pair",
    "t", "energy", "set key outside",
    "data u 1:2 w l t 'kinetic', data u 1:($3+$4) w l t 'pair + wall', "
    "data u 1:5 w l t 'gravity', data u 1:7 w l t 'dissipated (walls)', "
    "data u 1:8 w l t 'shaking work', data u 1:($9*1e6) w l t 'residual x 1e6'"};

/* One balance run of the Fig. 9 setting from the canonical start. */
static int en_balance(struct gr_ctx *ctx, const struct bed_par *p, struct gr_bedint_opts o,
                      struct gr_data *d, struct en_trace *tr)
{
  struct bed_run r = {gr_wilson_bed_model(p, 20, p->box), o, gr_ctx_quick(ctx) ? 5.0 : 20.0, 0.05};
  double y[83] = {0};
  r.m.gravity = r.m.shake = r.m.augment = 1;
  gr_wilson_bed_canonical(y, 20);
  *tr = (struct en_trace){&r.m, d, 0, 0, 0, 0, 0};
  if (gr_wilson_bed_run(&r, y, en_sample, tr, NULL) != GR_OK)
    return gr_ctx_fail(ctx, GR_EFAIL, "wilson-bed: balance run failed");
  return GR_OK;
}

/* Sampler of the conservative runs: hpart's pi - p, its largest size. */
struct en_mom {
  const struct gr_bed_model *m;
  double p0[2], dmax;
};

static int en_mom_sample(void *arg, double t, const double *y)
{
  struct en_mom *a = arg;
  double p[2];
  gr_bed_momentum(a->m, y, p);
  if (t == 0.0) {
    a->p0[0] = p[0];
    a->p0[1] = p[1];
  }
  a->dmax = fmax(a->dmax, gr_pmath_hypot(a->p0[0] - p[0], a->p0[1] - p[1]));
  return GR_OK;
}

/* Conservative setting (listing as printed, walls lossless): E/E0 - 1 at
 * the end, and the largest |pi - p| (hpart's line) on the way. */
static int en_conserve(struct gr_ctx *ctx, const struct bed_par *p, struct gr_bedint_opts o,
                       double *drift, double *dmom)
{
  struct bed_run r = {gr_wilson_bed_model(p, 20, p->box), o, gr_ctx_quick(ctx) ? 10.0 : 100.0, 0.1};
  struct en_mom a = {&r.m, {0, 0}, 0};
  double y[80], e0;
  r.m.lossy = 0;
  gr_wilson_bed_canonical(y, 20);
  e0 = gr_bed_energy(&r.m, y);
  if (gr_wilson_bed_run(&r, y, en_mom_sample, &a, NULL) != GR_OK)
    return gr_ctx_fail(ctx, GR_EFAIL, "wilson-bed: conservative run failed");
  *drift = gr_bed_energy(&r.m, y) / e0 - 1.0;
  *dmom = a.dmax;
  return GR_OK;
}

int gr_wilson_bed_energy(struct gr_ctx *ctx)
{
  struct bed_par p;
  struct en_trace tr, tl;
  struct gr_bedint_opts tight = {GR_BEDINT_RK8PD, 1e-10, 0, 1, 0, 0};
  struct en_trace tm;
  double drift, dl, dm, mom, moml, momm;
  if (gr_wilson_bed_params(ctx, &p) != GR_OK)
    goto fail;
  if (en_conserve(ctx, &p, (struct gr_bedint_opts){GR_BEDINT_RK8PD, 1e-12, 0, 1, 0, 0}, &drift, &mom) != GR_OK)
    goto fail;
  if (en_conserve(ctx, &p, gr_wilson_bed_lsoda(p.tol), &dl, &moml) != GR_OK)
    goto fail;
  if (en_conserve(ctx, &p, gr_wilson_bed_standin(p.tol), &dm, &momm) != GR_OK)
    goto fail;
  if (en_balance(ctx, &p, tight, gr_ctx_data(ctx, "energy-balance",
                 "t kinetic pair wall gravity D_pair D_wall W_shake residual listing_E_pct"), &tr) != GR_OK)
    goto fail;
  if (en_balance(ctx, &p, gr_wilson_bed_lsoda(p.tol), NULL, &tl) != GR_OK)
    goto fail;
  if (en_balance(ctx, &p, gr_wilson_bed_standin(p.tol), NULL, &tm) != GR_OK)
    goto fail;
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "energy/pair-interactions-conserve-rk8pd", fabs(drift),
                 gr_test_le(1e-8), "|E/E0 - 1|, no damping, lossless walls, no shaking (section 4.1)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "energy/pair-interactions-lsoda-tol1e-6", dl,
                "E/E0 - 1 of the same run with LSODA driven as hpart (dtout 0.1)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "energy/pair-interactions-msadams-tol1e-6", dm,
                "the same with the GSL stand-in");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "energy/balance-closes-rk8pd", tr.resid / tr.scale,
                 gr_test_le(1e-8), "max |E - E0 - (W - D)| / max |E|, Fig. 9 setting");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "energy/balance-lsoda-tol1e-6", tl.resid / tl.scale,
                "the same residual with LSODA driven as hpart (dtout 0.05)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "energy/balance-msadams-tol1e-6", tm.resid / tm.scale,
                "the same with the GSL stand-in");
  gr_ctx_verdict(ctx, GR_KIND_PRINTED, "energy/disk-disk-elastic-as-printed", tr.dpair,
                 gr_test_eq(0.0), "energy taken by the printed pair damping loop (section 5: elastic); the final state equals damp-none's bit for bit");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "momentum/walls-change-it-rk8pd", mom,
                "max |pi - p| (hpart's line) of the conservative bed at rk8pd 1e-12: the walls' impulses");
  gr_ctx_value(ctx, "mom_walls_rk8pd", mom);
  gr_ctx_value(ctx, "mom_walls_lsoda", moml);
  gr_ctx_value(ctx, "drift_rk8pd", drift);
  gr_ctx_value(ctx, "drift_lsoda", dl);
  gr_ctx_value(ctx, "drift_msadams", dm);
  gr_ctx_value(ctx, "resid_msadams", tm.resid / tm.scale);
  gr_ctx_value(ctx, "resid_rk8pd", tr.resid / tr.scale);
  gr_ctx_value(ctx, "resid_lsoda", tl.resid / tl.scale);
  return gr_ctx_figure(ctx, &en_fig);
fail:
  return gr_ctx_error(ctx)->code;
}
