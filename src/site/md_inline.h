/* granrepro site: the inline Markdown of the notes (md_inline.c), for the
 * block renderer md.c; not part of the site's API. */
#ifndef GR_SITE_MD_INLINE_H
#define GR_SITE_MD_INLINE_H

#include <stddef.h>

struct gr_buf;

/* Append n bytes of s escaped (gr_site_esc), dropping the CR of each
 * CRLF. */
void gr_site_md_esc(struct gr_buf *b, const char *s, size_t n);

/* Is [s, s + n) empty or all blanks (spaces, tabs)? */
int gr_site_md_blank(const char *s, size_t n);

/* Append the text [s, e) with its inline markup as HTML, escaped. */
void gr_site_md_inline(struct gr_buf *b, const char *s, const char *e);

#endif
