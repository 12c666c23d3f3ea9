/* granrepro experiment wilson-bed: "For the simulation described above,
 * energy was conserved to within 0.8 percent for each ball-ball collision"
 * (Wilson 2001, section 5; the simulation is Fig. 9's: gravity g = 2 and
 * the shaking A = 0.25, f = 5).  Single elastic collisions of two disks
 * without walls over impact speed, impact parameter and the phase of the
 * impact within the output interval (the listing restarts LSODA at every
 * output time), for tolerance x output interval.  The claim is decided
 * at the paper's conditions ("forced"): gravity and the shaking as the
 * listing applies them (-g + A w^2 cos(w t) on y of both disks), LSODA
 * driven as hpart drives it (mxstep 500), the error of a collision being
 * |E_rel(after) / E_rel(before) - 1| of the pair's centre-of-mass energy
 * (relative kinetic + eq. 10), which the body force cannot change.  The
 * unforced collisions (no gravity, no shaking; the error |K_after /
 * K_before - 1|, no step limit) are our check of how LSODA fails in exact
 * free flight; GSL's msadams driven the same way is the comparison. */
#include <math.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "physics/pmath.h"
#include "harness/report.h"

static const double co_tol[] = {1e-2, 1e-3, 1e-4, 1e-6};
static const double co_dt[] = {0.01, 0.1, 1.0};
static const double co_v[] = {0.5, 1.0, 2.0};
static const double co_b[] = {0.0, 0.6, 1.2};

/* The energy a collision must keep: forced, the pair's centre-of-mass
 * energy (the body force changes the total); unforced, the total. */
static double co_energy(const struct gr_bed_model *m, int forced, const double *y)
{
  return forced ? gr_bed_pair_relative_energy(m, y, 0, 1) : gr_bed_energy(m, y);
}

/* One collision: disks at 50 -+ s moving at +-v, offset b in y, first
 * touching (r = r0) at t_hit (a common body force leaves their relative
 * motion alone); forced: gravity and shaking on and hpart's mxstep 500,
 * else neither and no step limit.  The energy error in percent in *err,
 * |pi - p| in *dmom.  GR_OK or the run's status (the integrator failed or
 * stopped, as hpart would). */
static int co_one(const struct bed_par *p, int method, int forced, double tol, double dtout,
                  double v, double b, double t_hit, double *err, double *dmom)
{
  struct bed_run r = {gr_wilson_bed_model(p, 2, 100.0),
                      gr_wilson_bed_lsoda(tol), 0, dtout};
  double r0 = gr_wca_cutoff(&r.m.wca), s = 0.5 * (sqrt(r0 * r0 - b * b) + 2.0 * v * t_hit);
  double y[8] = {50.0 - s, 50.0, v, 0.0, 50.0 + s, 50.0 + b, -v, 0.0}, e0, p0[2], p1[2];
  r.o.method = method;
  r.m.nowalls = 1; /* a blown-up collision would otherwise reach them */
  r.m.gravity = forced;
  r.m.shake = forced;
  r.o.mxstep = forced ? r.o.mxstep : 0;
  r.tend = dtout * ceil((t_hit + 6.0 / v + 1.0) / dtout);
  e0 = co_energy(&r.m, forced, y);
  gr_bed_momentum(&r.m, y, p0);
  int rc = gr_wilson_bed_run(&r, y, NULL, NULL, NULL);
  if (rc != GR_OK)
    return rc;
  gr_bed_momentum(&r.m, y, p1);
  *dmom = gr_pmath_hypot(p1[0] - p0[0], p1[1] - p0[1]);
  *err = 100.0 * fabs(co_energy(&r.m, forced, y) / e0 - 1.0);
  return GR_OK;
}

/* The largest and mean error over speeds, offsets and phases; the
 * largest |pi - p| in *mom.  Returns the number of runs that failed; a
 * cell with one has no maximum, mean or |pi - p| (NaN, shown as nan in
 * the table). */
