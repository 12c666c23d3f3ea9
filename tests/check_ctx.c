/* granrepro tests: the run context (src/harness/ctx.c): verdict rows,
 * sticky errors, the report it writes, notes templates, named streams. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/benchref.h"
#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "bench/record.h"
#include "harness/report.h"
#include "site/site.h"
#include "harness/rng.h"
#include "tests/check_run.h"
#include "tests/check_scratch.h"

/* The fake experiment: three comparisons (one off), an informative row,
 * a data set with a figure, a note and a timed phase; the published
 * number "unused" is never compared. */
static int fake_run(struct gr_ctx *ctx)
{
  struct gr_figure f = {"fake-fig", "fake-series", "Fake series", "t", "x", NULL,
                        "data using 1:2 with lines"};
  struct gr_data *d;
  gr_ctx_phase_begin(ctx, "compare");
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "good", "value", 1.25, 0.0, "computed"), GR_OK);
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "bad", "value", 2.6, 0.0, NULL), GR_OK);
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "bad", "other", 7.0, 0.0, NULL), GR_OK);
  gr_ctx_phase_end(ctx);
  gr_ctx_phase_add(ctx, "threaded", 1.5, 2.5); /* timed on a thread */
  ck_assert_int_eq(gr_ctx_informative(ctx, "fake/info", 42.0, "nothing published"), GR_OK);
  ck_assert_int_eq(gr_ctx_verdict(ctx, GR_KIND_CHECK, "fake/closed-form", 0.4845,
                                  gr_test_rel(0.4843, 1e-3), "against eq. 1"), GR_OK);
  ck_assert_int_eq(gr_ctx_not_computed(ctx, GR_KIND_RESULT, "fake/slope", "the fit failed"), GR_OK);
  d = gr_ctx_data(ctx, "fake-series", "t x");
  ck_assert_ptr_nonnull(d);
  ck_assert_int_eq(gr_data_printf(d, "%d %d\n", 0, 1), GR_OK);
  ck_assert_int_eq(gr_data_printf(d, "%d %d\n", 1, 4), GR_OK);
  ck_assert_int_eq(gr_ctx_figure(ctx, &f), GR_OK);
  return gr_ctx_note(ctx, "A note with %d parts.", 2);
}

static const struct gr_experiment fake_exp = {
  .key = "fake", .title = "A fake experiment & co", .citation = "Nobody, Nowhere 1 (2026)",
  .refdir = "fake", .run = fake_run};

#define FAKE_TABLE \
  "# source: granrepro test suite\n" \
  "# quantity: made-up numbers\n" \
  "# kind: result\n" \
  "key\tvalue\tother\tkind\tnote\n" \
  "good\t1.25\t-\t-\tfirst row\n" \
  "bad\t2.5\t7\tprinted\t-\n" \
  "unused\t3.0\t-\t-\t-\n"

/* base/ref/fake/tab.tsv holding FAKE_TABLE; refdir = base/ref. */
static void fake_reference(const char *base, char *refdir, size_t nr, char *tab,
                           size_t nt)
{
  snprintf(refdir, nr, "%s/ref", base);
  snprintf(tab, nt, "%s/fake", refdir);
  ck_assert_int_eq(mkdir(refdir, 0777), 0);
  ck_assert_int_eq(mkdir(tab, 0777), 0);
  strncat(tab, "/tab.tsv", nt - strlen(tab) - 1);
  spit(tab, FAKE_TABLE);
}

/* fake_reference under base, and options writing to base. */
static void fake_options(const char *base, char *refdir, size_t nr, char *tab,
                         size_t nt, struct gr_options *opt)
{
  fake_reference(base, refdir, nr, tab, nt);
  memset(opt, 0, sizeof *opt);
  opt->out = base;
  opt->refdir = refdir;
  opt->finish = gr_site_finish;
}

/* The summary row of quantity q (field 0), or fail. */
static const char *summary_row(const char *summary, const char *q, char *out,
                               size_t n)
{
  char prefix[128];
  snprintf(prefix, sizeof prefix, "%s\t", q);
  line_of(summary, prefix, out, n);
  ck_assert_msg(out[0] != '\0', "no row %s in summary:\n%s", q, summary);
  return out;
}

/* Row q of the summary has these fields (published, reproduced, test,
 * verdict, kind, note; NULL: not checked). */
