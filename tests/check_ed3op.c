/* Check suite for the collision operator and the plate of the 3D
 * event-driven engine (src/physics/ed3coll.c, ed3plate.c; Bizon et al.,
 * PRL 80, 57 (1998); Walton 1993, ch. 25):
 *  - Walton's operator against hand-computed cases, sticking and sliding,
 *    for a pair and at the plate, with the spin it gives (its sign);
 *  - linear momentum and angular momentum about the contact point of
 *    random pair collisions (unequal spheres);
 *  - Bizon's e(v_n): e0 above v0, continuous there, 1 at rest;
 *  - plate contacts against a brute-force fine scan of the gap over random
 *    phases and states, sine and parabolic plates, with grazing and
 *    double-root cases built on purpose;
 *  - the plate's phase over 1e4 cycles. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "physics/ed3.h"
#include "physics/ed3coll.h"
#include "physics/ed3plate.h"
#include "tests/check_run.h"

static const struct gr_ed3_law law = {0.7, 1.0, 0.75, 0.5, 0.35, 0.4};

static double urand(double lo, double hi) { return lo + (hi - lo) * (rand() / (RAND_MAX + 1.0)); }

/* Sticking at the plate: r = 1/2, m = 1, v = (1, 0, -1), no spin, plate at
 * rest.  u_n = 1, |u_t| = 1, e = 0.7, R = 0.5 1.7 3.5 = 2.975 >= 1.35:
 * beta = 0.35.  J = (0, 0, 1.7) - 1.35 (1, 0, 0) / 3.5; v' = (1 - 1.35/3.5,
 * 0, 0.7); w' = n x J / (K r) = (0, (1.35/3.5) / 0.2, 0): positive w_y,
 * the sense of rolling towards +x on the plate below. */
START_TEST(test_walton_plate_stick)
{
  double n[3] = {0.0, 0.0, -1.0}, v[3] = {1.0, 0.0, -1.0}, w[3] = {0.0, 0.0, 0.0}, vs[3] = {0.0, 0.0, 0.0}, beta;
  int reg = gr_ed3_collide(&law, n, 1.0, 0.5, v, w, 0.0, 0.0, vs, NULL, &beta);
  ck_assert_int_eq(reg, GR_ED3_STICK);
  ck_assert_double_eq_tol(beta, 0.35, 1e-15);
  ck_assert_double_eq_tol(v[0], 1.0 - 1.35 / 3.5, 1e-15);
  ck_assert_double_eq_tol(v[1], 0.0, 1e-15);
  ck_assert_double_eq_tol(v[2], 0.7, 1e-15);
  ck_assert_double_eq_tol(w[0], 0.0, 1e-15);
  ck_assert_double_eq_tol(w[1], 1.35 / 3.5 / 0.2, 1e-14);
  ck_assert_double_eq_tol(w[2], 0.0, 1e-15);
  /* the slip after: v_x - r w_y = -beta (1) */
  ck_assert_double_eq_tol(v[0] - 0.5 * w[1], -0.35, 1e-14);
}
END_TEST

/* Sliding at the plate, spin only: v = (0, 0, -1), w = (0, 10, 0) (the
 * bottom moves at -5 along x).  u_t = (-5, 0, 0), R = 2.975 / 5 = 0.595 <
 * 1.35: beta = -0.405, |J_t| = mu J_n = 0.85 along +x; v' = (0.85, 0, 0.7),
 * w_y' = 10 - 0.85 / 0.2 = 5.75: the spin is slowed, the ball kicked
 * forward (the rotational branch whose sign was wrong in the 1998 code). */
START_TEST(test_walton_plate_slide_spin)
{
  double n[3] = {0.0, 0.0, -1.0}, v[3] = {0.0, 0.0, -1.0}, w[3] = {0.0, 10.0, 0.0}, vs[3] = {0.0, 0.0, 0.0}, beta;
  int reg = gr_ed3_collide(&law, n, 1.0, 0.5, v, w, 0.0, 0.0, vs, NULL, &beta);
  ck_assert_int_eq(reg, GR_ED3_SLIDE);
  ck_assert_double_eq_tol(beta, 0.595 - 1.0, 1e-14);
  ck_assert_double_eq_tol(v[0], 0.85, 1e-14);
  ck_assert_double_eq_tol(v[2], 0.7, 1e-15);
  ck_assert_double_eq_tol(w[1], 5.75, 1e-13);
  ck_assert_double_eq_tol(w[0], 0.0, 1e-15);
  ck_assert_double_eq_tol(w[2], 0.0, 1e-15);
  /* a moving plate: the same in the plate's frame */
  v[0] = 0.0;
  v[1] = 0.0;
  v[2] = -1.0 + 0.3;
  w[1] = 10.0;
  vs[2] = 0.3;
  (void)gr_ed3_collide(&law, n, 1.0, 0.5, v, w, 0.0, 0.0, vs, NULL, &beta);
  ck_assert_double_eq_tol(v[0], 0.85, 1e-14);
  ck_assert_double_eq_tol(v[2] - 0.3, 0.7, 1e-14);
  ck_assert_double_eq_tol(w[1], 5.75, 1e-13);
}
END_TEST

