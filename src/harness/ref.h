/* granrepro harness: reference tables of published numbers and the
 * comparator that turns a computed value into a verdict.
 *
 * File format (one TSV per published table or figure, see README.md and
 * DESIGN.md "Reference data"):
 *
 *   # source: Paper, table, page          (required, may repeat)
 *   # quantity: what the numbers are      (required, once)
 *   # tolerance: x,y abs 0.02; vx informative; * half-unit   (optional)
 *   # note: free text                     (any number)
 *   # misprint: ROW COL PREDICTED: why    (any number)
 *   # kind: result                        (the rows' kind, verdict.h; a table
 *                                           without one gives 'unclassified')
 *   key<TAB>col1<TAB>col2 ...             column header, first column = row key
 *   row1<TAB>1.25<TAB>-                   '-' = nothing published in that cell
 *
 * Reserved columns: "tolerance" (a per-row tolerance spec overriding the
 * header), "kind" (a per-row kind overriding the header's) and "note"
 * (per-row text).  A row's tolerance or kind may name some of its columns,
 * "x,vx half-unit" or "x,vx printed; y check" (COLS value columns
 * separated by ',', each named once; no '*': write a whole row's alone).  Tolerance kinds: "half-unit" (the
 * default: half a unit in the last printed digit), "abs X", "rel X",
 * "se K" (|value - published| <= K * se + half-unit, se supplied by the
 * experiment), "informative" (no comparison), "bound" (the published number
 * is an upper bound: value <= published).
 */
#ifndef GR_REF_H
#define GR_REF_H

#include "status.h"

#include <stddef.h>

#include "harness/verdict.h"

struct gr_error;

enum gr_tol_kind {
  GR_TOL_HALFUNIT = 0,
  GR_TOL_ABS,
  GR_TOL_REL,
  GR_TOL_SE,
  GR_TOL_INFORMATIVE,
  GR_TOL_BOUND /* "bound": the published number is an upper bound, value <= it */
};

struct gr_tol {
  enum gr_tol_kind kind;
  double x; /* the bound for abs/rel, K for se, unused otherwise */
};

enum gr_verdict {
  GR_REPRODUCED = 0,  /* within tolerance */
  GR_DIFFERS,         /* outside tolerance: a finding */
  GR_EXPECTED,        /* documented misprint/cause; matches the predicted value */
  GR_INFORMATIVE      /* nothing to compare against */
};

struct gr_refcell {
  char *text;        /* as printed in the file, e.g. "0.0811" or "-" */
  int is_number;     /* 0 for "-" */
  double value;      /* parsed value */
  double halfunit;   /* half a unit in the last printed digit */
  struct gr_tol tol; /* effective tolerance for this cell */
  int misprint;      /* 1 when a "# misprint:" line names this cell */
  int kind;          /* the cell's own kind (enum gr_kind) from its row's kind
                        column "COLS KIND", -1 for the row's */
  char *predicted_text; /* the value the misprint's cause predicts */
  double predicted;
  double predicted_halfunit;
  char *misprint_note;
  int used;          /* set by gr_ref_judge: the cell was compared */
  int input;         /* set by gr_ctx_input: the run read it as an input
                        (accounts for it, unless it is a misprint) */
};

struct gr_reftable {
  char *path;
  char *source;      /* all "source:" lines joined with "; " */
  char *quantity;
  char **notes;      /* "note:" lines */
  size_t nnotes;
  char **cols;       /* column names, cols[0] is the row-key column */
  size_t ncols;
  char **rowkeys;
  char **rownotes;   /* per-row "note" column or NULL */
  int kind;          /* "# kind:" (enum gr_kind), GR_KIND_UNCLASSIFIED when absent */
  int *rowkinds;     /* per-row "kind" column, -1 for the header's */
  size_t nrows;
  struct gr_refcell *cells; /* nrows * ncols, [r * ncols + c]; column 0 unused */
};

/* Parse a reference file.  Malformed files give GR_EINPUT with a message
 * "path:line: what is wrong (how to fix)". */
int gr_ref_load(const char *path, struct gr_reftable **out, struct gr_error *err) GR_MUST_CHECK;

/* Parse from memory; name is used in messages in place of the path. */
int gr_ref_parse(const char *name, const char *text, struct gr_reftable **out,
                 struct gr_error *err) GR_MUST_CHECK;

/* As gr_ref_parse, for len bytes that need not end with a NUL: a NUL or
 * control byte (other than tab, CR, LF) is refused with "name:line:". */
int gr_ref_parse_n(const char *name, const char *text, size_t len,
                   struct gr_reftable **out, struct gr_error *err) GR_MUST_CHECK;

void gr_ref_free(struct gr_reftable *t);

/* The cell at (row key, column name), or NULL when either is absent. */
struct gr_refcell *gr_ref_cell(const struct gr_reftable *t, const char *row,
                               const char *col);

/* The kind of cell (r, c): misprint for a misprint cell, else the cell's
 * own ("COLS KIND" in the row's kind column), else the row's kind column,
 * else the table's "# kind:". */
enum gr_kind gr_ref_kind(const struct gr_reftable *t, size_t r, const struct gr_refcell *cell);

struct gr_judgement {
  enum gr_verdict verdict;
  double published;  /* the printed value (not the predicted one) */
  double delta;      /* value - published */
  double bound;      /* tolerance bound actually applied (0 for informative) */
  char toltext[128]; /* as applied: "half-unit 5e-05 of 0.0811", "se 3 x 0.00012 + half-unit 5e-05 of 0.0811" */
};

/* Compare value (with standard error se, 0 when not stochastic) with a
 * published cell and mark it used.  A misprint cell is compared with its
 * predicted value: GR_EXPECTED when it matches, GR_DIFFERS otherwise.
 * GR_EINPUT when the cell is "-" or the tolerance is "se" and se <= 0. */
int gr_ref_judge(struct gr_refcell *cell, double value, double se,
                 struct gr_judgement *out, struct gr_error *err) GR_MUST_CHECK;

/* Parse one tolerance spec ("abs 0.02", "half-unit", "se 3", ...). */
int gr_ref_parse_tol(const char *spec, struct gr_tol *tol) GR_MUST_CHECK;

/* Half a unit in the last digit of a printed number ("0.0811" -> 5e-5,
 * "25" -> 0.5, "1.5e-3" -> 5e-5). */
double gr_ref_halfunit(const char *text);

/* "reproduced", "differs", "expected-difference", "informative". */
const char *gr_verdict_name(enum gr_verdict v);

#endif
