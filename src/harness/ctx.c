/* granrepro harness: the run context (see ctx.h). */
#include "harness/ctx.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "harness/buf.h"
#include "harness/experiment.h"
#include "harness/fsio.h"
#include "harness/notes.h"
#include "harness/outdir.h"
#include "harness/report.h"
#include "harness/rng.h"
#include "harness/shard.h"
#include "harness/timer.h"

#define CTX_MAX_TABLES 32
#define CTX_MAX_DATA 64
#define CTX_MAX_FIGS 64
#define CTX_MAX_PHASES 32
#define CTX_MAX_RNGS 64

/* Log a call to the shard journal (shard.h) when recording a task. */
#define CTX_LOG(c, ...)                    \
  do {                                     \
    if ((c)->shard)                        \
      gr_shard_log((c)->shard, __VA_ARGS__); \
  } while (0)

/* Sticky errors: after the first failure a call is a no-op returning it. */
#define CTX_STICKY(c)              \
  do {                             \
    if ((c)->err.code != GR_OK)    \
      return (c)->err.code;        \
  } while (0)

struct gr_data {
  struct gr_ctx *ctx;
  char *name;
  char *columns;
  struct gr_buf rows;
};

struct ctx_fig {
  char *s[7]; /* name, data, title, xlabel, ylabel, setup, plot */
};

struct ctx_phase {
  char name[64];
  double wall, cpu;
};

struct gr_ctx {
  const struct gr_experiment *exp;
  struct gr_options opt;
  unsigned setused;           /* --set entries read (bit i) */
  struct gr_error err;
  struct { char *name; struct gr_reftable *t; } tables[CTX_MAX_TABLES];
  size_t ntables;
  struct gr_buf summary;  /* verdict rows, TSV */
  int counts[4];
  int kcounts[GR_NKINDS][4]; /* verdicts by kind */
  struct gr_buf notes;
  struct gr_notes *named; /* values, texts and verdict rows for the template */
  struct { char *name; gsl_rng *r; } rngs[CTX_MAX_RNGS];
  size_t nrngs;
  struct gr_data data[CTX_MAX_DATA];
  size_t ndata;
  struct ctx_fig figs[CTX_MAX_FIGS];
  size_t nfigs;
  struct ctx_phase phases[CTX_MAX_PHASES];
  size_t nphases;
  int in_phase;
  struct gr_timer phase;
  int last_percent;
  char last_what[64];
  struct gr_shard *shard; /* shard run or merge (shard.h), else NULL */
  size_t units;           /* tasks and conditions so far: the shards the run splits into */
  int cond_task;          /* the task running is a task of conditions */
  struct {                /* the slip being judged (gr_ctx_compare_in) */
    char key[192];        /* table/name, "" when none */
    int n, bad;           /* its cells, those not as their misprint line predicts */
    struct gr_buf cells;  /* "row (printed P, read R)", ... */
  } slip;
};

/* strdup that tolerates NULL. */
static char *ctx_dup(const char *s)
{
  return s ? strdup(s) : NULL;
}

struct gr_ctx *gr_ctx_new(const struct gr_experiment *exp,
                          const struct gr_options *opt)
{
  struct gr_ctx *c = calloc(1, sizeof *c);
  if (c == NULL)
    return NULL;
  c->exp = exp;
  c->opt = *opt;
  c->last_percent = -1;
  if ((c->named = gr_notes_new()) == NULL) {
    free(c);
    return NULL;
  }
  return c;
}

void gr_ctx_free(struct gr_ctx *c)
{
  size_t i, j;
  if (c == NULL)
    return;
  for (i = 0; i < c->ntables; i++) {
    free(c->tables[i].name);
    gr_ref_free(c->tables[i].t);
  }
  for (i = 0; i < c->ndata; i++) {
    free(c->data[i].name);
    free(c->data[i].columns);
    gr_buf_free(&c->data[i].rows);
  }
  for (i = 0; i < c->nfigs; i++)
    for (j = 0; j < 7; j++)
      free(c->figs[i].s[j]);
  for (i = 0; i < c->nrngs; i++) {
    free(c->rngs[i].name);
    gsl_rng_free(c->rngs[i].r);
  }
  gr_notes_free(c->named);
  gr_buf_free(&c->summary);
  gr_buf_free(&c->notes);
  gr_buf_free(&c->slip.cells);
  free(c);
}

int gr_ctx_quick(const struct gr_ctx *c) { return c->opt.quick; }
unsigned long gr_ctx_seed(const struct gr_ctx *c) { return c->opt.seed; }
int gr_ctx_threads(const struct gr_ctx *c) { return c->opt.threads; }

/* --set NAME=VALUE lookup: the value text of name, or NULL. */
static const char *ctx_set(struct gr_ctx *c, const char *name)
{
  size_t n = strlen(name);
  int i;
  for (i = 0; i < c->opt.nsets; i++)
    if (strncmp(c->opt.sets[i], name, n) == 0 && c->opt.sets[i][n] == '=') {
      c->setused |= 1u << i;
      return c->opt.sets[i] + n + 1;
    }
  return NULL;
}

