/* granrepro stats: the pooled index-of-dispersion test and the Monte
 * Carlo rejection rate of a criterion (Fisher 1925, section 17; see
 * ensemble_test.h). */
#include <gsl/gsl_cdf.h>
#include <math.h>

#include "stats/ensemble_test.h"
#include "status.h"

/* X = nbox sum ci ~ chi2(nrun (nbox - 1)) under independent uniform points. */
int gr_ensemble_test_dispersion(const double *ci, size_t nrun, int nbox, double *p)
{
  double x = 0.0;
  size_t s;
  if (nrun < 1 || nbox < 2 || ci == NULL)
    return GR_EINPUT;
  for (s = 0; s < nrun; s++) {
    if (!isfinite(ci[s]) || ci[s] < 0.0)
      return GR_EINPUT;
    x += (double)nbox * ci[s];
  }
  *p = gsl_cdf_chisq_Q(x, (double)nrun * (double)(nbox - 1));
  return GR_OK;
}

/* Rejections among ntrial draws at the level; binomial SE of the rate. */
int gr_ensemble_test_rate(int (*draw)(void *arg, double *p), void *arg, size_t ntrial,
                          double level, struct gr_ensemble_test_mc *out)
{
  size_t t, rej = 0;
  double p;
  int rc;
  if (ntrial == 0 || !(level > 0.0 && level < 1.0))
    return GR_EINPUT;
  for (t = 0; t < ntrial; t++) {
    if ((rc = draw(arg, &p)) != GR_OK)
      return rc;
    if (isnan(p))
      return GR_EINPUT;
    rej += p < level;
  }
  out->trials = ntrial;
  out->rejected = rej;
  out->rate = (double)rej / (double)ntrial;
  out->se = sqrt(out->rate * (1.0 - out->rate) / (double)ntrial);
  return GR_OK;
}
