/* granrepro bench: a set of bench records named by files or folders
 * (`granrepro compare R1 R2 R3 ...`, the shipped baselines). */
#ifndef GR_BENCH_RECSET_H
#define GR_BENCH_RECSET_H

#include <stddef.h>

#include "bench/record.h"

struct gr_error;

#define GR_BENCH_RECSET_MAX 256 /* most records in one set */

struct gr_bench_recset {
  struct gr_bench_record *recs;
  char **paths;  /* the file each record was read from */
  size_t n;
};

/* Load the records named by paths[0..npaths): a file is one bench record;
 * a folder gives every bench record (*.tsv with "kind: bench") in it, in
 * name order, skipping run records.  GR_EINPUT with one line naming the
 * file for a missing path, a malformed record (record.c's "path:line:"),
 * a named file that holds no bench samples, a folder without a bench
 * record, or more than GR_BENCH_RECSET_MAX records.  s is empty on failure;
 * free with gr_bench_recset_free either way. */
int gr_bench_recset_load(const char *const *paths, size_t npaths,
                         struct gr_bench_recset *s, struct gr_error *err);

void gr_bench_recset_free(struct gr_bench_recset *s);

#endif
