/* granrepro bench: one kernel's bench samples in one record, summarised
 * per run of the kernel (a sample's totals over its iterations), for the
 * comparisons of many records (multi.c) and against a baseline
 * (baseline.c); its median and sample count serve compare.c too.
 * DESIGN.md "Timing across machines". */
#ifndef GR_BENCH_KTIME_H
#define GR_BENCH_KTIME_H

#include <stddef.h>

struct gr_bench_record;

struct gr_bench_ktime {
  const char *name;  /* "<exp>/<kernel>", points into the record's rows */
  double *cpu;       /* process CPU time per run of each sample, ascending */
  size_t n;          /* samples; 0 when the record lacks the kernel */
  double min_cpu;    /* shortest CPU time per run (s), NaN when n = 0 */
  double med_cpu;    /* median CPU time per run (s), NaN when n = 0 */
  double work;       /* median work per run, NaN when not counted */
  const char *unit;  /* what work counts ("runs" when not counted) */
};

/* Gather kernel name's bench samples (sample >= 1) of r into k; GR_OK
 * (k->n = 0 when r lacks it) or GR_ENOMEM.  Free with gr_bench_ktime_free. */
int gr_bench_ktime_get(const struct gr_bench_record *r, const char *name,
                       struct gr_bench_ktime *k);

void gr_bench_ktime_free(struct gr_bench_ktime *k);

/* Work per CPU second at the shortest time per run: work / min_cpu, or
 * runs per second (1 / min_cpu) when work is not counted; NaN when n = 0. */
double gr_bench_ktime_rate(const struct gr_bench_ktime *k);

/* Do a and b count different work per run (other sizes or another mode)?
 * Then their times are not comparable. */
int gr_bench_ktime_work_differs(const struct gr_bench_ktime *a, const struct gr_bench_ktime *b);

/* Median of x[0..n) (sorts x in place); NaN when n is 0. */
double gr_bench_ktime_median(double *x, size_t n);

/* The distinct bench kernel names of r in order of first appearance,
 * appended to names[0..*n) (capacity cap, pointers into r's rows) unless
 * already there. */
void gr_bench_ktime_names(const struct gr_bench_record *r, const char **names, size_t *n,
                          size_t cap);

/* Number of bench samples (sample >= 1) in r. */
size_t gr_bench_ktime_nbench(const struct gr_bench_record *r);

#endif
