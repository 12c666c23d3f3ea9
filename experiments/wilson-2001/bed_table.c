/* granrepro experiment wilson-bed: "If the time step is too large, or the
 * tolerance is too big, energy increases in the system" (Wilson 2001,
 * section 5): the energy drift of the conservative bed (listing as printed,
 * walls lossless) over tolerance x output interval, driven as hpart drives
 * LSODA (rtol = atol = tol, itask 1, a fresh start every dtout), with the
 * real LSODA and, for comparison, GSL's msadams.  LSODA's mxstep =
 * 500 (iopt = 0) would have stopped hpart (istate = -1) where an interval
 * takes more steps; the table counts them instead.  The claim's runs are
 * hpart's: mxstep 500, a start where LSODA stops counting as no rise.  The
 * time-step half is decided at the printed tolerance and the longest
 * output interval of the table that hpart completes on the canonical start
 * (a rule of cost, fixed before the random starts run), by the sign test
 * over independent random starts (physics/bedclaim.h): the bed is chaotic
 * and one run is one draw.  The tolerance half has no printed interval to
 * be decided at and changes sign with it: informative rows.  The table's
 * cells and each setting's starts are independent runs, run on the OpenMP
 * threads and written in order. */
#include <math.h>
#include <stdio.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "physics/bedclaim.h"

static const double tb_tol[] = {1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8};
static const double tb_dt[] = {0.01, 0.1, 1.0, 5.0};
#define TB_NTOL (sizeof tb_tol / sizeof tb_tol[0])
#define TB_NDT (sizeof tb_dt / sizeof tb_dt[0])

struct tb_cell {
  double drift, drift_max, listing_pct;
  unsigned long max_steps, bdf;
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
  if (t == 0.0) {
    tr->e0 = e;
    tr->el0 = gr_bed_energy_listing(tr->m, y, 0);
  }
  tr->dmax = fmax(tr->dmax, fabs(e / tr->e0 - 1.0));
  return GR_OK;
}

/* One cell of the table from the start y0 (NULL: the canonical one);
 * hpart: LSODA's mxstep 500 as hpart runs it, else no limit (counted). */
static void tb_run(const struct bed_par *p, int method, double tol, double dtout, double tend,
                   const double *y0, int hpart, struct tb_cell *c)
{
  struct bed_run r = {gr_wilson_bed_model(p, 20, p->box),
                      gr_wilson_bed_lsoda(tol), tend, dtout};
  struct tb_trace tr = {&r.m, 0, 0, 0};
  struct gr_bedint_stats st = {0};
  double y[80];
  size_t k;
  r.o.method = method;
  r.m.lossy = 0;
  if (!hpart)
    r.o.mxstep = 0; /* counted instead: the max_steps column */
  gr_wilson_bed_canonical(y, 20);
  for (k = 0; y0 != NULL && k < 80; k++)
    y[k] = y0[k];
  c->status = gr_wilson_bed_run(&r, y, tb_sample, &tr, &st);
  c->drift = gr_bed_energy(&r.m, y) / tr.e0 - 1.0;
  c->drift_max = tr.dmax;
  c->listing_pct = 100.0 * gr_bed_energy_listing(&r.m, y, 0) / tr.el0;
  c->max_steps = st.max_steps_interval;
  c->bdf = st.bdf_intervals;
}

static const struct gr_figure tb_fig = {
    "energy-tolerance", "energy-table",
    "Energy drift of the conservative bed driven like hpart: filled = E rose, open = E fell",
    "tolerance (rtol = atol)", "|E(T)/E0 - 1|",
    "set logscale xy\nset key outside right font ',9'\nset format y '10^{%L}'\nset format x '10^{%L}'",
    "for [i=0:3] data index i u 1:(abs($3)):($3 > 0 ? 7 : 6) w lp lc i+1 pt variable "
    "t sprintf('LSODA, dtout = %g', word('0.01 0.1 1 5', i+1)+0), "
    "for [i=0:3] data index i u 1:(abs($8)):($8 > 0 ? 5 : 4) w lp lc i+1 dt 2 pt variable "
    "t sprintf('msadams, dtout = %g', word('0.01 0.1 1 5', i+1)+0)"};

#define TB_MAXSTARTS 9

/* What a setting's row is: our comparison (informative, check), the
 * paper's claim decided, or the paper's claim with no setting to decide it
 * at (informative, result). */
enum tb_row { TB_INFORM = 0, TB_DECIDE, TB_CLAIM_INFORM };

/* The claim at one setting: the drifts of the n random starts of the
 * conservative bed run as hpart runs them (a start where the integrator
 * stops counts as no rise: hpart stops there), the sign test's p-value as
 * the row (enum tb_row). */
