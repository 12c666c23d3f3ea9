/* Check suite for src/physics/bpforce.c and bpsim.c: the contact force of
 * Buchholtz & Poeschel (1993), eqs. 16-21, in its consistent reading:
 * Newton's third law, the Hertz exponent, the Coulomb bound, dissipation
 * pair by pair, an isolated system that never gains energy, momentum,
 * angular momentum against the torques, and the restitution of a head-on
 * collision against a GSL odeiv2 solution of the same contact ODE.  The
 * printed readings (variants) must break the properties they break. */
#include <check.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>

#include "physics/bpforce.h"
#include "physics/bpsim.h"
#include "tests/check_run.h"

static double urand(double lo, double hi)
{
  return lo + (hi - lo) * rand() / (double)RAND_MAX;
}

static struct gr_bpforce law(int variants)
{
  struct gr_bpforce p;
  ck_assert_int_eq(gr_bpforce_init(&p, 100.0, 1000.0, 300.0, 0.5, variants), 0);
  return p;
}

/* A random pair in contact: overlap up to 10 % of the radii. */
struct pair { double dx, dy, dvx, dvy, ri, rj, wi, wj, mi, mj; };
static struct pair rpair(void)
{
  struct pair q;
  double a = urand(0, 2 * M_PI), d;
  q.ri = urand(0.9e-3, 1.1e-3);
  q.rj = urand(0.9e-3, 1.1e-3);
  d = (q.ri + q.rj) * urand(0.9, 1.0);
  q.dx = d * cos(a);
  q.dy = d * sin(a);
  q.dvx = urand(-0.1, 0.1);
  q.dvy = urand(-0.1, 0.1);
  q.wi = urand(-100, 100);
  q.wj = urand(-100, 100);
  q.mi = urand(0.5e-6, 2e-6);
  q.mj = urand(0.5e-6, 2e-6);
  return q;
}

static void eval(const struct gr_bpforce *p, const struct pair *q, int swap,
                 struct gr_bpforce_out *o)
{
  if (!swap)
    gr_bpforce_pair(p, q->dx, q->dy, q->dvx, q->dvy, q->ri, q->rj, q->wi, q->wj,
                    q->mi, q->mj, 1.0, o);
  else
    gr_bpforce_pair(p, -q->dx, -q->dy, -q->dvx, -q->dvy, q->rj, q->ri, q->wj, q->wi,
                    q->mj, q->mi, 1.0, o);
}

/* Power of the dissipative part: F.(v_i - v_j) + T_i w_i + T_j w_j minus
 * the rate of elastic energy k_N xi^1.5 (v_i - v_j).n. */
static double dissipation(const struct gr_bpforce *p, const struct pair *q)
{
  struct gr_bpforce_out o;
  double dist = hypot(q->dx, q->dy), vn = (q->dvx * q->dx + q->dvy * q->dy) / dist;
  eval(p, q, 0, &o);
  return o.fx * q->dvx + o.fy * q->dvy + o.ti * q->wi + gr_bpforce_torque_j(&o, q->rj) * q->wj -
         p->kn * o.xi * sqrt(o.xi) * vn;
}

START_TEST(test_third_law)
{
  struct gr_bpforce p = law(0);
  int k;
  srand(3);
  for (k = 0; k < 10000; k++) {
    struct pair q = rpair();
    struct gr_bpforce_out a, b;
    eval(&p, &q, 0, &a);
    eval(&p, &q, 1, &b);
    ck_assert(a.fx == -b.fx && a.fy == -b.fy && a.fs == b.fs);
    ck_assert(b.ti == gr_bpforce_torque_j(&a, q.rj));
  }
}
END_TEST

/* The elastic force at rest: log-log slope 1.5; no force out of contact
 * nor when the Test mask is 0. */
