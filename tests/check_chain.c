/* Check suite for src/physics/chain.c, chainrule.c and chaintheory.c: the
 * event-driven row of spheres of ARGESIM C12 against closed forms, exact
 * small cases and invariants. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "physics/chain.h"
#include "physics/chainrule.h"
#include "physics/chaintheory.h"
#include "tests/check_run.h"

/* e = 1: Newton's cradle, collisions at t = 1, 2, 3 between pairs 0, 1, 2,
 * final velocities 0, 0, 0, 1 (closed form). */
START_TEST(test_elastic_cradle)
{
  struct gr_chain c;
  struct gr_chain_event ev;
  struct gr_chain_result r;
  int k;
  ck_assert_int_eq(gr_chain_init_c12(&c, 1.0, 1.0, 1.0), GR_OK);
  for (k = 0; k < 3; k++) {
    ck_assert_int_eq(gr_chain_step(&c, &ev), 1);
    ck_assert_int_eq(ev.pair, k);
    ck_assert_double_eq_tol(ev.t, k + 1.0, 1e-15);
  }
  ck_assert_int_eq(gr_chain_step(&c, &ev), 0);
  ck_assert_int_eq(gr_chain_init_c12(&c, 1.0, 1.0, 1.0), GR_OK);
  gr_chain_solve(&c, 1000, &r);
  ck_assert_int_eq(r.end, GR_CHAIN_SEPARATED);
  ck_assert_int_eq(r.ncoll, 3);
  ck_assert_double_eq_tol(r.v[0], 0.0, 1e-15);
  ck_assert_double_eq_tol(r.v[1], 0.0, 1e-15);
  ck_assert_double_eq_tol(r.v[2], 0.0, 1e-15);
  ck_assert_double_eq_tol(r.v[3], 1.0, 1e-15);
}
END_TEST

/* Each collision conserves momentum and loses (1 - e^2) u^2 / 4 of kinetic
 * energy (equal unit masses, closing speed u), on random rows. */
START_TEST(test_collision_invariants)
{
  struct gr_chain c;
  double gap[GR_CHAIN_MAX], v[GR_CHAIN_MAX], e, p0, p1, k0, k1, u, t;
  int trial, i, k, n, pair;
  srand(12345);
  for (trial = 0; trial < 200; trial++) {
    n = 2 + rand() % 7;
    e = (double)rand() / RAND_MAX;
    for (i = 0; i < n; i++) {
      v[i] = 2.0 * rand() / RAND_MAX - 1.0;
      gap[i] = (double)rand() / RAND_MAX;
    }
    ck_assert_int_eq(gr_chain_init(&c, n, gap, v, e), GR_OK);
    for (i = 0; i < 20; i++) {
      t = gr_chain_next(&c, &pair);
      if (pair < 0)
        break;
      u = gr_chain_velocity(&c, pair) - gr_chain_velocity(&c, pair + 1);
      ck_assert(u > 0.0 && t >= 0.0);
      for (p0 = 0.0, k = 0; k < n; k++) p0 += gr_chain_velocity(&c, k);
      k0 = gr_chain_energy(&c);
      gr_chain_step(&c, NULL);
      for (p1 = 0.0, k = 0; k < n; k++) p1 += gr_chain_velocity(&c, k);
      k1 = gr_chain_energy(&c);
      ck_assert_double_eq_tol(p1, p0, 1e-13);
      ck_assert_double_eq_tol(k0 - k1, 0.25 * (1.0 - e * e) * u * u, 1e-13);
    }
  }
}
END_TEST

/* For e >= 0.4 only the first three collisions reach sphere 4, so the
 * final v4 = ((1+e)/2)^3 (closed form behind task c1); at e = 4^(1/3) - 1
 * it is exactly 1/2. */
START_TEST(test_v4_closed_form)
{
  struct gr_chain c;
  struct gr_chain_result r;
  double e;
  for (e = 0.4; e <= 1.0; e += 0.01) {
    ck_assert_int_eq(gr_chain_init_c12(&c, 1.0, 1.0, e), GR_OK);
    gr_chain_solve(&c, 100000, &r);
    ck_assert_int_eq(r.end, GR_CHAIN_SEPARATED);
    ck_assert_double_eq_tol(r.v[3], pow(0.5 * (1.0 + e), 3), 1e-15);
  }
  ck_assert_int_eq(gr_chain_init_c12(&c, 1.0, 1.0, cbrt(4.0) - 1.0), GR_OK);
  gr_chain_solve(&c, 100000, &r);
  ck_assert_double_eq_tol(r.v[3], 0.5, 1e-15);
}
END_TEST

