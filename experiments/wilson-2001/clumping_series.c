/* granrepro experiment wilson-clumping: the data sets and figures of a
 * group of runs (Wilson 2001, section 3, Figs. 5-7): the time series of
 * temperature, clustering index and collision rate (mean and SE over
 * seeds per rule), the rule comparison, the positions. */
#include <math.h>
#include <stdio.h>

#include "experiments/wilson-2001/clumping.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "stats/stats.h"
#include "physics/granobs.h"
#include "status.h"

/* Value what (0: T, 1: clustering index, 2: DDC rate over the Enskog rate
 * with sqrt T averaged over the window, as the rate goes as sqrt T) of run
 * o at sample k >= 1 for case 2. */
static double cl_value(const struct gr_clumping_group *g, const struct gr_clumping_series *o,
                       int k, int what)
{
  double n = g->n, dens = n / (g->par.box * g->par.box), dt, sq;
  if (what == 0)
    return o->T[k];
  if (what == 1)
    return o->ci[k];
  dt = cl_time(g->par.t_end, k) - cl_time(g->par.t_end, k - 1);
  sq = 0.5 * (sqrt(o->T[k - 1]) + sqrt(o->T[k]));
  return o->ddc[k] / dt / (0.5 * n * gr_granobs_enskog(dens, g->d, sq * sq));
}

int gr_clumping_values(const struct gr_clumping_group *g, int r, int k, int what, double *v)
{
  int j, m = 0;
  for (j = 0; j < g->nseed; j++) {
    const struct gr_clumping_series *o = &g->run[r][j];
    if (o->nsamp > k && !(what == 2 && k == 0))
      v[m++] = cl_value(g, o, k, what);
  }
  return m;
}

/* gr_stats_mean_se over the runs that reached sample k; NAN (and 0 runs)
 * when no run did or the mean fails; an SE of NAN for fewer than two. */
int gr_clumping_stat(const struct gr_clumping_group *g, int r, int k, int what,
                     double *mean, double *se)
{
  double v[CL_MAXSEED];
  int m = gr_clumping_values(g, r, k, what, v);
  *mean = *se = NAN;
  if (m < 1 || gr_stats_mean_se(v, (size_t)m, mean, se) != GR_OK) {
    *mean = *se = NAN;
    return 0;
  }
  if (m < 2)
    *se = NAN;
  return m;
}

/* What a positions figure shows: the start (rule < 0) or the final
 * positions of rule 0, 1 or 3, with the table's t_end and mu. */
static void cl_positions_what(const struct gr_clumping_group *g, int rule, char *buf, size_t len)
{
  const double t = g->par.t_end, mu = g->par.mu;
  if (rule < 0)
    snprintf(buf, len, "initial positions");
  else if (rule == 0)
    snprintf(buf, len, "final positions (t = %g), elastic", t);
  else if (rule == 1)
    snprintf(buf, len, "final positions (t = %g), inelastic mu = %g as Wilson's code applies it", t, mu);
  else
    snprintf(buf, len, "final positions (t = %g), restitution e = %g with the TC model", t, mu);
}

