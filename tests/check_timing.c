/* granrepro tests: the timing comparisons of issue 15 -- a kernel's
 * samples per run (bench/ktime.c) and the bootstrap interval of a ratio
 * of medians (bench/bootci.c; Efron & Tibshirani 1993, ch. 13). */
#include <check.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <string.h>

#include "check_run.h"
#include "bench/bootci.h"
#include "harness/error.h"
#include "bench/ktime.h"
#include "bench/record.h"

/* Constant samples: the ratio of medians is exact and so is every
 * resampled ratio, so the interval is the point. */
START_TEST(test_bootci_constant_samples)
{
  double a[9], b[9], r, lo, hi;
  int i;
  for (i = 0; i < 9; i++) {
    a[i] = 1.5;
    b[i] = 3.0;
  }
  ck_assert_int_eq(gr_bench_bootci_median_ratio(a, 9, b, 9, 2000, 0.95, "k", &r, &lo, &hi), GR_OK);
  ck_assert(r == 2.0 && lo == 2.0 && hi == 2.0);
}
END_TEST

/* b = 2a: the ratio of medians is 2 exactly, the interval holds it, has
 * width, and is the same bytes for the same name. */
START_TEST(test_bootci_scaled_samples)
{
  double a[9], b[9], r, lo, hi, r2, lo2, hi2;
  int i;
  for (i = 0; i < 9; i++) {
    a[i] = 1.0 + i;
    b[i] = 2.0 * (1.0 + i);
  }
  ck_assert_int_eq(gr_bench_bootci_median_ratio(a, 9, b, 9, 2000, 0.95, "c12/sweep", &r, &lo, &hi), GR_OK);
  ck_assert(r == 2.0);
  ck_assert(lo < 2.0 && 2.0 < hi && lo > 0.5 && hi < 8.0);
  ck_assert_int_eq(gr_bench_bootci_median_ratio(a, 9, b, 9, 2000, 0.95, "c12/sweep", &r2, &lo2, &hi2), GR_OK);
  ck_assert(memcmp(&lo, &lo2, sizeof lo) == 0 && memcmp(&hi, &hi2, sizeof hi) == 0 && r2 == r);
}
END_TEST

/* Two samples of 9 from one log-normal law: the 95 % interval should hold
 * the true ratio 1 in most of 400 trials (the percentile interval of a
 * median from 9 points is coarse: accept 85-99 %). */
START_TEST(test_bootci_coverage_same_law)
{
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  double a[9], b[9], r, lo, hi;
  int t, i, hold = 0;
  gsl_rng_set(rng, 12345);
  for (t = 0; t < 400; t++) {
    for (i = 0; i < 9; i++) {
      a[i] = exp(gsl_ran_gaussian(rng, 0.1));
      b[i] = exp(gsl_ran_gaussian(rng, 0.1));
    }
    ck_assert_int_eq(gr_bench_bootci_median_ratio(a, 9, b, 9, 500, 0.95, "trial", &r, &lo, &hi), GR_OK);
    hold += lo <= 1.0 && 1.0 <= hi;
  }
  gsl_rng_free(rng);
  ck_assert_msg(hold >= 340 && hold <= 396, "interval held 1 in %d of 400 trials", hold);
}
END_TEST

START_TEST(test_bootci_rejects_bad_samples)
{
  double a[3] = {1, 2, 3}, z[3] = {0, 0, 0}, r, lo, hi;
  ck_assert_int_eq(gr_bench_bootci_median_ratio(a, 0, a, 3, 100, 0.95, "k", &r, &lo, &hi), GR_EINPUT);
  ck_assert_int_eq(gr_bench_bootci_median_ratio(z, 3, a, 3, 100, 0.95, "k", &r, &lo, &hi), GR_EINPUT);
}
END_TEST

static const char rec_text[] =
  "# granrepro record\n# kind: bench\n# mode: full\n# threads: 1\n"
  "name\tsample\twall_s\tcpu_s\twork\tunit\titerations\n"
  "x/k\t1\t0.5\t0.40\t4000\tparticles\t4\n"
  "x/k\t2\t0.5\t0.44\t4000\tparticles\t4\n"
  "x/k\t3\t0.5\t0.48\t4000\tparticles\t4\n"
  "x/n\t1\t0.5\t0.30\t0\t-\t3\n";

/* Times and work per run are a sample's totals over its iterations; the
 * rate is work per run over the shortest CPU time per run. */
