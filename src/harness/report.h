/* granrepro harness: figures (gnuplot scripts: report.c) and their
 * rendering (render.c); the HTML pages around them are the site's
 * (src/site/).  Output layout as in DESIGN.md:
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

#endif
