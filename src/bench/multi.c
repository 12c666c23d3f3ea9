/* granrepro bench: a kernel x record table of many bench records (see
 * multi.h).  Rates are work per CPU second at the shortest CPU time per
 * run, the effect size of `compare` (J. Chen, J. Revels, Robust
 * benchmarking in noisy environments, arXiv 1608.04295, 2016). */
#include "bench/multi.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "bench/ktime.h"
#include "bench/multi_fig.h"
#include "bench/recset.h"

/* s, or "-" when empty. */
static const char *multi_str(const char *s)
{
  return s != NULL && s[0] != '\0' ? s : "-";
}

/* Do records a and b belong to one group (same code, build, threads)? */
static int multi_same_group(const struct gr_bench_record *a, const struct gr_bench_record *b)
{
  return strcmp(a->machine.revision, b->machine.revision) == 0 && a->threads == b->threads &&
         strcmp(a->machine.compiler, b->machine.compiler) == 0 &&
         strcmp(a->machine.cflags, b->machine.cflags) == 0;
}

/* Group of every record (0, 1, ... in order of first appearance); the
 * number of groups. */
static size_t multi_groups(const struct gr_bench_recset *s, int *group)
{
  size_t i, j, ng = 0;
  for (i = 0; i < s->n; i++) {
    for (j = 0; j < i && !multi_same_group(&s->recs[j], &s->recs[i]); j++)
      ;
    group[i] = j < i ? group[j] : (int)ng++;
  }
  return ng;
}

/* One line per record, then one per group, then what differs. */
static void multi_describe(struct gr_buf *t, const struct gr_bench_recset *s,
                           const int *group, size_t ng)
{
  size_t i, g;
  gr_buf_printf(t, "records:\n");
  for (i = 0; i < s->n; i++) {
    const struct gr_bench_record *r = &s->recs[i];
    double l1 = atof(r->load_start);
    gr_buf_printf(t, "  #%zu [%c] %s: host %s, cpu %s, cores %d, governor %s, date %s, mode %s, load %s -> %s%s\n",
                  i + 1, 'a' + group[i] % 26, s->paths[i], multi_str(r->machine.host),
                  multi_str(r->machine.cpu), r->machine.cores, multi_str(r->machine.governor),
                  multi_str(r->date), multi_str(r->mode), multi_str(r->load_start),
                  multi_str(r->load_end),
                  r->machine.cores > 0 && l1 > r->machine.cores ? " (busy: load above the cores)" : "");
  }
  gr_buf_printf(t, "groups (a group's records share revision, threads, compiler and flags):\n");
  for (g = 0; g < ng; g++)
    for (i = 0; i < s->n; i++)
      if (group[i] == (int)g) {
        const struct gr_bench_record *r = &s->recs[i];
        gr_buf_printf(t, "  [%c] revision %s, threads %d, compiler %s, flags %s, gsl %s\n", 'a' + (int)g % 26,
                      multi_str(r->machine.revision), r->threads, multi_str(r->machine.compiler),
                      multi_str(r->machine.cflags), multi_str(r->machine.gsl));
        break;
      }
  if (ng > 1)
    gr_buf_printf(t, "warning: %zu groups: a ratio between records of different groups measures the code, "
                  "compiler or thread count as well as the machine\n", ng);
}

/* Records of mode in group order (stable), into col; their number. */
static size_t multi_columns(const struct gr_bench_recset *s, const int *group,
                            size_t ng, const char *mode, size_t *col)
{
  size_t i, g, n = 0;
  for (g = 0; g < ng; g++)
    for (i = 0; i < s->n; i++)
      if (group[i] == (int)g && strcmp(s->recs[i].mode, mode) == 0)
        col[n++] = i;
  return n;
}

/* Gather every kernel of the table's records; GR_EINPUT when a record
 * shares no kernel with the first. */