/* Read option name (a number from lo to hi, default def; a whole one when
 * whole is set) into *out; the one-line error names the fix. */
static int ctx_option_read(struct gr_ctx *c, const char *name, double def, double lo,
                           double hi, int whole, double *out)
{
  const char *v = ctx_set(c, name);
  char *end;
  double x;
  *out = def;
  CTX_LOG(c, "option", "sddd", name, def, lo, hi);
  if (v == NULL)
    return GR_OK;
  errno = 0;
  x = strtod(v, &end);
  if (*v == '\0' || *end != '\0' || errno != 0 || !(x >= lo && x <= hi))
    return gr_ctx_fail(c, GR_EINPUT, "--set %s=%s: give a %s from %g to %g (default %g)",
                       name, v, whole ? "whole number" : "number", lo, hi, def);
  if (whole && x != floor(x))
    return gr_ctx_fail(c, GR_EINPUT, "--set %s=%s: %s must be a whole number from %g to %g (default %g)",
                       name, v, name, lo, hi, def);
  *out = x;
  return GR_OK;
}

int gr_ctx_option(struct gr_ctx *c, const char *name, double def, double lo,
                  double hi, double *out)
{
  return ctx_option_read(c, name, def, lo, hi, 0, out);
}

int gr_ctx_option_int(struct gr_ctx *c, const char *name, int def, int lo, int hi, int *out)
{
  double x;
  int rc = ctx_option_read(c, name, def, lo, hi, 1, &x);
  *out = rc == GR_OK ? (int)x : def;
  return rc;
}

/* An option name is a whole word of e->options; name may run on to '='. */
int gr_experiment_has_option(const struct gr_experiment *e, const char *name)
{
  size_t n = strcspn(name, "=");
  const char *p = e->options;
  while (p != NULL && *p != '\0') {
    size_t w;
    p += strspn(p, " ");
    w = strcspn(p, " ");
    if (w == n && w > 0 && strncmp(p, name, n) == 0)
      return 1;
    p += w;
  }
  return 0;
}

int gr_ctx_options_done(struct gr_ctx *c, const char *known)
{
  int i;
  for (i = 0; i < c->opt.nsets; i++)
    if (!(c->setused & (1u << i)) && gr_experiment_has_option(c->exp, c->opt.sets[i]))
      return gr_ctx_fail(c, GR_EINPUT, "--set %s: %s has no such option (its options: %s)",
                         c->opt.sets[i], c->exp->key, known);
  return GR_OK;
}
const struct gr_error *gr_ctx_error(const struct gr_ctx *c) { return &c->err; }

int gr_ctx_fail(struct gr_ctx *c, int code, const char *fmt, ...)
{
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return gr_error_set(&c->err, code, "%s", msg);
}

/* The reference table reference/<refdir>/<name>.tsv, loaded once. */
static struct gr_reftable *ctx_table(struct gr_ctx *c, const char *name)
{
  char path[4096];
  struct gr_reftable *t = NULL;
  size_t i;
  for (i = 0; i < c->ntables; i++)
    if (strcmp(c->tables[i].name, name) == 0)
      return c->tables[i].t;
  if (c->ntables == CTX_MAX_TABLES) {
    gr_error_set(&c->err, GR_EFAIL, "too many reference tables in one experiment");
    return NULL;
  }
  snprintf(path, sizeof path, "%s/%s/%s.tsv", c->opt.refdir, c->exp->refdir, name);
  if (gr_ref_load(path, &t, &c->err) != GR_OK)
    return NULL;
  c->tables[c->ntables].name = strdup(name);
  c->tables[c->ntables].t = t;
  if (c->tables[c->ntables].name == NULL) {
    gr_ref_free(t);
    gr_error_set(&c->err, GR_ENOMEM, "out of memory");
    return NULL;
  }
  c->ntables++;
  return t;
}

/* Replace tabs and newlines so a note fits one TSV cell. */
static void ctx_cell(struct gr_buf *b, const char *s)
{
  for (; s && *s; s++)
    gr_buf_append(b, (*s == '\t' || *s == '\n') ? " " : s, 1);
}

/* Append one verdict row to summary.tsv: quantity, published, value
 * ("-" when value is NULL: not computed), delta, test, verdict, kind, note. */
static int ctx_row(struct gr_ctx *c, enum gr_kind kind, const char *quantity,
                   const char *published, const double *value, const char *delta,
                   const char *test, enum gr_verdict v, const char *note1, const char *note2)
{
  struct gr_buf *b = &c->summary;
  ctx_cell(b, quantity);
  gr_buf_printf(b, "\t");
  ctx_cell(b, published);
  if (value)
    gr_buf_printf(b, "\t%.15g\t%s\t", *value, delta);
  else
    gr_buf_printf(b, "\t-\t%s\t", delta);
  ctx_cell(b, test);
  gr_buf_printf(b, "\t%s\t%s\t", gr_verdict_name(v),
                gr_kind_name(kind));
  ctx_cell(b, note1);
  if (note1 && *note1 && note2 && *note2)
    gr_buf_printf(b, "; ");
  ctx_cell(b, note2);
  gr_buf_printf(b, "\n");
  c->counts[v]++;
  c->kcounts[kind][v]++;
  if (b->failed || gr_notes_verdict(c->named, quantity, gr_verdict_name(v), value ? *value : NAN) != GR_OK)
    return gr_error_set(&c->err, GR_ENOMEM, "out of memory");
  return GR_OK;
}

