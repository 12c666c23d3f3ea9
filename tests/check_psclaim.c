/* Check suite for src/physics/psclaim.c: the criteria of Greenspan &
 * Rosati's qualitative claims (Sections 4-6) on synthetic data, each
 * shown to pass and to fail: the decimal place of a change, the coarsest
 * and upper median place of oscillating lattices ("only in the third
 * decimal place"; "most in the third, a few in the second"), the words
 * "a few", "often" and "at least half", and the instability of a state,
 * synthetic and of a two-particle body run with a stable and an unstable
 * time step. */
#include <check.h>
#include <math.h>

#include "physics/psclaim.h"
#include "physics/psolid.h"
#include "status.h"
#include "tests/check_run.h"

#define NP 22 /* particles of the synthetic lattices: 44 coordinates */

/* The place of a change: 10^-p <= d < 10^-(p-1). */
START_TEST(test_place)
{
  ck_assert_int_eq(gr_psclaim_place(2.0), 0);
  ck_assert_int_eq(gr_psclaim_place(1.0), 0);
  ck_assert_int_eq(gr_psclaim_place(0.5), 1);
  ck_assert_int_eq(gr_psclaim_place(0.0999), 2);
  ck_assert_int_eq(gr_psclaim_place(0.01), 2);
  ck_assert_int_eq(gr_psclaim_place(0.004), 3);
  ck_assert_int_eq(gr_psclaim_place(0.001), 3);
  ck_assert_int_eq(gr_psclaim_place(0.000999), 4);
  ck_assert_int_eq(gr_psclaim_place(0.0), GR_PSCLAIM_NONE);
  ck_assert_int_eq(gr_psclaim_place(1e-12), GR_PSCLAIM_NONE);
  ck_assert_int_eq(gr_psclaim_place(INFINITY), 0);
  ck_assert_int_eq(gr_psclaim_place(NAN), 0);
}
END_TEST

/* A lattice whose particle i oscillates with amplitude amp[i] (x and y,
 * 400 samples of two periods, phases apart): its places. */
static void oscillate(const double *amp, struct gr_psclaim_places *pl)
{
  double lo[2 * NP], hi[2 * NP], x[NP], y[NP];
  int k, i;
  gr_psclaim_range_reset(NP, lo, hi);
  for (k = 0; k <= 400; k++) {
    for (i = 0; i < NP; i++) {
      double ph = 4.0 * 3.141592653589793 * k / 400.0 + 0.3 * i;
      x[i] = -3.6 + 1.2 * (i % 7) + amp[i] * sin(ph);
      y[i] = 0.8 * (i / 7) + amp[i] * cos(ph);
    }
    gr_psclaim_range_add(NP, x, y, lo, hi);
  }
  gr_psclaim_places(NP, lo, hi, pl);
}

/* Section 4's claim: every change in the third place (coarsest 3) passes;
 * one particle swinging by 0.02 (range 0.04) makes the coarsest place 2. */
START_TEST(test_only_third_place)
{
  double amp[NP];
  struct gr_psclaim_places pl;
  int i;
  for (i = 0; i < NP; i++)
    amp[i] = 0.001 + 0.0001 * i; /* ranges 0.002 .. 0.0062 */
  oscillate(amp, &pl);
  ck_assert_uint_eq(pl.ncoord, 2 * NP);
  ck_assert_int_eq(pl.coarsest, 3);
  ck_assert_int_eq(pl.median, 3);
  ck_assert_uint_eq(pl.count[3], 2 * NP);
  ck_assert_double_eq_tol(pl.largest, 2.0 * amp[NP - 1], 1e-6);
  amp[5] = 0.02;
  oscillate(amp, &pl);
  ck_assert_int_eq(pl.coarsest, 2); /* fails "only in the third" */
  ck_assert_uint_eq(pl.count[2], 2);
}
END_TEST

/* Section 5's claim: 40 of 44 coordinates in the third place and 4 in the
 * second passes (median 3, coarsest 2, 4 <= 44/4 a few); with 24 in the
 * second, "most" and "a few" both fail; one in the first fails coarsest. */