/* Collision counts near the collapse threshold equal those of exact
 * rational arithmetic (tests/exact_chain.py): the relative-coordinate
 * solver keeps full precision where absolute velocities would not. */
START_TEST(test_exact_counts)
{
  static const struct { double e; long n; } cases[] = {
    {0.172, 115}, {0.173, 63}, {0.174, 50}, {0.1745, 43}, {0.175, 40},
    {0.176, 35}, {0.177, 31}, {0.18, 25}, {0.2, 13}, {0.5, 6}};
  struct gr_chain c;
  struct gr_chain_result r;
  size_t i;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ck_assert_int_eq(gr_chain_init_c12(&c, 1.0, 1.0, cases[i].e), GR_OK);
    gr_chain_solve(&c, 1000000, &r);
    ck_assert_int_eq(r.end, GR_CHAIN_SEPARATED);
    ck_assert_int_eq(r.ncoll, cases[i].n);
  }
}
END_TEST

/* Below the threshold every run ends: collapse is recognised (periodic or
 * chaotic), never looped on, and the common final velocity is 1/4. */
START_TEST(test_collapse_terminates)
{
  static const double es[] = {0.0, 0.01, 0.05, 0.07, 0.0811, 0.1, 0.12, 0.15, 0.17, 0.1715};
  struct gr_chain c;
  struct gr_chain_result r;
  size_t i;
  int k;
  for (i = 0; i < sizeof es / sizeof es[0]; i++) {
    ck_assert_int_eq(gr_chain_init_c12(&c, 1.0, 1.0, es[i]), GR_OK);
    gr_chain_solve(&c, 2000000, &r);
    ck_assert_msg(r.end == GR_CHAIN_COLLAPSED, "e = %g ended %d", es[i], r.end);
    ck_assert(r.ncollapse >= 1);
    ck_assert(r.t_collapse > 0.0 && r.t_collapse <= r.t_last);
    for (k = 0; k < 4; k++)
      ck_assert_double_eq_tol(r.v[k], 0.25, 1e-15);
  }
}
END_TEST

/* Mirror symmetry: x -> -x maps sphere i to n-1-i and v to -v. */
START_TEST(test_mirror)
{
  double g[3] = {0.7, 1.3, 0.4}, va[4] = {1.0, 0.2, -0.3, -0.5}, vb[4];
  double ga[3], e;
  struct gr_chain a, b;
  struct gr_chain_result ra, rb;
  int i;
  for (i = 0; i < 4; i++)
    vb[i] = -va[3 - i];
  for (i = 0; i < 3; i++)
    ga[i] = g[2 - i];
  for (e = 0.3; e <= 1.0; e += 0.1) {
    ck_assert_int_eq(gr_chain_init(&a, 4, g, va, e), GR_OK);
    ck_assert_int_eq(gr_chain_init(&b, 4, ga, vb, e), GR_OK);
    gr_chain_solve(&a, 100000, &ra);
    gr_chain_solve(&b, 100000, &rb);
    ck_assert_int_eq(ra.ncoll, rb.ncoll);
    for (i = 0; i < 4; i++)
      ck_assert_double_eq_tol(ra.v[i], -rb.v[3 - i], 1e-14);
  }
}
END_TEST

/* Bad arguments are refused. */
START_TEST(test_bad_init)
{
  struct gr_chain c;
  double g[3] = {1, 1, 1}, v[4] = {1, 0, 0, 0};
  ck_assert_int_eq(gr_chain_init(&c, 1, g, v, 0.5), GR_EINPUT);
  ck_assert_int_eq(gr_chain_init(&c, GR_CHAIN_MAX + 1, g, v, 0.5), GR_EINPUT);
  ck_assert_int_eq(gr_chain_init(&c, 4, g, v, 1.5), GR_EINPUT);
  ck_assert_int_eq(gr_chain_init(&c, 4, g, v, -0.1), GR_EINPUT);
  g[1] = -1.0;
  ck_assert_int_eq(gr_chain_init(&c, 4, g, v, 0.5), GR_EINPUT);
}
END_TEST

/* The collapse pattern found at e = 0.16 has period 8; its period map's
 * discriminant changes sign at e* = 3 - 2 sqrt 2 = (sqrt 2 - 1)^2. */
