/* Check suite for src/physics/lsoda*.c, the LSODA of Hindmarsh (1983) and
 * Petzold (1983): the method coefficients against the Adams-Moulton and BDF
 * closed forms, closed-form solutions (exponential decay, harmonic
 * oscillator) to the tolerance asked, the switch to BDF on a stiff problem
 * (Robertson), both ways on van der Pol (mu = 1000) and none on a
 * non-stiff one (van der Pol, mu = 1), mxstep reported, the Nordsieck
 * interpolation of itask = 1 exact for polynomials of degree <= order, and
 * bad input refused.  tests/lsoda_odeint.sh holds the same code to
 * ODEPACK's LSODA itself (scipy's odeint). */
#include <check.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>

#include "physics/lsoda.h"
#include "physics/lsoda_priv.h"
#include "tests/check_run.h"

static int decay(double t, const double *y, double *f, void *p)
{
  (void)t;
  (void)p;
  f[0] = -y[0];
  return 0;
}

static int oscillator(double t, const double *y, double *f, void *p)
{
  (void)t;
  (void)p;
  f[0] = y[1];
  f[1] = -y[0];
  return 0;
}

static int vdp1(double t, const double *y, double *f, void *p)
{
  (void)t;
  (void)p;
  f[0] = y[1];
  f[1] = (1.0 - y[0] * y[0]) * y[1] - y[0];
  return 0;
}

static int robertson(double t, const double *y, double *f, void *p)
{
  (void)t;
  (void)p;
  f[0] = -0.04 * y[0] + 1.0e4 * y[1] * y[2];
  f[2] = 3.0e7 * y[1] * y[1];
  f[1] = -f[0] - f[2];
  return 0;
}

static int failing(double t, const double *y, double *f, void *p)
{
  (void)y;
  (void)p;
  f[0] = 1.0;
  return t > 0.5 ? 1 : 0;
}

static struct gr_lsoda *make(size_t n, double rtol, double atol, unsigned long mxstep)
{
  struct gr_lsoda_opts o = {0};
  struct gr_lsoda *s;
  o.rtol = rtol;
  o.atol = atol;
  o.mxstep = mxstep;
  s = gr_lsoda_new(n, &o);
  ck_assert_ptr_nonnull(s);
  return s;
}

/* The corrector's l_0: Adams-Moulton's weight of f_{n+1} (1, 1/2, 5/12,
 * 3/8, 251/720, 95/288, 19087/60480 for orders 1-7) and BDF's 1/H_q
 * (H_q = 1 + 1/2 + ... + 1/q); l_1 = 1 for both. */
START_TEST(test_coefficients)
{
  static const double am[] = {0.0,         1.0,           0.5, 5.0 / 12.0, 3.0 / 8.0,
                              251.0 / 720, 95.0 / 288.0, 19087.0 / 60480.0};
  struct gr_lsoda *s = make(1, 1e-6, 1e-6, 0);
  double hq = 0.0;
  int q;
  for (q = 1; q <= 7; q++) {
    ck_assert_double_eq_tol(s->elco[0][q][0], am[q], 1e-15);
    ck_assert_double_eq(s->elco[0][q][1], 1.0);
  }
  for (q = 1; q <= 5; q++) {
    hq += 1.0 / q;
    ck_assert_double_eq_tol(s->elco[1][q][0], 1.0 / hq, 1e-15);
    ck_assert_double_eq(s->elco[1][q][1], 1.0);
  }
  gr_lsoda_free(s);
}
END_TEST

