/* granrepro harness: published numbers for bench kernels, and the bytes
 * per work unit a kernel declares (benchref.h).
 * One table is kept loaded between calls (a setup reads several cells of
 * the same table); naming another folder or table reloads. */
#include "harness/benchref.h"

#include <stdio.h>
#include <string.h>

#include "harness/error.h"
#include "harness/ref.h"
#include "status.h"

static char benchref_dir[4096];
static char benchref_path[4400];
static struct gr_reftable *benchref_table;
/* Bytes per work unit the kernel's last run declared: the bench runs one
 * kernel at a time, in one thread. */
static double benchref_bytes;

void gr_kernel_bytes(double per_unit)
{
  benchref_bytes = per_unit;
}

double gr_kernel_bytes_declared(void)
{
  return benchref_bytes;
}

/* Forget the loaded table. */
static void benchref_drop(void)
{
  gr_ref_free(benchref_table);
  benchref_table = NULL;
  benchref_path[0] = '\0';
}

void gr_benchref_done(void)
{
  benchref_drop();
  benchref_dir[0] = '\0';
}

void gr_benchref_use(const char *root, const char *refdir)
{
  benchref_drop();
  snprintf(benchref_dir, sizeof benchref_dir, "%s/%s", root ? root : "reference", refdir ? refdir : "");
}

/* The numeric cell at (row, col) of <dir>/<table>.tsv in *cell, loading
 * the table unless it is the one kept; a GR_* status (err may be NULL). */
static int benchref_cell(const char *table, const char *row, const char *col,
                         const struct gr_refcell **cell, struct gr_error *err)
{
  char path[4400];
  int rc;
  if (benchref_dir[0] == '\0')
    return gr_error_set(err, GR_EINPUT, "no reference folder named for the bench kernel's table '%s' (call gr_benchref_use before the kernel's setup)", table);
  if (snprintf(path, sizeof path, "%s/%s.tsv", benchref_dir, table) >= (int)sizeof path)
    return gr_error_set(err, GR_EINPUT, "reference path too long: %s", benchref_dir);
  if (benchref_table == NULL || strcmp(path, benchref_path) != 0) {
    benchref_drop();
    if ((rc = gr_ref_load(path, &benchref_table, err)) != GR_OK)
      return rc;
    snprintf(benchref_path, sizeof benchref_path, "%s", path);
  }
  *cell = gr_ref_cell(benchref_table, row, col);
  if (*cell == NULL || !(*cell)->is_number)
    return gr_error_set(err, GR_EINPUT, "%s: no published number at row '%s', column '%s' (the reference table and the bench kernel disagree: restore the table from git)", path, row, col);
  return GR_OK;
}

/* The cell's number: printed, or (read) what a misprint's cause predicts. */
static int benchref_value(const char *table, const char *row, const char *col, int read,
                          double *value, struct gr_error *err)
{
  const struct gr_refcell *cell = NULL;
  int rc = benchref_cell(table, row, col, &cell, err);
  if (rc != GR_OK)
    return rc;
  *value = read && cell->misprint ? cell->predicted : cell->value;
  return GR_OK;
}

int gr_benchref_published(const char *table, const char *row, const char *col,
                          double *value, struct gr_error *err)
{
  return benchref_value(table, row, col, 0, value, err);
}

/* As gr_ctx_input: a misprint cell gives the value its cause predicts. */
int gr_benchref_input(const char *table, const char *row, const char *col,
                      double *value, struct gr_error *err)
{
  return benchref_value(table, row, col, 1, value, err);
}
