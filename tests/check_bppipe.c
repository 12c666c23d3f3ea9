/* Check suite for src/physics/bppipe.c: the pipe of Buchholtz & Poeschel
 * (1993), section 4, Figs. 5-6, and its density-wave observables.  The
 * wave speed: a synthetic profile moved by a known distance along the
 * pipe built by gr_bppipe_init must come back as that distance over the
 * time between the two profiles, in both directions, on the bins the
 * experiment uses (one per 2 r0, bp_pipe.c). */
#include <check.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>

#include "physics/bppipe.h"
#include "tests/check_run.h"

/* The full run's pipe (bp.c defaults) at the given length / r0. */
static struct gr_bppipe_spec spec_of(double length)
{
  struct gr_bppipe_spec sp = {0.01, 0.03, 3.0, 0.9, 1e-5 / (4.0 / 3.0 * M_PI * 1e-6), 10.0,
                              length, 0.5, 0.02};
  return sp;
}

/* A pipe whose free grains sit at a density 1 + 0.9 cos(2 pi m x / L)
 * (rejection sampling), then shifted by dx. */
static void place(struct gr_bpsim *s, gsl_rng *rng, int m, double dx)
{
  double L = s->p.box.len[0];
  size_t i;
  gsl_rng_set(rng, 7);
  for (i = 0; i < s->nfree; i++) {
    double x;
    do
      x = L * gsl_rng_uniform(rng);
    while (1.9 * gsl_rng_uniform(rng) > 1.0 + 0.9 * cos(2.0 * M_PI * m * x / L));
    s->x[i] = x + dx;
  }
}

/* Speed recovered from two profiles dt apart, pattern moved by dx. */
static double recover(double length, double dx, double dt, double *bin)
{
  struct gr_bppipe_spec sp = spec_of(length);
  struct gr_bpsim_params p = {0};
  struct gr_bpsim s;
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  int nb = (int)lround(length / 2.0); /* bp_pipe.c: fine bins of 2 r0 */
  double *a = calloc((size_t)nb, sizeof *a), *b = calloc((size_t)nb, sizeof *b), corr, v;
  ck_assert_ptr_nonnull(rng);
  ck_assert(a != NULL && b != NULL);
  p.dt = 1e-4;
  p.nv = 5;
  p.search = GR_BPSIM_CELLS;
  p.mask_h = 2;
  ck_assert_int_eq(gr_bpforce_init(&p.force, 100.0, 1000.0, 300.0, 0.5, 0), 0);
  ck_assert_int_eq(gr_bppipe_init(&s, &p, &sp, rng), 0);
  place(&s, rng, 3, 0.0);
  gr_bppipe_counts(&s, nb, a);
  place(&s, rng, 3, dx);
  gr_bppipe_counts(&s, nb, b);
  v = gr_bppipe_speed(&sp, a, b, nb, dt, &corr);
  ck_assert_msg(corr > 0.8, "correlation %g of a profile with itself moved", corr);
  *bin = s.p.box.len[0] / nb;
  gr_bpsim_free(&s);
  gsl_rng_free(rng);
  free(a);
  free(b);
  return v;
}

/* Known distances (whole bins and not), both signs, two pipe lengths. */
START_TEST(test_speed_of_moved_profile)
{
  static const double cases[][3] = {/* length / r0, dx (m), dt (s) */
                                    {100.0, 0.14, 0.05}, {100.0, -0.30, 0.05},
                                    {100.0, 0.051, 0.05}, {60.0, 0.10, 0.05},
                                    {60.0, -0.08, 0.025}};
  size_t k;
  for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    double bin, v = recover(cases[k][0], cases[k][1], cases[k][2], &bin);
    double want = cases[k][1] / cases[k][2];
    /* the shift is whole bins: within half a bin over dt */
    ck_assert_msg(fabs(v - want) <= 0.5 * bin / cases[k][2] + 1e-12,
                  "length %g r0, moved %g m in %g s: speed %g m/s, want %g +- %g",
                  cases[k][0], cases[k][1], cases[k][2], v, want, 0.5 * bin / cases[k][2]);
  }
}
END_TEST

/* The suite. */
static Suite *bppipe_suite(void)
{
  Suite *s = suite_create("bppipe");
  TCase *tc = tcase_create("bppipe");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_speed_of_moved_profile);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(bppipe_suite, 0)