/* y' = -y: e^{-t} at t = 1..10 within 10 (rtol y + atol), Adams only. */
START_TEST(test_decay)
{
  const double rtol = 1e-8, atol = 1e-12;
  struct gr_lsoda *s = make(1, rtol, atol, 0);
  struct gr_lsoda_stats st;
  double t = 0.0, y = 1.0;
  int k;
  for (k = 1; k <= 10; k++) {
    double ex = exp(-(double)k);
    ck_assert_int_eq(gr_lsoda_run(s, decay, NULL, &t, k, &y, k == 1 ? 1 : 2), GR_OK);
    ck_assert_double_eq(t, (double)k);
    ck_assert_double_le(fabs(y - ex), 10.0 * (rtol * ex + atol));
  }
  gr_lsoda_stats(s, &st);
  ck_assert_int_eq(st.mused, 1);
  ck_assert_uint_eq(st.nje, 0);
  gr_lsoda_free(s);
}
END_TEST

/* y'' = -y over 10 periods from (1, 0): the largest |y - (cos t, -sin t)|
 * at t = k pi/2 with rtol = atol = tol. */
static double osc_error(double tol)
{
  struct gr_lsoda *s = make(2, tol, tol, 0);
  double t = 0.0, y[2] = {1.0, 0.0}, worst = 0.0;
  int k;
  for (k = 1; k <= 40; k++) {
    double tout = k * M_PI / 2.0;
    ck_assert_int_eq(gr_lsoda_run(s, oscillator, NULL, &t, tout, y, k == 1 ? 1 : 2), GR_OK);
    worst = fmax(worst, fmax(fabs(y[0] - cos(tout)), fabs(y[1] + sin(tout))));
  }
  gr_lsoda_free(s);
  return worst;
}

/* The oscillator's global error: within 1000 tol at tol = 1e-9 (an
 * undamped error grows with the steps, a few thousand here), and
 * proportional to the tolerance (100 times tighter: at least 10 times
 * smaller). */
START_TEST(test_oscillator)
{
  double e9 = osc_error(1e-9), e11 = osc_error(1e-11);
  ck_assert_double_le(e9, 1000.0 * 1e-9);
  ck_assert_double_le(e11, 0.1 * e9);
}
END_TEST

/* Robertson (stiff): LSODA starts with Adams and must switch to BDF
 * early (tsw in (0, 1)), with Jacobians; mass y1 + y2 + y3 = 1 kept;
 * agreement with a run 10^4 times tighter. */
START_TEST(test_robertson_switches)
{
  struct gr_lsoda *s = make(3, 1e-6, 1e-10, 0), *r = make(3, 1e-10, 1e-14, 5000);
  struct gr_lsoda_stats st;
  double t = 0.0, tr = 0.0, y[3] = {1.0, 0.0, 0.0}, yr[3] = {1.0, 0.0, 0.0};
  int k, i;
  for (k = 0; k <= 6; k++) {
    double tout = 0.4 * pow(10.0, k);
    ck_assert_int_eq(gr_lsoda_run(s, robertson, NULL, &t, tout, y, k == 0 ? 1 : 2), GR_OK);
    ck_assert_int_eq(gr_lsoda_run(r, robertson, NULL, &tr, tout, yr, k == 0 ? 1 : 2), GR_OK);
    ck_assert_double_le(fabs(y[0] + y[1] + y[2] - 1.0), 1e-6);
    for (i = 0; i < 3; i++)
      ck_assert_double_le(fabs(y[i] - yr[i]), 1e-3 * fabs(yr[i]) + 1e-9);
  }
  gr_lsoda_stats(s, &st);
  ck_assert_int_eq(st.mused, 2);
  ck_assert_double_gt(st.tsw, 0.0);
  ck_assert_double_lt(st.tsw, 1.0);
  ck_assert_uint_gt(st.nje, 0);
  gr_lsoda_free(s);
  gr_lsoda_free(r);
}
END_TEST

static int vdp1000(double t, const double *y, double *f, void *p)
{
  (void)t;
  (void)p;
  f[0] = y[1];
  f[1] = 1000.0 * (1.0 - y[0] * y[0]) * y[1] - y[0];
  return 0;
}

