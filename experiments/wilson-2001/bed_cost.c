/* granrepro experiment wilson-bed: "The maximum number of particles that I
 * simulated ... was 100 ... very slow" and "memory restrictions" (Wilson
 * 2001, sections 5-6): cost per unit of simulated time against N driven
 * like LSODA, counted in right-hand-side evaluations and pair distance
 * checks (deterministic: seconds are for granrepro bench, kernels
 * msadams-N20 and msadams-N100), and the integrator's work space as
 * arithmetic (LSODA's lrn, lrs; the listing's lrw = 22 + 16 maxneq). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "stats/stats.h"

/* 5, 10, 20, 50 and the printed largest N of section 5 (n_max). */
void gr_wilson_bed_cost_sizes(const struct bed_par *p, double n[BED_COST_NN])
{
  static const double small[BED_COST_NN - 1] = {5, 10, 20, 50};
  int i;
  for (i = 0; i < BED_COST_NN - 1; i++)
    n[i] = small[i];
  n[BED_COST_NN - 1] = p->n_max;
}

struct cost_job {
  struct bed_run r;
  double y0[400], y[400];
  struct gr_bedint_stats st;
};

/* One run from the start, counting the integrator's work. */
static int cost_fn(struct cost_job *j)
{
  memcpy(j->y, j->y0, sizeof j->y);
  return gr_wilson_bed_run(&j->r, j->y, NULL, NULL, &j->st);
}

/* Work space in doubles at N disks of the listing (6 equations each). */
static void cost_memory(struct gr_ctx *ctx, const struct bed_par *p)
{
  double ns[] = {20, 50, 51, p->n_max, p->maxnp};
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
  gr_ctx_inform(ctx, GR_KIND_PRINTED, "memory/max-N-for-stiff-switch", nmax,
                "largest N with LSODA's lrs(6 N) <= the listing's lrw (else istate = -7)");
  gr_ctx_inform(ctx, GR_KIND_PRINTED, "memory/lrs-at-maxnp-MB",
                8e-6 * (double)gr_bedint_lsoda_lrs((size_t)(p->neq_per_disk * p->maxnp)),
                "rwork for the stiff method at maxnp = 1000 (PIII of section 3: 256 MB)");
  gr_ctx_value(ctx, "mem_nmax", nmax);
  gr_ctx_value(ctx, "mem_lrs_maxnp_mb", 8e-6 * (double)gr_bedint_lsoda_lrs((size_t)(p->neq_per_disk * p->maxnp)));
}

int gr_wilson_bed_cost(struct gr_ctx *ctx)
{
  struct bed_par p;
  struct cost_job *j = calloc(1, sizeof *j);
  struct gr_data *d = gr_ctx_data(ctx, "cost", "N fevals_per_unit steps_per_unit pair_checks_per_unit");
  double nn[BED_COST_NN], fe[BED_COST_NN], pc[BED_COST_NN], slope, se, fslope, fse;
  int i, nk = gr_ctx_quick(ctx) ? 3 : 5;
  if (j == NULL || gr_wilson_bed_params(ctx, &p) != GR_OK) {
    free(j);
    return j == NULL ? gr_ctx_fail(ctx, GR_ENOMEM, "out of memory") : gr_ctx_error(ctx)->code;
  }
  gr_wilson_bed_cost_sizes(&p, nn);
  for (i = 0; i < nk && d != NULL; i++) {
    size_t n = (size_t)nn[i];
    j->r = (struct bed_run){gr_wilson_bed_model(&p, n, gr_wilson_bed_canonical(j->y0, n)),
                            gr_wilson_bed_lsoda(p.tol), 2.0, 0.1};
    j->r.m.gravity = j->r.m.shake = 1;
    if (cost_fn(j) != GR_OK) {
      free(j);
      return gr_ctx_fail(ctx, GR_EFAIL, "wilson-bed: cost run at N = %zu failed", n);
    }
    fe[i] = (double)j->st.fevals / j->r.tend;
    pc[i] = fe[i] * nn[i] * (nn[i] - 1) / 2;
    gr_data_printf(d, "%zu %.6g %.6g %.6g\n", n, fe[i], j->st.steps / j->r.tend, pc[i]);
  }
  gr_ctx_inform(ctx, GR_KIND_CHECK, "cost/fevals-per-time-unit-N20", fe[2], "derivative evaluations per unit time");
  if (gr_stats_loglog(nn, fe, (size_t)nk, &slope, &se) != GR_OK) {
    gr_ctx_not_computed(ctx, GR_KIND_CHECK, "cost/fevals-slope-vs-N", "log-log fit failed");
    slope = NAN;
  } else
    gr_ctx_inform(ctx, GR_KIND_CHECK, "cost/fevals-slope-vs-N", slope, "log-log slope of evaluations per unit time");
  if (gr_stats_loglog(nn, pc, (size_t)nk, &fslope, &fse) != GR_OK) {
    gr_ctx_not_computed(ctx, GR_KIND_CHECK, "cost/pair-checks-slope-vs-N", "log-log fit failed");
    fslope = NAN;
  } else
    gr_ctx_inform(ctx, GR_KIND_CHECK, "cost/pair-checks-slope-vs-N", fslope,
                  "log-log slope of pair distance checks per unit time (the listing's all pairs): section 5's 'does not scale well'");
  gr_ctx_value(ctx, "cost_slope", slope);
  gr_ctx_value(ctx, "cost_fslope", fslope);
  gr_ctx_value(ctx, "cost_ratio", pc[nk - 1] / pc[2]);
  free(j);
  cost_memory(ctx, &p);
  return GR_OK;
}
