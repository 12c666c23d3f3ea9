/* granrepro harness: helpers shared by the HTML report's index (index.c)
 * and experiment pages (page.c); not part of the experiments' API. */
#ifndef GR_HTML_H
#define GR_HTML_H

#include <stddef.h>

#include "harness/verdict.h"

struct gr_buf;

/* The style sheet of every page. */
extern const char gr_html_style[];

/* Append the first n bytes of s (up to a NUL) with &, <, >, " escaped and
 * control bytes other than tab and newline shown as U+FFFD. */
void gr_html_esc(struct gr_buf *b, const char *s, size_t n);

/* Append raw (markup, as is) and then text (a string, escaped). */
void gr_html_put(struct gr_buf *b, const char *raw, const char *text);

/* Append <a href="href">text</a>, both escaped. */
void gr_html_link(struct gr_buf *b, const char *href, const char *text);

/* Value of the "# key: value" line of a summary.tsv text, or "". */
void gr_html_meta(const char *text, const char *key, char *out, size_t n);

/* Index of a verdict name of length n (0 reproduced, 1 differs,
 * 2 expected-difference, 3 informative) or -1. */
int gr_html_verdict(const char *s, size_t n);

/* Verdict counts of the rows of a summary.tsv text by kind ([kind][verdict];
 * a row without a known kind counts as unclassified). */
void gr_html_kind_counts(const char *text, int counts[GR_NKINDS][4]);

/* The next line of text at *p (its length in *n, without the newline);
 * advances *p; 0 at the end. */
int gr_html_line(const char **p, const char **line, size_t *n);

#endif
