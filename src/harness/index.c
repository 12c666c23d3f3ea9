/* granrepro harness: the report's front page, <out>/index.html
 * (gr_report_index, declared in report.h).  It holds one row per experiment
 * folder found on disk (verdict counts read from its summary.tsv, a link
 * to its page, made by page.c when missing), the timing comparison chart
 * when there is one, and no figure of any experiment, so that it never
 * points at a file that a later run removed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "harness/html.h"
#include "harness/ref.h"
#include "harness/report.h"
#include "harness/verdict.h"

/* One experiment's row of the front page, from <out>/<exp>/summary.tsv. */
static int html_index_row(struct gr_buf *b, const char *out, const char *exp,
                          struct gr_error *err)
{
  char path[4400], title[256], mode[32], seed[32], res[160], other[600], *text;
  int c[GR_NKINDS][4], rc, nres;
  snprintf(path, sizeof path, "%s/%s/index.html", out, exp);
  if (!gr_fsio_exists(path)) {
    snprintf(path, sizeof path, "%s/%s", out, exp);
    if ((rc = gr_report_page(path, err)) != GR_OK)
      return rc;
  }
  snprintf(path, sizeof path, "%s/%s/summary.tsv", out, exp);
  if ((rc = gr_fsio_read(path, &text, NULL, err)) != GR_OK)
    return rc;
  gr_html_meta(text, "title", title, sizeof title);
  gr_html_meta(text, "mode", mode, sizeof mode);
  gr_html_meta(text, "seed", seed, sizeof seed);
  gr_html_kind_counts(text, c);
  free(text);
  gr_kind_count_text(GR_KIND_RESULT, c[GR_KIND_RESULT], res, sizeof res);
  gr_kind_counts_text(c, GR_KIND_PRINTED, other, sizeof other);
  gr_html_put(b, "<tr><td><a href=\"", exp);
  gr_html_put(b, "/index.html\">", exp);
  gr_html_put(b, "</a></td><td>", title);
  gr_html_put(b, "</td><td>", mode);
  gr_html_put(b, "</td><td>", seed);
  nres = c[GR_KIND_RESULT][0] + c[GR_KIND_RESULT][1] + c[GR_KIND_RESULT][2] + c[GR_KIND_RESULT][3];
  gr_buf_printf(b, "</td><td class=\"%s\">", c[GR_KIND_RESULT][GR_DIFFERS] ? "differs" : nres ? "reproduced" : "informative");
  gr_html_put(b, "", res + strlen("paper results: "));
  gr_html_put(b, "</td><td>", other);
  gr_buf_printf(b, "</td></tr>\n");
  return GR_OK;
}

/* The charts of the last `granrepro compare`: B / A of two records
 * (compare.svg), rates of many records per mode (compare-<mode>.svg). */
static void html_compare(struct gr_buf *b, const char *out)
{
  char path[4400], **v = NULL;
  size_t n = 0, i;
  snprintf(path, sizeof path, "%s/compare/compare.svg", out);
  if (gr_fsio_exists(path))
    gr_buf_printf(b, "<h2>Timing comparison</h2>\n<p>The last <code>granrepro compare</code> of two records: median wall time B / A per kernel (<a href=\"compare/compare.dat\">compare.dat</a>, <a href=\"compare/compare.gp\">script</a>).</p>\n"
                     "<figure><a href=\"compare/compare.svg\"><img src=\"compare/compare.svg\" alt=\"compare\"></a></figure>\n");
  snprintf(path, sizeof path, "%s/compare", out);
  if (gr_fsio_list(path, ".svg", &v, &n) != GR_OK)
    return;
  for (i = 0; i < n; i++)
    if (strncmp(v[i], "compare-", 8) == 0) {
      gr_html_put(b, "<h2>Rates across machines</h2>\n<p>The last <code>granrepro compare</code> of three or more records: work per CPU second per kernel, one bar per record (<a href=\"compare/", v[i]);
      gr_html_put(b, "\">", v[i]);
      gr_html_put(b, "</a>).</p>\n<figure><img src=\"compare/", v[i]);
      gr_html_put(b, "\" alt=\"", v[i]);
      gr_buf_printf(b, "\"></figure>\n");
    }
  gr_fsio_free_list(v, n);
}

int gr_report_index(const char *out, struct gr_error *err)
{
  struct gr_buf b = GR_BUF_INIT;
  char **v = NULL, path[4400];
  size_t n = 0, i;
  int rc = GR_OK;
  struct stat st;
  if (gr_fsio_list(out, "", &v, &n) != GR_OK)
    return gr_error_set(err, GR_EIO, "cannot read report folder '%s'", out);
  gr_buf_printf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>granrepro report</title><style>%s</style></head><body>\n", gr_html_style);
  gr_buf_printf(&b, "<h1>granrepro: classic particle simulations, reproduced</h1>\n<p>Each published number is compared with what this build computes. Verdicts: reproduced (within the stated tolerance), differs (outside it: a finding), expected-difference (documented misprint or cause), informative (nothing published to compare). Rows are counted by kind: paper results (a result, table entry or claim the paper reports) apart from the printed numbers' arithmetic, misprints, our own checks (invariants, closed forms, two methods agreeing) and our choices (values the paper leaves open). Each experiment's page has its verdict table, with each row's kind and the test it applied, its figures and analysis.</p>\n");
  gr_buf_printf(&b, "<table><tr><th>experiment</th><th>title</th><th>mode</th><th>seed</th><th>paper results</th><th>other rows, by kind</th></tr>\n");
  for (i = 0; i < n && rc == GR_OK; i++) {
    snprintf(path, sizeof path, "%s/%s/summary.tsv", out, v[i]);
    if (gr_fsio_exists(path))
      rc = html_index_row(&b, out, v[i], err);
  }
  gr_fsio_free_list(v, n);
  gr_buf_printf(&b, "</table>\n");
  snprintf(path, sizeof path, "%s/records", out);
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    gr_buf_printf(&b, "<p>Timings: the run records in <a href=\"records/\">records/</a>.</p>\n");
  html_compare(&b, out);
  snprintf(path, sizeof path, "%s/speed/index.html", out);
  if (gr_fsio_exists(path))
    gr_buf_printf(&b, "<h2>Speed</h2>\n<p>The kernels' cost against problem size and thread count, from the last bench of each experiment: <a href=\"speed/index.html\">speed/index.html</a>.</p>\n");
  gr_buf_printf(&b, "</body></html>\n");
  snprintf(path, sizeof path, "%s/index.html", out);
  if (rc == GR_OK)
    rc = gr_fsio_write_buf(path, &b, err);
  gr_buf_free(&b);
  return rc;
}