static void row_is(const char *summary, const char *q, const char *pub, const char *val,
                   const char *test, const char *verdict, const char *kind, const char *note)
{
  const char *want[6] = {pub, val, test, verdict, kind, note};
  char row[512], f[128];
  int k;
  summary_row(summary, q, row, sizeof row);
  for (k = 0; k < 6; k++)
    if (want[k] != NULL)
      ck_assert_str_eq(field(row, k < 2 ? k + 1 : k + 2, f, sizeof f), want[k]);
}

/* A context of the fake experiment, run and accounted for. */
static struct gr_ctx *fake_ctx(const struct gr_options *opt)
{
  struct gr_ctx *ctx = gr_ctx_new(&fake_exp, opt);
  ck_assert_ptr_nonnull(ctx);
  ck_assert_int_eq(fake_exp.run(ctx), GR_OK);
  ck_assert_int_eq(gr_ctx_account(ctx), GR_OK);
  return ctx;
}

/* A whole run context: verdicts against a reference table, "not
 * computed" for the unused number, the report files; failed rewrites
 * leave the earlier report intact; the index shows the verdicts. */
START_TEST(test_ctx_lifecycle)
{
  char base[256], refdir[300], tab[400], out[300], rep[400], path[500], blocker[500];
  char afile[300], below[320];
  char row[512], *summary, *again;
  struct gr_options opt;
  struct gr_ctx *ctx;
  struct gr_bench_record rec;
  int counts[4], kc[GR_NKINDS][4], nr = 0;

  fresh_dir(base, sizeof base, "ctx");
  fake_reference(base, refdir, sizeof refdir, tab, sizeof tab);
  snprintf(out, sizeof out, "%s/out", base);
  ck_assert_int_eq(mkdir(out, 0777), 0);
  snprintf(rep, sizeof rep, "%s/fake", out);

  memset(&opt, 0, sizeof opt);
  opt.quick = 1;
  opt.seed = 7;
  opt.out = out;
  opt.refdir = refdir;
  opt.finish = gr_site_finish; /* as the driver runs it: with the page */
  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_ptr_nonnull(ctx);
  ck_assert_int_eq(gr_ctx_quick(ctx), 1);
  ck_assert_uint_eq(gr_ctx_seed(ctx), 7);
  ck_assert_int_eq(fake_exp.run(ctx), GR_OK);
  gr_ctx_counts(ctx, counts);
  ck_assert_int_eq(counts[GR_REPRODUCED], 3);
  ck_assert_int_eq(counts[GR_DIFFERS], 2);
  ck_assert_int_eq(counts[GR_EXPECTED], 0);
  ck_assert_int_eq(counts[GR_INFORMATIVE], 1);
  ck_assert_int_eq(gr_ctx_account(ctx), GR_OK);
  gr_ctx_counts(ctx, counts);
  ck_assert_int_eq(counts[GR_REPRODUCED], 3);
  ck_assert_int_eq(counts[GR_DIFFERS], 3);
  ck_assert_int_eq(counts[GR_INFORMATIVE], 1);
  gr_ctx_kind_counts(ctx, kc);
  ck_assert_int_eq(kc[GR_KIND_RESULT][GR_REPRODUCED], 1);
  ck_assert_int_eq(kc[GR_KIND_RESULT][GR_DIFFERS], 2);
  ck_assert_int_eq(kc[GR_KIND_PRINTED][GR_REPRODUCED], 1);
  ck_assert_int_eq(kc[GR_KIND_PRINTED][GR_DIFFERS], 1);
  ck_assert_int_eq(kc[GR_KIND_CHECK][GR_REPRODUCED], 1);
  ck_assert_int_eq(kc[GR_KIND_UNCLASSIFIED][GR_INFORMATIVE], 1);
  ck_assert_int_eq(gr_ctx_write(ctx, &nr), GR_OK);
  ck_assert_int_eq(nr, -1);
  ck_assert_int_eq(gr_ctx_error(ctx)->code, GR_OK);

  /* phases go to the record */
  memset(&rec, 0, sizeof rec);
  ck_assert_int_eq(gr_bench_record_phases(&rec, ctx), GR_OK);
  ck_assert_uint_eq(rec.nrows, 2);
  ck_assert_str_eq(rec.rows[0].name, "fake/compare");
  ck_assert_int_eq(rec.rows[0].sample, 0);
  ck_assert_double_ge(rec.rows[0].wall, 0.0);
  ck_assert_str_eq(rec.rows[1].name, "fake/threaded"); /* as given */
  ck_assert_double_eq(rec.rows[1].wall, 1.5);
  ck_assert_double_eq(rec.rows[1].cpu, 2.5);
  gr_bench_record_free(&rec);
  gr_ctx_free(ctx);

  /* summary.tsv: provenance, header, one row per verdict */
  snprintf(path, sizeof path, "%s/summary.tsv", rep);
  summary = slurp(path);
  ck_assert_ptr_nonnull(strstr(summary, "# experiment: fake\n"));
  ck_assert_ptr_nonnull(strstr(summary, "# title: A fake experiment & co\n"));
  ck_assert_ptr_nonnull(strstr(summary, "# mode: quick\n# seed: 7\n"));
  ck_assert_ptr_nonnull(strstr(summary, "\nquantity\tpublished\treproduced\tdelta\ttest\tverdict\tkind\tnote\n"));
  row_is(summary, "tab/good", "1.25", "1.25", "half-unit 0.005 of 1.25", "reproduced", "result",
         "computed; first row");
  row_is(summary, "tab/bad", "2.5", "2.6", NULL, "differs", "printed", NULL);
  row_is(summary, "tab/bad/other", "7", NULL, NULL, "reproduced", "printed", NULL);
  row_is(summary, "tab/unused", "3.0", "-", "-", "differs", "result", NULL);
  ck_assert_ptr_nonnull(strstr(summary_row(summary, "tab/unused", row, sizeof row), "not computed"));
  row_is(summary, "fake/info", "-", "42", "informative", "informative", "unclassified", NULL);
  row_is(summary, "fake/closed-form", "-", "0.4845", "rel 0.001 of 0.4843", "reproduced", "check",
         "against eq. 1");
  row_is(summary, "fake/slope", "-", "-", "-", "differs", "result", "not computed: the fit failed");
  ck_assert_ptr_null(strstr(summary, "tab/good/other"));

  /* the other files of the report, and nothing else anywhere */
  snprintf(path, sizeof path, "%s/fake-series.dat", rep);
  again = slurp(path);
  ck_assert_str_eq(again, "# t x\n0 1\n1 4\n");
  free(again);
  snprintf(path, sizeof path, "%s/notes.md", rep);
  again = slurp(path);
  ck_assert_str_eq(again, "A note with 2 parts.\n\n");
  free(again);
  snprintf(path, sizeof path, "%s/fake-fig.gp", rep);
  ck_assert(file_has(path, "Fake series"));
  snprintf(path, sizeof path, "%s/index.html", rep);
  ck_assert(file_has(path, "Figures not rendered"));
  ck_assert_int_eq(count_entries(rep), 5);
  ck_assert_int_eq(count_entries(out), 1);

  /* a second write whose fresh folder cannot be created fails and
   * leaves the earlier report exactly as it was */
  opt.seed = 8;
  ctx = fake_ctx(&opt);
  snprintf(blocker, sizeof blocker, "%s/.fake.new-%ld", out, (long)getpid());
  spit(blocker, "in the way\n");
  ck_assert_int_ne(gr_ctx_write(ctx, &nr), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, ".fake.new-"));
  gr_ctx_free(ctx);
  ck_assert_int_eq(unlink(blocker), 0);
  snprintf(path, sizeof path, "%s/summary.tsv", rep);
  again = slurp(path);
  ck_assert_str_eq(again, summary);
  free(again);
  ck_assert_int_eq(count_entries(rep), 5);
  ck_assert_int_eq(count_entries(out), 1);

  /* a write failing half-way (a data set that cannot be written) too,
   * and its fresh folder is removed */
  ctx = fake_ctx(&opt);
  ck_assert_ptr_nonnull(gr_ctx_data(ctx, "nosuch/series", "a b"));
  ck_assert_int_ne(gr_ctx_write(ctx, &nr), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "nosuch/series"));
  gr_ctx_free(ctx);
  again = slurp(path);
  ck_assert_str_eq(again, summary);
  free(again);
  ck_assert_int_eq(count_entries(rep), 5);
  ck_assert_int_eq(count_entries(out), 1);

  /* two rows of one name: the write fails naming it, the report stays */
  ctx = fake_ctx(&opt);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "twice/named", 1.0, "first");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "twice/named", 2.0, "second");
  ck_assert_int_ne(gr_ctx_write(ctx, &nr), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "'twice/named'"));
  gr_ctx_free(ctx);
  again = slurp(path);
  ck_assert_str_eq(again, summary);
  free(again);
  ck_assert_int_eq(count_entries(out), 1);

  /* --out below a regular file: the target cannot be created */
  snprintf(afile, sizeof afile, "%s/afile", base);
  spit(afile, "a file\n");
  snprintf(below, sizeof below, "%s/sub", afile);
  opt.out = below;
  ctx = fake_ctx(&opt);
  ck_assert_int_ne(gr_ctx_write(ctx, &nr), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, afile));
  gr_ctx_free(ctx);
  again = slurp(afile);
  ck_assert_str_eq(again, "a file\n");
  free(again);
  ck_assert_int_eq(count_entries(out), 1);
  again = slurp(path);
  ck_assert_str_eq(again, summary);
  free(again);
  free(summary);

  /* a good second write replaces the report; no old folder is left */
  opt.out = out;
  ctx = fake_ctx(&opt);
  ck_assert_int_eq(gr_ctx_write(ctx, &nr), GR_OK);
  gr_ctx_free(ctx);
  ck_assert(file_has(path, "# seed: 8\n"));
  ck_assert_int_eq(count_entries(rep), 5);
  ck_assert_int_eq(count_entries(out), 1);

  /* the front page: counts, title escaped, a link to the page; the page:
   * verdict classes, the table of group "tab" beside no figure, the
   * unrendered figure under "Figures", data, notes */
  {
    struct gr_error err = {0, ""};
    char index[600];
    ck_assert_int_eq(gr_site_index(out, refdir, &err), GR_EINPUT); /* no report/index.html.in there */
    ck_assert(strstr(err.msg, "report/index.html.in' not found") != NULL);
    gr_error_clear(&err);
    ck_assert_int_eq(gr_site_index(out, GR_REFDIR_SRC, &err), GR_OK);
    snprintf(index, sizeof index, "%s/index.html", out);
    ck_assert(file_has(index, "<td class=\"differs\">1 reproduced, 2 differs</td><td>printed: 1 reproduced, "
                              "1 differs; our checks: 1 reproduced; unclassified: 1 informative</td>"));
    ck_assert(file_has(index, "<a href=\"fake/index.html\">fake</a>"));
    ck_assert(file_has(index, "A fake experiment &amp; co"));
    snprintf(index, sizeof index, "%s/index.html", rep);
    ck_assert(file_has(index, "<td class=\"reproduced\">reproduced</td>"));
    ck_assert(file_has(index, "<td class=\"differs\">differs</td>"));
    ck_assert(file_has(index, "<td class=\"informative\">informative</td>"));
    ck_assert(file_has(index, "A fake experiment &amp; co"));
    ck_assert(file_has(index, "<h2>tab</h2>"));
    ck_assert(file_has(index, "Figures not rendered"));
    ck_assert(file_has(index, "<a href=\"fake-fig.gp\">"));
    ck_assert(file_has(index, "<a href=\"fake-series.dat\">"));
    ck_assert(file_has(index, "A note with 2 parts."));
    ck_assert_int_eq(count_entries(out), 2);
  }
}
END_TEST

