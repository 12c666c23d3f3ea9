/* granrepro bench: a set of bench records from files and folders (see
 * recset.h). */
#include "bench/recset.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/error.h"
#include "harness/fsio.h"
#include "bench/ktime.h"

/* Append a loaded record and a copy of its path; GR_ENOMEM, or GR_EINPUT
 * when the set is full.  r is moved into the set (or freed). */
static int recset_add(struct gr_bench_recset *s, struct gr_bench_record *r,
                      const char *path, struct gr_error *err)
{
  struct gr_bench_record *recs;
  char **paths, *copy;
  if (s->n == GR_BENCH_RECSET_MAX) {
    gr_bench_record_free(r);
    return gr_error_set(err, GR_EINPUT, "more than %d records (compare fewer at a time)", GR_BENCH_RECSET_MAX);
  }
  recs = realloc(s->recs, (s->n + 1) * sizeof *recs);
  if (recs != NULL)
    s->recs = recs;
  paths = realloc(s->paths, (s->n + 1) * sizeof *paths);
  if (paths != NULL)
    s->paths = paths;
  copy = strdup(path);
  if (recs == NULL || paths == NULL || copy == NULL) {
    free(copy);
    gr_bench_record_free(r);
    return gr_error_set(err, GR_ENOMEM, "out of memory reading records");
  }
  s->recs[s->n] = *r;
  s->paths[s->n++] = copy;
  return GR_OK;
}

/* One record file; named says the user named it (not found in a folder):
 * then a record without bench samples is an error, else it is skipped. */
static int recset_file(struct gr_bench_recset *s, const char *path, int named,
                       struct gr_error *err)
{
  struct gr_bench_record r;
  int rc = gr_bench_record_load(path, &r, err);
  if (rc != GR_OK)
    return rc;
  if (gr_bench_ktime_nbench(&r) == 0) {
    gr_bench_record_free(&r);
    if (!named)
      return GR_OK;
    return gr_error_set(err, GR_EINPUT, "'%s' holds no bench samples (kind: %s): compare bench records ('granrepro bench' writes them)", path, r.kind[0] ? r.kind : "-");
  }
  return recset_add(s, &r, path, err);
}

/* Every bench record *.tsv in folder dir. */
static int recset_folder(struct gr_bench_recset *s, const char *dir,
                         struct gr_error *err)
{
  char **names = NULL, path[4096];
  size_t n = 0, i, before = s->n;
  int rc = GR_OK;
  if (gr_fsio_list(dir, ".tsv", &names, &n) != GR_OK)
    return gr_error_set(err, GR_EINPUT, "cannot read folder '%s'", dir);
  for (i = 0; i < n && rc == GR_OK; i++) {
    if ((rc = gr_fsio_join(path, sizeof path, dir, names[i], err)) != GR_OK)
      break;
    rc = recset_file(s, path, 0, err);
  }
  gr_fsio_free_list(names, n);
  if (rc != GR_OK)
    return rc;
  if (s->n == before)
    return gr_error_set(err, GR_EINPUT, "folder '%s' holds no bench record (*.tsv written by 'granrepro bench')", dir);
  return GR_OK;
}

int gr_bench_recset_load(const char *const *paths, size_t npaths,
                         struct gr_bench_recset *s, struct gr_error *err)
{
  struct stat st;
  size_t i;
  int rc = GR_OK;
  memset(s, 0, sizeof *s);
  for (i = 0; i < npaths && rc == GR_OK; i++) {
    if (stat(paths[i], &st) != 0)
      rc = gr_error_set(err, GR_EINPUT, "record '%s' not found (name bench records or folders of them)", paths[i]);
    else if (S_ISDIR(st.st_mode))
      rc = recset_folder(s, paths[i], err);
    else
      rc = recset_file(s, paths[i], 1, err);
  }
  if (rc != GR_OK)
    gr_bench_recset_free(s);
  return rc;
}

void gr_bench_recset_free(struct gr_bench_recset *s)
{
  size_t i;
  for (i = 0; i < s->n; i++) {
    gr_bench_record_free(&s->recs[i]);
    free(s->paths[i]);
  }
  free(s->recs);
  free(s->paths);
  memset(s, 0, sizeof *s);
}
