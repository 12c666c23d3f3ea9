/* granrepro experiment sweetman-neighbors, chapter 4: rebuild time of the
 * neighbour list against N for the N-squared search (Fig. 4.1), the chain
 * cells and the sorted cells (Fig. 4.2), and the chain cells on the grids
 * of Table 4.1 (Fig. 4.3); log-log slopes by least squares (GSL).  Also
 * asserts, at every N, that all methods give the identical list. */
#include <gsl/gsl_fit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/sweetman.h"
#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/record.h"
#include "harness/report.h"
#include "harness/timer.h"

#define SW_MAXN 16

/* Shortest process-CPU time of one pass over reps passes, after one
 * warm-up pass, each on the next of the moved configurations (sw_next).  CPU time, not wall time: on a shared machine another job
 * takes wall time from us but not CPU time; the minimum is the estimate
 * least disturbed by what remains (shared caches and memory bandwidth). */
static double sw_time(struct sw_state *s, enum sw_method m, int reps, int *bad)
{
  double best = HUGE_VAL, t0, t;
  int r;
  *bad |= sw_pass(s, m);
  for (r = 0; r < reps; r++) {
    sw_next(s);
    t0 = gr_timer_cpu();
    *bad |= sw_pass(s, m);
    t = gr_timer_cpu() - t0;
    if (t < best)
      best = t;
  }
  return best;
}

/* Least-squares slope of ln t against ln n over points lo..hi-1. */
static double sw_slope(const double *n, const double *t, size_t lo, size_t hi, double *c0)
{
  double lx[SW_MAXN], ly[SW_MAXN], c1, cov00, cov01, cov11, sumsq;
  size_t k;
  for (k = lo; k < hi; k++) {
    lx[k - lo] = log(n[k]);
    ly[k - lo] = log(t[k]);
  }
  gsl_fit_linear(lx, 1, ly, 1, hi - lo, c0, &c1, &cov00, &cov01, &cov11, &sumsq);
  return c1;
}

/* Two lists are identical: same rows, same partners, bit for bit. */
static int sw_same(const struct gr_nbr *a, const struct gr_nbr *b)
{
  return a->cur.n == b->cur.n && a->cur.npair == b->cur.npair &&
         memcmp(a->cur.start, b->cur.start, (a->cur.n + 1) * sizeof *a->cur.start) == 0 &&
         memcmp(a->cur.j, b->cur.j, a->cur.npair * sizeof *a->cur.j) == 0;
}

/* Fig. 4.1: the N-squared search at small N; its list equals both cell
 * searches' lists. */
static int sw_nsq(struct gr_ctx *ctx, unsigned long seed, int quick)
{
  static const double nq[] = {500, 1000, 2000, 4000}, nf[] = {1000, 2000, 4000, 10000, 20000, 40000};
  const double *ns = quick ? nq : nf;
  size_t nn = quick ? 4 : 6, k;
  double t[SW_MAXN], c0, slope;
  int same = 1, bad = 0, rc;
  struct gr_data *d = gr_ctx_data(ctx, "fig-4-1", "N t_seconds ln_N ln_t fit_ln_t");
  struct gr_figure f = {"fig-4-1", "fig-4-1",
    "Fig. 4.1: N-squared update, ln(time) against ln(N)", "ln N", "ln(rebuild time / s)",
    "set key top left", "data using 3:4 with points pt 7 title 'measured (CPU time, min of passes)', "
    "data using 3:5 with lines lw 2 title 'least-squares fit'"};
  if (d == NULL)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  for (k = 0; k < nn; k++) {
    struct sw_state s;
    struct gr_nbr nsq;
    if (sw_state_init(&s, (size_t)ns[k], seed, 1.0, NULL) != GR_OK)
      return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
    gr_ctx_progress(ctx, "N-squared", (double)k / nn);
    t[k] = sw_time(&s, SW_REBUILD_NSQ, quick ? 3 : 2, &bad);
    nsq = s.nbr;
    gr_nbr_init(&s.nbr);
    bad |= sw_pass(&s, SW_REBUILD_CHAIN);
    same = same && sw_same(&nsq, &s.nbr);
    bad |= sw_pass(&s, SW_REBUILD_SORT);
    same = same && sw_same(&nsq, &s.nbr) && s.nbr.carried == s.nbr.cur.npair;
    gr_nbr_free(&nsq);
    sw_state_free(&s);
  }
  if (bad)
    return gr_ctx_fail(ctx, GR_ENOMEM, "neighbour search failed (out of memory)");
  slope = sw_slope(ns, t, 0, nn, &c0);
  for (k = 0; k < nn; k++)
    gr_data_printf(d, "%.0f %.6e %.6f %.6f %.6f\n", ns[k], t[k], log(ns[k]), log(t[k]), c0 + slope * log(ns[k]));
  rc = gr_ctx_assert(ctx, "chapter4/lists-identical-nsq-chain-sort", same, 1, same,
                     "at every N of Fig. 4.1 the N-squared, chain-cell and sorted-cell lists are bit-identical (rows, partners), and a rebuild of an unchanged configuration carries every pair's history");
  /* A timing slope over N = 500-4000 is at the mercy of machine load and
   * sanitizers (seen: 1.87 under ASan on a loaded machine): it is compared
   * only in full mode, over the thesis's range. */
  if (rc == GR_OK && quick)
    rc = gr_ctx_show(ctx, "figures-4", "slope_nsq", "value", slope,
                     "quick mode, N = 500-4000, min of 3 passes: too short and too noisy a range for a timing verdict; compared in full mode");
  else if (rc == GR_OK)
    rc = gr_ctx_compare(ctx, "figures-4", "slope_nsq", "value", slope, 0.0,
                        "N = 1000-40000 (the thesis's range), peer case, min of 2 passes");
  if (rc == GR_OK)
    rc = gr_ctx_figure(ctx, &f);
  return rc;
}

