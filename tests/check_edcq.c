/* Check suite for src/physics/edcq.c, the calendar queue of the
 * event-driven engine (Paul 2007; Brown 1988): it must pop exactly what a
 * brute-force (key, index) minimum names, ties to the lowest index, under
 * random and tied keys, keys moving back in time, +inf and far keys, and
 * the width changes it makes on its own; and the engine must follow the
 * same collision sequence with it as with the tournament tree (edtree.h). */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "physics/edcq.h"
#include "physics/edmd.h"
#include "tests/check_run.h"

/* The reference: the smallest key, the lowest index among equals. */
static int ref_min(const double *key, int n)
{
  int best = 0, i;
  for (i = 1; i < n; i++)
    if (key[i] < key[best])
      best = i;
  return best;
}

/* Random updates with many ties (keys on a grid of 50 values and halves),
 * +inf and keys far beyond any day: the queue's minimum is the reference's
 * after every update. */
START_TEST(test_cq_random_ties)
{
  struct gr_edcq q;
  double key[300], t;
  int trial, n, i, k, r;
  srand(11);
  for (trial = 0; trial < 60; trial++) {
    n = 1 + rand() % 300;
    for (i = 0; i < n; i++)
      key[i] = (double)(rand() % 50);
    ck_assert_int_eq(gr_edcq_init(&q, n, key), GR_OK);
    for (k = 0; k < 3000; k++) {
      i = ref_min(key, n);
      gr_ck_each((gr_edcq_min(&q, &t)) == (i), "expected %lld", (long long)(i));
      gr_ck_each(t == key[i], "");
      i = rand() % n;
      r = rand() % 8;
      key[i] = r == 0 ? HUGE_VAL : r == 1 ? 1e300 * (1 + rand() % 3)
               : (double)(rand() % 50) + 0.5 * (rand() % 2);
      gr_edcq_update(&q, i, key[i]);
    }
    gr_edcq_free(&q);
  }
  ck_assert_int_eq(gr_edcq_init(&q, 0, key), GR_EINPUT);
}
END_TEST

/* The engine's use: pop the minimum and give it a later key (an
 * exponential wait, sometimes none: ties at the same time; sometimes a
 * long one, beyond a year of days), now and then move another entry; the
 * pop sequence is the reference sort's, through the width adapting to a
 * rate that changes 1000-fold. */
START_TEST(test_cq_hold)
{
  enum { N = 2000, POPS = 400000 };
  static double key[N];
  struct gr_edcq q;
  double t, rate = 1.0;
  int i, k, j;
  srand(12);
  for (i = 0; i < N; i++)
    key[i] = -log((rand() + 1.0) / (RAND_MAX + 2.0));
  ck_assert_int_eq(gr_edcq_init(&q, N, key), GR_OK);
  for (k = 0; k < POPS; k++) {
    if (k == POPS / 2)
      rate = 1000.0;
    i = ref_min(key, N);
    gr_ck_each((gr_edcq_min(&q, &t)) == (i), "expected %lld", (long long)(i));
    gr_ck_each(t == key[i], "");
    j = rand() % 16;
    key[i] += j == 0 ? 0.0 : j == 1 ? 1e3 / rate : -log((rand() + 1.0) / (RAND_MAX + 2.0)) / rate;
    gr_edcq_update(&q, i, key[i]);
    if (rand() % 4 == 0) { /* a partner's key: later than now */
      j = rand() % N;
      key[j] = t + (rand() % 3) / rate;
      gr_edcq_update(&q, j, key[j]);
    }
  }
  gr_edcq_free(&q);
}
END_TEST

/* The engine with the calendar queue follows the tournament tree's
 * collision sequence event for event, bit for bit (elastic and inelastic,
 * a dense and a dilute gas). */
START_TEST(test_cq_engine_same_sequence)
{
  enum { N = 400, M = 30000 };
  static double x[N], y[N], vx[N], vy[N];
  struct gr_edmd_params p = {0};
  struct gr_edmd *s[2];
  struct gr_edmd_event ev[2];
  int r, m, q, i, side, rc[2];
  for (r = 0; r < 4; r++) {
    side = (int)ceil(sqrt((double)N));
    p.n = N;
    p.d = 1.0;
    p.lx = p.ly = side * (r < 2 ? 1.3 : 3.0);
    p.rule.kind = r % 2 ? GR_EDRULE_RESTITUTION : GR_EDRULE_ELASTIC;
    p.rule.e = 0.8;
    srand(20 + r);
    for (i = 0; i < N; i++) { /* a lattice, random velocities */
      x[i] = (i % side + 0.5) * p.lx / side;
      y[i] = (i / side + 0.5) * p.ly / side;
      vx[i] = 2.0 * rand() / RAND_MAX - 1.0;
      vy[i] = 2.0 * rand() / RAND_MAX - 1.0;
    }
    for (q = 0; q < 2; q++) {
      p.queue = q ? GR_EDMD_CALENDAR : GR_EDMD_TREE;
      ck_assert_int_eq(gr_edmd_new(&p, x, y, vx, vy, &s[q]), GR_OK);
    }
    for (m = 0; m < M; m++) {
      for (q = 0; q < 2; q++)
        rc[q] = gr_edmd_step(s[q], HUGE_VAL, &ev[q]);
      gr_ck_each((rc[0]) == (rc[1]), "%lld != %lld", (long long)(rc[0]), (long long)(rc[1]));
      if (rc[0] != 1)
        break;
      gr_ck_each((ev[0].type) == (ev[1].type), "%lld != %lld", (long long)(ev[0].type), (long long)(ev[1].type));
      gr_ck_each((ev[0].i) == (ev[1].i), "%lld != %lld", (long long)(ev[0].i), (long long)(ev[1].i));
      gr_ck_each((ev[0].j) == (ev[1].j), "%lld != %lld", (long long)(ev[0].j), (long long)(ev[1].j));
      gr_ck_each(ev[0].t == ev[1].t, "");
    }
    ck_assert_int_eq(s[0]->k.ddc, s[1]->k.ddc);
    ck_assert(s[0]->k.ddc > 1000);
    ck_assert_int_eq(s[0]->k.stale, s[1]->k.stale);
    for (i = 0; i < N; i++)
      ck_assert(s[0]->disk[i].x == s[1]->disk[i].x && s[0]->disk[i].vx == s[1]->disk[i].vx);
    for (q = 0; q < 2; q++)
      gr_edmd_free(s[q]);
  }
}
END_TEST

/* The edcq suite. */
static Suite *edcq_suite(void)
{
  Suite *su = suite_create("edcq");
  TCase *tc = tcase_create("order-engine");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_cq_random_ties);
  tcase_add_test(tc, test_cq_hold);
  tcase_add_test(tc, test_cq_engine_same_sequence);
  suite_add_tcase(su, tc);
  return su;
}

GR_CHECK_MAIN(edcq_suite, 0)
