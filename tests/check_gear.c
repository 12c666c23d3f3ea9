/* Check suite for src/physics/gear.c: the Gear predictor-corrector of
 * Buchholtz & Poeschel (1993), Appendix A, in the standard 5- and 6-value
 * forms (Gear 1971; Allen & Tildesley 1987, appendix E): coefficients,
 * polynomial exactness (free fall), measured global order on a harmonic
 * and a damped oscillator, and the appendix's corrector as printed. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "physics/gear.h"
#include "tests/check_run.h"

/* log-log slope of the error at t = 10 between dt = 0.04 and 0.01. */
static double order(int nv, double z, int exact)
{
  double e1 = 0, e2 = 0;
  ck_assert_int_eq(gr_gear_oscillator_error(nv, 0, z, 0.04, 10.0, exact, &e1), GR_OK);
  ck_assert_int_eq(gr_gear_oscillator_error(nv, 0, z, 0.01, 10.0, exact, &e2), GR_OK);
  return log(e1 / e2) / log(4.0);
}

START_TEST(test_coefficients)
{
  double c[6];
  ck_assert_int_eq(gr_gear_coefficients(5, 0, c), 0);
  ck_assert(c[2] == 1.0 && fabs(c[0] - 19.0 / 120.0) < 1e-16 && c[1] == 0.75 &&
            c[3] == 0.5 && fabs(c[4] - 1.0 / 12.0) < 1e-16);
  ck_assert_int_eq(gr_gear_coefficients(6, 0, c), 0);
  ck_assert(c[2] == 1.0 && c[0] == 0.15 && fabs(c[1] - 251.0 / 360.0) < 1e-16 &&
            fabs(c[5] - 1.0 / 60.0) < 1e-16);
  ck_assert_int_eq(gr_gear_coefficients(6, GR_GEAR_VELOCITY, c), 0);
  ck_assert(c[0] == 3.0 / 16.0);
  ck_assert_int_eq(gr_gear_coefficients(4, 0, c), 2);
}
END_TEST

/* Free fall from (x0, v0) under g: both forms give x0 + v0 t + g t^2/2 to
 * round-off after 10^4 steps (the predictor is exact on a parabola and the
 * corrector sees D = 0); the printed corrector does not. */
START_TEST(test_free_fall)
{
  int nv, k;
  for (nv = 5; nv <= 6; nv++) {
    struct gr_gear g, p;
    double a = -9.81, dt = 1e-4, t;
    ck_assert_int_eq(gr_gear_init(&g, nv, 0, 1, dt), 0);
    ck_assert_int_eq(gr_gear_init(&p, nv, GR_GEAR_PRINTED, 1, dt), 0);
    gr_gear_set(&g, 0, 2.0, 0.5, a);
    gr_gear_set(&p, 0, 2.0, 0.5, a);
    for (k = 0; k < 10000; k++) {
      gr_gear_predict(&g);
      gr_gear_correct(&g, &a);
      gr_gear_predict(&p);
      gr_gear_correct(&p, &a);
    }
    t = 10000 * dt;
    ck_assert_double_eq_tol(g.x[0][0], 2.0 + 0.5 * t + 0.5 * a * t * t, 1e-12);
    ck_assert_double_eq_tol(gr_gear_velocity(&g, 0), 0.5 + a * t, 1e-10);
    ck_assert_double_eq_tol(gr_gear_acceleration(&g, 0), a, 1e-9);
    ck_assert(fabs(p.x[0][0] - (2.0 + 0.5 * t + 0.5 * a * t * t)) > 1e-3);
    gr_gear_free(&g);
    gr_gear_free(&p);
  }
}
END_TEST

/* A quartic trajectory x = t^4: the acceleration 12 t^2 is a polynomial of
 * degree 2; both forms reproduce x exactly up to round-off. */
START_TEST(test_polynomial)
{
  int nv, k;
  for (nv = 5; nv <= 6; nv++) {
    struct gr_gear g;
    double dt = 1e-2, a, t = 0.0;
    ck_assert_int_eq(gr_gear_init(&g, nv, 0, 1, dt), 0);
    gr_gear_set(&g, 0, 0.0, 0.0, 0.0);
    g.x[3][0] = 0.0;                  /* x(0) = x'(0) = x''(0) = x'''(0) = 0 */
    g.x[4][0] = dt * dt * dt * dt;    /* dt^4/4! * 24 */
    for (k = 0; k < 200; k++) {
      gr_gear_predict(&g);
      t += dt;
      a = 12.0 * t * t;
      gr_gear_correct(&g, &a);
    }
    ck_assert_double_eq_tol(g.x[0][0], pow(200 * dt, 4), 1e-9);
    gr_gear_free(&g);
  }
}
END_TEST

