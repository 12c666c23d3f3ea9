/* granrepro bench: Mann-Whitney U test (Wilcoxon rank-sum), two-sided.
 * Mann & Whitney, Ann. Math. Statist. 18 (1947) 50-60. */
#ifndef GR_BENCH_MWU_H
#define GR_BENCH_MWU_H

#include "status.h"

#include <stddef.h>

/* U statistic of sample a against b, U_a = R_a - na(na+1)/2 with midranks
 * for ties (U_a counts the pairs a_i > b_j, ties counting 1/2; swapping a
 * and b gives na*nb - U_a), and its two-sided p-value:
 *   - every value equal: p = 1;
 *   - no ties anywhere in the pooled sample and na + nb <= 40: exact, from
 *     the permutation distribution of U (Mann-Whitney recurrence),
 *     p = min(1, 2 * min(P(U <= u), P(U >= u)));
 *   - otherwise the normal approximation, mean na*nb/2, variance
 *     na*nb/12 * ((n+1) - sum(t^3 - t)/(n(n-1))) over tie groups of size t,
 *     sd its square root, continuity correction 0.5:
 *     p = min(1, 2 * min(Phi((u + 0.5 - mean)/sd), 1 - Phi((u - 0.5 - mean)/sd))).
 * u or p may be NULL.  Returns GR_OK, GR_EINPUT when a sample is empty (or
 * NULL) or holds a NaN, GR_ENOMEM when memory runs out. */
int gr_bench_mwu_test(const double *a, size_t na, const double *b, size_t nb,
                      double *u, double *p) GR_MUST_CHECK;

#endif