START_TEST(test_hertz)
{
  struct gr_bpforce p = law(0);
  struct gr_bpforce_out a, b;
  gr_bpforce_pair(&p, 2e-3 - 1e-7, 0, 0, 0, 1e-3, 1e-3, 0, 0, 1, 1, 1.0, &a);
  gr_bpforce_pair(&p, 2e-3 - 1e-4, 0, 0, 0, 1e-3, 1e-3, 0, 0, 1, 1, 1.0, &b);
  ck_assert_double_eq_tol(log(b.fx / a.fx) / log(1e3), 1.5, 1e-9);
  ck_assert_double_eq_tol(b.fx, 100.0 * pow(1e-4, 1.5), 1e-12 * b.fx);
  gr_bpforce_pair(&p, 2e-3 + 1e-9, 0, -1, 0, 1e-3, 1e-3, 5, 5, 1, 1, 1.0, &a);
  ck_assert(a.fx == 0.0 && a.fy == 0.0 && a.ti == 0.0);
  gr_bpforce_pair(&p, 1e-3, 0, -1, 0, 1e-3, 1e-3, 5, 5, 1, 1, 0.0, &a);
  ck_assert(a.fx == 0.0 && a.fy == 0.0 && a.ti == 0.0);
}
END_TEST

/* Coulomb (eq. 19 read consistently): |F_S| <= mu |F_N|; dissipation <= 0.
 * The printed readings: eq. 19 literally exceeds the bound, eqs. 18, 20
 * and 14-15 produce energy somewhere. */
START_TEST(test_dissipative)
{
  struct gr_bpforce p = law(0);
  int k, bits[] = {GR_BPFORCE_EQ18_SIGN, GR_BPFORCE_EQ20_ROT, GR_BPFORCE_EQ14_TANGENT};
  double worst[3] = {0, 0, 0}, ratio = 0.0;
  struct gr_bpforce v19 = law(GR_BPFORCE_EQ19_MIN);
  srand(5);
  for (k = 0; k < 20000; k++) {
    struct pair q = rpair();
    struct gr_bpforce_out o;
    int b;
    eval(&p, &q, 0, &o);
    gr_ck_each(fabs(o.fs) <= 0.5 * fabs(o.fn) * (1 + 1e-15) + 1e-300, "");
    gr_ck_each(dissipation(&p, &q) <= 1e-18, "");
    for (b = 0; b < 3; b++) {
      struct gr_bpforce v = law(bits[b]);
      double d = dissipation(&v, &q);
      worst[b] = d > worst[b] ? d : worst[b];
    }
    eval(&v19, &q, 0, &o);
    if (o.fn > 0.0)
      ratio = fabs(o.fs) / (0.5 * o.fn) > ratio ? fabs(o.fs) / (0.5 * o.fn) : ratio;
  }
  ck_assert(worst[0] > 0.0 && worst[1] > 0.0 && worst[2] > 0.0);
  ck_assert(ratio > 1.5);
}
END_TEST

/* A cluster of n grains in an open box, no gravity. */
static void cluster(struct gr_bpsim *s, int nv, int search, double dt)
{
  enum { N = 24 };
  struct gr_bpsim_params p = {{{0.03, 0.03, 1}, {0, 0, 0}}, law(0), {0, 0}, dt, nv, 0,
                              search, 0, 2, 0, 1};
  double r[N], m[N], I[N];
  int i;
  srand(9);
  for (i = 0; i < N; i++) {
    r[i] = urand(0.95e-3, 1.05e-3);
    m[i] = 1e-6 * pow(r[i] / 1e-3, 3);
    I[i] = 0.4 * m[i] * r[i] * r[i];
  }
  ck_assert_int_eq(gr_bpsim_init(s, &p, N, N, r, m, I), 0);
  for (i = 0; i < N; i++)
    gr_bpsim_set(s, (size_t)i, 0.01 + 2.15e-3 * (i % 6) + urand(-5e-5, 5e-5),
                 0.01 + 2.15e-3 * (i / 6), urand(-0.05, 0.05), urand(-0.05, 0.05),
                 urand(-50, 50));
  ck_assert_int_eq(gr_bpsim_start(s), 0);
}

/* Sum of r x F + T over the grains. */
static double torque_sum(const struct gr_bpsim *s)
{
  size_t i;
  double t = 0;
  for (i = 0; i < s->n; i++)
    t += s->x[i] * s->fy[i] - s->y[i] * s->fx[i] + s->tq[i];
  return t;
}

