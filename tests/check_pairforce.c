/* Check suite for src/physics/pairforce.c: the power-law pair force of
 * Greenspan & Rosati (1976), eqs. (2.5)-(2.7), against closed forms,
 * Newton's third law, the cutoff, exact mirror symmetry and the correctly
 * rounded sum. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "physics/pairforce.h"
#include "tests/check_run.h"

static const struct gr_pairforce tri = {2500.0, 2900.0, 6, 4, 1.5, 1, GR_PAIRFORCE_SUM_LISTING};

static double urand(double lo, double hi)
{
  return lo + (hi - lo) * rand() / (double)RAND_MAX;
}

/* F(r) = H/r^6 - G/r^4 (closed form with pow), zero at r0 = (H/G)^(1/2),
 * repulsive inside, attractive outside; the printed sign flips it. */
START_TEST(test_magnitude)
{
  struct gr_pairforce p = tri;
  double r, r0 = sqrt(2900.0 / 2500.0);
  for (r = 0.5; r <= 1.5; r += 0.01)
    ck_assert_double_eq_tol(gr_pairforce_magnitude(&p, r), 2900.0 / pow(r, 6) - 2500.0 / pow(r, 4),
                            1e-12 * (2900.0 / pow(r, 6)));
  ck_assert(gr_pairforce_magnitude(&p, r0 * 0.99) > 0.0);
  ck_assert(gr_pairforce_magnitude(&p, r0 * 1.01) < 0.0);
  ck_assert(fabs(gr_pairforce_magnitude(&p, r0)) < 1e-9);
  p.sign = -1;
  ck_assert(gr_pairforce_magnitude(&p, r0 * 0.99) < 0.0);
  /* direction: a repulsive pair pushes P_i away from P_j */
  {
    double fx, fy;
    gr_pairforce_pair(&tri, 0.9, 0.0, 1.0, &fx, &fy);
    ck_assert(fx > 0.0);
    ck_assert(fy == 0.0);
  }
}
END_TEST

/* Newton's third law per pair, exactly, and for the totals to round-off;
 * the masses enter as m_i m_j. */
START_TEST(test_third_law)
{
  double x[2], y[2], m[2] = {0.25, 3.0}, fx[2], fy[2], ax, ay, bx, by;
  int k;
  srand(7);
  for (k = 0; k < 1000; k++) {
    double dx = urand(-1.5, 1.5), dy = urand(-1.5, 1.5);
    if (hypot(dx, dy) < 0.3)
      continue;
    gr_pairforce_pair(&tri, dx, dy, 0.75, &ax, &ay);
    gr_pairforce_pair(&tri, -dx, -dy, 0.75, &bx, &by);
    ck_assert(ax == -bx && ay == -by);
    x[0] = urand(-2, 2);
    y[0] = urand(0, 2);
    x[1] = x[0] - dx;
    y[1] = y[0] - dy;
    gr_pairforce_total(&tri, NULL, 2, x, y, m, fx, fy);
    ck_assert(fx[0] == -fx[1] && fy[0] == -fy[1]);
    gr_pairforce_pair(&tri, x[0] - x[1], y[0] - y[1], 0.75, &ax, &ay);
    ck_assert(fx[0] == ax && fy[0] == ay);
  }
}
END_TEST

/* The sum of all forces of a random body vanishes (to round-off) for every
 * summation order, and the orders agree. */
START_TEST(test_total_momentum)
{
  enum { N = 30 };
  double x[N], y[N], m[N], f[3][2][N], s, scale;
  struct gr_pairforce p = tri;
  struct gr_pairforce_ws *ws = gr_pairforce_ws_new(N);
  int i, o;
  srand(11);
  for (i = 0; i < N; i++) {
    x[i] = (i % 6) * 0.9 + urand(-0.05, 0.05);
    y[i] = (i / 6) * 0.9 + urand(-0.05, 0.05);
    m[i] = urand(0.5, 1.5);
  }
  for (o = 0; o < 3; o++) {
    p.sum = o;
    ck_assert(gr_pairforce_total(&p, ws, N, x, y, m, f[o][0], f[o][1]) > 0);
  }
  for (o = 0; o < 3; o++) {
    s = scale = 0.0;
    for (i = 0; i < N; i++) {
      s += f[o][0][i];
      scale += fabs(f[o][0][i]);
      ck_assert_double_eq_tol(f[o][0][i], f[0][0][i], 1e-12 * (1 + fabs(f[0][0][i])) + 1e-9);
      ck_assert_double_eq_tol(f[o][1][i], f[0][1][i], 1e-12 * (1 + fabs(f[0][1][i])) + 1e-9);
    }
    ck_assert(fabs(s) <= 1e-13 * scale);
  }
  gr_pairforce_ws_free(ws);
}
END_TEST

/* Section 4: no force beyond r = 1.5 (the listing skips only R .GT. 1.5,
 * so r = 1.5 interacts); without the cutoff every pair counts. */
