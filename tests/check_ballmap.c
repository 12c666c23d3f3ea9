/* Check suite for src/physics/ballmap.c: the completely inelastic ball on
 * a sinusoidal plate (Mehta & Luck 1990; Melo et al., PRL 75, 3838
 * (1995); Bizon et al., PRL 80, 57 (1998)).  Closed forms: the flight of
 * exactly one (two) plate periods at Gamma = sqrt(1 + n^2 pi^2), the
 * small-Gamma flight 4 sqrt(Gamma^2 - 1), the period doublings at
 * sqrt(4 + n^2 pi^2) (multiplier 1 - Gamma sin(phi) = -1 with
 * Gamma cos(phi) = n pi); the doublings computed two independent ways
 * (bisection on the iterated map's period; bisection on the numerically
 * differentiated multiplier of the numerically found fixed point); the
 * landing against a brute-force scan of the gap. */
#include <check.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>

#include "physics/ballmap.h"
#include "status.h"
#include "tests/check_run.h"

/* Flight of exactly n plate periods at sqrt(1 + n^2 pi^2), from rest. */
START_TEST(test_whole_periods)
{
  int n;
  for (n = 1; n <= 2; n++) {
    double g = sqrt(1.0 + n * n * M_PI * M_PI), s;
    ck_assert_int_eq(gr_ball_land(g, gr_ball_takeoff_phase(g), &s), GR_OK);
    ck_assert_msg(fabs(s - 2.0 * M_PI * n) < 1e-8, "n = %d: flight %.15g", n, s);
    /* just below, the flight is shorter than n periods */
    ck_assert_int_eq(gr_ball_land(g - 1e-3, gr_ball_takeoff_phase(g - 1e-3), &s), GR_OK);
    ck_assert_msg(s < 2.0 * M_PI * n - 1e-4, "n = %d: flight below %.15g", n, s);
  }
}
END_TEST

/* Below sqrt(1 + pi^2): s solves the gap equation, no earlier zero on a
 * fine scan, the flight grows with Gamma, and s / (4 sqrt(Gamma^2 - 1))
 * tends to 1 as Gamma -> 1 (h ~ Gamma cos(phi0) s^3/6 - s^4/24). */
START_TEST(test_flight_below)
{
  double g, prev = 0.0, s;
  for (g = 1.05; g < sqrt(1.0 + M_PI * M_PI); g += 0.05) {
    double p0 = gr_ball_takeoff_phase(g), u;
    ck_assert_int_eq(gr_ball_land(g, p0, &s), GR_OK);
    ck_assert_msg(fabs(gr_ball_gap(g, p0, s)) < 1e-12 * g, "gap at landing %g", gr_ball_gap(g, p0, s));
    for (u = s / 4000.0; u < s * (1.0 - 1e-6); u += s / 4000.0)
      gr_ck_each(gr_ball_gap(g, p0, u) > 0.0, "Gamma %g: gap <= 0 at %g before %g", g, u, s);
    ck_assert_msg(s > prev, "flight not increasing at %g", g);
    prev = s;
  }
  for (g = 1.01; g > 1.00001; g = 1.0 + (g - 1.0) / 10.0) {
    ck_assert_int_eq(gr_ball_land(g, gr_ball_takeoff_phase(g), &s), GR_OK);
    ck_assert_msg(fabs(s / (4.0 * sqrt(g * g - 1.0)) - 1.0) < 3.0 * sqrt(g - 1.0),
                  "Gamma %g: s %g, 4 sqrt(G^2 - 1) %g", g, s, 4.0 * sqrt(g * g - 1.0));
  }
}
END_TEST

/* Sign changes of the gap on a scan of step du up to smax (at most 3). */
static int crossings(double g, double phi, double du, double smax, double *first)
{
  double u, prev = gr_ball_gap(g, phi, du);
  int n = 0;
  for (u = 2.0 * du; u < smax && n < 3; u += du) {
    double v = gr_ball_gap(g, phi, u);
    if ((v > 0.0) != (prev > 0.0) && n++ == 0)
      *first = u;
    prev = v;
  }
  return n;
}