/* Hierarchical name of a published number: table/row, or table/row/col
 * when the table has columns other than "value". */
static void ctx_quantity(char *q, size_t n, const char *table, const char *row,
                         const char *col)
{
  if (strcmp(col, "value") == 0)
    snprintf(q, n, "%s/%s", table, row);
  else
    snprintf(q, n, "%s/%s/%s", table, row, col);
}

/* Look up (table,row,col), failing the run with a clear message. */
static struct gr_refcell *ctx_cell_of(struct gr_ctx *c, const char *table,
                                      const char *row, const char *col)
{
  struct gr_reftable *t = ctx_table(c, table);
  struct gr_refcell *cell;
  if (t == NULL)
    return NULL;
  cell = gr_ref_cell(t, row, col);
  if (cell == NULL || !cell->is_number)
    gr_error_set(&c->err, GR_EINPUT, "%s: no published number at row '%s', column '%s' (the reference table and the experiment disagree: restore the table from git)", t->path, row, col);
  return (cell && cell->is_number) ? cell : NULL;
}

int gr_ctx_published(struct gr_ctx *c, const char *table, const char *row,
                     const char *col, double *value)
{
  struct gr_refcell *cell;
  CTX_STICKY(c);
  CTX_LOG(c, "has", "sss", table, row, col);
  if ((cell = ctx_cell_of(c, table, row, col)) == NULL)
    return c->err.code;
  *value = cell->value;
  return GR_OK;
}

int gr_ctx_input(struct gr_ctx *c, const char *table, const char *row,
                 const char *col, double *value)
{
  struct gr_refcell *cell;
  CTX_STICKY(c);
  CTX_LOG(c, "input", "sss", table, row, col);
  if ((cell = ctx_cell_of(c, table, row, col)) == NULL)
    return c->err.code;
  cell->input = 1;
  cell->used |= !cell->misprint; /* a misprint still wants its row */
  *value = cell->misprint ? cell->predicted : cell->value;
  return GR_OK;
}

int gr_ctx_has(struct gr_ctx *c, const char *table, const char *row,
               const char *col)
{
  struct gr_reftable *t = c->err.code == GR_OK ? ctx_table(c, table) : NULL;
  struct gr_refcell *cell = t ? gr_ref_cell(t, row, col) : NULL;
  CTX_LOG(c, "has", "sss", table, row, col);
  return cell != NULL && cell->is_number;
}

/* gr_ctx_compare without its journal line; slip: a misprint cell's row
 * is informative, its judgement added to the slip (gr_ctx_compare_in). */
static int ctx_compare(struct gr_ctx *c, const char *table, const char *row, const char *col,
                       double value, double se, const char *note, const char *slip)
{
  struct gr_refcell *cell;
  struct gr_judgement j;
  char q[256], pub[160], delta[32], mis[512] = "", test[256];
  size_t r, rr = (size_t)-1;
  const struct gr_reftable *t;
  enum gr_verdict v;
  cell = ctx_cell_of(c, table, row, col);
  if (cell == NULL || gr_ref_judge(cell, value, se, &j, &c->err) != GR_OK)
    return c->err.code;
  t = ctx_table(c, table);
  ctx_quantity(q, sizeof q, table, row, col);
  snprintf(pub, sizeof pub, "%s", cell->text);
  if (cell->misprint) {
    snprintf(pub, sizeof pub, "%s (misprint; read %s)", cell->text, cell->predicted_text);
    snprintf(mis, sizeof mis, "misprint: %s", cell->misprint_note);
  }
  for (r = 0; r < t->nrows; r++)
    if (strcmp(t->rowkeys[r], row) == 0)
      rr = r;
  if (rr != (size_t)-1 && t->rownotes[rr] && !*mis)
    snprintf(mis, sizeof mis, "%s", t->rownotes[rr]);
  snprintf(delta, sizeof delta, "%.3g", j.delta);
  snprintf(test, sizeof test, "%s", j.toltext);
  v = j.verdict;
  if (slip != NULL && cell->misprint) {
    c->slip.bad += v != GR_EXPECTED;
    gr_buf_printf(&c->slip.cells, "%s%s (printed %s, read %s)", c->slip.n++ ? ", " : "", row,
                  cell->text, cell->predicted_text);
    snprintf(test, sizeof test, "informative (judged in %s/%s: %s)", table, slip, j.toltext);
    v = GR_INFORMATIVE;
  }
  return ctx_row(c, gr_ref_kind(t, rr, cell), q, pub, &value, delta, test, v, note, mis);
}

