/* granrepro fuzz target: the reference-table parser and the judge
 * (harness/ref.c, ref_judge.c).  The input is a table; when it parses,
 * every cell is found again by its row and column names, and every
 * published number judged against itself (or a misprint's predicted
 * value) is reproduced (expected-difference), never differs, while NaN
 * always differs. */
#include <math.h>
#include <string.h>

#include "harness/error.h"
#include "harness/ref.h"
#include "tests/fuzz/fuzz.h"

/* Judge cell against its own published (or predicted) value and NaN. */
static void fuzz_judge(struct gr_refcell *cell)
{
  struct gr_judgement j;
  struct gr_error err = {0, ""};
  double v = cell->misprint ? cell->predicted : cell->value;
  FUZZ_ASSERT(gr_ref_halfunit(cell->text) >= 0);
  if (!cell->is_number) {
    FUZZ_ASSERT(gr_ref_judge(cell, 1.0, 1.0, &j, &err) == GR_EINPUT);
    FUZZ_ONE_LINE(err.msg);
    return;
  }
  FUZZ_ASSERT(gr_ref_judge(cell, v, 1.0, &j, &err) == GR_OK);
  if (cell->tol.kind == GR_TOL_INFORMATIVE)
    FUZZ_ASSERT(j.verdict == GR_INFORMATIVE);
  else
    FUZZ_ASSERT(j.verdict == (cell->misprint ? GR_EXPECTED : GR_REPRODUCED));
  FUZZ_ASSERT(gr_ref_judge(cell, NAN, 1.0, &j, &err) == GR_OK);
  FUZZ_ASSERT(j.verdict == (cell->tol.kind == GR_TOL_INFORMATIVE ? GR_INFORMATIVE : GR_DIFFERS));
  if (cell->tol.kind == GR_TOL_SE) {
    FUZZ_ASSERT(gr_ref_judge(cell, v, 0.0, &j, &err) == GR_EINPUT);
    FUZZ_ONE_LINE(err.msg);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct gr_reftable *t = NULL;
  struct gr_error err = {0, ""};
  size_t r, c;
  if (gr_ref_parse_n("fuzz.tsv", (const char *)data, size, &t, &err) != GR_OK) {
    FUZZ_ASSERT(t == NULL && err.code != GR_OK);
    FUZZ_ONE_LINE(err.msg);
    FUZZ_ASSERT(strncmp(err.msg, "fuzz.tsv:", 9) == 0);
    return 0;
  }
  FUZZ_ASSERT(t != NULL && t->ncols >= 2 && t->nrows >= 1);
  for (r = 0; r < t->nrows; r++)
    for (c = 1; c < t->ncols; c++) {
      struct gr_refcell *cell = &t->cells[r * t->ncols + c];
      FUZZ_ASSERT(gr_ref_cell(t, t->rowkeys[r], t->cols[c]) == cell);
      if (strcmp(t->cols[c], "tolerance") != 0 && strcmp(t->cols[c], "note") != 0)
        fuzz_judge(cell);
    }
  gr_ref_free(t);
  return 0;
}
