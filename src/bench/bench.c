/* granrepro bench: kernel timing (see bench.h).
 *
 * As Google Benchmark does, a sample runs the kernel as many times as it
 * takes to last GR_BENCH_MIN_SAMPLE seconds of CPU time (quick kernels
 * take 0.2 ms a run, below the scheduler's tick), and the record keeps the
 * iterations so that times and rates stay per run of the kernel.  The
 * samples of a kernel are taken in rounds spread over the whole bench
 * (every kernel in turn each round), so that a burst of load on a shared
 * machine cannot hit all the samples of one kernel. */
#include "bench/bench.h"

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/benchref.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "bench/record.h"
#include "harness/timer.h"

/* Run the kernel it times; *t gets the times, the return value the work. */
static double bench_sample(const struct gr_kernel *k, void *state, long it,
                           struct gr_timer *t)
{
  double work = 0.0;
  long c;
  gr_kernel_bytes(0.0);
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

int gr_bench_init(struct gr_bench *b, const struct gr_experiment *exp,
                  const struct gr_kernel *k, int repeat, struct gr_error *err)
{
  memset(b, 0, sizeof *b);
  b->exp = exp;
  b->k = k;
  b->repeat = repeat;
  if (repeat < GR_BENCH_MIN_REPEAT)
    return gr_error_set(err, GR_EINPUT, "--repeat %d is too few: use %d or more samples", repeat, GR_BENCH_MIN_REPEAT);
  if (snprintf(b->name, sizeof b->name, "%s/%s", exp->key, k->name) >= (int)sizeof b->name)
    return gr_error_set(err, GR_EINPUT, "kernel name '%s/%s' is longer than %zu characters (shorten it in the experiment)", exp->key, k->name, sizeof b->name - 1);
  if ((b->cpu = malloc(2 * (size_t)repeat * sizeof *b->cpu)) == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  b->wall = b->cpu + repeat;
  return GR_OK;
}

int gr_bench_round(struct gr_bench *b, int quick, unsigned long seed,
                   int nsamples, struct gr_bench_record *rec, struct gr_error *err)
{
  const struct gr_kernel *k = b->k;
  void *state = NULL;
  struct gr_timer t;
  int rc, i;
  if (b->skipped || b->n >= b->repeat)
    return GR_OK;
  if ((rc = k->setup(&state, k->arg, quick, seed, err)) != GR_OK)
    return rc;
  if (state == NULL) { /* the kernel declined this mode (e.g. too big for --quick) */
    b->skipped = 1;
    return GR_OK;
  }
  if (b->iterations == 0)
    b->iterations = bench_iterations(k, state);
  else
    k->run(state); /* warm-up */
  for (i = 0; i < nsamples && b->n < b->repeat && rc == GR_OK; i++, b->n++) {
    b->work = bench_sample(k, state, b->iterations, &t);
    b->cpu[b->n] = t.cpu / (double)b->iterations;
    b->wall[b->n] = t.wall / (double)b->iterations;
    rc = gr_bench_record_add_sample(rec, b->name, b->n + 1, b->iterations, t.wall, t.cpu, b->work, k->unit);
    if (rc != GR_OK)
      continue; /* the loop's condition ends it (b->n counted as the sample's) */
    rec->rows[rec->nrows - 1].bytes = gr_kernel_bytes_declared();
  }
  k->teardown(state);
  return rc == GR_OK ? GR_OK : gr_error_set(err, GR_ENOMEM, "out of memory");
}

void gr_bench_line(const struct gr_bench *b, int width, struct gr_buf *text)
{
  double med, medw;
  int n = b->n;
  if (b->skipped) {
    gr_buf_printf(text, "%-*s skipped in this mode\n", width, b->name);
    return;
  }
  if (n == 0)
    return;
  gsl_sort(b->cpu, 1, (size_t)n);
  gsl_sort(b->wall, 1, (size_t)n);
  med = gsl_stats_median_from_sorted_data(b->cpu, 1, (size_t)n);
  medw = gsl_stats_median_from_sorted_data(b->wall, 1, (size_t)n);
  gr_buf_printf(text, "%-*s %11.6g s  [%11.6g, %11.6g]  %11.6g s %9ld  %12.4g %s/s\n", width, b->name,
                med, b->cpu[0], b->cpu[n - 1], medw, b->iterations,
                medw > 0.0 ? b->work / (double)b->iterations / medw : 0.0, b->k->unit);
}

void gr_bench_free(struct gr_bench *b)
{
  free(b->cpu);
  b->cpu = b->wall = NULL;
}
