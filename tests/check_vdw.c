/* Check suite for src/physics/contact.c, vdw.c, vdwpair.c and hamaker.c
 * (Sweetman 2003, sections 2.4-2.5 and chapter 5): the latching spring
 * and its energy loss, the Van der Waals laws against hand-computed
 * values, the continuity and jumps of eq. 5.29, the two-particle
 * integrator's invariants, and the quadratures against closed forms. */
#include <check.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>

#include "physics/contact.h"
#include "physics/hamaker.h"
#include "physics/vdw.h"
#include "physics/vdwpair.h"
#include "tests/check_run.h"

#define REL(a, b) (fabs((a) - (b)) / fabs(b))

/* ---- latching spring ---------------------------------------------------- */

START_TEST(test_law_init)
{
  struct gr_contact_law law;
  ck_assert_int_eq(gr_contact_law_init(&law, 100.0, 0.5), GR_OK);
  ck_assert_double_eq_tol(law.k2, 400.0, 1e-12);          /* K2 = K1 / e^2 */
  ck_assert_double_eq_tol(sqrt(law.k1 / law.k2), 0.5, 1e-15); /* eq. 2.9 */
  ck_assert_int_eq(gr_contact_law_init(&law, 100.0, 0.0), GR_EINPUT);
  ck_assert_int_eq(gr_contact_law_init(&law, 100.0, 1.5), GR_EINPUT);
  ck_assert_int_eq(gr_contact_law_init(&law, -1.0, 0.5), GR_EINPUT);
  ck_assert_int_eq(gr_contact_law_init(&law, NAN, 0.5), GR_EINPUT);
}
END_TEST

/* Hand values: K1 = 100, e = 0.5 (K2 = 400).  Load to 0.02: F = 2;
 * delta0 = (1 - 0.25) 0.02 = 0.015; unload to 0.018: 400 * 0.003 = 1.2;
 * reload to 0.019 climbs the unloading line: 1.6; to 0.03 back on the
 * loading line: 3; below delta0 no pull; separation resets. */
START_TEST(test_spring_hand_values)
{
  struct gr_contact_law law;
  struct gr_contact_pair st = {0.0, 0.0};
  ck_assert_int_eq(gr_contact_law_init(&law, 100.0, 0.5), GR_OK);
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, 0.01), 1.0, 1e-12);
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, 0.02), 2.0, 1e-12);
  ck_assert_double_eq_tol(st.delta0, 0.015, 1e-15);
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, 0.018), 1.2, 1e-12);
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, 0.019), 1.6, 1e-12);
  ck_assert_double_eq_tol(st.delta0, 0.015, 1e-15);
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, 0.03), 3.0, 1e-12);
  ck_assert_double_eq_tol(st.delta0, 0.0225, 1e-15);
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, 0.02), 0.0, 1e-15);
  ck_assert_double_eq_tol(st.delta0, 0.0225, 1e-15);
  ck_assert(gr_contact_force(&law, &st, -1e-9) == 0.0);
  ck_assert(st.delta0 == 0.0);
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, 0.01), 1.0, 1e-12);
}
END_TEST

/* Quasi-static cycle: work put in while loading to dmax, work returned
 * while unloading to zero force, by the trapezoid rule on a fine path;
 * returned / put in = e^2, i.e. the loss is (1 - e^2) of the input. */
START_TEST(test_spring_cycle_loss)
{
  static const double es[] = {0.3, 0.7, 0.95, 1.0};
  size_t k;
  for (k = 0; k < sizeof es / sizeof es[0]; k++) {
    struct gr_contact_law law;
    struct gr_contact_pair st = {0.0, 0.0};
    const int n = 200000;
    double dmax = 1e-3, win = 0.0, wout = 0.0, f0 = 0.0, f1, d;
    int i;
    ck_assert_int_eq(gr_contact_law_init(&law, 5e4, es[k]), GR_OK);
    for (i = 1; i <= n; i++) {
      d = dmax * i / n;
      f1 = gr_contact_force(&law, &st, d);
      win += 0.5 * (f0 + f1) * dmax / n;
      f0 = f1;
    }
    ck_assert_double_eq_tol(win, 0.5 * law.k1 * dmax * dmax, 1e-12 * win + 1e-20);
    for (i = n - 1; i >= 0; i--) {
      d = dmax * i / n;
      f1 = gr_contact_force(&law, &st, d > 0.0 ? d : 1e-300);
      wout += 0.5 * (f0 + f1) * dmax / n;
      f0 = f1;
    }
    ck_assert_double_eq_tol(wout / win, es[k] * es[k], 1e-6);
    ck_assert_double_eq_tol(1.0 - wout / win, 1.0 - es[k] * es[k], 1e-6);
  }
}
END_TEST

