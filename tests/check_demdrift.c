/* Check suite for src/physics/demdrift.c (Sweetman 2003, section 4.1):
 * the DEM step with the forces summed in the order the search produced
 * the pairs.  With the N-squared search it is the engine's step byte for
 * byte; with the chain cells each row holds the same partners in another
 * order, the trajectory agrees with the N-squared one to round-off at
 * first and then drifts away (so the claim's criterion can fail on real
 * data); the criterion itself fails on two synthetic trajectories that
 * diverge, and passes on equal ones. */
#include <check.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/contact.h"
#include "physics/dem.h"
#include "physics/demdrift.h"
#include "tests/check_run.h"

/* Unit spheres in a walled box of side L with gravity 1 (check_dem.c's
 * free fall), searched by search. */
static void start(struct gr_dem *d, int search, size_t n, double L, unsigned seed)
{
  struct gr_dem_params p;
  size_t i, k = (size_t)ceil(cbrt((double)n));
  memset(&p, 0, sizeof p);
  p.diameter = 1.0;
  p.density = 1.0;
  p.e = 0.8;
  p.dt = 0.0007;
  p.k1 = gr_contact_k1_from_dt(M_PI / 6.0, p.e, 50.0, p.dt);
  p.mu = 0.5;
  p.kt_ratio = 2.0 / 7.0;
  p.gamma = 1.0 / 3.0;
  p.g = 1.0;
  p.skin = 0.2;
  p.len[0] = p.len[1] = p.len[2] = L;
  p.walls = 1;
  p.search = search;
  ck_assert_int_eq(gr_dem_init(d, n, &p), GR_OK);
  srand(seed);
  for (i = 0; i < n; i++) {
    size_t ix = i % k, iy = i / k % k, iz = i / (k * k);
    int c;
    d->x[3 * i] = 0.7 + 1.12 * (double)ix;
    d->x[3 * i + 1] = 0.7 + 1.12 * (double)iy;
    d->x[3 * i + 2] = 0.7 + 1.12 * (double)iz;
    for (c = 0; c < 3; c++) {
      d->x[3 * i + c] += 0.1 * ((double)rand() / RAND_MAX - 0.5);
      d->v[3 * i + c] = 3.0 * ((double)rand() / RAND_MAX - 0.5);
    }
  }
}

static int same_state(const struct gr_dem *a, const struct gr_dem *b)
{
  size_t m = 3 * a->n * sizeof(double);
  return memcmp(a->x, b->x, m) == 0 && memcmp(a->v, b->v, m) == 0 && memcmp(a->w, b->w, m) == 0;
}

/* The N-squared search meets the pairs in the list's own order: the
 * variant is gr_dem_step byte for byte, rebuilds included; so is it with
 * the sorted cells, whose list is the same. */
START_TEST(test_nsq_is_engine)
{
  struct gr_dem a, b, c;
  struct gr_demdrift o, oc;
  long s;
  start(&a, GR_DEM_NSQ, 343, 10.0, 5);
  start(&b, GR_DEM_NSQ, 343, 10.0, 5);
  start(&c, GR_DEM_SORT, 343, 10.0, 5);
  gr_demdrift_init(&o);
  gr_demdrift_init(&oc);
  for (s = 0; s < 600; s++) {
    ck_assert_int_eq(gr_dem_step(&a), GR_OK);
    ck_assert_int_eq(gr_demdrift_step(&b, &o), GR_OK);
    ck_assert_int_eq(gr_demdrift_step(&c, &oc), GR_OK);
  }
  ck_assert_int_gt(a.rebuilds, 2);
  ck_assert_int_eq(a.rebuilds, b.rebuilds);
  ck_assert(same_state(&a, &b));
  ck_assert(same_state(&a, &c));
  gr_demdrift_free(&oc);
  gr_dem_free(&c);
  ck_assert_double_ne(a.w[0] + a.w[1] + a.w[2], 0.0); /* things happened */
  gr_demdrift_free(&o);
  gr_dem_free(&a);
  gr_dem_free(&b);
}
END_TEST

/* The chain cells' order is a permutation of each row (the same pairs),
 * not the identity on every row (another order). */
START_TEST(test_chain_order_permutes_rows)
{
  struct gr_dem d;
  struct gr_demdrift o;
  const struct gr_nbr_rows *r;
  size_t i, s, moved = 0;
  start(&d, GR_DEM_CHAIN, 343, 10.0, 5);
  gr_demdrift_init(&o);
  ck_assert_int_eq(gr_demdrift_step(&d, &o), GR_OK);
  r = &d.nbr.cur;
  ck_assert_uint_gt(r->npair, 500);
  for (i = 0; i < d.n; i++) {
    unsigned char seen[64] = {0};
    ck_assert_uint_le(r->start[i + 1] - r->start[i], 64);
    for (s = r->start[i]; s < r->start[i + 1]; s++) {
      gr_ck_each(o.perm[s] >= r->start[i] && o.perm[s] < r->start[i + 1], "row %zu", i);
      gr_ck_each(!seen[o.perm[s] - r->start[i]], "row %zu repeats a pair", i);
      seen[o.perm[s] - r->start[i]] = 1;
      moved += o.perm[s] != s;
    }
  }
  ck_assert_uint_gt(moved, 0);
  gr_demdrift_free(&o);
  gr_dem_free(&d);
}
END_TEST

