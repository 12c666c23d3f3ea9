/* Check suite for src/physics/psolid.c: the particle solid of Greenspan &
 * Rosati (1976) with its FORTRAN listing's bookkeeping: the step count of
 * the listing's K counter and restarts (exact), the restart cards rounding
 * the state (against the leap-frog driven by hand), mirror symmetry kept
 * exactly with correctly rounded sums, the bond network of a small case,
 * and the block balance of Section 3 (closed form). */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "physics/psolid.h"
#include "status.h"
#include "tests/check_run.h"

static const struct gr_psolid_opts listing = {
  .pf = {.G = 2500.0, .H = 2900.0, .alpha = 6, .beta = 4, .cutoff = 1.5, .sign = 1,
         .sum = GR_PAIRFORCE_SUM_LISTING},
  .lf = {.dt = 1e-4, .g = 32.0, .start = GR_LEAPFROG_START_FULL, .floor = 1,
         .floor_e = 0.1, .floor_kx = 0.0, .single = 0},
  .listing_counter = 1,
  .restart = 1,
};

/* The listing's K starts at 1 and a run stops at K = 5000: t_n is n - 1
 * steps, less one per completed run (t_10000: 9998, t_32000: 31993). */
START_TEST(test_steps_for_listing_counter)
{
  ck_assert_int_eq(gr_psolid_steps_for(0, 0, 10000), 10000);
  ck_assert_int_eq(gr_psolid_steps_for(1, 0, 10000), 9999);
  ck_assert_int_eq(gr_psolid_steps_for(1, 1, 5000), 4999);
  ck_assert_int_eq(gr_psolid_steps_for(1, 1, 5001), 4999);
  ck_assert_int_eq(gr_psolid_steps_for(1, 1, 5002), 5000);
  ck_assert_int_eq(gr_psolid_steps_for(1, 1, 10000), 9998);
  ck_assert_int_eq(gr_psolid_steps_for(1, 1, 32000), 31993);
}
END_TEST

/* Two bonded particles on the floor: advancing across the restart equals
 * 4999 leap-frog steps, the state rounded to four decimals, one more step,
 * bit for bit; without the restart the state is not the same. */
START_TEST(test_restart_rounds_state)
{
  const double x[2] = {-0.5, 0.5}, y[2] = {0.0, 0.0};
  struct gr_psolid *s, *h, *once;
  struct gr_psolid_opts o1 = listing;
  size_t i;
  int k;
  o1.restart = 0;
  ck_assert_int_eq(gr_psolid_new(&s, 2, x, y, 1.0, &listing), GR_OK);
  ck_assert_int_eq(gr_psolid_new(&h, 2, x, y, 1.0, &o1), GR_OK);
  ck_assert_int_eq(gr_psolid_new(&once, 2, x, y, 1.0, &o1), GR_OK);
  ck_assert_int_eq(gr_psolid_advance(s, 5002), 0);
  ck_assert_int_eq(gr_psolid_advance(once, 5001), 0);
  for (k = 0; k < 4999; k++)
    ck_assert_int_eq(gr_leapfrog_step(h->lf), 0);
  for (i = 0; i < 2; i++) {
    h->lf->x[i] = round(h->lf->x[i] * 1e4) / 1e4;
    h->lf->y[i] = round(h->lf->y[i] * 1e4) / 1e4;
    h->lf->vx[i] = round(h->lf->vx[i] * 1e4) / 1e4;
    h->lf->vy[i] = round(h->lf->vy[i] * 1e4) / 1e4;
  }
  ck_assert_int_eq(gr_leapfrog_step(h->lf), 0);
  ck_assert_int_eq(s->lf->k, 5000);
  ck_assert_int_eq(once->lf->k, 5000);
  for (i = 0; i < 2; i++) {
    ck_assert(s->lf->x[i] == h->lf->x[i] && s->lf->y[i] == h->lf->y[i]);
    ck_assert(s->lf->vx[i] == h->lf->vx[i] && s->lf->vy[i] == h->lf->vy[i]);
  }
  ck_assert(s->lf->x[0] != once->lf->x[0] || s->lf->vx[0] != once->lf->vx[0]);
  gr_psolid_free(s);
  gr_psolid_free(h);
  gr_psolid_free(once);
}
END_TEST

/* Plain steps are the listing's advance without its bookkeeping: 300
 * steps of gr_psolid_run equal t_300 with counter and restart off, bit for
 * bit, and the step count is exact. */
START_TEST(test_run_equals_plain_advance)
{
  const double x[3] = {-0.6, 0.6, 0.0}, y[3] = {0.0, 0.0, 0.8};
  struct gr_psolid_opts o = listing;
  struct gr_psolid *a, *b;
  size_t i;
  o.listing_counter = 0;
  o.restart = 0;
  ck_assert_int_eq(gr_psolid_new(&a, 3, x, y, 1.0, &listing), GR_OK);
  ck_assert_int_eq(gr_psolid_new(&b, 3, x, y, 1.0, &o), GR_OK);
  ck_assert_int_eq(gr_psolid_run(a, 300), 0);
  ck_assert_int_eq(gr_psolid_advance(b, 300), 0);
  ck_assert_int_eq(a->lf->k, 300);
  for (i = 0; i < 3; i++) {
    ck_assert(a->lf->x[i] == b->lf->x[i] && a->lf->y[i] == b->lf->y[i]);
    ck_assert(a->lf->vx[i] == b->lf->vx[i] && a->lf->vy[i] == b->lf->vy[i]);
  }
  gr_psolid_free(a);
  gr_psolid_free(b);
}
END_TEST

