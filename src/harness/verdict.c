/* granrepro harness: kinds of verdict rows and the tests they apply
 * (see verdict.h; issue 22). */
#include "harness/verdict.h"
#include "harness/ref.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const kind_names[GR_NKINDS] = {"result", "printed", "misprint", "check",
                                                  "choice", "unclassified"};

static const char *const kind_labels[GR_NKINDS] = {"paper results", "printed", "misprints",
                                                   "our checks", "our choices", "unclassified"};

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

/* "LABEL: 3 reproduced, 1 differs" (the verdicts with rows). */
void gr_kind_count_text(enum gr_kind k, const int c[4], char *out, size_t n)
{
  size_t len;
  int v, any = 0;
  snprintf(out, n, "%s:", (unsigned)k < GR_NKINDS ? kind_labels[k] : "?");
  for (v = 0; v < 4; v++)
    if (c[v] > 0) {
      len = strlen(out);
      snprintf(out + len, n - len, "%s %d %s", any ? "," : "", c[v], gr_verdict_name((enum gr_verdict)v));
      any = 1;
    }
  if (!any) {
    len = strlen(out);
    snprintf(out + len, n - len, " none");
  }
}

/* The kinds from first on, paper results always, the others with rows. */
void gr_kind_counts_text(const int c[GR_NKINDS][4], enum gr_kind first, char *out, size_t n)
{
  char one[160];
  size_t len;
  int k;
  *out = '\0';
  for (k = (int)first; k < GR_NKINDS; k++) {
    if (k != GR_KIND_RESULT && c[k][0] + c[k][1] + c[k][2] + c[k][3] == 0)
      continue;
    gr_kind_count_text((enum gr_kind)k, c[k], one, sizeof one);
    len = strlen(out);
    snprintf(out + len, n - len, "%s%s", len ? "; " : "", one);
  }
}