/* Comparisons with a row, column or table that is not there fail the run
 * with a message naming the table; the first error is kept. */
START_TEST(test_ctx_missing_reference)
{
  char base[256], refdir[300], tab[400];
  struct gr_options opt;
  struct gr_ctx *ctx;
  double v = 0.0;
  fresh_dir(base, sizeof base, "ctx-missing");
  fake_options(base, refdir, sizeof refdir, tab, sizeof tab, &opt);

  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_published(ctx, "tab", "bad", "other", &v), GR_OK);
  ck_assert_double_eq(v, 7.0);
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "nosuch", "value", 1.0, 0.0, NULL), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "tab.tsv"));
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "nosuch"));
  /* a later failure does not replace the first message */
  ck_assert_int_eq(gr_ctx_fail(ctx, GR_EFAIL, "later %d", 2), GR_EFAIL);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "nosuch"));
  ck_assert_int_ne(gr_ctx_account(ctx), GR_OK);
  gr_ctx_free(ctx);

  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "good", "other", 1.0, 0.0, NULL), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "other"));
  gr_ctx_free(ctx);

  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_ne(gr_ctx_compare(ctx, "absent", "good", "value", 1.0, 0.0, NULL), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "absent.tsv"));
  gr_ctx_free(ctx);
  ck_assert_int_eq(count_entries(base), 1);
}
END_TEST

