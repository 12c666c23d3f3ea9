/* granrepro bench: this machine against a shipped baseline, the bench
 * records of a reference machine kept in <refdir>/machines/<NAME>/
 * (`granrepro bench --against NAME`, `granrepro compare --baseline NAME`;
 * issue 15). */
#ifndef GR_BENCH_BASELINE_H
#define GR_BENCH_BASELINE_H

struct gr_buf;
struct gr_error;
struct gr_bench_record;

#define GR_BENCH_BASELINE_BOOT 2000  /* bootstrap resamples of a confidence interval */
#define GR_BENCH_BASELINE_LEVEL 0.95 /* its level */

/* Append one line per baseline found under <refdir>/machines/ ("  NAME:
 * host, cpu, modes quick full"), or a line saying there is none. */
void gr_bench_baseline_list(const char *refdir, struct gr_buf *text);

/* Check, before benching, that baseline name exists and holds exactly one
 * record of mode; GR_EINPUT with one line otherwise. */
int gr_bench_baseline_check(const char *refdir, const char *name, const char *mode,
                            struct gr_error *err);

/* Compare record rb (read from path_b) with the baseline name's record of
 * the same mode, kernel by kernel: the ratio of median CPU times per run
 * B/A with a percentile bootstrap confidence interval (GR_BENCH_BASELINE_BOOT
 * resamples of each side, seeded from the kernel's name: the same records
 * give the same bytes), compare's decision (shortest times, Mann-Whitney
 * p), and per experiment the geometric mean of the median ratios.
 * GR_EINPUT with one line for an unknown baseline, a baseline without a
 * record of rb's mode or with two of them, or no kernel in common. */
int gr_bench_baseline_compare(const char *refdir, const char *name,
                              const char *path_b, const struct gr_bench_record *rb,
                              struct gr_buf *text, struct gr_error *err);

#endif
