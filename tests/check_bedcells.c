/* Check suite for src/physics/bedcells.c and bedlist.c: the sorted cell
 * loop and the neighbour list give the all-pairs derivatives of Wilson
 * (2001) eqs. 10-11 (hpart.f fcn1) to round-off and the same contacts, in
 * boxes of 1, 2, 3 and many cells, with disks pressed out of the box; the
 * list is rebuilt exactly when a disk has moved more than half the skin,
 * and an overflowing list falls back to the cells. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "physics/bed.h"
#include "physics/bedcells.h"
#include "tests/check_bed.h"
#include "tests/check_run.h"

/* n disks in [lo, hi]^2, velocities in [-1, 1]. */
static void place(double *y, size_t n, double lo, double hi)
{
  size_t i;
  for (i = 0; i < 4 * n; i++)
    y[i] = i % 4 < 2 ? lo + (hi - lo) * rand() / (double)RAND_MAX
                     : 2.0 * rand() / (double)RAND_MAX - 1.0;
}

/* gr_bed_deriv with c equals the all-pairs loop: contacts exactly, the
 * derivatives and the dissipated power to 1e-12 of the largest. */
static void same_as_all(struct gr_bed_model *m, struct gr_bedcells *c, const double *y)
{
  double *f = malloc(4 * m->n * sizeof *f), *g = malloc(4 * m->n * sizeof *g);
  double pf[3], pg[3], amax = 0.0;
  size_t i, kf, kg;
  ck_assert(f != NULL && g != NULL);
  kf = gr_bed_deriv(m, NULL, 0.7, y, f, pf);
  kg = gr_bed_deriv(m, c, 0.7, y, g, pg);
  ck_assert_uint_eq(kf, kg);
  for (i = 0; i < 4 * m->n; i++)
    amax = fmax(amax, fabs(f[i]));
  for (i = 0; i < 4 * m->n; i++)
    ck_assert_msg(fabs(f[i] - g[i]) <= 1e-12 * amax, "%zu: %g %g", i, f[i], g[i]);
  ck_assert(fabs(pf[0] - pg[0]) <= 1e-12 * fmax(1.0, fabs(pf[0])));
  ck_assert(pf[1] == pg[1] && pf[2] == pg[2]);
  free(f);
  free(g);
}

/* Boxes of 1, 2, 3 and 25 cells per side, dense enough for many contacts,
 * disks up to 0.3 outside the walls. */
START_TEST(test_cells_small_boxes)
{
  static const double box[] = {2.0, 4.0, 6.5, 50.0};
  static const size_t n[] = {3, 12, 30, 900};
  int b;
  srand(11);
  for (b = 0; b < 4; b++) {
    struct gr_bed_model m = bed_model(n[b], box[b]);
    struct gr_bedcells *c = gr_bedcells_new(m.n, m.box, gr_wca_cutoff(&W));
    struct gr_bedcells *l = gr_bedcells_new_list(m.n, m.box, gr_wca_cutoff(&W), 0.3);
    double *y = malloc(4 * m.n * sizeof *y);
    ck_assert(c != NULL && l != NULL && y != NULL);
    ck_assert_int_eq(c->nc, b < 3 ? b + 1 : 26);
    place(y, m.n, -0.3, m.box + 0.3);
    m.damp = GR_BED_DAMP_DISSIPATIVE;
    m.lossy = 1;
    same_as_all(&m, c, y);
    same_as_all(&m, l, y);
    gr_bedcells_free(c);
    gr_bedcells_free(l);
    free(y);
  }
}
END_TEST

/* Moves below half the skin keep the list (and its forces stay exact);
 * one disk moved beyond it forces a rebuild. */
START_TEST(test_list_rebuild)
{
  struct gr_bed_model m = bed_model(400, 40.0);
  double s = 0.4, *y = malloc(4 * m.n * sizeof *y);
  struct gr_bedcells *l = gr_bedcells_new_list(m.n, m.box, gr_wca_cutoff(&W), s);
  size_t i;
  int step;
  ck_assert(l != NULL && y != NULL);
  srand(12);
  place(y, m.n, 0.0, m.box);
  m.damp = GR_BED_DAMP_SUMMED;
  same_as_all(&m, l, y);
  ck_assert_uint_eq(l->builds, 1);
  for (step = 0; step < 3; step++) { /* total move 0.15 < s/2 per disk */
    for (i = 0; i < m.n; i++) {
      y[4 * i] += 0.04 * (i % 3 == 0 ? 1 : -1);
      y[4 * i + 1] += 0.03;
    }
    same_as_all(&m, l, y);
  }
  ck_assert_uint_eq(l->builds, 1);
  y[4 * 6] += 0.1; /* disk 6 now (0.22, 0.09) from the build: > s/2 */
  same_as_all(&m, l, y);
  ck_assert_uint_eq(l->builds, 2);
  gr_bedcells_free(l);
  free(y);
}
END_TEST

/* 40 disks piled within 0.5 of one point: 780 pairs > the capacity of 8
 * per disk; the evaluation falls back to the cells, still exact. */
START_TEST(test_list_overflow)
{
  struct gr_bed_model m = bed_model(40, 20.0);
  double y[160];
  struct gr_bedcells *l = gr_bedcells_new_list(m.n, m.box, gr_wca_cutoff(&W), 0.3);
  ck_assert(l != NULL);
  srand(13);
  place(y, m.n, 10.0, 10.5);
  same_as_all(&m, l, y);
  ck_assert(!l->valid);
  place(y, m.n, 0.0, m.box); /* spread out: the list is usable again */
  same_as_all(&m, l, y);
  ck_assert(l->valid);
  gr_bedcells_free(l);
}
END_TEST

/* The bedcells suite. */
static Suite *bedcells_suite(void)
{
  Suite *s = suite_create("bedcells");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_cells_small_boxes);
  tcase_add_test(tc, test_list_rebuild);
  tcase_add_test(tc, test_list_overflow);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(bedcells_suite, 0)