/* fake_options in a fresh base named name, with base/ref/fake/mis.tsv:
 * row k a misprint (printed 1e-7, read 1e7), row e a plain number. */
static void mis_options(char *base, size_t nb, const char *name, char *refdir, size_t nr,
                        struct gr_options *opt)
{
  char tab[400], mis[500];
  fresh_dir(base, nb, name);
  fake_options(base, refdir, nr, tab, sizeof tab, opt);
  snprintf(mis, sizeof mis, "%s/fake/mis.tsv", refdir);
  spit(mis, "# source: granrepro test suite\n# quantity: a lost minus sign\n# kind: printed\n"
            "# misprint: k value 1.00e7: the exponent's sign\n"
            "key\tvalue\nk\t1e-7\ne\t.95\n");
}

/* An input read from a misprint cell is the value its "# misprint:" line
 * predicts (the run's reading); gr_ctx_published keeps the printed one. */
START_TEST(test_ctx_input_misprint)
{
  char base[256], refdir[300];
  struct gr_options opt;
  struct gr_ctx *ctx;
  struct gr_error err = {0};
  double printed = 0.0, read = 0.0, other = 0.0;
  mis_options(base, sizeof base, "ctx-input-misprint", refdir, sizeof refdir, &opt);
  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_published(ctx, "mis", "k", "value", &printed), GR_OK);
  ck_assert_int_eq(gr_ctx_input(ctx, "mis", "k", "value", &read), GR_OK);
  ck_assert_int_eq(gr_ctx_input(ctx, "mis", "e", "value", &other), GR_OK);
  ck_assert_double_eq(printed, 1e-7);
  ck_assert_double_eq(read, 1e7);
  ck_assert_double_eq(other, 0.95);
  gr_ctx_free(ctx);
  /* a bench kernel's setup reads the same way (benchref.h) */
  gr_benchref_use(refdir, "fake");
  ck_assert_int_eq(gr_benchref_published("mis", "k", "value", &printed, &err), GR_OK);
  ck_assert_int_eq(gr_benchref_input("mis", "k", "value", &read, &err), GR_OK);
  ck_assert_double_eq(printed, 1e-7);
  ck_assert_double_eq(read, 1e7);
  ck_assert_int_eq(gr_benchref_input("mis", "nosuch", "value", &read, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "mis.tsv"));
  /* err may be NULL (gr_error_set tolerates it): the status alone */
  ck_assert_int_eq(gr_benchref_input("mis", "nosuch", "value", &read, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_benchref_published("absent", "k", "value", &read, NULL), GR_EINPUT);
  /* done forgets this test's folder: later tests see none, as before */
  gr_benchref_done();
  gr_error_clear(&err);
  ck_assert_int_eq(gr_benchref_published("mis", "k", "value", &printed, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "no reference folder"));
}
END_TEST