/* A dynamic collision of two equal masses with a fine step: the kinetic
 * energy after / before is e^2; the force acts for the time of
 * gr_contact_duration, (1 + e) / (2e) times the eq. 2.21 estimate, and
 * the overlap lasts delta0 / (e v) longer (free flight from delta0). */
START_TEST(test_spring_collision_dynamic)
{
  struct gr_contact_law law;
  struct gr_contact_pair st = {0.0, 0.0};
  double m = 2.0, mu = 1.0, v = 1.0, x = 0.0, dt, t = 0.0, tf = 0.0, f, d0 = 0.0;
  ck_assert_int_eq(gr_contact_law_init(&law, 1e4, 0.8), GR_OK);
  dt = gr_contact_dt(m, law.k1, law.e, 20000.0);
  /* relative coordinate: overlap x, closing speed v (mu = m / 2) */
  f = gr_contact_force(&law, &st, x);
  v -= 0.5 * dt * f / mu;
  do {
    x += v * dt;
    t += dt;
    f = gr_contact_force(&law, &st, x);
    v -= dt * f / mu;
    if (f > 0.0) {
      tf = t;
      d0 = st.delta0;
    }
  } while (x > 0.0);
  ck_assert_double_eq_tol(-v, 0.8, 2e-4);
  ck_assert_double_eq_tol(v * v, 0.64, 4e-4);
  ck_assert_double_eq_tol(tf, gr_contact_duration(&law, mu), 2e-4 * t);
  ck_assert_double_eq_tol(t - tf, d0 / 0.8, 2e-4 * t);
  ck_assert_double_eq_tol(gr_contact_duration(&law, mu) / gr_contact_time_eq221(&law, mu),
                          1.8 / 1.6, 1e-14);
}
END_TEST

/* Eq. 2.23 by hand: m = 2, K1 = 1, e = 1, n = 1 gives pi; the inverses. */
START_TEST(test_time_step)
{
  double m = 1.6e-10, dt;
  ck_assert_double_eq_tol(gr_contact_dt(2.0, 1.0, 1.0, 1.0), M_PI, 1e-15);
  ck_assert_double_eq_tol(gr_contact_dt(2.0, 4.0, 0.5, 10.0), M_PI * 0.5 * 0.5 / 10.0, 1e-15);
  dt = gr_contact_dt(m, 1e7, 0.95, 30.0);
  ck_assert_double_eq_tol(gr_contact_k1_from_dt(m, 0.95, 30.0, dt), 1e7, 1e-5);
  ck_assert_double_eq_tol(gr_contact_n_from_dt(m, 1e7, 0.95, dt), 30.0, 1e-12);
}
END_TEST

/* ---- Van der Waals laws -------------------------------------------------- */

/* A = 1e-18 J, R = 1e-5 m, alpha = 1 nm: sphere-wall (eq. 5.21) attractive
 * only -A R / (6 alpha^2) = -1.6666...e-6 N; sphere-sphere (eq. 5.28)
 * -A R / (12 alpha^2) = -8.333...e-7 N; with r_ss = alpha the bracket is
 * 59/60; with r_ss = 2 alpha it is 1 - 64/60 (repulsive). */
START_TEST(test_vdw_hand_values)
{
  double a = 1e-18, r = 1e-5, al = 1e-9;
  ck_assert_double_eq_tol(gr_vdw_force(a, r, 0.0, al), -1.0 / 6.0 * 1e-5, 1e-20);
  ck_assert_double_eq_tol(gr_vdw_force(a, gr_vdw_reff(r, r), 0.0, al), -1.0 / 12.0 * 1e-5, 1e-20);
  ck_assert_double_eq_tol(gr_vdw_force(a, gr_vdw_reff(r, 0.0), al, al),
                          -1.0 / 6.0 * 1e-5 * 59.0 / 60.0, 1e-20);
  ck_assert_double_eq_tol(gr_vdw_force(a, gr_vdw_reff(r, r), 2.0 * al, al),
                          -1.0 / 12.0 * 1e-5 * (1.0 - 64.0 / 60.0), 1e-20);
  ck_assert(gr_vdw_force(a, r, 2.0 * al, al) > 0.0);
  /* eq. 5.20: U = A R / (6 alpha) (-1 + r^6 / (420 alpha^6)) */
  ck_assert_double_eq_tol(gr_vdw_potential(a, r, al, al), -1e-23 / 6e-9 * 419.0 / 420.0, 1e-28);
  /* unequal spheres: R1 R2 / (R1 + R2) */
  ck_assert_double_eq_tol(gr_vdw_reff(2.0, 6.0), 1.5, 1e-15);
}
END_TEST

