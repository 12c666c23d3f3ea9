/* granrepro bench: what compare.c (samples, statistics, decisions)
 * hands to compare_text.c (the table, the legend, the chart); private to
 * the two. */
#ifndef GR_BENCH_COMPARE_INT_H
#define GR_BENCH_COMPARE_INT_H

#include <stddef.h>

struct gr_buf;
struct gr_error;
struct gr_bench_record;

/* One kernel's bench samples in one record, per run of the kernel (a
 * sample's totals divided by its iterations). */
struct cmp_side {
  double *cpu;       /* process CPU time per run of every sample (s) */
  double *wall;      /* wall time per run of every sample (s) */
  size_t n;
  double *rate;      /* work / wall of the samples that count work */
  size_t nrate;
  double work;       /* median work per run, NaN when not counted */
  const char *unit;  /* unit of the first sample that counts work */
};

/* One kernel across the two records. */
struct cmp_kernel {
  const char *name;        /* points into a record's rows */
  struct cmp_side a, b;
  double mina, minb;       /* shortest CPU times per run (s) */
  double ratio;            /* minb / mina, NaN when undefined */
  double mratio;           /* the same for the median CPU times */
  double wratio;           /* the same for the median wall times */
  double u, p;             /* Mann-Whitney U_B and p, NaN when untested */
  double ratea, rateb;     /* median rates, NaN unless both count work */
  const char *decision;
};

/* Is kernel k in both records? */
int gr_bench_compare_both(const struct cmp_kernel *k);
/* s, or "-" when s is empty. */
const char *gr_bench_compare_str(const char *s);
/* One line naming a record: label, path, host, cpu, date, revision. */
void gr_bench_compare_describe(struct gr_buf *t, const char *label, const char *path,
                               const struct gr_bench_record *r);
/* The table of kernels in both records, then those in only one; returns
 * the number in both. */
size_t gr_bench_compare_table(struct gr_buf *t, const struct cmp_kernel *k, size_t nk);
/* The decision rule, after the table. */
void gr_bench_compare_legend(struct gr_buf *t);
/* Warn below the table about kernels whose work per sample differs. */
void gr_bench_compare_warn_work(struct gr_buf *t, const struct cmp_kernel *k, size_t nk);
/* The cache probe's note (probe.h) with the verdicts of the kernels in
 * both records; GR_ENOMEM. */
int gr_bench_compare_probe(struct gr_buf *t, const struct gr_bench_record *ra, const struct gr_bench_record *rb,
                           const struct cmp_kernel *k, size_t nk);
/* compare.dat, compare.gp and its rendering in outdir; names the figure
 * in t. */
int gr_bench_compare_output(const char *outdir, const struct cmp_kernel *k,
                            size_t nk, struct gr_buf *t, struct gr_error *err);

#endif
