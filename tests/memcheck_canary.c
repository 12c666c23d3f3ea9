/* granrepro tests: the memcheck canary (tests/memcheck.sh), a hidden
 * scratch experiment built only for the tests, never in the driver.
 *
 *   memcheck_canary OUT REF uninit|init
 *
 * runs one experiment whose only verdict is decided from a heap value that
 * is left uninitialised ("uninit") or set ("init") and writes its report
 * under OUT.  Natively both exit 0; under valgrind memcheck "uninit" must
 * fail the run (the value reaches gr_test_ok's comparison). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/ctx.h"
#include "harness/experiment.h"

static int canary_uninit;

/* The verdict from a value that is (or is not) ever written. */
static int canary_run(struct gr_ctx *ctx)
{
  double *v = malloc(sizeof *v);
  int rc;
  if (v == NULL)
    return GR_ENOMEM;
  if (!canary_uninit)
    *v = 0.5;
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wuninitialized"
#elif defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
  rc = gr_ctx_verdict(ctx, GR_KIND_CHECK, "canary/value", *v, gr_test_le(1), "a heap value");
#if defined(__clang__)
#pragma clang diagnostic pop
#elif defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
  free(v);
  return rc;
}

static const struct gr_experiment canary_exp = {
  .key = "canary", .title = "memcheck canary", .citation = "none", .refdir = "canary",
  .run = canary_run};

int main(int argc, char **argv)
{
  struct gr_options opt;
  struct gr_ctx *ctx;
  int rc, nr;
  if (argc != 4 || (strcmp(argv[3], "uninit") != 0 && strcmp(argv[3], "init") != 0)) {
    fprintf(stderr, "usage: memcheck_canary OUT REF uninit|init\n");
    return 2;
  }
  canary_uninit = strcmp(argv[3], "uninit") == 0;
  memset(&opt, 0, sizeof opt);
  opt.quick = 1;
  opt.out = argv[1];
  opt.refdir = argv[2];
  if ((ctx = gr_ctx_new(&canary_exp, &opt)) == NULL)
    return 2;
  if ((rc = canary_exp.run(ctx)) != GR_OK || (rc = gr_ctx_write(ctx, &nr)) != GR_OK)
    fprintf(stderr, "memcheck_canary: %s\n", gr_ctx_error(ctx)->msg);
  gr_ctx_free(ctx);
  return rc == GR_OK ? 0 : 2;
}
