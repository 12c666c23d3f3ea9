/* granrepro bench: two-sided Mann-Whitney U test (see mwu.h).
 *
 * Mann, H. B. & Whitney, D. R. (1947). On a test of whether one of two
 * random variables is stochastically larger than the other. Ann. Math.
 * Statist. 18(1), 50-60.  The exact null distribution of U is counted with
 * their recurrence; large or tied samples use the normal approximation with
 * the usual tie-corrected variance and a continuity correction of 0.5.
 */
#include "bench/mwu.h"
#include "harness/error.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* Largest na + nb for which the exact distribution is used (no ties). */
#define MWU_EXACT_MAX 40

struct mwu_obs {
  double v;  /* observed value */
  int in_a;  /* 1 when the value belongs to sample a */
};

/* Ranks of the pooled samples: rank sum of a (midranks for ties), the tie
 * term sum(t^3 - t) over groups of t equal values, and the number of
 * distinct values. */
struct mwu_ranks {
  double ra;
  double ties;
  size_t groups;
};

/* Order observations by value (ties in any order: they share a midrank). */
static int mwu_cmp(const void *x, const void *y)
{
  double a = ((const struct mwu_obs *)x)->v;
  double b = ((const struct mwu_obs *)y)->v;
  return (a > b) - (a < b);
}

/* Copy both samples into one array o (size na + nb); GR_EINPUT on NaN. */
static int mwu_pool(const double *a, size_t na, const double *b, size_t nb,
                    struct mwu_obs *o)
{
  size_t i;
  for (i = 0; i < na; i++) {
    if (isnan(a[i]))
      return GR_EINPUT;
    o[i].v = a[i];
    o[i].in_a = 1;
  }
  for (i = 0; i < nb; i++) {
    if (isnan(b[i]))
      return GR_EINPUT;
    o[na + i].v = b[i];
    o[na + i].in_a = 0;
  }
  return GR_OK;
}

/* Rank the sorted observations o[0..n): midranks, tie term, groups. */
static void mwu_rank(const struct mwu_obs *o, size_t n, struct mwu_ranks *r)
{
  size_t i = 0, j, k;
  r->ra = 0.0;
  r->ties = 0.0;
  r->groups = 0;
  while (i < n) {
    double t, mid;
    for (j = i + 1; j < n && o[j].v == o[i].v; j++)
      ;
    t = (double)(j - i);
    mid = 0.5 * ((double)(i + 1) + (double)j);  /* mean of ranks i+1..j */
    for (k = i; k < j; k++)
      if (o[k].in_a)
        r->ra += mid;
    r->ties += t * t * t - t;
    r->groups++;
    i = j;
  }
}

/* Number of arrangements of na a's and nb b's with U_a = u, for every u in
 * 0..na*nb, into cnt.  Recurrence of Mann & Whitney (1947): the largest
 * pooled value is either an a (beating all j b's) or a b, so
 *   f(i, j, u) = f(i-1, j, u-j) + f(i, j-1, u),  f(0, j, 0) = f(i, 0, 0) = 1.
 * Two layers over i are kept; counts stay below C(40, 20) < 2^53, exact in
 * double.  work holds 2 * (nb+1) * (na*nb+1) doubles. */
static void mwu_counts(size_t na, size_t nb, double *work, double *cnt)
{
  size_t m = na * nb + 1, i, j, u;
  double *prev = work, *cur = work + (nb + 1) * m, *t;
  for (j = 0; j <= nb; j++)
    for (u = 0; u < m; u++)
      prev[j * m + u] = (u == 0);
  for (i = 1; i <= na; i++) {
    for (u = 0; u < m; u++)
      cur[u] = (u == 0);
    for (j = 1; j <= nb; j++)
      for (u = 0; u < m; u++)
        cur[j * m + u] = cur[(j - 1) * m + u]
                         + (u >= j ? prev[j * m + u - j] : 0.0);
    t = prev;
    prev = cur;
    cur = t;
  }
  for (u = 0; u < m; u++)
    cnt[u] = prev[nb * m + u];
}

/* Exact two-sided p-value of an integer U for sizes na, nb:
 * min(1, 2 * min(P(U <= u), P(U >= u))).  GR_ENOMEM on allocation failure. */
static int mwu_exact_p(size_t na, size_t nb, size_t u, double *p)
{
  size_t m = na * nb + 1, k;
  double *work = malloc((2 * (nb + 1) + 1) * m * sizeof *work);
  double *cnt, lo = 0.0, hi = 0.0, total = 0.0, q;
  if (work == NULL)
    return GR_ENOMEM;
  cnt = work + 2 * (nb + 1) * m;
  mwu_counts(na, nb, work, cnt);
  for (k = 0; k < m; k++) {
    total += cnt[k];
    if (k <= u)
      lo += cnt[k];
    if (k >= u)
      hi += cnt[k];
  }
  free(work);
  q = 2.0 * (lo < hi ? lo : hi) / total;
  *p = q < 1.0 ? q : 1.0;
  return GR_OK;
}

/* Normal-approximation two-sided p-value of U: mean na*nb/2, variance
 * na*nb/12 * ((n+1) - ties/(n(n-1))), continuity correction 0.5 toward
 * the mean, p = min(1, 2 * min(lower tail, upper tail)); 1 when the
 * variance is 0 (every value equal). */
static double mwu_normal_p(double u, size_t na, size_t nb, double ties)
{
  double n = (double)na + (double)nb;
  double nab = (double)na * (double)nb;
  double mu = 0.5 * nab;
  double s2 = nab / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)));
  double s, lo, hi, q;
  if (!(s2 > 0.0))
    return 1.0;
  s = sqrt(s2);
  lo = gsl_cdf_ugaussian_P((u + 0.5 - mu) / s);
  hi = gsl_cdf_ugaussian_Q((u - 0.5 - mu) / s);
  q = 2.0 * (lo < hi ? lo : hi);
  return q < 1.0 ? q : 1.0;
}

/* U_a = R_a - na(na+1)/2 and its two-sided p-value (rule in mwu.h). */
int gr_bench_mwu_test(const double *a, size_t na, const double *b, size_t nb,
                      double *u, double *p)
{
  struct mwu_obs *o;
  struct mwu_ranks r;
  double ua, pv;
  size_t n;
  int rc = GR_OK;
  if (a == NULL || b == NULL || na == 0 || nb == 0)
    return GR_EINPUT;
  if (na > SIZE_MAX / 2 / sizeof *o || nb > SIZE_MAX / 2 / sizeof *o)
    return GR_ENOMEM;
  n = na + nb;
  o = malloc(n * sizeof *o);
  if (o == NULL)
    return GR_ENOMEM;
  if (mwu_pool(a, na, b, nb, o) != GR_OK) {
    free(o);
    return GR_EINPUT;
  }
  qsort(o, n, sizeof *o, mwu_cmp);
  mwu_rank(o, n, &r);
  free(o);
  ua = r.ra - 0.5 * (double)na * ((double)na + 1.0);
  if (r.groups <= 1)
    pv = 1.0;
  else if (r.groups == n && n <= MWU_EXACT_MAX)
    rc = mwu_exact_p(na, nb, (size_t)llround(ua), &pv);
  else
    pv = mwu_normal_p(ua, na, nb, r.ties);
  if (rc != GR_OK)
    return rc;
  if (u != NULL)
    *u = ua;
  if (p != NULL)
    *p = pv;
  return GR_OK;
}
