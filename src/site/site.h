/* granrepro site: the HTML report around the files a run writes, as in
 * DESIGN.md's output layout: one page per experiment, <out>/<exp>/index.html
 * (page.c), and the front page, <out>/index.html (index.c), with the
 * helpers they share (html.h).  The layer above the harness: the driver
 * and the bench call it, the harness and the experiments never do (the
 * driver hands gr_site_finish to a run as gr_options.finish). */
#ifndef GR_SITE_H
#define GR_SITE_H

#include "harness/report.h"

struct gr_error;

/* Write <dir>/index.html, the page of the experiment whose report is in
 * dir, from the files there: summary.tsv (verdict tables, one per group
 * of quantities, beside the figures that check them), the figures,
 * notes.md and the data files. */
int gr_site_page(const char *dir, struct gr_error *err) GR_MUST_CHECK;

/* A run's finish (gr_options.finish): render dir's figures
 * (gr_report_render), then write its page. */
int gr_site_finish(const char *dir, gr_report_progress fn, void *arg,
                   int *nrendered, struct gr_error *err) GR_MUST_CHECK;

/* Write <out>/index.html, the front page: one row per <out>/<exp>/ with a
 * summary.tsv (verdict counts, link to its page, written when missing)
 * and the chart of <out>/compare/ when rendered, in the skeleton
 * <refdir>/report/index.html.in (GR_EINPUT when it is missing or has an
 * unknown placeholder).  It shows no experiment figure, so it stays valid
 * whatever a later run does to a folder. */
int gr_site_index(const char *out, const char *refdir, struct gr_error *err) GR_MUST_CHECK;

/* The front page's skeleton, relative to the reference folder. */
#define GR_SITE_INDEX_TEMPLATE "report/index.html.in"

#endif