/* van der Pol, mu = 1000, over a period (about 1614): stiff on the slow
 * branches, not in the fast jumps, so LSODA goes to BDF, back to Adams
 * for a jump and to BDF again (at least three switches, tsw moving; the
 * Adams stretches are shorter than the output interval). */
START_TEST(test_switches_both_ways)
{
  struct gr_lsoda *s = make(2, 1e-6, 1e-6, 5000);
  struct gr_lsoda_stats st;
  double t = 0.0, y[2] = {2.0, 0.0}, last_tsw = 0.0;
  int k, switches = 0;
  for (k = 1; k <= 400; k++) {
    ck_assert_int_eq(gr_lsoda_run(s, vdp1000, NULL, &t, 5.0 * k, y, k == 1 ? 1 : 2), GR_OK);
    gr_lsoda_stats(s, &st);
    if (st.tsw != last_tsw) {
      switches++;
      last_tsw = st.tsw;
    }
  }
  ck_assert_int_ge(switches, 3); /* they alternate: one at least back to Adams */
  ck_assert_int_eq(st.mused, 2);
  gr_lsoda_free(s);
}
END_TEST

/* van der Pol, mu = 1 (not stiff): Adams at every output, no Jacobian,
 * no switch (tsw stays at the start). */
START_TEST(test_nonstiff_stays_adams)
{
  struct gr_lsoda *s = make(2, 1e-8, 1e-8, 0);
  struct gr_lsoda_stats st;
  double t = 0.0, y[2] = {2.0, 0.0};
  int k;
  for (k = 1; k <= 40; k++) {
    ck_assert_int_eq(gr_lsoda_run(s, vdp1, NULL, &t, 0.5 * k, y, k == 1 ? 1 : 2), GR_OK);
    gr_lsoda_stats(s, &st);
    ck_assert_int_eq(st.mused, 1);
    ck_assert_int_eq(st.meth, 1);
  }
  ck_assert_uint_eq(st.nje, 0);
  ck_assert_double_eq(st.tsw, 0.0);
  ck_assert_uint_gt(st.nst, 500); /* many steps, across several calls */
  gr_lsoda_free(s);
}
END_TEST

/* mxstep: a call needing more steps stops after exactly mxstep with
 * istate -1, t and y of the last step (still e^{-t} to tolerance); calls
 * with istate 2 go on, mxstep at a time, to tout. */
START_TEST(test_mxstep)
{
  struct gr_lsoda *s = make(1, 1e-10, 1e-14, 25);
  struct gr_lsoda_stats st;
  double t = 0.0, y = 1.0;
  int e;
  ck_assert_int_eq(gr_lsoda_run(s, decay, NULL, &t, 50.0, &y, 1), GR_EFAIL);
  gr_lsoda_stats(s, &st);
  ck_assert_int_eq(st.istate, -1);
  ck_assert_uint_eq(st.nst, 25);
  ck_assert_double_eq(t, st.tcur);
  ck_assert_double_gt(t, 0.0);
  ck_assert_double_lt(t, 50.0);
  ck_assert_double_le(fabs(y - exp(-t)), 1e-8 * exp(-t));
  while ((e = gr_lsoda_run(s, decay, NULL, &t, 50.0, &y, 2)) == GR_EFAIL) { /* go on */
    gr_lsoda_stats(s, &st);
    ck_assert_int_eq(st.istate, -1);
    ck_assert_uint_eq(st.nst % 25, 0);
  }
  ck_assert_int_eq(e, GR_OK);
  ck_assert_double_eq(t, 50.0);
  ck_assert_double_le(fabs(y - exp(-50.0)), 1e-8 * exp(-50.0) + 1e-13);
  gr_lsoda_free(s);
}
END_TEST

/* p(t) = sum_k c_k (t - 1)^k of degree d; its j-th derivative / j!. */
static double poly(int d, int j, double t)
{
  double v = 0.0, x = t - 1.0;
  int k;
  for (k = d; k >= j; k--) {
    double c = 0.5 + 0.25 * k, b = 1.0;
    int i;
    for (i = 0; i < j; i++)
      b *= (double)(k - i) / (i + 1);
    v = v * x + c * b;
  }
  return v;
}

