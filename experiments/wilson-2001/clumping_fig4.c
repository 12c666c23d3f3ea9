/* granrepro experiment wilson-clumping: Fig. 4 of Wilson 2001 ("the time
 * ... to reach a system time of 10, for different numbers of particles";
 * "10 units of system time corresponded to approximately 300 iterations of
 * the main loop"; D = 0.1, N_XCELLS = N_YCELLS = 10) and the "30,000
 * particle" remark of section 3.  The work (main-loop iterations: valid
 * events) is data; wall times go to the run record as one phase per run,
 * and to `granrepro bench`. */
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "experiments/wilson-2001/clumping.h"
#include "harness/ctx.h"
#include "harness/report.h"

/* Disks of diameter d in hexagonal rows inside an l x l box: rows sqrt(3)/2 d
 * apart, alternate rows shifted by d/2 (the densest packing, 0.9069). */
static long wc_hex_max(double d, double l)
{
  long rows = (long)floor((l - d) / (0.8660254037844386 * d)) + 1;
  long full = (long)floor((l - d) / d) + 1, shifted = (long)floor((l - 1.5 * d) / d) + 1;
  return (rows + 1) / 2 * full + rows / 2 * shifted;
}

int wc_report_fig4(struct gr_ctx *ctx, int quick, unsigned long seed)
{
  static const int ns[] = {250, 500, 1000, 2000, 3000, 4000, 5000};
  int nn = quick ? 4 : (int)(sizeof ns / sizeof ns[0]), i, rc = 0;
  struct gr_data *d = gr_ctx_data(ctx, "fig4-events", "N events_paper_grid ddc dwc vwc_paper_grid stale_paper_grid events_auto_grid vwc_auto_grid pairs_paper_grid pairs_auto_grid");
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  double *buf = malloc(4 * 5000 * sizeof *buf), per1000 = 0.0;
  long long ev1000 = 0;
  char phase[64], note[900];
  struct gr_figure f = {"fig4-events", "fig4-events",
    "Wilson Fig. 4 (work to reach t = 10, elastic, D = 0.1): main-loop iterations and pair predictions",
    "number of disks N", "count to t = 10", "set logscale xy\nset key top left",
    "data using 1:2 with linespoints lw 2 pt 7 title 'iterations, paper grid 10 x 10', "
    "data using 1:7 with linespoints lw 2 pt 5 title 'iterations, automatic cells (1-2 D)', "
    "data using 1:9 with linespoints lw 2 pt 6 dt 2 title 'pair predictions, paper grid', "
    "data using 1:10 with linespoints lw 2 pt 4 dt 2 title 'pair predictions, automatic cells', "
    "data using 1:3 with linespoints lw 2 pt 9 title 'disk-disk collisions', "
    "300 with lines dt 2 lc rgb 'black' title '\"approximately 300 iterations\"'"};
  if (d == NULL || rng == NULL || buf == NULL) {
    gsl_rng_free(rng);
    free(buf);
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  }
  gsl_rng_set(rng, seed * 7919UL + 4UL);
  for (i = 0; i < nn && rc == 0; i++) {
    struct gr_edmd_counters kp, ka;
    long long ep, ea;
    int n = ns[i];
    if (wc_init(n, 0.1, WC_L, rng, buf, buf + n, buf + 2 * n, buf + 3 * n) != 0) {
      rc = gr_ctx_fail(ctx, GR_EFAIL, "cannot place %d disks", n);
      break;
    }
    snprintf(phase, sizeof phase, "fig4-N%d-paper-grid", n);
    gr_ctx_phase_begin(ctx, phase);
    ep = wc_events_to(n, 0.1, buf, buf + n, buf + 2 * n, buf + 3 * n, 10, WC_TEND, &kp);
    gr_ctx_phase_end(ctx);
    snprintf(phase, sizeof phase, "fig4-N%d-auto-grid", n);
    gr_ctx_phase_begin(ctx, phase);
    ea = wc_events_to(n, 0.1, buf, buf + n, buf + 2 * n, buf + 3 * n, 0, WC_TEND, &ka);
    gr_ctx_phase_end(ctx);
    if (ep < 0 || ea < 0) {
      rc = gr_ctx_fail(ctx, GR_EFAIL, "engine set-up failed for %d disks", n);
      break;
    }
    gr_data_printf(d, "%d %lld %lld %lld %lld %lld %lld %lld %lld %lld\n", n, ep, kp.ddc, kp.dwc, kp.vwc, kp.stale,
                   ea, ka.vwc, kp.pairs, ka.pairs);
    if (n == 1000) {
      ev1000 = ep;
      per1000 = (double)kp.vwc / n;
      rc = gr_ctx_assert(ctx, "fig4/same-collisions-both-grids", (double)(kp.ddc - ka.ddc), 0.0,
                         kp.ddc == ka.ddc && kp.dwc == ka.dwc,
                         "N = 1000 to t = 10: the paper's 10 x 10 grid and the automatic grid process the same disk-disk and wall collisions");
    }
  }
  gsl_rng_free(rng);
  free(buf);
  if (rc != 0)
    return rc;
  snprintf(note, sizeof note, "valid events to t = 10 for N = 1000, D = 0.1, 10 x 10 cells (%.1f cell crossings per disk alone); "
           "300 iterations cannot reach t = 10 for any N of the runs: a disk moving at the mean speed 0.77 crosses a 1 x 1 cell in about 1.3 time units, "
           "so 300 events cover t = 10 only for about 30 disks; 300 is the listing's N_PARTICLES", per1000);
  rc = gr_ctx_compare(ctx, "fig4", "iterations_to_t10", "value", (double)ev1000, 0.0, note);
  if (rc == 0) {
    long h = wc_hex_max(0.1, WC_L), h9 = wc_hex_max(0.09, WC_L);
    snprintf(note, sizeof note, "most disks of D = 0.1 that fit in the 10 x 10 box (hexagonal packing; %ld for the code's D = 0.09); "
             "30000 disks would cover %.0f%% of it (D = 0.1); random sequential placement as in the code jams near 54.7%%, about %.0f disks",
             h9, 100.0 * 30000 * 0.7853981633974483 * 0.01 / 100.0, 0.547 * 100.0 / (0.7853981633974483 * 0.01));
    rc = gr_ctx_compare(ctx, "fig4", "max_particles", "value", (double)h, 0.0, note);
  }
  if (rc == 0)
    rc = gr_ctx_figure(ctx, &f);
  return rc;
}