/* Measured global order on x'' = -x (z = 0) and a damped oscillator
 * (z = 0.2, the force depends on the predicted velocity), started from
 * exact derivatives: 5-value 5 and 4, 6-value 6 and 5.  Started with
 * zero third and higher derivatives (as a simulation starts), the damped
 * oscillator's order drops to 2 for both forms (the start error of the
 * third derivative, 2 z, dominates). */
START_TEST(test_order)
{
  double o5 = order(5, 0.0, 1), o6 = order(6, 0.0, 1);
  double d5 = order(5, 0.2, 1), d6 = order(6, 0.2, 1);
  double s5 = order(5, 0.2, 0), s6 = order(6, 0.2, 0);
  ck_assert_msg(fabs(o5 - 5.0) < 0.3, "5-value harmonic order %g", o5);
  ck_assert_msg(fabs(o6 - 6.0) < 0.3, "6-value harmonic order %g", o6);
  ck_assert_msg(fabs(d5 - 4.0) < 0.3, "5-value damped order %g", d5);
  ck_assert_msg(fabs(d6 - 5.0) < 0.3, "6-value damped order %g", d6);
  ck_assert_msg(fabs(s5 - 2.0) < 0.3 && fabs(s6 - 2.0) < 0.3,
                "zero-start damped orders %g %g", s5, s6);
}
END_TEST

/* The closed-form problems themselves: free fall is exact to round-off
 * for the standard corrector and off by more than a metre for the
 * printed one (1 s at 1e-4 s, as the variant table runs it); a harmonic
 * oscillator at a small step is exact to 1e-12; bad input is refused. */
START_TEST(test_closed_forms)
{
  int nv;
  double e = -1;
  for (nv = 5; nv <= 6; nv++) {
    ck_assert_int_eq(gr_gear_freefall_error(nv, 0, 1.0, 0.5, -9.81, 1e-4, 10000, &e), GR_OK);
    ck_assert_msg(e >= 0.0 && e < 1e-12, "%d-value free fall %g", nv, e);
    ck_assert_int_eq(gr_gear_freefall_error(nv, 0, 2.0, 0.5, -9.81, 1e-3, 2000, &e), GR_OK);
    ck_assert_msg(e >= 0.0 && e < 1e-11, "%d-value free fall, 2 s %g", nv, e);
    ck_assert_int_eq(gr_gear_freefall_error(nv, GR_GEAR_PRINTED, 1.0, 0.5, -9.81, 1e-4, 10000, &e),
                     GR_OK);
    ck_assert_msg(e > 1.0, "%d-value printed free fall %g", nv, e);
    ck_assert_int_eq(gr_gear_oscillator_error(nv, 0, 0.0, 1e-3, 10.0, 1, &e), GR_OK);
    ck_assert_msg(e >= 0.0 && e < 1e-12, "%d-value oscillator %g", nv, e);
  }
  ck_assert_int_eq(gr_gear_oscillator_error(5, 0, 1.0, 0.01, 10.0, 1, &e), GR_EINPUT);
  ck_assert_int_eq(gr_gear_oscillator_error(5, 0, 0.2, 0.01, 0.0, 1, &e), GR_EINPUT);
  ck_assert_int_eq(gr_gear_oscillator_error(4, 0, 0.2, 0.01, 10.0, 1, &e), GR_EINPUT);
  ck_assert_int_eq(gr_gear_freefall_error(5, 0, 0, 0, -9.81, 1e-4, -1, &e), GR_EINPUT);
  ck_assert_int_eq(gr_gear_freefall_error(5, 0, 0, 0, -9.81, 0.0, 10, &e), GR_EINPUT);
}
END_TEST

START_TEST(test_bad_input)
{
  struct gr_gear g;
  ck_assert_int_eq(gr_gear_init(&g, 7, 0, 1, 0.1), 2);
  ck_assert_int_eq(gr_gear_init(&g, 5, 0, 1, 0.0), 2);
  ck_assert_int_eq(gr_gear_init(&g, 5, 0, 1, NAN), 2);
}
END_TEST

/* The suite. */
static Suite *gear_suite(void)
{
  Suite *s = suite_create("gear");
  TCase *tc = tcase_create("gear");
  tcase_add_test(tc, test_coefficients);
  tcase_add_test(tc, test_free_fall);
  tcase_add_test(tc, test_polynomial);
  tcase_add_test(tc, test_order);
  tcase_add_test(tc, test_closed_forms);
  tcase_add_test(tc, test_bad_input);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(gear_suite, 0)
