/* granrepro tests: verdict tests and kinds (harness/verdict.c): each test
 * passes a value just inside and fails one just outside, and prints itself
 * as applied. */
#include "harness/verdict.h"

#include <check.h>
#include <math.h>
#include <string.h>
#include "tests/check_run.h"

/* t accepts inside and refuses outside, NaN and infinity. */
static void edge(struct gr_test t, double inside, double outside)
{
  ck_assert_msg(gr_test_ok(t, inside), "%.17g refused", inside);
  ck_assert_msg(!gr_test_ok(t, outside), "%.17g accepted", outside);
  ck_assert(!gr_test_ok(t, NAN));
  ck_assert(!gr_test_ok(t, INFINITY));
  ck_assert(!gr_test_ok(t, -INFINITY));
}

/* The test as printed. */
static void shown(struct gr_test t, const char *want)
{
  char s[128];
  gr_test_format(t, s, sizeof s);
  ck_assert_str_eq(s, want);
}

START_TEST(test_edges)
{
  edge(gr_test_abs(1.234, 0.005), 1.2389, 1.2391);
  edge(gr_test_abs(1.234, 0.005), 1.2291, 1.2289);
  edge(gr_test_rel(0.4843, 1e-3), 0.4843 * (1 + 0.9e-3), 0.4843 * (1 + 1.1e-3));
  edge(gr_test_rel(-2, 0.1), -1.81, -1.79);
  edge(gr_test_eq(24), 24, 24.000000001);
  edge(gr_test_eq(24), 24, 23);
  edge(gr_test_le(0.1), 0.1, nextafter(0.1, 1));
  edge(gr_test_lt(0.1), nextafter(0.1, 0), 0.1);
  edge(gr_test_ge(4), 4, nextafter(4, 0));
  edge(gr_test_gt(4), nextafter(4, 5), 4);
  edge(gr_test_range(0.2, 0.4), 0.2, nextafter(0.2, 0));
  edge(gr_test_range(0.2, 0.4), 0.4, nextafter(0.4, 1));
  edge(gr_test_p_below(0.01, "binomial"), 0.0099, 0.01);
  edge(gr_test_p_above(0.05, "binomial"), 0.05, 0.0499);
}
END_TEST

START_TEST(test_format)
{
  shown(gr_test_abs(1.234, 0.005), "abs 0.005 of 1.234");
  shown(gr_test_rel(0.4843, 1e-3), "rel 0.001 of 0.4843");
  shown(gr_test_eq(24), "= 24");
  shown(gr_test_le(0.1), "<= 0.1");
  shown(gr_test_lt(0.1), "< 0.1");
  shown(gr_test_ge(4), ">= 4");
  shown(gr_test_gt(0), "> 0");
  shown(gr_test_range(0.2, 0.4), "in [0.2, 0.4]");
  shown(gr_test_p_below(0.01, "binomial"), "p < 0.01 (binomial)");
  shown(gr_test_p_above(0.05, "Mann-Whitney U"), "p >= 0.05 (Mann-Whitney U)");
}
END_TEST

START_TEST(test_kinds)
{
  static const char *const names[] = {"result", "printed", "misprint", "check", "choice"};
  int k;
  for (k = 0; k < 5; k++) {
    ck_assert_str_eq(gr_kind_name((enum gr_kind)k), names[k]);
    ck_assert_int_eq(gr_kind_parse(names[k], strlen(names[k])), k);
  }
  ck_assert_str_eq(gr_kind_name(GR_KIND_UNCLASSIFIED), "unclassified");
  ck_assert_int_eq(gr_kind_parse("unclassified", 12), -1);
  ck_assert_int_eq(gr_kind_parse("results", 7), -1);
  ck_assert_int_eq(gr_kind_parse("resultx", 6), GR_KIND_RESULT);
  ck_assert_int_eq(gr_kind_parse("", 0), -1);
}
END_TEST

/* All test cases in one suite. */
static Suite *verdict_suite(void)
{
  Suite *s = suite_create("verdict");
  TCase *tc = tcase_create("tests");
  tcase_add_test(tc, test_edges);
  tcase_add_test(tc, test_format);
  tcase_add_test(tc, test_kinds);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(verdict_suite, 0)
