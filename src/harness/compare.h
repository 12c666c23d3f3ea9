/* granrepro harness: compare two benchmark records kernel by kernel. */
#ifndef GR_COMPARE_H
#define GR_COMPARE_H

struct gr_buf;
struct gr_error;

/* Decision thresholds (DESIGN.md "Timing across machines"). */
#define GR_COMPARE_RATIO 1.1
#define GR_COMPARE_ALPHA 0.01

/* Load records a and b; for every kernel present in both print a row:
 * kernel, median wall time in A and B, ratio B/A, Mann-Whitney U p-value,
 * decision "faster" / "slower" / "same" (B relative to A: faster when
 * ratio < 1/1.1 and p < 0.01, slower when ratio > 1.1 and p < 0.01), and
 * work rates when the records count work.  Kernels in only one record are
 * listed as such.  The table goes to text; when outdir is not NULL the bar
 * chart compare.dat + compare.gp (+ .svg/.png with gnuplot) is written
 * there. */
int gr_compare_records(const char *path_a, const char *path_b,
                       const char *outdir, struct gr_buf *text,
                       struct gr_error *err);

#endif
