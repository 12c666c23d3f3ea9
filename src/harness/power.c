/* granrepro harness: the power of a decision rule by Monte Carlo (see
 * power.h).  The interval is Clopper & Pearson (1934), from the beta
 * quantiles: lo = B^-1(a/2; k, n - k + 1), hi = B^-1(1 - a/2; k + 1, n - k). */
#include "harness/power.h"

#include <gsl/gsl_cdf.h>

#include "status.h"

/* Clopper-Pearson interval of k successes in n (power.h). */
int gr_power_interval(size_t hits, size_t reps, double conf, double *lo, double *hi)
{
  double a, k = (double)hits, n = (double)reps;
  if (reps == 0 || hits > reps || !(conf > 0.0 && conf < 1.0))
    return GR_EINPUT;
  a = 1.0 - conf;
  *lo = hits == 0 ? 0.0 : gsl_cdf_beta_Pinv(0.5 * a, k, n - k + 1.0);
  *hi = hits == reps ? 1.0 : gsl_cdf_beta_Pinv(1.0 - 0.5 * a, k + 1.0, n - k);
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