/* A misprint cell read as an input must also be compared (its misprint
 * row): gr_ctx_account fails a run that only read it, naming the cell. */
START_TEST(test_ctx_input_misprint_compared)
{
  char base[256], refdir[300];
  struct gr_options opt;
  struct gr_ctx *ctx;
  double v = 0.0;
  mis_options(base, sizeof base, "ctx-input-misprint-compared", refdir, sizeof refdir, &opt);
  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_input(ctx, "mis", "k", "value", &v), GR_OK);
  ck_assert_int_eq(gr_ctx_input(ctx, "mis", "e", "value", &v), GR_OK);
  ck_assert_int_eq(gr_ctx_account(ctx), GR_EFAIL);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "row 'k', column 'value'"));
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "never compared"));
  ck_assert_ptr_null(strchr(gr_ctx_error(ctx)->msg, '\n'));
  gr_ctx_free(ctx);
  /* read and compared: accounted for, the misprint row shows */
  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_input(ctx, "mis", "e", "value", &v), GR_OK);
  ck_assert_int_eq(gr_ctx_input(ctx, "mis", "k", "value", &v), GR_OK);
  ck_assert_int_eq(gr_ctx_compare(ctx, "mis", "k", "value", v, 0.0, NULL), GR_OK);
  ck_assert_int_eq(gr_ctx_account(ctx), GR_OK);
  gr_ctx_free(ctx);
}
END_TEST

/* One slip over three cells of a table (a row read one line off, copied
 * down): its cells' rows are informative and name the slip's row, which
 * alone carries the verdict (expected-difference, value 3); a cell
 * without a misprint line keeps its own verdict; a cell not as its
 * misprint line predicts, or a slip with no cell, makes the row differ;
 * cells of another slip pending are refused. */
