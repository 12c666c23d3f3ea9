/* granrepro harness: growable text buffer (see buf.h). */
#include "harness/buf.h"
#include "harness/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Make room for extra more bytes plus the terminating NUL. */
static int buf_reserve(struct gr_buf *b, size_t extra)
{
  size_t need, cap;
  char *s;
  if (b->failed)
    return GR_ENOMEM;
  need = b->len + extra + 1;
  if (need <= b->cap)
    return GR_OK;
  cap = b->cap ? b->cap : 256;
  while (cap < need)
    cap *= 2;
  s = realloc(b->s, cap);
  if (s == NULL) {
    b->failed = 1;
    return GR_ENOMEM;
  }
  b->s = s;
  b->cap = cap;
  return GR_OK;
}

int gr_buf_append(struct gr_buf *b, const char *s, size_t len)
{
  if (buf_reserve(b, len) != GR_OK)
    return GR_ENOMEM;
  memcpy(b->s + b->len, s, len);
  b->len += len;
  b->s[b->len] = '\0';
  return GR_OK;
}

int gr_buf_printf(struct gr_buf *b, const char *fmt, ...)
{
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || buf_reserve(b, (size_t)n) != GR_OK)
    return GR_ENOMEM;
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
  return GR_OK;
}

const char *gr_buf_str(const struct gr_buf *b)
{
  return b->s ? b->s : "";
}

void gr_buf_free(struct gr_buf *b)
{
  free(b->s);
  b->s = NULL;
  b->len = b->cap = 0;
  b->failed = 0;
}