/* Run the cluster for 0.04 s: the summed energy rises (kinetic,
 * rotational, elastic) over the run, relative to the start; checks
 * momentum to round-off and the angular momentum against the integrated
 * torque sum(r x F + T) = -sum_pairs F_S xi (not zero: the shear force
 * acts at the overlap). */
static double run_cluster(double dt, int nv)
{
  struct gr_bpsim s;
  double e0, e = 0, prev, px0 = 0, py0 = 0, scale = 0, L0 = 0, L = 0, tint = 0, tprev, rise = 0;
  size_t i;
  long k, n = lround(0.04 / dt);
  cluster(&s, nv, GR_BPSIM_ALLPAIRS, dt);
  e0 = prev = gr_bpsim_kinetic(&s) + gr_bpsim_elastic(&s);
  for (i = 0; i < s.n; i++) {
    px0 += s.m[i] * s.vx[i];
    py0 += s.m[i] * s.vy[i];
    scale += s.m[i] * hypot(s.vx[i], s.vy[i]);
    L0 += s.m[i] * (s.x[i] * s.vy[i] - s.y[i] * s.vx[i]) + s.inertia[i] * s.w[i];
  }
  tprev = torque_sum(&s);
  for (k = 0; k < n; k++) {
    double px = 0, py = 0, t;
    ck_assert_int_eq(gr_bpsim_step(&s), 0);
    e = gr_bpsim_kinetic(&s) + gr_bpsim_elastic(&s);
    rise += e > prev ? e - prev : 0.0;
    prev = e;
    for (i = 0; i < s.n; i++) {
      px += s.m[i] * s.vx[i];
      py += s.m[i] * s.vy[i];
    }
    ck_assert(fabs(px - px0) <= 1e-12 * scale && fabs(py - py0) <= 1e-12 * scale);
    t = torque_sum(&s);
    tint += 0.5 * (t + tprev) * dt;
    tprev = t;
  }
  ck_assert(e < 0.9 * e0); /* collisions happened and dissipated */
  for (i = 0; i < s.n; i++)
    L += s.m[i] * (s.x[i] * s.vy[i] - s.y[i] * s.vx[i]) + s.inertia[i] * s.w[i];
  ck_assert(fabs(tint) > 1e-5 * fabs(L0)); /* the torque sum is not zero */
  ck_assert_msg(fabs((L - L0) - tint) <= 1e-3 * fabs(tint), "dL %g vs torque %g", L - L0, tint);
  gr_bpsim_free(&s);
  return rise / e0;
}

/* An isolated system never gains energy: what the integrator adds is the
 * first-order error where the damping force jumps (contact start and
 * end), below 1e-5 of the start energy at dt = 1e-5 s and shrinking in
 * proportion to dt (at least 3x from dt = 1e-5 to 2e-6). */
START_TEST(test_isolated)
{
  int nv;
  for (nv = 5; nv <= 6; nv++) {
    double r1 = run_cluster(1e-5, nv), r2 = run_cluster(2e-6, nv);
    ck_assert_msg(r1 < 1e-5 && (r2 == 0.0 || r2 < r1 / 3.0), "rises %g %g", r1, r2);
  }
}
END_TEST

/* (The Gear integrator is first order across the jump of the damping
 * force at the contact's start and end: at dt = 1e-7 s the restitution
 * agrees with the ODE to about 1e-4 relative, not better.)
 * Exit speed over entry speed from eq. 18 along the line, -(k_N
 * xi^1.5)/M_eff - gamma_N xi' (gr_bpforce_restitution: rk8pd, 1e-13). */
static double ode_restitution(double v0, double meff)
{
  double e = -1.0;
  ck_assert_int_eq(gr_bpforce_restitution(100.0 / meff, 1000.0, v0, &e), GR_OK);
  return e;
}

/* The contact ODE's restitution itself: 1 without damping; the overlap
 * equation x'' = -k x^1.5 - gn x' maps onto itself under x -> 4 x, v0 ->
 * 4 v0, k -> k / 2 (same contact time), so e(k, gn, v0) = e(2 k, gn,
 * v0 / 4); e falls as gn grows; an overdamped contact never parts (0). */