/* Zero, peak, and F = -dU/dalpha (central differences). */
START_TEST(test_vdw_zero_peak_potential)
{
  double a = 1e-18, r = 3e-5, rss = 4e-10, z = gr_vdw_zero_separation(rss);
  double p = gr_vdw_peak_separation(rss), h, al;
  ck_assert_double_eq_tol(gr_vdw_force(a, r, rss, z), 0.0, 1e-14 * fabs(gr_vdw_force(a, r, 0.0, z)));
  h = 1e-6 * p;
  ck_assert(fabs(gr_vdw_force(a, r, rss, p + h) - gr_vdw_force(a, r, rss, p - h)) <
            1e-9 * fabs(gr_vdw_force(a, r, rss, p)));
  ck_assert(gr_vdw_force(a, r, rss, p) < gr_vdw_force(a, r, rss, 1.01 * p));
  ck_assert(gr_vdw_force(a, r, rss, p) < gr_vdw_force(a, r, rss, 0.99 * p));
  ck_assert_double_eq_tol(gr_vdw_force(a, r, rss, p) / gr_vdw_force(a, r, 0.0, p), 0.75, 1e-14);
  for (al = 0.3e-9; al < 1e-6; al *= 3.0) {
    double d = 1e-5 * al;
    double fd = -(gr_vdw_potential(a, r, rss, al + d) - gr_vdw_potential(a, r, rss, al - d)) / (2 * d);
    ck_assert(REL(fd, gr_vdw_force(a, r, rss, al)) < 1e-8);
  }
}
END_TEST

/* Eq. 5.29, r_ss = 0.4 nm, alpha_min at the zero of the law: continuous at
 * alpha_min (held value 0) and at contact; a jump of F(cutoff) at the
 * cut-off; the potential is continuous everywhere and its -derivative is
 * the force. */
START_TEST(test_model_zero_hold)
{
  struct gr_vdw_model m;
  struct gr_contact_pair st = {0.0, 0.0};
  double a = 1e-18, r = 1.5e-5, rss = 4e-10, z = gr_vdw_zero_separation(rss);
  double cut = 3e-7, eps = 1e-9, fv, fs, al;
  ck_assert_int_eq(gr_vdw_model_init(&m, a, r, rss, cut, z, 1e7, 0.95), GR_OK);
  ck_assert(fabs(m.hold) < 1e-14 * fabs(gr_vdw_force(a, r, 0.0, z)));
  /* cut-off: documented jump of F(cutoff) */
  ck_assert(gr_vdw_model_vdw(&m, cut * (1 + eps)) == 0.0);
  ck_assert_double_eq_tol(gr_vdw_model_vdw(&m, cut * (1 - eps)),
                          gr_vdw_force(a, r, rss, cut),
                          1e-7 * fabs(gr_vdw_force(a, r, rss, cut)));
  /* alpha_min: continuous */
  ck_assert(fabs(gr_vdw_model_vdw(&m, z * (1 + eps)) - gr_vdw_model_vdw(&m, z * (1 - eps))) <
            1e-7 * fabs(gr_vdw_force(a, r, 0.0, z)));
  /* contact: both parts vanish on both sides */
  ck_assert_double_eq_tol(gr_vdw_model_force(&m, &st, 1e-15, &fv, &fs), 0.0, 1e-18);
  ck_assert_double_eq_tol(gr_vdw_model_force(&m, &st, -1e-15, &fv, &fs), 1e-8, 1e-20);
  ck_assert(fv == 0.0);
  ck_assert_double_eq_tol(fs, 1e-8, 1e-20);
  /* potential: zero beyond the cut-off, continuous at cutoff and amin, -U' = F */
  ck_assert_double_eq_tol(gr_vdw_model_potential(&m, cut), 0.0, 1e-30);
  ck_assert(fabs(gr_vdw_model_potential(&m, z * (1 + eps)) - gr_vdw_model_potential(&m, z * (1 - eps))) <
            1e-6 * fabs(gr_vdw_model_potential(&m, z)));
  for (al = 1e-10; al < cut; al *= 1.7) {
    double d = 1e-6 * al, fd;
    if (fabs(al - z) < 2 * d)
      continue;
    fd = -(gr_vdw_model_potential(&m, al + d) - gr_vdw_model_potential(&m, al - d)) / (2 * d);
    ck_assert(fabs(fd - gr_vdw_model_vdw(&m, al)) <
              1e-6 * fabs(gr_vdw_force(a, r, 0.0, al)) + 1e-20);
  }
}
END_TEST

