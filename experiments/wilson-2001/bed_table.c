/* granrepro experiment wilson-bed: "If the time step is too large, or the
 * tolerance is too big, energy increases in the system" (Wilson 2001,
 * section 5): the energy drift of the conservative bed (listing as printed,
 * walls lossless) over tolerance x output interval, driven like LSODA
 * (msadams, rtol = atol = tol, fresh start every dtout).  LSODA's mxstep =
 * 500 (iopt = 0) would have stopped hpart (istate = -1) where an interval
 * takes more steps; that is flagged. */
#include <math.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/report.h"

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

/* One cell of the table. */
static void tb_run(const struct bed_par *p, int method, double tol, double dtout, double tend,
                   struct tb_cell *c)
{
  struct bed_run r = {gr_wilson_bed_model(p, 20, p->box), gr_wilson_bed_lsoda(tol), tend, dtout};
  r.o.method = method;
  struct tb_trace tr = {&r.m, 0, 0, 0};
  struct gr_bedint_stats st = {0};
  double y[80];
  r.m.lossy = 0;
  r.o.mxstep = 0; /* counted instead: the max_steps column */
  gr_wilson_bed_canonical(y, 20);
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

int gr_wilson_bed_energy_table(struct gr_ctx *ctx)
{
  struct bed_par p;
  struct gr_data *d;
  struct tb_cell c;
  double tend = gr_ctx_quick(ctx) ? 10.0 : 100.0;
  int quick = gr_ctx_quick(ctx), i, j, up_loose = 0, n_loose = 0, up_long = 0, n_long = 0, over = 0;
  if (gr_wilson_bed_params(ctx, &p) != 0)
    return gr_ctx_error(ctx)->code;
  d = gr_ctx_data(ctx, "energy-table", "tol dtout drift_final drift_max listing_E_pct max_steps_per_interval status");
  for (j = 0; d != NULL && j < 4; j++) {
    for (i = 0; i < 7; i++) {
      if (quick && i % 2 == 0)
        continue;
      tb_run(&p, GR_BEDINT_MSADAMS, tb_tol[i], tb_dt[j], tend, &c);
      gr_data_printf(d, "%.0e %g %.6g %.6g %.6g %lu %d\n", tb_tol[i], tb_dt[j], c.drift,
                     c.drift_max, c.listing_pct, c.max_steps, c.status);
      over += c.max_steps > 500;
      if (i == (quick ? 1 : 0))
        n_loose++, up_loose += c.drift > 0.0;
      if (j == 3 && tb_tol[i] <= 1e-4)
        n_long++, up_long += c.drift > 0.0;
    }
    gr_data_printf(d, "\n\n");
  }
  gr_ctx_assert(ctx, "energy/increases-at-long-output-interval", up_long, n_long,
                up_long == n_long, "tolerances <= 1e-4 whose drift at dtout = 5 is > 0");
  gr_ctx_assert(ctx, "energy/increases-at-loose-tolerance", up_loose, n_loose,
                up_loose == n_loose, "output intervals whose drift at the loosest tolerance is > 0");
  gr_ctx_informative(ctx, "energy/intervals-over-lsoda-mxstep", over,
                     "table cells where one interval needs > 500 steps (LSODA: istate = -1)");
  tb_run(&p, GR_BEDINT_MSBDF, 1e-3, 0.1, tend, &c);
  gr_ctx_informative(ctx, "energy/drift-msbdf-tol1e-3-dtout0.1", c.drift, "E(T)/E0 - 1, BDF branch");
  gr_ctx_value(ctx, "drift_bdf_loose", c.drift);
  tb_run(&p, GR_BEDINT_RK8PD, 1e-3, 0.1, tend, &c);
  gr_ctx_informative(ctx, "energy/drift-rk8pd-tol1e-3-dtout0.1", c.drift, "E(T)/E0 - 1, rk8pd");
  gr_ctx_value(ctx, "drift_rk8pd_loose", c.drift);
  gr_ctx_value(ctx, "table_tend", tend);
  return gr_ctx_figure(ctx, &tb_fig);
}
