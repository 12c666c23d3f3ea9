/* granrepro harness: reports/index.html, every experiment's verdict table
 * beside its figures (gr_report_index, declared in report.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "harness/report.h"

static const char html_style[] =
  "body{font-family:sans-serif;margin:1.5em;max-width:2200px;color:#222}"
  "h2{border-top:2px solid #888;padding-top:.6em}"
  ".cite{color:#555;font-style:italic}"
  ".row{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}"
  ".tbl{flex:3 1 900px;min-width:0;overflow-x:auto}.figs{flex:1 1 480px;max-width:760px}"
  "td:first-child{white-space:nowrap}td:nth-child(7){min-width:24em}"
  "table{border-collapse:collapse;font-size:13px}"
  "td,th{border:1px solid #ccc;padding:2px 6px;vertical-align:top}"
  "th{background:#eee;text-align:left}td.num{font-family:monospace;white-space:nowrap}"
  "td.reproduced{background:#d8f5d8}td.differs{background:#f8c8c8;color:#900;font-weight:bold}"
  "td.expected-difference{background:#fbeec4}td.informative{background:#eef}"
  "figure{margin:0 0 1em 0}figure img{max-width:100%;border:1px solid #ddd}"
  ".notes p{white-space:pre-wrap;max-width:100em}";

/* Append s with &, <, >, " escaped. */
static void html_esc(struct gr_buf *b, const char *s, size_t n)
{
  size_t i;
  for (i = 0; i < n && s[i]; i++) {
    switch (s[i]) {
    case '&': gr_buf_printf(b, "&amp;"); break;
    case '<': gr_buf_printf(b, "&lt;"); break;
    case '>': gr_buf_printf(b, "&gt;"); break;
    case '"': gr_buf_printf(b, "&quot;"); break;
    default: gr_buf_append(b, s + i, 1);
    }
  }
}

/* Value of "# key: value" in a summary, or "". */
static void html_header(const char *text, const char *key, char *out, size_t n)
{
  char pat[64];
  const char *p, *q;
  snprintf(pat, sizeof pat, "# %s: ", key);
  out[0] = '\0';
  if ((p = strstr(text, pat)) == NULL)
    return;
  p += strlen(pat);
  q = strchr(p, '\n');
  snprintf(out, n, "%.*s", (int)(q ? q - p : (long)strlen(p)), p);
}

/* One summary.tsv row as an HTML table row; counts verdicts. */
static void html_row(struct gr_buf *b, const char *line, size_t len, int counts[4])
{
  static const char *verdicts[4] = {"reproduced", "differs", "expected-difference", "informative"};
  const char *f = line, *end = line + len, *tab;
  int k, v;
  gr_buf_printf(b, "<tr>");
  for (k = 0; k < 7 && f <= end; k++) {
    tab = memchr(f, '\t', (size_t)(end - f));
    if (tab == NULL)
      tab = end;
    if (k == 5) {
      for (v = 0; v < 4; v++)
        if ((size_t)(tab - f) == strlen(verdicts[v]) && strncmp(f, verdicts[v], (size_t)(tab - f)) == 0)
          counts[v]++;
      gr_buf_printf(b, "<td class=\"%.*s\">", (int)(tab - f), f);
    } else {
      gr_buf_printf(b, "<td%s>", (k >= 1 && k <= 3) ? " class=\"num\"" : "");
    }
    html_esc(b, f, (size_t)(tab - f));
    gr_buf_printf(b, "</td>");
    f = tab + 1;
  }
  gr_buf_printf(b, "</tr>\n");
}

/* The verdict table of a summary; returns counts per verdict. */
static void html_table(struct gr_buf *b, const char *text, int counts[4])
{
  const char *line = text, *nl;
  int header = 1;
  gr_buf_printf(b, "<table>\n");
  for (; *line; line = nl ? nl + 1 : line + strlen(line)) {
    nl = strchr(line, '\n');
    if (line[0] == '#' || line == nl)
      continue;
    if (header) {
      gr_buf_printf(b, "<tr><th>quantity</th><th>published</th><th>reproduced</th><th>delta</th><th>tolerance</th><th>verdict</th><th>note</th></tr>\n");
      header = 0;
      continue;
    }
    html_row(b, line, nl ? (size_t)(nl - line) : strlen(line), counts);
  }
  gr_buf_printf(b, "</table>\n");
}

/* Figures of one experiment folder: SVGs, or the scripts when unrendered. */
static void html_figures(struct gr_buf *b, const char *out, const char *exp)
{
  char dir[4096], **v = NULL;
  size_t n = 0, i;
  snprintf(dir, sizeof dir, "%s/%s", out, exp);
  gr_buf_printf(b, "<div class=\"figs\">\n");
  if (gr_fsio_list(dir, ".svg", &v, &n) == GR_OK && n > 0) {
    for (i = 0; i < n; i++)
      gr_buf_printf(b, "<figure><a href=\"%s/%s\"><img src=\"%s/%s\" alt=\"%s\"></a><figcaption>%.*s (<a href=\"%s/%.*s.gp\">script</a>)</figcaption></figure>\n",
                    exp, v[i], exp, v[i], v[i], (int)strlen(v[i]) - 4, v[i], exp, (int)strlen(v[i]) - 4, v[i]);
  } else {
    gr_fsio_free_list(v, n);
    v = NULL;
    n = 0;
    gr_buf_printf(b, "<p>Figures not rendered (gnuplot was not found). Scripts: ");
    if (gr_fsio_list(dir, ".gp", &v, &n) == GR_OK)
      for (i = 0; i < n; i++)
        gr_buf_printf(b, "<a href=\"%s/%s\">%s</a> ", exp, v[i], v[i]);
    gr_buf_printf(b, "</p>\n");
  }
  gr_fsio_free_list(v, n);
  gr_buf_printf(b, "</div>\n");
}

