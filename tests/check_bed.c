/* Check suite for src/physics/wca.c, bed.c, bedenergy.c, bedcells.c: the
 * shaken bed of Wilson (2001), eqs. 10-11 and hpart.f's fcn1 - force =
 * -dV/dr by finite differences, momentum conservation, no dissipation
 * outside contact, the signs of the damping readings, cell list == all
 * pairs, the listing's energy routine. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/bed.h"
#include "physics/bedcells.h"
#include "physics/wca.h"
#include "tests/check_bed.h"
#include "tests/check_run.h"


static double urand(double lo, double hi)
{
  return lo + (hi - lo) * rand() / (double)RAND_MAX;
}

/* A random state of n disks in [lo, hi]^2 with velocities in [-1, 1]. */
static void scatter(double *y, size_t n, double lo, double hi)
{
  size_t i;
  for (i = 0; i < n; i++) {
    y[4 * i] = urand(lo, hi);
    y[4 * i + 1] = urand(lo, hi);
    y[4 * i + 2] = urand(-1, 1);
    y[4 * i + 3] = urand(-1, 1);
  }
}

static double closest_pair(const struct gr_bed_model *m, const double *y)
{
  double p, w;
  gr_bed_closest(m, y, &p, &w);
  return p;
}

/* eq. 10: V(r0) = 0, V(sigma) = eps, force zero at r0, -dV/dr by central
 * differences, the listing's cforce = force / r, stiffness V''(r0). */
START_TEST(test_wca_fd)
{
  double r0 = gr_wca_cutoff(&W), r, h = 1e-6;
  ck_assert_double_eq_tol(r0 / W.sigma, pow(2.0, 1.0 / 6.0), 1e-15);
  ck_assert_double_eq_tol(gr_wca_potential(&W, W.sigma), W.eps, 1e-15);
  ck_assert(fabs(gr_wca_potential(&W, r0)) < 1e-14);
  ck_assert(fabs(gr_wca_force(&W, r0 * (1 - 1e-12))) < 1e-9);
  ck_assert(gr_wca_potential(&W, r0 * 1.001) == 0.0);
  for (r = 0.8 * W.sigma; r < r0 - 2 * h; r += 0.01) {
    double fd = -(gr_wca_potential(&W, r + h) - gr_wca_potential(&W, r - h)) / (2 * h);
    ck_assert_double_eq_tol(gr_wca_force(&W, r), fd, 1e-6 * fmax(1.0, fabs(fd)));
    ck_assert_double_eq_tol(gr_wca_force_over_r(&W, r * r) * r, gr_wca_force(&W, r),
                            1e-12 * fmax(1.0, fabs(fd)));
  }
  h = 1e-5;
  ck_assert_double_eq_tol(gr_wca_stiffness(&W),
                          (gr_wca_force(&W, r0 - 2 * h) - gr_wca_force(&W, r0 - h)) / h,
                          1e-3 * gr_wca_stiffness(&W));
}
END_TEST

/* The cut-off computed as the zero of the force of eq. 10 (bisection) is
 * 2^(1/6) sigma, for two diameters, and the force changes sign there. */
START_TEST(test_wca_force_zero)
{
  struct gr_wca w2 = {1.0, 0.25};
  double z = gr_wca_force_zero(&W);
  ck_assert_double_eq_tol(z / W.sigma, pow(2.0, 1.0 / 6.0), 4e-16);
  ck_assert_double_eq_tol(gr_wca_force_zero(&w2), pow(2.0, 1.0 / 6.0), 4e-16);
  ck_assert_double_eq_tol(z, gr_wca_cutoff(&W), 1e-15 * z);
  ck_assert(gr_wca_force(&W, z * (1 - 1e-9)) > 0.0);
}
END_TEST

/* Accelerations = -grad(V_pair + V_wall + V_grav) by central differences
 * on every coordinate (damping none, no shaking, gravity on). */
START_TEST(test_deriv_fd)
{
  struct gr_bed_model m = bed_model(12, 10.0);
  double y[48], f[48], yp[48], h = 1e-6;
  size_t k;
  int trial;
  m.gravity = 1;
  srand(11);
  for (trial = 0; trial < 5; trial++) {
    do /* no overlap deeper than r = 0.85 sigma (round-off of the FD) */
      scatter(y, m.n, 0.3, 9.7);
    while (!(closest_pair(&m, y) > 0.85 * W.sigma));
    gr_bed_deriv(&m, NULL, 0.0, y, f, NULL);
    for (k = 0; k < 4 * m.n; k++) {
      double ep, em, fd;
      if (k % 4 >= 2)
        continue;
      memcpy(yp, y, sizeof y);
      yp[k] = y[k] + h;
      ep = gr_bed_energy(&m, yp);
      yp[k] = y[k] - h;
      em = gr_bed_energy(&m, yp);
      fd = -(ep - em) / (2 * h);
      ck_assert_msg(fabs(f[k + 2] - fd) <= 1e-5 * fmax(1.0, fabs(fd)),
                    "coordinate %zu: a = %.10g, -dV/dq = %.10g", k, f[k + 2], fd);
    }
  }
}
END_TEST