int gr_ctx_compare(struct gr_ctx *c, const char *table, const char *row,
                   const char *col, double value, double se, const char *note)
{
  CTX_STICKY(c);
  CTX_LOG(c, "compare", "sssdds", table, row, col, value, se, note);
  return ctx_compare(c, table, row, col, value, se, note, NULL);
}

int gr_ctx_compare_in(struct gr_ctx *c, const char *table, const char *row, const char *col,
                      double value, const char *slip, const char *note)
{
  char key[192];
  CTX_STICKY(c);
  CTX_LOG(c, "slipcell", "sssdss", table, row, col, value, slip, note);
  snprintf(key, sizeof key, "%s/%s", table, slip);
  if (c->slip.n > 0 && strcmp(key, c->slip.key) != 0)
    return gr_error_set(&c->err, GR_EFAIL, "%s: cells of slip %s compared before its row (call gr_ctx_slip_row first)", key, c->slip.key);
  snprintf(c->slip.key, sizeof c->slip.key, "%s", key);
  return ctx_compare(c, table, row, col, value, 0.0, note, slip);
}

int gr_ctx_slip_row(struct gr_ctx *c, const char *table, const char *slip, const char *note)
{
  char key[192], test[128];
  double n;
  int rc;
  CTX_STICKY(c);
  CTX_LOG(c, "slip", "sss", table, slip, note);
  snprintf(key, sizeof key, "%s/%s", table, slip);
  if (c->slip.n > 0 && strcmp(key, c->slip.key) != 0)
    return gr_error_set(&c->err, GR_EFAIL, "%s: the cells compared are those of slip %s", key, c->slip.key);
  n = c->slip.n;
  snprintf(test, sizeof test, "each of %d misprint cells = the value its misprint line predicts", c->slip.n);
  rc = ctx_row(c, GR_KIND_MISPRINT, key, "-", &n, "-", test,
               c->slip.n > 0 && c->slip.bad == 0 ? GR_EXPECTED : GR_DIFFERS, note,
               c->slip.n > 0 && c->slip.cells.s ? c->slip.cells.s : "no misprint cell compared");
  if (c->slip.cells.failed)
    rc = gr_error_set(&c->err, GR_ENOMEM, "out of memory");
  c->slip.n = c->slip.bad = 0;
  c->slip.key[0] = '\0';
  c->slip.cells.len = 0;
  if (c->slip.cells.s)
    c->slip.cells.s[0] = '\0';
  return rc;
}

int gr_ctx_show(struct gr_ctx *c, const char *table, const char *row,
                const char *col, double value, const char *note)
{
  struct gr_refcell *cell;
  const struct gr_reftable *t;
  char q[256], delta[32];
  CTX_STICKY(c);
  CTX_LOG(c, "show", "sssds", table, row, col, value, note);
  if ((cell = ctx_cell_of(c, table, row, col)) == NULL)
    return c->err.code;
  cell->used = 1;
  t = ctx_table(c, table);
  ctx_quantity(q, sizeof q, table, row, col);
  snprintf(delta, sizeof delta, "%.3g", value - cell->value);
  return ctx_row(c, gr_ref_kind(t, (size_t)(cell - t->cells) / t->ncols, cell), q, cell->text,
                 &value, delta, "informative (not compared in this run)", GR_INFORMATIVE, note, NULL);
}

int gr_ctx_verdict(struct gr_ctx *c, enum gr_kind kind, const char *quantity, double value,
                   struct gr_test test, const char *note)
{
  char tol[128];
  CTX_STICKY(c);
  CTX_LOG(c, "verdict", "isdiddss", (int)kind, quantity, value, (int)test.op, test.a, test.b, test.name, note);
  gr_test_format(test, tol, sizeof tol);
  return ctx_row(c, kind, quantity, "-", &value, "-", tol,
                 gr_test_ok(test, value) ? GR_REPRODUCED : GR_DIFFERS, note, NULL);
}

int gr_ctx_inform(struct gr_ctx *c, enum gr_kind kind, const char *quantity, double value,
                  const char *note)
{
  CTX_STICKY(c);
  CTX_LOG(c, "inform", "isds", (int)kind, quantity, value, note);
  return ctx_row(c, kind, quantity, "-", &value, "-", "informative", GR_INFORMATIVE, note, NULL);
}

int gr_ctx_not_computed(struct gr_ctx *c, enum gr_kind kind, const char *quantity,
                        const char *why)
{
  char note[512];
  CTX_STICKY(c);
  CTX_LOG(c, "notcomp", "iss", (int)kind, quantity, why);
  snprintf(note, sizeof note, "not computed: %s", why);
  return ctx_row(c, kind, quantity, "-", NULL, "-", "-", GR_DIFFERS, note, NULL);
}

int gr_ctx_informative(struct gr_ctx *c, const char *quantity, double value,
                       const char *note)
{
  return gr_ctx_inform(c, GR_KIND_UNCLASSIFIED, quantity, value, note);
}

