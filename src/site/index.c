/* granrepro site: the report's front page, <out>/index.html
 * (gr_site_index, declared in site.h), in the skeleton
 * reference/report/index.html.in.  It holds one row per experiment folder
 * found on disk (verdict counts read from its summary.tsv, a link to its
 * page, made by page.c when missing), the timing comparison chart when
 * there is one, and no figure of any experiment, so that it never points
 * at a file that a later run removed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "harness/fsio.h"
#include "site/html.h"
#include "harness/notes.h"
#include "harness/ref.h"
#include "harness/report.h"
#include "site/site.h"
#include "harness/verdict.h"

/* One experiment's row of the front page, from <out>/<exp>/summary.tsv. */
static int html_index_row(struct gr_buf *b, const char *out, const char *exp,
                          struct gr_error *err)
{
  char path[4400], res[160], other[600], *text;
  struct gr_site_head h;
  int rc, nres;
  snprintf(path, sizeof path, "%s/%s/index.html", out, exp);
  if (!gr_fsio_exists(path)) {
    snprintf(path, sizeof path, "%s/%s", out, exp);
    if ((rc = gr_site_page(path, err)) != GR_OK)
      return rc;
  }
  snprintf(path, sizeof path, "%s/%s/summary.tsv", out, exp);
  if ((rc = gr_fsio_read(path, &text, NULL, err)) != GR_OK)
    return rc;
  gr_site_head(text, &h);
  free(text);
  gr_kind_count_text(GR_KIND_RESULT, h.counts[GR_KIND_RESULT], res, sizeof res);
  gr_kind_counts_text(h.counts, GR_KIND_PRINTED, other, sizeof other);
  gr_site_put(b, "<tr><td><a href=\"", exp);
  gr_site_put(b, "/index.html\">", exp);
  gr_site_put(b, "</a></td><td>", h.title);
  gr_site_put(b, "</td><td>", h.mode);
  gr_site_put(b, "</td><td>", h.seed);
  nres = h.counts[GR_KIND_RESULT][0] + h.counts[GR_KIND_RESULT][1] + h.counts[GR_KIND_RESULT][2] + h.counts[GR_KIND_RESULT][3];
  gr_buf_printf(b, "</td><td class=\"%s\">", h.counts[GR_KIND_RESULT][GR_DIFFERS] ? "differs" : nres ? "reproduced" : "informative");
  gr_site_put(b, "", res + strlen("paper results: "));
  gr_site_put(b, "</td><td>", other);
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
    gr_buf_printf(b, "<h2>Timing comparison</h2>\n<p>The last <code>granrepro compare</code> of two records: shortest CPU time B / A per kernel (<a href=\"compare/compare.dat\">compare.dat</a>, <a href=\"compare/compare.gp\">script</a>).</p>\n"
                     "<figure><a href=\"compare/compare.svg\"><img src=\"compare/compare.svg\" alt=\"compare\"></a></figure>\n");
  snprintf(path, sizeof path, "%s/compare", out);
  if (gr_fsio_list(path, ".svg", &v, &n) != GR_OK)
    return;
  for (i = 0; i < n; i++)
    if (strncmp(v[i], "compare-", 8) == 0) {
      gr_site_put(b, "<h2>Rates across machines</h2>\n<p>The last <code>granrepro compare</code> of three or more records: work per CPU second per kernel, one bar per record (<a href=\"compare/", v[i]);
      gr_site_put(b, "\">", v[i]);
      gr_site_put(b, "</a>).</p>\n<figure><img src=\"compare/", v[i]);
      gr_site_put(b, "\" alt=\"", v[i]);
      gr_buf_printf(b, "\"></figure>\n");
    }
  gr_fsio_free_list(v, n);
}

/* The timing sections after the table: run records, the last compare's
 * charts, the speed page (each only when it is there). */
static void html_sections(struct gr_buf *b, const char *out)
{
  char path[4400];
  struct stat st;
  snprintf(path, sizeof path, "%s/records", out);
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    gr_buf_printf(b, "<p>Timings: each run's wall and CPU time by task, in the run records in <a href=\"records/\">records/</a> "
                     "(<code>granrepro compare</code> reads the records <code>granrepro bench</code> writes, not these).</p>\n");
  html_compare(b, out);
  snprintf(path, sizeof path, "%s/speed/index.html", out);
  if (gr_fsio_exists(path))
    gr_buf_printf(b, "<h2>Speed</h2>\n<p>The kernels' cost against problem size and thread count, from the last bench of each experiment: <a href=\"speed/index.html\">speed/index.html</a>.</p>\n");
}

/* A folder's place on the front page: the registry's order (that of `run
 * all` and the README), folders of no registered experiment after them. */
static size_t index_rank(const char *name)
{
  size_t k;
  for (k = 0; k < gr_nexperiments; k++)
    if (strcmp(gr_experiments[k]->key, name) == 0)
      return k;
  return gr_nexperiments;
}

/* The skeleton (installed with the data) is a notes template (notes.h)
 * given {{style}}, {{rows}} (one table row per experiment) and
 * {{sections}} (the timing sections). */
int gr_site_index(const char *out, const char *refdir, struct gr_error *err)
{
  struct gr_buf rows = GR_BUF_INIT, sections = GR_BUF_INIT, page = GR_BUF_INIT;
  struct gr_notes *names = NULL;
  char **v = NULL, path[4400], tmpl[4400];
  size_t n = 0, i, r;
  int rc;
  if ((rc = gr_notes_template(refdir, GR_SITE_INDEX_TEMPLATE, tmpl, sizeof tmpl, err)) != GR_OK)
    return rc;
  if (gr_fsio_list(out, "", &v, &n) != GR_OK)
    return gr_error_set(err, GR_EIO, "cannot read report folder '%s'", out);
  for (r = 0; r <= gr_nexperiments; r++)
    for (i = 0; i < n && rc == GR_OK; i++) {
      snprintf(path, sizeof path, "%s/%s/summary.tsv", out, v[i]);
      if (index_rank(v[i]) == r && gr_fsio_exists(path))
        rc = html_index_row(&rows, out, v[i], err);
    }
  gr_fsio_free_list(v, n);
  if (rc != GR_OK)
    goto done;
  html_sections(&sections, out);
  if (rows.failed || sections.failed || (names = gr_notes_new()) == NULL ||
      gr_notes_text(names, "style", gr_site_style) != GR_OK ||
      gr_notes_text(names, "rows", gr_buf_str(&rows)) != GR_OK ||
      gr_notes_text(names, "sections", gr_buf_str(&sections)) != GR_OK) {
    rc = gr_error_set(err, GR_ENOMEM, "out of memory");
    goto done;
  }
  if ((rc = gr_notes_render_file(names, tmpl, &page, err)) != GR_OK)
    goto done;
  snprintf(path, sizeof path, "%s/index.html", out);
  rc = gr_fsio_write_buf(path, &page, err);
done:
  gr_notes_free(names);
  gr_buf_free(&rows);
  gr_buf_free(&sections);
  gr_buf_free(&page);
  return rc;
}
