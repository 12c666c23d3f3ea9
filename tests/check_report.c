/* granrepro tests: figure scripts and an experiment's page (src/harness/report.c, render.c). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/error.h"
#include "harness/report.h"
#include "site/site.h"
#include "tests/check_run.h"
#include "tests/check_scratch.h"

/* gr_report_write_figure: a script naming its data, with the title
 * (quotes escaped), labels, setup and the plot command. */
START_TEST(test_report_figure)
{
  char dir[256], path[300], missing[300];
  struct gr_error err = {0, ""};
  struct gr_figure f = {"fig1", "data1", "Title with \"quotes\" and \\", "x label", "y label",
                        "set logscale y\nset key off", "data using 1:2 with lines title 'a'"};
  char *s;
  fresh_dir(dir, sizeof dir, "figure");
  ck_assert_int_eq(gr_report_write_figure(dir, &f, &err), GR_OK);
  snprintf(path, sizeof path, "%s/fig1.gp", dir);
  s = slurp(path);
  ck_assert_ptr_nonnull(strstr(s, "set title \"Title with \\\"quotes\\\" and \\\\\"\n"));
  ck_assert_ptr_nonnull(strstr(s, "set xlabel \"x label\"\n"));
  ck_assert_ptr_nonnull(strstr(s, "set ylabel \"y label\"\n"));
  ck_assert_ptr_nonnull(strstr(s, "\nset logscale y\nset key off\nplot data using 1:2 with lines title 'a'\n"));
  ck_assert_ptr_nonnull(strstr(s, "\"data1.dat\""));
  ck_assert_ptr_nonnull(strstr(s, "\"fig1.svg\""));
  free(s);
  ck_assert_int_eq(count_entries(dir), 1);

  /* no setup lines */
  f.name = "fig2";
  f.setup = NULL;
  ck_assert_int_eq(gr_report_write_figure(dir, &f, &err), GR_OK);
  snprintf(path, sizeof path, "%s/fig2.gp", dir);
  ck_assert(file_has(path, "set ylabel \"y label\"\nplot data using 1:2"));

  snprintf(missing, sizeof missing, "%s/nosuch", dir);
  ck_assert_int_ne(gr_report_write_figure(missing, &f, &err), GR_OK);
  ck_assert_ptr_nonnull(strstr(err.msg, missing));

  /* GNUPLOT names a missing program: nothing is rendered */
  ck_assert_ptr_null(gr_report_gnuplot());
}
END_TEST

/* An experiment's page: rows grouped by the first part of the quantity,
 * each figure beside the group its name contains as whole dash-separated
 * parts (the longest such group), the others under Figures; control bytes
 * of a note shown as U+FFFD, markup escaped. */
START_TEST(test_report_page_groups)
{
  char dir[256], path[400], *page, *ta, *tab, *figs, *fa, *fab, *fother, *fc;
  struct gr_error err = {0, ""};
  fresh_dir(dir, sizeof dir, "page");
  snprintf(path, sizeof path, "%s/summary.tsv", dir);
  spit(path, "# experiment: pg\n# title: T\n# citation: C\n# mode: quick\n# seed: 1\n"
             "quantity\tpublished\treproduced\tdelta\ttest\tverdict\tkind\tnote\n"
             "task-a/x\t1\t1\t0\tabs 1 of 1\treproduced\tresult\t-\n"
             "task-a-b/y\t1\t3\t2\tabs 1 of 1\tdiffers\tcheck\t<b>\n");
  snprintf(path, sizeof path, "%s/notes.md", dir);
  spit(path, "Bell \a here & <there>.\n\nSecond.\n");
  snprintf(path, sizeof path, "%s/task-a-one.svg", dir);
  spit(path, "<svg/>");
  snprintf(path, sizeof path, "%s/task-a-b-two.svg", dir);
  spit(path, "<svg/>");
  snprintf(path, sizeof path, "%s/task-ab-other.svg", dir);
  spit(path, "<svg/>");
  ck_assert_int_eq(gr_site_page(dir, &err), GR_OK);
  snprintf(path, sizeof path, "%s/index.html", dir);
  page = slurp(path);
  ta = strstr(page, "<h2>task-a</h2>");
  tab = strstr(page, "<h2>task-a-b</h2>");
  figs = strstr(page, "<h2>Figures</h2>");
  fa = strstr(page, "src=\"task-a-one.svg\"");
  fab = strstr(page, "src=\"task-a-b-two.svg\"");
  fother = strstr(page, "src=\"task-ab-other.svg\"");
  ck_assert(ta && tab && figs && fa && fab && fother);
  ck_assert(ta < fa && fa < tab && tab < fab && fab < figs && figs < fother);
  ck_assert_ptr_nonnull(strstr(page, "<td>&lt;b&gt;</td>"));
  ck_assert_ptr_nonnull(strstr(page, "<p>Bell \xef\xbf\xbd here &amp; &lt;there&gt;."));
  ck_assert_ptr_null(strchr(page, '\a'));
  fc = strstr(page, ": paper results: 1 reproduced; our checks: 1 differs.");
  ck_assert_ptr_nonnull(fc);
  free(page);
}
END_TEST

static Suite *report_suite(void)
{
  Suite *s = suite_create("report");
  TCase *tc = tcase_create("report");
  gr_check_scratch();
  tcase_add_test(tc, test_report_figure);
  tcase_add_test(tc, test_report_page_groups);
  suite_add_tcase(s, tc);
  return s;
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(report_suite, 1)
