/* Check suite for src/physics/bedlsoda.c: LSODA's itask = 1 for the GSL
 * steppers of the shaken bed (Wilson 2001, hpart.f txt 1377-1398) - the
 * cubic Hermite interpolant exact on cubics and of error order 4 on the
 * harmonic oscillator, the overshooting driver against the exact free
 * flight (with and without restarts), stepping past the output times, and
 * mxstep. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "physics/bed.h"
#include "physics/bedint.h"
#include "status.h"
#include "tests/check_bed.h"
#include "tests/check_run.h"

/* y_i = a_i + b_i t + c_i t^2 + d_i t^3: the interpolant is exact. */
START_TEST(test_hermite_cubic)
{
  static const double a[3] = {2, -1, 0.5}, b[3] = {-1, 3, 0}, c[3] = {3, 0.25, -2},
                      d[3] = {-0.5, 1, 4};
  double t0 = 0.3, t1 = 1.1, y0[3], f0[3], y1[3], f1[3], out[3], t;
  int i;
  for (i = 0; i < 3; i++) {
    y0[i] = a[i] + t0 * (b[i] + t0 * (c[i] + t0 * d[i]));
    y1[i] = a[i] + t1 * (b[i] + t1 * (c[i] + t1 * d[i]));
    f0[i] = b[i] + t0 * (2 * c[i] + 3 * t0 * d[i]);
    f1[i] = b[i] + t1 * (2 * c[i] + 3 * t1 * d[i]);
  }
  for (t = t0; t <= t1 + 0.05; t += 0.1) { /* and a little past t1 */
    gr_bedint_hermite(3, t0, y0, f0, t1, y1, f1, t, out);
    for (i = 0; i < 3; i++)
      ck_assert_double_eq_tol(out[i], a[i] + t * (b[i] + t * (c[i] + t * d[i])), 1e-13);
  }
}
END_TEST

/* x'' = -x, (x, v) = (cos t, -sin t): the error at mid-step falls as h^4
 * (ratio 16 when h halves). */
START_TEST(test_hermite_order)
{
  double h = 0.4, err[4], t0 = 0.7;
  int k;
  for (k = 0; k < 4; k++, h /= 2) {
    double t1 = t0 + h, tm = t0 + 0.5 * h, out[2];
    double y0[2] = {cos(t0), -sin(t0)}, f0[2] = {-sin(t0), -cos(t0)};
    double y1[2] = {cos(t1), -sin(t1)}, f1[2] = {-sin(t1), -cos(t1)};
    gr_bedint_hermite(2, t0, y0, f0, t1, y1, f1, tm, out);
    err[k] = fmax(fabs(out[0] - cos(tm)), fabs(out[1] + sin(tm)));
  }
  for (k = 1; k < 4; k++)
    ck_assert_msg(err[k - 1] / err[k] > 14.0 && err[k - 1] / err[k] < 18.0, "ratio %g",
                  err[k - 1] / err[k]);
}
END_TEST

/* Integrate one disk in free flight over [0, 2] in intervals dtout. */
static int flight(const struct gr_bedint_opts *o, double dtout, double *y,
                  struct gr_bedint_stats *st)
{
  struct gr_bed_model m = bed_model(1, 10.0);
  struct gr_bedint *it;
  double t = 0.0;
  int k, s = GR_OK, nk = (int)lround(2.0 / dtout);
  m.gravity = m.shake = m.lossy = 1;
  it = gr_bedint_new(&m, NULL, o);
  ck_assert(it != NULL);
  for (k = 1; k <= nk && s == GR_OK; k++)
    s = gr_bedint_interval(it, &t, k * dtout, y);
  gr_bedint_stats(it, st);
  gr_bedint_free(it);
  return s;
}

/* Overshoot + interpolate follows y = y0 + v0 t - g t^2/2 + A (1 - cos w t)
 * at tol 1e-10: to 1e-7 when the stepper runs on, to 1e-6 when it restarts
 * from each interpolated state (the cubic's error enters the trajectory, as
 * hpart's istate = 1 makes LSODA's); without restarts, short output
 * intervals need fewer steps than intervals (no landing on them). */
START_TEST(test_overshoot_flight)
{
  struct gr_bed_model m = bed_model(1, 10.0);
  struct gr_bedint_stats st;
  double w;
  int restart;
  m.shake = 1;
  w = gr_bed_omega(&m);
  for (restart = 0; restart < 2; restart++) {
    struct gr_bedint_opts o = {GR_BEDINT_MSADAMS, 1e-10, 0, restart, 0, 1};
    double y[4] = {3.0, 5.0, 0.7, 2.0};
    double b = restart ? 1e-6 : 1e-7;
    ck_assert_int_eq(flight(&o, 0.25, y, &st), GR_OK);
    ck_assert_msg(fabs(y[1] - (5.0 + m.amp * (1 - cos(2 * w)))) < b, "restart %d: %g", restart,
                  y[1] - (5.0 + m.amp * (1 - cos(2 * w))));
    ck_assert(fabs(y[3] - (2.0 - 4.0 + m.amp * w * sin(2 * w))) < 10 * b);
    ck_assert(fabs(y[0] - (3.0 + 1.4)) < b);
  }
  {
    struct gr_bedint_opts o = {GR_BEDINT_MSADAMS, 1e-6, 0, 0, 0, 1};
    double y[4] = {3.0, 5.0, 0.7, 2.0};
    ck_assert_int_eq(flight(&o, 0.01, y, &st), GR_OK);
    ck_assert_msg(st.steps < 200, "%lu steps for 200 intervals", st.steps);
  }
}
END_TEST

/* mxstep (LSODA's istate = -1): the interval fails where the stepper
 * stopped, before tout. */
START_TEST(test_overshoot_mxstep)
{
  struct gr_bedint_opts o = {GR_BEDINT_MSADAMS, 1e-12, 0, 1, 2, 1};
  struct gr_bed_model m = bed_model(1, 10.0);
  struct gr_bedint *it = gr_bedint_new(&m, NULL, &o);
  double y[4] = {3.0, 5.0, 0.7, 2.0}, t = 0.0;
  ck_assert(it != NULL);
  ck_assert_int_eq(gr_bedint_interval(it, &t, 1.0, y), GR_EFAIL);
  ck_assert(t > 0.0 && t < 1.0);
  ck_assert_double_eq_tol(y[0], 3.0 + 0.7 * t, 1e-9);
  gr_bedint_free(it);
}
END_TEST

/* The bedlsoda suite. */
static Suite *bedlsoda_suite(void)
{
  Suite *s = suite_create("bedlsoda");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_hermite_cubic);
  tcase_add_test(tc, test_hermite_order);
  tcase_add_test(tc, test_overshoot_flight);
  tcase_add_test(tc, test_overshoot_mxstep);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(bedlsoda_suite, 0)