static int multi_gather(const struct gr_bench_recset *s, struct gr_bench_multi_table *m,
                        size_t cap, struct gr_error *err)
{
  size_t c, k, shared;
  for (c = 0; c < m->ncol; c++)
    gr_bench_ktime_names(&s->recs[m->col[c]], m->names, &m->nnames, cap);
  if ((m->kt = calloc(m->nnames * m->ncol + 1, sizeof *m->kt)) == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory comparing records");
  for (k = 0; k < m->nnames; k++)
    for (c = 0; c < m->ncol; c++)
      if (gr_bench_ktime_get(&s->recs[m->col[c]], m->names[k], &m->kt[k * m->ncol + c]) != GR_OK)
        return gr_error_set(err, GR_ENOMEM, "out of memory comparing records");
  for (c = 1; c < m->ncol; c++) {
    for (k = 0, shared = 0; k < m->nnames; k++)
      shared += m->kt[k * m->ncol].n > 0 && m->kt[k * m->ncol + c].n > 0;
    if (shared == 0)
      return gr_error_set(err, GR_EINPUT, "'%s' shares no kernel with '%s' (bench the same experiments; 'granrepro list' shows their kernels)", s->paths[m->col[c]], s->paths[m->col[0]]);
  }
  return GR_OK;
}

/* Ratio of a cell's rate to the first column's; NaN when not comparable. */
static double multi_ratio(const struct gr_bench_ktime *first, const struct gr_bench_ktime *x)
{
  if (first->n == 0 || x->n == 0 || gr_bench_ktime_work_differs(first, x))
    return NAN;
  return gr_bench_ktime_rate(x) / gr_bench_ktime_rate(first);
}

/* A cell "3.51e+06 x1.00" (rate and ratio), "-" for a missing kernel. */
static void multi_cell(char *cell, size_t n, const struct gr_bench_ktime *first,
                       const struct gr_bench_ktime *x)
{
  double q = multi_ratio(first, x);
  if (x->n == 0)
    snprintf(cell, n, "-");
  else if (isfinite(q))
    snprintf(cell, n, "%.3g x%.2f", gr_bench_ktime_rate(x), q);
  else
    snprintf(cell, n, "%.3g %s", gr_bench_ktime_rate(x), first->n ? "other-work" : "");
}

/* End a line: drop trailing blanks, append a newline. */
static void multi_endline(struct gr_buf *t)
{
  while (t->s != NULL && t->len > 0 && t->s[t->len - 1] == ' ')
    t->s[--t->len] = '\0';
  gr_buf_printf(t, "\n");
}

/* Print the table of one mode. */
static void multi_print(struct gr_buf *t, const struct gr_bench_recset *s,
                        const int *group, const struct gr_bench_multi_table *m)
{
  char cell[96], label[64];
  size_t c, k;
  int wn = 6, wu = 4, wc = 20;
  for (k = 0; k < m->nnames; k++) {
    const struct gr_bench_ktime *f = NULL;
    wn = (int)strlen(m->names[k]) > wn ? (int)strlen(m->names[k]) : wn;
    for (c = 0; c < m->ncol && (f == NULL || f->n == 0); c++)
      f = &m->kt[k * m->ncol + c];
    wu = (int)strlen(f->unit) + 2 > wu ? (int)strlen(f->unit) + 2 : wu;
  }
  gr_buf_printf(t, "\n%s mode: rate = work per CPU second at the shortest CPU time per run; xR = rate over #%zu's (x2.00: twice as fast)\n",
                m->mode, m->col[0] + 1);
  gr_buf_printf(t, "%-*s %-*s", wn, "kernel", wu, "unit");
  for (c = 0; c < m->ncol; c++) {
    snprintf(label, sizeof label, "#%zu [%c] %.24s", m->col[c] + 1, 'a' + group[m->col[c]] % 26, multi_str(s->recs[m->col[c]].machine.host));
    gr_buf_printf(t, "  %-*s", wc, label);
  }
  multi_endline(t);
  for (k = 0; k < m->nnames; k++) {
    const struct gr_bench_ktime *first = &m->kt[k * m->ncol], *f = first;
    for (c = 0; c < m->ncol && f->n == 0; c++)
      f = &m->kt[k * m->ncol + c];
    snprintf(label, sizeof label, "%s/s", f->unit);
    gr_buf_printf(t, "%-*s %-*s", wn, m->names[k], wu, label);
    for (c = 0; c < m->ncol; c++) {
      multi_cell(cell, sizeof cell, first, &m->kt[k * m->ncol + c]);
      gr_buf_printf(t, "  %-*s", wc, cell);
    }
    multi_endline(t);
  }
}

/* Release a table's summaries. */
static void multi_free(struct gr_bench_multi_table *m)
{
  size_t i;
  if (m->kt != NULL)
    for (i = 0; i < m->nnames * m->ncol; i++)
      gr_bench_ktime_free(&m->kt[i]);
  free(m->kt);
  m->kt = NULL;
  m->nnames = 0;
}

/* The table of mode m->mode, m->col and m->ncol chosen (and its figure
 * under outdir, when given). */
static int multi_mode(const struct gr_bench_recset *s, const int *group, struct gr_bench_multi_table *m,
                      size_t cap, const char *outdir, struct gr_buf *t, struct gr_error *err)
{
  int rc;
  if ((rc = multi_gather(s, m, cap, err)) != GR_OK)
    return rc;
  multi_print(t, s, group, m);
  if (m->ncol == 1)
    gr_buf_printf(t, "(only one %s record: nothing to compare it with)\n", multi_str(m->mode));
  return outdir != NULL ? gr_bench_multi_figure(outdir, s, group, m, t, err) : GR_OK;
}

/* The tables of every mode, in order of first appearance. */
static int multi_tables(const struct gr_bench_recset *s, const int *group, size_t ng,
                        const char *outdir, struct gr_buf *t, struct gr_error *err)
{
  size_t i, j, cap = 0;
  int rc = GR_OK;
  struct gr_bench_multi_table m;
  memset(&m, 0, sizeof m);
  for (i = 0; i < s->n; i++)
    cap += s->recs[i].nrows;
  m.col = malloc(s->n * sizeof *m.col);
  m.names = malloc((cap + 1) * sizeof *m.names);
  if (m.col == NULL || m.names == NULL) {
    rc = gr_error_set(err, GR_ENOMEM, "out of memory comparing records");
    goto fail;
  }
  for (i = 0; i < s->n && rc == GR_OK; i++) {
    for (j = 0; j < i && strcmp(s->recs[j].mode, s->recs[i].mode) != 0; j++)
      ;
    if (j < i)
      continue; /* mode done */
    m.mode = s->recs[i].mode;
    m.ncol = multi_columns(s, group, ng, m.mode, m.col);
    rc = multi_mode(s, group, &m, cap, outdir, t, err);
    multi_free(&m);
  }
fail:
  free(m.col);
  free(m.names);
  return rc;
}

int gr_bench_multi_compare(const struct gr_bench_recset *s, const char *outdir,
                           struct gr_buf *text, struct gr_error *err)
{
  int *group = calloc(s->n + 1, sizeof *group);
  struct gr_buf scratch = GR_BUF_INIT;
  size_t ng;
  int rc;
  if (group == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory comparing records");
  ng = multi_groups(s, group);
  multi_describe(text, s, group, ng);
  /* every table checked before a figure is written: nothing half-written */
  rc = multi_tables(s, group, ng, NULL, &scratch, err);
  gr_buf_free(&scratch);
  if (rc != GR_OK)
    goto fail;
  rc = multi_tables(s, group, ng, outdir, text, err);
fail:
  free(group);
  if (rc == GR_OK && text->failed)
    rc = gr_error_set(err, GR_ENOMEM, "out of memory writing the comparison");
  return rc;
}
