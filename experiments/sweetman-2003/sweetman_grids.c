/* granrepro experiment sweetman-neighbors, chapter 4: the chain cells on
 * the grids of Table 4.1 (Fig. 4.3) and the published chain-cell slopes;
 * times by harness/timer.h (sweetman_state.c), log-log slopes by
 * stats/stats.h. */
#include <math.h>
#include <stdio.h>

#include "experiments/sweetman-2003/sweetman.h"
#include "harness/ctx.h"
#include "harness/verdict.h"
#include "harness/report.h"
#include "stats/stats.h"

#define SW_NGRID 10

/* Factor a published cell count as a x a x b, b in {a, a+1} (Table 4.1). */
static int sw_grid(double ncell, int m[3])
{
  int a;
  for (a = 1; (double)a * a * a <= ncell; a++)
    ;
  for (a = a - 1; a >= a - 2 && a > 0; a--) {
    if ((double)a * a * a == ncell) { m[0] = m[1] = m[2] = a; return 1; }
    if ((double)a * a * (a + 1) == ncell) { m[0] = m[1] = a; m[2] = a + 1; return 1; }
    if ((double)a * a * a < ncell / 2)
      break;
  }
  return 0;
}

static const struct gr_figure sw_fig43 = {
  .name = "fig-4-3", .data = "fig-4-3",
  .title = "Fig. 4.3: chain cells on the grids of Table 4.1, ln(t ncell) against ln(N)",
  .xlabel = "ln N", .ylabel = "ln(t * ncell)", .setup = "set key top left",
  .plot = "data using 4:6 with points pt 7 title 'ln(t ncell)', data using 4:5 with points pt 5 title 'ln t'"};

/* Slope of ln y against ln x for n points in *slope; GR_OK, else the run
 * failed (the fit failed). */
static int sw_loglog(struct gr_ctx *ctx, const double *x, const double *y, size_t n, double *slope)
{
  double se;
  if (gr_stats_loglog(x, y, n, slope, &se) == GR_OK)
    return GR_OK;
  return gr_ctx_fail(ctx, GR_EFAIL, "sweetman-neighbors: log-log fit of the Table 4.1 timings failed");
}

/* The slopes of Fig. 4.3 and their rows (nrun points, the first small of
 * them on the 47952-cell grid). */
static int sw_grid_rows(struct gr_ctx *ctx, const double *n, const double *t, const double *tc,
                        size_t nrun, size_t small)
{
  double s_all, s_small, s_large;
  char note[200];
  if (sw_loglog(ctx, n, t, nrun, &s_all) != GR_OK || sw_loglog(ctx, n, tc, small, &s_small) != GR_OK ||
      sw_loglog(ctx, n + small, tc + small, nrun - small, &s_large) != GR_OK)
    return gr_ctx_error(ctx)->code;
  snprintf(note, sizeof note, "ln t against ln N, chain cells on the Table 4.1 grids, N = 1000-%.0f", n[nrun - 1]);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "chapter4/table-4-1-grids-slope", s_all, note);
  gr_ctx_compare(ctx, "figures-4", "slope_fig43_small", "value", s_small, 0.0,
                 "ln(t ncell) against ln N for N <= 10000 (47952 cells)");
  gr_ctx_compare(ctx, "figures-4", "slope_fig43_large", "value", s_large, 0.0,
                 gr_ctx_quick(ctx) ? "ln(t ncell) against ln N for N = 15000-20000 (quick: two points)" : "ln(t ncell) against ln N for N >= 15000");
  gr_ctx_value(ctx, "grids_slope", s_all);
  gr_ctx_value(ctx, "grids_nmax", n[nrun - 1]);
  gr_ctx_value(ctx, "fig43_slope_small", s_small);
  gr_ctx_value(ctx, "fig43_slope_large", s_large);
  return gr_ctx_figure(ctx, &sw_fig43);
}

/* Fig. 4.3 and the published chain-cell slope: the thesis's algorithm on
 * the grids of Table 4.1 (cell edge = cutoff, the particles of the peer
 * case in one corner of the larger box). */
int gr_sweetman_table41(struct gr_ctx *ctx)
{
  static const int np[SW_NGRID] = {1000, 2000, 4000, 10000, 15000, 20000, 25000, 30000, 35000, 40000};
  size_t nrun = gr_ctx_quick(ctx) ? 6 : SW_NGRID, k;
  double n[SW_NGRID], t[SW_NGRID], tc[SW_NGRID], nc[SW_NGRID];
  int m[3], status = GR_OK, ok, nok = 0;
  char row[32], note[200];
  struct gr_data *d = gr_ctx_data(ctx, "fig-4-3", "N ncell t_seconds ln_N ln_t ln_t_ncell");
  if (d == NULL)
    return gr_ctx_error(ctx)->code;
  for (k = 0; k < SW_NGRID; k++) {
    struct sw_state s;
    snprintf(row, sizeof row, "n%d", np[k]);
    if (gr_ctx_published(ctx, "table-4-1", row, "ncell", &nc[k]) != GR_OK)
      return gr_ctx_error(ctx)->code;
    ok = sw_grid(nc[k], m);
    nok += ok;
    snprintf(note, sizeof note, ok ? "= %d x %d x %d cells, the grid used here" : "not a near-cubic grid", m[0], m[1], m[2]);
    if (gr_ctx_compare(ctx, "table-4-1", row, "ncell", ok ? (double)m[0] * m[1] * m[2] : 0.0, 0.0, note) != GR_OK)
      return gr_ctx_error(ctx)->code;
    if (k >= nrun)
      continue;
    if (!ok || gr_sweetman_state_init(&s, (size_t)np[k], gr_ctx_seed(ctx), m) != GR_OK)
      return gr_ctx_fail(ctx, GR_ENOMEM, "Table 4.1 grid: out of memory");
    gr_ctx_progress(ctx, "Table 4.1 grids", (double)k / nrun);
    n[k] = np[k];
    t[k] = gr_sweetman_time(&s, SW_REBUILD_CHAIN, 3);
    tc[k] = t[k] * nc[k];
    sw_keep(&status, s.status);
    gr_sweetman_state_free(&s);
    gr_data_printf(d, "%d %.0f %.6e %.6f %.6f %.6f\n", np[k], nc[k], t[k], log(n[k]), log(t[k]), log(tc[k]));
  }
  if (status != GR_OK)
    return gr_ctx_fail(ctx, GR_ENOMEM, "neighbour search failed (out of memory)");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "table-4-1/near-cubic-grids", nok, gr_test_eq(SW_NGRID),
                 "counts of Table 4.1 that factor as a x a x b, b = a or a + 1 (our reading of the grids; "
                 "the ncell rows multiply the factors back, informative)");
  return sw_grid_rows(ctx, n, t, tc, nrun, 4);
}