static int co_cell(const struct bed_par *p, int quick, int method, int forced, double tol,
                   double dtout, double *mx, double *mean, double *mom)
{
  int iv, ib, ip, n = 0, nfail = 0, np = quick ? 2 : 4;
  *mx = 0.0;
  *mean = 0.0;
  *mom = 0.0;
  for (iv = quick; iv < 3; iv++)
    for (ib = 0; ib < 3; ib += 1 + quick)
      for (ip = 0; ip < np; ip++) {
        double e, dm;
        if (co_one(p, method, forced, tol, dtout, co_v[iv], co_b[ib], 0.3 + dtout * ip / np, &e, &dm) != GR_OK) {
          nfail++;
          continue;
        }
        *mx = e > *mx ? e : *mx;
        *mom = dm > *mom ? dm : *mom;
        *mean += e;
        n++;
      }
  *mean /= n;
  if (nfail > 0) {
    *mx = NAN;
    *mean = NAN;
    *mom = NAN;
  }
  return nfail;
}

/* The figure: LSODA forced (the claim's setting), LSODA and msadams
 * unforced; the section 5 bound drawn at the published value. */
static int co_figure(struct gr_ctx *ctx, double bound)
{
  char setup[320];
  struct gr_figure f = {
      "collision-error", "collision-errors",
      "Energy error of single collisions (max over speed, offset, phase), driven like hpart",
      "tolerance (rtol = atol)", "max |dE/E| per collision (%)", setup,
      "for [i=0:2] data index i u 1:7 w lp lc i+1 pt 5 t sprintf('LSODA forced, dtout = %s', word('0.01 0.1 1', i+1)), "
      "for [i=0:2] data index i u 1:3 w lp lc i+1 dt 3 pt 7 t sprintf('LSODA unforced, dtout = %s', word('0.01 0.1 1', i+1)), "
      "for [i=0:2] data index i u 1:5 w lp lc i+1 dt 2 pt 6 t sprintf('msadams unforced, dtout = %s', word('0.01 0.1 1', i+1))"};
  snprintf(setup, sizeof setup,
           "set logscale xy\nset key outside right font ',9'\nset format x '10^{%%L}'\n"
           "set format y '10^{%%L}'\nset arrow from graph 0, first %g to graph 1, first %g nohead dt 2\n"
           "set label '%g %% (section 5)' at graph 0.02, first %g font ',9'",
           bound, bound, bound, 2.0 * bound);
  return gr_ctx_figure(ctx, &f);
}

/* One integrator over the grid: the largest error at the printed
 * tolerance (all dtout, and per dtout in at[]), the tightest tolerance
 * exceeding the bound, the largest |pi - p| at tolerances looser than the
 * printed one; the cells into out[tol][dtout][max, mean]. */
struct co_res {
  double paper, at[3], first, mom_loose, out[4][3][2];
};

static void co_grid(const struct bed_par *p, int quick, int method, int forced, double bound,
                    struct co_res *r)
{
  double mx, mean, mom;
  int i, j, failed = 0;
  r->paper = -INFINITY;
  r->first = NAN;
  r->mom_loose = 0.0;
  for (j = 0; j < 3; j++) {
    r->at[j] = NAN;
    for (i = 0; i < 4; i++) {
      r->out[i][j][0] = r->out[i][j][1] = NAN;
      if (quick && i % 2 == 0)
        continue;
      int nfail = co_cell(p, quick, method, forced, co_tol[i], co_dt[j], &mx, &mean, &mom);
      r->out[i][j][0] = mx;
      r->out[i][j][1] = mean;
      if (co_tol[i] > p->tol)
        r->mom_loose = isnan(mom) || mom > r->mom_loose ? mom : r->mom_loose;
      if (co_tol[i] == p->tol) {
        failed |= nfail > 0;
        r->paper = fmax(r->paper, mx);
        r->at[j] = mx;
      }
      if (!(mx <= bound) && (isnan(r->first) || co_tol[i] < r->first))
        r->first = co_tol[i];
    }
  }
  if (failed || isinf(r->paper)) /* a failed run: no maximum */
    r->paper = NAN;
}

/* The rows of the forced study: the claim, decided at every output
 * interval tried (Fig. 9's is not printed), and each interval's maximum. */
static void co_forced_rows(struct gr_ctx *ctx, const struct co_res *f)
{
  char q[96];
  int j;
  gr_ctx_compare(ctx, BED_CLAIMS, "energy_per_collision_pct", "value", f->paper, 0,
                 "largest error (%) of the pair's centre-of-mass energy over one collision, gravity and shaking as the listing applies them, LSODA as hpart (tol 1e-6, mxstep 500), over dtout 0.01, 0.1, 1");
  for (j = 0; j < 3; j++) {
    snprintf(q, sizeof q, "collisions/forced-lsoda-tol1e-6-dtout%g-max-pct", co_dt[j]);
    gr_ctx_inform(ctx, GR_KIND_CHECK, q, f->at[j], "largest error (%) at this output interval, forced (LSODA)");
    snprintf(q, sizeof q, "coll_forced_at_%d", j);
    gr_ctx_value(ctx, q, f->at[j]);
  }
  gr_ctx_inform(ctx, GR_KIND_CHECK, "collisions/tightest-tol-exceeding-0.8pct-forced", f->first,
                "LSODA forced: the tightest tolerance where some collision errs by more than 0.8 % (NaN: none)");
  gr_ctx_value(ctx, "coll_forced_first_tol", f->first);
}