/* A pair, sticking: equal spheres r = 1/2, m = 1, a at the origin, b at
 * (1, 0, 0), v_a = (1, 1, 0), v_b = 0.  u_n = 1, u_t = (0, 1, 0), R = 2.975:
 * beta = 0.35.  J = -(1.7 / 2) n - 1.35 (0, 1, 0) / 7; both spins
 * n x J / 0.2 = (0, 0, -(1.35 / 7) / 0.2).  Then a sliding pair, v_a =
 * (1, 5, 0): R = 0.595, |J_t| = mu |J_n| = 0.425. */
START_TEST(test_walton_pair_hand)
{
  double n[3] = {1.0, 0.0, 0.0}, va[3] = {1.0, 1.0, 0.0}, vb[3] = {0.0, 0.0, 0.0};
  double wa[3] = {0.0, 0.0, 0.0}, wb[3] = {0.0, 0.0, 0.0}, beta, jt = 1.35 / 7.0;
  int reg = gr_ed3_collide(&law, n, 1.0, 0.5, va, wa, 1.0, 0.5, vb, wb, &beta);
  ck_assert_int_eq(reg, GR_ED3_STICK);
  ck_assert_double_eq_tol(va[0], 0.15, 1e-15);
  ck_assert_double_eq_tol(va[1], 1.0 - jt, 1e-15);
  ck_assert_double_eq_tol(vb[0], 0.85, 1e-15);
  ck_assert_double_eq_tol(vb[1], jt, 1e-15);
  ck_assert_double_eq_tol(wa[2], -jt / 0.2, 1e-14);
  ck_assert_double_eq_tol(wb[2], -jt / 0.2, 1e-14);
  ck_assert_double_eq_tol(wa[0] + wa[1] + wb[0] + wb[1], 0.0, 1e-15);
  va[0] = 1.0;
  va[1] = 5.0;
  va[2] = vb[0] = vb[1] = vb[2] = 0.0;
  wa[2] = wb[2] = 0.0;
  reg = gr_ed3_collide(&law, n, 1.0, 0.5, va, wa, 1.0, 0.5, vb, wb, &beta);
  ck_assert_int_eq(reg, GR_ED3_SLIDE);
  ck_assert_double_eq_tol(beta, -0.405, 1e-14);
  ck_assert_double_eq_tol(vb[1], 0.425, 1e-14);
  ck_assert_double_eq_tol(va[1], 5.0 - 0.425, 1e-14);
  ck_assert_double_eq_tol(wa[2], -0.425 / 0.2, 1e-13);
}
END_TEST

/* Bizon's law: e0 at and above v0, continuous at v0, 1 at rest, monotone. */
START_TEST(test_restitution_law)
{
  double v;
  ck_assert_double_eq(gr_ed3_restitution(&law, 2.0), 0.7);
  ck_assert_double_eq(gr_ed3_restitution(&law, 1.0), 0.7);
  ck_assert_double_eq_tol(gr_ed3_restitution(&law, 1.0 - 1e-12), 0.7, 1e-11);
  ck_assert_double_eq(gr_ed3_restitution(&law, 0.0), 1.0);
  ck_assert_double_eq_tol(gr_ed3_restitution(&law, 0.5), 1.0 - 0.3 * pow(0.5, 0.75), 1e-15);
  for (v = 0.01; v < 1.0; v += 0.01)
    ck_assert(gr_ed3_restitution(&law, v) > gr_ed3_restitution(&law, v + 0.01));
}
END_TEST

/* Random pairs of unequal spheres: sum m v and the angular momentum about
 * the contact point, sum m (x - c) x v + K m r^2 w, are unchanged. */
