/* granrepro experiment sweetman-neighbors, chapter 4 with the DEM engine:
 * the total run time per search method (Table 4.2, Fig. 4.4) and the share
 * of time per routine (Figs. 4.5-4.8), from whole runs of the peer case
 * timed routine by routine (sweetman_dem.c, harness/timer.h). */
#include <math.h>
#include <stdio.h>

#include "experiments/sweetman-2003/sweetman.h"
#include "harness/ctx.h"
#include "harness/verdict.h"
#include "harness/report.h"
#include "physics/dem.h"

#define SW_TN 7

static const int sw_np[SW_TN] = {1000, 2000, 4000, 10000, 20000, 30000, 40000};

static const struct gr_figure sw_figs42[] = {
  {.name = "fig-4-4", .data = "table-4-2",
   .title = "Fig. 4.4: CPU time of the whole run against N (peer case, fixed steps)",
   .xlabel = "N", .ylabel = "CPU seconds", .setup = "set logscale xy\nset key top left",
   .plot = "data using 1:2 with linespoints pt 7 title 'N-squared', data using 1:3 with linespoints pt 5 title 'chain cells', "
           "data using 1:4 with linespoints pt 9 title 'sorted cells'"},
  {.name = "fig-4-5-4-6", .data = "table-4-2",
   .title = "Figs. 4.5-4.6: update routine, percent of total CPU time",
   .xlabel = "N", .ylabel = "percent", .setup = "set logscale x\nset key top left\nset yrange [0:*]",
   .plot = "data using 1:6 with linespoints pt 7 title 'N-squared (Fig. 4.5)', data using 1:10 with linespoints pt 5 title 'chain cells (Fig. 4.6)', "
           "data using 1:14 with linespoints pt 9 title 'sorted cells'"},
  /* Figs. 4.7 (N-squared, columns 6-9) and 4.8 (chain cells, 10-13) */
  {.name = "fig-4-7", .data = "table-4-2",
   .title = "Fig. 4.7: routines with the N-squared search, percent of total CPU time",
   .xlabel = "N", .ylabel = "percent", .setup = "set logscale x\nset key outside right\nset yrange [0:*]",
   .plot = "data using 1:6 with linespoints title 'update', data using 1:7 with linespoints title 'forces', "
           "data using 1:8 with linespoints title 'integration', data using 1:9 with linespoints title 'diagnostics'"},
  {.name = "fig-4-8", .data = "table-4-2",
   .title = "Fig. 4.8: routines with the chain-cell search, percent of total CPU time",
   .xlabel = "N", .ylabel = "percent", .setup = "set logscale x\nset key outside right\nset yrange [0:*]",
   .plot = "data using 1:10 with linespoints title 'update', data using 1:11 with linespoints title 'forces', "
           "data using 1:12 with linespoints title 'integration', data using 1:13 with linespoints title 'diagnostics'"},
};

/* Table 4.2's improvement at the k-th N, 100 (t_nsq - t_chain) / t_nsq. */
static double sw_t42_gain(double tot[3][SW_TN], size_t k)
{
  return 100.0 * (tot[0][k] - tot[1][k]) / tot[0][k];
}

/* The rows of Table 4.2 (tot[m][k]: CPU time of method m at sw_np[k]). */
static void sw_t42_rows(struct gr_ctx *ctx, double tot[3][SW_TN], size_t nrun, long steps)
{
  static const char *const cols[] = {"hours_nsq", "hours_chain"};
  double pub0[2] = {0, 0};
  char row[32], note[256];
  size_t k;
  int m;
  for (m = 0; m < 2; m++)
    if (gr_ctx_published(ctx, "table-4-2", "n1000", cols[m], &pub0[m]) != GR_OK)
      return;
  for (k = 0; k < SW_TN; k++) {
    snprintf(row, sizeof row, "n%d", sw_np[k]);
    if (k >= nrun) {
      for (m = 0; m < 2; m++)
        gr_ctx_show(ctx, "table-4-2", row, cols[m], NAN, "not run in quick mode");
      gr_ctx_show(ctx, "table-4-2", row, "improvement_pct", NAN, "not run in quick mode");
      continue;
    }
    for (m = 0; m < 2; m++) {
      snprintf(note, sizeof note, "ratio, not hours: our CPU time at N = %d over ours at N = 1000, times the published "
               "N = 1000 entry (%ld steps per run)", sw_np[k], steps);
      gr_ctx_compare(ctx, "table-4-2", row, cols[m], tot[m][k] / tot[m][0] * pub0[m], 0.0, note);
    }
    gr_ctx_compare(ctx, "table-4-2", row, "improvement_pct", sw_t42_gain(tot, k), 0.0,
                   "100 (t_nsq - t_chain) / t_nsq, CPU time of whole runs");
  }
}

/* How many of the nrun - 1 steps from one N to the next raise the
 * improvement (the notes say it, so that no sentence claims a trend the
 * run did not show). */
static size_t sw_t42_rises(double tot[3][SW_TN], size_t nrun)
{
  size_t k, n = 0;
  for (k = 1; k < nrun; k++)
    n += sw_t42_gain(tot, k) > sw_t42_gain(tot, k - 1);
  return n;
}

