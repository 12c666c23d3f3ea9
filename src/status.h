/* granrepro: the one status convention of the library (GSL-like).
 *
 * Every function of src/physics/ and src/harness/ that can fail returns an
 * int status: GR_OK (0) on success, else one of the codes below.  Physics
 * includes this header only (never harness/); the harness adds a message
 * (harness/error.h).  An engine's own state (edmd's run status, a chain's
 * end code, a collision-rule cure) is a result, not a status, and keeps its
 * own enum.  The driver maps a status to the exit code (2 for bad input).
 */
#ifndef GR_STATUS_H
#define GR_STATUS_H

enum {
  GR_OK = 0,      /* success */
  GR_EINPUT = 2,  /* bad input: parameters, command line, reference files */
  GR_EIO = 3,     /* a file could not be read or written */
  GR_ENOMEM = 4,  /* out of memory */
  GR_EFAIL = 5    /* a computation failed (solver did not converge, ...) */
};

/* On a function returning a status: the -Werror build refuses a call
 * that ignores it (issue 22: no value without a computation).  Not on the
 * sticky gr_ctx_* calls, whose errors the context keeps (ctx.h). */
#if defined(__GNUC__) || defined(__clang__)
#define GR_MUST_CHECK __attribute__((warn_unused_result))
#else
#define GR_MUST_CHECK
#endif

#endif
