/* Check suite for src/physics/leapfrog.c: the leap-frog scheme of
 * Greenspan & Rosati (1976), eqs. (2.1)-(2.3) and (2.8), against closed
 * forms (free fall, the harmonic pair, the small oscillation of a
 * power-law pair) and the floor rule of Section 4. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "physics/leapfrog.h"
#include "physics/pairforce.h"
#include "tests/check_run.h"

#define GR_PI 3.14159265358979323846

static int no_force(void *arg, size_t n, const double *x, const double *y,
                    const double *m, double *fx, double *fy)
{
  size_t i;
  (void)arg; (void)x; (void)y; (void)m;
  for (i = 0; i < n; i++)
    fx[i] = fy[i] = 0.0;
  return 0;
}

/* Linear spring of stiffness *arg and rest length 1 between particles 0
 * and 1 along x. */
static int spring(void *arg, size_t n, const double *x, const double *y,
                  const double *m, double *fx, double *fy)
{
  double k = *(double *)arg, f = -k * (x[1] - x[0] - 1.0);
  (void)y; (void)m; (void)n;
  fx[1] = f;
  fx[0] = -f;
  fy[0] = fy[1] = 0.0;
  return 0;
}

static int power_pair(void *arg, size_t n, const double *x, const double *y,
                      const double *m, double *fx, double *fy)
{
  return gr_pairforce_total(arg, NULL, n, x, y, m, fx, fy) == GR_PAIRFORCE_NOWS;
}

/* Free fall under -32 from rest: with the half first kick (2.1) the
 * positions are exact at every step, y_k = y0 - g (k dt)^2 / 2, and
 * v_{k-1/2} = -g (k - 1/2) dt; the listing's full first kick gives
 * y_k = y0 - g dt^2 k (k + 1) / 2 and v = -g k dt. */
START_TEST(test_free_fall)
{
  struct gr_leapfrog_opts o = {1e-4, 32.0, GR_LEAPFROG_START_HALF, 0, 0.1, 0.0, 0};
  struct gr_leapfrog *a = gr_leapfrog_new(1, &o, no_force, NULL), *b;
  double dt = o.dt, g = o.g;
  long k;
  o.start = GR_LEAPFROG_START_FULL;
  b = gr_leapfrog_new(1, &o, no_force, NULL);
  a->y[0] = b->y[0] = 100.0;
  a->vx[0] = b->vx[0] = 2.0;
  for (k = 1; k <= 5000; k++) {
    ck_assert_int_eq(gr_leapfrog_step(a), 0);
    ck_assert_int_eq(gr_leapfrog_step(b), 0);
    ck_assert_double_eq_tol(a->y[0], 100.0 - 0.5 * g * (k * dt) * (k * dt), 1e-10);
    ck_assert_double_eq_tol(a->vy[0], -g * (k - 0.5) * dt, 1e-11);
    ck_assert_double_eq_tol(b->y[0], 100.0 - 0.5 * g * dt * dt * k * (k + 1), 1e-10);
    ck_assert_double_eq_tol(b->vy[0], -g * k * dt, 1e-11);
    ck_assert_double_eq_tol(a->x[0], 2.0 * k * dt, 1e-12);
  }
  ck_assert_int_eq(a->k, 5000);
  gr_leapfrog_free(a);
  gr_leapfrog_free(b);
}
END_TEST

/* Harmonic pair (unit masses, spring k, so omega^2 = 2k): the leap-frog
 * relative coordinate is exactly u_n = u0 cos(n theta) + dt v0 sin(n theta)
 * / sin(theta) with cos(theta) = 1 - omega^2 dt^2 / 2 (half first kick),
 * and within O(dt^2) of the exact u0 cos(omega t). */
START_TEST(test_harmonic_pair)
{
  double k = 2500.0, w = sqrt(2.0 * k), dt = 1e-4, th = acos(1.0 - w * w * dt * dt / 2.0);
  struct gr_leapfrog_opts o = {1e-4, 0.0, GR_LEAPFROG_START_HALF, 0, 0.1, 0.0, 0};
  struct gr_leapfrog *lf = gr_leapfrog_new(2, &o, spring, &k);
  double u0 = 0.01, u, vrel;
  long n;
  lf->x[0] = 0.0;
  lf->x[1] = 1.0 + u0;
  for (n = 1; n <= 20000; n++) {
    gr_ck_each((gr_leapfrog_step(lf)) == (0), "expected %lld", (long long)(0));
    u = lf->x[1] - lf->x[0] - 1.0;
    gr_ck_each(fabsl((long double)(u0 * cos(n * th)) - (long double)(u)) < (1e-10), "%.17g != %.17g", (double)(u), (double)(u0 * cos(n * th))); /* round-off of x ~ 1 over 2e4 steps */
    gr_ck_each(fabsl((long double)(u0 * cos(w * n * dt)) - (long double)(u)) < (u0 * w * w * dt * dt * w * n * dt), "%.17g != %.17g", (double)(u), (double)(u0 * cos(w * n * dt)));
    gr_ck_each(fabsl((long double)(1.0 + u0) - (long double)(lf->x[0] + lf->x[1])) < (1e-12), "%.17g != %.17g", (double)(lf->x[0] + lf->x[1]), (double)(1.0 + u0)); /* momentum */
  }
  /* v_{n-1/2} of the relative motion: (u_n - u_{n-1}) / dt */
  vrel = lf->vx[1] - lf->vx[0];
  ck_assert_double_eq_tol(vrel, u0 * (cos((n - 1) * th) - cos((n - 2) * th)) / dt, 1e-9);
  gr_leapfrog_free(lf);
}
END_TEST

