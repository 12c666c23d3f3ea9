/* granrepro bench: many bench records at once (`granrepro compare R1 R2
 * R3 ...`, issue 15): a kernel x record table of rates and ratios to the
 * first record, and its figure. */
#ifndef GR_BENCH_MULTI_H
#define GR_BENCH_MULTI_H

#include "status.h"

struct gr_buf;
struct gr_error;
struct gr_bench_recset;

/* Print the records, their groups and one table per mode to text.
 * Records of one group share revision, thread count, compiler and flags;
 * a table holds the records of one mode (quick and full kernels do other
 * work), its columns ordered by group, each labelled with its group.  A
 * cell is the kernel's rate (work per CPU second at the shortest time per
 * run) and its ratio to the table's first column (> 1: faster); a kernel
 * whose work per run differs from the first column's gets no ratio.
 * GR_EINPUT when a record shares no kernel with its table's first record.
 * When outdir is not NULL the figure compare-<mode>.dat/.gp (rates per
 * kernel, one bar per record, log scale) is written there and rendered. */
int gr_bench_multi_compare(const struct gr_bench_recset *s, const char *outdir,
                           struct gr_buf *text, struct gr_error *err) GR_MUST_CHECK;

#endif
