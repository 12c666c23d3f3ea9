/* granrepro harness: error status codes and messages.
 *
 * Library functions return an int status (GR_OK = 0) and fill a struct
 * gr_error with one line saying what is wrong and how to fix it.  Only the
 * driver (src/granrepro.c) prints messages and chooses exit codes, in the
 * manner of GSL's status codes plus error handler.
 */
#ifndef GR_ERROR_H
#define GR_ERROR_H

#include "status.h"

struct gr_error {
  int code;        /* one of the GR_E* codes, GR_OK when clear */
  char msg[1024];  /* one line, no trailing newline */
};

/* Record an error; returns code so callers can `return gr_error_set(...)`.
 * A second call keeps the first message (the root cause). */
int gr_error_set(struct gr_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Forget a recorded error. */
void gr_error_clear(struct gr_error *err);

#endif
