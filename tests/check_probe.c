/* granrepro tests: the cache probe of a bench (src/bench/probe.c, probe_note.c). */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "bench/probe.h"
#include "bench/record.h"
#include "tests/check_run.h"

/* The node p's link from node i leads to. */
static size_t probe_next(const struct gr_bench_probe *p, size_t i)
{
  return (size_t)(p->node[i].next - p->node);
}

/* The cache probe's chase is one cycle through all n nodes: from node 0,
 * n - 1 links visit every other node exactly once and the n-th comes
 * back (so n accesses are n distinct lines, and a pass over the cycle
 * ends where it began); the same cycle in every bench (fixed seed). */
START_TEST(test_probe_single_cycle)
{
  struct gr_bench_probe p, q;
  struct gr_error err = {0, ""};
  unsigned char *seen;
  size_t i, k, n;
  ck_assert_int_eq(gr_bench_probe_init(&p, GR_BENCH_PROBE_BYTES, &err), GR_OK);
  n = p.n;
  ck_assert_uint_eq(n, GR_BENCH_PROBE_BYTES / 64);
  ck_assert_uint_eq(sizeof p.node[0], 64);
  ck_assert_uint_eq((uintptr_t)p.node % 64, 0);
  seen = calloc(n, 1);
  ck_assert_ptr_nonnull(seen);
  seen[0] = 1;
  for (k = 1, i = 0; k < n; k++) {
    i = probe_next(&p, i);
    gr_ck_each(i < n, "node %zu of %zu", (size_t)i, (size_t)n);
    gr_ck_each(seen[i] == 0, "node %zu seen twice", (size_t)i);
    seen[i] = 1;
  }
  ck_assert_uint_eq(probe_next(&p, i), 0);
  free(seen);
  ck_assert_ptr_eq(gr_bench_probe_chase(&p, (long)n), &p.node[0]);
  ck_assert_ptr_eq(gr_bench_probe_chase(&p, 1), p.node[0].next);
  ck_assert_int_eq(gr_bench_probe_init(&q, GR_BENCH_PROBE_BYTES, &err), GR_OK);
  for (i = 0; i < n; i++)
    ck_assert_uint_eq(probe_next(&q, i), probe_next(&p, i));
  gr_bench_probe_free(&q);
  gr_bench_probe_free(&p);
  /* the smallest cycles, and sizes that are no whole number of lines */
  ck_assert_int_eq(gr_bench_probe_init(&p, 64, &err), GR_OK);
  ck_assert_uint_eq(probe_next(&p, 0), 0);
  gr_bench_probe_free(&p);
  ck_assert_int_eq(gr_bench_probe_init(&p, 128, &err), GR_OK);
  ck_assert_uint_eq(probe_next(&p, 0), 1);
  ck_assert_uint_eq(probe_next(&p, 1), 0);
  gr_bench_probe_free(&p);
  ck_assert_int_eq(gr_bench_probe_init(&p, 0, &err), GR_EINPUT);
  ck_assert_int_eq(gr_bench_probe_init(&p, 100, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "whole number of 64-byte lines"));
  ck_assert_ptr_null(p.node);
  gr_bench_probe_free(&p);
}
END_TEST

/* A bench's probe samples: one a round, GR_BENCH_ROUNDS in all, each a
 * record row of GR_BENCH_PROBE_PASSES passes over the cycle with a positive,
 * finite time per access (no speed asserted); the probe is no kernel and
 * its key no registered experiment's. */
START_TEST(test_probe_samples)
{
  struct gr_bench_probe p;
  struct gr_bench_record rec;
  struct gr_error err = {0, ""};
  struct gr_buf line = GR_BUF_INIT;
  double ns;
  size_t i, n;
  memset(&rec, 0, sizeof rec);
  ck_assert_int_eq(gr_bench_probe_init(&p, GR_BENCH_PROBE_BYTES, &err), GR_OK);
  for (i = 0; i < GR_BENCH_ROUNDS + 1; i++)
    ck_assert_int_eq(gr_bench_probe_sample(&p, &rec, &err), GR_OK);
  ck_assert_uint_eq(rec.nrows, GR_BENCH_ROUNDS);
  for (i = 0; i < rec.nrows; i++) {
    const struct gr_bench_sample *s = &rec.rows[i];
    ck_assert_str_eq(s->name, GR_BENCH_PROBE_NAME);
    ck_assert_str_eq(s->unit, GR_BENCH_PROBE_UNIT);
    ck_assert_int_eq(s->sample, (int)i + 1);
    ck_assert_int_eq(s->iterations, GR_BENCH_PROBE_PASSES);
    ck_assert_double_eq(s->work, (double)GR_BENCH_PROBE_PASSES * (double)p.n);
    ns = 1e9 * s->cpu / s->work;
    ck_assert(isfinite(ns) && ns > 0.0);
    ck_assert(isfinite(s->wall) && s->wall > 0.0);
  }
  ck_assert_int_eq(gr_bench_probe_median(&rec, &ns, &n), GR_OK);
  ck_assert_uint_eq(n, GR_BENCH_ROUNDS);
  ck_assert(isfinite(ns) && ns > 0.0);
  gr_bench_probe_line(&p, 30, &line);
  ck_assert_ptr_eq(strstr(gr_buf_str(&line), GR_BENCH_PROBE_NAME),
                   gr_buf_str(&line));
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&line), "accesses/s"));
  gr_buf_free(&line);
  gr_bench_probe_free(&p);
  gr_bench_record_free(&rec);
  ck_assert(gr_bench_probe_is(GR_BENCH_PROBE_NAME));
  ck_assert(!gr_bench_probe_is("c12/sweep"));
  ck_assert(!gr_bench_probe_is("machinery/x"));
  ck_assert_ptr_null(gr_experiment_find(GR_BENCH_PROBE_KEY));
}
END_TEST

