/* granrepro experiment wilson-bed: "The maximum number of particles that I
 * simulated ... was 100 ... very slow" and "memory restrictions" (Wilson
 * 2001, sections 5-6): cost per unit of simulated time against N driven
 * like LSODA (right-hand-side evaluations, deterministic; CPU seconds,
 * informative), and the integrator's work space as arithmetic (LSODA's
 * lrn, lrs; the listing's lrw = 22 + 16 maxneq). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "harness/stats.h"
#include "harness/timer.h"

static const double cost_n[] = {5, 10, 20, 50, 100};

struct cost_job {
  struct bed_run r;
  double y0[400], y[400];
  struct gr_bedint_stats st;
};

/* One timed run (the timer repeats it). */
static void cost_fn(void *arg)
{
  struct cost_job *j = arg;
  memcpy(j->y, j->y0, sizeof j->y);
  gr_wilson_bed_run(&j->r, j->y, NULL, NULL, &j->st);
}

/* Work space in doubles at N disks of the listing (6 equations each). */
static void cost_memory(struct gr_ctx *ctx, const struct bed_par *p)
{
  static const double ns[] = {20, 50, 51, 100, 1000};
  struct gr_data *d = gr_ctx_data(ctx, "memory", "N neq lrn lrs lrs_MB listing_lrw stiff_fits");
  double lrw = 22.0 + 16.0 * p->neq_per_disk * p->maxnp, nmax = 0;
  size_t i, n;
  for (i = 0; d != NULL && i < 5; i++) {
    size_t neq = (size_t)(p->neq_per_disk * ns[i]);
    gr_data_printf(d, "%g %zu %zu %zu %.3f %g %d\n", ns[i], neq, gr_bedint_lsoda_lrn(neq),
                   gr_bedint_lsoda_lrs(neq), 8e-6 * (double)gr_bedint_lsoda_lrs(neq), lrw,
                   (double)gr_bedint_lsoda_lrs(neq) <= lrw);
  }
  for (n = 1; (double)gr_bedint_lsoda_lrs((size_t)p->neq_per_disk * n) <= lrw; n++)
    nmax = (double)n;
  gr_ctx_informative(ctx, "memory/max-N-for-stiff-switch", nmax,
                     "largest N with LSODA's lrs(6 N) <= the listing's lrw (else istate = -7)");
  gr_ctx_informative(ctx, "memory/lrs-at-maxnp-MB",
                     8e-6 * (double)gr_bedint_lsoda_lrs((size_t)(p->neq_per_disk * p->maxnp)),
                     "rwork for the stiff method at maxnp = 1000 (PIII of section 3: 256 MB)");
  gr_ctx_value(ctx, "mem_nmax", nmax);
  gr_ctx_value(ctx, "mem_lrs_maxnp_mb", 8e-6 * (double)gr_bedint_lsoda_lrs((size_t)(p->neq_per_disk * p->maxnp)));
}

int gr_wilson_bed_cost(struct gr_ctx *ctx)
{
  struct bed_par p;
  struct cost_job *j = calloc(1, sizeof *j);
  struct gr_data *d = gr_ctx_data(ctx, "cost", "N fevals_per_unit steps_per_unit cpu_s_per_unit");
  double cpu[5], nn[5], fe[5], slope, se, fslope, fse;
  int i, nk = gr_ctx_quick(ctx) ? 3 : 5;
  if (j == NULL || gr_wilson_bed_params(ctx, &p) != 0) {
    free(j);
    return j == NULL ? gr_ctx_fail(ctx, GR_ENOMEM, "out of memory") : gr_ctx_error(ctx)->code;
  }
  for (i = 0; i < nk && d != NULL; i++) {
    size_t n = (size_t)cost_n[i];
    j->r = (struct bed_run){gr_wilson_bed_model(&p, n, gr_wilson_bed_canonical(j->y0, n)),
                            gr_wilson_bed_lsoda(p.tol), 2.0, 0.1};
    j->r.m.gravity = j->r.m.shake = 1;
    cpu[i] = gr_timer_min_cpu(cost_fn, j, 3) / j->r.tend;
    nn[i] = (double)n;
    fe[i] = (double)j->st.fevals / j->r.tend;
    gr_data_printf(d, "%zu %.6g %.6g %.6g\n", n, fe[i], j->st.steps / j->r.tend, cpu[i]);
    fe[i] *= nn[i] * (nn[i] - 1) / 2; /* pair distance checks per time unit */
  }
  gr_stats_loglog(nn, cpu, (size_t)nk, &slope, &se);
  gr_stats_loglog(nn, fe, (size_t)nk, &fslope, &fse);
  gr_ctx_informative(ctx, "cost/cpu-per-time-unit-N20", cpu[2], "CPU s per unit time (load-dependent)");
  gr_ctx_informative(ctx, "cost/cpu-slope-vs-N", slope, "log-log slope of CPU per unit time vs N");
  gr_ctx_informative(ctx, "cost/pair-checks-slope-vs-N", fslope,
                     "log-log slope of pair distance checks per unit time (deterministic)");
  gr_ctx_value(ctx, "cost_slope", slope);
  gr_ctx_value(ctx, "cost_fslope", fslope);
  gr_ctx_value(ctx, "cost_ratio", cpu[nk - 1] / cpu[2]);
  free(j);
  cost_memory(ctx, &p);
  return 0;
}