static void tb_claim(struct gr_ctx *ctx, const struct bed_par *p, int method, double tol,
                     double dtout, double tend, const double (*y0)[80], size_t n, const char *q,
                     const char *vname, int row)
{
  double drift[TB_MAXSTARTS];
  struct tb_cell c[TB_MAXSTARTS];
  char note[240];
  size_t k, stopped = 0;
  long i;
#pragma omp parallel for schedule(dynamic, 1) /* independent starts: the same bytes for any thread count */
  for (i = 0; i < (long)n; i++)
    tb_run(p, method, tol, dtout, tend, y0[i], 1, &c[i]);
  for (i = 0; i < (long)n; i++) {
    stopped += c[i].status != GR_OK;
    drift[i] = c[i].status == GR_OK ? c[i].drift : 0.0;
  }
  k = gr_bedclaim_count_positive(drift, n);
  snprintf(note, sizeof note,
           "tol %g, dtout %g, mxstep 500: E(T) > E0 in %zu of %zu random starts (%zu stopped as hpart would); H0: P <= 1/2",
           tol, dtout, k, n, stopped);
  if (row == TB_DECIDE)
    gr_ctx_verdict(ctx, GR_KIND_RESULT, q, gr_bedclaim_binom_p(k, n),
                   gr_test_p_below(GR_BEDCLAIM_LEVEL, "one-sided binomial sign test"), note);
  else
    gr_ctx_inform(ctx, row == TB_CLAIM_INFORM ? GR_KIND_RESULT : GR_KIND_CHECK, q,
                  gr_bedclaim_binom_p(k, n), note);
  gr_ctx_value(ctx, vname, (double)k);
}

/* The rule of the time-step half: the longest output interval of the table
 * at which LSODA at tol completes the canonical start within hpart's mxstep
 * 500 (a cost, known before the random starts run); its index, or -1. */
static int tb_longest_runnable(const struct bed_par *p, double tol, double tend)
{
  struct tb_cell c;
  int j;
  for (j = (int)TB_NDT - 1; j >= 0; j--) {
    tb_run(p, GR_BEDINT_LSODA, tol, tb_dt[j], tend, NULL, 1, &c);
    if (c.status == GR_OK)
      return j;
  }
  return -1;
}

/* n random starts of the conservative bed (the same for every setting and
 * integrator: a paired comparison); 0 when the stream is missing. */
static size_t tb_starts(struct gr_ctx *ctx, const struct bed_par *p, size_t n, double (*y0)[80])
{
  gsl_rng *rng = gr_ctx_rng(ctx, "energy-starts");
  struct gr_wca w = {p->sigma, p->eps};
  size_t i;
  if (rng == NULL)
    return 0;
  for (i = 0; i < n; i++)
    gr_wilson_bed_random(rng, y0[i], 20, p->box, p->sigma, gr_wca_cutoff(&w), p->vmax);
  return n;
}

/* The two halves of the claim: the time-step half decided at the printed
 * tolerance and the interval of tb_longest_runnable; the tolerance half,
 * at the loosest tolerance and that interval, informative (Fig. 9's
 * interval is not printed and the sign of the drift changes with it: the
 * tol1e-3-dtout* rows); msadams beside both. */
static void tb_halves(struct gr_ctx *ctx, const struct bed_par *p, double tend,
                      const double (*y0)[80], size_t n)
{
  int j = tb_longest_runnable(p, p->tol, tend);
  if (j < 0) {
    gr_ctx_not_computed(ctx, GR_KIND_RESULT, "energy/increases-at-long-output-interval",
                        "hpart stops (mxstep 500) at every interval of the table");
    return;
  }
  tb_claim(ctx, p, GR_BEDINT_LSODA, p->tol, tb_dt[j], tend, y0, n,
           "energy/increases-at-long-output-interval", "up_long_k", TB_DECIDE);
  tb_claim(ctx, p, GR_BEDINT_LSODA, tb_tol[0], tb_dt[j], tend, y0, n,
           "energy/increases-at-loose-tolerance", "up_loose_k", TB_CLAIM_INFORM);
  tb_claim(ctx, p, GR_BEDINT_MSADAMS, p->tol, tb_dt[j], tend, y0, n,
           "energy/increases-at-long-output-interval-msadams", "up_long_k_ms", TB_INFORM);
  tb_claim(ctx, p, GR_BEDINT_MSADAMS, tb_tol[0], tb_dt[j], tend, y0, n,
           "energy/increases-at-loose-tolerance-msadams", "up_loose_k_ms", TB_INFORM);
  gr_ctx_value(ctx, "claim_dtout", tb_dt[j]);
  gr_ctx_value(ctx, "claim_starts", (double)n);
}

