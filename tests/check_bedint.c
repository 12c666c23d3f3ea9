/* Check suite for src/physics/bedint.c, bedcontact.c, bedbounce.c: the
 * integrators of the shaken bed (Wilson 2001, section 4.2) against exact
 * solutions - free flight in the shaken box, energy conservation with the
 * damping off, the full energy balance closing, the low-speed restitution
 * and contact time of the linearised wall contact, the resting height,
 * LSODA's initial step and work-space formulas. */
#include <check.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/bed.h"
#include "physics/bedbounce.h"
#include "physics/bedcontact.h"
#include "physics/bedint.h"
#include "physics/lsoda.h"
#include "physics/wca.h"
#include "tests/check_bed.h"
#include "tests/check_run.h"


/* 12 disks on a 4 x 3 grid of spacing 2.2 with mixed velocities. */
static void grid(double *y, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++) {
    y[4 * i] = 1.4 + 2.2 * (double)(i % 4);
    y[4 * i + 1] = 1.4 + 2.2 * (double)(i / 4);
    y[4 * i + 2] = (double)((7 * i + 3) % 11) / 5.0 - 1.0;
    y[4 * i + 3] = (double)((5 * i + 2) % 11) / 5.0 - 1.0;
  }
}

/* Integrate y over [0, tend] in output intervals dtout. */
static void run(const struct gr_bed_model *m, int method, double tol, double dt,
                double *y, double tend, double dtout)
{
  struct gr_bedint_opts o = {method, tol, dt, 1, 0, 0};
  struct gr_bedint *it = gr_bedint_new(m, NULL, &o);
  double t = 0.0;
  int k, nk = (int)lround(tend / dtout);
  ck_assert(it != NULL);
  for (k = 1; k <= nk; k++)
    ck_assert_int_eq(gr_bedint_interval(it, &t, k * dtout, y), 0);
  gr_bedint_free(it);
}

/* y = y0 + v0 t - g t^2/2 + A (1 - cos w t), x = x0 + vx t (no contact). */
START_TEST(test_free_flight)
{
  static const struct { int method; double tol, dt, bound; } c[] = {
      {GR_BEDINT_RK8PD, 1e-12, 0, 1e-9}, {GR_BEDINT_MSADAMS, 1e-10, 0, 1e-7},
      {GR_BEDINT_MSBDF, 1e-10, 0, 1e-6}, {GR_BEDINT_VERLET, 0, 1e-3, 1e-5},
      {GR_BEDINT_LSODA, 1e-10, 0, 1e-7}};
  struct gr_bed_model m = bed_model(1, 10.0);
  size_t k;
  m.gravity = m.shake = m.lossy = 1;
  for (k = 0; k < sizeof c / sizeof c[0]; k++) {
    double y[4] = {3.0, 5.0, 0.7, 2.0}, t = 2.0, w = gr_bed_omega(&m);
    run(&m, c[k].method, c[k].tol, c[k].dt, y, t, 0.25);
    ck_assert_msg(fabs(y[1] - (5.0 + 2.0 * t - t * t + m.amp * (1 - cos(w * t)))) < c[k].bound,
                  "method %d: y = %.12g", c[k].method, y[1]);
    ck_assert(fabs(y[3] - (2.0 - 2.0 * t + m.amp * w * sin(w * t))) < 10 * c[k].bound);
    ck_assert(fabs(y[0] - (3.0 + 0.7 * t)) < c[k].bound);
  }
}
END_TEST

/* Damping off, no shaking, gravity on: energy is conserved by rk8pd to
 * 1e-9, by msadams at tol 1e-10 to 1e-6, by Verlet (dt 1e-3) to 1e-3. */
START_TEST(test_energy_conservation)
{
  static const struct { int method; double tol, dt, bound; } c[] = {
      {GR_BEDINT_RK8PD, 1e-13, 0, 1e-9}, {GR_BEDINT_MSADAMS, 1e-10, 0, 1e-6},
      {GR_BEDINT_VERLET, 0, 1e-3, 1e-3}};
  struct gr_bed_model m = bed_model(12, 10.0);
  size_t k;
  m.gravity = 1;
  for (k = 0; k < sizeof c / sizeof c[0]; k++) {
    double y[48], e0, e1;
    grid(y, m.n);
    e0 = gr_bed_energy(&m, y);
    run(&m, c[k].method, c[k].tol, c[k].dt, y, 10.0, 0.5);
    e1 = gr_bed_energy(&m, y);
    ck_assert_msg(fabs(e1 / e0 - 1) < c[k].bound, "method %d: %.3g", c[k].method, e1 / e0 - 1);
  }
}
END_TEST