int gr_ctx_assert(struct gr_ctx *c, const char *quantity, double value,
                  double bound, int ok, const char *note)
{
  char tol[64];
  CTX_STICKY(c);
  CTX_LOG(c, "assert", "sddis", quantity, value, bound, ok, note);
  snprintf(tol, sizeof tol, "unstated (old call; bound %.3g)", bound);
  return ctx_row(c, GR_KIND_UNCLASSIFIED, quantity, "-", &value, "-", tol,
                 ok ? GR_REPRODUCED : GR_DIFFERS, note, NULL);
}

int gr_ctx_note(struct gr_ctx *c, const char *fmt, ...)
{
  va_list ap;
  int n;
  char *s;
  CTX_STICKY(c);
  va_start(ap, fmt);
  n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || (s = malloc((size_t)n + 1)) == NULL)
    return gr_error_set(&c->err, GR_ENOMEM, "out of memory");
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  CTX_LOG(c, "note", "s", s);
  gr_buf_printf(&c->notes, "%s\n\n", s);
  free(s);
  return c->notes.failed ? gr_error_set(&c->err, GR_ENOMEM, "out of memory") : GR_OK;
}

int gr_ctx_value(struct gr_ctx *c, const char *name, double value)
{
  CTX_STICKY(c);
  CTX_LOG(c, "value", "sd", name, value);
  if (gr_notes_value(c->named, name, value) != GR_OK)
    return gr_error_set(&c->err, GR_ENOMEM, "out of memory");
  return GR_OK;
}

int gr_ctx_text(struct gr_ctx *c, const char *name, const char *text)
{
  CTX_STICKY(c);
  CTX_LOG(c, "text", "ss", name, text);
  if (gr_notes_text(c->named, name, text) != GR_OK)
    return gr_error_set(&c->err, GR_ENOMEM, "out of memory");
  return GR_OK;
}

gsl_rng *gr_ctx_rng(struct gr_ctx *c, const char *name)
{
  size_t i;
  if (c->err.code != GR_OK)
    return NULL;
  for (i = 0; i < c->nrngs; i++)
    if (strcmp(c->rngs[i].name, name) == 0)
      return c->rngs[i].r;
  if (c->nrngs == CTX_MAX_RNGS) {
    gr_error_set(&c->err, GR_EFAIL, "too many random streams in one experiment (at most %d)", CTX_MAX_RNGS);
    return NULL;
  }
  c->rngs[i].name = strdup(name);
  c->rngs[i].r = gr_rng_stream(c->opt.seed, name);
  if (c->rngs[i].name == NULL || c->rngs[i].r == NULL) {
    free(c->rngs[i].name);
    gsl_rng_free(c->rngs[i].r);
    gr_error_set(&c->err, GR_ENOMEM, "out of memory");
    return NULL;
  }
  c->nrngs++;
  return c->rngs[i].r;
}

struct gr_data *gr_ctx_data(struct gr_ctx *c, const char *name,
                            const char *columns)
{
  struct gr_data *d;
  if (c->err.code != GR_OK)
    return NULL;
  if (c->ndata == CTX_MAX_DATA) {
    gr_error_set(&c->err, GR_EFAIL, "too many data sets in one experiment");
    return NULL;
  }
  CTX_LOG(c, "data", "ss", name, columns);
  d = &c->data[c->ndata];
  memset(d, 0, sizeof *d);
  d->ctx = c;
  d->name = strdup(name);
  d->columns = strdup(columns);
  if (d->name == NULL || d->columns == NULL) {
    free(d->name);
    free(d->columns);
    gr_error_set(&c->err, GR_ENOMEM, "out of memory");
    return NULL;
  }
  c->ndata++;
  return d;
}

int gr_data_printf(struct gr_data *d, const char *fmt, ...)
{
  va_list ap;
  int n;
  char small[512], *s = small;
  if (d == NULL)
    return GR_EFAIL; /* gr_ctx_data failed: the run has its error already */
  CTX_STICKY(d->ctx);
  va_start(ap, fmt);
  n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0)
    return GR_EFAIL;
  if ((size_t)n >= sizeof small) {
    if ((s = malloc((size_t)n + 1)) == NULL)
      return gr_error_set(&d->ctx->err, GR_ENOMEM, "out of memory");
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
  }
  gr_buf_append(&d->rows, s, (size_t)n);
  CTX_LOG(d->ctx, "row", "ss", d->name, s);
  if (s != small)
    free(s);
  return d->rows.failed ? gr_error_set(&d->ctx->err, GR_ENOMEM, "out of memory") : GR_OK;
}

int gr_ctx_figure(struct gr_ctx *c, const struct gr_figure *f)
{
  struct ctx_fig *g;
  const char *src[7];
  int j;
  CTX_STICKY(c);
  if (c->nfigs == CTX_MAX_FIGS)
    return gr_error_set(&c->err, GR_EFAIL, "too many figures in one experiment");
  CTX_LOG(c, "figure", "sssssss", f->name, f->data, f->title, f->xlabel, f->ylabel, f->setup, f->plot);
  g = &c->figs[c->nfigs++];
  src[0] = f->name; src[1] = f->data; src[2] = f->title; src[3] = f->xlabel;
  src[4] = f->ylabel; src[5] = f->setup; src[6] = f->plot;
  for (j = 0; j < 7; j++) {
    g->s[j] = ctx_dup(src[j]);
    if (src[j] && !g->s[j])
      return gr_error_set(&c->err, GR_ENOMEM, "out of memory");
  }
  return GR_OK;
}

