/* granrepro stats: the power of a decision rule, shown by Monte Carlo on
 * synthetic data (issue 22, "decisions with power").
 *
 * A criterion that decides a claim from noisy or chaotic data must be able
 * to fail: run on data made under the claim it should hold (its size: how
 * often it wrongly says "differs"), and on data made under a stated
 * alternative it should reject (its power).  gr_power_rate runs a trial
 * (one synthetic data set and the criterion's decision on it) reps times
 * and gives the rate with a Clopper-Pearson interval, so a test can hold a
 * criterion to "size <= a" and "power >= b" and fail when it stops
 * discriminating. */
#ifndef GR_POWER_H
#define GR_POWER_H

#include <gsl/gsl_rng.h>
#include <stddef.h>

/* One replicate: *hit = 1 when the event counted happened (e.g. the
 * criterion said "differs"), else 0; returns GR_OK or a GR_* status. */
typedef int (*gr_power_trial_fn)(gsl_rng *rng, void *arg, int *hit);

struct gr_power_rate {
  size_t hits, reps;
  double rate;    /* hits / reps */
  double lo, hi;  /* Clopper-Pearson interval at the level asked for */
};

/* Exact (Clopper-Pearson) two-sided interval of a binomial proportion at
 * level conf (e.g. 0.95) from hits of reps; GR_EINPUT when reps = 0,
 * hits > reps or conf outside (0, 1). */
int gr_power_interval(size_t hits, size_t reps, double conf, double *lo, double *hi)
    __attribute__((warn_unused_result));

/* One-sided exact sign test: the probability of at least hits successes
 * in m fair coin flips (the p-value of "hits of m went the claimed way"
 * against "the direction is a coin flip"); GR_EINPUT when m = 0 or
 * hits > m. */
int gr_power_sign_p(size_t hits, size_t m, double *p) __attribute__((warn_unused_result));

/* Run trial reps times on rng and count the replicates with a hit; the
 * first failing status is passed back (out is then incomplete). */
int gr_power_rate(gr_power_trial_fn trial, void *arg, gsl_rng *rng, size_t reps,
                  double conf, struct gr_power_rate *out)
    __attribute__((warn_unused_result));

#endif
