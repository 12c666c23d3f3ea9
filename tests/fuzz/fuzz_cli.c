/* granrepro fuzz target: the command line (src/cli.c).  The input is the
 * arguments after "granrepro", separated by NUL bytes (at most 200).  The
 * line parses (then naming experiments resolves to distinct registered
 * experiments, or is refused), is refused with exit status 2, or prints
 * help; nothing is run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "harness/experiment.h"
#include "tests/fuzz/fuzz.h"

#define FUZZ_MAXARGV 200

/* Resolve the experiments of a parsed run, check or bench line. */
static void fuzz_select(const struct cli *c)
{
  const struct gr_experiment *sel[256];
  size_t n = 0, i, k;
  int rc = cli_select(c, sel, sizeof sel / sizeof sel[0], &n);
  FUZZ_ASSERT(rc == 0 || rc == 2);
  if (rc != 0)
    return;
  FUZZ_ASSERT(n >= 1 && n <= gr_nexperiments);
  for (i = 0; i < n; i++)
    for (k = 0; k < i; k++)
      FUZZ_ASSERT(sel[i] != sel[k]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char *buf = malloc(size + 1), *argv[FUZZ_MAXARGV + 2], *p;
  int argc = 1, rc;
  struct cli c;
  if (buf == NULL)
    return 0;
  memcpy(buf, data, size);
  buf[size] = '\0';
  argv[0] = "granrepro";
  for (p = buf; p <= buf + size && argc <= FUZZ_MAXARGV; p += strlen(p) + 1)
    argv[argc++] = p;
  if (size == 0)
    argc = 1;
  argv[argc] = NULL;
  rc = cli_parse(argc, argv, &c);
  FUZZ_ASSERT(rc == 0 || rc == 2 || rc == CLI_DONE);
  if (rc == 0 && (strcmp(c.cmd, "run") == 0 || strcmp(c.cmd, "check") == 0 ||
                  strcmp(c.cmd, "bench") == 0))
    fuzz_select(&c);
  fflush(stdout);
  free(buf);
  return 0;
}
