/* granrepro fuzz targets: the failure of an invariant (fuzz.h). */
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/fuzz.h"

void fuzz_fail(const char *file, int line, const char *what)
{
  fprintf(stderr, "%s:%d: invariant failed: %s\n", file, line, what);
  abort();
}
