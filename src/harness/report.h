/* granrepro harness: figures (gnuplot scripts), rendering, summary tables
 * and the HTML index.  Output layout as in DESIGN.md:
 *   <out>/<exp>/summary.tsv, <fig>.dat, <fig>.gp, <fig>.svg, <fig>.png
 *   <out>/index.html
 * Every script runs on its own: gnuplot -c fig.gp fig.dat fig.svg
 */
#ifndef GR_REPORT_H
#define GR_REPORT_H

#include <stddef.h>

struct gr_error;

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
                           struct gr_error *err);

/* Path of gnuplot (configure's AC_PATH_PROG, $GNUPLOT, or PATH) or NULL. */
const char *gr_report_gnuplot(void);

/* Render every <fig>.gp in dir to .svg and .png with gnuplot (each output
 * written to a temporary name and renamed).  *nrendered counts figures.
 * Without gnuplot: GR_OK, *nrendered = -1 (the caller prints one notice). */
int gr_report_render_dir(const char *dir, int *nrendered, struct gr_error *err);

/* Write <out>/index.html from every <out>/<exp>/summary.tsv (verdict table
 * beside the figures found in that folder) and the notes files. */
int gr_report_index(const char *out, struct gr_error *err);

#endif