/* itask = 1's interpolation (DINTDY): the Nordsieck array of a polynomial
 * of degree d <= nq, z_j = h^j p^(j)(tn)/j!, gives p(t) to round-off over
 * the last step (1e-12); at degree nq + 1 it cannot (the discrimination). */
START_TEST(test_interpolation)
{
  struct gr_lsoda *s = make(1, 1e-6, 1e-6, 0);
  double h = 0.6, tn = 2.0, y;
  int q, d, j, k;
  for (q = 1; q <= GR_LSODA_MAXN; q++)
    for (d = 0; d <= q + 1 && d <= GR_LSODA_MAXN; d++) {
      double worst = 0.0;
      s->nq = q;
      s->h = h;
      s->tn = tn;
      for (j = 0; j <= GR_LSODA_MAXN; j++)
        s->yh[j] = j <= d ? pow(h, j) * poly(d, j, tn) : 0.0;
      for (k = 0; k <= 10; k++) {
        double t = tn - h * k / 10.0;
        gr_lsoda_interp(s, t, &y);
        worst = fmax(worst, fabs(y - poly(d, 0, t)) / fabs(poly(d, 0, t)));
      }
      if (d <= q)
        ck_assert_double_le(worst, 1e-12);
      else
        ck_assert_double_gt(worst, 1e-6);
    }
  gr_lsoda_free(s);
}
END_TEST

/* Bad options give no solver; bad calls GR_EINPUT; a failing f GR_EFAIL
 * with istate -7. */
START_TEST(test_bad_input)
{
  struct gr_lsoda_opts o = {0};
  struct gr_lsoda *s;
  struct gr_lsoda_stats st;
  double t = 0.0, y = 0.0;
  ck_assert_ptr_null(gr_lsoda_new(1, &o)); /* rtol = atol = 0 */
  o.rtol = -1.0;
  o.atol = 1e-6;
  ck_assert_ptr_null(gr_lsoda_new(1, &o));
  o.rtol = 1e-6;
  o.mxords = 6;
  ck_assert_ptr_null(gr_lsoda_new(1, &o));
  o.mxords = 0;
  ck_assert_ptr_null(gr_lsoda_new(0, &o));
  s = gr_lsoda_new(1, &o);
  ck_assert_ptr_nonnull(s);
  ck_assert_int_eq(gr_lsoda_run(s, failing, NULL, &t, 1.0, &y, 3), GR_EINPUT);
  ck_assert_int_eq(gr_lsoda_run(s, failing, NULL, &t, 1.0, &y, 2), GR_EINPUT);
  ck_assert_int_eq(gr_lsoda_run(s, failing, NULL, &t, 0.0, &y, 1), GR_EINPUT);
  ck_assert_int_eq(gr_lsoda_run(s, failing, NULL, &t, 1.0, &y, 1), GR_EFAIL);
  gr_lsoda_stats(s, &st);
  ck_assert_int_eq(st.istate, -7);
  ck_assert_double_le(t, 0.5 + 1e-3);
  gr_lsoda_free(s);
}
END_TEST

static Suite *lsoda_suite(void)
{
  Suite *s = suite_create("lsoda");
  TCase *tc = tcase_create("lsoda");
  tcase_add_test(tc, test_coefficients);
  tcase_add_test(tc, test_decay);
  tcase_add_test(tc, test_oscillator);
  tcase_add_test(tc, test_robertson_switches);
  tcase_add_test(tc, test_switches_both_ways);
  tcase_add_test(tc, test_nonstiff_stays_adams);
  tcase_add_test(tc, test_mxstep);
  tcase_add_test(tc, test_interpolation);
  tcase_add_test(tc, test_bad_input);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(lsoda_suite, 0)
