/* granrepro bench: compare two benchmark records kernel by kernel. */
#ifndef GR_BENCH_COMPARE_H
#define GR_BENCH_COMPARE_H

struct gr_buf;
struct gr_error;

/* Decision thresholds (DESIGN.md "Timing across machines"). */
#define GR_BENCH_COMPARE_RATIO 1.1
#define GR_BENCH_COMPARE_ALPHA 0.01

/* Decision for B relative to A from the ratio of B's shortest CPU time
 * per run to A's (ratio), the ratio of their median CPU times per run
 * (mratio) and the Mann-Whitney p of their samples: "faster" when ratio
 * and mratio are both < 1/1.1 and p < 0.01, "slower" when both are > 1.1
 * and p < 0.01, else "same".  A change of the code moves every run, the
 * shortest and the median alike; a host whose core speed comes and goes
 * (a shared VM: tests/bench_stable.sh) moves one without the other. */
const char *gr_bench_compare_decide(double ratio, double mratio, double p);

/* Load records a and b; for every kernel present in both print a row:
 * kernel, shortest process CPU time per run of the kernel in A and B,
 * ratio B/A, Mann-Whitney U p-value of the CPU times, decision "faster" /
 * "slower" / "same" (B relative to A: gr_bench_compare_decide), the ratio
 * of median CPU times, the ratio of median
 * wall times (informative: it depends on the machine's load), and work
 * rates when the records count work.  Warnings follow the table when the
 * records ran on different thread counts.  Kernels in only one record are
 * listed as such.  The table goes to text; when outdir is not NULL the bar
 * chart compare.dat + compare.gp (+ .svg/.png with gnuplot) is written
 * there. */
int gr_bench_compare_records(const char *path_a, const char *path_b,
                             const char *outdir, struct gr_buf *text,
                             struct gr_error *err);

/* As gr_bench_compare_records, for records already loaded (named path_a and
 * path_b in the text and messages).  GR_EINPUT when either holds no bench
 * samples, when they were benched in different modes, or when they share
 * no kernel.  A kernel whose median work per sample differs between A and
 * B is not judged (decision "work-differs") and is listed in a warning. */
struct gr_bench_record;
int gr_bench_compare_loaded(const char *path_a, const struct gr_bench_record *ra,
                            const char *path_b, const struct gr_bench_record *rb,
                            const char *outdir, struct gr_buf *text,
                            struct gr_error *err);

#endif
