/* granrepro tests: two records compared kernel by kernel (src/bench/compare.c). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "bench/compare.h"
#include "harness/error.h"
#include "bench/record.h"
#include "tests/check_run.h"
#include "tests/check_scratch.h"
#include "tests/check_record.h"

/* Write a bench record to scratch/rel: 9 samples of "x/fast" with wall
 * f * (1 + i/100), 9 of "x/flat" (the same in every record) and 9 of
 * only_kernel; its path in path. */
static void bench_record(const char *rel, double f, const char *only_kernel,
                         char *path, size_t n)
{
  char dir[256];
  struct gr_bench_record r;
  struct gr_error err = {0, ""};
  int i;
  at(dir, sizeof dir, rel);
  sample_record(&r);
  r.nrows = 0;
  for (i = 1; i <= 9; i++) {
    ck_assert_int_eq(gr_bench_record_add(&r, "x/fast", i, f * (1.0 + i / 100.0), f, 1000, "runs"), GR_OK);
    ck_assert_int_eq(gr_bench_record_add(&r, "x/flat", i, 0.2 + i / 1000.0, 0.2, 0, "-"), GR_OK);
    ck_assert_int_eq(gr_bench_record_add(&r, only_kernel, i, 1.0, 1.0, 0, "-"), GR_OK);
  }
  ck_assert_int_eq(gr_bench_record_write(dir, &r, path, n, &err), GR_OK);
  gr_bench_record_free(&r);
}

/* The decision column of the kernel's row in a comparison text. */
static const char *decision(const char *text, const char *kernel, char *out,
                            size_t n)
{
  char line[512], prefix[64], name[64], d[32];
  int na, nb;
  snprintf(prefix, sizeof prefix, "%s ", kernel);
  line_of(text, prefix, line, sizeof line);
  ck_assert_msg(line[0] != '\0', "no row for %s in:\n%s", kernel, text);
  ck_assert_int_eq(sscanf(line, "%63s %d %d %*s %*s %*s %*s %*s %31s", name, &na, &nb, d), 4);
  ck_assert_int_eq(na, 9);
  ck_assert_int_eq(nb, 9);
  snprintf(out, n, "%s", d);
  return out;
}

/* gr_bench_compare_records: B with half the wall times is "faster" (and A
 * against B "slower"), equal samples are "same", kernels in one record
 * only are listed; compare.dat and compare.gp are written. */
START_TEST(test_compare_records)
{
  char pa[512], pb[512], out[256], dat[300], gp[300], d[32], line[256], f[64];
  struct gr_buf text = GR_BUF_INIT;
  struct gr_error err = {0, ""};
  char *s;
  bench_record("cmp/a", 1.0, "x/gone", pa, sizeof pa);
  bench_record("cmp/b", 0.5, "x/new", pb, sizeof pb);
  at(out, sizeof out, "cmp/out");
  ck_assert_int_eq(gr_bench_compare_records(pa, pb, out, &text, &err), GR_OK);
  s = text.s;
  ck_assert_str_eq(decision(s, "x/fast", d, sizeof d), "faster");
  ck_assert_ptr_nonnull(strstr(s, " med B/A "));
  ck_assert_str_eq(decision(s, "x/flat", d, sizeof d), "same");
  ck_assert_ptr_nonnull(strstr(s, "only in A: x/gone\n"));
  ck_assert_ptr_nonnull(strstr(s, "only in B: x/new\n"));
  ck_assert_ptr_nonnull(strstr(s, "not rendered"));
  ck_assert_ptr_nonnull(strstr(s, pa));
  ck_assert_ptr_nonnull(strstr(s, pb));
  gr_buf_free(&text);

  /* compare.dat: index kernel ratio p decision, kernels in both records */
  snprintf(dat, sizeof dat, "%s/compare.dat", out);
  s = slurp(dat);
  line_of(s, "0\t", line, sizeof line);
  ck_assert_str_eq(field(line, 1, f, sizeof f), "x/fast");
  ck_assert_str_eq(field(line, 2, f, sizeof f), "0.5");
  ck_assert_double_lt(strtod(field(line, 3, f, sizeof f), NULL), 0.01);
  ck_assert_str_eq(field(line, 4, f, sizeof f), "faster");
  line_of(s, "1\t", line, sizeof line);
  ck_assert_str_eq(field(line, 1, f, sizeof f), "x/flat");
  ck_assert_str_eq(field(line, 2, f, sizeof f), "1");
  ck_assert_str_eq(field(line, 4, f, sizeof f), "same");
  line_of(s, "2\t", line, sizeof line);
  ck_assert_str_eq(line, "");
  free(s);
  snprintf(gp, sizeof gp, "%s/compare.gp", out);
  ck_assert(file_has(gp, "\nplot "));
  ck_assert(file_has(gp, "compare.dat"));

  /* the other way round: slower; without outdir nothing is written */
  rm_rf(out);
  ck_assert_int_eq(gr_bench_compare_records(pb, pa, NULL, &text, &err), GR_OK);
  ck_assert_str_eq(decision(text.s, "x/fast", d, sizeof d), "slower");
  ck_assert_str_eq(decision(text.s, "x/flat", d, sizeof d), "same");
  ck_assert(!is_dir(out));
  gr_buf_free(&text);

  /* a record against itself: every kernel the same */
  ck_assert_int_eq(gr_bench_compare_records(pa, pa, NULL, &text, &err), GR_OK);
  ck_assert_str_eq(decision(text.s, "x/fast", d, sizeof d), "same");
  ck_assert_str_eq(decision(text.s, "x/flat", d, sizeof d), "same");
  ck_assert_str_eq(decision(text.s, "x/gone", d, sizeof d), "same");
  gr_buf_free(&text);
  ck_assert_int_eq(err.code, GR_OK);
}
END_TEST

