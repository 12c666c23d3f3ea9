/* granrepro harness: the papers' machines as ratios (see papers.h).
 * reference/machines/papers.tsv links a kernel (row key) to a published
 * time: its note column is "TABLE ROW COLUMN" (a reference table under
 * <refdir>, one of its rows and its column in hours), its particles
 * column the N of that run.  Sweetman (2003), section 4.3, Table 4.2: CPU
 * hours of a 1.5 s free fall of N particles on an SGI machine. */
#include "harness/papers.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/ktime.h"
#include "harness/record.h"
#include "harness/ref.h"

/* The published hours named by link "TABLE ROW COLUMN" (row r of links). */
static int papers_hours(const char *refdir, const char *link, const char *path,
                        size_t r, double *hours, struct gr_error *err)
{
  char table[256], row[64], col[64], file[4096];
  struct gr_reftable *t = NULL;
  struct gr_refcell *cell;
  int rc;
  if (link == NULL || sscanf(link, "%255s %63s %63s", table, row, col) != 3 || strstr(table, "..") != NULL)
    return gr_error_set(err, GR_EINPUT, "%s: row %zu: note must be 'TABLE ROW COLUMN' (a reference table, its row and column)", path, r + 1);
  snprintf(file, sizeof file, "%s/%s", refdir, table);
  if ((rc = gr_ref_load(file, &t, err)) != GR_OK)
    return rc;
  cell = gr_ref_cell(t, row, col);
  if (cell == NULL || !cell->is_number || !(cell->value > 0))
    rc = gr_error_set(err, GR_EINPUT, "%s: row %zu: %s has no positive number at row '%s', column '%s'", path, r + 1, file, row, col);
  else
    *hours = cell->value;
  gr_ref_free(t);
  return rc;
}

/* One kernel's line against the paper's machine. */
static void papers_line(struct gr_buf *t, const struct gr_ktime *k, const char *link,
                        double hours, double particles)
{
  double per_particle = hours * 3600.0 / particles; /* CPU s per particle per run */
  double here = k->med_cpu / k->work;               /* CPU s per particle-step */
  gr_buf_printf(t, "  %s against %s (N = %.0f, %.2f h): %.3g CPU s per particle per run there, %.3g s per particle-step here:\n"
                "    this machine is %.3g / S times the paper's, S = the paper's steps per run\n",
                k->name, link, particles, hours, per_particle, here, per_particle / here);
}

int gr_papers_ratios(const char *refdir, const struct gr_record *r,
                     struct gr_buf *text, struct gr_error *err)
{
  char path[4096];
  struct gr_reftable *t = NULL;
  size_t i, shown = 0;
  int rc;
  snprintf(path, sizeof path, "%s/machines/papers.tsv", refdir);
  if ((rc = gr_ref_load(path, &t, err)) != GR_OK)
    return rc;
  for (i = 0; i < t->nrows && rc == GR_OK; i++) {
    struct gr_refcell *n = gr_ref_cell(t, t->rowkeys[i], "particles");
    struct gr_ktime k;
    double hours = 0;
    if (n == NULL || !n->is_number || !(n->value > 0)) {
      rc = gr_error_set(err, GR_EINPUT, "%s: row %zu: particles must be a positive number", path, i + 1);
      break;
    }
    if ((rc = papers_hours(refdir, t->rownotes[i], path, i, &hours, err)) != GR_OK)
      break;
    if (gr_ktime_get(r, t->rowkeys[i], &k) != GR_OK)
      rc = gr_error_set(err, GR_ENOMEM, "out of memory");
    else if (k.n > 0 && isfinite(k.work) && k.work > 0) {
      if (shown++ == 0)
        gr_buf_printf(text, "\nthe papers' machines (%s):\n", t->source);
      papers_line(text, &k, t->rownotes[i], hours, n->value);
    }
    gr_ktime_free(&k);
  }
  for (i = 0; rc == GR_OK && shown > 0 && i < t->nnotes; i++)
    gr_buf_printf(text, "  note: %s\n", t->notes[i]);
  if (rc == GR_OK && shown == 0)
    gr_buf_printf(text, "\nthe papers' machines: none of these kernels has a published time (%s lists them)\n", path);
  gr_ref_free(t);
  return rc;
}
