/* granrepro harness: timing of registered kernels (`granrepro bench`).
 * Each kernel is set up once, warmed up while the runs per sample are
 * chosen (enough for GR_BENCH_MIN_SAMPLE s of CPU time), then sampled
 * `repeat` times (>= GR_BENCH_MIN_REPEAT) on wall and process-CPU clocks. */
#ifndef GR_BENCH_H
#define GR_BENCH_H

struct gr_buf;
struct gr_error;
struct gr_experiment;
struct gr_kernel;
struct gr_record;

#define GR_BENCH_MIN_REPEAT 9
#define GR_BENCH_MIN_SAMPLE 0.02   /* seconds of CPU time a sample lasts */
#define GR_BENCH_MAX_ITER 1000000L /* most runs of a kernel in a sample */

/* Time one kernel; samples go to rec as "<exp>/<kernel>" rows (totals of
 * the sample's runs, and the runs) and a line to text: median CPU time
 * per run, its spread, median wall time per run, runs per sample and the
 * rate (work per wall second), the name padded to width. */
int gr_bench_kernel(const struct gr_experiment *exp, const struct gr_kernel *k,
                    int quick, unsigned long seed, int repeat, int width,
                    struct gr_record *rec, struct gr_buf *text,
                    struct gr_error *err);

#endif
