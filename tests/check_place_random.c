/* granrepro tests: random sequential placement and velocity distributions
 * (src/physics/place_random.c; Wilson 2001 appendix A.1): no two disks
 * overlap, every disk lies inside the box, a fixed generator gives the same
 * state, a jammed box fails cleanly, velocity moments match the closed
 * form (uniform: variance vmax^2 / 3). */
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/place_random.h"
#include "status.h"
#include "tests/check_run.h"

/* An mt19937 generator with a fixed seed. */
static gsl_rng *rng_new(unsigned long seed)
{
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  ck_assert_ptr_nonnull(r);
  gsl_rng_set(r, seed);
  return r;
}

/* Every pair at least d apart (all pairs, not the cells), every centre at
 * least d/2 from each wall. */
static void check_state(const struct gr_place_random *p, int n, const double *x, const double *y)
{
  int i, j;
  for (i = 0; i < n; i++) {
    gr_ck_each(x[i] >= 0.5 * p->d, "disk %d: x %g", i, x[i]);
    gr_ck_each(x[i] <= p->lx - 0.5 * p->d, "disk %d: x %g", i, x[i]);
    gr_ck_each(y[i] >= 0.5 * p->d, "disk %d: y %g", i, y[i]);
    gr_ck_each(y[i] <= p->ly - 0.5 * p->d, "disk %d: y %g", i, y[i]);
    for (j = 0; j < i; j++)
      gr_ck_each(hypot(x[i] - x[j], y[i] - y[j]) >= p->d, "disks %d and %d overlap", i, j);
  }
}

/* Wilson's box (10 x 10, D = 0.1, N = 2000, area fraction 0.157) and a
 * dense rectangle (area fraction 0.37, two thirds of the jamming limit 0.547). */
START_TEST(test_no_overlap_inside_box)
{
  static const struct gr_place_random ps[2] = {
    {.lx = 10.0, .ly = 10.0, .d = 0.1, .vmax = 1.0, .maxtries = 100000000L},
    {.lx = 12.0, .ly = 5.0, .d = 1.0, .vmax = 0.0, .maxtries = 100000000L}};
  static const int ns[2] = {2000, 28};
  int k;
  for (k = 0; k < 2; k++) {
    int n = ns[k];
    double *b = malloc(4 * (size_t)n * sizeof *b);
    gsl_rng *r = rng_new(11 + k);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(gr_place_random_disks(&ps[k], n, r, b, b + n, k ? NULL : b + 2 * n, k ? NULL : b + 3 * n), GR_OK);
    check_state(&ps[k], n, b, b + n);
    gsl_rng_free(r);
    free(b);
  }
}
END_TEST

/* The same seed gives the same bits; another seed another state. */
START_TEST(test_fixed_generator_deterministic)
{
  const struct gr_place_random p = {.lx = 10.0, .ly = 10.0, .d = 0.1, .vmax = 1.0, .maxtries = 1000000L};
  enum { N = 500 };
  static double a[4 * N], b[4 * N], c[4 * N];
  gsl_rng *r1 = rng_new(7), *r2 = rng_new(7), *r3 = rng_new(8);
  ck_assert_int_eq(gr_place_random_disks(&p, N, r1, a, a + N, a + 2 * N, a + 3 * N), GR_OK);
  ck_assert_int_eq(gr_place_random_disks(&p, N, r2, b, b + N, b + 2 * N, b + 3 * N), GR_OK);
  ck_assert_int_eq(gr_place_random_disks(&p, N, r3, c, c + N, c + 2 * N, c + 3 * N), GR_OK);
  ck_assert_int_eq(memcmp(a, b, sizeof a), 0);
  ck_assert_int_ne(memcmp(a, c, sizeof a), 0);
  gsl_rng_free(r1);
  gsl_rng_free(r2);
  gsl_rng_free(r3);
}
END_TEST

/* The first attempt always succeeds for one disk: x = lx u1, y = ly u2,
 * vx = vmax (1 - 2 u3), vy = vmax (1 - 2 u4), u the generator's first
 * four numbers (the documented order of the draws). */
