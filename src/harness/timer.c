/* granrepro harness: wall and CPU timer (see timer.h). */
#include "harness/timer.h"
#include "status.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Seconds on a POSIX clock. */
static double timer_read(clockid_t id)
{
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double gr_timer_wall(void) { return timer_read(CLOCK_MONOTONIC); }
double gr_timer_cpu(void) { return timer_read(CLOCK_PROCESS_CPUTIME_ID); }
double gr_timer_thread_cpu(void) { return timer_read(CLOCK_THREAD_CPUTIME_ID); }

/* The timer's CPU clock: the process's, or the thread's. */
static double timer_cpu_of(const struct gr_timer *t)
{
  return t->thread ? gr_timer_thread_cpu() : gr_timer_cpu();
}

void gr_timer_start(struct gr_timer *t)
{
  t->wall = t->cpu = 0.0;
  t->thread = 0;
  t->wall0 = gr_timer_wall();
  t->cpu0 = gr_timer_cpu();
}

void gr_timer_start_thread(struct gr_timer *t)
{
  gr_timer_start(t);
  t->thread = 1;
  t->cpu0 = gr_timer_thread_cpu();
}

void gr_timer_stop(struct gr_timer *t)
{
  t->cpu = timer_cpu_of(t) - t->cpu0;
  t->wall = gr_timer_wall() - t->wall0;
}

/* Warm-up call, then the minimum CPU time of repeats calls. */
double gr_timer_min_cpu(void (*fn)(void *), void *arg, int repeats)
{
  return gr_timer_min_cpu_prep(fn, NULL, arg, repeats);
}

/* GR_TIMER_ONCE=1 (timer.h): every measurement is one timed call. */
static int timer_once(void)
{
  const char *e = getenv("GR_TIMER_ONCE");
  return e != NULL && strcmp(e, "1") == 0;
}

/* Warm-up call, then repeats times an untimed prep and a timed call, on
 * the process's CPU clock or (thread) the calling thread's; with span > 0
 * more calls, as many as the warm-up's time says span seconds hold (at
 * most TIMER_MAX_REPS). */
#define TIMER_MAX_REPS 1000
static double timer_min(void (*fn)(void *), void (*prep)(void *), void *arg, int repeats,
                        int thread, double span)
{
  double best = HUGE_VAL;
  struct gr_timer t;
  int r;
  if (timer_once()) {
    repeats = 1;
  } else {
    gr_timer_start_thread(&t);
    fn(arg);
    gr_timer_stop(&t);
    if (span > 0.0 && repeats * t.cpu < span)
      repeats = t.cpu * TIMER_MAX_REPS > span ? (int)ceil(span / t.cpu) : TIMER_MAX_REPS;
  }
  for (r = 0; r < repeats; r++) {
    if (prep != NULL)
      prep(arg);
    if (thread)
      gr_timer_start_thread(&t);
    else
      gr_timer_start(&t);
    fn(arg);
    gr_timer_stop(&t);
    if (t.cpu < best)
      best = t.cpu;
  }
  return best;
}

double gr_timer_min_cpu_prep(void (*fn)(void *), void (*prep)(void *),
                             void *arg, int repeats)
{
  return timer_min(fn, prep, arg, repeats, 0, 0.0);
}

double gr_timer_min_thread_cpu(void (*fn)(void *), void *arg, int repeats, double span)
{
  return timer_min(fn, NULL, arg, repeats, 1, span);
}

/* CPU time of the lap just ended, added to *acc. */
void gr_timer_lap(struct gr_timer *t, double *acc)
{
  double now = timer_cpu_of(t);
  *acc += now - t->cpu0;
  t->cpu0 = now;
}

/* Interleaved rounds of samples of at least min_sample seconds; the
 * minimum CPU time per call of each measurement. */
int gr_timer_min_cpu_rounds(void (*fn)(void *, size_t), void *arg, size_t n,
                            int rounds, double min_sample, double *best)
{
  long *calls = malloc((n ? n : 1) * sizeof *calls), c;
  struct gr_timer t;
  size_t i;
  int r, once = timer_once();
  if (calls == NULL)
    return GR_ENOMEM;
  for (i = 0; i < n; i++) {
    gr_timer_start(&t);
    fn(arg, i);
    gr_timer_stop(&t);
    calls[i] = t.cpu > 0 && t.cpu < min_sample ? (long)ceil(min_sample / t.cpu) : 1;
    best[i] = HUGE_VAL;
    if (once) /* the calibrating call is the measurement */
      best[i] = t.cpu;
  }
  for (r = 0; r < rounds && !once; r++)
    for (i = 0; i < n; i++) {
      gr_timer_start(&t);
      for (c = 0; c < calls[i]; c++)
        fn(arg, i);
      gr_timer_stop(&t);
      if (t.cpu / (double)calls[i] < best[i])
        best[i] = t.cpu / (double)calls[i];
    }
  free(calls);
  return GR_OK;
}