/* gr_bench_compare_decide: the shortest and the median times must both
 * move beyond 1.1x the same way, with p < 0.01.  The tail-only case is
 * the KVM guest's of tests/bench_stable.sh (a few runs at half the time,
 * the bulk unchanged): "faster" under the rule of the shortest time alone. */
START_TEST(test_compare_decide)
{
  ck_assert_str_eq(gr_bench_compare_decide(0.5, 0.5, 0.001), "faster");
  ck_assert_str_eq(gr_bench_compare_decide(2.0, 1.5, 0.001), "slower");
  ck_assert_str_eq(gr_bench_compare_decide(0.5, 0.5, 0.02), "same");
  ck_assert_str_eq(gr_bench_compare_decide(0.6, 1.03, 0.001), "same");
  ck_assert_str_eq(gr_bench_compare_decide(0.803, 1.03, 0.0022), "same");
  ck_assert_str_eq(gr_bench_compare_decide(1.62, 1.05, 0.001), "same");
  ck_assert_str_eq(gr_bench_compare_decide(0.8, 1.2, 0.001), "same");
  ck_assert_str_eq(gr_bench_compare_decide(1.05, 1.5, 0.001), "same");
  ck_assert_str_eq(gr_bench_compare_decide(NAN, 0.5, 0.001), "same");
}
END_TEST

/* gr_bench_compare_records refuses records without bench samples and files
 * that are not records. */
START_TEST(test_compare_bad)
{
  char dir[256], run[512], bench[512], junk[300];
  struct gr_bench_record r;
  struct gr_buf text = GR_BUF_INIT;
  struct gr_error err = {0, ""};
  at(dir, sizeof dir, "cmp-bad");
  sample_record(&r);
  r.nrows = 0;
  snprintf(r.kind, sizeof r.kind, "run");
  ck_assert_int_eq(gr_bench_record_add(&r, "c12/total", 0, 1.0, 1.0, 0, "-"), GR_OK);
  ck_assert_int_eq(gr_bench_record_write(dir, &r, run, sizeof run, &err), GR_OK);
  gr_bench_record_free(&r);
  bench_record("cmp-bad", 1.0, "x/other", bench, sizeof bench);
  ck_assert_int_eq(gr_bench_compare_records(run, bench, NULL, &text, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "no bench samples"));
  ck_assert_ptr_nonnull(strstr(err.msg, run));
  gr_error_clear(&err);
  snprintf(junk, sizeof junk, "%s/junk.tsv", dir);
  spit(junk, "not a record\n");
  ck_assert_int_eq(gr_bench_compare_records(bench, junk, NULL, &text, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, junk));
  gr_buf_free(&text);
}
END_TEST

static Suite *compare_suite(void)
{
  Suite *s = suite_create("compare");
  TCase *tc = tcase_create("compare");
  gr_check_scratch();
  tcase_add_test(tc, test_compare_records);
  tcase_add_test(tc, test_compare_decide);
  tcase_add_test(tc, test_compare_bad);
  suite_add_tcase(s, tc);
  return s;
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(compare_suite, 1)
