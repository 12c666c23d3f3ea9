/* granrepro harness: figures (gnuplot scripts: report.c), rendering
 * (render.c) and the HTML report as a site: a front page (html.c) and one
 * page per experiment (page.c).  Output layout as in DESIGN.md:
 *   <out>/<exp>/summary.tsv, <fig>.dat, <fig>.gp, <fig>.svg, <fig>.png,
 *   notes.md, index.html (the experiment's page)
 *   <out>/index.html (the front page: verdict counts, links)
 * Every script runs on its own: gnuplot -c fig.gp fig.dat fig.svg
 */
#ifndef GR_REPORT_H
#define GR_REPORT_H

#include "status.h"

#include <stddef.h>

struct gr_buf;
struct gr_error;

/* Progress of a long step: fraction done in [0, 1]. */
typedef void (*gr_report_progress)(void *arg, double fraction);

struct gr_figure {
  const char *name;   /* file stem: <name>.gp, <name>.svg, <name>.png */
  const char *data;   /* data file stem: <data>.dat in the same folder */
  const char *title;
  const char *xlabel;
  const char *ylabel;
  const char *setup;  /* extra gnuplot commands (newline separated) or NULL */
  const char *plot;   /* arguments of `plot`; the data file is the variable `data` */
};

/* Write <dir>/<fig->name>.gp atomically. */
int gr_report_write_figure(const char *dir, const struct gr_figure *fig,
                           struct gr_error *err) GR_MUST_CHECK;

/* Append s escaped for a double-quoted gnuplot string. */
void gr_report_gpstr(struct gr_buf *b, const char *s);

/* Path of gnuplot (configure's AC_PATH_PROG, $GNUPLOT, or PATH) or NULL. */
const char *gr_report_gnuplot(void);

/* Render every <fig>.gp in dir to .svg and .png with gnuplot (each output
 * written to a temporary name and renamed).  *nrendered counts figures.
 * Without gnuplot: GR_OK, *nrendered = -1 (the caller prints one notice). */
int gr_report_render_dir(const char *dir, int *nrendered, struct gr_error *err) GR_MUST_CHECK;

/* As gr_report_render_dir, all figures drawn by one gnuplot process;
 * fn (may be NULL) is told the fraction drawn after each figure. */
int gr_report_render(const char *dir, gr_report_progress fn, void *arg,
                     int *nrendered, struct gr_error *err) GR_MUST_CHECK;

/* Write <dir>/index.html, the page of the experiment whose report is in
 * dir, from the files there: summary.tsv (verdict tables, one per group
 * of quantities, beside the figures that check them), the figures,
 * notes.md and the data files. */
int gr_report_page(const char *dir, struct gr_error *err) GR_MUST_CHECK;

/* Render dir's figures (gr_report_render), then write its page. */
int gr_report_finish(const char *dir, gr_report_progress fn, void *arg,
                     int *nrendered, struct gr_error *err) GR_MUST_CHECK;

/* Write <out>/index.html, the front page: one row per <out>/<exp>/ with a
 * summary.tsv (verdict counts, link to its page, written when missing)
 * and the chart of <out>/compare/ when rendered, in the skeleton
 * <refdir>/report/index.html.in (GR_EINPUT when it is missing or has an
 * unknown placeholder).  It shows no experiment figure, so it stays valid
 * whatever a later run does to a folder. */
int gr_report_index(const char *out, const char *refdir, struct gr_error *err) GR_MUST_CHECK;

/* The front page's skeleton, relative to the reference folder. */
#define GR_REPORT_INDEX_TEMPLATE "report/index.html.in"

#endif