void gr_ctx_phase_begin(struct gr_ctx *c, const char *name)
{
  if (c->in_phase)
    gr_ctx_phase_end(c);
  if (c->nphases == CTX_MAX_PHASES)
    return;
  snprintf(c->phases[c->nphases].name, sizeof c->phases[0].name, "%s", name);
  c->in_phase = 1;
  gr_timer_start(&c->phase);
}

void gr_ctx_phase_end(struct gr_ctx *c)
{
  if (!c->in_phase)
    return;
  gr_timer_stop(&c->phase);
  c->phases[c->nphases].wall = c->phase.wall;
  c->phases[c->nphases].cpu = c->phase.cpu;
  c->nphases++;
  c->in_phase = 0;
}

void gr_ctx_phase_add(struct gr_ctx *c, const char *name, double wall, double cpu)
{
  if (c->in_phase)
    gr_ctx_phase_end(c);
  if (c->nphases == CTX_MAX_PHASES)
    return;
  snprintf(c->phases[c->nphases].name, sizeof c->phases[0].name, "%s", name);
  c->phases[c->nphases].wall = wall;
  c->phases[c->nphases].cpu = cpu;
  c->nphases++;
}

void gr_ctx_progress(struct gr_ctx *c, const char *what, double fraction)
{
  int pct = (int)(100.0 * fraction);
  if (!c->opt.progress || !isatty(STDERR_FILENO))
    return;
  if (pct == c->last_percent && strcmp(what, c->last_what) == 0)
    return;
  c->last_percent = pct;
  snprintf(c->last_what, sizeof c->last_what, "%s", what);
  fprintf(stderr, "\r%s: %-40s %3d%%%s", c->exp->key, what, pct, pct >= 100 ? "\n" : "");
  fflush(stderr);
}

/* The tasks in order; conditions: each is a task of conditions. */
static int ctx_run_tasks(struct gr_ctx *c, const struct gr_task *tasks, size_t n, int conditions)
{
  size_t i;
  int rc = c->err.code;
  for (i = 0; i < n && rc == GR_OK; i++) {
    enum gr_shard_act act = c->shard ? gr_shard_task_begin(c->shard, tasks[i].name, conditions) : GR_SHARD_RUN;
    c->units += !conditions;
    c->cond_task = conditions;
    gr_ctx_progress(c, tasks[i].name, (double)i / (double)n);
    if (act != GR_SHARD_SKIP)
      gr_ctx_phase_begin(c, tasks[i].name);
    rc = act == GR_SHARD_RUN ? tasks[i].fn(c) : act == GR_SHARD_REPLAY ? gr_shard_replay(c->shard, &c->err) : GR_OK;
    gr_ctx_phase_end(c);
    if (c->shard)
      gr_shard_task_end(c->shard);
    if (rc != GR_OK) /* a bare status from the task: name it */
      gr_error_set(&c->err, rc, "%s: task '%s' failed with status %d", c->exp->key, tasks[i].name, rc);
    rc = c->err.code;
  }
  c->cond_task = 0;
  gr_ctx_progress(c, "done", 1.0);
  /* for the notes: how many shards the run splits into (issue 25) */
  if (rc == GR_OK && gr_notes_value(c->named, "shards", (double)c->units) != GR_OK)
    rc = gr_error_set(&c->err, GR_ENOMEM, "out of memory");
  return rc;
}

int gr_ctx_run_tasks(struct gr_ctx *c, const struct gr_task *tasks, size_t n)
{
  return ctx_run_tasks(c, tasks, n, 0);
}

int gr_ctx_run_condition_tasks(struct gr_ctx *c, const struct gr_task *tasks, size_t n)
{
  return ctx_run_tasks(c, tasks, n, 1);
}

/* Every condition, here (a plain task's); frees mine. */
static int ctx_conditions_all(const struct gr_conds *k, unsigned char *mine)
{
  int rc = k->n > 0 ? k->run(k->arg, mine) : GR_OK;
  free(mine);
  return rc;
}

int gr_ctx_conditions(struct gr_ctx *c, const struct gr_conds *k, int *partial)
{
  unsigned char *mine;
  struct gr_span sp[GR_COND_SPANS];
  char name[128];
  size_t i, first = 0, nsp;
  int rc = GR_OK, record = 0, any = 0;
  *partial = 0;
  CTX_STICKY(c);
  if ((mine = malloc(k->n + 1)) == NULL)
    return gr_error_set(&c->err, GR_ENOMEM, "out of memory");
  memset(mine, 1, k->n + 1);
  if (!c->cond_task) /* in a plain task the conditions are part of that unit */
    return ctx_conditions_all(k, mine);
  if (c->shard)
    first = gr_shard_conds(c->shard, k->n, mine, &record);
  c->units += k->n;
  for (i = 0; i < k->n; i++)
    any |= mine[i];
  if (any)
    rc = k->run(k->arg, mine);
  for (i = 0; i < k->n && rc == GR_OK && c->shard; i++) {
    if (record && !mine[i])
      continue; /* another shard's */
    k->name(k->arg, i, name, sizeof name);
    nsp = k->spans(k->arg, i, sp);
    if (record)
      gr_shard_cond_put(c->shard, first + i, name, sp, nsp);
    else if (gr_shard_cond_get(c->shard, first + i, name, sp, nsp, &c->err) != GR_OK)
      rc = c->err.code;
  }
  free(mine);
  *partial = record;
  return rc;
}