static const char *slip_summary(const char *base, const char *refdir, double c2)
{
  struct gr_options opt;
  struct gr_ctx *ctx;
  int kc[GR_NKINDS][4], nr;
  char path[400];
  memset(&opt, 0, sizeof opt);
  opt.out = base;
  opt.refdir = refdir;
  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_compare_in(ctx, "slip", "c1", "value", 20.0, "s", "cell"), GR_OK);
  ck_assert_int_eq(gr_ctx_compare_in(ctx, "slip", "ok", "value", 5.0, "s", NULL), GR_OK);
  ck_assert_int_eq(gr_ctx_compare_in(ctx, "slip", "c2", "value", c2, "s", NULL), GR_OK);
  ck_assert_int_eq(gr_ctx_compare_in(ctx, "slip", "c3", "value", 7.0, "s", NULL), GR_OK);
  ck_assert_int_eq(gr_ctx_slip_row(ctx, "slip", "s", "one slip"), GR_OK);
  ck_assert_int_eq(gr_ctx_slip_row(ctx, "slip", "none", NULL), GR_OK);
  gr_ctx_kind_counts(ctx, kc);
  ck_assert_int_eq(kc[GR_KIND_MISPRINT][GR_INFORMATIVE], 3);
  ck_assert_int_eq(kc[GR_KIND_MISPRINT][GR_EXPECTED], c2 == 10.0);
  ck_assert_int_eq(kc[GR_KIND_MISPRINT][GR_DIFFERS], 1 + (c2 != 10.0));
  ck_assert_int_eq(kc[GR_KIND_PRINTED][GR_REPRODUCED], 1);
  ck_assert_int_eq(gr_ctx_account(ctx), GR_OK);
  ck_assert_int_eq(gr_ctx_write(ctx, &nr), GR_OK);
  gr_ctx_free(ctx);
  snprintf(path, sizeof path, "%s/fake/summary.tsv", base);
  return slurp(path);
}

START_TEST(test_ctx_slip)
{
  char base[256], refdir[300], tab[400], path[500], row[512];
  const char *sum;
  struct gr_options opt;
  struct gr_ctx *ctx;
  fresh_dir(base, sizeof base, "ctx-slip");
  fake_options(base, refdir, sizeof refdir, tab, sizeof tab, &opt);
  snprintf(path, sizeof path, "%s/fake/slip.tsv", refdir);
  spit(path, "# source: granrepro test suite\n# quantity: a slipped row\n# kind: printed\n"
             "# misprint: c1 value 20: read one row up\n# misprint: c2 value 10: read one row up\n"
             "# misprint: c3 value 7: read one row up\nkey\tvalue\nc1\t0\nok\t5\nc2\t20\nc3\t6\n");
  sum = slip_summary(base, refdir, 10.0);
  row_is(sum, "slip/c1", "0 (misprint; read 20)", "20", "informative (judged in slip/s: half-unit 0.5 of 20)",
         "informative", "misprint", NULL);
  row_is(sum, "slip/ok", "5", "5", NULL, "reproduced", "printed", NULL);
  row_is(sum, "slip/s", "-", "3", "each of 3 misprint cells = the value its misprint line predicts",
         "expected-difference", "misprint", NULL);
  summary_row(sum, "slip/s", row, sizeof row);
  ck_assert_ptr_nonnull(strstr(row, "one slip; c1 (printed 0, read 20), c2 (printed 20, read 10), c3 (printed 6, read 7)"));
  row_is(sum, "slip/none", "-", "0", NULL, "differs", "misprint", "no misprint cell compared");
  free((char *)sum);
  sum = slip_summary(base, refdir, 11.0); /* c2 not as predicted */
  row_is(sum, "slip/s", "-", "3", NULL, "differs", "misprint", NULL);
  free((char *)sum);
  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_compare_in(ctx, "slip", "c1", "value", 20.0, "s", NULL), GR_OK);
  ck_assert_int_eq(gr_ctx_compare_in(ctx, "slip", "c2", "value", 10.0, "t", NULL), GR_EFAIL);
  gr_ctx_free(ctx);
}
END_TEST

/* Sticky errors: after the first failure every gr_ctx_* call is a no-op
 * returning the recorded code, and gr_ctx_run_tasks stops at the task
 * that failed (checked once per task, named when it returned a bare
 * status). */
static int task_ok_calls;

static int task_ok(struct gr_ctx *ctx) { (void)ctx; task_ok_calls++; return GR_OK; }

static int task_bare(struct gr_ctx *ctx) { (void)ctx; return GR_ENOMEM; }

