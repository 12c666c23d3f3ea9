/* granrepro site: the analysis (an experiment's notes.md) as HTML, by a
 * small, strict renderer of the Markdown the notes templates use
 * (reference/<paper>/<exp>.notes.md.in); see md.c for the subset. */
#ifndef GR_SITE_MD_H
#define GR_SITE_MD_H

#include <stddef.h>

struct gr_buf;

/* Append the first n bytes of text (up to a NUL; LF or CRLF line ends) as
 * HTML, every character of the text escaped.  A heading of k '#' becomes
 * <h(base_level + k - 1)>, at most <h6> (base_level 3 puts "# x" under a
 * page's <h2>).  A failed allocation is sticky in b (b->failed), as for
 * every append to a gr_buf. */
void gr_site_md_render(struct gr_buf *b, const char *text, size_t n, int base_level);

#endif