/* Fig. 4.2 and the per-particle cost: the cell searches at well-chosen
 * grids (cell edge = the cutoff) over N = 1e3 .. 1e5 (quick) or 1e6. */
static int sw_cells(struct gr_ctx *ctx, unsigned long seed, int quick)
{
  static const double ns[] = {1000, 2000, 4000, 10000, 20000, 40000, 100000, 200000, 400000, 1000000};
  static const enum sw_method ms[] = {SW_STREAM, SW_CELLS_SORT, SW_CELLS_CHAIN, SW_REBUILD_SORT, SW_REBUILD_CHAIN};
  size_t nn = quick ? 7 : 10, k, m, k4 = 3, k40 = 6;
  double t[5][SW_MAXN], c0, sl[5], thesis[5];
  int same = 1, bad = 0, rc = GR_OK;
  char note[256];
  struct gr_data *d = gr_ctx_data(ctx, "fig-4-2", "N ns_stream ns_cells_sort ns_cells_chain ns_rebuild_sort ns_rebuild_chain ln_N ln_t_sort ln_t_chain");
  struct gr_figure f = {"fig-4-2", "fig-4-2",
    "Fig. 4.2: cell searches (peer case, cell edge = cutoff), ln(time) against ln(N)", "ln N", "ln(rebuild time / s)",
    "set key top left", "data using 7:8 with linespoints pt 7 title 'sorted cells', "
    "data using 7:9 with linespoints pt 5 title 'chain cells (HEAD/LIST/MAP)'"};
  struct gr_figure g = {"rebuild-per-particle", "fig-4-2",
    "Rebuild cost per particle (one core; stream = reading the positions once)", "N", "ns per particle",
    "set logscale x\nset logscale y\nset key top left",
    "data using 1:2 with linespoints title 'streaming pass', data using 1:3 with linespoints title 'cell structure: sorted', "
    "data using 1:4 with linespoints title 'cell structure: HEAD/LIST', data using 1:5 with linespoints title 'rebuild: sorted cells', "
    "data using 1:6 with linespoints title 'rebuild: chain cells'"};
  if (d == NULL)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  for (k = 0; k < nn; k++) {
    struct sw_state s;
    struct gr_nbr chain;
    int reps = ns[k] <= 1e5 ? 5 : 3;
    if (sw_state_init(&s, (size_t)ns[k], seed, 1.0, NULL) != GR_OK)
      return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
    gr_ctx_progress(ctx, "cell searches", (double)k / nn);
    for (m = 0; m < 5; m++)
      t[m][k] = sw_time(&s, ms[m], reps, &bad);
    chain = s.nbr;
    gr_nbr_init(&s.nbr);
    bad |= sw_pass(&s, SW_REBUILD_SORT);
    same = same && sw_same(&chain, &s.nbr);
    gr_nbr_free(&chain);
    sw_state_free(&s);
    gr_data_printf(d, "%.0f %.3f %.3f %.3f %.3f %.3f %.6f %.6f %.6f\n", ns[k], 1e9 * t[0][k] / ns[k],
                   1e9 * t[1][k] / ns[k], 1e9 * t[2][k] / ns[k], 1e9 * t[3][k] / ns[k], 1e9 * t[4][k] / ns[k],
                   log(ns[k]), log(t[3][k]), log(t[4][k]));
  }
  if (bad)
    return gr_ctx_fail(ctx, GR_ENOMEM, "neighbour search failed (out of memory)");
  for (m = 0; m < 5; m++) {
    sl[m] = sw_slope(ns, t[m], k4, nn, &c0);
    thesis[m] = sw_slope(ns, t[m], 0, k40, &c0);
  }
  rc = gr_ctx_assert(ctx, "chapter4/lists-identical-chain-sort", same, 1, same,
                     "at every N up to the largest, the chain-cell and sorted-cell lists are bit-identical");
  snprintf(note, sizeof note, "log-log least-squares slope over N = 1e4-%.0e, CPU time; linear algorithm: bound 1.5 (halfway to quadratic) leaves room for cache misses and a loaded machine", ns[nn - 1]);
  if (rc == GR_OK)
    rc = gr_ctx_assert(ctx, "chapter4/slope-rebuild-sort-1e4-up", sl[3], 1.5, sl[3] < 1.5, note);
  if (rc == GR_OK)
    rc = gr_ctx_informative(ctx, "chapter4/slope-rebuild-chain-1e4-up", sl[4], "chain cells, same fit");
  if (rc == GR_OK)
    rc = gr_ctx_informative(ctx, "chapter4/slope-rebuild-sort-1e3-4e4", thesis[3], "sorted cells over the thesis's N range 1000-40000");
  if (rc == GR_OK)
    rc = gr_ctx_compare(ctx, "figures-4", "slope_cell", "value", thesis[4],
                        0.0, "our chain cells (the thesis's algorithm) at well-chosen grids over N = 1000-40000; the published slope comes from the grids of Table 4.1, see chapter4/table-4-1-grids-slope");
  for (m = 0; m < 5 && rc == GR_OK; m++) {
    snprintf(note, sizeof note, "ns per particle at N = %.0e (min of passes; one core)", ns[nn - 1]);
    char q[96];
    snprintf(q, sizeof q, "chapter4/ns-per-particle/%s", sw_method_name(ms[m]));
    rc = gr_ctx_informative(ctx, q, 1e9 * t[m][nn - 1] / ns[nn - 1], note);
  }
  if (rc == GR_OK)
    rc = gr_ctx_informative(ctx, "chapter4/cells-sort-over-stream", t[1][nn - 1] / t[0][nn - 1],
                            "cell structure (counting sort) / streaming pass at the largest N; the bench target is <= 5");
  if (rc == GR_OK)
    rc = gr_ctx_figure(ctx, &f);
  if (rc == GR_OK)
    rc = gr_ctx_figure(ctx, &g);
  return rc;
}

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

