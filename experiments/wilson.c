/* granrepro experiment wilson-clumping: B. Wilson (UBC 2001), sections 2-3,
 * appendix A.  The runs of the collision-rule comparison, registration and
 * the benchmark kernels of the event-driven engine. */
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>

#include "experiments/wilson.h"
#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "physics/granobs.h"

/* The rules compared, all from the same initial states: Wilson's mu = 0.4
 * (section 3) as his code applies it, the momentum-conserving restitution
 * e = 0.4, and that rule with each cure of inelastic collapse.  tc = 1e-3
 * is about 1/400 of the initial mean free time; vcut = 0.05 is 1/12 of the
 * initial thermal speed sqrt(T0) = 0.58. */
const struct wc_rule wc_rules[WC_NRULE] = {
  {"elastic", {GR_EDRULE_ELASTIC, 1.0, 0.0, 0.0}},
  {"wilson-code", {GR_EDRULE_WILSON_CODE, 0.4, 0.0, 0.0}},
  {"restitution", {GR_EDRULE_RESTITUTION, 0.4, 0.0, 0.0}},
  {"restitution-tc", {GR_EDRULE_RESTITUTION, 0.4, 1e-3, 0.0}},
  {"restitution-cutoff", {GR_EDRULE_RESTITUTION, 0.4, 0.0, 0.05}},
};

/* Sample k of a run: temperature, clustering index, balances. */
static void wc_sample(const struct gr_edmd *s, int k, double t, double e0, double px0,
                      double py0, double vscale, double *x, double *y, double *vx,
                      double *vy, int *counts, struct wc_series *o)
{
  int i, n = s->p.n;
  double e, px, py, pe;
  for (i = 0; i < n; i++) {
    gr_edmd_position(s, i, t, &x[i], &y[i]);
    vx[i] = s->disk[i].vx;
    vy[i] = s->disk[i].vy;
  }
  o->T[k] = gr_granobs_temperature(vx, vy, n);
  o->ci[k] = gr_granobs_cluster_index(x, y, n, WC_L, WC_L, WC_BOXES, counts);
  e = fabs(gr_edmd_kinetic(s) + s->k.e_lost - e0) / e0;
  gr_edmd_momentum(s, &px, &py);
  pe = hypot(px - s->k.wall_px - s->k.ddc_px - px0, py - s->k.wall_py - s->k.ddc_py - py0) / vscale;
  o->e_err = e > o->e_err ? e : o->e_err;
  o->p_err = pe > o->p_err ? pe : o->p_err;
  o->ddc_p = hypot(s->k.ddc_px, s->k.ddc_py) / vscale;
  o->nsamp = k + 1;
}

/* One rule from one initial state, sampled at t_k = k WC_TEND / WC_NS. */
static int wc_run_one(struct wc_group *g, int rule, int seed, double *xf, double *yf)
{
  struct wc_series *o = &g->run[rule][seed];
  struct gr_edmd_params p = {0};
  struct gr_edmd *s;
  const double *x0 = g->x0 + seed * g->n, *y0 = g->y0 + seed * g->n;
  const double *vx0 = g->vx0 + seed * g->n, *vy0 = g->vy0 + seed * g->n;
  double *buf = malloc(4 * (size_t)g->n * sizeof *buf), e0, px0, py0, vs, t;
  int *counts = malloc(WC_BOXES * WC_BOXES * sizeof *counts), k, i, rc = 0;
  long long last = 0;
  p.n = g->n;
  p.d = g->d;
  p.lx = p.ly = WC_L;
  p.rule = wc_rules[rule].r;
  if (buf == NULL || counts == NULL || gr_edmd_new(&p, x0, y0, vx0, vy0, &s) != GR_OK) {
    free(buf);
    free(counts);
    return -1;
  }
  e0 = gr_edmd_kinetic(s);
  gr_edmd_momentum(s, &px0, &py0);
  vs = g->n * sqrt(2.0 * e0 / g->n);
  *o = (struct wc_series){0};
  wc_sample(s, 0, 0.0, e0, px0, py0, vs, buf, buf + g->n, buf + 2 * g->n, buf + 3 * g->n, counts, o);
  for (k = 1; k <= WC_NS; k++) {
    t = wc_time(k);
    o->status = gr_edmd_run(s, t, 0);
    if (o->status != GR_EDMD_DONE)
      break;
    wc_sample(s, k, t, e0, px0, py0, vs, buf, buf + g->n, buf + 2 * g->n, buf + 3 * g->n, counts, o);
    o->ddc[k] = (double)(s->k.ddc - last);
    last = s->k.ddc;
  }
  if (o->status == GR_EDMD_NOMEM)
    rc = -1;
  o->k = s->k;
  o->col = s->collapse;
  if (xf != NULL)
    for (i = 0; i < g->n; i++)
      gr_edmd_position(s, i, s->t, &xf[i], &yf[i]);
  gr_edmd_free(s);
  free(buf);
  free(counts);
  return rc;
}