int gr_wilson_bed_energy_table(struct gr_ctx *ctx)
{
  struct bed_par p;
  struct gr_data *d;
  struct tb_cell c;
  double tend = gr_ctx_quick(ctx) ? 10.0 : 100.0;
  static double y0[TB_MAXSTARTS][80];
  struct tb_cell cells[TB_NDT * TB_NTOL][2];
  int quick = gr_ctx_quick(ctx), i, j, over = 0, bdf = 0;
  long k;
  size_t nstarts = quick ? 5 : TB_MAXSTARTS;
  if (gr_wilson_bed_params(ctx, &p) != GR_OK)
    return gr_ctx_error(ctx)->code;
  d = gr_ctx_data(ctx, "energy-table", "tol dtout drift_final drift_max listing_E_pct max_steps_per_interval status drift_final_msadams drift_max_msadams max_steps_msadams bdf_intervals");
  if (d != NULL) {
#pragma omp parallel for schedule(dynamic, 1) /* the cells, independent (same bytes for any thread count) */
    for (k = 0; k < (long)(2 * TB_NDT * TB_NTOL); k++) /* cell k / 2 = (interval j, tolerance i), LSODA then msadams */
      if (!(quick && k / 2 % TB_NTOL % 2 == 0))
        tb_run(&p, k % 2 ? GR_BEDINT_MSADAMS : GR_BEDINT_LSODA, tb_tol[k / 2 % TB_NTOL], tb_dt[k / 2 / TB_NTOL],
               tend, NULL, 0, &cells[k / 2][k % 2]);
  }
  for (j = 0; d != NULL && j < (int)TB_NDT; j++) {
    for (i = 0; i < (int)TB_NTOL; i++) {
      const struct tb_cell *cl = &cells[TB_NTOL * j + i][0], *cm = &cells[TB_NTOL * j + i][1];
      if (quick && i % 2 == 0)
        continue;
      gr_data_printf(d, "%.0e %g %.6g %.6g %.6g %lu %d %.6g %.6g %lu %lu\n", tb_tol[i], tb_dt[j],
                     cl->drift, cl->drift_max, cl->listing_pct, cl->max_steps, cl->status, cm->drift,
                     cm->drift_max, cm->max_steps, cl->bdf);
      over += cl->max_steps > 500;
      bdf += cl->bdf > 0;
    }
    gr_data_printf(d, "\n\n");
  }
  nstarts = tb_starts(ctx, &p, nstarts, y0);
  tb_halves(ctx, &p, tend, y0, nstarts);
  for (j = 0; j < 8; j++) { /* where a loose tolerance (1e-3) raises E */
    char q[96], v[32];
    int ls = j < 4;
    snprintf(q, sizeof q, "energy/tol1e-3-dtout%g-%s", tb_dt[j % 4], ls ? "lsoda" : "msadams");
    snprintf(v, sizeof v, "up_loose_dt%d_%s", j % 4, ls ? "ls" : "ms");
    tb_claim(ctx, &p, ls ? GR_BEDINT_LSODA : GR_BEDINT_MSADAMS, tb_tol[1], tb_dt[j % 4], tend,
             y0, nstarts, q, v, TB_INFORM);
  }
  gr_ctx_inform(ctx, GR_KIND_CHECK, "energy/table-cells-with-bdf", bdf,
                "table cells where LSODA ended some interval on BDF (switched for stiffness)");
  gr_ctx_value(ctx, "bdf_cells", bdf);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "energy/intervals-over-lsoda-mxstep", over,
                "table cells where one interval needs > 500 steps (LSODA: istate = -1)");
  tb_run(&p, GR_BEDINT_MSBDF, 1e-3, 0.1, tend, NULL, 0, &c);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "energy/drift-msbdf-tol1e-3-dtout0.1", c.drift, "E(T)/E0 - 1, BDF branch");
  gr_ctx_value(ctx, "drift_bdf_loose", c.drift);
  tb_run(&p, GR_BEDINT_RK8PD, 1e-3, 0.1, tend, NULL, 0, &c);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "energy/drift-rk8pd-tol1e-3-dtout0.1", c.drift, "E(T)/E0 - 1, rk8pd");
  gr_ctx_value(ctx, "drift_rk8pd_loose", c.drift);
  gr_ctx_value(ctx, "table_tend", tend);
  return gr_ctx_figure(ctx, &tb_fig);
}
