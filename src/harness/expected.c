/* granrepro harness: expected verdicts (see expected.h; issue 22).
 *
 * Both the expected file and summary.tsv are read into a list of rows
 * (quantity and one verdict per mode) from a private copy of the text,
 * split in place at newlines and tabs. */
#include "harness/expected.h"
#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"

#include <stdlib.h>
#include <string.h>

#define EXP_HEADER "quantity\tquick\tfull"

struct exp_row {
  const char *q;
  const char *v[2]; /* [0] quick, [1] full: a verdict name or "-" */
  int seen;
};

struct exp_set {
  char *buf; /* the text the rows point into */
  struct exp_row *r;
  size_t n;
};

static void exp_free(struct exp_set *s)
{
  free(s->buf);
  free(s->r);
  memset(s, 0, sizeof *s);
}

/* Split line at tabs into at most max fields; the number of fields. */
static int exp_split(char *line, char **f, int max)
{
  int n = 1;
  f[0] = line;
  for (; *line; line++)
    if (*line == '\t') {
      *line = '\0';
      if (n == max)
        return max + 1;
      f[n++] = line + 1;
    }
  return n;
}

/* The row of quantity q, or NULL. */
static struct exp_row *exp_find(const struct exp_set *s, const char *q)
{
  size_t i;
  for (i = 0; i < s->n; i++)
    if (strcmp(s->r[i].q, q) == 0)
      return &s->r[i];
  return NULL;
}

/* Is v a verdict name or "-"? */
static int exp_verdict_ok(const char *v)
{
  static const char *const ok[] = {"reproduced", "differs", "expected-difference", "informative", "-"};
  size_t i;
  for (i = 0; i < sizeof ok / sizeof ok[0]; i++)
    if (strcmp(v, ok[i]) == 0)
      return 1;
  return 0;
}

/* Append row (q, a, b) to s (room for one row per line is made up front). */
static int exp_add(struct exp_set *s, const char *name, int line, const char *q, const char *a,
                   const char *b, struct gr_error *err)
{
  if (*q == '\0' || exp_find(s, q) != NULL)
    return gr_error_set(err, GR_EINPUT, "%s:%d: quantity '%.80s' is empty or repeats an earlier row (one row per quantity; rewrite the file with granrepro check --update-expected)", name, line, q);
  if (!exp_verdict_ok(a) || !exp_verdict_ok(b))
    return gr_error_set(err, GR_EINPUT, "%s:%d: '%.40s' or '%.40s' is not a verdict (write reproduced, differs, expected-difference, informative or '-')", name, line, a, b);
  s->r[s->n].q = q;
  s->r[s->n].v[0] = a;
  s->r[s->n].v[1] = b;
  s->r[s->n++].seen = 0;
  return GR_OK;
}

