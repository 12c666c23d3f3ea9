/* granrepro experiment wilson-clumping: verdicts, figures and notes for the
 * runs of section 3 (Figs. 5-7 and the collision-rule comparison) and for
 * Fig. 4 (cost of reaching t = 10 against N). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "experiments/wilson-2001/clumping.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "physics/granobs.h"

/* Mean and standard error over the runs of a rule that reached sample k
 * (what = 0: T, 1: clustering index, 2: DDC rate / Enskog rate). */
static int wc_stat(const struct wc_group *g, int r, int k, int what, double *mean, double *se)
{
  double s = 0.0, s2 = 0.0, v, n = g->n, dens = n / (WC_L * WC_L), dt = k > 0 ? wc_time(k) - wc_time(k - 1) : 0.0;
  int j, m = 0;
  for (j = 0; j < g->nseed; j++) {
    const struct wc_series *o = &g->run[r][j];
    if (o->nsamp <= k || (what == 2 && k == 0))
      continue;
    if (what == 0)
      v = o->T[k];
    else if (what == 1)
      v = o->ci[k];
    else { /* sqrt T averaged over the window: the Enskog rate goes as sqrt T */
      double sq = 0.5 * (sqrt(o->T[k - 1]) + sqrt(o->T[k]));
      v = o->ddc[k] / dt / (0.5 * n * gr_granobs_enskog(dens, g->d, sq * sq));
    }
    s += v;
    s2 += v * v;
    m++;
  }
  *mean = m ? s / m : NAN;
  *se = m > 1 ? sqrt(fmax(s2 / m - (s / m) * (s / m), 0.0) / (m - 1)) : NAN;
  return m;
}

/* Positions of Figs. 5-7 (seed 0) and their figures. */
static int wc_positions(struct gr_ctx *ctx, const struct wc_group *g)
{
  static const struct { const char *fig; const char *what; int rule; } sets[] = {
    {"fig5", "initial positions", -1}, {"fig6", "final positions (t = 10), inelastic mu = 0.4 as Wilson's code applies it", 1},
    {"fig7", "final positions (t = 10), elastic", 0}, {"final-restitution-tc", "final positions (t = 10), restitution e = 0.4 with the TC model", 3}};
  char name[64], title[200];
  size_t k;
  int i, rc = 0;
  for (k = 0; k < sizeof sets / sizeof sets[0] && rc == 0; k++) {
    struct gr_data *d;
    const double *x = sets[k].rule < 0 ? g->x0 : g->xf[sets[k].rule];
    const double *y = sets[k].rule < 0 ? g->y0 : g->yf[sets[k].rule];
    struct gr_figure f = {name, name, title, "x", "y",
      "set size square\nset xrange [0:10]\nset yrange [0:10]\nunset key\nset style fill solid 1.0 noborder",
      "data using 1:2:3 with circles lc rgb '#1f4e9a'"};
    snprintf(name, sizeof name, "%s-N%d", sets[k].fig, g->n);
    snprintf(title, sizeof title, "Wilson Fig. %s: N = %d, D = %g, %s", sets[k].fig + 3, g->n, g->d, sets[k].what);
    if (sets[k].rule == 3)
      snprintf(title, sizeof title, "N = %d, D = %g, %s", g->n, g->d, sets[k].what);
    if ((d = gr_ctx_data(ctx, name, "x y radius")) == NULL)
      return gr_ctx_error(ctx)->code;
    for (i = 0; i < g->n; i++)
      gr_data_printf(d, "%.6f %.6f %g\n", x[i], y[i], 0.5 * g->d);
    rc = gr_ctx_figure(ctx, &f);
  }
  return rc;
}