/* Attractive-only form with alpha_min = 0.4 nm: the force is held at
 * F(alpha_min) below alpha_min (continuous there) and jumps by that held
 * value at contact (alpha = 0), where eq. 5.29 switches to the spring. */
START_TEST(test_model_attractive_hold)
{
  struct gr_vdw_model m;
  struct gr_contact_pair st = {0.0, 0.0};
  double a = 1e-18, r = 1.5e-5, amin = 4e-10, cut = 3e-7, fv, fs;
  double fmin = -a * r / (6.0 * amin * amin);
  ck_assert_int_eq(gr_vdw_model_init(&m, a, r, 0.0, cut, amin, 1e7, 0.95), GR_OK);
  ck_assert_double_eq_tol(m.hold, fmin, 1e-12 * fabs(fmin));
  ck_assert_double_eq_tol(gr_vdw_model_vdw(&m, 0.5 * amin), fmin, 1e-12 * fabs(fmin));
  ck_assert_double_eq_tol(gr_vdw_model_vdw(&m, 0.0), fmin, 1e-12 * fabs(fmin));
  ck_assert_double_eq_tol(gr_vdw_model_vdw(&m, amin * (1 + 1e-9)), fmin, 1e-8 * fabs(fmin));
  gr_vdw_model_force(&m, &st, -1e-20, &fv, &fs);
  ck_assert(fv == 0.0); /* the jump at contact */
  ck_assert_double_eq_tol(fs, 1e7 * 1e-20, 1e-30);
  /* bad arguments */
  ck_assert_int_eq(gr_vdw_model_init(&m, a, r, 0.0, cut, 0.0, 1e7, 0.95), GR_EINPUT);
  ck_assert_int_eq(gr_vdw_model_init(&m, a, r, 0.0, amin, cut, 1e7, 0.95), GR_EINPUT);
  ck_assert_int_eq(gr_vdw_model_init(&m, -a, r, 0.0, cut, amin, 1e7, 0.95), GR_EINPUT);
  ck_assert_int_eq(gr_vdw_model_init(&m, a, r, 0.0, cut, amin, 1e7, 1.2), GR_EINPUT);
}
END_TEST

/* ---- the two-particle integrator -------------------------------------------- */

/* Velocities stay equal and opposite; the pair closes, bounces with
 * restitution close to e, and energy before contact is conserved. */
START_TEST(test_pair_invariants)
{
  struct gr_vdw_model m;
  struct gr_vdwpair p;
  struct gr_vdwpair_sample s;
  double r = 3.175e-5, mass = 5026.0 * r * r * r, dt = 2.82e-10, vin = 0.0, vout = 0.0;
  int contact = 0;
  long i;
  ck_assert_int_eq(gr_vdw_model_init(&m, 1e-18, r / 2, 4e-10, 3e-7, gr_vdw_zero_separation(4e-10), 1e7, 0.95), GR_OK);
  gr_vdwpair_init(&p, &m, mass, r, 3e-9, dt);
  for (i = 0; i < 3000000 && vout == 0.0; i++) {
    gr_vdwpair_step(&p, &s);
    ck_assert(s.v[0] == -s.v[1]);
    if (s.alpha < 0.0)
      contact = 1;
    else if (!contact)
      vin = s.v[0] - s.v[1];
    else
      vout = s.v[1] - s.v[0];
  }
  ck_assert(vin > 0.0);
  ck_assert_double_eq_tol(vout / vin, 0.95, 2e-3);
}
END_TEST

/* ---- quadratures ------------------------------------------------------------ */

