/* granrepro bench: the speed pages' HTML (see speed.h): one section per
 * experiment, joined into <out>/speed/index.html in the skeleton
 * reference/machines/speed.html.in. */
#include "bench/speed.h"
#include "bench/speed_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "site/html.h"
#include "harness/notes.h"
#include "bench/record.h"
#include "status.h"

/* A figure marker of a fragment: "<!--fig:STEM-->" on a line of its own,
 * expanded when the page is assembled (gnuplot may come later, with
 * `granrepro report`). */
#define SPEED_FIG "<!--fig:"

/* The page's skeleton under the reference folder (installed with the
 * data): a notes template (notes.h) given {{style}} and {{sections}}. */
#define SPEED_TEMPLATE "machines/speed.html.in"

/* The figure stem when rendered, else the script that draws it. */
static void speed_img(struct gr_buf *b, const char *dir, const char *stem)
{
  char path[4400];
  snprintf(path, sizeof path, "%s/%s.svg", dir, stem);
  if (gr_fsio_exists(path)) {
    gr_site_put(b, "<figure><a href=\"", stem);
    gr_site_put(b, ".svg\"><img src=\"", stem);
    gr_site_put(b, ".svg\" alt=\"", stem);
    gr_buf_printf(b, "\"></a></figure>\n");
  } else {
    gr_site_put(b, "<p>Figure not rendered (no gnuplot): <code>gnuplot -c ", stem);
    gr_site_put(b, ".gp</code> in this folder draws ", stem);
    gr_buf_printf(b, ".svg, or run <code>granrepro report</code>.</p>\n");
  }
}

/* Append a fragment's text, its figure markers expanded. */
static void speed_expand(struct gr_buf *b, const char *dir, const char *text)
{
  const char *p = text, *line;
  size_t n, m = strlen(SPEED_FIG);
  while (gr_site_line(&p, &line, &n)) {
    char stem[128];
    if (n > m + 3 && n - m - 3 < sizeof stem && strncmp(line, SPEED_FIG, m) == 0 &&
        strncmp(line + n - 3, "-->", 3) == 0) {
      memcpy(stem, line + m, n - m - 3);
      stem[n - m - 3] = '\0';
      speed_img(b, dir, stem);
    } else {
      gr_buf_append(b, line, n);
      gr_buf_append(b, "\n", 1);
    }
  }
}

/* A marker for figure <key>-<what> when its script exists. */
static void speed_marker(struct gr_buf *b, const char *dir, const char *key, const char *what)
{
  char path[4400];
  snprintf(path, sizeof path, "%s/%s-%s.gp", dir, key, what);
  if (gr_fsio_exists(path))
    gr_buf_printf(b, SPEED_FIG "%s-%s-->\n", key, what);
}

/* The series table: cost at the ends of the size range, ratio, slope. */
static void speed_series(struct gr_buf *b, const struct gr_bench_speed_exp *e)
{
  size_t g;
  if (e->ngrp == 0)
    return;
  gr_buf_printf(b, "<table><tr><th>series</th><th>threads</th><th>unit</th><th>N</th><th>ns per unit at smallest N</th><th>at largest N</th><th>largest / smallest</th><th>log-log slope of cost per unit against N (0: time linear in N)</th></tr>\n");
  for (g = 0; g < e->ngrp; g++) {
    const struct gr_bench_speed_group *G = &e->grp[g];
    const struct gr_bench_speed_kern *a = &e->kern[G->k[0]], *z = &e->kern[G->k[G->n - 1]];
    gr_site_put(b, "<tr><td>", a->series);
    gr_buf_printf(b, "</td><td>%d</td>", a->threads);
    gr_site_put(b, "<td>", a->unit);
    gr_buf_printf(b, "</td><td>%.3g .. %.3g</td><td>%.4g</td><td>%.4g</td><td>%.3f</td>", a->n, z->n, a->ns, z->ns, z->ns / a->ns);
    if (G->n >= 2)
      gr_buf_printf(b, "<td>%+.3f &plusmn; %.3f</td></tr>\n", G->slope, G->slope_se);
    else
      gr_buf_printf(b, "<td>-</td></tr>\n");
  }
  gr_buf_printf(b, "</table>\n");
}

/* Bytes, bandwidth used and the time at the streaming bandwidth over
 * the time taken (1: the kernel streams its bytes as fast as "bw-*"). */
static void speed_bound(struct gr_buf *b, const struct gr_bench_speed_exp *e,
                        const struct gr_bench_speed_kern *k)
{
  if (k->bytes <= 0.0) {
    gr_buf_printf(b, "<td>-</td><td>-</td><td>-</td></tr>\n");
    return;
  }
  gr_buf_printf(b, "<td>%.4g</td><td>%.3g</td>", k->bytes, k->bytes / k->ns);
  if (e->stream > 0.0)
    gr_buf_printf(b, "<td>%.2f</td></tr>\n", k->bytes / e->stream / k->ns);
  else
    gr_buf_printf(b, "<td>-</td></tr>\n");
}

/* The kernels table: every kernel with its medians and spread. */
static void speed_kernels_table(struct gr_buf *b, const struct gr_bench_speed_exp *e)
{
  size_t i;
  gr_buf_printf(b, "<table><tr><th>kernel</th><th>N</th><th>threads</th><th>wall ns per unit (median)</th><th>[min, max]</th><th>CPU ns per unit</th><th>rate (units/s)</th><th>unit</th><th>samples</th><th>bytes per unit</th><th>GB/s</th><th>fraction of the streaming bound</th></tr>\n");
  for (i = 0; i < e->nkern; i++) {
    const struct gr_bench_speed_kern *k = &e->kern[i];
    gr_site_put(b, "<tr><td>", k->name);
    if (k->sized)
      gr_buf_printf(b, "</td><td>%.3g</td>", k->n);
    else
      gr_buf_printf(b, "</td><td>-</td>");
    gr_buf_printf(b, "<td>%d</td><td>%.4g</td><td>[%.4g, %.4g]</td><td>%.4g</td><td>%.4g</td>", k->threads, k->ns, k->lo, k->hi, k->cpu_ns, 1e9 / k->ns);
    gr_site_put(b, "<td>", k->unit);
    gr_buf_printf(b, "</td><td>%zu</td>", k->nsamp);
    speed_bound(b, e, k);
  }
  gr_buf_printf(b, "</table>\n");
}

