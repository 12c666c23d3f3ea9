/* granrepro experiment wilson-bed: Fig. 9 of Wilson (2001), 20 disks of
 * diameter 1.7 shaken with gravity (A = 0.25, f = 5, g = 2, walls gamma =
 * 1, disk-disk elastic, tolerances 1e-6): snapshots of the canonical start
 * and time averages over the second half of the run for the canonical and
 * several seeded random starts (the run is chaotic: averages, not
 * trajectories, are compared). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "harness/stats.h"

#define F9_MAXSTARTS 9

struct f9_avg {
  const struct gr_bed_model *m;
  struct gr_data *series; /* canonical run only */
  double e0, tavg, h, k, pair, wall, overlap_pair, overlap_wall;
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
    return 0;
  a->h += h, a->k += gr_bed_kinetic(a->m, y) / (double)a->m->n;
  a->pair += pair, a->wall += wall;
  a->overlap_pair += pair < a->m->wca.sigma;
  a->overlap_wall += wall < 0.5 * a->m->wca.sigma;
  a->ns++;
  return 0;
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

/* One start: run and fold its averages into the per-start arrays. */
static int f9_one(struct gr_ctx *ctx, struct bed_run *r, double *y, struct f9_avg *a)
{
  int s = gr_wilson_bed_run(r, y, f9_sample, a, NULL);
  if (s != 0)
    return gr_ctx_fail(ctx, s, "wilson-bed: Fig. 9 run failed");
  a->h /= a->ns, a->k /= a->ns, a->pair /= a->ns, a->wall /= a->ns;
  a->overlap_pair /= a->ns, a->overlap_wall /= a->ns;
  return 0;
}

/* Mean and SE over the random starts of one observable, as a row. */
static void f9_row(struct gr_ctx *ctx, const char *q, const char *name, const double *x,
                   size_t n, const char *note)
{
  double mean, se;
  char nm[64];
  if (gr_stats_mean_se(x, n, &mean, &se) != GR_OK) {
    mean = se = NAN; /* the notes show nan; the row says why */
    gr_ctx_not_computed(ctx, GR_KIND_UNCLASSIFIED, q, "mean and SE over the starts failed (fewer than 2 starts)");
  } else
    gr_ctx_informative(ctx, q, mean, note);
  snprintf(nm, sizeof nm, "%s_se", name);
  gr_ctx_value(ctx, name, mean);
  gr_ctx_value(ctx, nm, se);
}

int gr_wilson_bed_fig9(struct gr_ctx *ctx)
{
  struct bed_par p;
  struct bed_run r;
  struct f9_avg a;
  double y[80], obs[4][F9_MAXSTARTS], gap = INFINITY, pair, wall;
  gsl_rng *rng = gr_ctx_rng(ctx, "fig9-starts");
  int i, ns = gr_ctx_quick(ctx) ? 3 : F9_MAXSTARTS;
  if (rng == NULL || gr_wilson_bed_params(ctx, &p) != 0)
    return gr_ctx_error(ctx)->code;
  r = (struct bed_run){gr_wilson_bed_model(&p, 20, p.box), gr_wilson_bed_lsoda(p.tol),
                       gr_ctx_quick(ctx) ? 10.0 : 100.0, 0.1};
  r.m.gravity = r.m.shake = 1;
  for (i = 0; i < ns; i++) {
    a = (struct f9_avg){&r.m, NULL, 0, r.tend / 2, 0, 0, 0, 0, 0, 0, 0};
    if (i == 0) {
      gr_wilson_bed_canonical(y, 20);
      f9_snapshot(ctx, "fig9a", y, 20, p.sigma);
      a.series = gr_ctx_data(ctx, "fig9-series", "t mean_height kinetic_per_disk closest_pair closest_wall listing_E_pct");
    } else {
      gr_wilson_bed_random(rng, y, 20, p.box, p.sigma, gr_wca_cutoff(&r.m.wca), p.vmax);
      gr_bed_closest(&r.m, y, &pair, &wall);
      gap = fmin(gap, fmin(pair - p.sigma, wall - gr_wca_cutoff(&r.m.wca) / 2));
    }
    if (f9_one(ctx, &r, y, &a) != 0)
      return gr_ctx_error(ctx)->code;
    if (i == 0)
      f9_snapshot(ctx, "fig9b", y, 20, p.sigma);
    obs[0][i] = a.h, obs[1][i] = a.k, obs[2][i] = a.pair, obs[3][i] = a.wall;
    if (i == 0) {
      gr_ctx_assert(ctx, "fig9/disks-overlap-each-other", a.overlap_pair, 0.0, a.overlap_pair > 0,
                    "fraction of samples with a pair closer than sigma (section 5: they overlap)");
      gr_ctx_assert(ctx, "fig9/disks-overlap-walls", a.overlap_wall, 0.0, a.overlap_wall > 0,
                    "fraction of samples with a disk centre within sigma/2 of a wall");
    }
  }
  gr_ctx_assert(ctx, "fig9/random-starts-do-not-overlap", gap, 0.0, gap >= 0.0,
                "min over random starts of (closest pair - sigma, closest wall - r0/2)");
  f9_row(ctx, "fig9/mean-height", "f9_h", obs[0], (size_t)ns, "second half, mean over starts");
  f9_row(ctx, "fig9/kinetic-per-disk", "f9_k", obs[1], (size_t)ns, "second half, mean over starts");
  f9_row(ctx, "fig9/closest-pair", "f9_pair", obs[2], (size_t)ns, "second half, mean over starts");
  f9_row(ctx, "fig9/closest-wall", "f9_wall", obs[3], (size_t)ns, "second half, mean over starts");
  gr_ctx_value(ctx, "f9_starts", ns);
  gr_ctx_value(ctx, "f9_tend", r.tend);
  for (i = 0; i < 3; i++)
    gr_ctx_figure(ctx, &f9_figs[i]);
  return 0;
}
