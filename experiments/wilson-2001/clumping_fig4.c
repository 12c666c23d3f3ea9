/* granrepro experiment wilson-clumping: Fig. 4 of Wilson 2001 ("the time
 * ... to reach a system time of 10, for different numbers of particles";
 * "10 units of system time corresponded to approximately 300 iterations of
 * the main loop"; D = 0.1, N_XCELLS = N_YCELLS = 10: clumping-inputs.tsv)
 * and the "30,000 particle" remark of section 3.  The work (main-loop iterations: valid
 * events) is data; the runs go two at a time on the cores, and each run's
 * wall and thread-CPU times go to the run record as a phase, and to
 * `granrepro bench`. */
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "experiments/wilson-2001/clumping.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "harness/timer.h"
#include "harness/verdict.h"
#include "physics/place_random.h"
#include "status.h"

/* Disks of diameter d in hexagonal rows inside an l x l box: rows sqrt(3)/2 d
 * apart, alternate rows shifted by d/2 (the densest packing, 0.9069). */
static long cl_hex_max(double d, double l)
{
  long rows = (long)floor((l - d) / (0.8660254037844386 * d)) + 1;
  long full = (long)floor((l - d) / d) + 1, shifted = (long)floor((l - 1.5 * d) / d) + 1;
  return (rows + 1) / 2 * full + rows / 2 * shifted;
}

/* Fig. 4's figure, the published iteration count drawn as a line. */
static void cl_fig4_figure(struct gr_ctx *ctx, const struct gr_clumping_par *par, double iters)
{
  char plot[900], title[160], ylabel[64];
  struct gr_figure f = {
      .name = "fig4-events", .data = "fig4-events", .title = title,
      .xlabel = "number of disks N", .ylabel = ylabel, .setup = "set logscale xy\nset key top left",
      .plot = plot};
  snprintf(title, sizeof title, "Wilson Fig. 4 (work to reach t = %g, elastic, D = %g): main-loop iterations and pair predictions",
           par->t_end, par->d);
  snprintf(ylabel, sizeof ylabel, "count to t = %g", par->t_end);
  snprintf(plot, sizeof plot,
           "data using 1:2 with linespoints lw 2 pt 7 title 'iterations, paper grid %d x %d', "
           "data using 1:7 with linespoints lw 2 pt 5 title 'iterations, automatic cells (1-2 D)', "
           "data using 1:9 with linespoints lw 2 pt 6 dt 2 title 'pair predictions, paper grid', "
           "data using 1:10 with linespoints lw 2 pt 4 dt 2 title 'pair predictions, automatic cells', "
           "data using 1:3 with linespoints lw 2 pt 9 title 'disk-disk collisions', "
           "%g with lines dt 2 lc rgb 'black' title '\"approximately %g iterations\"'", par->cells, par->cells, iters, iters);
  gr_ctx_figure(ctx, &f);
}

/* Run j of size i from its start (0: the paper's grid, 1: automatic
 * cells), timed on its thread (wall and thread CPU, for the record). */
static int cl_fig4_one(const struct gr_clumping_par *par, int n, const double *buf, int j, long long *ev,
                       struct gr_edmd_counters *k, double t[2])
{
  struct gr_timer tm;
  int rc;
  gr_timer_start_thread(&tm);
  rc = gr_clumping_events_to(par, n, buf, buf + n, buf + 2 * n, buf + 3 * n, j ? 0 : par->cells, ev, k);
  gr_timer_stop(&tm);
  t[0] = tm.wall;
  t[1] = tm.cpu;
  return rc;
}

/* What the notes quote of one N: pair predictions per hard collision
 * (disk-disk and disk-wall) on each grid. */
static void cl_fig4_values(struct gr_ctx *ctx, int n, const struct gr_edmd_counters k[2])
{
  double hard = (double)(k[0].ddc + k[0].dwc);
  char name[64];
  snprintf(name, sizeof name, "pairs_per_collision_paper_N%d", n);
  gr_ctx_value(ctx, name, (double)k[0].pairs / hard);
  snprintf(name, sizeof name, "pairs_per_collision_auto_N%d", n);
  gr_ctx_value(ctx, name, (double)k[1].pairs / hard);
}

/* The published numbers of fig4.tsv (300 iterations to t = 10, 30000
 * disks) against what the engine needs for the smaller N of the runs and
 * what the box holds; the published iteration count back in *iters for
 * the figure. */
