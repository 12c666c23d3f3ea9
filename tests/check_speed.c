/* granrepro tests: the speed pages of a bench record (src/bench/speed.c,
 * speed_page.c, speed_md.c). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/error.h"
#include "harness/fsio.h"
#include "bench/record.h"
#include "bench/speed.h"
#include "tests/check_run.h"
#include "tests/check_scratch.h"

/* Speed pages: kernel names split into series, size and threads; a
 * record of known times gives the cost per unit, the speed-up and the
 * section of the page. */
START_TEST(test_speed_names_and_page)
{
  char series[64], *text, dir[4096], path[4200];
  double n;
  int t;
  size_t len;
  struct gr_bench_record r;
  struct gr_error err = {0, ""};
  ck_assert_int_eq(gr_bench_speed_name("dem-step-1e5-t2", series, sizeof series, &n, &t), 1);
  ck_assert_str_eq(series, "dem-step");
  ck_assert(n == 1e5 && t == 2);
  ck_assert_int_eq(gr_bench_speed_name("ddc-N1e4-phi0.3", series, sizeof series, &n, &t), 1);
  ck_assert_str_eq(series, "ddc-phi0.3");
  ck_assert(n == 1e4 && t == 1);
  ck_assert_int_eq(gr_bench_speed_name("cells-64e3-rho0.28", series, sizeof series, &n, &t), 1);
  ck_assert_str_eq(series, "cells-rho0.28");
  ck_assert(n == 64e3);
  ck_assert_int_eq(gr_bench_speed_name("rule-sweep", series, sizeof series, &n, &t), 0);
  ck_assert_str_eq(series, "rule-sweep");
  ck_assert(n == 0.0 && t == 1);
  memset(&r, 0, sizeof r);
  snprintf(r.mode, sizeof r.mode, "full");
  /* 10 ns per unit at 1e3, 20 ns at 1e4 (slope log10 2), 10 ns on 2 threads */
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/step-1e3", 1, 1, 1e-5, 1e-5, 1e3, "steps"), GR_OK);
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/step-1e4", 1, 1, 2e-4, 2e-4, 1e4, "steps"), GR_OK);
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/step-1e4-t2", 1, 1, 1e-4, 2e-4, 1e4, "steps"), GR_OK);
  r.rows[r.nrows - 1].bytes = 80.0; /* of step-1e4-t2: 8 GB/s at 10 ns per unit */
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/other", 1, 1, 1.0, 1.0, 4.0, "runs"), GR_OK);
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/bw-read-1e6", 1, 1, 1e-3, 1e-3, 1e6, "values"), GR_OK);
  r.rows[r.nrows - 1].bytes = 16.0; /* the streaming bound: 16 GB/s */
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/bw-read-1e5", 1, 1, 1e-5, 1e-5, 1e5, "values"), GR_OK);
  r.rows[r.nrows - 1].bytes = 16.0; /* 160 GB/s from a cache: not the bound */
  at(dir, sizeof dir, "speedpage");
  ck_assert_int_eq(gr_bench_speed_write(dir, GR_REFDIR_SRC, &r, &err), GR_OK);
  snprintf(path, sizeof path, "%s/speed/x-cost.dat", dir);
  ck_assert_int_eq(gr_fsio_read(path, &text, &len, &err), GR_OK);
  ck_assert_str_eq(text, "# step t1\n1000 10 10 10\n10000 20 20 20\n\n\n# step t2\n10000 10 10 10\n"
                         "\n\n# bw-read t1\n100000 0.1 0.1 0.1\n1e+06 1 1 1\n");
  free(text);
  snprintf(path, sizeof path, "%s/speed/x-speedup.dat", dir);
  ck_assert_int_eq(gr_fsio_read(path, &text, &len, &err), GR_OK);
  ck_assert_str_eq(text, "# step t2\n10000 2 2\n");
  free(text);
  snprintf(path, sizeof path, "%s/speed/index.html", dir);
  ck_assert_int_eq(gr_fsio_read(path, &text, &len, &err), GR_OK);
  ck_assert_ptr_nonnull(strstr(text, "<h2 id=\"x\">x</h2>"));
  ck_assert_ptr_nonnull(strstr(text, "<td>+0.301 &plusmn; 0.000</td>"));
  ck_assert_ptr_nonnull(strstr(text, "<td>other</td><td>-</td>"));
  /* 80 B per unit in 10 ns: 8 GB/s, half the 16 GB/s bound */
  ck_assert_ptr_nonnull(strstr(text, "<td>80</td><td>8</td><td>0.50</td>"));
  ck_assert_ptr_null(strstr(text, "<!--fig:"));
  free(text);
  gr_bench_record_free(&r);
}
END_TEST

/* The speed findings in markdown: the record of test_speed_names_and_page
 * through a template gives its numbers by name (cost, rate, speed-up
 * against the "-t1" partner, fraction of the streaming bound, slope) and
 * its tables; a name the record does not have fails with file and line. */
