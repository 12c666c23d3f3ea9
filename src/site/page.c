/* granrepro site: one experiment's page, <out>/<exp>/index.html
 * (gr_site_page, declared in site.h).  Built from the files of the
 * folder alone (summary.tsv, the rendered figures or their scripts,
 * notes.md, the data files), inside the folder before it replaces the old
 * one, so a page never names a file its folder lacks.
 *
 * The verdict rows are grouped by the first part of their quantity name
 * (the published table, e.g. "task-b" of "task-b/v2") and each group's
 * table is shown beside the figures that check it: a figure belongs to
 * the group whose name appears in the figure's name as whole dash-separated
 * parts ("task-b-fig2-collisions", "clustering-N1000-D0.1"), the longest
 * such name winning.  Figures of no group follow under "Figures". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "site/html.h"
#include "site/md.h"
#include "harness/report.h"
#include "site/site.h"

struct page {
  struct gr_buf *b;
  const char *dir;
  const char *text;      /* summary.tsv */
  const char **gname;    /* groups in order of first appearance */
  size_t *glen, ng;
  char **figs;           /* figure files (.svg, or .gp when unrendered) */
  size_t nfigs;
  int *owner;            /* group of each figure, -1 for none */
  int rendered;
};

/* Each verdict row (not comments, not the header) in turn; 0 at the end. */
static int page_next_row(const char **p, const char **line, size_t *n, int *header)
{
  while (gr_site_line(p, line, n)) {
    if (*n == 0 || (*line)[0] == '#')
      continue;
    if (*header) {
      *header = 0;
      continue;
    }
    return 1;
  }
  return 0;
}

/* Length of the group part of a row's quantity (up to '/' or a tab). */
static size_t page_group_len(const char *line, size_t n)
{
  size_t k = 0;
  while (k < n && line[k] != '/' && line[k] != '\t')
    k++;
  return k;
}

/* The groups of the summary, in order of first appearance. */
static int page_groups(struct page *pg)
{
  const char *p = pg->text, *line;
  size_t n, len, i;
  int header = 1;
  while (page_next_row(&p, &line, &n, &header)) {
    len = page_group_len(line, n);
    for (i = 0; i < pg->ng; i++)
      if (pg->glen[i] == len && strncmp(pg->gname[i], line, len) == 0)
        break;
    if (i < pg->ng)
      continue;
    if ((pg->ng & 15) == 0) {
      const char **g = realloc(pg->gname, (pg->ng + 16) * sizeof *g);
      size_t *l = g ? realloc(pg->glen, (pg->ng + 16) * sizeof *l) : NULL;
      if (g)
        pg->gname = g;
      if (l == NULL)
        return GR_ENOMEM;
      pg->glen = l;
    }
    pg->gname[pg->ng] = line;
    pg->glen[pg->ng++] = len;
  }
  return GR_OK;
}

/* Does group g (length n) appear in figure name f as whole parts? */
static int page_names(const char *f, size_t flen, const char *g, size_t n)
{
  size_t p;
  for (p = 0; p + n <= flen; p++)
    if ((p == 0 || f[p - 1] == '-') && strncmp(f + p, g, n) == 0 &&
        (p + n == flen || f[p + n] == '-'))
      return 1;
  return 0;
}

/* Assign each figure to the group with the longest name it contains. */
static void page_assign(struct page *pg)
{
  size_t i, k, flen;
  for (i = 0; i < pg->nfigs; i++) {
    pg->owner[i] = -1;
    flen = strlen(pg->figs[i]) - (pg->rendered ? 4 : 3);
    for (k = 0; k < pg->ng; k++)
      if (page_names(pg->figs[i], flen, pg->gname[k], pg->glen[k]) &&
          (pg->owner[i] < 0 || pg->glen[k] > pg->glen[pg->owner[i]]))
        pg->owner[i] = (int)k;
  }
}

