/* granrepro harness: kinds of verdict rows and the tests they apply
 * (see verdict.h; issue 22). */
#include "harness/verdict.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const kind_names[GR_NKINDS] = {"result", "printed", "misprint", "check",
                                                  "choice", "unclassified"};

/* A test of op with numbers a, b and no name. */
static struct gr_test test_make(enum gr_test_op op, double a, double b, const char *name)
{
  struct gr_test t;
  t.op = op;
  t.a = a;
  t.b = b;
  t.name = name;
  return t;
}

struct gr_test gr_test_abs(double target, double tol) { return test_make(GR_TEST_ABS, target, tol, NULL); }
struct gr_test gr_test_rel(double target, double rel) { return test_make(GR_TEST_REL, target, rel, NULL); }
struct gr_test gr_test_eq(double target) { return test_make(GR_TEST_EQ, target, 0, NULL); }
struct gr_test gr_test_le(double bound) { return test_make(GR_TEST_LE, bound, 0, NULL); }
struct gr_test gr_test_lt(double bound) { return test_make(GR_TEST_LT, bound, 0, NULL); }
struct gr_test gr_test_ge(double bound) { return test_make(GR_TEST_GE, bound, 0, NULL); }
struct gr_test gr_test_gt(double bound) { return test_make(GR_TEST_GT, bound, 0, NULL); }
struct gr_test gr_test_range(double lo, double hi) { return test_make(GR_TEST_RANGE, lo, hi, NULL); }
struct gr_test gr_test_p_below(double level, const char *test) { return test_make(GR_TEST_P_BELOW, level, 0, test); }
struct gr_test gr_test_p_above(double level, const char *test) { return test_make(GR_TEST_P_ABOVE, level, 0, test); }

/* Does value pass t?  A non-finite value passes nothing. */
int gr_test_ok(struct gr_test t, double v)
{
  if (!isfinite(v))
    return 0;
  switch (t.op) {
  case GR_TEST_ABS:
    return fabs(v - t.a) <= t.b;
  case GR_TEST_REL:
    return fabs(v - t.a) <= t.b * fabs(t.a);
  case GR_TEST_EQ:
    return v == t.a;
  case GR_TEST_LE:
    return v <= t.a;
  case GR_TEST_LT:
  case GR_TEST_P_BELOW:
    return v < t.a;
  case GR_TEST_GE:
  case GR_TEST_P_ABOVE:
    return v >= t.a;
  case GR_TEST_GT:
    return v > t.a;
  case GR_TEST_RANGE:
    return v >= t.a && v <= t.b;
  }
  return 0;
}

/* The test as applied ("abs 0.02 of 1.5", "p >= 0.05 (binomial)"). */
void gr_test_format(struct gr_test t, char *out, size_t n)
{
  const char *name = t.name ? t.name : "test";
  switch (t.op) {
  case GR_TEST_ABS:
    snprintf(out, n, "abs %.3g of %.6g", t.b, t.a);
    return;
  case GR_TEST_REL:
    snprintf(out, n, "rel %.3g of %.6g", t.b, t.a);
    return;
  case GR_TEST_EQ:
    snprintf(out, n, "= %.15g", t.a);
    return;
  case GR_TEST_LE:
    snprintf(out, n, "<= %.6g", t.a);
    return;
  case GR_TEST_LT:
    snprintf(out, n, "< %.6g", t.a);
    return;
  case GR_TEST_GE:
    snprintf(out, n, ">= %.6g", t.a);
    return;
  case GR_TEST_GT:
    snprintf(out, n, "> %.6g", t.a);
    return;
  case GR_TEST_RANGE:
    snprintf(out, n, "in [%.6g, %.6g]", t.a, t.b);
    return;
  case GR_TEST_P_BELOW:
    snprintf(out, n, "p < %.3g (%s)", t.a, name);
    return;
  case GR_TEST_P_ABOVE:
    snprintf(out, n, "p >= %.3g (%s)", t.a, name);
    return;
  }
  snprintf(out, n, "?");
}

const char *gr_kind_name(enum gr_kind k)
{
  return (unsigned)k < GR_NKINDS ? kind_names[k] : "unknown";
}

int gr_kind_parse(const char *s, size_t n)
{
  int k;
  for (k = 0; k < GR_KIND_UNCLASSIFIED; k++)
    if (strlen(kind_names[k]) == n && strncmp(s, kind_names[k], n) == 0)
      return k;
  return -1;
}