/* Pair forces and every damping reading conserve momentum (walls far). */
START_TEST(test_momentum)
{
  struct gr_bed_model m = bed_model(40, 100.0);
  double y[160], f[160];
  int d;
  srand(3);
  scatter(y, m.n, 45.0, 55.0);
  for (d = GR_BED_DAMP_PRINTED; d <= GR_BED_DAMP_NONE; d++) {
    double px = 0, py = 0, scale = 0;
    size_t i;
    m.damp = d;
    ck_assert(gr_bed_deriv(&m, NULL, 0.0, y, f, NULL) > 0);
    for (i = 0; i < m.n; i++) {
      px += f[4 * i + 2];
      py += f[4 * i + 3];
      scale = fmax(scale, fabs(f[4 * i + 2]) + fabs(f[4 * i + 3]));
    }
    ck_assert_msg(fabs(px) + fabs(py) <= 1e-12 * scale, "damp %d: %g %g", d, px, py);
  }
}
END_TEST

/* Out of contact (pairs beyond r0, walls beyond r0/2) no reading
 * dissipates and the accelerations are the external ones exactly. */
START_TEST(test_no_dissipation_outside_contact)
{
  struct gr_bed_model m = bed_model(9, 10.0);
  double y[36], f[36], pw[3];
  size_t i;
  int d;
  m.gravity = m.shake = m.lossy = 1;
  for (i = 0; i < 9; i++) { /* a 3 x 3 grid, spacing 3 > r0, 2 from walls */
    y[4 * i] = 2.0 + 3.0 * (double)(i % 3);
    y[4 * i + 1] = 2.0 + 3.0 * (double)(i / 3);
    y[4 * i + 2] = 0.1 * (double)i - 0.4;
    y[4 * i + 3] = 0.3 - 0.05 * (double)i;
  }
  for (d = GR_BED_DAMP_PRINTED; d <= GR_BED_DAMP_NONE; d++) {
    m.damp = d;
    ck_assert(gr_bed_deriv(&m, NULL, 0.7, y, f, pw) == 0);
    ck_assert(pw[0] == 0.0 && pw[1] == 0.0);
    for (i = 0; i < 9; i++) {
      ck_assert(f[4 * i + 2] == 0.0);
      ck_assert(f[4 * i + 3] == -m.g + gr_bed_shake_accel(&m, 0.7));
    }
  }
}
END_TEST

/* In contact: printed == none exactly (the z term is 0 in the plane);
 * summed injects energy, dissipative removes it, by gamma (v.r^)^2. */
START_TEST(test_damping_signs)
{
  struct gr_bed_model m = bed_model(2, 10.0);
  double y[8] = {4.0, 5.0, 0.6, 0.1, 5.5, 5.2, -0.4, 0.0}, f[8], g[8], pw[3];
  double dx = -1.5, dy = -0.2, dvx = 1.0, dvy = 0.1, r2 = dx * dx + dy * dy;
  double expect = m.gamma * (dx * dvx + dy * dvy) * (dx * dvx + dy * dvy) / r2;
  m.damp = GR_BED_DAMP_NONE;
  gr_bed_deriv(&m, NULL, 0.0, y, g, NULL);
  m.damp = GR_BED_DAMP_PRINTED;
  gr_bed_deriv(&m, NULL, 0.0, y, f, pw);
  ck_assert(memcmp(f, g, sizeof f) == 0 && pw[0] == 0.0);
  m.damp = GR_BED_DAMP_SUMMED;
  gr_bed_deriv(&m, NULL, 0.0, y, f, pw);
  ck_assert_double_eq_tol(pw[0], -expect, 1e-12 * expect);
  m.damp = GR_BED_DAMP_DISSIPATIVE;
  gr_bed_deriv(&m, NULL, 0.0, y, f, pw);
  ck_assert_double_eq_tol(pw[0], expect, 1e-12 * expect);
  /* approaching pair: the dissipative reading decelerates disk 0 in x */
  ck_assert(f[2] < g[2]);
  m.damp = GR_BED_DAMP_PRINTED_D2;
  gr_bed_deriv(&m, NULL, 0.0, y, f, pw);
  ck_assert_double_eq_tol(pw[0], -m.gamma * dy * dvy * (dx * dvx + dy * dvy) / r2, 1e-12);
}
END_TEST

/* The cell list gives the all-pairs derivatives to round-off and the
 * same contacts, in a dense random bed of 2000 disks. */