/* Everything on (dissipative pairs, lossy walls, gravity, shaking): the
 * energy change equals shaking work minus dissipation, rk8pd tight. */
START_TEST(test_balance)
{
  struct gr_bed_model m = bed_model(12, 10.0);
  double y[51] = {0}, e0, e1, bal;
  int d;
  m.gravity = m.shake = m.lossy = m.augment = 1;
  for (d = GR_BED_DAMP_SUMMED; d <= GR_BED_DAMP_DISSIPATIVE; d++) {
    m.damp = d;
    m.gamma = 1.0; /* the summed (anti-dissipative) sign at 100 explodes */
    grid(y, m.n);
    y[48] = y[49] = y[50] = 0.0;
    e0 = gr_bed_energy(&m, y);
    run(&m, GR_BEDINT_RK8PD, 1e-13, 0, y, 5.0, 0.5);
    e1 = gr_bed_energy(&m, y);
    bal = e1 - e0 - (y[50] - y[48] - y[49]);
    ck_assert(y[49] > 0.0);
    ck_assert(d == GR_BED_DAMP_SUMMED ? y[48] < 0.0 : y[48] > 0.0);
    ck_assert_msg(fabs(bal) < 1e-8 * fabs(e0), "damp %d: balance %.3g", d, bal);
  }
}
END_TEST

/* Linear contact: without gravity e = exp(-pi z/sqrt(1-z^2)),
 * tc = pi/wd whatever v0; gravity lowers e and captures slow disks. */
START_TEST(test_linear_contact)
{
  double k = gr_wca_stiffness(&W), z = 1.0 / (2 * sqrt(k)), e, tc, e2, tc2;
  ck_assert_int_eq(gr_bedcontact_linear(k, 1.0, 0.0, 0.3, &e, &tc), 0);
  ck_assert_double_eq_tol(e, exp(-M_PI * z / sqrt(1 - z * z)), 1e-12);
  ck_assert_double_eq_tol(tc, M_PI / (sqrt(k) * sqrt(1 - z * z)), 1e-12);
  ck_assert_int_eq(gr_bedcontact_linear(k, 1.0, 2.0, 3.0, &e2, &tc2), 0);
  ck_assert(e2 < e && e2 > 0.0);
  ck_assert_int_eq(gr_bedcontact_linear(k, 1.0, 2.0, 1e-3, &e2, &tc2), 0);
  ck_assert(e2 == 0.0 && isinf(tc2));
  ck_assert_int_eq(gr_bedcontact_linear(k, 1.0, 0.0, -1.0, &e2, &tc2), 2);
  ck_assert_int_eq(gr_bedcontact_linear(k, 100.0, 0.0, 1.0, &e2, &tc2), 2);
}
END_TEST

/* The nonlinear bounce tends to the linear closed form at low speed (no
 * gravity) and is more elastic at high speed (stiffer, shorter contact). */
START_TEST(test_bounce_low_speed)
{
  double k = gr_wca_stiffness(&W), el, tl, e, tc, eh, th;
  ck_assert_int_eq(gr_bedcontact_linear(k, 1.0, 0.0, 1.0, &el, &tl), 0);
  ck_assert_int_eq(gr_bedbounce(&W, 1.0, 0.0, 1e-3, 1e-12, &e, &tc), 0);
  ck_assert_msg(fabs(e / el - 1) < 1e-3, "e = %.8g, closed form %.8g", e, el);
  ck_assert_msg(fabs(tc / tl - 1) < 1e-3, "tc = %.8g, closed form %.8g", tc, tl);
  ck_assert_int_eq(gr_bedbounce(&W, 1.0, 0.0, 3.0, 1e-12, &eh, &th), 0);
  ck_assert(eh > e && th < tc);
  ck_assert_int_eq(gr_bedbounce(&W, 0.0, 0.0, 1.0, 1e-12, &e, &tc), 0);
  ck_assert_double_eq_tol(e, 1.0, 1e-8);
}
END_TEST