START_TEST(test_most_third_few_second)
{
  double amp[NP];
  struct gr_psclaim_places pl;
  int i;
  for (i = 0; i < NP; i++)
    amp[i] = i < 2 ? 0.02 : 0.002;
  oscillate(amp, &pl);
  ck_assert_int_eq(pl.median, 3);
  ck_assert_int_eq(pl.coarsest, 2);
  ck_assert_uint_eq(pl.count[2], 4);
  ck_assert_uint_eq(gr_psclaim_count_coarse(&pl, 2), 4);
  ck_assert_uint_eq(gr_psclaim_count_coarse(&pl, 3), 44);
  ck_assert(pl.count[2] >= 1 && pl.count[2] <= gr_psclaim_few_max(pl.ncoord));
  for (i = 0; i < NP; i++)
    amp[i] = i < 12 ? 0.02 : 0.002;
  oscillate(amp, &pl);
  ck_assert_int_eq(pl.median, 2);                              /* not "most in the third" */
  ck_assert(pl.count[2] > gr_psclaim_few_max(pl.ncoord));      /* not "a few" */
  amp[0] = 0.2;
  oscillate(amp, &pl);
  ck_assert_int_eq(pl.coarsest, 1);
  ck_assert_uint_eq(gr_psclaim_count_coarse(&pl, 1), 2);
  ck_assert_uint_eq(gr_psclaim_count_coarse(&pl, 2), 24);
  /* exactly half in the second place: the third is not "most" */
  for (i = 0; i < NP; i++)
    amp[i] = i < NP / 2 ? 0.02 : 0.002;
  oscillate(amp, &pl);
  ck_assert_int_eq(pl.median, 2);
}
END_TEST

/* A window that saw no state changes nothing; a NaN is the coarsest. */
START_TEST(test_empty_and_nan_window)
{
  double lo[4], hi[4], x[2] = {0.0, 1.0}, y[2] = {0.0, NAN};
  struct gr_psclaim_places pl;
  gr_psclaim_range_reset(2, lo, hi);
  gr_psclaim_places(2, lo, hi, &pl);
  ck_assert_int_eq(pl.coarsest, GR_PSCLAIM_NONE);
  ck_assert_int_eq(pl.median, GR_PSCLAIM_NONE);
  gr_psclaim_range_add(2, x, y, lo, hi);
  gr_psclaim_places(2, lo, hi, &pl);
  ck_assert_int_eq(pl.coarsest, 0);
  ck_assert_uint_eq(pl.count[GR_PSCLAIM_NONE], 3);
}
END_TEST

/* The words: a few of 92 is at most 23; often of 12 runs at least 3 (2
 * is not), of 1 run the one; at least half of 4 is 2, of 5 is 3. */
START_TEST(test_words)
{
  ck_assert_uint_eq(gr_psclaim_few_max(92), 23);
  ck_assert_uint_eq(gr_psclaim_few_max(3), 0);
  ck_assert_uint_eq(gr_psclaim_often_min(12), 3);
  ck_assert(!(2 >= gr_psclaim_often_min(12)));
  ck_assert_uint_eq(gr_psclaim_often_min(13), 4);
  ck_assert_uint_eq(gr_psclaim_often_min(1), 1);
  ck_assert_uint_eq(gr_psclaim_half_min(4), 2);
  ck_assert_uint_eq(gr_psclaim_half_min(5), 3);
  ck_assert_uint_eq(gr_psclaim_half_min(1), 1);
}
END_TEST

/* Synthetic states: a block of three holds; a particle 2 away from the
 * others is detached; two 0.3 apart overlap; a NaN diverged. */
START_TEST(test_state_synthetic)
{
  double x[3] = {-0.6, 0.6, 0.0}, y[3] = {0.0, 0.0, 0.8};
  size_t who;
  ck_assert_int_eq(gr_psclaim_state_who(3, x, y, 1.5, 0.5, &who), GR_PSCLAIM_HELD);
  ck_assert_uint_eq(who, 3);
  y[2] = 2.8;
  ck_assert_int_eq(gr_psclaim_state_who(3, x, y, 1.5, 0.5, &who), GR_PSCLAIM_DETACHED);
  ck_assert_uint_eq(who, 2);
  y[2] = 0.0;
  x[2] = 0.3;
  ck_assert_int_eq(gr_psclaim_state_who(3, x, y, 1.5, 0.5, &who), GR_PSCLAIM_OVERLAP);
  ck_assert_uint_eq(who, 1); /* 0.3 from particle 1 (0.6) and from 2 */
  x[2] = NAN;
  ck_assert_int_eq(gr_psclaim_state(3, x, y, 1.5, 0.5), GR_PSCLAIM_DIVERGED);
  ck_assert_str_eq(gr_psclaim_state_name(GR_PSCLAIM_DETACHED), "detached");
}
END_TEST

/* The closest pair; the leap-frog's limit of one bond: at the returned
 * distance omega dt = 2 (Section 4's law at dt = 1e-3: about 0.5, far
 * inside the bond's rest length 1.077), a stiffer law or a longer step
 * moves it out, a shorter step in; bad laws give NaN. */