/* Fig. 4.3 and the published chain-cell slope: the thesis's algorithm on
 * the grids of Table 4.1 (cell edge = cutoff, the particles of the peer
 * case in one corner of the larger box). */
static int sw_table41(struct gr_ctx *ctx, unsigned long seed, int quick)
{
  static const int np[] = {1000, 2000, 4000, 10000, 15000, 20000, 25000, 30000, 35000, 40000};
  size_t nn = 10, nrun = quick ? 6 : 10, k, small = 4;
  double n[SW_MAXN], t[SW_MAXN], tc[SW_MAXN], nc[SW_MAXN], c0, s_all, s_small, s_large;
  int m[3], rc = GR_OK, bad = 0, ok;
  char row[32], note[200];
  struct gr_data *d = gr_ctx_data(ctx, "fig-4-3", "N ncell t_seconds ln_N ln_t ln_t_ncell");
  struct gr_figure f = {"fig-4-3", "fig-4-3",
    "Fig. 4.3: chain cells on the grids of Table 4.1, ln(t ncell) against ln(N)", "ln N", "ln(t * ncell)",
    "set key top left", "data using 4:6 with points pt 7 title 'ln(t ncell)', data using 4:5 with points pt 5 title 'ln t'"};
  if (d == NULL)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  for (k = 0; k < nn && rc == GR_OK; k++) {
    snprintf(row, sizeof row, "n%d", np[k]);
    if ((rc = gr_ctx_published(ctx, "table-4-1", row, "ncell", &nc[k])) != GR_OK)
      return rc;
    ok = sw_grid(nc[k], m);
    snprintf(note, sizeof note, ok ? "= %d x %d x %d cells, the grid used here" : "not a near-cubic grid", m[0], m[1], m[2]);
    rc = gr_ctx_compare(ctx, "table-4-1", row, "ncell", ok ? (double)m[0] * m[1] * m[2] : 0.0, 0.0, note);
    if (rc != GR_OK || k >= nrun)
      continue;
    {
      struct sw_state s;
      if (!ok || sw_state_init(&s, (size_t)np[k], seed, 1.0, m) != GR_OK)
        return gr_ctx_fail(ctx, GR_ENOMEM, "Table 4.1 grid: out of memory");
      gr_ctx_progress(ctx, "Table 4.1 grids", (double)k / nrun);
      n[k] = np[k];
      t[k] = sw_time(&s, SW_REBUILD_CHAIN, 3, &bad);
      tc[k] = t[k] * nc[k];
      sw_state_free(&s);
      gr_data_printf(d, "%d %.0f %.6e %.6f %.6f %.6f\n", np[k], nc[k], t[k], log(n[k]), log(t[k]), log(tc[k]));
    }
  }
  if (rc != GR_OK)
    return rc;
  if (bad)
    return gr_ctx_fail(ctx, GR_ENOMEM, "neighbour search failed (out of memory)");
  s_all = sw_slope(n, t, 0, nrun, &c0);
  s_small = sw_slope(n, tc, 0, small, &c0);
  s_large = sw_slope(n, tc, small, nrun, &c0);
  snprintf(note, sizeof note, "ln t against ln N, chain cells on the Table 4.1 grids, N = 1000-%d", np[nrun - 1]);
  rc = gr_ctx_informative(ctx, "chapter4/table-4-1-grids-slope", s_all, note);
  if (rc == GR_OK)
    rc = gr_ctx_compare(ctx, "figures-4", "slope_fig43_small", "value", s_small, 0.0,
                        "ln(t ncell) against ln N for N <= 10000 (47952 cells)");
  if (rc == GR_OK)
    rc = gr_ctx_compare(ctx, "figures-4", "slope_fig43_large", "value", s_large, 0.0,
                        quick ? "ln(t ncell) against ln N for N = 15000-20000 (quick: two points)" : "ln(t ncell) against ln N for N >= 15000");
  if (rc == GR_OK)
    rc = gr_ctx_figure(ctx, &f);
  if (rc == GR_OK)
    rc = gr_ctx_note(ctx, "Chapter 4 timing (process CPU time, minimum of several passes, one core; these rows and "
                     "data files vary from run to run, everything else is deterministic). The N-squared slope is 2 by "
                     "construction (N(N-1)/2 distance tests); the thesis's 2.0375 agrees. A cell search on a grid chosen "
                     "for the density (cell edge = cutoff) is linear: our slopes are about 1.0-1.1. The thesis's 1.2085 "
                     "most likely comes from its cell counts (Table 4.1): 47952 cells for every N up to 10000, then about 1.1 "
                     "million, so the cost of visiting empty cells jumps between N = 10000 and 15000 and the "
                     "least-squares line through both groups tilts above 1. Our chain cells on exactly those grids "
                     "give %.3f over N = 1000-%d, and Fig. 4.3 splits into the same two groups (slopes of ln(t ncell) "
                     "%.3f and %.3f against the thesis's 1.1938 and 1.0557; in quick mode the second group has only "
                     "two points). Allen and Tildesley's t ~ N^2/ncell "
                     "would need slope 2 in Fig. 4.3; it fails because most of the cells are empty: the cost is "
                     "a ncell + b N, not N^2/ncell.", s_all, np[nrun - 1], s_small, s_large);
  return rc;
}

int sw_timing(struct gr_ctx *ctx)
{
  unsigned long seed = gr_ctx_seed(ctx);
  int quick = gr_ctx_quick(ctx), rc;
  rc = sw_nsq(ctx, seed, quick);
  if (rc == GR_OK)
    rc = sw_cells(ctx, seed, quick);
  if (rc == GR_OK)
    rc = sw_table41(ctx, seed, quick);
  return rc;
}