/* Two particles of the triangle's force law (G = 2500, H = 2900, 6, 4)
 * oscillating slightly about r0 = (H/G)^(1/2): period 2 pi / omega with
 * omega^2 = 2 F'(r0) = 2 (alpha - beta) G / r0^(beta + 1). */
START_TEST(test_power_pair_oscillation)
{
  struct gr_pairforce p = {2500.0, 2900.0, 6, 4, 1.5, 1, GR_PAIRFORCE_SUM_LISTING};
  struct gr_leapfrog_opts o = {1e-4, 0.0, GR_LEAPFROG_START_HALF, 0, 0.1, 0.0, 0};
  struct gr_leapfrog *lf = gr_leapfrog_new(2, &o, power_pair, &p);
  double r0 = sqrt(2900.0 / 2500.0), w = sqrt(2.0 * 2.0 * 2500.0 / pow(r0, 5));
  double prev, cur, first = -1.0, last = -1.0, t;
  int crossings = 0;
  lf->x[1] = r0 + 1e-5;
  prev = 1e-5;
  while (lf->k < 20000) {
    ck_assert_int_eq(gr_leapfrog_step(lf), 0);
    cur = lf->x[1] - lf->x[0] - r0;
    if (prev > 0.0 && cur <= 0.0) { /* downward crossing, interpolated */
      t = (lf->k - 1 + prev / (prev - cur)) * o.dt;
      if (first < 0.0)
        first = t;
      last = t;
      crossings++;
    }
    prev = cur;
  }
  ck_assert_int_ge(crossings, 5);
  ck_assert_double_eq_tol((last - first) / (crossings - 1), 2.0 * GR_PI / w, 1e-4 * 2.0 * GR_PI / w);
  gr_leapfrog_free(lf);
}
END_TEST

/* Section 4 and the listing: y < 0 -> -y, v_x -> kx v_x, v_y -> -e v_y;
 * y = 0 exactly is left alone (IF (Y(I,2).GE.0.0) GO TO 80). */
START_TEST(test_floor_rule)
{
  double y = -0.01, vx = 3.0, vy = -2.0;
  ck_assert_int_eq(gr_leapfrog_floor(&y, &vx, &vy, 0.1, 0.0), 1);
  ck_assert(y == 0.01 && vx == 0.0 && vy == -0.1 * -2.0);
  y = 0.0; vx = 1.0; vy = -1.0;
  ck_assert_int_eq(gr_leapfrog_floor(&y, &vx, &vy, 0.1, 0.0), 0);
  ck_assert(y == 0.0 && vx == 1.0 && vy == -1.0);
  y = -1e-3; vx = 1.0; vy = -1.0;
  gr_leapfrog_floor(&y, &vx, &vy, 1.0, 1.0);
  ck_assert(y == 1e-3 && vx == 1.0 && vy == 1.0);
}
END_TEST

/* A dropped particle: with e = 1 it bounces back to its height (within a
 * step's travel); with the listing's e = 0.1 it comes to rest on the floor
 * and never goes below it. */
START_TEST(test_floor_bounce)
{
  struct gr_leapfrog_opts o = {1e-4, 32.0, GR_LEAPFROG_START_HALF, 1, 1.0, 0.0, 0};
  struct gr_leapfrog *a = gr_leapfrog_new(1, &o, no_force, NULL), *b;
  double top = 0.0;
  long k;
  o.floor_e = 0.1;
  b = gr_leapfrog_new(1, &o, no_force, NULL);
  a->y[0] = b->y[0] = 1.0;
  a->vx[0] = b->vx[0] = 1.0;
  for (k = 0; k < 5000; k++) /* falls 1 in t = 0.25: 2500 steps */
    ck_assert_int_eq(gr_leapfrog_step(a), 0);
  for (k = 0; k < 3000; k++) {
    ck_assert_int_eq(gr_leapfrog_step(a), 0);
    top = fmax(top, a->y[0]);
  }
  ck_assert_double_eq_tol(top, 1.0, 8.0 * 1e-4 + 1e-6);
  ck_assert(a->vx[0] == 0.0);
  for (k = 0; k < 20000; k++) {
    ck_assert_int_eq(gr_leapfrog_step(b), 0);
    ck_assert(b->y[0] >= 0.0);
  }
  ck_assert(b->y[0] < 1e-5);
  gr_leapfrog_free(a);
  gr_leapfrog_free(b);
}
END_TEST

