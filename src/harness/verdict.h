/* granrepro harness: the kind of a verdict row and the test it applies
 * (issue 22).
 *
 * Every row of summary.tsv says what it is evidence of (its kind) and
 * shows the test that decided it, as applied ("rel 1e-3 of 0.4843",
 * "<= 0.1", "p < 0.01 (binomial)", "= 24", "in [0.2, 0.4]").  The harness
 * decides reproduced/differs from the value and the test; an experiment
 * never hands it a verdict.  See docs/reference-tables.md.
 */
#ifndef GR_VERDICT_H
#define GR_VERDICT_H

#include <stddef.h>

enum gr_kind {
  GR_KIND_RESULT,      /* a result, table entry or claim the paper reports */
  GR_KIND_PRINTED,     /* arithmetic or consistency of printed numbers */
  GR_KIND_MISPRINT,    /* evidence that a printed item is wrong */
  GR_KIND_CHECK,       /* an invariant, closed form or agreement of two of our methods */
  GR_KIND_CHOICE,      /* a value the paper leaves open, chosen by us */
  GR_KIND_UNCLASSIFIED /* rows of the old calls; a final test forbids them */
};
#define GR_NKINDS 6

enum gr_test_op { GR_TEST_ABS, GR_TEST_REL, GR_TEST_EQ, GR_TEST_LE, GR_TEST_LT,
                  GR_TEST_GE, GR_TEST_GT, GR_TEST_RANGE, GR_TEST_P_BELOW, GR_TEST_P_ABOVE };

/* A test: op with its numbers (a, b) and, for p-values, the test's name. */
struct gr_test {
  enum gr_test_op op;
  double a, b;
  const char *name; /* p-value tests: "binomial", "Mann-Whitney", ...; not copied */
};

struct gr_test gr_test_abs(double target, double tol);    /* |v - target| <= tol */
struct gr_test gr_test_rel(double target, double rel);    /* |v - target| <= rel |target| */
struct gr_test gr_test_eq(double target);                 /* v == target (counts, exact facts) */
struct gr_test gr_test_le(double bound);                  /* v <= bound */
struct gr_test gr_test_lt(double bound);                  /* v < bound */
struct gr_test gr_test_ge(double bound);                  /* v >= bound */
struct gr_test gr_test_gt(double bound);                  /* v > bound */
struct gr_test gr_test_range(double lo, double hi);       /* lo <= v <= hi */
struct gr_test gr_test_p_below(double level, const char *test); /* p-value v; holds when v < level */
struct gr_test gr_test_p_above(double level, const char *test); /* holds unless rejected: v >= level */

/* 1 when value passes the test (never for NaN or an infinite value). */
int gr_test_ok(struct gr_test t, double value);

/* The test as applied, e.g. "rel 0.001 of 0.4843", into out (n bytes). */
void gr_test_format(struct gr_test t, char *out, size_t n);

/* "result", "printed", "misprint", "check", "choice", "unclassified". */
const char *gr_kind_name(enum gr_kind k);

/* The kind named by the first n bytes of s (one of the five, not
 * "unclassified"); -1 when none. */
int gr_kind_parse(const char *s, size_t n);

/* The rows of one kind by verdict (c: reproduced, differs,
 * expected-difference, informative), e.g. "paper results: 12 reproduced,
 * 3 differs"; "paper results: none" for no rows of kind result. */
void gr_kind_count_text(enum gr_kind k, const int c[4], char *out, size_t n);

/* All kinds, paper results first, joined by "; " (kinds other than result
 * only when they have rows); from kind first on (GR_KIND_PRINTED: all but
 * paper results, "" when none). */
void gr_kind_counts_text(const int c[GR_NKINDS][4], enum gr_kind first, char *out, size_t n);

#endif