/* Positions of Figs. 5-7 (seed 0) and their figures. */
void gr_clumping_positions(struct gr_ctx *ctx, const struct gr_clumping_group *g)
{
  static const struct { const char *fig; int rule; } sets[] = {
    {"fig5", -1}, {"fig6", 1}, {"fig7", 0}, {"final-restitution-tc", 3}};
  char name[64], title[200], what[120], setup[160];
  size_t k;
  int i;
  snprintf(setup, sizeof setup, "set size square\nset xrange [0:%g]\nset yrange [0:%g]\nunset key\nset style fill solid 1.0 noborder",
           g->par.box, g->par.box);
  for (k = 0; k < sizeof sets / sizeof sets[0]; k++) {
    struct gr_data *d;
    const double *x = sets[k].rule < 0 ? g->x0 : g->xf[sets[k].rule];
    const double *y = sets[k].rule < 0 ? g->y0 : g->yf[sets[k].rule];
    const struct gr_figure f = {.name = name, .data = name, .title = title, .xlabel = "x", .ylabel = "y",
      .setup = setup, .plot = "data using 1:2:3 with circles lc rgb '#1f4e9a'"};
    cl_positions_what(g, sets[k].rule, what, sizeof what);
    snprintf(name, sizeof name, "%s-N%d", sets[k].fig, g->n);
    snprintf(title, sizeof title, "Wilson Fig. %s: N = %d, D = %g, %s", sets[k].fig + 3, g->n, g->d, what);
    if (sets[k].rule == 3)
      snprintf(title, sizeof title, "N = %d, D = %g, %s", g->n, g->d, what);
    d = gr_ctx_data(ctx, name, "x y radius");
    for (i = 0; i < g->n && d != NULL; i++)
      gr_data_printf(d, "%.6f %.6f %g\n", x[i], y[i], 0.5 * g->d);
    gr_ctx_figure(ctx, &f);
  }
}

/* The series data set: per sample, Haff's curves and per rule T/T0, the
 * clustering index and the Enskog ratio with their SE and the runs. */
static void cl_series_data(struct gr_ctx *ctx, const struct gr_clumping_group *g, const char *name,
                           double T0, const double t0[CL_NRULE])
{
  char cols[1024];
  struct gr_data *d;
  int k, r, len;
  double m, se;
  len = snprintf(cols, sizeof cols, "t haff_restitution haff_code");
  for (r = 0; r < CL_NRULE; r++)
    len += snprintf(cols + len, sizeof cols - len, " T_%s T_se ci ci_se enskog_ratio enskog_se runs",
                    gr_clumping_rules[r].name);
  if ((d = gr_ctx_data(ctx, name, cols)) == NULL)
    return;
  for (k = 0; k <= CL_NS; k++) {
    double t = cl_time(g->par.t_end, k);
    gr_data_printf(d, "%.4f %.6g %.6g", t, gr_granobs_haff(1.0, t0[2], t),
                   gr_granobs_haff(1.0, t0[1], t));
    for (r = 0; r < CL_NRULE; r++) {
      int runs = gr_clumping_stat(g, r, k, 0, &m, &se);
      gr_data_printf(d, " %.6g %.3g", m / T0, se / T0);
      gr_clumping_stat(g, r, k, 1, &m, &se);
      gr_data_printf(d, " %.6g %.3g", m, se);
      gr_clumping_stat(g, r, k, 2, &m, &se);
      gr_data_printf(d, " %.6g %.3g %d", m, se, runs);
    }
    gr_data_printf(d, "\n");
  }
}

/* The plot command of series figure w (0: T, 1: clustering, 2: Enskog);
 * Haff's curves are labelled with the table's mu. */
static void cl_series_plot(int w, double mu, char *plot, size_t size)
{
  int r, l = 0;
  for (r = 0; r < CL_NRULE; r++) {
    int c = 4 + 7 * r + 2 * w;
    l += snprintf(plot + l, size - l, "%sdata using 1:%d:%d with yerrorlines lw 2 pt 7 ps 0.4 title '%s'",
                  r ? ", " : "", c, c + 1, gr_clumping_rules[r].name);
  }
  if (w == 0)
    snprintf(plot + l, size - l, ", data using 1:2 with lines dt 2 lw 2 lc rgb 'black' title 'Haff, restitution %g', "
             "data using 1:3 with lines dt 3 lw 2 lc rgb 'gray40' title 'Haff, code rule mu = %g'", mu, mu);
  if (w == 2)
    snprintf(plot + l, size - l, ", 1 with lines dt 2 lc rgb 'black' title 'Enskog'");
}