/* Records holding probe samples of ns CPU ns per access (3 samples). */
static void probe_record(struct gr_bench_record *r, double ns)
{
  int i;
  memset(r, 0, sizeof *r);
  for (i = 1; i <= 3; i++)
    ck_assert_int_eq(gr_bench_record_add_sample(r, GR_BENCH_PROBE_NAME, i, 2, 1e-9 * ns * 1000 * i / 2,
                                          1e-9 * ns * 1000 * (i + 1) / 3, 1000, GR_BENCH_PROBE_UNIT), GR_OK);
}

/* The probe's note: nothing without probes, one line when one record
 * lacks it, the medians' ratio, and a caution beyond GR_BENCH_COMPARE_RATIO
 * naming the verdicts that go the probe's way by no more than it. */
START_TEST(test_probe_note)
{
  struct gr_bench_record none, a, b;
  struct gr_buf t = GR_BUF_INIT;
  const struct gr_bench_probe_verdict v[] = {
    {"x/mem", 1.5, "slower"}, {"x/code", 2.5, "slower"}, {"x/fast", 0.5, "faster"}, {"x/same", 1.0, "same"}};
  memset(&none, 0, sizeof none);
  ck_assert_int_eq(gr_bench_record_add_sample(&none, "x/mem", 1, 1, 1.0, 1.0, 1.0, "runs"), GR_OK);
  probe_record(&a, 20.0);
  probe_record(&b, 40.0);
  ck_assert_int_eq(gr_bench_probe_note(&t, &none, &none, v, 4), GR_OK);
  ck_assert_uint_eq(t.len, 0);
  ck_assert_int_eq(gr_bench_probe_note(&t, &none, &a, v, 4), GR_OK);
  ck_assert_str_eq(gr_buf_str(&t), "\nno cache probe in A (a record from before " GR_BENCH_PROBE_NAME "): the host's caches are not compared.\n");
  gr_buf_free(&t);
  ck_assert_int_eq(gr_bench_probe_note(&t, &a, &a, v, 4), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "A 20.0, B 20.0, B/A 1.000: the host's caches alike\n"));
  ck_assert_ptr_null(strstr(gr_buf_str(&t), "caution"));
  gr_buf_free(&t);
  ck_assert_int_eq(gr_bench_probe_note(&t, &a, &b, v, 4), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "A 20.0, B 40.0, B/A 2.000\ncaution: "));
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "slower by no more than the probe, so possibly the host alone: x/mem (1.500)\n"));
  gr_buf_free(&t);
  ck_assert_int_eq(gr_bench_probe_note(&t, &b, &a, v, 4), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "faster by no more than the probe, so possibly the host alone: x/fast (0.500)\n"));
  gr_buf_free(&t);
  ck_assert_int_eq(gr_bench_probe_note(&t, &b, &a, v, 1), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "so possibly the host alone: none\n"));
  gr_buf_free(&t);
  ck_assert_int_eq(gr_bench_probe_note(&t, &b, &a, NULL, 0), GR_OK); /* no verdicts listed */
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "reflect the host's caches as much as the code.\n"));
  ck_assert_ptr_null(strstr(gr_buf_str(&t), "possibly"));
  gr_buf_free(&t);
  gr_bench_record_free(&none);
  gr_bench_record_free(&a);
  gr_bench_record_free(&b);
}
END_TEST

static Suite *probe_suite(void)
{
  Suite *s = suite_create("probe");
  TCase *tc = tcase_create("probe");
  tcase_add_test(tc, test_probe_single_cycle);
  tcase_add_test(tc, test_probe_samples);
  tcase_add_test(tc, test_probe_note);
  suite_add_tcase(s, tc);
  return s;
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(probe_suite, 1)
