/* granrepro experiment wilson-bed: Fig. 9 of Wilson (2001), 20 disks of
 * diameter 1.7 shaken with gravity (A = 0.25, f = 5, g = 2, walls gamma =
 * 1, disk-disk elastic, tolerances 1e-6): snapshots and series of the
 * canonical start; the claims (the disks overlap each other and the walls)
 * decided by the sign test over the final snapshots of independent random
 * starts (physics/bedclaim.h: the run is chaotic, one run is one draw), and
 * time averages over the second half of those runs.  The starts are
 * independent runs, run on the OpenMP threads and written in order. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "stats/stats.h"
#include "physics/bedclaim.h"

#define F9_MAXSTARTS 9
#define F9_MAXN 20

struct f9_avg {
  const struct gr_bed_model *m;
  struct gr_data *series; /* canonical run only */
  double e0, tavg, h, k, pair, wall;
  long ns;
};

/* Sampler: accumulate the observables for t >= tavg. */
static int f9_sample(void *arg, double t, const double *y)
{
  struct f9_avg *a = arg;
  double pair, wall, h = 0.0;
  size_t i;
  gr_bed_closest(a->m, y, &pair, &wall);
  for (i = 0; i < a->m->n; i++)
    h += y[4 * i + 1] / (double)a->m->n;
  if (t == 0.0)
    a->e0 = gr_bed_energy_listing(a->m, y, 0);
  if (a->series != NULL)
    gr_data_printf(a->series, "%.3f %.6g %.6g %.6g %.6g %.6g\n", t, h,
                   gr_bed_kinetic(a->m, y) / (double)a->m->n, pair, wall,
                   100.0 * gr_bed_energy_listing(a->m, y, 0) / a->e0);
  if (t < a->tavg)
    return GR_OK;
  a->h += h;
  a->k += gr_bed_kinetic(a->m, y) / (double)a->m->n;
  a->pair += pair;
  a->wall += wall;
  a->ns++;
  return GR_OK;
}

/* Positions as circles (x, y, radius) for a snapshot figure. */
static void f9_snapshot(struct gr_ctx *ctx, const char *name, const double *y, size_t n,
                        double sigma)
{
  struct gr_data *d = gr_ctx_data(ctx, name, "x y radius");
  size_t i;
  for (i = 0; d != NULL && i < n; i++)
    gr_data_printf(d, "%.6f %.6f %.3f\n", y[4 * i], y[4 * i + 1], sigma / 2);
}

static const struct gr_figure f9_figs[] = {
    {"fig9a-start", "fig9a", "Fig. 9 a): canonical start", "x", "y",
     "set size square\nset xrange [0:10]\nset yrange [0:10]", "data u 1:2:3 w circles t ''"},
    {"fig9b-final", "fig9b", "Fig. 9 b): after the shaken run (g = 2, A = 0.25, w = 5)", "x",
     "y", "set size square\nset xrange [0:10]\nset yrange [0:10]", "data u 1:2:3 w circles t ''"},
    {"fig9-series", "fig9-series", "Fig. 9 run: mean height, kinetic energy per disk",
     "t", "", NULL, "data u 1:2 w l t 'mean height', data u 1:3 w l t 'kinetic per disk'"}};

/* One start: run, average, and the final snapshot's visible overlaps
 * (no ctx: the starts run in parallel); the run's status. */
static int f9_one(const struct bed_run *r, double *y, struct f9_avg *a, int ov[2])
{
  int s = gr_wilson_bed_run(r, y, f9_sample, a, NULL);
  if (s != GR_OK)
    return s;
  a->h /= a->ns;
  a->k /= a->ns;
  a->pair /= a->ns;
  a->wall /= a->ns;
  gr_bedclaim_overlaps(&r->m, y, GR_BEDCLAIM_VISIBLE, &ov[0], &ov[1]);
  return GR_OK;
}

/* Starts y[0..n-1] of run r, independent, on the OpenMP threads (each its
 * own state and averages a[i] (set up by the caller), so the bytes do not
 * depend on the thread count); the first failure as the task's error. */
