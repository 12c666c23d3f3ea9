/* granrepro bench: the papers' machines as ratios (see papers.h).
 * reference/machines/papers.tsv links a kernel (row key) to a published
 * time: its note column is "TABLE ROW COLUMN" (a reference table under
 * <refdir>, one of its rows and its column in hours), its particles
 * column the N of that run.  Sweetman (2003), section 4.3, Table 4.2: CPU
 * hours of a 1.5 s free fall of N particles on an SGI machine.  A note
 * "MODEL TABLE" links a cost model in clock periods instead: Buchholtz &
 * Poeschel (1993), section 3, t = 125 (NP + D) + 1656 (LMAX + D) per step,
 * of which our lattice kernels time the index and force parts,
 * index (NP + D) + forces (LMAX + D) with LMAX = NP / rho (rho column). */
#include "bench/papers.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "bench/ktime.h"
#include "bench/record.h"
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

/* Clock periods per particle-step of the index and force parts of the
 * cost model in table (cost.tsv: index, forces, pipeline_depth) at np
 * particles and lattice filling rho: (index (NP + D) + forces (NP / rho +
 * D)) / NP. */
static int papers_model(const char *refdir, const char *table, double np, double rho,
                        double *cp, struct gr_error *err)
{
  static const char *const keys[] = {"index", "forces", "pipeline_depth"};
  char file[4096];
  struct gr_reftable *t = NULL;
  double v[3];
  int i, rc;
  snprintf(file, sizeof file, "%s/%s", refdir, table);
  if ((rc = gr_ref_load(file, &t, err)) != GR_OK)
    return rc;
  for (i = 0; i < 3 && rc == GR_OK; i++) {
    struct gr_refcell *c = gr_ref_cell(t, keys[i], "value");
    if (c == NULL || !c->is_number)
      rc = gr_error_set(err, GR_EINPUT, "%s: no number at row '%s', column 'value' (the cost model's counts)", file, keys[i]);
    else
      v[i] = c->value;
  }
  gr_ref_free(t);
  if (rc != GR_OK)
    return rc;
  *cp = (v[0] * (np + v[2]) + v[1] * (np / rho + v[2])) / np;
  return GR_OK;
}

/* One kernel's line against a cost model in clock periods. */
static void papers_model_line(struct gr_buf *t, const struct gr_bench_ktime *k, const char *link,
                              double np, double rho, double cp)
{
  double here = k->min_cpu / k->work; /* shortest CPU s per particle-step */
  gr_buf_printf(t, "  %s against the cost model of %s (NP = %.0f, rho = %g): %.4g clock periods per particle-step there, %.3g s here:\n"
                "    this machine is tau / %.3g ns times the paper's, tau = the paper's clock period (not printed)\n",
                k->name, link, np, rho, cp, here, 1e9 * here / cp);
}

/* One kernel's line against the paper's machine. */
static void papers_line(struct gr_buf *t, const struct gr_bench_ktime *k, const char *link,
                        double hours, double particles)
{
  double per_particle = hours * 3600.0 / particles; /* CPU s per particle per run */
  double here = k->min_cpu / k->work;               /* shortest CPU s per particle-step */
  gr_buf_printf(t, "  %s against %s (N = %.0f, %.2f h): %.3g CPU s per particle per run there, %.3g s per particle-step here:\n"
                "    this machine is %.3g / S times the paper's, S = the paper's steps per run\n",
                k->name, link, particles, hours, per_particle, here, per_particle / here);
}

/* Row i of the links for kernel k (skipped when r did not bench it). */
static int papers_row(struct gr_buf *text, const char *refdir, const char *path,
                      const struct gr_reftable *t, size_t i, const struct gr_bench_ktime *k,
                      double np, size_t *shown, struct gr_error *err)
{
  const char *link = t->rownotes[i];
  struct gr_refcell *rho = gr_ref_cell(t, t->rowkeys[i], "rho");
  double hours = 0, cp = 0;
  int model = link != NULL && strncmp(link, "MODEL ", 6) == 0, rc;
  if (model && (rho == NULL || !rho->is_number || !(rho->value > 0)))
    return gr_error_set(err, GR_EINPUT, "%s: row %zu: a MODEL link needs a positive rho", path, i + 1);
  rc = model ? papers_model(refdir, link + 6, np, rho->value, &cp, err)
             : papers_hours(refdir, link, path, i, &hours, err);
  if (rc != GR_OK || k->n == 0 || !isfinite(k->work) || !(k->work > 0))
    return rc;
  if (model && fabs(k->work - np) > 0.5)
    return GR_OK; /* one step of np particles per run, else another size (quick mode) */
  if ((*shown)++ == 0)
    gr_buf_printf(text, "\nthe papers' machines (%s):\n", t->source);
  if (model)
    papers_model_line(text, k, link + 6, np, rho->value, cp);
  else
    papers_line(text, k, link, hours, np);
  return GR_OK;
}

int gr_bench_papers_ratios(const char *refdir, const struct gr_bench_record *r,
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
    struct gr_bench_ktime k;
    if (n == NULL || !n->is_number || !(n->value > 0)) {
      rc = gr_error_set(err, GR_EINPUT, "%s: row %zu: particles must be a positive number", path, i + 1);
      break;
    }
    if (gr_bench_ktime_get(r, t->rowkeys[i], &k) != GR_OK) {
      rc = gr_error_set(err, GR_ENOMEM, "out of memory");
      break;
    }
    rc = papers_row(text, refdir, path, t, i, &k, n->value, &shown, err);
    gr_bench_ktime_free(&k);
  }
  for (i = 0; rc == GR_OK && shown > 0 && i < t->nnotes; i++)
    gr_buf_printf(text, "  note: %s\n", t->notes[i]);
  if (rc == GR_OK && shown == 0)
    gr_buf_printf(text, "\nthe papers' machines: none of these kernels has a published time (%s lists them)\n", path);
  gr_ref_free(t);
  return rc;
}
