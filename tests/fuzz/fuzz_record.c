/* granrepro fuzz target: the record parser and compare (bench/record.c,
 * compare.c).  The input is record A, a NUL byte and record B (no NUL: B
 * is A).  Each parses or is refused with one line naming "X.tsv:LINE:";
 * two parsed records compare (text only, no files) or are refused with
 * one line; every sample kept has finite times >= 0 and a sample number
 * in range. */
#include <math.h>
#include <string.h>

#include "harness/buf.h"
#include "bench/compare.h"
#include "harness/error.h"
#include "bench/record.h"
#include "tests/fuzz/fuzz.h"

/* Parse one record; 1 when it parsed (and its rows keep the rules). */
static int fuzz_parse(const char *name, const char *text, size_t len,
                      struct gr_bench_record *r)
{
  struct gr_error err = {0, ""};
  size_t i, n = strlen(name);
  if (gr_bench_record_parse(name, text, len, r, &err) != GR_OK) {
    FUZZ_ONE_LINE(err.msg);
    FUZZ_ASSERT(strncmp(err.msg, name, n) == 0 && (err.msg[n] == ':' || err.msg[n] == ' '));
    FUZZ_ASSERT(r->rows == NULL && r->nrows == 0);
    return 0;
  }
  for (i = 0; i < r->nrows; i++) {
    const struct gr_bench_sample *s = &r->rows[i];
    FUZZ_ASSERT(isfinite(s->wall) && s->wall >= 0 && isfinite(s->cpu) && s->cpu >= 0);
    FUZZ_ASSERT(isfinite(s->work) && s->work >= 0);
    FUZZ_ASSERT(s->sample >= 0 && s->sample <= GR_BENCH_RECORD_MAX_SAMPLE);
    FUZZ_ASSERT(s->sample == 0 || (s->wall > 0 && s->cpu > 0));
    FUZZ_ASSERT(s->name[0] != '\0');
  }
  return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *text = (const char *)data, *nul = memchr(text, '\0', size);
  size_t la = nul ? (size_t)(nul - text) : size;
  struct gr_bench_record a, b;
  struct gr_buf out = GR_BUF_INIT;
  struct gr_error err = {0, ""};
  int ok;
  ok = fuzz_parse("A.tsv", text, la, &a);
  ok = fuzz_parse("B.tsv", nul ? nul + 1 : text, nul ? size - la - 1 : size, &b) && ok;
  if (ok && gr_bench_compare_loaded("A.tsv", &a, "B.tsv", &b, NULL, &out, &err) != GR_OK)
    FUZZ_ONE_LINE(err.msg);
  else if (ok)
    FUZZ_ASSERT(out.s != NULL && strstr(out.s, "A: A.tsv") == out.s);
  gr_buf_free(&out);
  gr_bench_record_free(&a);
  gr_bench_record_free(&b);
  return 0;
}
