/* granrepro tests: run and bench records (src/bench/record.c): write,
 * load, refuse malformed ones. */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/error.h"
#include "harness/fsio.h"
#include "bench/record.h"
#include "tests/check_run.h"
#include "tests/check_scratch.h"
#include "tests/check_record.h"

/* gr_bench_record_write then gr_bench_record_load: the file name and every header
 * field and row come back. */
START_TEST(test_record_roundtrip)
{
  char dir[256], want[512], path[512];
  struct gr_bench_record r, l;
  struct gr_error err = {0, ""};
  size_t i;
  at(dir, sizeof dir, "records/new");  /* created by gr_bench_record_write */
  sample_record(&r);
  ck_assert_int_eq(gr_bench_record_write(dir, &r, path, sizeof path, &err), GR_OK);
  snprintf(want, sizeof want, "%s/test_host_1-20260102T030405Z-c12-bench.tsv", dir);
  ck_assert_str_eq(path, want);
  ck_assert_int_eq(count_entries(dir), 1);
  ck_assert(file_has(path, "# granrepro record\n# kind: bench\n"));

  ck_assert_int_eq(gr_bench_record_load(path, &l, &err), GR_OK);
  ck_assert_str_eq(l.kind, "bench");
  ck_assert_str_eq(l.experiment, "c12");
  ck_assert_str_eq(l.date, "2026-01-02T03:04:05Z");
  ck_assert_str_eq(l.mode, "quick");
  ck_assert_uint_eq(l.seed, 4294967295UL);
  ck_assert_int_eq(l.threads, 3);
  ck_assert_str_eq(l.machine.host, "test host/1");
  ck_assert_str_eq(l.machine.cpu, "Test CPU @ 1.00GHz");
  ck_assert_int_eq(l.machine.cores, 8);
  ck_assert_int_eq(l.machine.memory_kib, 16384000);
  ck_assert_str_eq(l.machine.os, "TestOS 1.0 (x)");
  ck_assert_str_eq(l.machine.compiler, "gcc 99.1");
  ck_assert_str_eq(l.machine.cflags, "-O2 -g -fopenmp");
  ck_assert_str_eq(l.machine.gsl, "2.7.1");
  ck_assert_str_eq(l.machine.revision, "0123456789ab-dirty");
  ck_assert_uint_eq(l.nrows, 3);
  for (i = 0; i < 3; i++) {
    ck_assert_str_eq(l.rows[i].name, r.rows[i].name);
    ck_assert_int_eq(l.rows[i].sample, r.rows[i].sample);
    ck_assert_double_eq(l.rows[i].wall, r.rows[i].wall);
    ck_assert_double_eq(l.rows[i].cpu, r.rows[i].cpu);
    ck_assert_double_eq(l.rows[i].work, r.rows[i].work);
  }
  ck_assert_str_eq(l.rows[0].unit, "collisions");
  ck_assert_str_eq(l.rows[2].unit, "-");
  gr_bench_record_free(&l);
  ck_assert_ptr_null(l.rows);

  /* a run record has no "-bench" suffix */
  snprintf(r.kind, sizeof r.kind, "run");
  ck_assert_int_eq(gr_bench_record_write(dir, &r, path, sizeof path, &err), GR_OK);
  snprintf(want, sizeof want, "%s/test_host_1-20260102T030405Z-c12.tsv", dir);
  ck_assert_str_eq(path, want);
  ck_assert_int_eq(count_entries(dir), 2);
  gr_bench_record_free(&r);
  ck_assert_int_eq(err.code, GR_OK);
}
END_TEST

/* gr_bench_record_machine describes this machine and build. */
START_TEST(test_record_machine)
{
  struct gr_bench_machine m;
  gr_bench_record_machine(&m);
  ck_assert_str_ne(m.host, "");
  ck_assert_str_ne(m.cpu, "");
  ck_assert_int_ge(m.cores, 1);
  ck_assert_str_ne(m.gsl, "");
  ck_assert_str_ne(m.revision, "");
  ck_assert_ptr_null(strchr(m.cpu, '\t'));
  ck_assert_ptr_null(strchr(m.os, '\n'));
}
END_TEST

