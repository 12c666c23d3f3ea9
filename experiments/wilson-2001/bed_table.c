/* granrepro experiment wilson-bed: "If the time step is too large, or the
 * tolerance is too big, energy increases in the system" (Wilson 2001,
 * section 5): the energy drift of the conservative bed (listing as printed,
 * walls lossless) over tolerance x output interval, driven like LSODA
 * (msadams, rtol = atol = tol, fresh start every dtout).  LSODA's mxstep =
 * 500 (iopt = 0) would have stopped hpart (istate = -1) where an interval
 * takes more steps; that is flagged.  The claim is decided at two settings
 * (the longest interval at the printed tolerance; the loosest tolerance at
 * the Fig. 9 interval) by the sign test over independent random starts
 * (physics/bedclaim.h): the bed is chaotic and one run is one draw. */
#include <math.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "physics/bedclaim.h"

static const double tb_tol[] = {1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8};
static const double tb_dt[] = {0.01, 0.1, 1.0, 5.0};

struct tb_cell {
  double drift, drift_max, listing_pct;
  unsigned long max_steps;
  int status;
};

struct tb_trace {
  const struct gr_bed_model *m;
  double e0, el0, dmax;
};

static int tb_sample(void *arg, double t, const double *y)
{
  struct tb_trace *tr = arg;
  double e = gr_bed_energy(tr->m, y);
  if (t == 0.0)
    tr->e0 = e, tr->el0 = gr_bed_energy_listing(tr->m, y, 0);
  tr->dmax = fmax(tr->dmax, fabs(e / tr->e0 - 1.0));
  return 0;
}

/* One cell of the table from the start y0 (NULL: the canonical one). */
static void tb_run(const struct bed_par *p, int method, double tol, double dtout, double tend,
                   const double *y0, struct tb_cell *c)
{
  struct bed_run r = {gr_wilson_bed_model(p, 20, p->box), gr_wilson_bed_lsoda(tol), tend, dtout};
  struct tb_trace tr = {&r.m, 0, 0, 0};
  struct gr_bedint_stats st = {0};
  double y[80];
  size_t k;
  r.o.method = method;
  r.m.lossy = 0;
  r.o.mxstep = 0; /* counted instead: the max_steps column */
  gr_wilson_bed_canonical(y, 20);
  for (k = 0; y0 != NULL && k < 80; k++)
    y[k] = y0[k];
  c->status = gr_wilson_bed_run(&r, y, tb_sample, &tr, &st);
  c->drift = gr_bed_energy(&r.m, y) / tr.e0 - 1.0;
  c->drift_max = tr.dmax;
  c->listing_pct = 100.0 * gr_bed_energy_listing(&r.m, y, 0) / tr.el0;
  c->max_steps = st.max_steps_interval;
}

static const struct gr_figure tb_fig = {
    "energy-tolerance", "energy-table",
    "Energy drift E(T)/E0 - 1 of the conservative bed, msadams driven like LSODA",
    "tolerance (rtol = atol)", "|E/E0 - 1|", "set logscale xy\nset key top left",
    "for [i=0:3] data index i u 1:(abs($3)) w lp t sprintf('dtout = %g', "
    "word('0.01 0.1 1 5', i+1)+0)"};

#define TB_MAXSTARTS 9

/* The claim at one setting: the drifts of n random starts of the
 * conservative bed, the sign test's p-value as the row. */
static void tb_claim(struct gr_ctx *ctx, const struct bed_par *p, int method, double tol,
                     double dtout, double tend, size_t n, const char *q, const char *vname)
{
  gsl_rng *rng = gr_ctx_rng(ctx, "energy-starts");
  struct gr_wca w = {p->sigma, p->eps};
  double y0[80], drift[TB_MAXSTARTS];
  struct tb_cell c;
  char note[200];
  size_t i, k;
  if (rng == NULL)
    return;
  for (i = 0; i < n && i < TB_MAXSTARTS; i++) {
    gr_wilson_bed_random(rng, y0, 20, p->box, p->sigma, gr_wca_cutoff(&w), p->vmax);
    tb_run(p, method, tol, dtout, tend, y0, &c);
    if (c.status != 0) {
      gr_ctx_not_computed(ctx, GR_KIND_RESULT, q, "the integrator failed on a random start");
      return;
    }
    drift[i] = c.drift;
  }
  k = gr_bedclaim_count_positive(drift, i);
  snprintf(note, sizeof note, "tol %g, dtout %g: E(T) > E0 in %zu of %zu random starts; H0: P <= 1/2",
           tol, dtout, k, i);
  gr_ctx_verdict(ctx, GR_KIND_RESULT, q, gr_bedclaim_binom_p(k, i),
                 gr_test_p_below(GR_BEDCLAIM_LEVEL, "one-sided binomial sign test"), note);
  gr_ctx_value(ctx, vname, (double)k);
}

int gr_wilson_bed_energy_table(struct gr_ctx *ctx)
{
  struct bed_par p;
  struct gr_data *d;
  struct tb_cell c;
  double tend = gr_ctx_quick(ctx) ? 10.0 : 100.0;
  int quick = gr_ctx_quick(ctx), i, j, over = 0;
  size_t nstarts = quick ? 5 : TB_MAXSTARTS;
  if (gr_wilson_bed_params(ctx, &p) != 0)
    return gr_ctx_error(ctx)->code;
  d = gr_ctx_data(ctx, "energy-table", "tol dtout drift_final drift_max listing_E_pct max_steps_per_interval status");
  for (j = 0; d != NULL && j < 4; j++) {
    for (i = 0; i < 7; i++) {
      if (quick && i % 2 == 0)
        continue;
      tb_run(&p, GR_BEDINT_MSADAMS, tb_tol[i], tb_dt[j], tend, NULL, &c);
      gr_data_printf(d, "%.0e %g %.6g %.6g %.6g %lu %d\n", tb_tol[i], tb_dt[j], c.drift,
                     c.drift_max, c.listing_pct, c.max_steps, c.status);
      over += c.max_steps > 500;
    }
    gr_data_printf(d, "\n\n");
  }
  tb_claim(ctx, &p, GR_BEDINT_MSADAMS, p.tol, tb_dt[3], tend, nstarts,
           "energy/increases-at-long-output-interval", "up_long_k");
  tb_claim(ctx, &p, GR_BEDINT_MSADAMS, tb_tol[0], 0.1, tend, nstarts,
           "energy/increases-at-loose-tolerance", "up_loose_k");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "energy/intervals-over-lsoda-mxstep", over,
                "table cells where one interval needs > 500 steps (LSODA: istate = -1)");
  tb_run(&p, GR_BEDINT_MSBDF, 1e-3, 0.1, tend, NULL, &c);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "energy/drift-msbdf-tol1e-3-dtout0.1", c.drift, "E(T)/E0 - 1, BDF branch");
  gr_ctx_value(ctx, "drift_bdf_loose", c.drift);
  tb_run(&p, GR_BEDINT_RK8PD, 1e-3, 0.1, tend, NULL, &c);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "energy/drift-rk8pd-tol1e-3-dtout0.1", c.drift, "E(T)/E0 - 1, rk8pd");
  gr_ctx_value(ctx, "drift_rk8pd_loose", c.drift);
  gr_ctx_value(ctx, "table_tend", tend);
  return gr_ctx_figure(ctx, &tb_fig);
}
