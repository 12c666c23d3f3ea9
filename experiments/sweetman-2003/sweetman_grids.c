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

/* Slope of ln y against ln x for n points in *slope: GR_OK; GR_EINPUT,
 * slope NAN, when fewer than two grids were timed (a count of Table 4.1
 * that does not factor is not timed); a failed fit fails the run. */
static int sw_loglog(struct gr_ctx *ctx, const double *x, const double *y, size_t n, double *slope)
{
  double se;
  *slope = NAN;
  if (n < 2)
    return GR_EINPUT;
  if (gr_stats_loglog(x, y, n, slope, &se) == GR_OK)
    return GR_OK;
  return gr_ctx_fail(ctx, GR_EFAIL, "sweetman-neighbors: log-log fit of the Table 4.1 timings failed");
}

/* The slopes of Fig. 4.3 and their rows (nrun timed points, the first
 * small of them on the 47952-cell grid); a slope with fewer than two
 * points is not computed (its published row then differs, not computed). */
static int sw_grid_rows(struct gr_ctx *ctx, const double *n, const double *t, const double *tc,
                        size_t nrun, size_t small)
{
  double s_all, s_small, s_large;
  char note[200];
  int r_all = sw_loglog(ctx, n, t, nrun, &s_all);
  int r_small = sw_loglog(ctx, n, tc, small, &s_small);
  int r_large = sw_loglog(ctx, n + small, tc + small, nrun - small, &s_large);
  if (gr_ctx_error(ctx)->code != GR_OK)
    return gr_ctx_error(ctx)->code;
  snprintf(note, sizeof note, "ln t against ln N, chain cells on the Table 4.1 grids, N = 1000-%.0f", nrun > 0 ? n[nrun - 1] : 0.0);
  if (r_all == GR_OK)
    gr_ctx_inform(ctx, GR_KIND_CHECK, "chapter4/table-4-1-grids-slope", s_all, note);
  else
    gr_ctx_not_computed(ctx, GR_KIND_CHECK, "chapter4/table-4-1-grids-slope", "fewer than two grids of Table 4.1 factor");
  if (r_small == GR_OK)
    gr_ctx_compare(ctx, "figures-4", "slope_fig43_small", "value", s_small, 0.0,
                   "ln(t ncell) against ln N for N <= 10000 (47952 cells)");
  if (r_large == GR_OK)
    gr_ctx_compare(ctx, "figures-4", "slope_fig43_large", "value", s_large, 0.0,
                   gr_ctx_quick(ctx) ? "ln(t ncell) against ln N for N = 15000-20000 (quick: two points)" : "ln(t ncell) against ln N for N >= 15000");
  gr_ctx_value(ctx, "grids_slope", s_all);
  gr_ctx_value(ctx, "grids_nmax", nrun > 0 ? n[nrun - 1] : NAN);
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
  size_t nrun = gr_ctx_quick(ctx) ? 6 : SW_NGRID, k, j = 0, small = 0;
  double n[SW_NGRID], t[SW_NGRID], tc[SW_NGRID], nc[SW_NGRID];
  int m[3] = {0, 0, 0}, status = GR_OK, ok, nok = 0;
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
    if (ok)
      snprintf(note, sizeof note, "= %d x %d x %d cells, the grid used here", m[0], m[1], m[2]);
    else
      snprintf(note, sizeof note, "not a near-cubic grid: not timed");
    if (gr_ctx_compare(ctx, "table-4-1", row, "ncell", ok ? (double)m[0] * m[1] * m[2] : 0.0, 0.0, note) != GR_OK)
      return gr_ctx_error(ctx)->code;
    if (k >= nrun || !ok)
      continue; /* a count that does not factor: no grid to time; near-cubic-grids differs */
    if (gr_sweetman_state_init(&s, (size_t)np[k], gr_ctx_seed(ctx), m) != GR_OK)
      return gr_ctx_fail(ctx, GR_ENOMEM, "Table 4.1 grid of %d x %d x %d cells, N = %d: out of memory", m[0], m[1], m[2], np[k]);
    gr_ctx_progress(ctx, "Table 4.1 grids", (double)k / nrun);
    n[j] = np[k];
    t[j] = gr_sweetman_time(&s, SW_REBUILD_CHAIN, 3);
    tc[j] = t[j] * nc[k];
    sw_keep(&status, s.status);
    gr_sweetman_state_free(&s);
    gr_data_printf(d, "%d %.0f %.6e %.6f %.6f %.6f\n", np[k], nc[k], t[j], log(n[j]), log(t[j]), log(tc[j]));
    small += k < 4; /* N <= 10000: the 47952-cell grid */
    j++;
  }
  if (status != GR_OK)
    return gr_ctx_fail(ctx, GR_ENOMEM, "neighbour search failed (out of memory)");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "table-4-1/near-cubic-grids", nok, gr_test_eq(SW_NGRID),
                 "counts of Table 4.1 that factor as a x a x b, b = a or a + 1 (our reading of the grids; "
                 "the ncell rows multiply the factors back, informative)");
  return sw_grid_rows(ctx, n, t, tc, j, small);
}