/* notes.md as paragraphs (blank-line separated). */
static void html_notes(struct gr_buf *b, const char *dir)
{
  char path[4400], *text = NULL, *p, *q;
  struct gr_error err = {0, ""};
  snprintf(path, sizeof path, "%s/notes.md", dir);
  if (!gr_fsio_exists(path) || gr_fsio_read(path, &text, NULL, &err) != GR_OK || !*text) {
    free(text);
    return;
  }
  gr_buf_printf(b, "<div class=\"notes\"><h3>Analysis</h3>\n");
  for (p = text; *p; p = q) {
    q = strstr(p, "\n\n");
    q = q ? q + 2 : p + strlen(p);
    gr_buf_printf(b, "<p>");
    html_esc(b, p, (size_t)(q - p));
    gr_buf_printf(b, "</p>\n");
  }
  gr_buf_printf(b, "</div>\n");
  free(text);
}

/* Data files of an experiment as links. */
static void html_data(struct gr_buf *b, const char *out, const char *exp)
{
  char dir[4096], **v = NULL;
  size_t n = 0, i;
  snprintf(dir, sizeof dir, "%s/%s", out, exp);
  gr_buf_printf(b, "<p>Data: <a href=\"%s/summary.tsv\">summary.tsv</a>", exp);
  if (gr_fsio_list(dir, ".dat", &v, &n) == GR_OK)
    for (i = 0; i < n; i++)
      gr_buf_printf(b, " <a href=\"%s/%s\">%s</a>", exp, v[i], v[i]);
  gr_fsio_free_list(v, n);
  gr_buf_printf(b, "</p>\n");
}

/* One experiment's section; adds a line to the overview. */
static int html_section(struct gr_buf *b, struct gr_buf *ov, const char *out,
                        const char *exp, struct gr_error *err)
{
  char path[4400], dir[4096], title[256], cite[512], mode[32], seed[32], *text;
  int counts[4] = {0, 0, 0, 0}, rc;
  snprintf(dir, sizeof dir, "%s/%s", out, exp);
  snprintf(path, sizeof path, "%s/summary.tsv", dir);
  if ((rc = gr_fsio_read(path, &text, NULL, err)) != GR_OK)
    return rc;
  html_header(text, "title", title, sizeof title);
  html_header(text, "citation", cite, sizeof cite);
  html_header(text, "mode", mode, sizeof mode);
  html_header(text, "seed", seed, sizeof seed);
  gr_buf_printf(b, "<section id=\"%s\"><h2>%s: ", exp, exp);
  html_esc(b, title, sizeof title);
  gr_buf_printf(b, "</h2>\n<p class=\"cite\">");
  html_esc(b, cite, sizeof cite);
  gr_buf_printf(b, "</p>\n<p>Mode %s, seed %s.</p>\n<div class=\"row\"><div class=\"tbl\">\n", mode, seed);
  html_table(b, text, counts);
  gr_buf_printf(b, "</div>\n");
  html_figures(b, out, exp);
  gr_buf_printf(b, "</div>\n");
  html_notes(b, dir);
  html_data(b, out, exp);
  gr_buf_printf(b, "</section>\n");
  gr_buf_printf(ov, "<tr><td><a href=\"#%s\">%s</a></td><td>%s</td><td class=\"reproduced\">%d</td><td class=\"%s\">%d</td><td class=\"expected-difference\">%d</td><td class=\"informative\">%d</td></tr>\n",
                exp, exp, mode, counts[0], counts[1] ? "differs" : "reproduced", counts[1], counts[2], counts[3]);
  free(text);
  return GR_OK;
}

int gr_report_index(const char *out, struct gr_error *err)
{
  struct gr_buf b = GR_BUF_INIT, ov = GR_BUF_INIT;
  char **v = NULL, path[4096];
  size_t n = 0, i;
  int rc = GR_OK;
  if (gr_fsio_list(out, "", &v, &n) != GR_OK)
    return gr_error_set(err, GR_EIO, "cannot read report folder '%s'", out);
  for (i = 0; i < n && rc == GR_OK; i++) {
    snprintf(path, sizeof path, "%s/%s/summary.tsv", out, v[i]);
    if (gr_fsio_exists(path))
      rc = html_section(&b, &ov, out, v[i], err);
  }
  gr_fsio_free_list(v, n);
  if (rc == GR_OK) {
    struct gr_buf page = GR_BUF_INIT;
    gr_buf_printf(&page, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>granrepro report</title><style>%s</style></head><body>\n", html_style);
    gr_buf_printf(&page, "<h1>granrepro: classic particle simulations, reproduced</h1>\n<p>Each published number is compared with what this build computes. Verdicts: reproduced (within the stated tolerance), differs (outside it: a finding), expected-difference (documented misprint or cause), informative (nothing published to compare). Timings are in the run records (<a href=\"records/\">records/</a>).</p>\n");
    gr_buf_printf(&page, "<table><tr><th>experiment</th><th>mode</th><th>reproduced</th><th>differs</th><th>expected-difference</th><th>informative</th></tr>\n%s</table>\n%s</body></html>\n", gr_buf_str(&ov), gr_buf_str(&b));
    snprintf(path, sizeof path, "%s/index.html", out);
    rc = page.failed || b.failed || ov.failed ? gr_error_set(err, GR_ENOMEM, "out of memory")
                                              : gr_fsio_write(path, gr_buf_str(&page), page.len, err);
    gr_buf_free(&page);
  }
  gr_buf_free(&b);
  gr_buf_free(&ov);
  return rc;
}