void gr_ctx_set_shard(struct gr_ctx *c, struct gr_shard *s)
{
  c->shard = s;
}

struct gr_data *gr_ctx_data_find(struct gr_ctx *c, const char *name)
{
  size_t i;
  for (i = c->ndata; i-- > 0;)
    if (strcmp(c->data[i].name, name) == 0)
      return &c->data[i];
  gr_error_set(&c->err, GR_EINPUT, "no data set '%s' (a shard journal names one its run never made)", name);
  return NULL;
}

void gr_ctx_counts(const struct gr_ctx *c, int counts[4])
{
  memcpy(counts, c->counts, sizeof c->counts);
}

void gr_ctx_kind_counts(const struct gr_ctx *c, int counts[GR_NKINDS][4])
{
  memcpy(counts, c->kcounts, sizeof c->kcounts);
}

/* Account for cell (r, k) of table i: nothing when compared or read as
 * an input, the experiment's error for a misprint it only read as an
 * input (its misprint row would be missing), else a row "not computed". */
static void ctx_account_cell(struct gr_ctx *c, size_t i, size_t r, size_t k)
{
  const struct gr_reftable *t = c->tables[i].t;
  const struct gr_refcell *cell = &t->cells[r * t->ncols + k];
  char q[256];
  if (!cell->is_number || cell->used)
    return;
  if (cell->input) {
    gr_error_set(&c->err, GR_EFAIL, "%s: the misprint at row '%s', column '%s' is read as an input but never compared (compare it too, gr_ctx_compare, so that its misprint row shows)", t->path, t->rowkeys[r], t->cols[k]);
    return;
  }
  ctx_quantity(q, sizeof q, c->tables[i].name, t->rowkeys[r], t->cols[k]);
  ctx_row(c, gr_ref_kind(t, r, cell), q, cell->text, NULL, "-", "-", GR_DIFFERS,
          "not computed: the experiment never compared this published number", NULL);
}

int gr_ctx_account(struct gr_ctx *c)
{
  size_t i, r, k;
  CTX_STICKY(c);
  for (i = 0; i < c->ntables; i++)
    for (r = 0; r < c->tables[i].t->nrows; r++)
      for (k = 1; k < c->tables[i].t->ncols; k++)
        ctx_account_cell(c, i, r, k);
  return c->err.code;
}

/* Write one data set as <dir>/<name>.dat. */
static int ctx_write_data(struct gr_ctx *c, const char *dir, struct gr_data *d)
{
  char path[4096];
  struct gr_buf b = GR_BUF_INIT;
  int rc;
  gr_buf_printf(&b, "# %s\n", d->columns);
  gr_buf_append(&b, gr_buf_str(&d->rows), d->rows.len);
  if ((rc = gr_fsio_join(path, sizeof path - 8, dir, d->name, &c->err)) != GR_OK)
    goto fail;
  strcat(path, ".dat");
  rc = gr_fsio_write_buf(path, &b, &c->err);
fail:
  gr_buf_free(&b);
  return rc;
}

/* qsort order of rows by their quantity (the text up to the first tab). */
static int ctx_cmp_quantity(const void *a, const void *b)
{
  const char *x = *(const char *const *)a, *y = *(const char *const *)b;
  size_t nx = strcspn(x, "\t"), ny = strcspn(y, "\t");
  int d = strncmp(x, y, nx < ny ? nx : ny);
  return d != 0 ? d : (nx > ny) - (nx < ny);
}

/* One row per quantity: a quantity named twice is the experiment's bug
 * (GR_EFAIL naming it), caught here rather than by the expected-verdict
 * reader later. */
static int ctx_unique_rows(struct gr_ctx *c)
{
  const char *s = gr_buf_str(&c->summary), **rows;
  size_t n = 0, i;
  int rc = GR_OK;
  for (i = 0; i < c->summary.len; i++)
    n += s[i] == '\n';
  if (n < 2)
    return GR_OK;
  rows = malloc(n * sizeof *rows);
  if (rows == NULL)
    return gr_error_set(&c->err, GR_ENOMEM, "out of memory");
  rows[0] = s;
  for (i = 0, n = 1; i + 1 < c->summary.len; i++)
    if (s[i] == '\n')
      rows[n++] = s + i + 1;
  qsort(rows, n, sizeof *rows, ctx_cmp_quantity);
  for (i = 1; i < n && rc == GR_OK; i++)
    if (ctx_cmp_quantity(&rows[i - 1], &rows[i]) == 0)
      rc = gr_error_set(&c->err, GR_EFAIL, "%s: two verdict rows are named '%.*s' (one row per quantity: give the second its own name)",
                        c->exp->key, (int)strcspn(rows[i], "\t"), rows[i]);
  free(rows);
  return rc;
}