START_TEST(test_threshold_theory)
{
  struct gr_chain c;
  struct gr_chain_result r;
  double es = 3.0 - 2.0 * sqrt(2.0);
  ck_assert_int_eq(gr_chain_init_c12(&c, 1.0, 1.0, 0.16), GR_OK);
  gr_chain_solve(&c, 1000000, &r);
  ck_assert_int_eq(r.end, GR_CHAIN_COLLAPSED);
  ck_assert_int_eq(r.period, 8);
  ck_assert(r.contraction > 0.0 && r.contraction < 1.0);
  ck_assert(gr_chaintheory_discriminant(es - 1e-9, r.pattern, r.period) > 0.0);
  ck_assert(gr_chaintheory_discriminant(es + 1e-9, r.pattern, r.period) < 0.0);
}
END_TEST

/* The published stopping rule agrees with the exact solver where nothing
 * is close to round-off (e = 1 and e = 0.5), and stops on ties. */
START_TEST(test_published_rule)
{
  struct gr_chain_result r, x;
  struct gr_chain c;
  int i;
  gr_chainrule_run_c12(&gr_chainrule_published, 1.0, 1.0, 1.0, 1.0, 1000, &r);
  ck_assert_int_eq(r.end, GR_CHAIN_SEPARATED);
  ck_assert_int_eq(r.ncoll, 3);
  ck_assert_double_eq_tol(r.v[3], 1.0, 1e-15);
  gr_chainrule_run_c12(&gr_chainrule_published, 1.0, 1.0, 1.0, 0.5, 1000, &r);
  ck_assert_int_eq(gr_chain_init_c12(&c, 1.0, 1.0, 0.5), GR_OK);
  gr_chain_solve(&c, 1000, &x);
  ck_assert_int_eq(r.ncoll, x.ncoll);
  for (i = 0; i < 4; i++)
    ck_assert_double_eq_tol(r.v[i], x.v[i], 1e-15);
  gr_chainrule_run_c12(&gr_chainrule_published, 1.0, 1.0, 1.0, 0.05, 100000, &r);
  ck_assert_int_eq(r.end, GR_CHAIN_AMBIGUOUS);
}
END_TEST

/* v4 = ((1+e)/2)^3, e ~ N(mu, sigma): the closed-form moments against a
 * direct quadrature of the normal density (Simpson, z in [-12, 12]);
 * sigma = 0 is the point value; inferring (mu, sigma) back from the
 * moments returns them. */
START_TEST(test_v4_moments_and_inverse)
{
  double mu = 0.5, sigma = 0.05, m, sd, m1 = 0.0, m2 = 0.0, z, w, x, h = 1e-3, imu, isig;
  int k, n = 24000;
  gr_chaintheory_v4_moments(mu, sigma, &m, &sd);
  for (k = 0; k <= n; k++) {
    z = -12.0 + k * h;
    w = (k == 0 || k == n ? 1.0 : k % 2 ? 4.0 : 2.0) * h / 3.0 * exp(-0.5 * z * z) / sqrt(2.0 * 3.14159265358979323846);
    x = pow(0.5 * (1.0 + mu + sigma * z), 3.0);
    m1 += w * x;
    m2 += w * x * x;
  }
  ck_assert_double_eq_tol(m, m1, 1e-13);
  ck_assert_double_eq_tol(sd, sqrt(m2 - m1 * m1), 1e-10);
  gr_chaintheory_v4_moments(0.3, 0.0, &m, &sd);
  ck_assert_double_eq_tol(m, pow(0.65, 3.0), 1e-15);
  ck_assert_double_eq_tol(sd, 0.0, 1e-15);
  gr_chaintheory_v4_moments(0.52, 0.07, &m, &sd);
  ck_assert_int_eq(gr_chaintheory_v4_infer(m, sd, &imu, &isig), GR_OK);
  ck_assert_double_eq_tol(imu, 0.52, 1e-9);
  ck_assert_double_eq_tol(isig, 0.07, 1e-9);
}
END_TEST

/* The chain suite. */
static Suite *chain_suite(void)
{
  Suite *s = suite_create("chain");
  TCase *tc = tcase_create("collisions-invariants-exact-counts");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_elastic_cradle);
  tcase_add_test(tc, test_collision_invariants);
  tcase_add_test(tc, test_v4_closed_form);
  tcase_add_test(tc, test_exact_counts);
  tcase_add_test(tc, test_collapse_terminates);
  tcase_add_test(tc, test_mirror);
  tcase_add_test(tc, test_bad_init);
  tcase_add_test(tc, test_threshold_theory);
  tcase_add_test(tc, test_published_rule);
  tcase_add_test(tc, test_v4_moments_and_inverse);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(chain_suite, 0)