/* A grazing landing: from a take-off whose parabola dips through the
 * plate and out again before its final landing (Gamma 12.34), bisect the
 * phase to where the dip just touches; on the dipping side the landing is
 * the dip, not the final crossing. */
START_TEST(test_grazing_landing)
{
  double g = 12.337287041593514, a = 1.3387293672088758, b = 1.25, first = 0.0, s;
  int k;
  ck_assert_int_eq(crossings(g, a, 1e-3, 30.0, &first), 3);
  ck_assert_int_eq(crossings(g, b, 1e-3, 30.0, &first), 1);
  for (k = 0; k < 30; k++) {
    double m = 0.5 * (a + b);
    if (crossings(g, m, 1e-4, 30.0, &first) == 3)
      a = m;
    else
      b = m;
  }
  ck_assert_int_eq(crossings(g, a, 1e-4, 30.0, &first), 3);
  ck_assert_int_eq(gr_ball_land(g, a, &s), GR_OK);
  ck_assert_msg(fabs(s - first) < 2e-4, "grazing: landing %.8g, the dip at %.8g", s, first);
}
END_TEST

/* Random take-offs: the landing is the first sign change of a scan;
 * Gamma up to 13, where flights dip through the plate and out again. */
START_TEST(test_earliest_landing)
{
  unsigned k, seed = 12345u;
  for (k = 0; k < 600; k++) {
    double g, p0, phi, s, u, du = 1e-3;
    seed = seed * 1103515245u + 12345u;
    g = (k < 300 ? 1.1 : 10.0) + (k < 300 ? 8.0 : 3.0) * (double)(seed >> 8) / 16777216.0;
    seed = seed * 1103515245u + 12345u;
    p0 = gr_ball_takeoff_phase(g);
    phi = p0 + (M_PI - 2.0 * p0) * (double)(seed >> 8) / 16777216.0;
    ck_assert_int_eq(gr_ball_land(g, phi, &s), GR_OK);
    for (u = du; u < s - du; u += du)
      gr_ck_each(gr_ball_gap(g, phi, u) > 0.0, "G %g phi %g: scan zero at %g < %g", g, phi, u, s);
    ck_assert_msg(gr_ball_gap(g, phi, s + du) < 0.0 || gr_ball_gap(g, phi, s) <= 0.0,
                  "G %g phi %g: no crossing at %g", g, phi, s);
  }
}
END_TEST

/* The implicit derivative against a central difference of the landing. */
START_TEST(test_dpsi)
{
  double g = 4.2, phi = 0.5, s, sp, sm, d = 1e-6, fd;
  ck_assert_int_eq(gr_ball_land(g, phi, &s), GR_OK);
  ck_assert_int_eq(gr_ball_land(g, phi + d, &sp), GR_OK);
  ck_assert_int_eq(gr_ball_land(g, phi - d, &sm), GR_OK);
  fd = ((phi + d + sp) - (phi - d + sm)) / (2.0 * d);
  ck_assert_msg(fabs(gr_ball_dpsi(g, phi, s) - fd) < 1e-6, "dpsi %g, difference %g",
                gr_ball_dpsi(g, phi, s), fd);
}
END_TEST

/* Way 2: the fixed point of flight 2 n pi found by bisection on the
 * landing (not the closed form), its multiplier by a central difference of
 * the landing phase; returns multiplier + 1. */