START_TEST(test_ktime_per_run)
{
  struct gr_bench_record r;
  struct gr_error err = {0, ""};
  struct gr_bench_ktime k, n, none;
  const char *names[4];
  size_t nn = 0;
  ck_assert_int_eq(gr_bench_record_parse("t", rec_text, sizeof rec_text - 1, &r, &err), GR_OK);
  ck_assert_int_eq(gr_bench_ktime_get(&r, "x/k", &k), GR_OK);
  ck_assert_int_eq((int)k.n, 3);
  ck_assert(fabs(k.min_cpu - 0.10) < 1e-15 && fabs(k.med_cpu - 0.11) < 1e-15);
  ck_assert(fabs(k.work - 1000.0) < 1e-12 && strcmp(k.unit, "particles") == 0);
  ck_assert(fabs(gr_bench_ktime_rate(&k) - 1e4) < 1e-8);
  ck_assert_int_eq(gr_bench_ktime_get(&r, "x/n", &n), GR_OK);
  ck_assert(isnan(n.work) && strcmp(n.unit, "runs") == 0 && fabs(gr_bench_ktime_rate(&n) - 10.0) < 1e-12);
  ck_assert(gr_bench_ktime_work_differs(&k, &n));
  ck_assert(!gr_bench_ktime_work_differs(&k, &k));
  ck_assert_int_eq(gr_bench_ktime_get(&r, "x/absent", &none), GR_OK);
  ck_assert(none.n == 0 && isnan(gr_bench_ktime_rate(&none)));
  gr_bench_ktime_names(&r, names, &nn, 4);
  ck_assert(nn == 2 && strcmp(names[0], "x/k") == 0 && strcmp(names[1], "x/n") == 0);
  ck_assert_int_eq((int)gr_bench_ktime_nbench(&r), 4);
  gr_bench_ktime_free(&k);
  gr_bench_ktime_free(&n);
  gr_bench_ktime_free(&none);
  gr_bench_record_free(&r);
}
END_TEST

/* bytes_per_unit (issue 14): a header line gives every row of its kernel
 * the count, a kernel without one reads 0; a negative count is refused
 * naming the line. */
START_TEST(test_record_bytes_per_unit)
{
  static const char with[] =
    "# granrepro record\n# kind: bench\n# mode: full\n# bytes_per_unit: x/k 312.5\n"
    "name\tsample\twall_s\tcpu_s\twork\tunit\titerations\n"
    "x/k\t1\t0.5\t0.40\t4000\tparticles\t4\n"
    "x/k\t2\t0.5\t0.40\t4000\tparticles\t4\n"
    "x/n\t1\t0.5\t0.30\t0\t-\t3\n";
  static const char bad[] =
    "# granrepro record\n# kind: bench\n# mode: full\n# bytes_per_unit: x/k -1\n"
    "name\tsample\twall_s\tcpu_s\twork\tunit\titerations\n"
    "x/k\t1\t0.5\t0.40\t4000\tparticles\t4\n";
  struct gr_bench_record r;
  struct gr_error err = {0, ""};
  ck_assert_int_eq(gr_bench_record_parse("t", with, sizeof with - 1, &r, &err), GR_OK);
  ck_assert(r.nrows == 3 && r.rows[0].bytes == 312.5 && r.rows[1].bytes == 312.5);
  ck_assert(r.rows[2].bytes == 0.0 && r.rows[0].iterations == 4);
  gr_bench_record_free(&r);
  ck_assert_int_eq(gr_bench_record_parse("t", bad, sizeof bad - 1, &r, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "t:4: bytes_per_unit"));
}
END_TEST

/* The timing suite. */
static Suite *timing_suite(void)
{
  Suite *s = suite_create("timing");
  TCase *boot = tcase_create("bootstrap-interval");
  TCase *kt = tcase_create("kernel-samples-per-run");
  tcase_set_timeout(boot, 60);
  tcase_add_test(boot, test_bootci_constant_samples);
  tcase_add_test(boot, test_bootci_scaled_samples);
  tcase_add_test(boot, test_bootci_coverage_same_law);
  tcase_add_test(boot, test_bootci_rejects_bad_samples);
  tcase_add_test(kt, test_ktime_per_run);
  tcase_add_test(kt, test_record_bytes_per_unit);
  suite_add_tcase(s, boot);
  suite_add_tcase(s, kt);
  return s;
}

GR_CHECK_MAIN(timing_suite, 1)
