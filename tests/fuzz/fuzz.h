/* granrepro fuzz targets (tests/fuzz/): the libFuzzer entry point each
 * target defines.  `make fuzz` links a target with clang's libFuzzer;
 * `make check` links it with replay.c, which feeds it every file of
 * tests/fuzz/corpus/<target>/ (the crash-free corpus and the reproducers
 * of issue 13).  An entry returns 0, and aborts when an invariant of the
 * code under test fails (the sanitizers catch memory errors). */
#ifndef GR_FUZZ_H
#define GR_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Abort with a message naming the broken invariant. */
#define FUZZ_ASSERT(cond)                                                  \
  do {                                                                     \
    if (!(cond))                                                           \
      fuzz_fail(__FILE__, __LINE__, #cond);                                \
  } while (0)

void fuzz_fail(const char *file, int line, const char *what);

/* An error message is one non-empty line. */
#define FUZZ_ONE_LINE(msg) FUZZ_ASSERT((msg)[0] != '\0' && strchr((msg), '\n') == NULL)

#endif
