/* granrepro bench: private header of multi.c and multi_fig.c. */
#ifndef GR_BENCH_MULTI_FIG_H
#define GR_BENCH_MULTI_FIG_H

#include "status.h"

#include <stddef.h>

struct gr_buf;
struct gr_error;
struct gr_bench_ktime;
struct gr_bench_recset;

/* One table of `compare R1 R2 R3 ...`: the records of one mode. */
struct gr_bench_multi_table {
  const char *mode;
  size_t *col, ncol;     /* record indices of the columns, in group order */
  const char **names;    /* kernels, in order of first appearance */
  size_t nnames;
  struct gr_bench_ktime *kt;   /* kt[k * ncol + c]: kernel k in column c */
};

/* Write <outdir>/compare-<mode>.dat and .gp (rates per kernel, one bar
 * per record, log scale), render them, and name the figure in text. */
int gr_bench_multi_figure(const char *outdir, const struct gr_bench_recset *s,
                          const int *group, const struct gr_bench_multi_table *m,
                          struct gr_buf *text, struct gr_error *err) GR_MUST_CHECK;

#endif