static void cl_fig4_verdicts(struct gr_ctx *ctx, const struct gr_clumping_par *par, long long ev1000,
                             double per1000, double *iters)
{
  char note[900];
  const double d = par->d, l = par->box, t = par->t_end;
  long h = cl_hex_max(d, l), h9 = cl_hex_max(par->d_listing, l);
  double most;
  if (gr_ctx_published(ctx, "fig4", "iterations_to_t10", "value", iters) != GR_OK ||
      gr_ctx_published(ctx, "fig4", "max_particles", "value", &most) != GR_OK)
    return;
  snprintf(note, sizeof note, "valid events to t = %g for N = %d, D = %g, %d x %d cells (%.1f cell crossings per disk alone); "
           "%g iterations cannot reach t = %g for any N of the runs: every crossing is an iteration, "
           "so %g events cover t = %g only for about %.0f disks; %g is the listing's N_PARTICLES", t, par->n[0], d, par->cells,
           par->cells, per1000, *iters, t, *iters, t, *iters / per1000, par->n_listing);
  gr_ctx_compare(ctx, "fig4", "iterations_to_t10", "value", (double)ev1000, 0.0, note);
  snprintf(note, sizeof note, "most disks of D = %g that fit in the %g x %g box (hexagonal packing; %ld for the code's D = %g); "
           "%g disks would cover %.0f%% of it (D = %g); random sequential placement as in the code jams near 54.7%%, about %.0f disks",
           d, l, l, h9, par->d_listing, most, 100.0 * most * 0.7853981633974483 * d * d / (l * l), d,
           0.547 * l * l / (0.7853981633974483 * d * d));
  gr_ctx_compare(ctx, "fig4", "max_particles", "value", (double)h, 0.0, note);
}

#define CL_FIG4_NS 7

/* Fig. 4's sizes, the conditions of its task (issue 25): every start drawn
 * in turn from one stream (in every shard), the two runs of size i where
 * mine[i]. */
struct cl_fig4_sizes {
  struct gr_ctx *ctx;
  const struct gr_clumping_par *par;
  const int *ns;
  int nn; /* sizes in this mode (quick runs fewer) */
  double *start[CL_FIG4_NS];
  long long ev[CL_FIG4_NS][2];
  struct gr_edmd_counters k[CL_FIG4_NS][2];
  double t[CL_FIG4_NS][2][2]; /* each run's wall and thread-CPU seconds */
};

static void cl_fig4_name(const void *arg, size_t i, char *buf, size_t len)
{
  snprintf(buf, len, "fig4-N%d", ((const struct cl_fig4_sizes *)arg)->ns[i]);
}

/* The runs of the sizes where mine[i], two at a time on the cores, the
 * largest N first; each run's times become a phase of the record. */
static int cl_fig4_run(void *arg, const unsigned char *mine)
{
  static const char *const grid[2] = {"paper-grid", "auto-grid"};
  struct cl_fig4_sizes *f = arg;
  int q, i, j, rcs[CL_FIG4_NS][2] = {{0}};
  char phase[64];
#pragma omp parallel for schedule(dynamic, 1)
  for (q = 0; q < 2 * f->nn; q++) {
    const int qi = f->nn - 1 - q / 2, qj = q % 2; /* the thread's own */
    if (mine[qi] && f->start[qi] != NULL)
      rcs[qi][qj] = cl_fig4_one(f->par, f->ns[qi], f->start[qi], qj, &f->ev[qi][qj], &f->k[qi][qj],
                                f->t[qi][qj]);
  }
  for (i = 0; i < f->nn; i++)
    for (j = 0; j < 2 && mine[i] && f->start[i] != NULL; j++) {
      if (rcs[i][j] != GR_OK)
        return gr_ctx_fail(f->ctx, GR_EFAIL, "engine set-up failed for %d disks", f->ns[i]);
      snprintf(phase, sizeof phase, "fig4-N%d-%s", f->ns[i], grid[j]);
      gr_ctx_phase_add(f->ctx, phase, f->t[i][j][0], f->t[i][j][1]);
    }
  return GR_OK;
}

static size_t cl_fig4_spans(void *arg, size_t i, struct gr_span sp[GR_COND_SPANS])
{
  struct cl_fig4_sizes *f = arg;
  sp[0] = (struct gr_span){f->ev[i], sizeof f->ev[i]};
  sp[1] = (struct gr_span){f->k[i], sizeof f->k[i]};
  return 2;
}

