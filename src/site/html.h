/* granrepro site: helpers shared by the HTML report's index (index.c)
 * and experiment pages (page.c); not part of the experiments' API. */
#ifndef GR_SITE_HTML_H
#define GR_SITE_HTML_H

#include <stddef.h>

#include "harness/verdict.h"

struct gr_buf;

/* The style sheet of every page. */
extern const char gr_site_style[];

/* Append the first n bytes of s (up to a NUL) with &, <, >, " escaped and
 * control bytes other than tab and newline shown as U+FFFD. */
void gr_site_esc(struct gr_buf *b, const char *s, size_t n);

/* Append raw (markup, as is) and then text (a string, escaped). */
void gr_site_put(struct gr_buf *b, const char *raw, const char *text);

/* Append <a href="href">text</a>, both escaped. */
void gr_site_link(struct gr_buf *b, const char *href, const char *text);

/* Value of the "# key: value" line of a summary.tsv text, or "". */
void gr_site_meta(const char *text, const char *key, char *out, size_t n);

/* Index of a verdict name of length n (0 reproduced, 1 differs,
 * 2 expected-difference, 3 informative) or -1. */
int gr_site_verdict(const char *s, size_t n);

/* Verdict counts of the rows of a summary.tsv text by kind ([kind][verdict];
 * a row without a known kind counts as unclassified). */
void gr_site_kind_counts(const char *text, int counts[GR_NKINDS][4]);

/* What a page says of a run, from its summary.tsv's head lines and rows. */
struct gr_site_head {
  char key[128], title[256], cite[512], mode[32], seed[32];
  int counts[GR_NKINDS][4]; /* as gr_site_kind_counts */
};

/* Fill h from a summary.tsv text (gr_site_meta, gr_site_kind_counts). */
void gr_site_head(const char *text, struct gr_site_head *h);

/* The next line of text at *p (its length in *n, without the newline);
 * advances *p; 0 at the end. */
int gr_site_line(const char **p, const char **line, size_t *n);

#endif