/* One figure: the image with links to its script and PNG, or the script. */
static void page_figure(struct page *pg, const char *file)
{
  struct gr_buf *b = pg->b, f = GR_BUF_INIT, st = GR_BUF_INIT;
  if (!pg->rendered) {
    gr_buf_printf(b, "<li>");
    gr_site_link(b, file, file);
    gr_buf_printf(b, "</li>\n");
    return;
  }
  gr_site_esc(&f, file, strlen(file));
  gr_site_esc(&st, file, strlen(file) - 4);
  gr_buf_printf(b, "<figure><a href=\"%s\"><img src=\"%s\" alt=\"%s\"></a><figcaption>%s (<a href=\"%s.png\">png</a>, <a href=\"%s.gp\">script</a>)</figcaption></figure>\n",
                gr_buf_str(&f),
                gr_buf_str(&f),
                gr_buf_str(&st),
                gr_buf_str(&st),
                gr_buf_str(&st),
                gr_buf_str(&st));
  gr_buf_free(&f);
  gr_buf_free(&st);
}

/* The figures owned by group g (-1: by none); 1 if any was shown. */
static int page_figures(struct page *pg, int g)
{
  size_t i;
  int any = 0;
  for (i = 0; i < pg->nfigs; i++) {
    if (pg->owner[i] != g)
      continue;
    if (!any)
      gr_buf_printf(pg->b, pg->rendered ? "<div class=\"figs\">\n"
                                        : "<div class=\"figs\"><p>Figures not rendered (gnuplot was not found). Scripts:</p><ul>\n");
    page_figure(pg, pg->figs[i]);
    any = 1;
  }
  if (any)
    gr_buf_printf(pg->b, pg->rendered ? "</div>\n" : "</ul></div>\n");
  return any;
}

/* One verdict row as a table row. */
static void page_row(struct gr_buf *b, const char *line, size_t len)
{
  const char *f = line, *end = line + len, *tab;
  int k;
  gr_buf_printf(b, "<tr>");
  for (k = 0; k < 8 && f <= end; k++) {
    tab = memchr(f, '\t', (size_t)(end - f));
    if (tab == NULL)
      tab = end;
    if (k == 5 && gr_site_verdict(f, (size_t)(tab - f)) >= 0)
      gr_buf_printf(b, "<td class=\"%.*s\">", (int)(tab - f), f);
    else
      gr_buf_printf(b, "<td%s>", (k >= 1 && k <= 3) ? " class=\"num\"" : "");
    gr_site_esc(b, f, (size_t)(tab - f));
    gr_buf_printf(b, "</td>");
    f = tab + 1;
  }
  gr_buf_printf(b, "</tr>\n");
}

/* Group g: its verdict rows beside its figures. */
static void page_group(struct page *pg, size_t g)
{
  const char *p = pg->text, *line;
  size_t n;
  int header = 1;
  struct gr_buf *b = pg->b;
  gr_buf_printf(b, "<section id=\"g%zu\"><h2>", g);
  gr_site_esc(b, pg->gname[g], pg->glen[g]);
  gr_buf_printf(b, "</h2>\n<div class=\"row\"><div class=\"tbl\"><table>\n<tr><th>quantity</th><th>published</th><th>reproduced</th><th>delta</th><th>test</th><th>verdict</th><th>kind</th><th>note</th></tr>\n");
  while (page_next_row(&p, &line, &n, &header))
    if (page_group_len(line, n) == pg->glen[g] && strncmp(line, pg->gname[g], pg->glen[g]) == 0)
      page_row(b, line, n);
  gr_buf_printf(b, "</table></div>\n");
  page_figures(pg, (int)g);
  gr_buf_printf(b, "</div></section>\n");
}

/* notes.md under "Analysis", rendered from its Markdown (md.h); none
 * when there is no notes.md, an error when it is there and unreadable. */
static int page_notes(struct page *pg, struct gr_error *err)
{
  char path[4400], *text = NULL;
  int rc;
  snprintf(path, sizeof path, "%s/notes.md", pg->dir);
  if (!gr_fsio_exists(path))
    return GR_OK;
  if ((rc = gr_fsio_read(path, &text, NULL, err)) != GR_OK || !*text) {
    free(text);
    return rc;
  }
  gr_buf_printf(pg->b, "<section class=\"notes\" id=\"notes\"><h2>Analysis</h2>\n");
  gr_site_md_render(pg->b, text, strlen(text), 3);
  gr_buf_printf(pg->b, "</section>\n");
  free(text);
  return GR_OK;
}

/* The data files of the folder as links. */
static void page_data(struct page *pg)
{
  char **v = NULL;
  size_t n = 0, i;
  gr_buf_printf(pg->b, "<p>Data: <a href=\"summary.tsv\">summary.tsv</a>");
  if (gr_fsio_list(pg->dir, ".dat", &v, &n) == GR_OK)
    for (i = 0; i < n; i++) {
      gr_buf_printf(pg->b, " ");
      gr_site_link(pg->b, v[i], v[i]);
    }
  gr_fsio_free_list(v, n);
  gr_buf_printf(pg->b, "</p>\n");
}