void gr_clumping_series_out(struct gr_ctx *ctx, const struct gr_clumping_group *g,
                            const char *tag, double T0, const double t0[CL_NRULE])
{
  static const char *stem[3] = {"temperature", "clustering", "enskog"};
  static const char *ylab[3] = {"T / T0", "variance / mean of box counts", "collision rate / Enskog rate"};
  char name[64], title[3][160], plot[3][1400], fname[3][64], setup[3][64];
  int w;
  snprintf(setup[0], sizeof setup[0], "set logscale y\nset key bottom left");
  snprintf(setup[1], sizeof setup[1], "set key top left");
  snprintf(setup[2], sizeof setup[2], "set key top left\nset xrange [0.5:%g]", g->par.t_end);
  snprintf(name, sizeof name, "series-%s", tag);
  cl_series_data(ctx, g, name, T0, t0);
  snprintf(title[0], sizeof title[0], "Granular temperature T(t)/T0, N = %d, D = %g (mean of %d seeds)", g->n, g->d, g->nseed);
  snprintf(title[1], sizeof title[1], "Clustering index (variance/mean of counts in 1x1 boxes), N = %d, D = %g", g->n, g->d);
  snprintf(title[2], sizeof title[2], "Disk-disk collision rate / Enskog rate (Henderson g), N = %d, D = %g", g->n, g->d);
  for (w = 0; w < 3; w++) {
    const struct gr_figure f = {.name = fname[w], .data = name, .title = title[w], .xlabel = "time t",
                                .ylabel = ylab[w], .setup = setup[w], .plot = plot[w]};
    cl_series_plot(w, g->par.mu, plot[w], sizeof plot[w]);
    snprintf(fname[w], sizeof fname[w], "%s-%s", stem[w], tag);
    gr_ctx_figure(ctx, &f);
  }
}

/* The collision-rule comparison of one group: one row per rule (clustering
 * index and T/T0 at t_end, collisions, collapses in the long runs) and a
 * bar chart of the clustering index. */
void gr_clumping_rules_table(struct gr_ctx *ctx, const struct gr_clumping_group *g,
                             const char *tag, double T0)
{
  char name[64], title[160], ylabel[64];
  struct gr_data *d;
  const struct gr_figure f = {.name = name, .data = name, .title = title, .xlabel = "collision rule",
    .ylabel = ylabel,
    .setup = "set style fill solid 0.5\nset boxwidth 0.6\nunset key\nset yrange [0:*]\nset xrange [-0.6:4.6]\nset xtics rotate by -20",
    .plot = "data using 1:3:4:xtic(2) with boxerrorbars lc rgb '#1f4e9a'"};
  int r, j;
  snprintf(name, sizeof name, "rules-%s", tag);
  snprintf(ylabel, sizeof ylabel, "clustering index at t = %g", g->par.t_end);
  snprintf(title, sizeof title, "Collision rules compared, N = %d, D = %g: clustering index at t = %g (mean +- SE of %d seeds)",
           g->n, g->d, g->par.t_end, g->nseed);
  if ((d = gr_ctx_data(ctx, name, "index rule ci_t10 ci_se T_t10_over_T0 T_se ddc_to_t10 collapsed_long_runs")) == NULL)
    return;
  for (r = 0; r < CL_NRULE; r++) {
    double ci, cise, T, Tse, ddc = 0.0;
    int col = 0;
    gr_clumping_stat(g, r, CL_NS, 1, &ci, &cise);
    gr_clumping_stat(g, r, CL_NS, 0, &T, &Tse);
    for (j = 0; j < g->nseed; j++) {
      ddc += (double)g->run[r][j].k.ddc / g->nseed;
      col += r > 0 && g->t_long > 0.0 && g->lrun[r][j].status == GR_EDMD_COLLAPSE;
    }
    gr_data_printf(d, "%d %s %.6g %.3g %.6g %.3g %.1f %d\n", r, gr_clumping_rules[r].name, ci, cise, T / T0, Tse / T0, ddc, col);
  }
  gr_ctx_figure(ctx, &f);
}