/* A dense, hot box (500 particles: one thread, below DEM_PAR_MIN): the two orders agree to round-off after one step,
 * differ in the last bit soon, and drift far apart later (the criterion
 * fails on real data); the chain-cell engine's own canonical step stays
 * bitwise equal to the N-squared one all along. */
START_TEST(test_orders_drift)
{
  struct gr_dem a, b, c;
  struct gr_demdrift oa, ob;
  double t[40], dx[40], e;
  long s, first = -1;
  int same, k = 0;
  start(&a, GR_DEM_NSQ, 500, 9.5, 7);
  start(&b, GR_DEM_CHAIN, 500, 9.5, 7);
  start(&c, GR_DEM_CHAIN, 500, 9.5, 7);
  gr_demdrift_init(&oa);
  gr_demdrift_init(&ob);
  for (s = 1; s <= 6000; s++) { /* measured: first bit at step 204, past 1e-6 at 4807 */
    ck_assert_int_eq(gr_demdrift_step(&a, &oa), GR_OK);
    ck_assert_int_eq(gr_demdrift_step(&b, &ob), GR_OK);
    ck_assert_int_eq(gr_dem_step(&c), GR_OK);
    e = gr_demdrift_maxdiff(&a, &b, &same);
    if (s == 1)
      ck_assert_double_le(e, 1e-12);
    if (!same && first < 0)
      first = s;
    if (s % 200 == 0) {
      t[k] = s * a.p.dt;
      dx[k++] = e;
    }
  }
  ck_assert(same_state(&a, &c)); /* canonical order: no drift */
  ck_assert_int_gt(first, 0);
  ck_assert_double_gt(dx[k - 1], 1e-6);
  ck_assert_double_gt(gr_demdrift_first_above(t, dx, (size_t)k, 1e-6), 0.0);
  gr_demdrift_free(&oa);
  gr_demdrift_free(&ob);
  gr_dem_free(&a);
  gr_dem_free(&b);
  gr_dem_free(&c);
}
END_TEST

/* The criterion on synthetic trajectories: x1 = sin t and x2 = x1 +
 * 1e-16 e^(2t) (a round-off seed growing exponentially) are the same to
 * 1e-6 until e^(2t) = 1e10, t = 5 ln 10 = 11.51, and not after; equal
 * trajectories are the same over the whole span; a NaN is not. */
START_TEST(test_criterion_synthetic)
{
  double t[300], dx[300], zero[300], tf;
  size_t k;
  for (k = 0; k < 300; k++) {
    double x1 = sin(0.05 * (double)k), x2 = x1 + 1e-16 * exp(2.0 * 0.05 * (double)k);
    t[k] = 0.05 * (double)k;
    dx[k] = fabs(x2 - x1);
    zero[k] = fabs(x1 - x1);
  }
  tf = gr_demdrift_first_above(t, dx, 300, 1e-6);
  ck_assert_double_ge(tf, 5.0 * log(10.0));
  ck_assert_double_le(tf, 5.0 * log(10.0) + 0.05 + 1e-12);
  ck_assert_double_eq(gr_demdrift_first_above(t, dx, 200, 1e-6), -1.0); /* to t = 9.95 */
  ck_assert_double_eq(gr_demdrift_first_above(t, zero, 300, 0.0), -1.0);
  zero[17] = NAN;
  ck_assert_double_eq(gr_demdrift_first_above(t, zero, 300, 1e-6), t[17]);
}
END_TEST

/* Cell order has no search order to keep. */
START_TEST(test_refused)
{
  struct gr_dem d;
  struct gr_demdrift o;
  struct gr_dem_params p;
  gr_demdrift_init(&o);
  start(&d, GR_DEM_SORT, 27, 10.0, 1);
  p = d.p;
  gr_dem_free(&d);
  p.reorder = 1;
  ck_assert_int_eq(gr_dem_init(&d, 27, &p), GR_OK);
  ck_assert_int_eq(gr_demdrift_step(&d, &o), GR_EINPUT);
  ck_assert_int_eq(d.steps, 0);
  gr_dem_free(&d);
  gr_demdrift_free(&o);
}
END_TEST

/* The demdrift suite. */
static Suite *demdrift_suite(void)
{
  Suite *s = suite_create("demdrift");
  TCase *tc = tcase_create("search-order-sums");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_nsq_is_engine);
  tcase_add_test(tc, test_chain_order_permutes_rows);
  tcase_add_test(tc, test_orders_drift);
  tcase_add_test(tc, test_criterion_synthetic);
  tcase_add_test(tc, test_refused);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(demdrift_suite, 0)