static int task_bad_compare(struct gr_ctx *ctx)
{
  gr_ctx_compare(ctx, "tab", "nosuch", "value", 1.0, 0.0, NULL);
  return GR_OK; /* forgot to check: the context still knows */
}

START_TEST(test_ctx_errors_are_sticky)
{
  char base[256], refdir[300], tab[400];
  struct gr_options opt;
  struct gr_ctx *ctx;
  struct gr_data *d;
  int counts[4], nr = 0;
  double v = -1.0;
  const struct gr_task bare[] = {{"one", task_ok}, {"two", task_bare}, {"three", task_ok}};
  const struct gr_task unchecked[] = {{"one", task_bad_compare}, {"two", task_ok}};
  fresh_dir(base, sizeof base, "ctx-sticky");
  fake_options(base, refdir, sizeof refdir, tab, sizeof tab, &opt);

  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_fail(ctx, GR_EINPUT, "first"), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "good", "value", 1.25, 0.0, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_published(ctx, "tab", "good", "value", &v), GR_EINPUT);
  ck_assert_double_eq(v, -1.0);
  ck_assert_int_eq(gr_ctx_has(ctx, "tab", "good", "value"), 0);
  ck_assert_int_eq(gr_ctx_show(ctx, "tab", "good", "value", 1.0, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_informative(ctx, "q", 1.0, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_assert(ctx, "q", 1.0, 1.0, 1, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_note(ctx, "x"), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_value(ctx, "x", 1.0), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_text(ctx, "x", "y"), GR_EINPUT);
  ck_assert_ptr_null(gr_ctx_rng(ctx, "x"));
  d = gr_ctx_data(ctx, "d", "a b");
  ck_assert_ptr_null(d);
  ck_assert_int_ne(gr_data_printf(d, "%d\n", 1), GR_OK);
  ck_assert_int_eq(gr_ctx_account(ctx), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_write(ctx, &nr), GR_EINPUT);
  gr_ctx_counts(ctx, counts);
  ck_assert_int_eq(counts[0] + counts[1] + counts[2] + counts[3], 0);
  ck_assert_str_eq(gr_ctx_error(ctx)->msg, "first");
  gr_ctx_free(ctx);

  task_ok_calls = 0;
  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_run_tasks(ctx, bare, 3), GR_ENOMEM);
  ck_assert_int_eq(task_ok_calls, 1);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "task 'two'"));
  gr_ctx_free(ctx);

  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_run_tasks(ctx, unchecked, 2), GR_EINPUT);
  ck_assert_int_eq(task_ok_calls, 1);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "nosuch"));
  gr_ctx_free(ctx);
  ck_assert_int_eq(count_entries(base), 1);
}
END_TEST

/* Notes template: reference/fake/fake.notes.md.in is filled from named
 * values and verdict rows, followed by the gr_ctx_note paragraphs; an
 * unknown placeholder fails the write with file:line and leaves no
 * report. */
START_TEST(test_ctx_notes_template)
{
  char base[256], refdir[300], tab[400], out[300], tmpl[400], path[500], *notes;
  struct gr_options opt;
  struct gr_ctx *ctx;
  int nr = 0;
  fresh_dir(base, sizeof base, "ctx-notes");
  fake_reference(base, refdir, sizeof refdir, tab, sizeof tab);
  snprintf(out, sizeof out, "%s/out", base);
  ck_assert_int_eq(mkdir(out, 0777), 0);
  snprintf(tmpl, sizeof tmpl, "%s/fake/fake.notes.md.in", refdir);
  spit(tmpl, "# Fake\n\nk = {{k:%.3f}} by {{who}}; tab/good is {{verdict:tab/good}} "
             "({{value:tab/good}}), tab/bad/other {{verdict:tab/bad/other}}.\n\n");
  memset(&opt, 0, sizeof opt);
  opt.out = out;
  opt.refdir = refdir;

  ctx = fake_ctx(&opt);
  ck_assert_int_eq(gr_ctx_value(ctx, "k", 2.0 / 3.0), GR_OK);
  ck_assert_int_eq(gr_ctx_text(ctx, "who", "the test"), GR_OK);
  ck_assert_int_eq(gr_ctx_write(ctx, &nr), GR_OK);
  gr_ctx_free(ctx);
  snprintf(path, sizeof path, "%s/fake/notes.md", out);
  notes = slurp(path);
  ck_assert_str_eq(notes, "# Fake\n\nk = 0.667 by the test; tab/good is reproduced (1.25), "
                          "tab/bad/other reproduced.\n\nA note with 2 parts.\n\n");
  free(notes);

  spit(tmpl, "# Fake\n\n{{k}} and {{nosuch}}\n");
  ctx = fake_ctx(&opt);
  ck_assert_int_eq(gr_ctx_value(ctx, "k", 1.0), GR_OK);
  ck_assert_int_eq(gr_ctx_write(ctx, &nr), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "fake.notes.md.in:3: unknown placeholder {{nosuch}}"));
  gr_ctx_free(ctx);
  ck_assert_int_eq(count_entries(out), 1); /* the first report, untouched */
}
END_TEST