START_TEST(test_pair_momenta)
{
  struct gr_ed3_law lw = law;
  int trial, k, done = 0;
  srand(3);
  for (trial = 0; trial < 2000; trial++) {
    double n[3], va[3], vb[3], wa[3], wb[3], ra = urand(0.4, 0.6), rb = urand(0.4, 0.6), c;
    double ma = ra * ra * ra * 8.0, mb = rb * rb * rb * 8.0, p0[3], l0[3], p1[3], l1[3], nn = 0.0;
    lw.mu = urand(0.0, 1.0);
    lw.beta0 = urand(-1.0, 1.0);
    for (k = 0; k < 3; k++) {
      n[k] = urand(-1.0, 1.0);
      nn += n[k] * n[k];
      va[k] = urand(-2.0, 2.0);
      vb[k] = urand(-2.0, 2.0);
      wa[k] = urand(-5.0, 5.0);
      wb[k] = urand(-5.0, 5.0);
    }
    for (k = 0; k < 3; k++)
      n[k] /= sqrt(nn);
    for (int pass = 0; pass < 2; pass++) {
      double *p = pass ? p1 : p0, *l = pass ? l1 : l0;
      /* positions relative to the contact: a at -ra n, b at +rb n */
      for (k = 0; k < 3; k++)
        p[k] = ma * va[k] + mb * vb[k];
      for (k = 0; k < 3; k++) {
        int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        l[k] = ma * (-ra) * (n[k1] * va[k2] - n[k2] * va[k1]) + mb * rb * (n[k1] * vb[k2] - n[k2] * vb[k1]) +
               lw.K * ma * ra * ra * wa[k] + lw.K * mb * rb * rb * wb[k];
      }
      if (pass == 0 && gr_ed3_collide(&lw, n, 1.0 / ma, ra, va, wa, 1.0 / mb, rb, vb, wb, NULL) == GR_ED3_NONE)
        break;
      if (pass == 1) {
        done++;
        for (k = 0; k < 3; k++) {
          c = fabs(p0[k]) + 10.0;
          ck_assert_msg(fabs(p1[k] - p0[k]) < 1e-14 * c, "momentum %d: %g -> %g", k, p0[k], p1[k]);
          ck_assert_msg(fabs(l1[k] - l0[k]) < 1e-14 * (fabs(l0[k]) + 10.0), "angular momentum %d: %g -> %g", k,
                        l0[k], l1[k]);
        }
      }
    }
  }
  ck_assert_int_gt(done, 500);
}
END_TEST

/* The gap h(t) of a sphere against the plate, for the brute-force scans. */
static double gap(const struct gr_ed3_plate *pl, double tau, double z, double vz, double r, double t)
{
  double zp, s = t - tau;
  gr_ed3_plate_eval(pl, t, &zp, NULL, NULL);
  return z + vz * s - 0.5 * pl->g * s * s - r - zp;
}

/* One prediction against a scan of step dt over [t0, t1]: the scan's first
 * negative sample t_k must follow the predicted contact by at most dt, no
 * earlier sample may be negative, and the predicted time is a zero of the
 * gap to round-off (gap >= -1e-13 there, < 0 a little later unless grazing).
 * Returns 1 when a contact was predicted. */
static int check_one(const struct gr_ed3_plate *pl, double tau, double z, double vz, double r,
                     double t0, double t1, int nscan)
{
  double th = 0.0, dt = (t1 - t0) / nscan, t, first = HUGE_VAL, h;
  int hit = gr_ed3_plate_contact(pl, tau, z, vz, r, t0, t1, &th, NULL), k;
  for (k = 1; k <= nscan; k++) {
    t = t0 + k * dt;
    if (gap(pl, tau, z, vz, r, t) < 0.0) {
      first = t;
      break;
    }
  }
  if (first < HUGE_VAL) {
    ck_assert_msg(hit, "scan finds a contact at %.15g, the prediction none (z %g vz %g t0 %g)", first, z, vz, t0);
    ck_assert_msg(th <= first && th >= first - dt * 1.000001, "predicted %.15g, scan %.15g (dt %g)", th, first, dt);
  }
  if (hit) {
    h = gap(pl, tau, z, vz, r, th);
    ck_assert_msg(h >= -1e-13 && h < 1e-11, "gap %g at the predicted contact %.15g", h, th);
    for (k = 1; t0 + k * dt < th; k++)
      gr_ck_each(gap(pl, tau, z, vz, r, t0 + k * dt) >= -1e-13, "contact before the predicted one");
  }
  return hit;
}

/* Random phases, Gammas 0.5-8, sphere states above the plate: sine and
 * parabolic plates against a scan of 2e5 steps over two periods. */
START_TEST(test_plate_scan_random)
{
  struct gr_ed3_plate pl;
  int trial, hits = 0, kind;
  srand(5);
  for (trial = 0; trial < 400; trial++) {
    double om = urand(0.5, 3.0), gam = urand(0.5, 8.0), a = gam / (om * om), t0 = urand(0.0, 50.0), zp, vp;
    double r = 0.5, z, vz, T;
    kind = trial % 2 ? GR_ED3_PLATE_PARABOLIC : GR_ED3_PLATE_SINE;
    ck_assert_int_eq(gr_ed3_plate_init(&pl, kind, a, om, urand(0.0, 6.3), 1.0), GR_OK);
    T = pl.period;
    gr_ed3_plate_eval(&pl, t0, &zp, &vp, NULL);
    z = zp + r + urand(0.0, 2.0) * (trial % 3 == 0 ? 1e-6 : 1.0); /* a third start at the plate */
    vz = trial % 3 == 0 ? vp + urand(0.0, 1.0) : urand(-2.0, 2.0);
    hits += check_one(&pl, t0, z, vz, r, t0, t0 + 2.0 * T, 200000);
  }
  ck_assert_int_gt(hits, 250);
}
END_TEST

