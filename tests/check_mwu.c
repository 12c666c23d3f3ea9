/* granrepro tests: two-sided Mann-Whitney U test (src/bench/mwu.c).
 *
 * Mann, H. B. & Whitney, D. R. (1947). On a test of whether one of two
 * random variables is stochastically larger than the other. Ann. Math.
 * Statist. 18(1), 50-60.  Exact p-values are checked against closed forms
 * (2 / C(n, na) for separated samples), the published two-tailed critical
 * values of U and a brute-force enumeration of every arrangement; the
 * normal approximation against its formula, with ties and without.
 */
#include "harness/error.h"
#include "bench/mwu.h"

#include <check.h>
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>
#include "tests/check_run.h"

#define MAXN 64

/* Binomial coefficient C(n, k) as a double (exact for the sizes used). */
static double choose(unsigned n, unsigned k)
{
  double c = 1.0;
  unsigned i;
  for (i = 1; i <= k; i++)
    c = c * (double)(n - k + i) / (double)i;
  return c;
}

/* Fill a (na values) and b (nb values), no ties, so that U_a = u:
 * b_j = 2j and each a_i lies just above c_i of the b's, sum c_i = u. */
static void make_u(size_t na, size_t nb, size_t u, double *a, double *b)
{
  size_t i, j, rem = u;
  for (j = 0; j < nb; j++)
    b[j] = 2.0 * (double)j;
  for (i = na; i-- > 0;) {
    size_t c = rem < nb ? rem : nb;
    a[i] = 2.0 * (double)c - 1.0 + 0.01 * (double)i;
    rem -= c;
  }
}

/* Fill x[0..n) with lo, lo+1, ... (a fully ordered sample). */
static void fill_seq(double *x, size_t n, double lo)
{
  size_t i;
  for (i = 0; i < n; i++)
    x[i] = lo + (double)i;
}

/* Normal-approximation p-value written out from the formula in mwu.h. */
static double normal_p(double u, size_t na, size_t nb, double ties)
{
  double n = (double)(na + nb), nab = (double)(na * nb), mu = nab / 2.0;
  double s = sqrt(nab / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0))));
  double lo = gsl_cdf_ugaussian_P((u + 0.5 - mu) / s);
  double hi = gsl_cdf_ugaussian_Q((u - 0.5 - mu) / s);
  double p = 2.0 * (lo < hi ? lo : hi);
  return p < 1.0 ? p : 1.0;
}

/* Run the test and insist that it succeeds. */
static void run(const double *a, size_t na, const double *b, size_t nb,
                double *u, double *p)
{
  ck_assert_int_eq(gr_bench_mwu_test(a, na, b, nb, u, p), GR_OK);
}

/* na = nb = 3, completely separated: P(U <= 0) = 1/20, p = 0.1 both ways. */
START_TEST(test_exact_3x3)
{
  double a[3] = {1, 2, 3}, b[3] = {4, 5, 6}, u, p;
  run(a, 3, b, 3, &u, &p);
  ck_assert_double_eq_tol(u, 0.0, 1e-12);
  ck_assert_double_eq_tol(p, 0.1, 1e-12);
  run(b, 3, a, 3, &u, &p);
  ck_assert_double_eq_tol(u, 9.0, 1e-12);
  ck_assert_double_eq_tol(p, 0.1, 1e-12);
}
END_TEST

/* Fully separated samples: p = 2 / C(na + nb, na), up to the n = 40 limit. */
START_TEST(test_exact_separated)
{
  static const size_t sizes[][2] = {{4, 4}, {9, 9}, {5, 12}, {20, 20}, {1, 39}};
  double a[MAXN], b[MAXN], u, p, want;
  size_t k;
  for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    size_t na = sizes[k][0], nb = sizes[k][1];
    fill_seq(a, na, 0.0);
    fill_seq(b, nb, 100.0);
    want = 2.0 / choose((unsigned)(na + nb), (unsigned)na);
    run(a, na, b, nb, &u, &p);
    ck_assert_double_eq_tol(u, 0.0, 1e-12);
    ck_assert_double_eq_tol(p / want, 1.0, 1e-12);
  }
  fill_seq(a, 9, 0.0);
  fill_seq(b, 9, 9.0);
  run(a, 9, b, 9, &u, &p);
  ck_assert_double_eq_tol(p, 2.0 / 48620.0, 1e-15);
}
END_TEST

/* Published two-tailed critical values of U (largest U with p <= alpha):
 * alpha 0.05: 5x5 -> 2, 8x8 -> 13, 10x10 -> 23, 4x6 -> 2;
 * alpha 0.01: 10x10 -> 16. */