/* The data row of every size, the notes' values for the runs' N, and for
 * the smaller N the agreement of the two grids; its events and crossings
 * per disk back for the verdicts. */
static void cl_fig4_report(struct gr_ctx *ctx, const struct cl_fig4_sizes *f, struct gr_data *d,
                           long long *ev1000, double *per1000)
{
  const struct gr_clumping_par *par = f->par;
  char note[300];
  int i;
  for (i = 0; i < f->nn; i++) {
    const struct gr_edmd_counters *k = f->k[i];
    const long long *ev = f->ev[i];
    const int n = f->ns[i];
    gr_data_printf(d, "%d %lld %lld %lld %lld %lld %lld %lld %lld %lld\n", n, ev[0], k[0].ddc, k[0].dwc, k[0].vwc,
                   k[0].stale, ev[1], k[1].vwc, k[0].pairs, k[1].pairs);
    if (n == par->n[0] || n == par->n[1])
      cl_fig4_values(ctx, n, k);
    if (n != par->n[0])
      continue;
    *ev1000 = ev[0];
    *per1000 = (double)k[0].vwc / n;
    snprintf(note, sizeof note, "N = %d to t = %g: |disk-disk difference| + |wall difference| between the paper's %d x %d grid and the automatic grid",
             n, par->t_end, par->cells, par->cells);
    gr_ctx_verdict(ctx, GR_KIND_CHECK, "fig4/same-collisions-both-grids",
                   (double)(llabs(k[0].ddc - k[1].ddc) + llabs(k[0].dwc - k[1].dwc)), gr_test_eq(0.0), note);
  }
}

/* Fig. 4: the starts of its sizes (the table's D, box and velocities),
 * their runs as conditions, then data, verdicts and the figure. */
int gr_clumping_fig4(struct gr_ctx *ctx)
{
  static const int ns[CL_FIG4_NS] = {250, 500, 1000, 2000, 3000, 4000, 5000};
  struct gr_clumping_par par;
  struct gr_place_random p = {.maxtries = 100000000L};
  int nn = gr_ctx_quick(ctx) ? 4 : CL_FIG4_NS, i, rc = GR_OK, partial = 0;
  struct gr_data *d;
  gsl_rng *rng;
  struct cl_fig4_sizes f = {.ctx = ctx, .par = &par, .ns = ns, .nn = nn};
  struct gr_conds sizes = {.n = (size_t)nn, .arg = &f, .name = cl_fig4_name, .run = cl_fig4_run, .spans = cl_fig4_spans};
  double per1000 = 0.0;
  long long ev1000 = 0;
  if (gr_clumping_params(ctx, &par) != GR_OK)
    return gr_ctx_error(ctx)->code;
  p.lx = p.ly = par.box;
  p.d = par.d;
  p.vmax = par.vmax;
  d = gr_ctx_data(ctx, "fig4-events", "N events_paper_grid ddc dwc vwc_paper_grid stale_paper_grid events_auto_grid vwc_auto_grid pairs_paper_grid pairs_auto_grid");
  rng = gr_ctx_rng(ctx, "fig4-start");
  if (d == NULL || rng == NULL)
    rc = gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  for (i = 0; i < nn && rc == GR_OK; i++) {
    const int n = ns[i];
    if ((f.start[i] = malloc(4 * (size_t)n * sizeof(double))) == NULL)
      rc = gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
    else if (gr_place_random_disks(&p, n, rng, f.start[i], f.start[i] + n, f.start[i] + 2 * n, f.start[i] + 3 * n) != GR_OK)
      rc = gr_ctx_fail(ctx, GR_EFAIL, "cannot place %d disks", n);
  }
  if (rc != GR_OK || (rc = gr_ctx_conditions(ctx, &sizes, &partial)) != GR_OK)
    goto fail;
  if (!partial)
    cl_fig4_report(ctx, &f, d, &ev1000, &per1000);
fail:
  for (i = 0; i < nn; i++)
    free(f.start[i]);
  if (rc == GR_OK && !partial) {
    double iters = 0.0;
    cl_fig4_verdicts(ctx, &par, ev1000, per1000, &iters);
    cl_fig4_figure(ctx, &par, iters);
  }
  return gr_ctx_error(ctx)->code != GR_OK ? gr_ctx_error(ctx)->code : rc;
}
