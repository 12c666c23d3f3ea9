/* Check suite for src/physics/place_lattice.c: the lattice placement of
 * the peer case of Sweetman 2003, chapter 4, against exact properties
 * (spacing, count, bounds, no overlap), determinism for a fixed generator,
 * and the moments of the Gaussian velocities for a fixed seed. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/place_lattice.h"
#include "status.h"
#include "tests/check_run.h"

static gsl_rng *place_rng(unsigned long seed)
{
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  ck_assert_ptr_nonnull(r);
  gsl_rng_set(r, seed);
  return r;
}

/* Without jitter every coordinate is (c + 1/2) a exactly, c < k, the
 * sites are distinct and come in lattice order (x fastest). */
START_TEST(test_spacing_exact)
{
  const size_t n = 500;
  const double a = 1.25;
  double *x = malloc(3 * n * sizeof *x);
  gsl_rng *r = place_rng(7);
  size_t i, k, prev = 0;
  int d;
  ck_assert_int_eq(gr_place_lattice_jitter(r, n, a, 0.5, 0.0, x, &k), GR_OK);
  ck_assert_uint_eq(k, gr_place_lattice_sites(n, 0.5));
  ck_assert(k * k * k >= 2 * n && (k - 1) * (k - 1) * (k - 1) < 2 * n);
  for (i = 0; i < n; i++) {
    size_t c[3], site;
    for (d = 0; d < 3; d++) {
      double q = x[3 * i + d] / a - 0.5;
      ck_assert_double_eq(q, floor(q));
      ck_assert(q >= 0.0 && q < (double)k);
      c[d] = (size_t)q;
    }
    site = c[0] + k * (c[1] + k * c[2]);
    ck_assert(i == 0 || site > prev);
    prev = site;
  }
  gsl_rng_free(r);
  free(x);
}
END_TEST

/* With jitter j each particle stays within j of its site per component,
 * so no two are closer than a - 2 j: no overlap of unit spheres for the
 * peer case (a = 1.25, j = 0.1). */
START_TEST(test_no_overlap)
{
  const size_t n = 800;
  const double a = 1.25, j = 0.1;
  double *x = malloc(3 * n * sizeof *x), dmin = HUGE_VAL;
  gsl_rng *r = place_rng(11);
  size_t i, l, k;
  int d;
  ck_assert_int_eq(gr_place_lattice_jitter(r, n, a, 0.5, j, x, &k), GR_OK);
  for (i = 0; i < n; i++) {
    for (d = 0; d < 3; d++) {
      double q = x[3 * i + d] / a - 0.5, off = (q - floor(q + 0.5)) * a;
      ck_assert(fabs(off) <= j * (1.0 + 1e-12));
    }
    for (l = i + 1; l < n; l++) {
      double s = 0.0;
      for (d = 0; d < 3; d++)
        s += (x[3 * i + d] - x[3 * l + d]) * (x[3 * i + d] - x[3 * l + d]);
      dmin = s < dmin ? s : dmin;
    }
  }
  ck_assert(sqrt(dmin) >= a - 2.0 * j - 1e-12);
  ck_assert(sqrt(dmin) >= 1.0);
  gsl_rng_free(r);
  free(x);
}
END_TEST

/* The same generator state gives the same bytes; another seed does not. */
START_TEST(test_deterministic)
{
  const size_t n = 300;
  double *x = malloc(3 * n * sizeof *x), *y = malloc(3 * n * sizeof *y);
  double *mx = malloc(3 * n * sizeof *mx), *my = malloc(3 * n * sizeof *my);
  gsl_rng *r = place_rng(42), *s = place_rng(42);
  ck_assert_int_eq(gr_place_lattice_jitter(r, n, 1.25, 0.5, 0.1, x, NULL), GR_OK);
  ck_assert_int_eq(gr_place_lattice_jitter(s, n, 1.25, 0.5, 0.1, y, NULL), GR_OK);
  ck_assert_mem_eq(x, y, 3 * n * sizeof *x);
  gr_place_lattice_moved(r, x, 3 * n, 0.05, mx);
  gr_place_lattice_moved(s, y, 3 * n, 0.05, my);
  ck_assert_mem_eq(mx, my, 3 * n * sizeof *mx);
  gsl_rng_set(s, 43);
  ck_assert_int_eq(gr_place_lattice_jitter(s, n, 1.25, 0.5, 0.1, y, NULL), GR_OK);
  ck_assert(memcmp(x, y, 3 * n * sizeof *x) != 0);
  gsl_rng_free(r);
  gsl_rng_free(s);
  free(x); free(y); free(mx); free(my);
}
END_TEST

/* Moved copies stay within move of the original, per component. */
START_TEST(test_moved_bound)
{
  double x[300], y[300];
  gsl_rng *r = place_rng(3);
  size_t i;
  for (i = 0; i < 300; i++)
    x[i] = (double)i;
  gr_place_lattice_moved(r, x, 300, 0.05, y);
  for (i = 0; i < 300; i++)
    ck_assert(fabs(y[i] - x[i]) <= 0.05 && y[i] != x[i]);
  gsl_rng_free(r);
}
END_TEST

/* Gaussian velocities: mean 0 and variance sigma^2 within 5 standard
 * errors for 1e5 draws of a fixed seed. */
START_TEST(test_gauss_moments)
{
  const size_t m = 100000;
  const double sigma = 0.4;
  double *v = malloc(m * sizeof *v), s1 = 0.0, s2 = 0.0, var;
  gsl_rng *r = place_rng(5);
  size_t i;
  gr_place_lattice_gauss(r, v, m, sigma);
  for (i = 0; i < m; i++) {
    s1 += v[i];
    s2 += v[i] * v[i];
  }
  var = s2 / m;
  ck_assert(fabs(s1 / m) <= 5.0 * sigma / sqrt((double)m));
  ck_assert(fabs(var - sigma * sigma) <= 5.0 * sigma * sigma * sqrt(2.0 / m));
  gsl_rng_free(r);
  free(v);
}
END_TEST

/* Bad parameters are refused. */
START_TEST(test_bad_input)
{
  double x[3];
  gsl_rng *r = place_rng(1);
  ck_assert_int_eq(gr_place_lattice_jitter(r, 1, 0.0, 0.5, 0.1, x, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_place_lattice_jitter(r, 1, 1.0, 0.0, 0.1, x, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_place_lattice_jitter(r, 1, 1.0, 1.5, 0.1, x, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_place_lattice_jitter(r, 1, 1.0, 0.5, -0.1, x, NULL), GR_EINPUT);
  gsl_rng_free(r);
}
END_TEST

/* The placement suite. */
static Suite *place_suite(void)
{
  Suite *s = suite_create("place_lattice");
  TCase *tc = tcase_create("spacing-overlap-determinism-moments");
  tcase_add_test(tc, test_spacing_exact);
  tcase_add_test(tc, test_no_overlap);
  tcase_add_test(tc, test_deterministic);
  tcase_add_test(tc, test_moved_bound);
  tcase_add_test(tc, test_gauss_moments);
  tcase_add_test(tc, test_bad_input);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(place_suite, 0)
