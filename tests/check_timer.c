/* granrepro tests: the CPU and wall timers (src/harness/timer.c). */
#include <check.h>
#include <stdlib.h>
#include <threads.h>

#include "harness/timer.h"
#include "status.h"
#include "tests/check_run.h"

/* The timer: elapsed times are non-negative, gr_timer_min_cpu calls fn
 * once to warm up plus repeats times and returns a non-negative minimum
 * (no assertion on durations: the machine is shared). */
static int burn_calls;

static void burn(void *arg)
{
  volatile double *x = arg;
  int i;
  for (i = 0; i < 100000; i++)
    *x += 1e-9 * i;
  burn_calls++;
}

START_TEST(test_timer_measures_cpu)
{
  struct gr_timer t;
  volatile double x = 0.0;
  double m;
  gr_timer_start(&t);
  burn((void *)&x);
  gr_timer_stop(&t);
  ck_assert_double_ge(t.wall, 0.0);
  ck_assert_double_ge(t.cpu, 0.0);
  burn_calls = 0;
  m = gr_timer_min_cpu(burn, (void *)&x, 5);
  ck_assert_int_eq(burn_calls, 6);
  ck_assert_double_ge(m, 0.0);
  ck_assert_double_lt(m, 1e6);
}
END_TEST

/* The calls gr_timer_min_cpu_rounds makes, in order (at most 64). */
static size_t rounds_seq[64], rounds_n;

/* Record call i. */
static void rounds_note(void *arg, size_t i)
{
  (void)arg;
  if (rounds_n < 64)
    rounds_seq[rounds_n] = i;
  rounds_n++;
}

/* gr_timer_min_cpu_rounds: one warm-up call per measurement, then the
 * rounds take every measurement in turn (a sample of one call when a call
 * lasts min_sample); a time per call for each, finite and >= 0. */
START_TEST(test_timer_rounds_interleave)
{
  double best[3];
  size_t k;
  rounds_n = 0;
  ck_assert_int_eq(gr_timer_min_cpu_rounds(rounds_note, NULL, 3, 4, 0.0, best), GR_OK);
  ck_assert_uint_eq(rounds_n, 3 + 4 * 3);
  for (k = 0; k < rounds_n; k++)
    ck_assert_uint_eq(rounds_seq[k], k % 3);
  for (k = 0; k < 3; k++) {
    ck_assert_double_ge(best[k], 0.0);
    ck_assert_double_lt(best[k], 1e6);
  }
}
END_TEST

/* gr_timer_min_cpu_prep calls prep before each timed call but not before
 * the warm-up; gr_timer_lap accumulates non-negative laps. */
static int prep_calls;

static void prep(void *arg)
{
  (void)arg;
  ck_assert_int_eq(burn_calls, prep_calls + 1); /* after the warm-up */
  prep_calls++;
}

START_TEST(test_timer_prep_and_laps)
{
  struct gr_timer t;
  volatile double x = 0.0;
  double acc[2] = {0.0, 0.0};
  burn_calls = prep_calls = 0;
  ck_assert_double_ge(gr_timer_min_cpu_prep(burn, prep, (void *)&x, 4), 0.0);
  ck_assert_int_eq(burn_calls, 5);
  ck_assert_int_eq(prep_calls, 4);
  gr_timer_start(&t);
  burn((void *)&x);
  gr_timer_lap(&t, &acc[0]);
  burn((void *)&x);
  gr_timer_lap(&t, &acc[1]);
  gr_timer_lap(&t, &acc[1]);
  ck_assert_double_ge(acc[0], 0.0);
  ck_assert_double_ge(acc[1], 0.0);
}
END_TEST

/* Another thread's work, for the thread clock's test. */
static int burn_elsewhere(void *arg)
{
  int k;
  for (k = 0; k < 30; k++)
    burn(arg);
  return 0;
}

/* gr_timer_start_thread: the timer counts its own thread's CPU time, not
 * the process's: while another thread burns, the waiting thread's clock
 * moves less than half as far as the process's (would fail were it the
 * process clock). */
START_TEST(test_timer_thread_clock)
{
  struct gr_timer p, t;
  volatile double x = 0.0;
  thrd_t th;
  gr_timer_start(&p);
  gr_timer_start_thread(&t);
  ck_assert_int_eq(thrd_create(&th, burn_elsewhere, (void *)&x), thrd_success);
  ck_assert_int_eq(thrd_join(th, NULL), thrd_success);
  gr_timer_stop(&t);
  gr_timer_stop(&p);
  ck_assert_int_eq(p.thread, 0);
  ck_assert_int_eq(t.thread, 1);
  ck_assert_double_gt(p.cpu, 0.0);
  ck_assert_double_ge(t.cpu, 0.0);
  ck_assert_double_lt(t.cpu, 0.5 * p.cpu);
  burn_calls = 0; /* the minimum on the thread's clock: warm-up plus repeats */
  ck_assert_double_ge(gr_timer_min_thread_cpu(burn, (void *)&x, 3, 0.0), 0.0);
  ck_assert_int_eq(burn_calls, 4);
  burn_calls = 0; /* a span of about 30 calls: more repeats, at most 1000 */
  ck_assert_double_ge(gr_timer_min_thread_cpu(burn, (void *)&x, 3, p.cpu), 0.0);
  ck_assert_int_gt(burn_calls, 4);
  ck_assert_int_le(burn_calls, 1001);
}
END_TEST

/* GR_TIMER_ONCE=1: one timed call per measurement, no warm-up, repeats or
 * rounds; any other value changes nothing. */
START_TEST(test_timer_once)
{
  volatile double x = 0.0;
  double best[3];
  ck_assert_int_eq(setenv("GR_TIMER_ONCE", "1", 1), 0);
  burn_calls = 0;
  ck_assert_double_ge(gr_timer_min_cpu(burn, (void *)&x, 5), 0.0);
  ck_assert_int_eq(burn_calls, 1);
  rounds_n = 0;
  ck_assert_int_eq(gr_timer_min_cpu_rounds(rounds_note, NULL, 3, 4, 0.0, best), GR_OK);
  ck_assert_uint_eq(rounds_n, 3);
  ck_assert(best[0] >= 0.0 && best[1] >= 0.0 && best[2] >= 0.0 && best[2] < 1e6);
  ck_assert_int_eq(setenv("GR_TIMER_ONCE", "0", 1), 0);
  burn_calls = 0;
  (void)gr_timer_min_cpu(burn, (void *)&x, 5);
  ck_assert_int_eq(burn_calls, 6);
  ck_assert_int_eq(unsetenv("GR_TIMER_ONCE"), 0);
}
END_TEST

/* The tests state the default behaviour: a GR_TIMER_ONCE of the caller's
 * environment (memcheck.sh and .ci/tsan export it) is cleared first. */
static void timer_env_clear(void)
{
  ck_assert_int_eq(unsetenv("GR_TIMER_ONCE"), 0);
}

static Suite *timer_suite(void)
{
  Suite *s = suite_create("timer");
  TCase *tc = tcase_create("timer");
  tcase_add_checked_fixture(tc, timer_env_clear, NULL);
  tcase_add_test(tc, test_timer_measures_cpu);
  tcase_add_test(tc, test_timer_rounds_interleave);
  tcase_add_test(tc, test_timer_prep_and_laps);
  tcase_add_test(tc, test_timer_thread_clock);
  tcase_add_test(tc, test_timer_once);
  suite_add_tcase(s, tc);
  return s;
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(timer_suite, 1)