int gr_wilson_bed_collisions(struct gr_ctx *ctx)
{
  static struct co_res ls, ms, lf;
  struct bed_par p;
  struct gr_data *d;
  double bound;
  char q[96];
  int quick = gr_ctx_quick(ctx), i, j;
  if (gr_wilson_bed_params(ctx, &p) != GR_OK ||
      gr_ctx_published(ctx, BED_CLAIMS, "energy_per_collision_pct", "value", &bound) != GR_OK)
    return gr_ctx_error(ctx)->code;
  co_grid(&p, quick, GR_BEDINT_LSODA, 0, bound, &ls);
  co_grid(&p, quick, GR_BEDINT_MSADAMS, 0, bound, &ms);
  co_grid(&p, quick, GR_BEDINT_LSODA, 1, bound, &lf);
  d = gr_ctx_data(ctx, "collision-errors", "tol dtout max_err_pct mean_err_pct max_err_pct_msadams mean_err_pct_msadams max_err_pct_forced mean_err_pct_forced");
  for (j = 0; d != NULL && j < 3; j++) {
    for (i = 0; i < 4; i++)
      if (!(quick && i % 2 == 0))
        gr_data_printf(d, "%.0e %g %.6g %.6g %.6g %.6g %.6g %.6g\n", co_tol[i], co_dt[j], ls.out[i][j][0],
                       ls.out[i][j][1], ms.out[i][j][0], ms.out[i][j][1], lf.out[i][j][0], lf.out[i][j][1]);
    gr_data_printf(d, "\n\n");
  }
  co_forced_rows(ctx, &lf);
  for (j = 0; j < 3; j++) {
    snprintf(q, sizeof q, "collisions/lsoda-tol1e-6-dtout%g-max-pct", co_dt[j]);
    gr_ctx_inform(ctx, GR_KIND_CHECK, q, ls.at[j], "unforced (no gravity, no shaking, no step limit): largest error (%) of the energy at this output interval (LSODA)");
  }
  gr_ctx_inform(ctx, GR_KIND_CHECK, "collisions/msadams-tol1e-6-max-pct", ms.paper,
                "unforced, every interval: the same maximum with the GSL stand-in (msadams driven like LSODA)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "collisions/tightest-tol-exceeding-0.8pct", ls.first,
                "LSODA unforced: the tightest tolerance where some collision errs by more than 0.8 % (NaN: none)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "collisions/tightest-tol-exceeding-0.8pct-msadams", ms.first,
                "the same with msadams");
  gr_ctx_verdict(ctx, GR_KIND_RESULT, "momentum/lost-at-loose-tolerance", ls.mom_loose, gr_test_gt(1e-9),
                 "section 5: momentum conserved only at small tolerances; LSODA, max |pi - p| of a free collision at every tolerance looser than 1e-6");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "momentum/loose-tolerance-msadams", ms.mom_loose,
                "the same maximum with msadams");
  gr_ctx_value(ctx, "mom_loose", ls.mom_loose);
  gr_ctx_value(ctx, "coll_paper_max", ls.paper);
  gr_ctx_value(ctx, "coll_paper_max_msadams", ms.paper);
  gr_ctx_value(ctx, "coll_forced_max", lf.paper);
  for (j = 0; j < 3; j++) {
    snprintf(q, sizeof q, "coll_at_%d", j);
    gr_ctx_value(ctx, q, ls.at[j]);
    snprintf(q, sizeof q, "coll_ms_at_%d", j);
    gr_ctx_value(ctx, q, ms.at[j]);
  }
  gr_ctx_value(ctx, "coll_first_tol", ls.first);
  gr_ctx_value(ctx, "coll_first_tol_msadams", ms.first);
  gr_ctx_value(ctx, "coll_first_ratio", ls.first / p.tol);
  return co_figure(ctx, bound);
}