static int exact_forces(void *arg, size_t n, const double *x, const double *y,
                        const double *m, double *fx, double *fy)
{
  struct gr_pairforce p = {2500.0, 2900.0, 6, 4, 1.5, 1, GR_PAIRFORCE_SUM_EXACT};
  return gr_pairforce_total(&p, arg, n, x, y, m, fx, fy) == GR_PAIRFORCE_NOWS;
}

/* The symmetric triangle of Table 1 with gravity and the floor, forces
 * summed correctly rounded: every step keeps x_i = -x_mirror(i),
 * y_i = y_mirror(i) and the velocities likewise, bit for bit. */
START_TEST(test_mirror_run)
{
  enum { N = 28 };
  struct gr_leapfrog_opts o = {1e-4, 32.0, GR_LEAPFROG_START_FULL, 1, 0.1, 0.0, 0};
  struct gr_pairforce_ws *ws = gr_pairforce_ws_new(N);
  struct gr_leapfrog *lf = gr_leapfrog_new(N, &o, exact_forces, ws);
  int mir[N], r, j, k = 0, step;
  for (r = 0; r < 7; r++)
    for (j = 0; j < 7 - r; j++, k++) {
      lf->x[k] = (-36 + 6 * r + 12 * j) / 10.0;
      lf->y[k] = 8 * r / 10.0;
      mir[k] = k + (6 - r) - 2 * j;
    }
  for (step = 0; step < 3000; step++) {
    gr_ck_each((gr_leapfrog_step(lf)) == (0), "expected %lld", (long long)(0));
    for (k = 0; k < N; k++) {
      gr_ck_each(lf->x[k] == -lf->x[mir[k]] && lf->y[k] == lf->y[mir[k]], "");
      gr_ck_each(lf->vx[k] == -lf->vx[mir[k]] && lf->vy[k] == lf->vy[mir[k]], "");
    }
  }
  ck_assert(gr_leapfrog_kinetic(lf) > 1.0); /* the body moved */
  gr_leapfrog_free(lf);
  gr_pairforce_ws_free(ws);
}
END_TEST

/* K = sum m v^2 / 2; removing a particle keeps the others in order;
 * binary32 storage leaves only float-representable state. */
START_TEST(test_kinetic_remove_single)
{
  struct gr_leapfrog_opts o = {1e-4, 32.0, GR_LEAPFROG_START_FULL, 1, 0.1, 0.0, 1};
  struct gr_leapfrog *lf = gr_leapfrog_new(3, &o, no_force, NULL);
  size_t i;
  for (i = 0; i < 3; i++) {
    lf->x[i] = (double)i;
    lf->y[i] = 1.0 + 0.1 * (double)i;
    lf->vx[i] = 1.0 + (double)i;
    lf->vy[i] = 0.5;
    lf->m[i] = 2.0;
  }
  ck_assert_double_eq_tol(gr_leapfrog_kinetic(lf), (1 + 4 + 9 + 3 * 0.25), 1e-14);
  gr_leapfrog_remove(lf, 1);
  ck_assert_int_eq((int)lf->n, 2);
  ck_assert(lf->x[0] == 0.0 && lf->x[1] == 2.0 && lf->vx[1] == 3.0);
  ck_assert_int_eq(gr_leapfrog_step(lf), 0);
  for (i = 0; i < lf->n; i++) {
    ck_assert(lf->y[i] == (double)(float)lf->y[i]);
    ck_assert(lf->vy[i] == (double)(float)lf->vy[i]);
  }
  gr_leapfrog_free(lf);
}
END_TEST

/* The leapfrog suite. */
static Suite *leapfrog_suite(void)
{
  Suite *s = suite_create("leapfrog");
  TCase *tc = tcase_create("integration-accuracy-reversibility");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_free_fall);
  tcase_add_test(tc, test_harmonic_pair);
  tcase_add_test(tc, test_power_pair_oscillation);
  tcase_add_test(tc, test_floor_rule);
  tcase_add_test(tc, test_floor_bounce);
  tcase_add_test(tc, test_kinetic_remove_single);
  tcase_add_test(tc, test_mirror_run);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(leapfrog_suite, 0)