START_TEST(test_hamaker_closed_forms)
{
  struct gr_hamaker *hn = gr_hamaker_new(1e-9, 1), *h = gr_hamaker_new(1e-9, 0);
  double v, x;
  int n;
  ck_assert_ptr_nonnull(hn);
  ck_assert_ptr_nonnull(h);
  for (n = 6; n <= 12; n += 6) {
    ck_assert_int_eq(gr_hamaker_molecule_wall(hn, n, 0.3, &v), 0);
    ck_assert(REL(v, gr_hamaker_eq511(n, 0.3)) < 1e-8);
    ck_assert_int_eq(gr_hamaker_wall_wall(hn, n, 2.0, &v), 0);
    ck_assert(REL(v, gr_hamaker_eq517(n, 2.0)) < 1e-8);
  }
  for (x = 1e-5; x < 3.0; x *= 10.0) {
    ck_assert_int_eq(gr_hamaker_sphere_wall(h, 6, 1.0, x, &v), 0);
    ck_assert(REL(v, gr_hamaker_exact6_sphere_wall(1.0, x)) < 1e-8);
    ck_assert_int_eq(gr_hamaker_sphere_sphere(h, 6, 1.0, x, &v), 0);
    ck_assert(REL(v, gr_hamaker_exact6_sphere_sphere(1.0, x)) < 1e-8);
  }
  /* nested to the molecules, and scale invariance U(lambda R, lambda a) =
   * lambda^(6-n) U for the sphere laws (n = 6: invariant) */
  ck_assert_int_eq(gr_hamaker_sphere_wall(hn, 6, 1.0, 0.05, &v), 0);
  ck_assert(REL(v, gr_hamaker_exact6_sphere_wall(1.0, 0.05)) < 1e-8);
  ck_assert_int_eq(gr_hamaker_sphere_sphere_force(h, 12, 2.0, 0.02, &v), 0);
  ck_assert_int_eq(gr_hamaker_sphere_sphere_force(h, 12, 1.0, 0.01, &x), 0);
  ck_assert(REL(v, x * pow(2.0, 5.0 - 12.0)) < 1e-8);
  gr_hamaker_free(hn);
  gr_hamaker_free(h);
}
END_TEST

/* Derjaguin (eq. 5.27-5.28) and eq. 5.21 are first order in alpha/R: the
 * error halves when alpha halves, and is below 1e-4 at alpha/R = 1e-5. */
START_TEST(test_hamaker_derjaguin_limit)
{
  struct gr_hamaker *h = gr_hamaker_new(1e-10, 0);
  double f1, f2, e1, e2;
  ck_assert_int_eq(gr_hamaker_sphere_sphere_force(h, 6, 1.0, 2e-3, &f1), 0);
  ck_assert_int_eq(gr_hamaker_sphere_sphere_force(h, 6, 1.0, 1e-3, &f2), 0);
  e1 = M_PI * gr_hamaker_eq517(6, 2e-3) / f1 - 1.0;
  e2 = M_PI * gr_hamaker_eq517(6, 1e-3) / f2 - 1.0;
  ck_assert(e1 > 0.0 && e2 > 0.0);
  ck_assert_double_eq_tol(e1 / e2, 2.0, 0.01);
  ck_assert_int_eq(gr_hamaker_sphere_wall_force(h, 6, 1.0, 1e-5, &f1), 0);
  ck_assert(REL(gr_hamaker_eq514_force(6, 1.0, 1e-5), f1) < 1e-4);
  ck_assert(REL(gr_hamaker_eq514_force(6, 1.0, 1e-5), f1) > 1e-7);
  gr_hamaker_free(h);
}
END_TEST

static Suite *vdw_suite(void)
{
  Suite *s = suite_create("vdw");
  TCase *c = tcase_create("contact");
  tcase_add_test(c, test_law_init);
  tcase_add_test(c, test_spring_hand_values);
  tcase_add_test(c, test_spring_cycle_loss);
  tcase_add_test(c, test_spring_collision_dynamic);
  tcase_add_test(c, test_time_step);
  suite_add_tcase(s, c);
  c = tcase_create("laws");
  tcase_add_test(c, test_vdw_hand_values);
  tcase_add_test(c, test_vdw_zero_peak_potential);
  tcase_add_test(c, test_model_zero_hold);
  tcase_add_test(c, test_model_attractive_hold);
  suite_add_tcase(s, c);
  c = tcase_create("pair");
  tcase_set_timeout(c, 60);
  tcase_add_test(c, test_pair_invariants);
  suite_add_tcase(s, c);
  c = tcase_create("hamaker");
  tcase_set_timeout(c, 120);
  tcase_add_test(c, test_hamaker_closed_forms);
  tcase_add_test(c, test_hamaker_derjaguin_limit);
  suite_add_tcase(s, c);
  return s;
}

GR_CHECK_MAIN(vdw_suite, 0)