/* Resting height: the wall force there equals g, below r0/2 and above
 * -r0/2; LSODA's h0 and work-space formulas. */
START_TEST(test_rest_and_lsoda)
{
  double h = gr_bedcontact_rest_height(&W, 2.0), y[2] = {1.0, 2.0}, f[2] = {3.0, 0.0};
  double tol = 1e-6, fn = 3.0 / (tol * 1.0 + tol);
  ck_assert_double_eq_tol(gr_wca_wall_force(&W, h), 2.0, 1e-9);
  ck_assert(h < 0.5 * gr_wca_cutoff(&W) && h > 0.0);
  ck_assert_double_eq_tol(gr_bedint_lsoda_h0(2, y, f, tol, 0.0, 0.1),
                          1.0 / sqrt(1.0 / (tol * 0.01) + tol * fn * fn), 1e-18);
  ck_assert_uint_eq(gr_bedint_lsoda_lrn(6000), 96020);
  ck_assert_uint_eq(gr_bedint_lsoda_lrs(600), 365422);
}
END_TEST

/* The bedint suite. */
static int direct_f(double t, const double *y, double *f, void *p)
{
  (void)gr_bed_deriv(p, NULL, t, y, f, NULL);
  return 0;
}

/* GR_BEDINT_LSODA is physics/lsoda.h called as hpart calls it (istate = 1
 * at every output time, rtol = atol = tol, mxstep 500): the same bytes as
 * calling gr_lsoda_run directly; the 12-disk bed keeps its momentum between
 * walls (none touched: box 100) to round-off; mxstep stops an interval. */
START_TEST(test_lsoda_as_hpart)
{
  struct gr_bed_model m = bed_model(12, 100.0);
  struct gr_bedint_opts o = {GR_BEDINT_LSODA, 1e-6, 0, 1, 500, 0};
  struct gr_lsoda_opts lo = {1e-6, 1e-6, NULL, 500, 0, 0, 0, 0, 0};
  struct gr_bedint *it = gr_bedint_new(&m, NULL, &o);
  struct gr_lsoda *ls = gr_lsoda_new(48, &lo);
  struct gr_bedint_stats st;
  double y[48], z[48], t = 0.0, u = 0.0, p0[2], p1[2];
  size_t i;
  int k;
  grid(y, 12);
  for (i = 0; i < 48; i++)
    y[i] += i % 4 < 2 ? 44.0 : 0.0;
  memcpy(z, y, sizeof y);
  gr_bed_momentum(&m, y, p0);
  ck_assert(it != NULL && ls != NULL);
  for (k = 1; k <= 30; k++) {
    ck_assert_int_eq(gr_bedint_interval(it, &t, 0.1 * k, y), 0);
    ck_assert_int_eq(gr_lsoda_run(ls, direct_f, &m, &u, 0.1 * k, z, 1), GR_OK);
  }
  ck_assert(memcmp(y, z, sizeof y) == 0);
  gr_bed_momentum(&m, y, p1);
  ck_assert_msg(fabs(p1[0] - p0[0]) + fabs(p1[1] - p0[1]) < 1e-13, "dp = %g %g", p1[0] - p0[0],
                p1[1] - p0[1]);
  gr_bedint_stats(it, &st);
  ck_assert(st.steps > 30 && st.fevals > st.steps);
  gr_bedint_free(it);
  gr_lsoda_free(ls);
  o.mxstep = 3;
  it = gr_bedint_new(&m, NULL, &o);
  t = 0.0;
  ck_assert_int_eq(gr_bedint_interval(it, &t, 5.0, y), GR_EFAIL);
  ck_assert(t < 5.0);
  gr_bedint_free(it);
}
END_TEST

static Suite *bedint_suite(void)
{
  Suite *s = suite_create("bedint");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_free_flight);
  tcase_add_test(tc, test_energy_conservation);
  tcase_add_test(tc, test_balance);
  tcase_add_test(tc, test_linear_contact);
  tcase_add_test(tc, test_bounce_low_speed);
  tcase_add_test(tc, test_rest_and_lsoda);
  tcase_add_test(tc, test_lsoda_as_hpart);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(bedint_suite, 0)