START_TEST(test_exact_critical)
{
  static const struct { size_t na, nb, crit; double alpha; } t[] = {
      {5, 5, 2, 0.05}, {8, 8, 13, 0.05}, {10, 10, 23, 0.05},
      {4, 6, 2, 0.05}, {10, 10, 16, 0.01}};
  double a[MAXN], b[MAXN], u, p;
  size_t k;
  for (k = 0; k < sizeof t / sizeof t[0]; k++) {
    make_u(t[k].na, t[k].nb, t[k].crit, a, b);
    run(a, t[k].na, b, t[k].nb, &u, &p);
    ck_assert_double_eq_tol(u, (double)t[k].crit, 1e-12);
    ck_assert(p <= t[k].alpha);
    make_u(t[k].na, t[k].nb, t[k].crit + 1, a, b);
    run(a, t[k].na, b, t[k].nb, &u, &p);
    ck_assert(p > t[k].alpha);
  }
  make_u(10, 10, 23, a, b);
  run(a, 10, b, 10, &u, &p);
  ck_assert_double_eq_tol(p, 0.04325705254497824, 1e-12);
}
END_TEST

/* Number of bits set in mask. */
static unsigned bits(unsigned mask)
{
  unsigned k = 0;
  for (; mask != 0; mask &= mask - 1)
    k++;
  return k;
}

/* U_a of the split given by mask (bit r set: rank r+1 is in a). */
static size_t mask_u(unsigned mask, unsigned n, double *a, double *b,
                     size_t *na, size_t *nb)
{
  unsigned r;
  size_t u = 0, below_b = 0;
  *na = *nb = 0;
  for (r = 0; r < n; r++) {
    if (mask & (1u << r)) {
      a[(*na)++] = r + 1;
      u += below_b;
    } else {
      b[(*nb)++] = r + 1;
      below_b++;
    }
  }
  return u;
}

/* Check every split of ranks 1..n into na and n - na against the exact
 * distribution counted by brute force over all C(n, na) splits. */
static void brute_force(unsigned n, unsigned na)
{
  double cnt[MAXN * MAXN] = {0}, a[MAXN], b[MAXN], u, p, lo, hi, total = 0;
  size_t sa, sb, uu, k;
  unsigned mask;
  for (mask = 0; mask < (1u << n); mask++)
    if (bits(mask) == na) {
      cnt[mask_u(mask, n, a, b, &sa, &sb)] += 1.0;
      total += 1.0;
    }
  ck_assert_double_eq_tol(total, choose(n, na), 0.5);
  for (mask = 0; mask < (1u << n); mask++) {
    if (bits(mask) != na)
      continue;
    uu = mask_u(mask, n, a, b, &sa, &sb);
    for (lo = hi = 0.0, k = 0; k <= sa * sb; k++) {
      lo += k <= uu ? cnt[k] : 0.0;
      hi += k >= uu ? cnt[k] : 0.0;
    }
    run(a, sa, b, sb, &u, &p);
    ck_assert_double_eq_tol(u, (double)uu, 1e-12);
    ck_assert_double_eq_tol(p, fmin(1.0, 2.0 * fmin(lo, hi) / total), 1e-12);
  }
}

/* Exact distribution against enumeration of every arrangement. */
START_TEST(test_exact_brute_force)
{
  brute_force(2, 1);
  brute_force(6, 3);
  brute_force(9, 4);
  brute_force(10, 2);
  brute_force(12, 6);
  brute_force(13, 5);
}
END_TEST

/* Deterministic pseudo-random values (LCG) in [0, 1). */
static double lcg(unsigned long *s)
{
  *s = (*s * 6364136223846793005ul + 1442695040888963407ul) & 0xfffffffffffful;
  return (double)(*s >> 16) / 4294967296.0;
}

/* Swapping the samples gives U' = na*nb - U and the same p. */
static void check_swap(const double *a, size_t na, const double *b, size_t nb)
{
  double u1, p1, u2, p2;
  run(a, na, b, nb, &u1, &p1);
  run(b, nb, a, na, &u2, &p2);
  ck_assert_double_eq_tol(u1 + u2, (double)(na * nb), 1e-9);
  ck_assert_double_eq_tol(p1, p2, 1e-12 + 1e-9 * p1);
}

/* Symmetry, exact (small, no ties) and normal (large, or rounded: ties). */
START_TEST(test_symmetry)
{
  double a[MAXN], b[MAXN];
  unsigned long s = 12345;
  size_t i, na, nb, trial;
  for (trial = 0; trial < 40; trial++) {
    na = 1 + (size_t)(lcg(&s) * 30);
    nb = 1 + (size_t)(lcg(&s) * 30);
    for (i = 0; i < na; i++)
      a[i] = lcg(&s) + 0.2;
    for (i = 0; i < nb; i++)
      b[i] = lcg(&s);
    check_swap(a, na, b, nb);
    for (i = 0; i < na; i++)
      a[i] = floor(a[i] * 5);
    for (i = 0; i < nb; i++)
      b[i] = floor(b[i] * 5);
    check_swap(a, na, b, nb);
  }
}
END_TEST