START_TEST(test_restitution_ode)
{
  double k = 2e8, e1 = -1, e2 = -1, e3 = -1, e4 = -1;
  ck_assert_int_eq(gr_bpforce_restitution(k, 0.0, 1.0, &e1), GR_OK);
  ck_assert_msg(fabs(e1 - 1.0) < 1e-6, "elastic e %.12g", e1);
  ck_assert_int_eq(gr_bpforce_restitution(k, 1000.0, 1.0, &e1), GR_OK);
  ck_assert_int_eq(gr_bpforce_restitution(2.0 * k, 1000.0, 0.25, &e2), GR_OK);
  ck_assert_msg(e1 > 0.0 && e1 < 1.0 && fabs(e1 - e2) < 1e-6, "scaling %.12g %.12g", e1, e2);
  ck_assert_int_eq(gr_bpforce_restitution(k, 500.0, 1.0, &e3), GR_OK);
  ck_assert_int_eq(gr_bpforce_restitution(k, 2000.0, 1.0, &e4), GR_OK);
  ck_assert_msg(e3 > e1 && e1 > e4 && e4 > 0.0, "monotone %g %g %g", e3, e1, e4);
  ck_assert_int_eq(gr_bpforce_restitution(k, 1e7, 1.0, &e4), GR_OK);
  ck_assert(e4 == 0.0);
  ck_assert_int_eq(gr_bpforce_restitution(0.0, 1000.0, 1.0, &e4), GR_EINPUT);
  ck_assert_int_eq(gr_bpforce_restitution(k, NAN, 1.0, &e4), GR_EINPUT);
  ck_assert_int_eq(gr_bpforce_restitution(k, 1000.0, -1.0, &e4), GR_EINPUT);
}
END_TEST

START_TEST(test_restitution)
{
  struct gr_bpsim_params p = {{{1, 1, 1}, {0, 0, 0}}, law(0), {0, 0}, 1e-7, 5, 0,
                              GR_BPSIM_ALLPAIRS, 0, 2, 0, 1};
  double r[2] = {1e-3, 1e-3}, m[2] = {1e-6, 1e-6}, I[2] = {4e-13, 4e-13}, v0 = 0.1, e;
  struct gr_bpsim s;
  int k;
  ck_assert_int_eq(gr_bpsim_init(&s, &p, 2, 2, r, m, I), 0);
  gr_bpsim_set(&s, 0, 0.5, 0.5, 0.5 * v0, 0, 0);
  gr_bpsim_set(&s, 1, 0.5 + 2e-3 + 0.5 * v0 * 1e-6, 0.5, -0.5 * v0, 0, 0);
  ck_assert_int_eq(gr_bpsim_start(&s), 0);
  for (k = 0; k < 60000; k++)
    ck_assert_int_eq(gr_bpsim_step(&s), 0);
  ck_assert(s.x[1] - s.x[0] > 2e-3);
  e = (s.vx[1] - s.vx[0]) / v0;
  ck_assert_msg(fabs(e - ode_restitution(v0, 0.5e-6)) < 3e-4 * e, "e %g ode %g", e,
                ode_restitution(v0, 0.5e-6));
  ck_assert(e > 0.0 && e < 1.0);
  gr_bpsim_free(&s);
}
END_TEST

START_TEST(test_bad_input)
{
  struct gr_bpforce p;
  ck_assert_int_eq(gr_bpforce_init(&p, -1, 0, 0, 0, 0), 2);
  ck_assert_int_eq(gr_bpforce_init(&p, 1, NAN, 0, 0, 0), 2);
  ck_assert_int_eq(gr_bpforce_init(&p, 1, 0, 0, 0, 64), 2);
  ck_assert_str_eq(gr_bpforce_variant_name(GR_BPFORCE_EQ20_ROT), "eq20-rotation");
}
END_TEST

/* The suite. */
static Suite *bpforce_suite(void)
{
  Suite *s = suite_create("bpforce");
  TCase *tc = tcase_create("bpforce");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_third_law);
  tcase_add_test(tc, test_hertz);
  tcase_add_test(tc, test_dissipative);
  tcase_add_test(tc, test_isolated);
  tcase_add_test(tc, test_restitution);
  tcase_add_test(tc, test_restitution_ode);
  tcase_add_test(tc, test_bad_input);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(bpforce_suite, 0)