int gr_bench_speed_fragment(const char *dir, const struct gr_bench_speed_exp *e,
                            const struct gr_bench_record *rec, struct gr_error *err)
{
  struct gr_buf b = GR_BUF_INIT;
  char path[4400];
  int rc;
  gr_site_put(&b, "<h2 id=\"", e->key);
  gr_site_put(&b, "\">", e->key);
  gr_site_put(&b, "</h2>\n<p>Bench of ", rec->date);
  gr_site_put(&b, " on ", rec->machine.host);
  gr_site_put(&b, " (", rec->machine.cpu);
  gr_buf_printf(&b, ", %d cores), %s mode, %d OpenMP thread%s unless a kernel says t&lt;k&gt;; load averages ", rec->machine.cores, rec->mode, rec->threads, rec->threads > 1 ? "s" : "");
  gr_site_put(&b, "", rec->load_start);
  gr_site_put(&b, " at the start, ", rec->load_end);
  gr_site_put(&b, " at the end; revision ", rec->machine.revision);
  gr_buf_printf(&b, ".</p>\n");
  if (strcmp(rec->mode, "quick") == 0)
    gr_buf_printf(&b, "<p>Quick mode: fewer steps and shorter runs per kernel, and the largest sizes skipped; the figures mean most in full mode.</p>\n");
  speed_marker(&b, dir, e->key, "cost");
  speed_marker(&b, dir, e->key, "speedup");
  speed_marker(&b, dir, e->key, "bound");
  speed_series(&b, e);
  speed_kernels_table(&b, e);
  if (snprintf(path, sizeof path, "%s/%s.frag.html", dir, e->key) >= (int)sizeof path) {
    rc = gr_error_set(err, GR_EINPUT, "path too long: %s", dir);
    goto fail;
  }
  rc = b.failed ? gr_error_set(err, GR_ENOMEM, "out of memory")
                : gr_fsio_write(path, gr_buf_str(&b), b.len, err);
fail:
  gr_buf_free(&b);
  return rc;
}

int gr_bench_speed_template(const char *refdir, char *path, size_t n, struct gr_error *err)
{
  if (snprintf(path, n, "%s/" SPEED_TEMPLATE, refdir) >= (int)n)
    return gr_error_set(err, GR_EINPUT, "path too long: %s", refdir);
  if (!gr_fsio_exists(path))
    return gr_error_set(err, GR_EINPUT, "template '%s' not found (give --ref DIR, the folder with " SPEED_TEMPLATE ")", path);
  return GR_OK;
}

/* <dir>/index.html: the template at tmpl_path filled with the style and
 * the experiments' sections. */
static int speed_index_page(const char *dir, const char *tmpl_path, const char *sections,
                            struct gr_error *err)
{
  struct gr_buf page = GR_BUF_INIT;
  struct gr_notes *names = NULL;
  char path[4400], *tmpl = NULL;
  size_t len;
  int rc;
  if ((rc = gr_fsio_read(tmpl_path, &tmpl, &len, err)) != GR_OK)
    goto fail;
  if ((names = gr_notes_new()) == NULL || gr_notes_text(names, "style", gr_site_style) != GR_OK ||
      gr_notes_text(names, "sections", sections) != GR_OK) {
    rc = gr_error_set(err, GR_ENOMEM, "out of memory");
    goto fail;
  }
  if ((rc = gr_notes_render(names, tmpl, tmpl_path, &page, err)) != GR_OK)
    goto fail;
  snprintf(path, sizeof path, "%s/index.html", dir);
  rc = page.failed ? gr_error_set(err, GR_ENOMEM, "out of memory")
                   : gr_fsio_write(path, gr_buf_str(&page), page.len, err);
fail:
  gr_notes_free(names);
  free(tmpl);
  gr_buf_free(&page);
  return rc;
}

int gr_bench_speed_index(const char *out, const char *refdir, struct gr_error *err)
{
  struct gr_buf b = GR_BUF_INIT;
  char dir[4096], path[4400], tmpl_path[4400], **v = NULL, *text;
  size_t n = 0, i, len;
  int rc;
  snprintf(dir, sizeof dir, "%s/speed", out);
  if (gr_fsio_list(dir, ".frag.html", &v, &n) != GR_OK || n == 0) {
    gr_fsio_free_list(v, n);
    return GR_OK;
  }
  rc = gr_bench_speed_template(refdir, tmpl_path, sizeof tmpl_path, err);
  for (i = 0; i < n && rc == GR_OK; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, v[i]);
    if ((rc = gr_fsio_read(path, &text, &len, err)) == GR_OK) {
      speed_expand(&b, dir, text);
      free(text);
    }
  }
  gr_fsio_free_list(v, n);
  if (rc != GR_OK)
    goto fail;
  if (b.failed) {
    rc = gr_error_set(err, GR_ENOMEM, "out of memory");
    goto fail;
  }
  rc = speed_index_page(dir, tmpl_path, gr_buf_str(&b), err);
fail:
  gr_buf_free(&b);
  return rc;
}
