/* granrepro harness: growable text buffer used to assemble files in memory
 * before they are written atomically (see fsio.h). */
#ifndef GR_BUF_H
#define GR_BUF_H

#include <stddef.h>

struct gr_buf {
  char *s;     /* NUL-terminated text, NULL while empty */
  size_t len;  /* bytes used, excluding the NUL */
  size_t cap;  /* bytes allocated */
  int failed;  /* set once an allocation failed; later appends are no-ops */
};

#define GR_BUF_INIT {NULL, 0, 0, 0}

/* Append formatted text; returns GR_OK or GR_ENOMEM (and sets failed). */
int gr_buf_printf(struct gr_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Append len bytes of s. */
int gr_buf_append(struct gr_buf *b, const char *s, size_t len);

/* The text, "" when empty. */
const char *gr_buf_str(const struct gr_buf *b);

/* Release the memory and return to the empty state. */
void gr_buf_free(struct gr_buf *b);

#endif