static int f9_many(struct gr_ctx *ctx, const struct bed_run *r, double (*y)[4 * F9_MAXN],
                   struct f9_avg *a, int (*ov)[2], size_t n)
{
  int st[F9_MAXSTARTS + 1];
  long i;
#pragma omp parallel for schedule(dynamic, 1)
  for (i = 0; i < (long)n; i++)
    st[i] = f9_one(r, y[i], &a[i], ov[i]);
  for (i = 0; i < (long)n; i++)
    if (st[i] != GR_OK)
      return gr_ctx_fail(ctx, st[i], "wilson-bed: Fig. 9 run failed");
  return GR_OK;
}

/* Mean and SE over the random starts of one observable, as a row: our
 * measurement of our runs, nothing published to compare (kind check). */
static void f9_row(struct gr_ctx *ctx, const char *q, const char *name, const double *x,
                   size_t n, const char *note)
{
  double mean, se;
  char nm[64];
  if (gr_stats_mean_se(x, n, &mean, &se) != GR_OK) {
    gr_ctx_not_computed(ctx, GR_KIND_CHECK, q, "mean and SE over the starts failed");
    return;
  }
  gr_ctx_inform(ctx, GR_KIND_CHECK, q, mean, note);
  snprintf(nm, sizeof nm, "%s_se", name);
  gr_ctx_value(ctx, name, mean);
  gr_ctx_value(ctx, nm, se);
}

/* The two claims of section 5 about Fig. 9 b): k of n final snapshots
 * with a visible overlap, against H0 P <= 1/2. */
static void f9_claims(struct gr_ctx *ctx, const size_t k[2], size_t n)
{
  static const char *const q[2] = {"fig9/disks-overlap-each-other", "fig9/disks-overlap-walls"};
  static const char *const what[2] = {"a pair closer than 0.95 sigma", "a centre within 0.95 sigma/2 of a wall"};
  static const char *const name[2] = {"f9_kpair", "f9_kwall"};
  char note[200];
  int i;
  for (i = 0; i < 2; i++) {
    snprintf(note, sizeof note, "%zu of %zu final snapshots of random starts show %s; H0: P <= 1/2", k[i],
             n, what[i]);
    gr_ctx_verdict(ctx, GR_KIND_RESULT, q[i], gr_bedclaim_binom_p(k[i], n),
                   gr_test_p_below(GR_BEDCLAIM_LEVEL, "one-sided binomial sign test"), note);
    gr_ctx_value(ctx, name[i], (double)k[i]);
  }
}

/* The same random starts run again with another integrator or output
 * interval: the overlap sign tests as informative rows (the comparison). */
static int f9_alt(struct gr_ctx *ctx, const struct bed_fig9 *f, const double (*y0)[4 * F9_MAXN],
                  int method, double dtout, const char *tag)
{
  struct bed_run r = f->r;
  struct f9_avg a[F9_MAXSTARTS];
  double y[F9_MAXSTARTS][4 * F9_MAXN];
  size_t i, k[2] = {0, 0};
  char q[96], note[160];
  int ov[F9_MAXSTARTS][2];
  r.o.method = method;
  r.dtout = dtout;
  for (i = 0; i < f->nstarts; i++) {
    memcpy(y[i], y0[i], sizeof y[i]);
    a[i] = (struct f9_avg){&r.m, NULL, 0, r.tend / 2, 0, 0, 0, 0, 0};
  }
  if (f9_many(ctx, &r, y, a, ov, f->nstarts) != GR_OK)
    return gr_ctx_error(ctx)->code;
  for (i = 0; i < f->nstarts; i++) {
    k[0] += (size_t)ov[i][0];
    k[1] += (size_t)ov[i][1];
  }
  for (i = 0; i < 2; i++) {
    snprintf(q, sizeof q, "fig9/%s-%s", i ? "overlap-walls" : "overlap-pairs", tag);
    snprintf(note, sizeof note, "sign-test p: %zu of %zu final snapshots overlap (the same starts)",
             k[i], f->nstarts);
    gr_ctx_inform(ctx, GR_KIND_CHECK, q, gr_bedclaim_binom_p(k[i], f->nstarts), note);
  }
  return GR_OK;
}