/* The time series (mean and SE over seeds per rule) and its figures. */
static int wc_series_out(struct gr_ctx *ctx, const struct wc_group *g, const char *tag,
                         double T0, double t0[WC_NRULE])
{
  char name[64], cols[1024], title[3][160], plot[3][1400];
  struct gr_data *d;
  int k, r, w, len = 0;
  double m, se;
  snprintf(name, sizeof name, "series-%s", tag);
  len = snprintf(cols, sizeof cols, "t haff_restitution haff_code");
  for (r = 0; r < WC_NRULE; r++)
    len += snprintf(cols + len, sizeof cols - len, " T_%s T_se ci ci_se enskog_ratio enskog_se runs",
                    wc_rules[r].name);
  if ((d = gr_ctx_data(ctx, name, cols)) == NULL)
    return gr_ctx_error(ctx)->code;
  for (k = 0; k <= WC_NS; k++) {
    double t = wc_time(k);
    gr_data_printf(d, "%.4f %.6g %.6g", t, gr_granobs_haff(1.0, t0[2], t), gr_granobs_haff(1.0, t0[1], t));
    for (r = 0; r < WC_NRULE; r++) {
      int runs = wc_stat(g, r, k, 0, &m, &se);
      gr_data_printf(d, " %.6g %.3g", m / T0, se / T0);
      wc_stat(g, r, k, 1, &m, &se);
      gr_data_printf(d, " %.6g %.3g", m, se);
      wc_stat(g, r, k, 2, &m, &se);
      gr_data_printf(d, " %.6g %.3g %d", m, se, runs);
    }
    gr_data_printf(d, "\n");
  }
  for (w = 0; w < 3; w++) {
    int l = 0;
    for (r = 0; r < WC_NRULE; r++) {
      int c = 4 + 7 * r + 2 * w;
      l += snprintf(plot[w] + l, sizeof plot[w] - l, "%sdata using 1:%d:%d with yerrorlines lw 2 pt 7 ps 0.4 title '%s'",
                    r ? ", " : "", c, c + 1, wc_rules[r].name);
    }
    if (w == 0)
      snprintf(plot[w] + l, sizeof plot[w] - l, ", data using 1:2 with lines dt 2 lw 2 lc rgb 'black' title 'Haff, restitution 0.4', "
               "data using 1:3 with lines dt 3 lw 2 lc rgb 'gray40' title 'Haff, code rule mu = 0.4'");
    if (w == 2)
      snprintf(plot[w] + l, sizeof plot[w] - l, ", 1 with lines dt 2 lc rgb 'black' title 'Enskog'");
  }
  snprintf(title[0], sizeof title[0], "Granular temperature T(t)/T0, N = %d, D = %g (mean of %d seeds)", g->n, g->d, g->nseed);
  snprintf(title[1], sizeof title[1], "Clustering index (variance/mean of counts in 1x1 boxes), N = %d, D = %g", g->n, g->d);
  snprintf(title[2], sizeof title[2], "Disk-disk collision rate / Enskog rate (Henderson g), N = %d, D = %g", g->n, g->d);
  {
    static const char *stem[3] = {"temperature", "clustering", "enskog"};
    static const char *ylab[3] = {"T / T0", "variance / mean of box counts", "collision rate / Enskog rate"};
    static const char *setup[3] = {"set logscale y\nset key bottom left", "set key top left", "set key top left\nset xrange [0.5:10]"};
    char fname[3][64];
    int rc = 0;
    for (w = 0; w < 3 && rc == 0; w++) {
      struct gr_figure f = {fname[w], name, title[w], "time t", ylab[w], setup[w], plot[w]};
      snprintf(fname[w], sizeof fname[w], "%s-%s", stem[w], tag);
      rc = gr_ctx_figure(ctx, &f);
    }
    return rc;
  }
}

/* Conservation: the worst balance error of a rule over its runs. */
static void wc_worst(const struct wc_group *g, int r, double *e, double *p, double *ddcp)
{
  int j;
  *e = *p = *ddcp = 0.0;
  for (j = 0; j < g->nseed; j++) {
    *e = fmax(*e, g->run[r][j].e_err);
    *p = fmax(*p, g->run[r][j].p_err);
    *ddcp += g->run[r][j].ddc_p / g->nseed;
  }
}

/* Collapse rows: how many long runs the watchdog stopped, when, and who
 * was involved in the first one. */