START_TEST(test_speed_markdown)
{
  static const char *const want[] = {
    /* slope of ln 10, ln 40, ln 20 against ln 1e3, ln 1e4, ln 1e4 */
    "2026-11-24T00:00:00Z 2 16 GB/s; 10 ns, 1e+08/s, speed-up 2.00, bound 0.50, slope 0.4515\n",
    "| step-1e4-t2 | 1e+04 | 2 | 10 | [10, 10] | 20 | 1e+08 | 80 | 8 | 0.50 |\n",
    "| step-1e3 | 1e+03 | 1 | 10 | [10, 10] | 10 | 1e+08 | - | - | - |\n",
    "wall ns per step (median)",
    "| step-1e4-t2 | 1e+04 | 2 | 20 (step-1e4-t1) | 10 | 2.00 |\n",
    "| other | - | 1 | 2.5e+08 |",
    "| step | 2 | steps | 1e+04 .. 1e+04 | 10 | 10 | 1.000 | - |\n",
    "*Figure x-cost not drawn: gnuplot was not found"};
  char *text, dir[4096], sdir[4200], tmpl[4200], md[4200];
  size_t len, i;
  struct gr_bench_record r;
  struct gr_error err = {0, ""};
  memset(&r, 0, sizeof r);
  snprintf(r.mode, sizeof r.mode, "full");
  snprintf(r.date, sizeof r.date, "2026-11-24T00:00:00Z");
  r.machine.cores = 2;
  /* step: 10 ns per unit at 1e3, 20 at 1e4 on 1 thread ("-t1"), 10 on 2;
   * "step-1e4" alone is 40 ns: the speed-up takes the "-t1" partner */
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/step-1e3", 1, 1, 1e-5, 1e-5, 1e3, "steps"), GR_OK);
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/step-1e4", 1, 1, 4e-4, 4e-4, 1e4, "steps"), GR_OK);
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/step-1e4-t1", 1, 1, 2e-4, 2e-4, 1e4, "steps"), GR_OK);
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/step-1e4-t2", 1, 1, 1e-4, 2e-4, 1e4, "steps"), GR_OK);
  r.rows[r.nrows - 1].bytes = 80.0; /* 8 GB/s at 10 ns per unit */
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/other", 1, 1, 1.0, 1.0, 4.0, "runs"), GR_OK);
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/bw-read-1e6", 1, 1, 1e-3, 1e-3, 1e6, "values"), GR_OK);
  r.rows[r.nrows - 1].bytes = 16.0; /* the streaming bound: 16 GB/s */
  at(dir, sizeof dir, "speedmd");
  ck_assert_int_eq(gr_fsio_mkdirs(dir, &err), GR_OK);
  snprintf(tmpl, sizeof tmpl, "%s/t.md.in", dir);
  snprintf(md, sizeof md, "%s/speed.md", dir);
  snprintf(sdir, sizeof sdir, "%s/speed", dir);
  text = "{{date}} {{cores:%.0f}} {{x.stream}} GB/s; {{x/step-1e4-t2.ns}} ns, {{x/step-1e4-t2.rate:%.3g}}/s, "
         "speed-up {{x/step-1e4-t2.speedup:%.2f}}, bound {{x/step-1e4-t2.bound:%.2f}}, "
         "slope {{x/step.t1.slope:%.4f}}\n{{x/step.table}}{{x.speedup}}{{x.kernels}}{{x.series}}{{x.cost-fig}}\n";
  ck_assert_int_eq(gr_fsio_write(tmpl, text, strlen(text), &err), GR_OK);
  ck_assert_int_eq(gr_bench_speed_write(dir, GR_REFDIR_SRC, &r, &err), GR_OK); /* the figures' scripts, not drawn */
  ck_assert_int_eq(gr_bench_speed_markdown(sdir, "speed", &r, tmpl, md, &err), GR_OK);
  ck_assert_int_eq(gr_fsio_read(md, &text, &len, &err), GR_OK);
  for (i = 0; i < sizeof want / sizeof want[0]; i++)
    ck_assert_msg(strstr(text, want[i]) != NULL, "not in the page: %s", want[i]);
  ck_assert_ptr_null(strstr(text, "{{"));
  free(text);
  /* the page's speed-up figure takes the same partner */
  snprintf(md, sizeof md, "%s/speed/x-speedup.dat", dir);
  ck_assert_int_eq(gr_fsio_read(md, &text, &len, &err), GR_OK);
  ck_assert_str_eq(text, "# step t2\n10000 2 2\n");
  free(text);
  snprintf(md, sizeof md, "%s/speed/x-bound.dat", dir); /* kernels that count bytes */
  ck_assert_int_eq(gr_fsio_read(md, &text, &len, &err), GR_OK);
  ck_assert_str_eq(text, "# step t2\n10000 0.5 2\n\n\n# bw-read t1\n1e+06 1 1\n");
  free(text);
  /* issue 14's scaling measure: 80 ns at 1e6 over the first 1e4 kernel's
   * 40 ns (not its -t1 twin's 20), slope ln 2 / ln 100 */
  ck_assert_int_eq(gr_bench_record_add_sample(&r, "x/step-1e6", 1, 1, 0.08, 0.08, 1e6, "steps"), GR_OK);
  text = "{{x/step.t1.ratio-1e4-1e6:%.2f}} {{x/step.t1.slope-1e4-1e6:%.4f}}\n";
  ck_assert_int_eq(gr_fsio_write(tmpl, text, strlen(text), &err), GR_OK);
  ck_assert_int_eq(gr_bench_speed_markdown(sdir, "speed", &r, tmpl, md, &err), GR_OK);
  ck_assert_int_eq(gr_fsio_read(md, &text, &len, &err), GR_OK);
  ck_assert_str_eq(text, "2.00 0.1505\n");
  free(text);
  text = "line one\n{{x/step-1e5.ns}}\n";
  ck_assert_int_eq(gr_fsio_write(tmpl, text, strlen(text), &err), GR_OK);
  ck_assert_int_eq(gr_bench_speed_markdown(sdir, "speed", &r, tmpl, md, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "t.md.in:2: unknown placeholder {{x/step-1e5.ns}}"));
  gr_bench_record_free(&r);
}
END_TEST

static Suite *speed_suite(void)
{
  Suite *s = suite_create("speed");
  TCase *tc = tcase_create("speed");
  gr_check_scratch();
  tcase_add_test(tc, test_speed_names_and_page);
  tcase_add_test(tc, test_speed_markdown);
  suite_add_tcase(s, tc);
  return s;
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(speed_suite, 1)
