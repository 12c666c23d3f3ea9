/* granrepro harness: error status codes and messages (see error.h). */
#include "harness/error.h"

#include <stdarg.h>
#include <stdio.h>

/* Record the first error only: later failures are usually consequences. */
int gr_error_set(struct gr_error *err, int code, const char *fmt, ...)
{
  va_list ap;
  if (err == NULL || err->code != GR_OK)
    return code;
  err->code = code;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  return code;
}

/* Reset to the no-error state. */
void gr_error_clear(struct gr_error *err)
{
  if (err == NULL)
    return;
  err->code = GR_OK;
  err->msg[0] = '\0';
}