static void wc_collapses(struct gr_ctx *ctx, const struct wc_group *g, int r, const char *tag)
{
  char q[160], note[1400];
  int j, k, m = 0, first = -1, l;
  double tsum = 0.0;
  if (g->t_long <= 0.0)
    return;
  for (j = 0; j < g->nseed; j++)
    if (g->lrun[r][j].status == GR_EDMD_COLLAPSE) {
      m++;
      tsum += g->lrun[r][j].t;
      if (first < 0)
        first = j;
    }
  snprintf(q, sizeof q, "%s/%s/collapses-to-t%g", tag, wc_rules[r].name, g->t_long);
  if (first < 0) {
    snprintf(note, sizeof note, "of %d runs continued to t = %g were stopped by the collapse watchdog", g->nseed, g->t_long);
    gr_ctx_informative(ctx, q, 0.0, note);
    return;
  }
  {
    const struct gr_edmd_collapse *c = &g->lrun[r][first].col;
    l = snprintf(note, sizeof note, "of %d runs continued to t = %g were stopped by the watchdog (mean collapse time %.2f); "
                 "seed %d at t = %.6f after %lld DDCs: the last 32 DDCs came %.3g x faster than the run's average, among %d disks:",
                 g->nseed, g->t_long, tsum / m, first, c->t, g->lrun[r][first].ddc, c->rate_ratio, c->ndisks);
    for (k = 0; k < c->ndisks && k < GR_EDMD_REPORT && l < (int)sizeof note - 60; k++)
      l += snprintf(note + l, sizeof note - l, " #%d (%d coll. at %.3f,%.3f)", c->disk[k], c->count[k], c->x[k], c->y[k]);
  }
  gr_ctx_informative(ctx, q, (double)m, note);
}

/* The collision-rule comparison of one group: one row per rule (clustering
 * index and T/T0 at t = 10, collisions, collapses in the long runs) and a
 * bar chart of the clustering index. */
static int wc_rules_table(struct gr_ctx *ctx, const struct wc_group *g, const char *tag, double T0)
{
  char name[64], title[160];
  struct gr_data *d;
  struct gr_figure f = {name, name, title, "collision rule", "clustering index at t = 10",
    "set style fill solid 0.5\nset boxwidth 0.6\nunset key\nset yrange [0:*]\nset xrange [-0.6:4.6]\nset xtics rotate by -20",
    "data using 1:3:4:xtic(2) with boxerrorbars lc rgb '#1f4e9a'"};
  int r, j;
  snprintf(name, sizeof name, "rules-%s", tag);
  snprintf(title, sizeof title, "Collision rules compared, N = %d, D = %g: clustering index at t = 10 (mean +- SE of %d seeds)",
           g->n, g->d, g->nseed);
  if ((d = gr_ctx_data(ctx, name, "index rule ci_t10 ci_se T_t10_over_T0 T_se ddc_to_t10 collapsed_long_runs")) == NULL)
    return gr_ctx_error(ctx)->code;
  for (r = 0; r < WC_NRULE; r++) {
    double ci, cise, T, Tse, ddc = 0.0;
    int col = 0;
    wc_stat(g, r, WC_NS, 1, &ci, &cise);
    wc_stat(g, r, WC_NS, 0, &T, &Tse);
    for (j = 0; j < g->nseed; j++) {
      ddc += (double)g->run[r][j].k.ddc / g->nseed;
      col += r > 0 && g->t_long > 0.0 && g->lrun[r][j].status == GR_EDMD_COLLAPSE;
    }
    gr_data_printf(d, "%d %s %.6g %.3g %.6g %.3g %.1f %d\n", r, wc_rules[r].name, ci, cise, T / T0, Tse / T0, ddc, col);
  }
  return gr_ctx_figure(ctx, &f);
}