START_TEST(test_cells_equal_all_pairs)
{
  struct gr_bed_model m = bed_model(2000, 100.0);
  struct gr_bedcells *c = gr_bedcells_new(m.n, m.box, gr_wca_cutoff(&W));
  double *y = malloc(4 * m.n * sizeof *y), *f = malloc(4 * m.n * sizeof *f);
  double *g = malloc(4 * m.n * sizeof *g), pf[3], pg[3], amax = 0;
  size_t i, kf, kg;
  int d;
  ck_assert(c != NULL && y != NULL && f != NULL && g != NULL);
  srand(5);
  scatter(y, m.n, -0.2, 100.2);
  for (d = GR_BED_DAMP_SUMMED; d <= GR_BED_DAMP_DISSIPATIVE; d++) {
    m.damp = d;
    m.lossy = 1;
    kf = gr_bed_deriv(&m, NULL, 0.3, y, f, pf);
    kg = gr_bed_deriv(&m, c, 0.3, y, g, pg);
    ck_assert_uint_eq(kf, kg);
    ck_assert(kf > 100);
    for (i = 0; i < 4 * m.n; i++)
      amax = fmax(amax, fabs(f[i]));
    for (i = 0; i < 4 * m.n; i++)
      ck_assert_msg(fabs(f[i] - g[i]) <= 1e-12 * amax, "%zu: %g %g", i, f[i], g[i]);
    ck_assert_double_eq_tol(pf[0], pg[0], 1e-12 * fabs(pf[0]));
  }
  gr_bedcells_free(c);
  free(y);
  free(f);
  free(g);
}
END_TEST

/* The listing's E: kinetic + pair; literal "1+1" double-counts pairs
 * without disk 1; the full energy adds walls and gravity. */
START_TEST(test_energy_listing)
{
  struct gr_bed_model m = bed_model(3, 10.0);
  double y[12] = {5.0, 5.0, 1, 0, 6.6, 5.0, 0, 0, 5.0, 6.6, 0, 1};
  double v = gr_wca_potential(&W, 1.6), v23 = gr_wca_potential(&W, hypot(1.6, 1.6));
  ck_assert_double_eq_tol(gr_bed_energy_listing(&m, y, 0), 1.0 + 2 * v + v23, 1e-14);
  ck_assert_double_eq_tol(gr_bed_energy_listing(&m, y, 1), 1.0 + 2 * v + 2 * v23, 1e-14);
  ck_assert_double_eq_tol(gr_bed_pair_energy(&m, y), 2 * v + v23, 1e-14);
  y[1] = 0.5;
  ck_assert_double_eq_tol(gr_bed_wall_energy(&m, y),
                          gr_wca_wall_potential(&W, 0.5), 1e-14);
  m.gravity = 1;
  ck_assert_double_eq_tol(gr_bed_energy(&m, y) - gr_bed_kinetic(&m, y) - gr_bed_pair_energy(&m, y),
                          gr_wca_wall_potential(&W, 0.5) + 2.0 * (0.5 + 5.0 + 6.6), 1e-12);
}
END_TEST

/* The pair's centre-of-mass energy: the total energy of two disks less
 * their centre of mass's kinetic energy, unchanged by a common velocity. */
START_TEST(test_pair_relative_energy)
{
  struct gr_bed_model m = bed_model(2, 10.0);
  double y[8] = {5.0, 5.0, 1.0, -0.5, 6.2, 5.3, -0.3, 0.7};
  double vx = 0.5 * (y[2] + y[6]), vy = 0.5 * (y[3] + y[7]), e;
  e = gr_bed_kinetic(&m, y) + gr_bed_pair_energy(&m, y) - (vx * vx + vy * vy);
  ck_assert_double_eq_tol(gr_bed_pair_relative_energy(&m, y, 0, 1), e, 1e-14);
  y[3] += 2.5;
  y[7] += 2.5;
  ck_assert_double_eq_tol(gr_bed_pair_relative_energy(&m, y, 1, 0), e, 1e-14);
}
END_TEST

/* nowalls: a disk pressed into a wall feels nothing, with walls it does. */
START_TEST(test_nowalls)
{
  struct gr_bed_model m = bed_model(1, 10.0);
  double y[4] = {0.3, 5.0, -0.5, 0.0}, f[4];
  m.lossy = 1;
  (void)gr_bed_deriv(&m, NULL, 0.0, y, f, NULL);
  ck_assert(f[2] > 0.0);
  m.nowalls = 1;
  (void)gr_bed_deriv(&m, NULL, 0.0, y, f, NULL);
  ck_assert_double_eq(f[2], 0.0);
  ck_assert_double_eq(f[3], 0.0);
}
END_TEST

/* The bed suite. */
static Suite *bed_suite(void)
{
  Suite *s = suite_create("bed");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_wca_fd);
  tcase_add_test(tc, test_wca_force_zero);
  tcase_add_test(tc, test_deriv_fd);
  tcase_add_test(tc, test_momentum);
  tcase_add_test(tc, test_no_dissipation_outside_contact);
  tcase_add_test(tc, test_damping_signs);
  tcase_add_test(tc, test_cells_equal_all_pairs);
  tcase_add_test(tc, test_energy_listing);
  tcase_add_test(tc, test_nowalls);
  tcase_add_test(tc, test_pair_relative_energy);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(bed_suite, 0)