int wc_group_run(struct wc_group *g)
{
  int job, njob = WC_NRULE * g->nseed, bad = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(| : bad)
  for (job = 0; job < njob; job++) {
    int r = job % WC_NRULE, s = job / WC_NRULE;
    bad |= wc_run_one(g, r, s, s == 0 ? g->xf[r] : NULL, s == 0 ? g->yf[r] : NULL) != 0;
  }
  return bad ? -1 : 0;
}

/* A long run: no samples, only how it ends. */
static int wc_long_one(struct wc_group *g, int rule, int seed)
{
  struct gr_edmd_params p = {0};
  struct gr_edmd *s;
  struct wc_long *o = &g->lrun[rule][seed];
  p.n = g->n;
  p.d = g->d;
  p.lx = p.ly = WC_L;
  p.rule = wc_rules[rule].r;
  if (gr_edmd_new(&p, g->x0 + seed * g->n, g->y0 + seed * g->n, g->vx0 + seed * g->n,
                  g->vy0 + seed * g->n, &s) != GR_OK)
    return -1;
  o->status = gr_edmd_run(s, g->t_long, 0);
  o->t = s->t;
  o->ddc = s->k.ddc;
  o->col = s->collapse;
  gr_edmd_free(s);
  return o->status == GR_EDMD_NOMEM ? -1 : 0;
}

int wc_group_long(struct wc_group *g)
{
  int job, njob = (WC_NRULE - 1) * g->nseed, bad = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(| : bad)
  for (job = 0; job < njob; job++)
    bad |= wc_long_one(g, 1 + job % (WC_NRULE - 1), job / (WC_NRULE - 1)) != 0;
  return bad ? -1 : 0;
}

long long wc_events_to(int n, double d, const double *x, const double *y,
                       const double *vx, const double *vy, int ncell, double t_end,
                       struct gr_edmd_counters *k)
{
  struct gr_edmd_params p = {0};
  struct gr_edmd *s;
  p.n = n;
  p.d = d;
  p.lx = p.ly = WC_L;
  p.ncx = p.ncy = ncell;
  p.rule = wc_rules[0].r;
  if (gr_edmd_new(&p, x, y, vx, vy, &s) != GR_OK)
    return -1;
  gr_edmd_run(s, t_end, 0);
  *k = s->k;
  gr_edmd_free(s);
  return k->ddc + k->dwc + k->vwc;
}

/* The runs of section 3 (N = 1000, 2000, D = 0.1; full mode also the
 * code's D = 0.09), then Fig. 4. */
static int wc_run(struct gr_ctx *ctx)
{
  static const struct { int n; double d; int full_only; } cases[] = {
    {1000, 0.1, 0}, {2000, 0.1, 0}, {1000, 0.09, 1}, {2000, 0.09, 1}};
  int quick = gr_ctx_quick(ctx), nseed = quick ? 4 : WC_MAXSEED, rc = 0;
  size_t c;
  char phase[64];
  for (c = 0; c < sizeof cases / sizeof cases[0] && rc == 0; c++) {
    struct wc_group *g;
    if (quick && cases[c].full_only)
      continue;
    snprintf(phase, sizeof phase, "N%d-D%g", cases[c].n, cases[c].d);
    gr_ctx_progress(ctx, phase, (double)c / 5.0);
    gr_ctx_phase_begin(ctx, phase);
    g = wc_group_new(cases[c].n, cases[c].d, nseed, gr_ctx_seed(ctx));
    if (g != NULL)
      g->t_long = quick ? (cases[c].n == 2000 ? 40.0 : 0.0) : 100.0;
    if (g == NULL || wc_group_run(g) != 0 || (g->t_long > 0.0 && wc_group_long(g) != 0)) {
      gr_ctx_phase_end(ctx);
      wc_group_free(g);
      return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory running N = %d", cases[c].n);
    }
    gr_ctx_phase_end(ctx);
    rc = wc_report_group(ctx, g, cases[c].d == 0.1);
    wc_group_free(g);
  }
  if (rc == 0)
    rc = wc_report_fig4(ctx, quick, gr_ctx_seed(ctx));
  if (rc == 0)
    rc = wc_notes(ctx);
  gr_ctx_progress(ctx, "done", 1.0);
  return rc;
}

/* ---- benchmark kernels: elastic disks (d = 1) in a walled square box at
 * area fraction phi, started on a square lattice with velocities uniform
 * in [-1, 1] and melted by 2 collisions per disk before timing; a sample is
 * max(2 N, 2e5) disk-disk collisions (quick: 5e4). */

/* One kernel per (N, phi), handed to wc_bench_setup as its arg. */
struct wc_kernel_arg {
  int n;
  double phi;
};
static const struct wc_kernel_arg wc_args[] = {
  {10000, 0.1}, {10000, 0.3}, {10000, 0.5},
  {100000, 0.1}, {100000, 0.3}, {100000, 0.5},
  {1000000, 0.1}, {1000000, 0.3}, {1000000, 0.5},
};


struct wc_bench {
  struct gr_edmd *s;
  long long per_sample;
};

