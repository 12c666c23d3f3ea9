/* granrepro tests: bad input to the harness's parsers is refused with
 * "name:line: ..." (issue 13): NUL and control bytes and non-regular files
 * as reference tables, records with impossible times, sample numbers or
 * over-long fields, and comparisons of records that cannot be compared
 * (other mode, no kernel in common, other work per sample). */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "harness/buf.h"
#include "bench/compare.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "bench/record.h"
#include "harness/ref.h"
#include "tests/check_run.h"

static char scratch[] = "/tmp/granrepro-check-input-XXXXXX";

/* A minimal valid reference table (5 lines). */
#define REF_OK "# source: test\n# quantity: q\n# note: n\nkey\tvalue\nr1\t1.5\n"

/* A record header with mode quick and the column header (lines 1-4). */
#define REC_HEAD "# granrepro record\n# kind: bench\n# mode: quick\nname\tsample\twall_s\tcpu_s\twork\tunit\n"

/* err holds GR_EINPUT and a message starting with prefix and holding what. */
static void refused(int rc, const struct gr_error *err, const char *prefix,
                    const char *what)
{
  ck_assert_int_eq(rc, GR_EINPUT);
  ck_assert_msg(strncmp(err->msg, prefix, strlen(prefix)) == 0, "want '%s' at the start of '%s'", prefix, err->msg);
  ck_assert_msg(strstr(err->msg, what) != NULL, "want '%s' in '%s'", what, err->msg);
  ck_assert_ptr_null(strchr(err->msg, '\n'));
}

/* Parse len bytes of text as a reference table: refused with prefix, what. */
static void ref_refused(const char *text, size_t len, const char *prefix,
                        const char *what)
{
  struct gr_reftable *t = (struct gr_reftable *)1;
  struct gr_error err = {0, ""};
  refused(gr_ref_parse_n("t.tsv", text, len, &t, &err), &err, prefix, what);
  ck_assert_ptr_null(t);
}

/* A NUL byte anywhere refuses the table at its line (it used to hide the
 * rest of the file: the table ended at the NUL and parsed fine). */
START_TEST(test_ref_nul)
{
  static const char text[] = REF_OK "r2\t2.5\n\0r3\t3.5\n";
  struct gr_reftable *t = NULL;
  struct gr_error err = {0, ""};
  ref_refused(text, sizeof text - 1, "t.tsv:7: ", "NUL byte");
  ref_refused("# source: a\0b\n", 14, "t.tsv:1: ", "NUL byte");
  ck_assert_int_eq(gr_ref_parse_n("t.tsv", text, strlen(text), &t, &err), GR_OK); /* up to the NUL */
  gr_ref_free(t);
}
END_TEST

/* Control bytes (which would reach the HTML report) are refused; tabs and
 * CRLF line ends are fine. */
START_TEST(test_ref_control)
{
  static const char bell[] = "# source: test\n# quantity: q\n# note: ring \a here\nkey\tvalue\nr1\t1.5\n";
  static const char esc[] = "# source: test\n# quantity: q\nkey\tvalue\nr1\t1.5\nr\033[2J\t2\n";
  static const char crlf[] = "# source: test\r\n# quantity: q\r\nkey\tvalue\r\nr1\t1.5\r\n";
  struct gr_reftable *t = NULL;
  struct gr_error err = {0, ""};
  ref_refused(bell, strlen(bell), "t.tsv:3: ", "control byte 0x07");
  ref_refused(esc, strlen(esc), "t.tsv:5: ", "control byte 0x1b");
  ref_refused("# source: x\x7f\n", 13, "t.tsv:1: ", "control byte 0x7f");
  ck_assert_int_eq(gr_ref_parse_n("t.tsv", crlf, strlen(crlf), &t, &err), GR_OK);
  gr_ref_free(t);
}
END_TEST

/* A FIFO or a folder as a reference table is refused at once (a FIFO
 * used to block the run forever). */
START_TEST(test_ref_not_regular)
{
  char fifo[256], dir[256];
  struct gr_reftable *t = NULL;
  struct gr_error err = {0, ""};
  snprintf(fifo, sizeof fifo, "%s/fifo.tsv", scratch);
  snprintf(dir, sizeof dir, "%s/dir.tsv", scratch);
  ck_assert_int_eq(mkfifo(fifo, 0600), 0);
  ck_assert_int_eq(mkdir(dir, 0700), 0);
  ck_assert_int_eq(gr_ref_load(fifo, &t, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, fifo));
  ck_assert_ptr_nonnull(strstr(err.msg, "not a regular file"));
  gr_error_clear(&err);
  ck_assert_int_eq(gr_ref_load(dir, &t, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "not a regular file"));
  ck_assert_ptr_null(t);
  unlink(fifo);
  rmdir(dir);
}
END_TEST

