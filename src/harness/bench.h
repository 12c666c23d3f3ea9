/* granrepro harness: timing of registered kernels (`granrepro bench`).
 * Each kernel is set up once, run once to warm up, then sampled `repeat`
 * times (>= GR_BENCH_MIN_REPEAT) on wall and process-CPU clocks. */
#ifndef GR_BENCH_H
#define GR_BENCH_H

struct gr_buf;
struct gr_error;
struct gr_experiment;
struct gr_kernel;
struct gr_record;

#define GR_BENCH_MIN_REPEAT 9

/* Time one kernel; samples go to rec as "<exp>/<kernel>" rows and a line
 * (median wall, spread, rate) to text. */
int gr_bench_kernel(const struct gr_experiment *exp, const struct gr_kernel *k,
                    int quick, unsigned long seed, int repeat,
                    struct gr_record *rec, struct gr_buf *text,
                    struct gr_error *err);

#endif