START_TEST(test_closest_and_leapfrog_limit)
{
  const double x[3] = {0.0, 1.0, 0.0}, y[3] = {0.0, 0.0, 0.6};
  double r = gr_psclaim_leapfrog_limit(6, 4, 2500.0, 2900.0, 1.0, 1e-3), f1, om;
  ck_assert_double_eq_tol(gr_psclaim_closest(3, x, y), 0.6, 1e-15);
  ck_assert(isinf(gr_psclaim_closest(1, x, y)));
  f1 = -6.0 * 2900.0 / pow(r, 7) + 4.0 * 2500.0 / pow(r, 5);
  om = sqrt(2.0 * fabs(f1));
  ck_assert_double_eq_tol(om * 1e-3, 2.0, 1e-9);
  ck_assert(r > 0.45 && r < 0.55);
  ck_assert(gr_psclaim_leapfrog_limit(20, 17, 2500.0, 2900.0, 1.0, 1e-3) > r);
  ck_assert(gr_psclaim_leapfrog_limit(6, 4, 2500.0, 2900.0, 1.0, 1e-2) > r);
  ck_assert(gr_psclaim_leapfrog_limit(6, 4, 2500.0, 2900.0, 1.0, 1e-4) < r);
  ck_assert_double_eq_tol(gr_psclaim_leapfrog_limit(6, 4, 2500.0, 2900.0, 1.0, 1.0), sqrt(1.16), 1e-12);
  ck_assert(isnan(gr_psclaim_leapfrog_limit(4, 4, 2500.0, 2900.0, 1.0, 1e-3)));
  ck_assert(isnan(gr_psclaim_leapfrog_limit(6, 4, 2500.0, 2900.0, 1.0, 0.0)));
}
END_TEST

/* A bonded pair on the floor under the law of Section 4: dt = 1e-4 holds
 * for 2000 steps and changes its coordinates in the third place or finer;
 * dt = 0.05 (omega dt about 4, beyond the leap-frog's limit 2) does not
 * hold together. */
START_TEST(test_state_of_runs)
{
  const struct gr_psolid_opts base = {
    .pf = {.G = 2500.0, .H = 2900.0, .alpha = 6, .beta = 4, .cutoff = 1.5, .sign = 1,
           .sum = GR_PAIRFORCE_SUM_LISTING},
    .lf = {.dt = 1e-4, .g = 32.0, .start = GR_LEAPFROG_START_FULL, .floor = 1, .floor_e = 0.1},
  };
  struct gr_psolid_opts o = base;
  const double x[2] = {-0.5385, 0.5385}, y[2] = {0.0, 0.0};
  double lo[4], hi[4];
  struct gr_psclaim_places pl;
  struct gr_psolid *s;
  long k;
  int st = GR_PSCLAIM_HELD;
  ck_assert_int_eq(gr_psolid_new(&s, 2, x, y, 1.0, &o), GR_OK);
  gr_psclaim_range_reset(2, lo, hi);
  for (k = 0; k < 2000; k++) {
    ck_assert_int_eq(gr_psolid_run(s, 1), 0);
    gr_psclaim_range_add(2, s->lf->x, s->lf->y, lo, hi);
    st = st ? st : gr_psclaim_state(2, s->lf->x, s->lf->y, 1.5, 0.5);
  }
  gr_psclaim_places(2, lo, hi, &pl);
  ck_assert_int_eq(st, GR_PSCLAIM_HELD);
  ck_assert_int_ge(pl.coarsest, 3);
  gr_psolid_free(s);
  o.lf.dt = 0.05;
  ck_assert_int_eq(gr_psolid_new(&s, 2, x, y, 1.0, &o), GR_OK);
  s->lf->x[1] += 0.01;
  for (k = 0; k < 200 && st == GR_PSCLAIM_HELD; k++) {
    gr_psolid_run(s, 1);
    st = gr_psclaim_state(2, s->lf->x, s->lf->y, 1.5, 0.5);
  }
  ck_assert_int_ne(st, GR_PSCLAIM_HELD);
  gr_psolid_free(s);
}
END_TEST

/* The psclaim suite. */
static Suite *psclaim_suite(void)
{
  Suite *s = suite_create("psclaim");
  TCase *tc = tcase_create("places-words-states");
  tcase_add_test(tc, test_place);
  tcase_add_test(tc, test_only_third_place);
  tcase_add_test(tc, test_most_third_few_second);
  tcase_add_test(tc, test_empty_and_nan_window);
  tcase_add_test(tc, test_words);
  tcase_add_test(tc, test_state_synthetic);
  tcase_add_test(tc, test_closest_and_leapfrog_limit);
  tcase_add_test(tc, test_state_of_runs);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(psclaim_suite, 0)