START_TEST(test_cutoff)
{
  double x[3] = {0.0, 1.5, 1.5 + 1e-9}, y[3] = {0, 0, 10}, m[3] = {1, 1, 1}, fx[3], fy[3];
  double ax, ay;
  struct gr_pairforce p = tri;
  ck_assert_int_eq(gr_pairforce_pair(&p, 1.5, 0.0, 1.0, &ax, &ay), 1);
  ck_assert(ax != 0.0);
  ck_assert_int_eq(gr_pairforce_pair(&p, 1.5 + 1e-12, 0.0, 1.0, &ax, &ay), 0);
  ck_assert(ax == 0.0 && ay == 0.0);
  ck_assert(gr_pairforce_magnitude(&p, 1.6) == 0.0);
  ck_assert_int_eq(gr_pairforce_total(&p, NULL, 3, x, y, m, fx, fy), 1);
  ck_assert(fx[2] == 0.0 && fy[2] == 0.0);
  p.cutoff = 0.0;
  ck_assert_int_eq(gr_pairforce_total(&p, NULL, 3, x, y, m, fx, fy), 3);
  ck_assert(fy[2] < 0.0); /* attracted down towards the others */
}
END_TEST

/* A mirror-symmetric body (the triangle of Table 1, symmetrically
 * jittered): correctly rounded sums give exactly mirrored forces, and the
 * same forces whatever the particles' order. */
START_TEST(test_mirror_exact)
{
  enum { N = 28 };
  double x[N], y[N], m[N], fx[N], fy[N], px[N], py[N], pm[N], gx[N], gy[N];
  int mir[N], perm[N], r, j, k = 0, i, t;
  struct gr_pairforce p = tri;
  struct gr_pairforce_ws *ws = gr_pairforce_ws_new(N);
  srand(3);
  for (r = 0; r < 7; r++)
    for (j = 0; j < 7 - r; j++, k++) {
      x[k] = (-36 + 6 * r + 12 * j) / 10.0;
      y[k] = 0.8 * r;
      m[k] = 1.0;
      mir[k] = k + (6 - r) - 2 * j; /* the particle at -x in the same row */
    }
  for (k = 0; k < N; k++)
    if (mir[k] > k) { /* jitter pairs symmetrically */
      double dx = urand(-0.05, 0.05), dy = urand(-0.05, 0.05);
      x[k] += dx;
      x[mir[k]] = -x[k];
      y[k] += dy;
      y[mir[k]] = y[k];
    } else if (mir[k] == k)
      y[k] += urand(-0.05, 0.05);
  p.sum = GR_PAIRFORCE_SUM_EXACT;
  gr_pairforce_total(&p, ws, N, x, y, m, fx, fy);
  for (k = 0; k < N; k++) {
    ck_assert_msg(fx[k] == -fx[mir[k]], "fx %d", k);
    ck_assert_msg(fy[k] == fy[mir[k]], "fy %d", k);
  }
  for (i = 0; i < N; i++)
    perm[i] = i;
  for (i = N - 1; i > 0; i--) {
    j = rand() % (i + 1);
    t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  for (i = 0; i < N; i++) {
    px[i] = x[perm[i]];
    py[i] = y[perm[i]];
    pm[i] = m[perm[i]];
  }
  gr_pairforce_total(&p, ws, N, px, py, pm, gx, gy);
  for (i = 0; i < N; i++)
    ck_assert(gx[i] == fx[perm[i]] && gy[i] == fy[perm[i]]);
  /* the exact sum needs its workspace */
  ck_assert(gr_pairforce_total(&p, NULL, N, x, y, m, fx, fy) == GR_PAIRFORCE_NOWS);
  gr_pairforce_ws_free(ws);
}
END_TEST

/* Correctly rounded sums: exact cancellation, a half-way case, order
 * independence. */
START_TEST(test_fsum)
{
  double a[16], b[16], s0;
  int k, i, j;
  a[0] = 1e100; a[1] = 1.0; a[2] = -1e100;
  ck_assert(gr_pairforce_fsum(a, 3) == 1.0);
  for (i = 0; i < 10; i++)
    a[i] = 0.1;
  ck_assert(gr_pairforce_fsum(a, 10) == 1.0);
  a[0] = 1.0; a[1] = 1e-16; a[2] = 1e-16;
  ck_assert(gr_pairforce_fsum(a, 3) == 1.0000000000000002);
  a[0] = 1.0; a[1] = ldexp(1.0, -53); /* exactly half an ulp: ties to even */
  ck_assert(gr_pairforce_fsum(a, 2) == 1.0);
  a[0] = 1.0; a[1] = ldexp(1.0, -53); a[2] = ldexp(1.0, -105);
  ck_assert(gr_pairforce_fsum(a, 3) == 1.0 + ldexp(1.0, -52));
  ck_assert(gr_pairforce_fsum(a, 0) == 0.0);
  srand(5);
  for (k = 0; k < 200; k++) {
    int n = 1 + rand() % 16;
    for (i = 0; i < n; i++)
      b[i] = ldexp(urand(-1, 1), rand() % 60 - 30);
    for (i = 0; i < n; i++)
      a[i] = b[i];
    s0 = gr_pairforce_fsum(a, (size_t)n);
    for (j = 0; j < 5; j++) {
      for (i = 0; i < n; i++)
        a[i] = b[(i + j * 7) % n];
      if (j % 2)
        for (i = 0; i < n; i++)
          a[i] = -a[i];
      ck_assert(gr_pairforce_fsum(a, (size_t)n) == (j % 2 ? -s0 : s0));
    }
  }
}
END_TEST

/* The pairforce suite. */
static Suite *pairforce_suite(void)
{
  Suite *s = suite_create("pairforce");
  TCase *tc = tcase_create("pair-forces-sums");
  tcase_add_test(tc, test_magnitude);
  tcase_add_test(tc, test_third_law);
  tcase_add_test(tc, test_total_momentum);
  tcase_add_test(tc, test_cutoff);
  tcase_add_test(tc, test_mirror_exact);
  tcase_add_test(tc, test_fsum);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(pairforce_suite, 0)
