/* granrepro bench: percentile bootstrap confidence interval of a ratio
 * of medians (B. Efron, R. Tibshirani, An Introduction to the Bootstrap,
 * Chapman & Hall 1993, ch. 13: the percentile interval). */
#ifndef GR_BENCH_BOOTCI_H
#define GR_BENCH_BOOTCI_H

#include "status.h"

#include <stddef.h>

/* Ratio median(b)/median(a) and its percentile bootstrap interval at level
 * (e.g. 0.95): nboot times, resample a and b independently with
 * replacement (gr_rng_stream(1, name): the same samples give the same
 * bounds) and take the (1-level)/2 and (1+level)/2 quantiles of the
 * resampled ratios.  GR_EINPUT when a sample is empty or not positive,
 * GR_ENOMEM.  With 9 samples a side the interval is coarse: it moves in
 * steps of the order statistics near the medians. */
int gr_bench_bootci_median_ratio(const double *a, size_t na, const double *b,
                                 size_t nb, int nboot, double level,
                                 const char *name, double *ratio, double *lo,
                                 double *hi) GR_MUST_CHECK;

#endif