/* The context hands out the same stream for a name, seeded by the rule
 * whatever the order the names are asked in. */
START_TEST(test_ctx_rng_owned_and_ordered)
{
  struct gr_options opt;
  struct gr_ctx *c1, *c2;
  gsl_rng *ref = gr_rng_stream(11, "b");
  unsigned long first = gsl_rng_get(ref);
  memset(&opt, 0, sizeof opt);
  opt.seed = 11;
  c1 = gr_ctx_new(&fake_exp, &opt);
  c2 = gr_ctx_new(&fake_exp, &opt);
  ck_assert_ptr_nonnull(gr_ctx_rng(c1, "a"));
  ck_assert_ptr_eq(gr_ctx_rng(c1, "a"),
                   gr_ctx_rng(c1, "a"));
  ck_assert_uint_eq(gsl_rng_get(gr_ctx_rng(c1, "b")), first);
  ck_assert_uint_eq(gsl_rng_get(gr_ctx_rng(c2, "b")), first); /* asked first here */
  ck_assert_uint_eq(gsl_rng_get(gr_ctx_rng(c1, "b")), gsl_rng_get(ref)); /* continues */
  gr_ctx_free(c1);
  gr_ctx_free(c2);
  gsl_rng_free(ref);
}
END_TEST

/* --set values: read with their ranges; a name of another experiment's is
 * left to it, one of this experiment's that it never read fails. */
START_TEST(test_ctx_options)
{
  static const struct gr_experiment optexp = {.key = "opt", .options = "a b"};
  struct gr_options opt;
  struct gr_ctx *ctx;
  double a = 0.0;
  int b = 0;
  memset(&opt, 0, sizeof opt);
  opt.sets[0] = "a=0.5";
  opt.sets[1] = "c=2"; /* another selected experiment's */
  opt.nsets = 2;
  ctx = gr_ctx_new(&optexp, &opt);
  ck_assert_int_eq(gr_ctx_option(ctx, "a", 1.0, 0.0, 1.0, &a), GR_OK);
  ck_assert_int_eq(gr_ctx_option_int(ctx, "b", 3, 1, 5, &b), GR_OK);
  ck_assert(a == 0.5 && b == 3);
  ck_assert_int_eq(gr_ctx_options_done(ctx, optexp.options), GR_OK);
  gr_ctx_free(ctx);
  opt.sets[1] = "b=9"; /* out of range */
  ctx = gr_ctx_new(&optexp, &opt);
  ck_assert_int_eq(gr_ctx_option_int(ctx, "b", 3, 1, 5, &b), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "--set b=9: give a whole number from 1 to 5"));
  gr_ctx_free(ctx);
  ctx = gr_ctx_new(&optexp, &opt); /* b given, never read */
  ck_assert_int_eq(gr_ctx_option(ctx, "a", 1.0, 0.0, 1.0, &a), GR_OK);
  ck_assert_int_eq(gr_ctx_options_done(ctx, optexp.options), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "--set b=9: opt has no such option"));
  gr_ctx_free(ctx);
}
END_TEST

static Suite *ctx_suite(void)
{
  Suite *s = suite_create("ctx");
  TCase *tc = tcase_create("ctx");
  gr_check_scratch();
  tcase_add_test(tc, test_ctx_lifecycle);
  tcase_add_test(tc, test_ctx_missing_reference);
  tcase_add_test(tc, test_ctx_input_misprint);
  tcase_add_test(tc, test_ctx_input_misprint_compared);
  tcase_add_test(tc, test_ctx_slip);
  tcase_add_test(tc, test_ctx_errors_are_sticky);
  tcase_add_test(tc, test_ctx_notes_template);
  tcase_add_test(tc, test_ctx_rng_owned_and_ordered);
  tcase_add_test(tc, test_ctx_options);
  suite_add_tcase(s, tc);
  return s;
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(ctx_suite, 1)