/* A mirror-symmetric triangle of six: the partner map is an involution
 * (the particle on the axis its own partner), an unmatched particle gets
 * -1; with correctly rounded sums the asymmetry stays exactly 0 across a
 * restart, and a perturbation of 1e-3 makes it positive (a much smaller
 * one can be rounded away by the restart cards' four decimals). */
START_TEST(test_mirror_symmetry_exact_sums)
{
  const double x[7] = {-1.2, 0.0, 1.2, -0.6, 0.6, 0.0, 3.0};
  const double y[7] = {0.0, 0.0, 0.0, 0.8, 0.8, 1.6, 9.0};
  struct gr_psolid_opts o = listing;
  struct gr_psolid *s, *p;
  int partner[7], i;
  gr_psolid_mirror(7, x, y, partner);
  ck_assert_int_eq(partner[6], -1);
  ck_assert_int_eq(partner[1], 1);
  for (i = 0; i < 6; i++)
    ck_assert_int_eq(partner[partner[i]], i);
  o.pf.sum = GR_PAIRFORCE_SUM_EXACT;
  ck_assert_int_eq(gr_psolid_new(&s, 6, x, y, 1.0, &o), GR_OK);
  ck_assert_int_eq(gr_psolid_new(&p, 6, x, y, 1.0, &o), GR_OK);
  p->lf->x[5] += 1e-3;
  ck_assert_int_eq(gr_psolid_advance(s, 6000), 0);
  ck_assert_int_eq(gr_psolid_advance(p, 6000), 0);
  ck_assert(gr_psolid_asymmetry(s, partner) == 0.0);
  ck_assert(gr_psolid_asymmetry(p, partner) > 0.0);
  ck_assert(gr_leapfrog_kinetic(s->lf) > 0.0); /* the body moved */
  gr_psolid_free(s);
  gr_psolid_free(p);
}
END_TEST

/* Bonds of three particles 1.0, 1.4 and 2.0 apart under cutoff 1.5 (and
 * the diagonal); the mean of equal masses. */
START_TEST(test_bonds_small_case)
{
  const double x[3] = {0.0, 1.0, 0.0}, y[3] = {0.0, 0.0, 2.0};
  unsigned char b[4 * 3];
  gr_psolid_bonds(3, x, y, 1.5, b, 4);
  ck_assert(b[0 * 4 + 0] && b[1 * 4 + 1] && b[2 * 4 + 2]);
  ck_assert(b[0 * 4 + 1] && b[1 * 4 + 0]);           /* 1.0 */
  ck_assert(!b[1 * 4 + 2] && !b[2 * 4 + 1]);         /* sqrt 5 */
  ck_assert(!b[0 * 4 + 2] && !b[2 * 4 + 0]);         /* 2.0 */
  ck_assert_double_eq_tol(gr_psolid_mean(3, y), 2.0 / 3.0, 1e-15);
}
END_TEST

/* Section 3 by hand: P_1 is 1 from P_2 and P_3 (r^alpha = r^beta = 1),
 * P_2 and P_3 are 1.2 apart, so F_y(P_1) = 1.6 (H - G) = 32 gives
 * H - G = 20 and F_x(P_2) = -.6 (H - G) - (H / 1.2^6 - G / 1.2^4) = 0 gives
 * G = (12 + 20 / 1.2^6) / (1 / 1.2^4 - 1 / 1.2^6) = 126.89... */
START_TEST(test_block_constants_closed_form)
{
  double gm, hm, a = pow(1.2, 4), b = pow(1.2, 6);
  double g = (12.0 + 20.0 / b) / (1.0 / a - 1.0 / b);
  ck_assert_int_eq(gr_psolid_block_constants(6, 4, 1.5, 32.0, &gm, &hm), GR_OK);
  ck_assert_double_eq_tol(gm, g, 1e-10 * g);
  ck_assert_double_eq_tol(hm, g + 20.0, 1e-10 * g);
  ck_assert_double_eq_tol(gm, 126.89, 0.005);
  ck_assert_int_eq(gr_psolid_block_constants(4, 4, 1.5, 32.0, &gm, &hm), GR_EFAIL);
}
END_TEST

/* The psolid suite. */
static Suite *psolid_suite(void)
{
  Suite *s = suite_create("psolid");
  TCase *tc = tcase_create("listing-bookkeeping-symmetry-balance");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_steps_for_listing_counter);
  tcase_add_test(tc, test_restart_rounds_state);
  tcase_add_test(tc, test_run_equals_plain_advance);
  tcase_add_test(tc, test_mirror_symmetry_exact_sums);
  tcase_add_test(tc, test_bonds_small_case);
  tcase_add_test(tc, test_block_constants_closed_form);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(psolid_suite, 0)
