/* granrepro harness: kernel timing (see bench.h).
 *
 * As Google Benchmark does, a sample runs the kernel as many times as it
 * takes to last GR_BENCH_MIN_SAMPLE seconds of CPU time (quick kernels
 * take 0.2 ms a run, below the scheduler's tick), and the record keeps the
 * iterations so that times and rates stay per run of the kernel. */
#include "harness/bench.h"

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "harness/record.h"
#include "harness/timer.h"

/* Run the kernel it times; *t gets the times, the return value the work. */
static double bench_sample(const struct gr_kernel *k, void *state, long it,
                           struct gr_timer *t)
{
  double work = 0.0;
  long c;
  gr_timer_start(t);
  for (c = 0; c < it; c++)
    work += k->run(state);
  gr_timer_stop(t);
  return work;
}

/* Runs per sample: from one run (the warm-up: caches, page faults, lazy
 * initialisation) up, until a sample of that many runs lasts at least
 * GR_BENCH_MIN_SAMPLE s of CPU time (at most GR_BENCH_MAX_ITER runs). */
static long bench_iterations(const struct gr_kernel *k, void *state)
{
  struct gr_timer t;
  long it = 1;
  double next;
  for (;;) {
    bench_sample(k, state, it, &t);
    if (t.cpu >= GR_BENCH_MIN_SAMPLE || it >= GR_BENCH_MAX_ITER)
      return it;
    next = t.cpu > 0 ? ceil(1.2 * GR_BENCH_MIN_SAMPLE / t.cpu * (double)it) : 10.0 * (double)it;
    next = fmin(fmax(next, 2.0 * (double)it), 100.0 * (double)it);
    it = next < (double)GR_BENCH_MAX_ITER ? (long)next : GR_BENCH_MAX_ITER;
  }
}

/* The text line of a kernel: medians per run of CPU and wall time, the
 * spread of the CPU time, runs per sample, rate (work per wall second). */
static void bench_line(struct gr_buf *text, int width, const char *name,
                       double *cpu, double *wall, int repeat, long it,
                       double work, const char *unit)
{
  double med, lo, hi, medw;
  gsl_sort(cpu, 1, (size_t)repeat);
  gsl_sort(wall, 1, (size_t)repeat);
  med = gsl_stats_median_from_sorted_data(cpu, 1, (size_t)repeat);
  medw = gsl_stats_median_from_sorted_data(wall, 1, (size_t)repeat);
  lo = cpu[0];
  hi = cpu[repeat - 1];
  gr_buf_printf(text, "%-*s %11.6g s  [%11.6g, %11.6g]  %11.6g s %9ld  %12.4g %s/s\n", width, name,
                med, lo, hi, medw, it, medw > 0.0 ? work / medw : 0.0, unit);
}

int gr_bench_kernel(const struct gr_experiment *exp, const struct gr_kernel *k,
                    int quick, unsigned long seed, int repeat, int width,
                    struct gr_record *rec, struct gr_buf *text,
                    struct gr_error *err)
{
  void *state = NULL;
  struct gr_timer t;
  double *cpu, *wall, work = 0.0;
  char name[160];
  long it;
  int i, rc;
  if (repeat < GR_BENCH_MIN_REPEAT)
    return gr_error_set(err, GR_EINPUT, "--repeat %d is too few: use %d or more samples", repeat, GR_BENCH_MIN_REPEAT);
  if (snprintf(name, sizeof name, "%s/%s", exp->key, k->name) >= (int)sizeof rec->rows->name)
    return gr_error_set(err, GR_EINPUT, "kernel name '%s/%s' is longer than %zu characters (shorten it in the experiment)", exp->key, k->name, sizeof rec->rows->name - 1);
  if ((cpu = malloc(2 * (size_t)repeat * sizeof *cpu)) == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  wall = cpu + repeat;
  if ((rc = k->setup(&state, k->arg, quick, seed, err)) != GR_OK || state == NULL) {
    if (rc == GR_OK) /* the kernel declined this mode (e.g. too big for --quick) */
      gr_buf_printf(text, "%-*s skipped%s\n", width, name, quick ? " in quick mode" : "");
    free(cpu);
    return rc;
  }
  it = bench_iterations(k, state);
  for (i = 0; i < repeat && rc == GR_OK; i++) {
    work = bench_sample(k, state, it, &t);
    cpu[i] = t.cpu / (double)it;
    wall[i] = t.wall / (double)it;
    rc = gr_record_add_sample(rec, name, i + 1, it, t.wall, t.cpu, work, k->unit);
  }
  k->teardown(state);
  if (rc == GR_OK)
    bench_line(text, width, name, cpu, wall, repeat, it, work / (double)it, k->unit);
  free(cpu);
  return rc == GR_OK ? GR_OK : gr_error_set(err, GR_ENOMEM, "out of memory");
}