int wc_report_group(struct gr_ctx *ctx, const struct wc_group *g, int figures)
{
  char tag[32], q[200], note[600];
  double T0, se, omega0, t0[WC_NRULE], ci[WC_NRULE], cise[WC_NRULE], e, p, dp, m, worst;
  double phi = g->n * 0.7853981633974483 * g->d * g->d / (WC_L * WC_L);
  int r, k, runs[WC_NRULE], rc = 0, nearly;
  snprintf(tag, sizeof tag, "N%d-D%g", g->n, g->d);
  wc_stat(g, 0, 0, 0, &T0, &se);
  omega0 = gr_granobs_enskog(g->n / (WC_L * WC_L), g->d, T0);
  for (r = 0; r < WC_NRULE; r++) {
    t0[r] = gr_granobs_haff_t0(&wc_rules[r].r, omega0);
    runs[r] = wc_stat(g, r, WC_NS, 1, &ci[r], &cise[r]);
  }
  /* energy and momentum balances per rule */
  for (r = 0; r < WC_NRULE; r++) {
    wc_worst(g, r, &e, &p, &dp);
    snprintf(q, sizeof q, "%s/%s/energy-balance", tag, wc_rules[r].name);
    gr_ctx_assert(ctx, q, e, 1e-12, e <= 1e-12, r == 0 ? "max |E(t) - E0| / E0 over samples and seeds: elastic runs conserve energy"
                  : "max |E(t) + energy lost in DDCs - E0| / E0: the books balance");
    snprintf(q, sizeof q, "%s/%s/momentum-balance", tag, wc_rules[r].name);
    gr_ctx_assert(ctx, q, p, 1e-12, p <= 1e-12, "max |P(t) - P0 - wall impulses - DDC momentum change| / (N v_rms0)");
    snprintf(q, sizeof q, "%s/%s/ddc-momentum-change", tag, wc_rules[r].name);
    if (wc_rules[r].r.kind == GR_EDRULE_WILSON_CODE)
      gr_ctx_informative(ctx, q, dp, "|total momentum change in DDCs| / (N v_rms0), mean over seeds: the code's rule scales each pair's momentum by mu, "
                         "destroying momentum (the text's claim that momentum is conserved does not hold for the code)");
    else
      gr_ctx_assert(ctx, q, dp, 1e-12, dp <= 1e-12, "|total momentum change in DDCs| / (N v_rms0): momentum conserved collision by collision");
  }
  /* clumping against elastic, at t = 10 */
  for (r = 0; r < WC_NRULE; r++) {
    snprintf(q, sizeof q, "%s/%s/clustering-index-t10", tag, wc_rules[r].name);
    snprintf(note, sizeof note, "variance/mean of counts in 100 boxes of 1x1 at t = 10, mean of %d runs that reached it (SE %.3g); "
             "independent points give 0.99", runs[r], cise[r]);
    if (runs[r] > 0)
      gr_ctx_informative(ctx, q, ci[r], note);
    if (r == 0 || runs[r] < 2 || runs[0] < 2)
      continue;
    se = sqrt(cise[r] * cise[r] + cise[0] * cise[0]);
    snprintf(q, sizeof q, "%s/%s/clumps-more-than-elastic", tag, wc_rules[r].name);
    snprintf(note, sizeof note, "clustering index at t = 10 minus elastic (%.3f +- %.3f vs %.3f +- %.3f); must exceed 3 SE = %.3g",
             ci[r], cise[r], ci[0], cise[0], 3.0 * se);
    gr_ctx_assert(ctx, q, ci[r] - ci[0], 3.0 * se, ci[r] - ci[0] > 3.0 * se, note);
  }
  /* the elastic collision rate against Enskog, t >= 1 */
  for (m = 0.0, k = 1, nearly = 0; k <= WC_NS; k++) {
    if (wc_time(k - 1) < 1.0)
      continue;
    double v;
    wc_stat(g, 0, k, 2, &v, &se);
    m += v;
    nearly++;
  }
  m /= nearly;
  snprintf(q, sizeof q, "%s/elastic/collision-rate-over-enskog", tag);
  snprintf(note, sizeof note, "DDC rate / (N/2) 2 n D g(D) sqrt(pi T), g(D) = %.4f (Henderson, phi = %.4f), mean over 1 <= t <= 10 and seeds; "
           "within 5%% (walls shift the density seen by a disk by ~2%%)", gr_granobs_contact_g(phi), phi);
  gr_ctx_assert(ctx, q, m, 0.05, fabs(m - 1.0) <= 0.05, note);
  for (r = 1; r < WC_NRULE; r++) {
    double v, worstk = 0.0;
    int kk, last = -1;
    worst = 0.0;
    nearly = 0;
    for (kk = WC_NS; kk > 0 && last < 0; kk--)
      if (wc_stat(g, r, kk, 2, &v, &se) == g->nseed)
        last = kk;
    if (last > 0) {
      wc_stat(g, r, last, 2, &v, &se);
      snprintf(q, sizeof q, "%s/%s/collision-rate-over-enskog-late", tag, wc_rules[r].name);
      snprintf(note, sizeof note, "in the window ending at t = %.1f (all runs): above 1 when clumps raise the local density and g", wc_time(last));
      gr_ctx_informative(ctx, q, v, note);
    }
    /* Haff's law: asserted while T >= T0 / 2 (t <= (sqrt 2 - 1) t0, the first
     * one or two collisions per disk, before velocity correlations and
     * clusters build up), shown over t <= t0 */
    for (kk = 1; kk <= WC_NS && wc_time(kk) <= t0[r]; kk++) {
      double dev;
      if (wc_stat(g, r, kk, 0, &v, &se) < g->nseed)
        break;
      dev = v / gr_granobs_haff(T0, t0[r], wc_time(kk)) - 1.0;
      if (wc_time(kk) <= (sqrt(2.0) - 1.0) * t0[r]) {
        worst = fmax(worst, fabs(dev));
        nearly++;
      }
      worstk = fabs(dev) > fabs(worstk) ? dev : worstk;
    }
    snprintf(q, sizeof q, "%s/%s/haff-early", tag, wc_rules[r].name);
    snprintf(note, sizeof note, "max |T(t)/T_Haff(t) - 1| while T_Haff >= T0/2 (t <= %.3f; t0 = %.3f, T0 = %.4f, omega0 = %.4f Enskog), %d samples, mean of seeds; within 10%%",
             (sqrt(2.0) - 1.0) * t0[r], t0[r], T0, omega0, nearly);
    if (nearly >= 2)
      gr_ctx_assert(ctx, q, worst, 0.1, worst <= 0.1, note);
    else
      gr_ctx_informative(ctx, q, worst, note);
    snprintf(q, sizeof q, "%s/%s/haff-to-t0", tag, wc_rules[r].name);
    snprintf(note, sizeof note, "largest T(t)/T_Haff(t) - 1 (signed) over 0 < t <= t0 = %.3f: the homogeneous-cooling prediction drifts as correlations and clusters grow", t0[r]);
    gr_ctx_informative(ctx, q, worstk, note);
    wc_collapses(ctx, g, r, tag);
  }
  for (r = 0; r < WC_NRULE && rc == 0; r++) {
    double ddc = 0.0, vwc = 0.0, stale = 0.0, cure = 0.0;
    int j;
    for (j = 0; j < g->nseed; j++) {
      ddc += (double)g->run[r][j].k.ddc / g->nseed;
      vwc += (double)g->run[r][j].k.vwc / g->nseed;
      stale += (double)g->run[r][j].k.stale / g->nseed;
      cure += (double)(g->run[r][j].k.cure_tc + g->run[r][j].k.cure_vcut) / g->nseed;
    }
    snprintf(q, sizeof q, "%s/%s/disk-disk-collisions", tag, wc_rules[r].name);
    snprintf(note, sizeof note, "mean per run (to t = 10 or the collapse); cell crossings %.0f, stale events %.0f, DDCs made elastic by the cure %.0f",
             vwc, stale, cure);
    rc = gr_ctx_informative(ctx, q, ddc, note);
  }
  if (rc == 0)
    rc = wc_series_out(ctx, g, tag, T0, t0);
  if (rc == 0)
    rc = wc_rules_table(ctx, g, tag, T0);
  if (rc == 0 && figures)
    rc = wc_positions(ctx, g);
  return rc;
}