/* The head of the page: title, citation, mode, counts, contents. */
static void page_head(struct page *pg)
{
  char counts[800];
  struct gr_site_head h;
  size_t g;
  struct gr_buf *b = pg->b;
  gr_site_head(pg->text, &h);
  gr_kind_counts_text(h.counts, GR_KIND_RESULT, counts, sizeof counts);
  gr_site_put(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>", h.key);
  gr_buf_printf(b, ": granrepro</title><style>%s</style></head><body>\n", gr_site_style);
  gr_site_put(b, "<p><a href=\"../index.html\">&larr; all experiments</a></p>\n<h1>", h.key);
  gr_site_put(b, ": ", h.title);
  gr_site_put(b, "</h1>\n<p class=\"cite\">", h.cite);
  gr_site_put(b, "</p>\n<p>Mode ", h.mode);
  gr_site_put(b, ", seed ", h.seed);
  gr_site_put(b, ": ", counts);
  gr_buf_printf(b, ".</p>\n<nav>");
  for (g = 0; g < pg->ng; g++) {
    gr_buf_printf(b, "<a href=\"#g%zu\">", g);
    gr_site_esc(b, pg->gname[g], pg->glen[g]);
    gr_buf_printf(b, "</a> ");
  }
  gr_buf_printf(b, "<a href=\"#figures\">figures</a> <a href=\"#notes\">analysis</a></nav>\n");
}

/* The page's body into pg->b (groups, other figures, notes, data); an
 * error in err when an array could not be allocated or notes.md not read
 * (a failed append is sticky in pg->b, for gr_fsio_write_buf). */
static int page_body(struct page *pg, struct gr_error *err)
{
  size_t g;
  int rc;
  if (page_groups(pg) != GR_OK ||
      (pg->owner = calloc(pg->nfigs + 1, sizeof *pg->owner)) == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  page_assign(pg);
  page_head(pg);
  for (g = 0; g < pg->ng; g++)
    page_group(pg, g);
  gr_buf_printf(pg->b, "<section id=\"figures\"><h2>Figures</h2>\n");
  if (!page_figures(pg, -1))
    gr_buf_printf(pg->b, "<p>%s</p>\n", pg->nfigs ? "Every figure is shown beside the rows it checks." : "None.");
  gr_buf_printf(pg->b, "</section>\n");
  if ((rc = page_notes(pg, err)) != GR_OK)
    return rc;
  page_data(pg);
  gr_buf_printf(pg->b, "</body></html>\n");
  return GR_OK;
}

int gr_site_page(const char *dir, struct gr_error *err)
{
  struct gr_buf b = GR_BUF_INIT;
  struct page pg;
  char path[4400], *text = NULL;
  int rc;
  memset(&pg, 0, sizeof pg);
  snprintf(path, sizeof path, "%s/summary.tsv", dir);
  if ((rc = gr_fsio_read(path, &text, NULL, err)) != GR_OK)
    return rc;
  pg.b = &b;
  pg.dir = dir;
  pg.text = text;
  pg.rendered = gr_fsio_list(dir, ".svg", &pg.figs, &pg.nfigs) == GR_OK && pg.nfigs > 0;
  if (!pg.rendered) {
    gr_fsio_free_list(pg.figs, pg.nfigs);
    if (gr_fsio_list(dir, ".gp", &pg.figs, &pg.nfigs) != GR_OK)
      pg.nfigs = 0;
  }
  snprintf(path, sizeof path, "%s/index.html", dir);
  if ((rc = page_body(&pg, err)) == GR_OK)
    rc = gr_fsio_write_buf(path, &b, err);
  gr_fsio_free_list(pg.figs, pg.nfigs);
  free(pg.gname);
  free(pg.glen);
  free(pg.owner);
  free(text);
  gr_buf_free(&b);
  return rc;
}

int gr_site_finish(const char *dir, gr_report_progress fn, void *arg,
                     int *nrendered, struct gr_error *err)
{
  int rc = gr_report_render(dir, fn, arg, nrendered, err);
  return rc == GR_OK ? gr_site_page(dir, err) : rc;
}
