/* Check suite for src/physics/pmath.c, the portable hypot, cbrt and exp2
 * (issue 26): exact cases, C99 Annex F special values, at most one ulp
 * from the long double libm (x86-64's 80-bit and aarch64's 128-bit both
 * carry more digits than double), and the same bits on every machine: a
 * hash of 300,000 results recorded on x86-64, which the aarch64 build must
 * reproduce under qemu in CI. */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "physics/pmath.h"
#include "tests/check_run.h"

/* FNV-1a of test_same_bits_everywhere's results, recorded on x86-64. */
#define PM_HASH 0x91b459cc3676bd14ULL

/* xorshift64: the same arguments on every machine (rand() is not). */
static uint64_t pm_next(uint64_t *s)
{
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

/* A double in [0.5, 1) times 2^e, e in [-e_span, e_span), from s. */
static double pm_arg(uint64_t *s, int e_span)
{
  double m = 0.5 + (double)(pm_next(s) >> 11) * 0x1p-54;
  int e = (int)(pm_next(s) % (uint64_t)(2 * e_span)) - e_span;
  return ldexp(m, e);
}

/* |a - r| in units of the last place of r rounded to double. */
static double pm_ulps(double a, long double r)
{
  double rd = (double)r, u = nextafter(rd, INFINITY) - rd;
  return (double)fabsl((long double)a - r) / u;
}

START_TEST(test_exact_cases)
{
  int k;
  ck_assert(gr_pmath_hypot(3.0, 4.0) == 5.0);
  ck_assert(gr_pmath_hypot(-5.0, 12.0) == 13.0);
  ck_assert(gr_pmath_hypot(0.0, -7.5) == 7.5);
  ck_assert(gr_pmath_cbrt(27.0) == 3.0);
  ck_assert(gr_pmath_cbrt(-0.125) == -0.5);
  ck_assert(gr_pmath_cbrt(0x1p-1071) == 0x1p-357); /* subnormal argument */
  for (k = -1074; k <= 1023; k++)
    ck_assert_msg(gr_pmath_exp2(k) == ldexp(1.0, k), "exp2(%d)", k);
  ck_assert(gr_pmath_exp2(0.5) == sqrt(2.0)); /* sqrt is correctly rounded */
}
END_TEST

START_TEST(test_special_values)
{
  ck_assert(isinf(gr_pmath_hypot(INFINITY, NAN)));
  ck_assert(isinf(gr_pmath_hypot(NAN, -INFINITY)));
  ck_assert(isnan(gr_pmath_hypot(NAN, 1.0)));
  ck_assert(gr_pmath_hypot(0x1p1000, 0x1p1000) == 0x1p1000 * sqrt(2.0));
  ck_assert(gr_pmath_hypot(0x1p-1070, 0x1p-1070) == 0x1p-1070 * sqrt(2.0));
  ck_assert(gr_pmath_hypot(1.0, 0x1p-80) == 1.0);
  ck_assert(isinf(gr_pmath_cbrt(-INFINITY)) && gr_pmath_cbrt(-INFINITY) < 0);
  ck_assert(isnan(gr_pmath_cbrt(NAN)));
  ck_assert(gr_pmath_cbrt(-0.0) == 0.0 && signbit(gr_pmath_cbrt(-0.0)));
  ck_assert(isinf(gr_pmath_exp2(1024.0)) && isinf(gr_pmath_exp2(INFINITY)));
  ck_assert(gr_pmath_exp2(-INFINITY) == 0.0 && gr_pmath_exp2(-1200.0) == 0.0);
  ck_assert(isnan(gr_pmath_exp2(NAN)));
}
END_TEST

/* Within one ulp of the long double functions on 20,000 arguments each
 * (measured on x86-64: hypot and cbrt at most 0.5 ulp, exp2 0.6). */
START_TEST(test_within_one_ulp)
{
  uint64_t s = 0x9e3779b97f4a7c15ULL;
  double w[3] = {0, 0, 0};
  int i;
  ck_assert(LDBL_MANT_DIG > DBL_MANT_DIG);
  for (i = 0; i < 20000; i++) { /* few: aarch64's long double is software */
    double x = pm_arg(&s, 300), y = pm_arg(&s, 300), z = (pm_arg(&s, 11) - 0.75) * 1400.0;
    w[0] = fmax(w[0], pm_ulps(gr_pmath_hypot(x, y), hypotl(x, y)));
    w[1] = fmax(w[1], pm_ulps(gr_pmath_cbrt(x), cbrtl(x)));
    w[2] = fmax(w[2], pm_ulps(gr_pmath_exp2(z), exp2l(z)));
  }
  ck_assert_msg(w[0] <= 1.0 && w[1] <= 1.0 && w[2] <= 1.0, "worst ulps %g %g %g", w[0], w[1], w[2]);
}
END_TEST

/* FNV-1a over the bytes of the results. */
static uint64_t pm_hash(uint64_t h, double v)
{
  unsigned char b[sizeof v];
  size_t i;
  memcpy(b, &v, sizeof v);
  for (i = 0; i < sizeof v; i++) {
    h ^= b[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

/* The same bits on every machine: the hash recorded on x86-64 (gcc 12,
 * -ffp-contract=off) must come out on aarch64 and with clang too. */
START_TEST(test_same_bits_everywhere)
{
  uint64_t s = 12345, h = 0xcbf29ce484222325ULL;
  int i;
  for (i = 0; i < 100000; i++) {
    double x = pm_arg(&s, 300), y = pm_arg(&s, 300), z = (pm_arg(&s, 11) - 0.75) * 1400.0;
    h = pm_hash(h, gr_pmath_hypot(x, y));
    h = pm_hash(h, gr_pmath_cbrt(-x));
    h = pm_hash(h, gr_pmath_exp2(z));
  }
  ck_assert_msg(h == PM_HASH, "hash %#018llx, recorded %#018llx", (unsigned long long)h,
                (unsigned long long)PM_HASH);
}
END_TEST

static Suite *pmath_suite(void)
{
  Suite *s = suite_create("pmath");
  TCase *tc = tcase_create("exact-special-ulp-bits");
  tcase_add_test(tc, test_exact_cases);
  tcase_add_test(tc, test_special_values);
  tcase_add_test(tc, test_within_one_ulp);
  tcase_add_test(tc, test_same_bits_everywhere);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(pmath_suite, 0)