/* Grazing and double roots: a sphere tangent to the plate at tc with the
 * plate accelerating downward faster than g there (h'' > 0), its minimum
 * gap set to +-d.  d > 0: no contact near tc; d < 0: the first of the two
 * close zeros, before tc.  Then a parabola that dips through the plate
 * and out again inside one convex piece with the gap positive at both ends
 * of the piece (only the search for the minimum sees it). */
START_TEST(test_plate_graze)
{
  struct gr_ed3_plate pl;
  int trial, k;
  double d[4] = {1e-4, -1e-4, 1e-9, -1e-9};
  srand(9);
  for (trial = 0; trial < 200; trial++) {
    int kind = trial % 2 ? GR_ED3_PLATE_PARABOLIC : GR_ED3_PLATE_SINE, hit;
    double om = 1.2, a = urand(3.0, 6.0) / (om * om), zp, vp, ap, tc, th = 0.0, t0;
    ck_assert_int_eq(gr_ed3_plate_init(&pl, kind, a, om, 0.0, 1.0), GR_OK);
    /* tc where the plate's acceleration is below -g: near the top */
    tc = 10.0 * pl.period + pl.period * urand(0.2, 0.3);
    gr_ed3_plate_eval(&pl, tc, &zp, &vp, &ap);
    ck_assert(ap < -1.0);
    k = (trial / 2) % 4; /* every d on both plates */
    t0 = tc - 0.05 * pl.period;
    hit = gr_ed3_plate_contact(&pl, tc, zp + 0.5 + d[k], vp, 0.5, t0, tc + 0.05 * pl.period, &th, NULL);
    if (d[k] > 0.0) {
      ck_assert_msg(!hit, "graze at +%g reported as a contact at %.15g (tc %.15g)", d[k], th, tc);
    } else {
      ck_assert_msg(hit, "dip of %g missed", d[k]);
      ck_assert_msg(th < tc && th > tc - 0.01 * pl.period, "dip: contact %.15g, tangent at %.15g", th, tc);
      ck_assert(gap(&pl, tc, zp + 0.5 + d[k], vp, 0.5, th) >= -1e-13);
    }
    if (k < 2)
      check_one(&pl, tc, zp + 0.5 + d[k], vp, 0.5, t0, tc + 0.05 * pl.period, 200000);
  }
}
END_TEST

/* The phase over 1e4 cycles: z_p(k T + s) = z_p(s) to what the rounding
 * of the time k T + s itself allows (2 ulp of t times the plate's largest
 * speed A omega): no error that grows with the cycle count. */
START_TEST(test_plate_phase)
{
  struct gr_ed3_plate pl;
  int k, j;
  double z0, z1, s, t, T = 2.0 * 3.141592653589793 / 1.187; /* the true period, not the engine's */
  ck_assert_int_eq(gr_ed3_plate_init(&pl, GR_ED3_PLATE_SINE, 2.13, 1.187, 0.3, 1.0), GR_OK);
  srand(4);
  for (k = 1; k <= 10000; k += 37)
    for (j = 0; j < 5; j++) {
      s = urand(0.0, T);
      gr_ed3_plate_eval(&pl, s, &z0, NULL, NULL);
      t = (double)k * T + s;
      gr_ed3_plate_eval(&pl, t, &z1, NULL, NULL);
      ck_assert_msg(fabs(z1 - z0) <= 2.0 * 2.13 * 1.187 * (nextafter(t, HUGE_VAL) - t) + 1e-15,
                    "cycle %d: %.17g vs %.17g", k, z1, z0);
    }
  ck_assert_int_eq(gr_ed3_plate_init(&pl, GR_ED3_PLATE_SINE, 1.0, 0.0, 0.0, 1.0), GR_EINPUT);
}
END_TEST

static Suite *ed3op_suite(void)
{
  Suite *su = suite_create("ed3op");
  TCase *tc = tcase_create("operator-plate");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_walton_plate_stick);
  tcase_add_test(tc, test_walton_plate_slide_spin);
  tcase_add_test(tc, test_walton_pair_hand);
  tcase_add_test(tc, test_restitution_law);
  tcase_add_test(tc, test_pair_momenta);
  tcase_add_test(tc, test_plate_scan_random);
  tcase_add_test(tc, test_plate_graze);
  tcase_add_test(tc, test_plate_phase);
  suite_add_tcase(su, tc);
  return su;
}

GR_CHECK_MAIN(ed3op_suite, 0)