static int wc_bench_setup(void **state, const void *arg, int quick,
                          unsigned long seed, struct gr_error *err)
{
  const struct wc_kernel_arg *ka = arg;
  int n = ka->n;
  double phi = ka->phi;
  struct wc_bench *b;
  struct gr_edmd_params p = {0};
  double l = sqrt(n * 0.7853981633974483 / phi), a, *buf;
  int m = (int)ceil(sqrt((double)n)), i, rc;
  gsl_rng *rng;
  *state = NULL;
  if (quick && n > 100000)
    return GR_OK; /* N = 1e6 only in full mode: skipped */
  b = calloc(1, sizeof *b);
  buf = malloc(4 * (size_t)n * sizeof *buf);
  rng = gsl_rng_alloc(gsl_rng_mt19937);
  if (b == NULL || buf == NULL || rng == NULL) {
    free(b); free(buf); gsl_rng_free(rng);
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  }
  gsl_rng_set(rng, seed);
  a = l / m;
  for (i = 0; i < n; i++) {
    buf[i] = (i % m + 0.5) * a;
    buf[n + i] = (i / m + 0.5) * a;
    buf[2 * n + i] = 1.0 - 2.0 * gsl_rng_uniform(rng);
    buf[3 * n + i] = 1.0 - 2.0 * gsl_rng_uniform(rng);
  }
  gsl_rng_free(rng);
  p.n = n;
  p.d = 1.0;
  p.lx = p.ly = l;
  p.rule = wc_rules[0].r;
  rc = gr_edmd_new(&p, buf, buf + n, buf + 2 * n, buf + 3 * n, &b->s);
  free(buf);
  if (rc != 0) {
    free(b);
    return gr_error_set(err, rc == GR_ENOMEM ? GR_ENOMEM : GR_EFAIL, "cannot set up %d disks at phi = %g", n, phi);
  }
  gr_edmd_run(b->s, HUGE_VAL, 2LL * n);
  b->per_sample = quick ? 50000 : (2LL * n > 200000 ? 2LL * n : 200000);
  *state = b;
  return GR_OK;
}

static double wc_bench_run(void *state)
{
  struct wc_bench *b = state;
  long long d0 = b->s->k.ddc;
  gr_edmd_run(b->s, HUGE_VAL, b->per_sample);
  return (double)(b->s->k.ddc - d0);
}

static void wc_bench_teardown(void *state)
{
  struct wc_bench *b = state;
  if (b == NULL)
    return;
  gr_edmd_free(b->s);
  free(b);
}

static const struct gr_kernel wc_kernels[] = {
  {.name = "ddc-N1e4-phi0.1", .unit = "collisions", .setup = wc_bench_setup, .run = wc_bench_run,
   .teardown = wc_bench_teardown, .arg = &wc_args[0]},
  {.name = "ddc-N1e4-phi0.3", .unit = "collisions", .setup = wc_bench_setup, .run = wc_bench_run,
   .teardown = wc_bench_teardown, .arg = &wc_args[1]},
  {.name = "ddc-N1e4-phi0.5", .unit = "collisions", .setup = wc_bench_setup, .run = wc_bench_run,
   .teardown = wc_bench_teardown, .arg = &wc_args[2]},
  {.name = "ddc-N1e5-phi0.1", .unit = "collisions", .setup = wc_bench_setup, .run = wc_bench_run,
   .teardown = wc_bench_teardown, .arg = &wc_args[3]},
  {.name = "ddc-N1e5-phi0.3", .unit = "collisions", .setup = wc_bench_setup, .run = wc_bench_run,
   .teardown = wc_bench_teardown, .arg = &wc_args[4]},
  {.name = "ddc-N1e5-phi0.5", .unit = "collisions", .setup = wc_bench_setup, .run = wc_bench_run,
   .teardown = wc_bench_teardown, .arg = &wc_args[5]},
  {.name = "ddc-N1e6-phi0.1", .unit = "collisions", .setup = wc_bench_setup, .run = wc_bench_run,
   .teardown = wc_bench_teardown, .arg = &wc_args[6]},
  {.name = "ddc-N1e6-phi0.3", .unit = "collisions", .setup = wc_bench_setup, .run = wc_bench_run,
   .teardown = wc_bench_teardown, .arg = &wc_args[7]},
  {.name = "ddc-N1e6-phi0.5", .unit = "collisions", .setup = wc_bench_setup, .run = wc_bench_run,
   .teardown = wc_bench_teardown, .arg = &wc_args[8]},
};

const struct gr_experiment gr_exp_wilson_clumping = {
  "wilson-clumping",
  "Wilson 2001: event-driven hard disks (Marin-Risso-Cordero) and the clumping of inelastic disks",
  "B. Wilson, Computer Simulations of Pattern Formations in Granular Materials, "
  "B.Sc. thesis, University of British Columbia (2001), sections 2-3, Figs. 4-7, appendix A",
  "wilson-2001",
  wc_run,
  wc_kernels,
  sizeof wc_kernels / sizeof wc_kernels[0],
};