/* summary.tsv: provenance lines, then the verdict table. */
static int ctx_write_summary(struct gr_ctx *c, const char *dir)
{
  char path[4096];
  struct gr_buf b = GR_BUF_INIT;
  int rc;
  gr_buf_printf(&b, "# experiment: %s\n# title: %s\n# citation: %s\n# mode: %s\n# seed: %lu\n",
                c->exp->key, c->exp->title, c->exp->citation,
                c->opt.quick ? "quick" : "full", c->opt.seed);
  gr_buf_printf(&b, "quantity\tpublished\treproduced\tdelta\ttest\tverdict\tkind\tnote\n");
  gr_buf_append(&b, gr_buf_str(&c->summary), c->summary.len);
  if ((rc = ctx_unique_rows(c)) != GR_OK)
    goto done;
  if ((rc = gr_fsio_join(path, sizeof path, dir, "summary.tsv", &c->err)) != GR_OK)
    goto done;
  rc = gr_fsio_write_buf(path, &b, &c->err);
done:
  gr_buf_free(&b);
  return rc;
}

/* notes.md: the template <refdir>/<exp refdir>/<key>.notes.md.in filled
 * with the run's values (when the experiment has one), then the
 * gr_ctx_note paragraphs. */
static int ctx_write_notes(struct gr_ctx *c, const char *dir)
{
  char path[4096];
  struct gr_buf b = GR_BUF_INIT;
  int rc;
  snprintf(path, sizeof path, "%s/%s/%s.notes.md.in", c->opt.refdir, c->exp->refdir, c->exp->key);
  if (gr_fsio_exists(path) && (rc = gr_notes_render_file(c->named, path, &b, &c->err)) != GR_OK)
    goto done;
  gr_buf_append(&b, gr_buf_str(&c->notes), c->notes.len);
  if ((rc = gr_fsio_join(path, sizeof path, dir, "notes.md", &c->err)) != GR_OK)
    goto done;
  rc = gr_fsio_write_buf(path, &b, &c->err);
done:
  gr_buf_free(&b);
  return rc;
}

/* Write every file of the report into dir. */
static int ctx_write_files(struct gr_ctx *c, const char *dir)
{
  size_t i;
  struct gr_figure f;
  for (i = 0; i < c->ndata; i++)
    if (ctx_write_data(c, dir, &c->data[i]) != GR_OK)
      return c->err.code;
  for (i = 0; i < c->nfigs; i++) {
    char **s = c->figs[i].s;
    f.name = s[0];
    f.data = s[1];
    f.title = s[2];
    f.xlabel = s[3];
    f.ylabel = s[4];
    f.setup = s[5];
    f.plot = s[6];
    if (gr_report_write_figure(dir, &f, &c->err) != GR_OK)
      return c->err.code;
  }
  if (ctx_write_notes(c, dir) != GR_OK)
    return c->err.code;
  return ctx_write_summary(c, dir);
}

/* Progress of the rendering, on the context's progress line. */
static void ctx_render_progress(void *c, double fraction)
{
  gr_ctx_progress(c, "rendering figures", fraction);
}

int gr_ctx_write(struct gr_ctx *c, int *nrendered)
{
  char dir[4096], tmp[4096], old[4096];
  int rc;
  pid_t pid = getpid();
  *nrendered = 0;
  CTX_STICKY(c);
  if (gr_fsio_join(dir, sizeof dir, c->opt.out, c->exp->key, &c->err) != GR_OK)
    return c->err.code;
  snprintf(tmp, sizeof tmp, "%s/.%s.new-%ld", c->opt.out, c->exp->key, (long)pid);
  snprintf(old, sizeof old, "%s/.%s.old-%ld", c->opt.out, c->exp->key, (long)pid);
  if (gr_fsio_mkdirs(tmp, &c->err) != GR_OK)
    return c->err.code;
  if ((rc = ctx_write_files(c, tmp)) != GR_OK)
    goto fail;
  rc = c->opt.finish != NULL ? c->opt.finish(tmp, ctx_render_progress, c, nrendered, &c->err)
                             : gr_report_render(tmp, ctx_render_progress, c, nrendered, &c->err);
  if (rc != GR_OK)
    goto fail;
  if ((rc = gr_outdir_replace(tmp, dir, old, &c->err)) != GR_OK)
    goto fail;
  return GR_OK;
fail:
  gr_fsio_remove_flat(tmp);
  return rc;
}

size_t gr_ctx_nphases(const struct gr_ctx *c)
{
  return c->nphases;
}

void gr_ctx_phase_time(const struct gr_ctx *c, size_t i, char *name, size_t n,
                       double *wall, double *cpu)
{
  snprintf(name, n, "%s/%s", c->exp->key, c->phases[i].name);
  *wall = c->phases[i].wall;
  *cpu = c->phases[i].cpu;
}
