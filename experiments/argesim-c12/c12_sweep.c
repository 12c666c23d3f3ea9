/* granrepro experiment c12: ARGESIM C12, collision processes in rows of
 * spheres (Willensdorfer & Breitenecker, FORTRAN solution, SNE 31).  The
 * sweeps of task b ("e = 0 ... 1, step 0.0001"), the Monte Carlo of task c2
 * ("100000 random deviates") and the measures of a final state shared by
 * the tasks and the benchmark kernels. */
#include "experiments/argesim-c12/c12.h"

#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdlib.h>

#include "status.h"

/* Run endings as the data files name them (chain.h's end codes). */
const char *gr_c12_end_name(int end)
{
  switch (end) {
  case GR_CHAIN_SEPARATED: return "separated";
  case GR_CHAIN_COLLAPSED: return "collapsed";
  case GR_CHAIN_AMBIGUOUS: return "tie";
  case GR_CHAIN_LIMIT: return "limit";
  default: return "running";
  }
}

/* Largest |v_i - vcm| of a result (vcm = v0/4 for the C12 start). */
double gr_c12_dev(const struct gr_chain_result *r)
{
  double d = 0.0;
  int i;
  for (i = 0; i < 4; i++)
    if (fabs(r->v[i] - 0.25 * C12_V0) > d)
      d = fabs(r->v[i] - 0.25 * C12_V0);
  return d;
}

/* The v_i farthest from 1/4 (keeps the sign, for comparison with 0.25). */
double gr_c12_worst_v(const struct gr_chain_result *r)
{
  double w = 0.25 * C12_V0;
  int i;
  for (i = 0; i < 4; i++)
    if (fabs(r->v[i] - 0.25 * C12_V0) > fabs(w - 0.25 * C12_V0))
      w = r->v[i];
  return w;
}

/* A grid of e over [0, 1] with both result arrays. */
struct gr_c12_sweep *gr_c12_sweep_new(double step)
{
  struct gr_c12_sweep *s = calloc(1, sizeof *s);
  if (s == NULL)
    return NULL;
  s->step = step;
  s->n = (size_t)(1.0 / step + 0.5) + 1;
  s->exact = calloc(s->n, sizeof *s->exact);
  s->rule = calloc(s->n, sizeof *s->rule);
  if (s->exact == NULL || s->rule == NULL) {
    gr_c12_sweep_free(s);
    return NULL;
  }
  return s;
}

void gr_c12_sweep_free(struct gr_c12_sweep *s)
{
  if (s == NULL)
    return;
  free(s->exact);
  free(s->rule);
  free(s);
}

/* e of grid point k, computed as k / (1/step) so that 0.1770 is exact in
 * decimal terms (k * 1e-4 would carry the binary error of 1e-4). */
static double c12_grid(const struct gr_c12_sweep *s, size_t k)
{
  return (double)k / (double)(s->n - 1);
}

/* Task b with the exact solver (chain.h) at every grid point. */
double gr_c12_sweep_exact(struct gr_c12_sweep *s)
{
  long k, n = (long)s->n;
  double total = 0.0;
#pragma omp parallel for schedule(dynamic, 64)
  for (k = 0; k < n; k++) {
    struct gr_chain c;
    if (gr_chain_init_c12(&c, C12_GAP, C12_V0, c12_grid(s, (size_t)k)) == GR_OK)
      gr_chain_solve(&c, C12_MAX_COLL, &s->exact[k]);
    else /* counted by task-b/undecided-runs */
      s->exact[k] = (struct gr_chain_result){.end = GR_CHAIN_LIMIT};
  }
  for (k = 0; k < n; k++)
    total += (double)s->exact[k].ncoll;
  return total;
}

/* Task b under a spelling of the published program's loop (chainrule.h). */
double gr_c12_sweep_rule(struct gr_c12_sweep *s, const struct gr_chainrule *rule)
{
  long k, n = (long)s->n;
  double total = 0.0;
#pragma omp parallel for schedule(dynamic, 64)
  for (k = 0; k < n; k++)
    gr_chainrule_run_c12(rule, C12_GAP, C12_DIAMETER, C12_V0,
                         c12_grid(s, (size_t)k), C12_MAX_COLL, &s->rule[k]);
  for (k = 0; k < n; k++)
    total += (double)s->rule[k].ncoll;
  return total;
}

/* The final v4 of task c (exact solver). */
int gr_c12_final_v4(double e, double *v4)
{
  struct gr_chain c;
  struct gr_chain_result r;
  int rc = gr_chain_init_c12(&c, C12_GAP, C12_V0, e);
  if (rc != GR_OK)
    return rc;
  gr_chain_solve(&c, C12_MAX_COLL, &r);
  *v4 = r.v[3];
  return GR_OK;
}

/* Standard error of the difference of two sample means of n (c12.h). */
double gr_c12_c2_se_mean(double s, size_t n)
{
  return sqrt(2.0) * s / sqrt((double)n);
}

/* Standard error of the difference of two sample sd's of n (c12.h). */
double gr_c12_c2_se_sd(double s, size_t n)
{
  return sqrt(2.0) * s / sqrt(2.0 * ((double)n - 1.0));
}

/* Task c2: draw every e in order (the stream fixes the bytes), then solve
 * in parallel (each sample independent of the thread that solves it). */
int gr_c12_montecarlo(gsl_rng *rng, double mu, double sigma, size_t n, double *v4)
{
  double *e = malloc(n * sizeof *e);
  long i;
  int bad = 0;
  if (e == NULL)
    return GR_ENOMEM;
  for (i = 0; i < (long)n; i++) {
    do
      e[i] = mu + gsl_ran_gaussian_ziggurat(rng, sigma);
    while (e[i] < 0.0 || e[i] > 1.0);
  }
#pragma omp parallel for schedule(static) reduction(|| : bad)
  for (i = 0; i < (long)n; i++)
    bad = gr_c12_final_v4(e[i], &v4[i]) != GR_OK || bad;
  free(e);
  return bad ? GR_EINPUT : GR_OK;
}
