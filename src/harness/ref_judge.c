/* granrepro harness: the comparator of reference cells (see ref.h):
 * tolerance specs, half a unit in the last printed digit, verdicts. */
#include "harness/ref.h"
#include "harness/error.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is s empty or only whitespace? */
static int judge_blank(const char *s)
{
  while (*s && isspace((unsigned char)*s))
    s++;
  return *s == '\0';
}

/* Work out the bound for a non-informative tolerance and describe it as
 * applied, with the number compared against (r: the printed value, or the
 * misprint's predicted one). */
static int judge_bound(const struct gr_refcell *cell, double r, double h, double se,
                       struct gr_judgement *out, struct gr_error *err)
{
  const struct gr_tol *tol = &cell->tol;
  const char *of = cell->misprint ? cell->predicted_text : cell->text;
  switch (tol->kind) {
  case GR_TOL_ABS:
    out->bound = tol->x;
    snprintf(out->toltext, sizeof out->toltext, "abs %g of %s", tol->x, of);
    return GR_OK;
  case GR_TOL_REL:
    out->bound = tol->x * fabs(r);
    snprintf(out->toltext, sizeof out->toltext, "rel %g of %s", tol->x, of);
    return GR_OK;
  case GR_TOL_SE:
    if (!(se > 0) || !isfinite(se))
      return gr_error_set(err, GR_EINPUT, "no standard error supplied for a 'se' tolerance (published '%s': the experiment must report a positive standard error, or the reference table another tolerance)", cell->text ? cell->text : "?");
    out->bound = tol->x * se + h;
    snprintf(out->toltext, sizeof out->toltext, "se %g x %.3g + half-unit %g of %s", tol->x, se, h, of);
    return GR_OK;
  default:
    out->bound = h;
    snprintf(out->toltext, sizeof out->toltext, "half-unit %g of %s", h, of);
    return GR_OK;
  }
}

/* Compare a computed value with a published cell. */
int gr_ref_judge(struct gr_refcell *cell, double value, double se,
                 struct gr_judgement *out, struct gr_error *err)
{
  double r, h;
  int rc, pass;
  if (cell == NULL || out == NULL)
    return gr_error_set(err, GR_EINPUT, "no published cell to compare with (check the row and column names against the reference table)");
  if (!cell->is_number)
    return gr_error_set(err, GR_EINPUT, "the published cell is '%s', not a number (compare only cells with a published value)", cell->text ? cell->text : "-");
  memset(out, 0, sizeof *out);
  out->published = cell->value;
  out->delta = value - cell->value;
  if (cell->tol.kind == GR_TOL_INFORMATIVE) {
    cell->used = 1;
    out->verdict = GR_INFORMATIVE;
    snprintf(out->toltext, sizeof out->toltext, "informative");
    return GR_OK;
  }
  r = cell->misprint ? cell->predicted : cell->value;
  h = cell->misprint ? cell->predicted_halfunit : cell->halfunit;
  if ((rc = judge_bound(cell, r, h, se, out, err)) != GR_OK)
    return rc;
  cell->used = 1;
  pass = isfinite(value) && fabs(value - r) <= out->bound * (1 + 1e-12);
  out->verdict = !pass ? GR_DIFFERS : cell->misprint ? GR_EXPECTED : GR_REPRODUCED;
  return GR_OK;
}

/* Parse "half-unit", "informative", "abs X", "rel X" or "se K". */
int gr_ref_parse_tol(const char *spec, struct gr_tol *tol)
{
  static const char *const words[] = {"half-unit", "abs", "rel", "se", "informative"};
  const char *s = spec, *w;
  char *end;
  size_t n, k;
  double x;
  if (spec == NULL || tol == NULL)
    return GR_EINPUT;
  while (isspace((unsigned char)*s))
    s++;
  for (w = s; *s && !isspace((unsigned char)*s); s++)
    ;
  n = (size_t)(s - w);
  for (k = 0; k < sizeof words / sizeof words[0]; k++)
    if (strlen(words[k]) == n && strncmp(w, words[k], n) == 0)
      break;
  if (k == sizeof words / sizeof words[0])
    return GR_EINPUT;
  if (k == GR_TOL_HALFUNIT || k == GR_TOL_INFORMATIVE) {
    if (!judge_blank(s))
      return GR_EINPUT;
    tol->kind = (enum gr_tol_kind)k;
    tol->x = 0;
    return GR_OK;
  }
  if (!isspace((unsigned char)*s))
    return GR_EINPUT;
  x = strtod(s, &end);
  if (end == s || !judge_blank(end) || !isfinite(x) || !(x > 0))
    return GR_EINPUT;
  tol->kind = (enum gr_tol_kind)k;
  tol->x = x;
  return GR_OK;
}

/* Half a unit in the last printed digit of a decimal number (0 if text
 * holds no digits). */
double gr_ref_halfunit(const char *text)
{
  const char *s = text;
  long digits = 0, after = 0, e = 0;
  int dot = 0;
  char buf[32];
  if (text == NULL)
    return 0;
  while (isspace((unsigned char)*s))
    s++;
  if (*s == '+' || *s == '-')
    s++;
  for (; isdigit((unsigned char)*s) || (*s == '.' && !dot); s++) {
    if (*s == '.')
      dot = 1;
    else {
      digits++;
      after += dot && after < 100000;
    }
  }
  if (digits == 0)
    return 0;
  if (*s == 'e' || *s == 'E')
    e = strtol(s + 1, NULL, 10);
  if (e > 100000 || e < -100000)
    e = e > 0 ? 100000 : -100000;
  snprintf(buf, sizeof buf, "5e%ld", e - after - 1);
  return strtod(buf, NULL);
}

/* Name of a verdict as written in reports. */
const char *gr_verdict_name(enum gr_verdict v)
{
  switch (v) {
  case GR_REPRODUCED:
    return "reproduced";
  case GR_DIFFERS:
    return "differs";
  case GR_EXPECTED:
    return "expected-difference";
  case GR_INFORMATIVE:
    return "informative";
  }
  return "unknown";
}
