/* granrepro stats: the power of a decision rule by Monte Carlo (see
 * power.h).  The interval is Clopper & Pearson (1934): lo is the p at which
 * P(X >= k | n, p) = a/2, hi the p at which P(X <= k | n, p) = a/2, found
 * by bisection on the binomial tails (gsl_cdf_beta_Pinv does not always
 * converge for large n). */
#include "stats/power.h"

#include <gsl/gsl_cdf.h>

#include "status.h"

/* P(X >= k | n, p), increasing in p. */
static double upper_tail(unsigned int k, unsigned int n, double p)
{
  return k == 0 ? 1.0 : gsl_cdf_binomial_Q(k - 1, p, n);
}

/* The p in [0, 1] where the increasing f(p) = upper_tail(k, n, p) (or,
 * with lower, the decreasing P(X <= k)) crosses level, by bisection. */
static double cross(unsigned int k, unsigned int n, double level, int lower)
{
  double lo = 0.0, hi = 1.0, mid, f;
  int i;
  for (i = 0; i < 200 && hi - lo > 1e-15; i++) {
    mid = 0.5 * (lo + hi);
    f = lower ? 1.0 - gsl_cdf_binomial_P(k, mid, n) : upper_tail(k, n, mid);
    if (f < level)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

/* Clopper-Pearson interval of k successes in n (power.h). */
int gr_power_interval(size_t hits, size_t reps, double conf, double *lo, double *hi)
{
  double a;
  unsigned int k = (unsigned int)hits, n = (unsigned int)reps;
  if (reps == 0 || hits > reps || !(conf > 0.0 && conf < 1.0))
    return GR_EINPUT;
  a = 1.0 - conf;
  *lo = hits == 0 ? 0.0 : cross(k, n, 0.5 * a, 0);
  *hi = hits == reps ? 1.0 : cross(k, n, 1.0 - 0.5 * a, 1);
  return GR_OK;
}

/* P(X >= hits) for X ~ Binomial(m, 1/2) (power.h). */
int gr_power_sign_p(size_t hits, size_t m, double *p)
{
  if (m == 0 || hits > m)
    return GR_EINPUT;
  *p = hits == 0 ? 1.0 : gsl_cdf_binomial_Q((unsigned int)(hits - 1), 0.5, (unsigned int)m);
  return GR_OK;
}

/* Count the replicates in which trial hits (power.h). */
int gr_power_rate(gr_power_trial_fn trial, void *arg, gsl_rng *rng, size_t reps,
                  double conf, struct gr_power_rate *out)
{
  size_t i;
  int rc, hit;
  out->hits = 0;
  out->reps = reps;
  for (i = 0; i < reps; i++) {
    hit = 0;
    if ((rc = trial(rng, arg, &hit)) != GR_OK)
      return rc;
    out->hits += hit != 0;
  }
  out->rate = reps ? (double)out->hits / (double)reps : 0.0;
  return gr_power_interval(out->hits, reps, conf, &out->lo, &out->hi);
}
