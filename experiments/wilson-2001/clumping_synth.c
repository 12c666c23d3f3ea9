/* granrepro experiment wilson-clumping: the criterion and its Monte Carlo
 * on synthetic ensembles.  The criterion decides Wilson's (2001, section
 * 3) "the particles clump together" (Figs. 6, 7); the Monte Carlo on
 * synthetic ensembles shows it can fail
 * (issue 22; held to its size and power by tests/check_ensemble_test.c).
 * The per-run work (one synthetic configuration, its clustering index) is
 * kept apart from the reduction (the pooled test, the rejection rate). */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <stdlib.h>

#include "experiments/wilson-2001/clumping.h"
#include "stats/ensemble_test.h"
#include "physics/granobs.h"
#include "status.h"

/* The pooled index-of-dispersion test of the runs' clustering indices. */
int gr_clumping_dispersion_p(const double *ci, int nrun, double *p)
{
  if (nrun < 1)
    return GR_EINPUT;
  return gr_ensemble_test_dispersion(ci, (size_t)nrun, CL_BOXES * CL_BOXES, p);
}

/* Fold a coordinate into [0, l] by reflection at the walls. */
static double cl_reflect(double u, double l)
{
  while (u < 0.0 || u > l)
    u = u < 0.0 ? -u : 2.0 * l - u;
  return u;
}

/* What one synthetic draw needs: the ensemble's shape, scratch, and the
 * running sum of the clustering indices (for their mean). */
struct cl_synth {
  gsl_rng *rng;
  int n, nseed, kind;
  double box;
  double *x, *y, *ci, sum_ci;
  int *counts;
  size_t nci;
};

/* One synthetic configuration of s->n points (per run): uniform, or
 * CL_SYNTH_FRAC of them in clusters of CL_SYNTH_K around uniform centres
 * (Gaussian, sd CL_SYNTH_SIGMA, reflected into the box), the rest uniform.
 * Returns its clustering index (CL_BOXES x CL_BOXES boxes). */
static double cl_synth_config(struct cl_synth *s)
{
  const double l = s->box;
  int i = 0, nclus = s->kind == CL_SYNTH_CLUMPED ? (int)(CL_SYNTH_FRAC * s->n) / CL_SYNTH_K : 0;
  while (i < nclus * CL_SYNTH_K) {
    double cx = gsl_rng_uniform(s->rng) * l, cy = gsl_rng_uniform(s->rng) * l;
    int k;
    for (k = 0; k < CL_SYNTH_K; k++, i++) {
      s->x[i] = cl_reflect(cx + gsl_ran_gaussian(s->rng, CL_SYNTH_SIGMA), l);
      s->y[i] = cl_reflect(cy + gsl_ran_gaussian(s->rng, CL_SYNTH_SIGMA), l);
    }
  }
  for (; i < s->n; i++) {
    s->x[i] = gsl_rng_uniform(s->rng) * l;
    s->y[i] = gsl_rng_uniform(s->rng) * l;
  }
  return gr_granobs_cluster_index(s->x, s->y, s->n, l, l, CL_BOXES, s->counts);
}

/* One synthetic ensemble of s->nseed runs and the criterion's p-value. */
static int cl_synth_draw(void *arg, double *p)
{
  struct cl_synth *s = arg;
  int j;
  for (j = 0; j < s->nseed; j++) {
    s->ci[j] = cl_synth_config(s);
    s->sum_ci += s->ci[j];
    s->nci++;
  }
  return gr_clumping_dispersion_p(s->ci, s->nseed, p);
}

int gr_clumping_power(gsl_rng *rng, int n, int nseed, int kind, double box, size_t ntrial,
                      struct gr_ensemble_test_mc *mc, double *mean_ci)
{
  struct cl_synth s = {.rng = rng, .n = n, .nseed = nseed, .kind = kind, .box = box};
  int rc;
  if (n < 1 || nseed < 1 || !(box > 0.0) || (kind != CL_SYNTH_UNIFORM && kind != CL_SYNTH_CLUMPED))
    return GR_EINPUT;
  s.x = malloc(2 * (size_t)n * sizeof *s.x);
  s.ci = malloc((size_t)nseed * sizeof *s.ci);
  s.counts = malloc(CL_BOXES * CL_BOXES * sizeof *s.counts);
  s.y = s.x == NULL ? NULL : s.x + n;
  rc = s.x && s.ci && s.counts ? gr_ensemble_test_rate(cl_synth_draw, &s, ntrial, CL_LEVEL, mc) : GR_ENOMEM;
  if (rc != GR_OK)
    goto fail;
  *mean_ci = s.sum_ci / (double)s.nci;
fail:
  free(s.x);
  free(s.ci);
  free(s.counts);
  return rc;
}