int gr_wilson_bed_fig9(struct gr_ctx *ctx)
{
  static double y0[F9_MAXSTARTS][4 * F9_MAXN];
  struct bed_par p;
  struct bed_fig9 f;
  struct f9_avg a[F9_MAXSTARTS + 1];
  double y[F9_MAXSTARTS + 1][4 * F9_MAXN], obs[4][F9_MAXSTARTS], gap = INFINITY, pair, wall, r0;
  gsl_rng *rng = gr_ctx_rng(ctx, "fig9-starts");
  size_t i, n, k[2] = {0, 0};
  int ov[F9_MAXSTARTS + 1][2];
  if (rng == NULL || gr_wilson_bed_params(ctx, &p) != GR_OK)
    return gr_ctx_error(ctx)->code;
  gr_wilson_bed_fig9_setup(&p, gr_ctx_quick(ctx), &f);
  n = f.r.m.n;
  r0 = gr_wca_cutoff(&f.r.m.wca);
  if (n > F9_MAXN || n < 2 || f.nstarts > F9_MAXSTARTS)
    return gr_ctx_fail(ctx, GR_EINPUT, "wilson-bed: Fig. 9 takes 2 to %d disks (bed-constants.tsv n_disks)", F9_MAXN);
  for (i = 0; i <= f.nstarts; i++) { /* 0: the canonical start (its series written by its run) */
    a[i] = (struct f9_avg){&f.r.m, NULL, 0, f.r.tend / 2, 0, 0, 0, 0, 0};
    if (i == 0) {
      gr_wilson_bed_canonical(y[0], n);
      f9_snapshot(ctx, "fig9a", y[0], n, p.sigma);
      a[0].series = gr_ctx_data(ctx, "fig9-series", "t mean_height kinetic_per_disk closest_pair closest_wall listing_E_pct");
    } else {
      gr_wilson_bed_random(rng, y[i], n, p.box, p.sigma, r0, f.vmax);
      memcpy(y0[i - 1], y[i], sizeof y[i]);
      gr_bed_closest(&f.r.m, y[i], &pair, &wall);
      gap = fmin(gap, fmin(pair - p.sigma, wall - r0 / 2));
    }
  }
  if (f9_many(ctx, &f.r, y, a, ov, f.nstarts + 1) != GR_OK)
    return gr_ctx_error(ctx)->code;
  f9_snapshot(ctx, "fig9b", y[0], n, p.sigma);
  for (i = 1; i <= f.nstarts; i++) {
    k[0] += (size_t)ov[i][0];
    k[1] += (size_t)ov[i][1];
    obs[0][i - 1] = a[i].h;
    obs[1][i - 1] = a[i].k;
    obs[2][i - 1] = a[i].pair;
    obs[3][i - 1] = a[i].wall;
  }
  f9_claims(ctx, k, f.nstarts);
  if (f9_alt(ctx, &f, (const double (*)[4 * F9_MAXN])y0, GR_BEDINT_LSODA, 0.1, "lsoda-dtout0.1") != GR_OK ||
      f9_alt(ctx, &f, (const double (*)[4 * F9_MAXN])y0, GR_BEDINT_MSADAMS, f.r.dtout, "msadams") != GR_OK)
    return gr_ctx_error(ctx)->code;
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "fig9/random-starts-do-not-overlap", gap, gr_test_ge(0.0),
                 "min over random starts of (closest pair - sigma, closest wall - r0/2)");
  f9_row(ctx, "fig9/mean-height", "f9_h", obs[0], f.nstarts, "second half, mean over random starts");
  f9_row(ctx, "fig9/kinetic-per-disk", "f9_k", obs[1], f.nstarts, "second half, mean over random starts");
  f9_row(ctx, "fig9/closest-pair", "f9_pair", obs[2], f.nstarts, "second half, mean over random starts");
  f9_row(ctx, "fig9/closest-wall", "f9_wall", obs[3], f.nstarts, "second half, mean over random starts");
  gr_ctx_inform(ctx, GR_KIND_CHOICE, "fig9/output-interval", f.r.dtout,
                "dtout (not printed): ~126 samples per shaking period; section 5's 0.8 % per collision holds at 0.01, 0.1 and 1 alike in this setting (collisions/forced-*)");
  gr_ctx_inform(ctx, GR_KIND_CHOICE, "fig9/run-length", f.r.tend, "time units (not printed)");
  gr_ctx_inform(ctx, GR_KIND_CHOICE, "fig9/random-starts", (double)f.nstarts,
                "independent starts deciding the claims (9 lets the sign test reach p < 0.05 with one miss)");
  gr_ctx_value(ctx, "f9_starts", (double)f.nstarts);
  gr_ctx_value(ctx, "f9_tend", f.r.tend);
  for (i = 0; i < 3; i++)
    gr_ctx_figure(ctx, &f9_figs[i]);
  return GR_OK;
}