/* Parse text as a record: refused with "r.tsv:line: " and what. */
static void rec_refused(const char *text, size_t len, int line, const char *what)
{
  char prefix[32];
  struct gr_bench_record r;
  struct gr_error err = {0, ""};
  snprintf(prefix, sizeof prefix, "r.tsv:%d: ", line);
  refused(gr_bench_record_parse("r.tsv", text, len, &r, &err), &err, prefix, what);
  ck_assert_ptr_null(r.rows);
}

/* A record row: REC_HEAD then one row (line 5). */
static void row_refused(const char *row, const char *what)
{
  char text[1024];
  snprintf(text, sizeof text, "%s%s\n", REC_HEAD, row);
  rec_refused(text, strlen(text), 5, what);
}

/* Times must be finite, >= 0, and > 0 in a bench sample; work finite and
 * >= 0; sample numbers 0..GR_BENCH_RECORD_MAX_SAMPLE. */
START_TEST(test_record_values)
{
  static const char nul[] = REC_HEAD "k\t1\t0.5\t0.5\t1\tu\n\0k\t2\t0.5\t0.5\t1\tu\n";
  static const char esc[] = REC_HEAD "k\t1\t0.5\t0.5\t1\tu\033]0;title\a\n";
  char name[300], row[400];
  row_refused("k\t1\tinf\t0.5\t1\tu", "wall time 'inf'");
  row_refused("k\t1\tnan\t0.5\t1\tu", "wall time 'nan'");
  row_refused("k\t1\t-0.5\t0.5\t1\tu", "wall time '-0.5'");
  row_refused("k\t1\t0\t0.5\t1\tu", "wall time 0 in a bench sample");
  row_refused("k\t1\t0.5\t0\t1\tu", "CPU time 0 in a bench sample");
  row_refused("k\t1\t0.5\t1e999\t1\tu", "CPU time '1e999'");
  row_refused("k\t1\t0.5\t0.5\t-1\tu", "work '-1'");
  row_refused("k\t-1\t0.5\t0.5\t1\tu", "sample -1 is out of range");
  row_refused("k\t100001\t0.5\t0.5\t1\tu", "sample 100001 is out of range");
  row_refused("k\t99999999999999999999\t0.5\t0.5\t1\tu", "out of range");
  row_refused("\t1\t0.5\t0.5\t1\tu", "name must have 1 to 127 characters");
  memset(name, 'n', 200);
  name[200] = '\0';
  snprintf(row, sizeof row, "%s\t1\t0.5\t0.5\t1\tu", name);
  row_refused(row, "name must have 1 to 127");
  row_refused("k\t1\t0.5\t0.5\t1\tunit-that-is-far-too-long-for-its-field", "unit at most 31");
  rec_refused(nul, sizeof nul - 1, 6, "NUL byte");
  rec_refused(esc, strlen(esc), 5, "control byte 0x1b");
}
END_TEST

/* A run record's phase (sample 0) may take no measurable time; a header
 * value longer than its field is refused, not cut. */
START_TEST(test_record_fields)
{
  static const char run[] = "# granrepro record\n# kind: run\nname\tsample\twall_s\tcpu_s\twork\tunit\nc12/a\t0\t0\t0\t0\t-\n";
  char text[1024], mode[64];
  struct gr_bench_record r;
  struct gr_error err = {0, ""};
  ck_assert_int_eq(gr_bench_record_parse("r.tsv", run, strlen(run), &r, &err), GR_OK);
  ck_assert_uint_eq(r.nrows, 1);
  gr_bench_record_free(&r);
  memset(mode, 'q', 40);
  mode[40] = '\0';
  snprintf(text, sizeof text, "# granrepro record\n# mode: %s\n", mode);
  rec_refused(text, strlen(text), 2, "'mode' is longer than 15 characters");
  memset(text, 'k', 200);
  text[200] = '\0';
  ck_assert_int_eq(gr_bench_record_add(&r, text, 1, 1.0, 1.0, 0.0, "-"), GR_EINPUT);
  ck_assert_uint_eq(r.nrows, 0);
}
END_TEST

/* A bench record in memory: mode, then 9 samples of each kernel named in
 * kernels (space-separated) with wall 1 + i/100 and work per sample. */
static void bench(struct gr_bench_record *r, const char *mode, const char *kernels,
                  double work)
{
  char names[256], *k, *save = NULL;
  int i;
  memset(r, 0, sizeof *r);
  snprintf(r->kind, sizeof r->kind, "bench");
  snprintf(r->mode, sizeof r->mode, "%s", mode);
  snprintf(names, sizeof names, "%s", kernels);
  for (k = strtok_r(names, " ", &save); k; k = strtok_r(NULL, " ", &save))
    for (i = 1; i <= 9; i++)
      ck_assert_int_eq(gr_bench_record_add(r, k, i, 1.0 + i / 100.0, 1.0, work, "runs"), GR_OK);
}