/* The shares at the smallest and largest N, the improvement's trend: rows
 * and values of the notes. */
static void sw_t42_shares(struct gr_ctx *ctx, double t[3][SW_TN][SW_T_N], double tot[3][SW_TN],
                          size_t nrun, long steps)
{
  const size_t l = nrun - 1;
  double snsq = 100.0 * t[0][l][0] / tot[0][l], schain = 100.0 * t[1][l][0] / tot[1][l];
  gr_ctx_inform(ctx, GR_KIND_RESULT, "chapter4/update-share-nsq-largest-N", snsq,
                     "percent of the run spent in the N-squared update at the largest N (Fig. 4.5: grows to about 25 %)");
  gr_ctx_inform(ctx, GR_KIND_RESULT, "chapter4/update-share-chain-largest-N", schain,
                     "percent of the run spent in the chain-cell update at the largest N (Fig. 4.6: about 0.1 %)");
  gr_ctx_value(ctx, "t42_steps", (double)steps);
  gr_ctx_value(ctx, "t42_nmax", sw_np[l]);
  gr_ctx_value(ctx, "t42_share_nsq", snsq);
  gr_ctx_value(ctx, "t42_share_chain", schain);
  gr_ctx_value(ctx, "t42_share_nsq_first", 100.0 * t[0][0][0] / tot[0][0]);
  gr_ctx_value(ctx, "t42_improvement", sw_t42_gain(tot, l));
  gr_ctx_value(ctx, "t42_improvement_first", sw_t42_gain(tot, 0));
  gr_ctx_value(ctx, "t42_rises", (double)sw_t42_rises(tot, nrun));
  gr_ctx_value(ctx, "t42_steps_n", (double)(nrun - 1));
}

/* One whole timed run of method m at sw_np[k] (t: its routines' CPU
 * times on the thread's own clock). */
static int sw_t42_run(struct gr_ctx *ctx, int m, size_t k, long steps, double t[SW_T_N])
{
  static const int meth[] = {GR_DEM_NSQ, GR_DEM_CHAIN, GR_DEM_SORT};
  struct gr_dem d;
  long contacts;
  int rc = gr_sweetman_dem_peer(&d, (size_t)sw_np[k], gr_ctx_seed(ctx), meth[m]);
  if (rc != GR_OK)
    return rc;
  rc = gr_sweetman_dem_timed(&d, steps, t, &contacts, NULL, NULL);
  gr_dem_free(&d);
  return rc;
}

/* Table 4.2, Fig. 4.4 and Figs. 4.5-4.8: whole runs per N and method, a
 * thread each on both cores, the dearest (largest N) first so that the
 * threads end together; each run is serial and timed on its thread's CPU
 * clock (sweetman_dem.c), so its time is its own work. */
int gr_sweetman_table42(struct gr_ctx *ctx)
{
  const int quick = gr_ctx_quick(ctx);
  const int nrun = quick ? 3 : SW_TN;
  long steps = quick ? 150 : 700;
  double t[3][SW_TN][SW_T_N], tot[3][SW_TN];
  int bad = 0, done = 0, j, k, m, r;
  size_t i;
  struct gr_data *dd = gr_ctx_data(ctx, "table-4-2",
    "N total_nsq total_chain total_sort improvement_pct "
    "nsq_update nsq_forces nsq_integ nsq_diag chain_update chain_forces chain_integ chain_diag "
    "sort_update sort_forces sort_integ sort_diag");
  if (dd == NULL)
    return gr_ctx_error(ctx)->code;
#pragma omp parallel for schedule(dynamic, 1) reduction(| : bad)
  for (j = 0; j < 3 * nrun; j++) {
    const int jk = nrun - 1 - j / 3, jm = j % 3; /* the thread's own */
    bad |= sw_t42_run(ctx, jm, (size_t)jk, steps, t[jm][jk]) != GR_OK;
#pragma omp critical(sw_t42_progress)
    gr_ctx_progress(ctx, "Table 4.2 runs", ++done / (3.0 * nrun));
  }
  if (bad)
    return gr_ctx_fail(ctx, GR_ENOMEM, "DEM run failed (out of memory)");
  for (k = 0; k < nrun; k++)
    for (m = 0; m < 3; m++)
      tot[m][k] = t[m][k][0] + t[m][k][1] + t[m][k][2] + t[m][k][3];
  for (k = 0; k < nrun; k++) {
    gr_data_printf(dd, "%d %.6e %.6e %.6e %.3f", sw_np[k], tot[0][k], tot[1][k], tot[2][k],
                   100.0 * (tot[0][k] - tot[1][k]) / tot[0][k]);
    for (m = 0; m < 3; m++)
      for (r = 0; r < SW_T_N; r++)
        gr_data_printf(dd, " %.4f", 100.0 * t[m][k][r] / tot[m][k]);
    gr_data_printf(dd, "\n");
  }
  sw_t42_rows(ctx, tot, (size_t)nrun, steps);
  sw_t42_shares(ctx, t, tot, (size_t)nrun, steps);
  for (i = 0; i < sizeof sw_figs42 / sizeof sw_figs42[0]; i++)
    gr_ctx_figure(ctx, &sw_figs42[i]);
  return gr_ctx_error(ctx)->code;
}
