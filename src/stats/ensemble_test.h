/* granrepro stats: tests of a claim decided from an ensemble of noisy
 * runs, and the Monte Carlo rate at which a criterion rejects synthetic
 * ensembles (issue 22, "decisions with power").
 *
 * Index of dispersion: R. A. Fisher, Statistical Methods for Research
 * Workers (1925), section 17; for counts of n points in B equal boxes the
 * Pearson statistic X = sum (c - n/B)^2 / (n/B) is chi-square with B - 1
 * degrees of freedom when the points are independent and uniform.  Points
 * with a hard core (a disk fluid) spread more evenly than that (X smaller),
 * so uniform independent points are the least favourable homogeneous case:
 * the test keeps its level for every homogeneous state and rejects clumps.
 */
#ifndef GR_ENSEMBLE_TEST_H
#define GR_ENSEMBLE_TEST_H

#include <stddef.h>

#include "status.h"

/* Pooled one-sided index-of-dispersion test over nrun independent
 * configurations: ci[s] = sum over the nbox boxes of (c - mean)^2 /
 * (nbox mean) (the clustering index of physics/granobs.h, 0.99 on average
 * for uniform points in 100 boxes), X = nbox sum_s ci[s], *p = P(chi2 >= X)
 * with nrun (nbox - 1) degrees of freedom (gsl_cdf_chisq_Q).  Small p:
 * more clumped than independent uniform points.  GR_OK; GR_EINPUT when
 * nrun < 1, nbox < 2, or a ci is negative or not finite. */
GR_MUST_CHECK int gr_ensemble_test_dispersion(const double *ci, size_t nrun, int nbox, double *p);

/* The outcome of a Monte Carlo run of a criterion on synthetic ensembles:
 * how many of trials gave a p-value below level (rejected), their fraction
 * rate and its binomial standard error sqrt(rate (1 - rate) / trials). */
struct gr_ensemble_test_mc {
  size_t trials, rejected;
  double rate, se;
};

/* Draw ntrial synthetic ensembles with draw (its status: GR_OK, or a
 * failure returned as is) and count those whose p-value (*p set by draw)
 * is below level.  GR_EINPUT when ntrial is 0, level is not in (0, 1) or
 * draw gives a p that is NaN. */
GR_MUST_CHECK int gr_ensemble_test_rate(int (*draw)(void *arg, double *p), void *arg, size_t ntrial,
                          double level, struct gr_ensemble_test_mc *out);

#endif