/* Records of different modes, or without a kernel in common, are refused
 * (exit 2 in the driver); a kernel doing other work per sample in A and B
 * is not judged and is named in a warning. */
START_TEST(test_compare_refusals)
{
  struct gr_bench_record a, b;
  struct gr_buf text = GR_BUF_INIT;
  struct gr_error err = {0, ""};
  bench(&a, "quick", "x/k", 100);
  bench(&b, "full", "x/k", 100);
  ck_assert_int_eq(gr_bench_compare_loaded("A.tsv", &a, "B.tsv", &b, NULL, &text, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "'A.tsv' is a quick record and 'B.tsv' a full one"));
  gr_bench_record_free(&b);
  gr_error_clear(&err);
  bench(&b, "quick", "x/other", 100);
  ck_assert_int_eq(gr_bench_compare_loaded("A.tsv", &a, "B.tsv", &b, NULL, &text, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "share no kernel"));
  gr_bench_record_free(&b);
  gr_buf_free(&text);
  gr_error_clear(&err);
  bench(&b, "quick", "x/k", 250);
  ck_assert_int_eq(gr_bench_compare_loaded("A.tsv", &a, "B.tsv", &b, NULL, &text, &err), GR_OK);
  ck_assert_ptr_nonnull(strstr(text.s, " work-differs "));
  ck_assert_ptr_nonnull(strstr(text.s, "warning: A and B count different work per run"));
  ck_assert_ptr_nonnull(strstr(text.s, "  x/k: 100 runs in A, 250 in B\n"));
  ck_assert_ptr_null(strstr(text.s, "  same "));
  gr_bench_record_free(&a);
  gr_bench_record_free(&b);
  gr_buf_free(&text);
}
END_TEST

/* Times are compared per run: B's samples of 2 runs taking twice A's one
 * run are the same speed; a record without the iterations column counts
 * 1 run per sample; other thread counts get a warning. */
START_TEST(test_compare_iterations)
{
  static const char old[] = "# granrepro record\n# kind: bench\n# mode: quick\n# threads: 2\n"
                            "name\tsample\twall_s\tcpu_s\twork\tunit\nx/k\t1\t0.5\t0.5\t10\truns\n";
  struct gr_bench_record a, b;
  struct gr_buf text = GR_BUF_INIT;
  struct gr_error err = {0, ""};
  int i;
  ck_assert_int_eq(gr_bench_record_parse("old.tsv", old, strlen(old), &a, &err), GR_OK);
  ck_assert_int_eq(a.rows[0].iterations, 1);
  gr_bench_record_free(&a);
  rec_refused(REC_HEAD "k\t1\t0.5\t0.5\t1\tu\t1\n", strlen(REC_HEAD) + 16, 5, "expected 6 tab-separated fields, found 7");
  bench(&a, "quick", "x/k", 100);
  memset(&b, 0, sizeof b);
  snprintf(b.mode, sizeof b.mode, "quick");
  b.threads = 4;
  for (i = 1; i <= 9; i++)
    ck_assert_int_eq(gr_bench_record_add_sample(&b, "x/k", i, 2, 2.0 * (1.0 + i / 100.0), 2.0, 200, "runs"), GR_OK);
  ck_assert_int_eq(gr_bench_compare_loaded("A.tsv", &a, "B.tsv", &b, NULL, &text, &err), GR_OK);
  ck_assert_ptr_nonnull(strstr(text.s, "1.000      40.5         1  same"));
  ck_assert_ptr_nonnull(strstr(text.s, "warning: A ran its kernels on 0 threads, B on 4"));
  gr_bench_record_free(&a);
  gr_bench_record_free(&b);
  gr_buf_free(&text);
}
END_TEST

static Suite *input_suite(void)
{
  Suite *s = suite_create("input");
  TCase *ref = tcase_create("ref");
  TCase *rec = tcase_create("record");
  TCase *cmp = tcase_create("compare");
  tcase_add_test(ref, test_ref_nul);
  tcase_add_test(ref, test_ref_control);
  tcase_add_test(ref, test_ref_not_regular);
  tcase_add_test(rec, test_record_values);
  tcase_add_test(rec, test_record_fields);
  tcase_add_test(cmp, test_compare_refusals);
  tcase_add_test(cmp, test_compare_iterations);
  suite_add_tcase(s, ref);
  suite_add_tcase(s, rec);
  suite_add_tcase(s, cmp);
  return s;
}

/* Remove the scratch folder (its files are removed by the tests). */
static void rm_scratch(void)
{
  rmdir(scratch);
}

/* The suite, run in a scratch folder removed at exit. */
static Suite *input_scratch_suite(void)
{
  if (mkdtemp(scratch) == NULL) {
    perror("mkdtemp");
    exit(EXIT_FAILURE);
  }
  atexit(rm_scratch);
  return input_suite();
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(input_scratch_suite, 1)