static double mult_plus_one(double g, int n)
{
  double lo = gr_ball_takeoff_phase(g), hi = 0.5 * M_PI, s, sp, sm, d = 1e-7;
  int k;
  for (k = 0; k < 60; k++) {
    double m = 0.5 * (lo + hi);
    ck_assert_int_eq(gr_ball_land(g, m, &s), GR_OK);
    if (s > 2.0 * M_PI * n) /* later take-off, slower plate: shorter flight */
      lo = m;
    else
      hi = m;
  }
  ck_assert_int_eq(gr_ball_land(g, lo + d, &sp), GR_OK);
  ck_assert_int_eq(gr_ball_land(g, lo - d, &sm), GR_OK);
  return ((lo + d + sp) - (lo - d + sm)) / (2.0 * d) + 1.0;
}

/* The doublings: closed form, the multiplier's root (way 2) and
 * bisection on the iterated map's period (way 1) agree. */
START_TEST(test_doublings)
{
  int n;
  for (n = 1; n <= 2; n++) {
    double exact = sqrt(4.0 + n * n * M_PI * M_PI), lo = sqrt(1.0 + n * n * M_PI * M_PI) + 1e-3;
    double hi = exact + 0.3, w1, lo2 = lo, hi2 = hi;
    int k;
    for (k = 0; k < 40; k++) {
      double m = 0.5 * (lo2 + hi2);
      if (mult_plus_one(m, n) > 0.0)
        lo2 = m;
      else
        hi2 = m;
    }
    ck_assert_msg(fabs(0.5 * (lo2 + hi2) - exact) < 1e-5, "n %d: multiplier root %.10g, exact %.10g",
                  n, 0.5 * (lo2 + hi2), exact);
    ck_assert_int_eq(gr_ball_bisect_period(lo, hi, n, 20000, 1e-6, 1e-6, &w1), GR_OK);
    ck_assert_msg(fabs(w1 - exact) < 1e-3, "n %d: period bisection %.10g, exact %.10g", n, w1, exact);
  }
}
END_TEST

/* Periods seen from the iterated map: 1 cycle below the doubling, 2 above. */
START_TEST(test_periods)
{
  long c;
  ck_assert_int_eq(gr_ball_cycles(3.0, 2000, 64, 1e-6, &c), GR_OK);
  ck_assert_int_eq(c, 1);
  ck_assert_int_eq(gr_ball_cycles(4.0, 2000, 64, 1e-6, &c), GR_OK);
  ck_assert_int_eq(c, 2);
  ck_assert_int_eq(gr_ball_cycles(5.0, 2000, 64, 1e-6, &c), GR_OK);
  ck_assert_int_eq(c, 2);
  ck_assert_int_eq(gr_ball_cycles(7.0, 2000, 64, 1e-6, &c), GR_OK);
  ck_assert_int_eq(c, 4);
}
END_TEST

START_TEST(test_bad_input)
{
  double s, g;
  long c;
  ck_assert_int_eq(gr_ball_land(1.0, 0.3, &s), GR_EINPUT);
  ck_assert_int_eq(gr_ball_land(NAN, 0.3, &s), GR_EINPUT);
  ck_assert_int_eq(gr_ball_land(3.0, -0.5, &s), GR_EINPUT); /* plate pushes up: no take-off */
  ck_assert_int_eq(gr_ball_bisect_period(3.8, 3.9, 1, 100, 1e-6, 1e-3, &g), GR_EINPUT);
  ck_assert_int_eq(gr_ball_cycles(3.0, 10, 1000, 1e-6, &c), GR_EINPUT);
}
END_TEST

/* The suite. */
static Suite *ballmap_suite(void)
{
  Suite *s = suite_create("ballmap");
  TCase *tc = tcase_create("ballmap");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_whole_periods);
  tcase_add_test(tc, test_flight_below);
  tcase_add_test(tc, test_earliest_landing);
  tcase_add_test(tc, test_grazing_landing);
  tcase_add_test(tc, test_dpsi);
  tcase_add_test(tc, test_doublings);
  tcase_add_test(tc, test_periods);
  tcase_add_test(tc, test_bad_input);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(ballmap_suite, 0)