/* Parse text (summary.tsv when summary, else an expected file) into s. */
static int exp_parse(const char *name, const char *text, int summary, struct exp_set *s,
                     struct gr_error *err)
{
  char *line, *nl, *f[9];
  size_t lines = 1;
  int lineno = 0, header = 1, nf, rc = GR_OK;
  const char *p;
  for (p = text; *p; p++)
    lines += *p == '\n';
  memset(s, 0, sizeof *s);
  if ((s->buf = strdup(text)) == NULL || (s->r = calloc(lines, sizeof *s->r)) == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory reading %s", name);
  for (line = s->buf; line != NULL && rc == GR_OK; line = nl ? nl + 1 : NULL) {
    if ((nl = strchr(line, '\n')) != NULL)
      *nl = '\0';
    lineno++;
    if (*line == '\0' || *line == '#')
      continue;
    if (header && !summary && strcmp(line, EXP_HEADER) != 0)
      rc = gr_error_set(err, GR_EINPUT, "%s:%d: the column header must read 'quantity<TAB>quick<TAB>full' (rewrite the file with granrepro check --update-expected)", name, lineno);
    else if (header)
      header = 0;
    else if (summary)
      rc = (nf = exp_split(line, f, 8)) < 6 ? gr_error_set(err, GR_EINPUT, "%s:%d: not a verdict row (%d fields)", name, lineno, nf)
                                             : exp_add(s, name, lineno, f[0], f[5], "-", err);
    else if ((nf = exp_split(line, f, 3)) != 3)
      rc = gr_error_set(err, GR_EINPUT, "%s:%d: %d fields, need 3: quantity, quick verdict, full verdict ('-' for none)", name, lineno, nf > 3 ? 4 : nf);
    else
      rc = exp_add(s, name, lineno, f[0], f[1], f[2], err);
  }
  if (rc != GR_OK)
    exp_free(s);
  return rc;
}

/* Read and parse the expected file at path into e. */
static int exp_load(const char *path, struct exp_set *e, struct gr_error *err)
{
  char *text = NULL;
  int rc;
  if ((rc = gr_fsio_read(path, &text, NULL, err)) != GR_OK)
    goto fail;
  rc = exp_parse(path, text, 0, e, err);
fail:
  free(text);
  return rc;
}

int gr_expected_compare(const char *summary, const char *path, int quick,
                        struct gr_buf *report, int *nchanged, struct gr_error *err)
{
  struct exp_set s, e;
  struct exp_row *x;
  size_t i;
  int m = quick ? 0 : 1, rc;
  *nchanged = 0;
  if (!gr_fsio_exists(path))
    return gr_error_set(err, GR_EINPUT, "%s: no expected verdicts (write them with granrepro check%s --update-expected and review the diff)", path, quick ? " --quick" : "");
  if ((rc = exp_parse("summary.tsv", summary, 1, &s, err)) != GR_OK)
    return rc;
  if ((rc = exp_load(path, &e, err)) != GR_OK) {
    exp_free(&s);
    return rc;
  }
  for (i = 0; i < s.n; i++) {
    x = exp_find(&e, s.r[i].q);
    if (x != NULL)
      x->seen = 1;
    if (x == NULL || strcmp(x->v[m], "-") == 0)
      gr_buf_printf(report, "%s: (no expected verdict) -> %s\n", s.r[i].q, s.r[i].v[0]);
    else if (strcmp(x->v[m], s.r[i].v[0]) != 0)
      gr_buf_printf(report, "%s: %s -> %s\n", s.r[i].q, x->v[m], s.r[i].v[0]);
    else
      continue;
    (*nchanged)++;
  }
  for (i = 0; i < e.n; i++)
    if (!e.r[i].seen && strcmp(e.r[i].v[m], "-") != 0) {
      gr_buf_printf(report, "%s: %s -> (no such row in the run)\n", e.r[i].q, e.r[i].v[m]);
      (*nchanged)++;
    }
  exp_free(&s);
  exp_free(&e);
  return report->failed ? gr_error_set(err, GR_ENOMEM, "out of memory") : GR_OK;
}

int gr_expected_update(const char *summary, const char *path, int quick, const char *key,
                       struct gr_error *err)
{
  struct exp_set s, e = {NULL, NULL, 0};
  struct gr_buf b = GR_BUF_INIT;
  struct exp_row *x;
  size_t i;
  int m = quick ? 0 : 1, rc;
  if ((rc = exp_parse("summary.tsv", summary, 1, &s, err)) != GR_OK)
    return rc;
  if (gr_fsio_exists(path) && (rc = exp_load(path, &e, err)) != GR_OK) {
    exp_free(&s);
    return rc;
  }
  gr_buf_printf(&b, "# expected verdicts of %s: granrepro check [--quick] --update-expected %s writes them; review the diff\n" EXP_HEADER "\n", key, key);
  for (i = 0; i < s.n; i++) {
    const char *v[2];
    x = exp_find(&e, s.r[i].q);
    if (x != NULL)
      x->seen = 1;
    v[m] = s.r[i].v[0];
    v[1 - m] = x ? x->v[1 - m] : "-";
    gr_buf_printf(&b, "%s\t%s\t%s\n", s.r[i].q, v[0], v[1]);
  }
  for (i = 0; i < e.n; i++)
    if (!e.r[i].seen && strcmp(e.r[i].v[1 - m], "-") != 0)
      gr_buf_printf(&b, "%s\t%s\t%s\n", e.r[i].q, m == 0 ? "-" : e.r[i].v[0], m == 1 ? "-" : e.r[i].v[1]);
  rc = gr_fsio_write_buf(path, &b, err);
  gr_buf_free(&b);
  exp_free(&s);
  exp_free(&e);
  return rc;
}
