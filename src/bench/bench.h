/* granrepro bench: timing of registered kernels (`granrepro bench`).
 * Each kernel's repeat samples (>= GR_BENCH_MIN_REPEAT) are taken in
 * rounds: a round sets the kernel up, warms it up (the first round also
 * chooses the runs per sample: enough for GR_BENCH_MIN_SAMPLE s of CPU
 * time), takes some samples on the wall and process-CPU clocks and tears
 * it down; the driver runs the rounds of all kernels in turn. */
#ifndef GR_BENCH_H
#define GR_BENCH_H

struct gr_buf;
struct gr_error;
struct gr_experiment;
struct gr_kernel;
struct gr_bench_record;

#define GR_BENCH_MIN_REPEAT 9
#define GR_BENCH_ROUNDS 3          /* rounds the samples are spread over */
#define GR_BENCH_MIN_SAMPLE 0.02   /* seconds of CPU time a sample lasts */
#define GR_BENCH_MAX_ITER 1000000L /* most runs of a kernel in a sample */

/* One kernel being benched. */
struct gr_bench {
  const struct gr_experiment *exp;
  const struct gr_kernel *k;
  char name[128];      /* "<exp>/<kernel>", as in the record */
  int repeat;          /* samples wanted */
  int n;               /* samples taken */
  int skipped;         /* the kernel declined this mode */
  long iterations;     /* runs per sample, 0 before the first round */
  double *cpu, *wall;  /* per run, of each sample taken */
  double work;         /* work of the last sample */
};

/* Prepare b for repeat samples of kernel k of exp; GR_EINPUT for too few
 * samples or a name that does not fit a record. */
int gr_bench_init(struct gr_bench *b, const struct gr_experiment *exp,
                  const struct gr_kernel *k, int repeat, struct gr_error *err);

/* One round: up to nsamples more samples, added to rec as "<exp>/<kernel>"
 * rows (totals of the sample's runs, and the runs). */
int gr_bench_round(struct gr_bench *b, int quick, unsigned long seed,
                   int nsamples, struct gr_bench_record *rec, struct gr_error *err);

/* The kernel's line: median CPU time per run, its spread, median wall time
 * per run, runs per sample and the rate (work per wall second), the name
 * padded to width; "skipped" for a kernel that declined the mode. */
void gr_bench_line(const struct gr_bench *b, int width, struct gr_buf *text);

void gr_bench_free(struct gr_bench *b);

#endif
