/* granrepro harness: the one clock of the program (phases, bench, and any
 * experiment that reports a measured time).  Wall time is the monotonic
 * clock, CPU time the process CPU clock (all threads), both in seconds.
 * On a shared machine another job takes wall time from us but not CPU time,
 * so verdicts use CPU time, and the minimum over repeats
 * (gr_timer_min_cpu) is the estimate least disturbed by load.  Timed runs
 * that step side by side, a thread each, read their own thread's CPU
 * clock instead (gr_timer_start_thread). */
#ifndef GR_TIMER_H
#define GR_TIMER_H

#include <stddef.h>

struct gr_timer {
  double wall0, cpu0; /* clock readings at gr_timer_start */
  double wall, cpu;   /* elapsed seconds at the last gr_timer_stop */
  int thread;         /* 1: cpu is the calling thread's CPU clock */
};

/* Clock readings now (seconds from an arbitrary origin). */
double gr_timer_wall(void);
double gr_timer_cpu(void);
double gr_timer_thread_cpu(void); /* the calling thread's CPU clock */

/* Start; stop sets t->wall and t->cpu to the time since start. */
void gr_timer_start(struct gr_timer *t);
void gr_timer_stop(struct gr_timer *t);

/* Start on the calling thread's CPU clock: stop and lap then count this
 * thread's CPU time only, so that runs timed on threads side by side (one
 * thread each, nothing threaded inside) each measure their own work. */
void gr_timer_start_thread(struct gr_timer *t);

/* Call fn(arg) once to warm up, then repeats times (>= 1), and return the
 * shortest process-CPU time of one call.
 *
 * With GR_TIMER_ONCE=1 in the environment this function and the two below
 * make one timed call per measurement (no warm-up, no repeats, no rounds):
 * for runs whose times mean nothing, such as tests/memcheck.sh's under
 * valgrind (the repeats were 3.1 of the quick runs' 20.7 s natively). */
double gr_timer_min_cpu(void (*fn)(void *), void *arg, int repeats);

/* The same with prep(arg) called, untimed, before each timed call (not
 * before the warm-up): e.g. to move to the next of several configurations
 * so that repeated passes do not see one configuration by heart.  prep may
 * be NULL (then this is gr_timer_min_cpu). */
double gr_timer_min_cpu_prep(void (*fn)(void *), void (*prep)(void *),
                             void *arg, int repeats);

/* gr_timer_min_cpu on the calling thread's CPU clock, for serial kernels
 * timed side by side, a thread each (gr_timer_start_thread); with span > 0
 * a short call repeats more often, until the repeats span about span
 * seconds (from the warm-up's time; at most 1000 calls), so that a burst
 * of load shorter than that cannot slow every repeat. */
double gr_timer_min_thread_cpu(void (*fn)(void *), void *arg, int repeats, double span);

/* Add the CPU time (the process's, or the thread's after
 * gr_timer_start_thread) since the timer's start or its last lap to *acc
 * and start the next lap (time routines within a step). */
void gr_timer_lap(struct gr_timer *t, double *acc);

/* The CPU time of one call fn(arg, i) for each of n measurements i, robust
 * to a load that comes and goes (issue 13: a slope over N measured from
 * back-to-back passes flipped when a burst of load hit one N).  After one
 * warm-up call each, rounds rounds (>= 1) each sample every i once, in
 * turn; a sample repeats the call as often as the warm-up says it takes to
 * last min_sample seconds, so that short and long measurements see the
 * load alike; best[i] is the shortest CPU time per call over the rounds.
 * GR_ENOMEM when out of memory. */
int gr_timer_min_cpu_rounds(void (*fn)(void *, size_t), void *arg, size_t n,
                            int rounds, double min_sample, double *best);

#endif