/* Ties: midranks and the tie-corrected normal approximation.  a = {1,2,2,3},
 * b = {2,3,4,4}: ranks 1 | 3 3 3 | 5.5 5.5 | 7.5 7.5, R_a = 12.5, U = 2.5,
 * sum(t^3 - t) = 24 + 6 + 6 = 36, p = 0.134169... */
START_TEST(test_ties)
{
  double a[4] = {1, 2, 2, 3}, b[4] = {2, 3, 4, 4}, u, p;
  run(a, 4, b, 4, &u, &p);
  ck_assert_double_eq_tol(u, 2.5, 1e-12);
  ck_assert_double_eq_tol(p, normal_p(2.5, 4, 4, 36.0), 1e-12);
  ck_assert_double_eq_tol(p, 0.13416918012812581, 1e-9);
}
END_TEST

/* Identical samples, or every value equal: p = 1, U = na*nb/2. */
START_TEST(test_identical)
{
  double a[3] = {5, 5, 5}, b[2] = {5, 5}, c[4] = {1, 2, 3, 4}, u, p;
  run(a, 3, b, 2, &u, &p);
  ck_assert_double_eq_tol(u, 3.0, 1e-12);
  ck_assert_double_eq(p, 1.0);
  run(c, 4, c, 4, &u, &p);
  ck_assert_double_eq_tol(u, 8.0, 1e-12);
  ck_assert_double_eq(p, 1.0);
  run(a, 1, b, 1, &u, &p);
  ck_assert_double_eq(p, 1.0);
}
END_TEST

/* n = 50 each, shifted: normal approximation, p tiny. */
START_TEST(test_large_shifted)
{
  double a[50], b[50], u, p;
  fill_seq(a, 50, 0.0);
  fill_seq(b, 50, 25.5);
  run(a, 50, b, 50, &u, &p);
  ck_assert_double_eq_tol(u, 300.0, 1e-12);  /* a = 26..49 beat 1..24 b's */
  ck_assert(p < 1e-6);
  ck_assert_double_eq_tol(p, normal_p(300.0, 50, 50, 0.0), 1e-15);
  fill_seq(b, 50, 100.0);
  run(a, 50, b, 50, &u, &p);
  ck_assert(p < 1e-15 && p > 0.0);
}
END_TEST

/* Above n = 40 the normal approximation is used even without ties; at 40
 * the exact distribution. */
START_TEST(test_exact_limit)
{
  double a[MAXN], b[MAXN], u, p;
  fill_seq(a, 20, 0.0);
  fill_seq(b, 21, 50.0);
  run(a, 20, b, 21, &u, &p);
  ck_assert_double_eq_tol(p, normal_p(0.0, 20, 21, 0.0), 1e-15);
  run(a, 20, b, 20, &u, &p);
  ck_assert_double_eq_tol(p * choose(40, 20) / 2.0, 1.0, 1e-12);
}
END_TEST

/* na = nb = 15: the normal approximation is within 0.01 of the exact p for
 * every U (largest gap 0.0057), and the exact p at moderate overlap is
 * plausible. */
START_TEST(test_normal_vs_exact)
{
  double a[15], b[15], u, p;
  size_t k;
  for (k = 0; k <= 225; k++) {
    make_u(15, 15, k, a, b);
    run(a, 15, b, 15, &u, &p);
    ck_assert_double_eq_tol(u, (double)k, 1e-12);
    ck_assert_double_eq_tol(p, normal_p((double)k, 15, 15, 0.0), 0.01);
  }
  make_u(15, 15, 80, a, b);
  run(a, 15, b, 15, &u, &p);
  ck_assert_double_eq_tol(p, 0.18726840140301365, 1e-12);
}
END_TEST

/* Empty samples and NaN are bad input; u and p may be NULL. */
START_TEST(test_input)
{
  double a[2] = {1, 2}, b[2] = {3, NAN}, p;
  ck_assert_int_eq(gr_bench_mwu_test(a, 0, a, 2, NULL, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_bench_mwu_test(a, 2, a, 0, NULL, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_bench_mwu_test(NULL, 2, a, 2, NULL, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_bench_mwu_test(a, 2, b, 2, NULL, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_bench_mwu_test(a, 2, b, 1, NULL, &p), GR_OK);
  ck_assert_double_eq_tol(p, 2.0 / 3.0, 1e-12);
}
END_TEST

/* All test cases in one suite. */
static Suite *mwu_suite(void)
{
  Suite *s = suite_create("mwu");
  TCase *tc = tcase_create("mann-whitney-u");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_exact_3x3);
  tcase_add_test(tc, test_exact_separated);
  tcase_add_test(tc, test_exact_critical);
  tcase_add_test(tc, test_exact_brute_force);
  tcase_add_test(tc, test_symmetry);
  tcase_add_test(tc, test_ties);
  tcase_add_test(tc, test_identical);
  tcase_add_test(tc, test_large_shifted);
  tcase_add_test(tc, test_exact_limit);
  tcase_add_test(tc, test_normal_vs_exact);
  tcase_add_test(tc, test_input);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(mwu_suite, 0)