START_TEST(test_draw_order_one_disk)
{
  const struct gr_place_random p = {.lx = 4.0, .ly = 3.0, .d = 1e-9, .vmax = 2.0, .maxtries = 1};
  double x, y, vx, vy, u[4];
  gsl_rng *r = rng_new(5), *q = rng_new(5);
  int i;
  for (i = 0; i < 4; i++)
    u[i] = gsl_rng_uniform(q);
  ck_assert_int_eq(gr_place_random_disks(&p, 1, r, &x, &y, &vx, &vy), GR_OK);
  ck_assert_double_eq(x, 4.0 * u[0]);
  ck_assert_double_eq(y, 3.0 * u[1]);
  ck_assert_double_eq(vx, 2.0 * (1.0 - 2.0 * u[2]));
  ck_assert_double_eq(vy, 2.0 * (1.0 - 2.0 * u[3]));
  gsl_rng_free(r);
  gsl_rng_free(q);
}
END_TEST

/* Ten unit disks cannot fit in a 2 x 2 box (at most 4 do): GR_EFAIL after
 * the attempt budget; bad parameters: GR_EINPUT. */
START_TEST(test_jammed_and_bad_input)
{
  struct gr_place_random p = {.lx = 2.0, .ly = 2.0, .d = 1.0, .vmax = 1.0, .maxtries = 10000};
  double x[10], y[10];
  gsl_rng *r = rng_new(3);
  ck_assert_int_eq(gr_place_random_disks(&p, 10, r, x, y, NULL, NULL), GR_EFAIL);
  ck_assert_int_eq(gr_place_random_disks(&p, -1, r, x, y, NULL, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_place_random_disks(&p, 1, r, x, y, x, NULL), GR_EINPUT);
  p.lx = 0.5;
  ck_assert_int_eq(gr_place_random_disks(&p, 1, r, x, y, NULL, NULL), GR_EINPUT);
  p.lx = 2.0;
  p.d = 0.0;
  ck_assert_int_eq(gr_place_random_disks(&p, 1, r, x, y, NULL, NULL), GR_EINPUT);
  p.d = 1.0;
  p.maxtries = 0;
  ck_assert_int_eq(gr_place_random_disks(&p, 1, r, x, y, NULL, NULL), GR_EINPUT);
  gsl_rng_free(r);
}
END_TEST

/* Mean and variance of both components of n draws against the closed
 * forms, each within 5 standard errors of its estimate (SE of the mean
 * sqrt(var / n); of the variance sqrt((m4 - var^2) / n)). */
static void check_moments(const double *vx, const double *vy, int n, double var, double m4)
{
  const double *v[2] = {vx, vy};
  int c, i;
  for (c = 0; c < 2; c++) {
    double s = 0.0, s2 = 0.0;
    for (i = 0; i < n; i++) {
      s += v[c][i];
      s2 += v[c][i] * v[c][i];
    }
    ck_assert_double_le(fabs(s / n), 5.0 * sqrt(var / n));
    ck_assert_double_le(fabs(s2 / n - var), 5.0 * sqrt((m4 - var * var) / n));
  }
}

/* Uniform in [-a, a]: var a^2/3, fourth moment a^4/5; alone and as drawn
 * with the placement (vmax = 3: var 3, fourth moment 81/5). */
START_TEST(test_velocity_moments)
{
  enum { N = 100000 };
  static double vx[N], vy[N], x[N], y[N];
  const struct gr_place_random p = {.lx = 1000.0, .ly = 1000.0, .d = 0.5, .vmax = 3.0, .maxtries = 1000000L};
  double a = 2.0;
  gsl_rng *r = rng_new(42);
  gr_place_random_vel_uniform(r, N, a, vx, vy);
  check_moments(vx, vy, N, a * a / 3.0, a * a * a * a / 5.0);
  ck_assert_int_eq(gr_place_random_disks(&p, N, r, x, y, vx, vy), GR_OK);
  check_moments(vx, vy, N, 3.0, 81.0 / 5.0);
  gsl_rng_free(r);
}
END_TEST

/* The place_random suite. */
static Suite *place_random_suite(void)
{
  Suite *s = suite_create("place_random");
  TCase *place = tcase_create("placement-no-overlap-deterministic");
  TCase *vel = tcase_create("velocity-moments");
  tcase_set_timeout(place, 60);
  tcase_set_timeout(vel, 60);
  tcase_add_test(place, test_no_overlap_inside_box);
  tcase_add_test(place, test_fixed_generator_deterministic);
  tcase_add_test(place, test_draw_order_one_disk);
  tcase_add_test(place, test_jammed_and_bad_input);
  tcase_add_test(vel, test_velocity_moments);
  suite_add_tcase(s, place);
  suite_add_tcase(s, vel);
  return s;
}

GR_CHECK_MAIN(place_random_suite, 1)