/* Load text as a record at scratch/records/bad/name: expect GR_EINPUT with
 * "path:line:" and the fragment what, and no rows kept. */
static void record_bad(const char *name, const char *text, int line,
                       const char *what)
{
  char path[512], prefix[600];
  struct gr_bench_record r;
  struct gr_error err = {0, ""};
  at(path, sizeof path, "records/bad");
  ck_assert_int_eq(gr_fsio_mkdirs(path, &err), GR_OK);
  at(path, sizeof path, "records/bad/");
  strncat(path, name, sizeof path - strlen(path) - 1);
  spit(path, text);
  ck_assert_msg(gr_bench_record_load(path, &r, &err) == GR_EINPUT, "%s accepted", name);
  snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
  ck_assert_msg(strncmp(err.msg, prefix, strlen(prefix)) == 0, "want '%s', got '%s'", prefix, err.msg);
  ck_assert_msg(strstr(err.msg, what) != NULL, "want '%s' in '%s'", what, err.msg);
  ck_assert_ptr_null(r.rows);
  ck_assert_uint_eq(r.nrows, 0);
}

#define REC_HEAD "# granrepro record\n# kind: bench\nname\tsample\twall_s\tcpu_s\twork\tunit\n"

/* Malformed records are rejected with "path:line: ..."; CRLF is fine. */
START_TEST(test_record_malformed)
{
  char path[512];
  struct gr_bench_record r;
  struct gr_error err = {0, ""};
  record_bad("notrec.tsv", "hello\tworld\n", 1, "not a granrepro record");
  record_bad("empty.tsv", "", 1, "not a granrepro record");
  record_bad("fields.tsv", REC_HEAD "k\t1\t0.5\t0.5\t1\tu\nk\t2\t0.5\t0.5\t1\n", 5, "6 tab-separated fields");
  record_bad("extra.tsv", REC_HEAD "k\t1\t0.5\t0.5\t1\tu\textra\n", 4, "6 tab-separated fields");
  record_bad("sample.tsv", REC_HEAD "k\tone\t0.5\t0.5\t1\tu\n", 4, "'one'");
  record_bad("wall.tsv", REC_HEAD "k\t1\tfast\t0.5\t1\tu\n", 4, "'fast'");
  record_bad("colhdr.tsv", "# granrepro record\n# kind: bench\nwrong\theader\n", 3, "column header");

  /* CRLF line ends: accepted, no CR kept */
  at(path, sizeof path, "records/bad/crlf.tsv");
  spit(path, "# granrepro record\r\n# kind: bench\r\n# experiment: c12\r\n"
             "name\tsample\twall_s\tcpu_s\twork\tunit\r\nk\t1\t0.5\t0.25\t10\truns\r\n");
  ck_assert_int_eq(gr_bench_record_load(path, &r, &err), GR_OK);
  ck_assert_str_eq(r.experiment, "c12");
  ck_assert_uint_eq(r.nrows, 1);
  ck_assert_str_eq(r.rows[0].unit, "runs");
  ck_assert_double_eq(r.rows[0].wall, 0.5);
  gr_bench_record_free(&r);

  at(path, sizeof path, "records/bad/nosuch.tsv");
  ck_assert_int_ne(gr_bench_record_load(path, &r, &err), GR_OK);
  ck_assert_ptr_nonnull(strstr(err.msg, path));
}
END_TEST

static Suite *record_suite(void)
{
  Suite *s = suite_create("record");
  TCase *tc = tcase_create("record");
  gr_check_scratch();
  tcase_add_test(tc, test_record_roundtrip);
  tcase_add_test(tc, test_record_machine);
  tcase_add_test(tc, test_record_malformed);
  suite_add_tcase(s, tc);
  return s;
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(record_suite, 1)
