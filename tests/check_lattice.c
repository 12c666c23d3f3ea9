/* Check suite for src/physics/bplattice.c and bpsearch.c: the lattice
 * algorithm of Buchholtz & Poeschel (1993), section 2, against all pairs,
 * linked cells and the N-squared neighbour list with the same pair force
 * (eqs. 17-21): 1e-12 relative on a polydisperse packing and along a
 * trajectory, sum of forces zero, the mask of Fig. 2, the counters, and
 * both edges of the cell-size window rmax <= d <= 1.8 rmin / sqrt(2). */
#include <check.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/bplattice.h"
#include "physics/bpsearch.h"
#include "physics/bpsim.h"
#include "tests/check_run.h"

enum { NMAX = 1200 };

static double urand(double lo, double hi)
{
  return lo + (hi - lo) * rand() / (double)RAND_MAX;
}

struct pack {
  size_t n;
  double x[NMAX], y[NMAX], vx[NMAX], vy[NMAX], w[NMAX], r[NMAX], m[NMAX];
};

static struct gr_bpgrains view(const struct pack *k)
{
  struct gr_bpgrains g = {k->n, k->x, k->y, k->vx, k->vy, k->w, k->r, k->m};
  return g;
}

/* Random aggregation packing in box: radii uniform in [r0, ratio r0]; a
 * new grain is put (80 %) touching a random earlier one or (20 %) anywhere,
 * kept when every overlap is at most 9 % of the smaller radius (10 % is the
 * paper's bound); random velocities and spins. */
static void packing(struct pack *k, const struct gr_box *b, double r0,
                    double ratio, size_t want)
{
  size_t tries = 0;
  k->n = 0;
  while (k->n < want && tries++ < 200000) {
    double r = urand(r0, ratio * r0), x = urand(0, b->len[0]), y = urand(0, b->len[1]);
    size_t j, ok = 1;
    if (k->n > 0 && urand(0, 1) < 0.8) {
      size_t q = (size_t)rand() % k->n;
      double a = urand(0, 2 * M_PI), dd = (r + k->r[q]) * (1 - urand(0, 0.04));
      x = fmod(k->x[q] + dd * cos(a) + b->len[0], b->len[0]);
      y = k->y[q] + dd * sin(a);
      if (b->periodic[1])
        y = fmod(y + b->len[1], b->len[1]);
    }
    if (!b->periodic[1] && (y < r || y > b->len[1] - r))
      continue;
    for (j = 0; j < k->n && ok; j++) {
      double dx = gr_box_delta(b, 0, x, k->x[j]), dy = gr_box_delta(b, 1, y, k->y[j]);
      double rm = r < k->r[j] ? r : k->r[j], s = r + k->r[j] - 0.09 * rm; /* s > 0 */
      ok = dx * dx + dy * dy >= s * s;
    }
    if (!ok)
      continue;
    k->x[k->n] = x;
    k->y[k->n] = y;
    k->r[k->n] = r;
    k->m[k->n] = 1e-6 * pow(r / r0, 3);
    k->vx[k->n] = urand(-0.1, 0.1);
    k->vy[k->n] = urand(-0.1, 0.1);
    k->w[k->n] = urand(-80, 80);
    k->n++;
  }
}

static int law_variants; /* printed readings in force (GR_BPFORCE_* bits) */

static struct gr_bpforce law(void)
{
  struct gr_bpforce p;
  ck_assert_int_eq(gr_bpforce_init(&p, 100.0, 1000.0, 300.0, 0.5, law_variants), 0);
  return p;
}

/* max |a - b| over max |b| for three arrays of n. */
static double reldiff(size_t n, const double *a, const double *b)
{
  double d = 0, s = 0;
  size_t i;
  for (i = 0; i < n; i++) {
    d = fabs(a[i] - b[i]) > d ? fabs(a[i] - b[i]) : d;
    s = fabs(b[i]) > s ? fabs(b[i]) : s;
  }
  return s > 0 ? d / s : d;
}

static double fx[4][NMAX], fy[4][NMAX], tq[4][NMAX];

/* The two-stage pass (bplattice_two.h) in all six builds (vectorized or
 * not; stage 2 scalar, queued or Newton) gives the one-stage pass's bits,
 * full and half mask (the half mask always queued): forces, torques,
 * overlap. */
static void same_two(struct gr_bplattice *L, const struct gr_bpforce *p,
                     const struct gr_bpgrains *g)
{
  int half, m;
  double mo, mo2;
  for (half = 0; half <= GR_BPLATTICE_HALF; half += GR_BPLATTICE_HALF) {
    gr_bplattice_forces(L, p, g, GR_BPLATTICE_VECTOR | half, fx[2], fy[2], tq[2], &mo);
    for (m = 0; m < 6; m++) {
      gr_bplattice_forces(L, p, g, GR_BPLATTICE_TWOSTAGE | half | (m & 1 ? GR_BPLATTICE_VECTOR : 0) |
                          (m / 2 == 1 ? GR_BPLATTICE_QUEUE : m / 2 == 2 ? GR_BPLATTICE_NEWTON : 0),
                          fx[3], fy[3], tq[3], &mo2);
      ck_assert_msg(!memcmp(fx[2], fx[3], g->n * sizeof(double)) &&
                    !memcmp(fy[2], fy[3], g->n * sizeof(double)) &&
                    !memcmp(tq[2], tq[3], g->n * sizeof(double)) && !memcmp(&mo, &mo2, sizeof mo),
                    "two-stage mode %d half %d: not the one-stage bits", m, half);
    }
  }
}

/* Lattice (vectorized and scalar, full and half mask), linked cells and
 * neighbour list against
 * all pairs; sum of forces zero to round-off; counters zero. */
static void compare_all(const struct pack *k, const struct gr_box *b, double rmax, int h)
{
  struct gr_bpforce p = law();
  struct gr_bpgrains g = view(k);
  struct gr_bplattice L;
  struct gr_bpcells c;
  struct gr_bpverlet v;
  double mo, mo2, sx = 0, sy = 0, ax = 0;
  size_t i;
  int m;
  long contacts = gr_bpsearch_allpairs(b, &p, &g, fx[0], fy[0], tq[0], &mo);
  ck_assert(contacts > (long)k->n / 4);
  ck_assert_int_eq(gr_bplattice_init(&L, b, rmax, h, rmax), 0);
  ck_assert_int_eq(gr_bplattice_index(&L, &g), 0);
  for (m = 3; m >= 0; m--) { /* vectorized or not, half mask or not */
    gr_bplattice_forces(&L, &p, &g, m, fx[1], fy[1], tq[1], &mo2);
    ck_assert(reldiff(k->n, fx[1], fx[0]) < 1e-12 && reldiff(k->n, fy[1], fy[0]) < 1e-12);
    ck_assert(reldiff(k->n, tq[1], tq[0]) < 1e-12);
    ck_assert_double_eq_tol(mo2, mo, 1e-12);
    if (m & GR_BPLATTICE_VECTOR) { /* kept for the scalar copy, next */
      memcpy(fx[2], fx[1], sizeof fx[1]);
      memcpy(tq[2], tq[1], sizeof tq[1]);
    } else /* the vectorized pass is the scalar one lane by lane: same bits */
      ck_assert(!memcmp(fx[2], fx[1], sizeof fx[1]) && !memcmp(tq[2], tq[1], sizeof tq[1]));
  }
  same_two(&L, &p, &g);
  ck_assert(gr_bplattice_outside(&L) == 0 && L.ndouble == 0 && L.nlost == 0);
  gr_bplattice_free(&L);
  ck_assert_int_eq(gr_bpcells_init(&c, b, 2 * rmax), 0);
  for (c.half = 1; c.half >= 0; c.half--) { /* half stencil, then full */
    ck_assert_int_eq(gr_bpcells_forces(&c, &p, &g, fx[2], fy[2], tq[2]), 0);
    ck_assert(reldiff(k->n, fx[2], fx[0]) < 1e-12 && reldiff(k->n, fy[2], fy[0]) < 1e-12);
    ck_assert(reldiff(k->n, tq[2], tq[0]) < 1e-12);
    ck_assert_double_eq_tol(c.maxov, mo, 1e-12);
  }
  gr_bpcells_free(&c);
  ck_assert_int_eq(gr_bpverlet_init(&v, b, 2 * rmax, 0.5 * rmax), 0);
  ck_assert_int_eq(gr_bpverlet_forces(&v, &p, &g, 0, fx[3], fy[3], tq[3]), 0);
  ck_assert(reldiff(k->n, fy[3], fy[0]) < 1e-12 && reldiff(k->n, tq[3], tq[0]) < 1e-12);
  gr_bpverlet_free(&v);
  for (i = 0; i < k->n; i++) {
    sx += fx[1][i];
    sy += fy[1][i];
    ax += fabs(fx[1][i]) + fabs(fy[1][i]);
  }
  if (!(law_variants & GR_BPFORCE_EQ20_ROT)) /* eq. 20 as printed breaks actio = reactio */
    ck_assert(fabs(sx) < 1e-13 * ax && fabs(sy) < 1e-13 * ax);
}

/* The printed readings: the antisymmetric ones through the half mask and
 * half stencil, eq. 20 as printed through their fallback to the full
 * ones; all equal all pairs. */
START_TEST(test_variants)
{
  static struct pack k;
  struct gr_box torus = {{0.04, 0.04, 1}, {1, 1, 0}};
  srand(19);
  packing(&k, &torus, 1e-3, 1.2, 300);
  law_variants = GR_BPFORCE_EQ18_SIGN | GR_BPFORCE_EQ18_VECTOR | GR_BPFORCE_EQ19_MIN |
                 GR_BPFORCE_EQ14_TANGENT;
  compare_all(&k, &torus, 1.2e-3, 2);
  law_variants = GR_BPFORCE_EQ20_ROT;
  compare_all(&k, &torus, 1.2e-3, 2);
  law_variants = 0;
}
END_TEST

START_TEST(test_mask)
{
  struct gr_box b = {{0.1, 0.1, 1}, {1, 1, 0}};
  struct gr_bplattice L;
  ck_assert_int_eq(gr_bplattice_init(&L, &b, 1e-3, 2, 1e-3), 0);
  ck_assert_int_eq(L.nmask, 24); /* eqs. 8-16: i in [1, 24] */
  ck_assert_int_eq(L.nring, 24); /* the ring 7x7 - 5x5 */
  gr_bplattice_free(&L);
  ck_assert_int_eq(gr_bplattice_init(&L, &b, 1e-3, 3, 1e-3), 0);
  ck_assert_int_eq(L.nmask, 48);
  gr_bplattice_free(&L);
  ck_assert_int_eq(gr_bplattice_init(&L, &b, 1e-3, 4, 1e-3), 2);
  ck_assert_int_eq(gr_bplattice_init(&L, &b, -1, 2, 1e-3), 2);
  b.len[0] = 4e-3; /* periodic axis shorter than 2 halo + 1 cells */
  ck_assert_int_eq(gr_bplattice_init(&L, &b, 1e-3, 2, 1e-3), 2);
}
END_TEST

/* Polydisperse packings (radius ratio 1.2 < 1.2728) in a pipe-like box
 * (periodic along x, open along y) and a doubly periodic box, 5x5 mask;
 * ratio 1.8 with the 7x7 mask. */
START_TEST(test_packing)
{
  static struct pack k;
  struct gr_box pipe = {{0.08, 0.02, 1}, {1, 0, 0}}, torus = {{0.04, 0.04, 1}, {1, 1, 0}};
  srand(17);
  packing(&k, &pipe, 1e-3, 1.2, 300);
  compare_all(&k, &pipe, 1.2e-3, 2);
  packing(&k, &torus, 1e-3, 1.2, 300);
  compare_all(&k, &torus, 1.2e-3, 2);
  packing(&k, &torus, 0.7e-3, 1.8, 300);
  compare_all(&k, &torus, 1.8 * 0.7e-3, 3);
}
END_TEST

/* A tall narrow torus of many cells: the two-stage pass over several
 * blocks, its Newton ring (64 cells, 768 results) wrapping around. */
START_TEST(test_blocks)
{
  static struct pack k;
  struct gr_box tall = {{0.02, 1.0, 1}, {1, 1, 0}};
  struct gr_bplattice L;
  srand(37);
  packing(&k, &tall, 1e-3, 1.2, NMAX);
  ck_assert_int_eq(gr_bplattice_init(&L, &tall, 1.2e-3, 2, 1.2e-3), 0);
  ck_assert(L.c1 - L.c0 > 4 * 2048 && L.pcap < (long)k.n);
  gr_bplattice_free(&L);
  compare_all(&k, &tall, 1.2e-3, 2);
}
END_TEST

/* Along a trajectory: a dense polydisperse system falling in a periodic
 * box with gravity along x (walls: none), integrated with the lattice;
 * every 10 steps its forces equal all pairs' on the same state. */
START_TEST(test_trajectory)
{
  static struct pack k;
  struct gr_box b = {{0.05, 0.05, 1}, {1, 1, 0}};
  struct gr_bpsim_params p = {b, law(), {9.81, 0}, 1e-4, 6, 0, GR_BPSIM_LATTICE, 0, 2, 0, 1};
  struct gr_bpsim s;
  double I[NMAX];
  size_t i;
  int step;
  srand(23);
  packing(&k, &b, 1e-3, 1.2, 400);
  for (i = 0; i < k.n; i++)
    I[i] = 0.4 * k.m[i] * k.r[i] * k.r[i];
  ck_assert_int_eq(gr_bpsim_init(&s, &p, k.n, k.n, k.r, k.m, I), 0);
  for (i = 0; i < k.n; i++)
    gr_bpsim_set(&s, i, k.x[i], k.y[i], k.vx[i], k.vy[i], k.w[i]);
  ck_assert_int_eq(gr_bpsim_start(&s), 0);
  for (step = 0; step < 500; step++) {
    ck_assert_int_eq(gr_bpsim_step(&s), 0);
    if (step % 10 == 0) {
      struct gr_bpgrains g = gr_bpsim_grains(&s);
      struct gr_bpforce f = law();
      ck_assert_int_eq(gr_bpsim_forces(&s), 0); /* the lattice on the corrected state */
      gr_bpsearch_allpairs(&b, &f, &g, fx[0], fy[0], tq[0], NULL);
      same_two(&s.lat, &f, &g);
      ck_assert_msg(reldiff(s.n, s.fx, fx[0]) < 1e-12 && reldiff(s.n, s.tq, tq[0]) < 1e-12,
                    "step %d: %g %g double %ld maxov %g", step, reldiff(s.n, s.fx, fx[0]),
                    reldiff(s.n, s.tq, tq[0]), s.lat.ndouble, s.maxov);
    }
  }
  ck_assert(s.lat.ndouble == 0 && s.lat.nlost == 0);
  ck_assert(gr_bplattice_outside(&s.lat) == 0);
  gr_bpsim_free(&s);
}
END_TEST

/* Two grains placed, lattice of cell size d, mask h: the counters. */
static void two(double d, int h, double rmax, const double x[2], const double y[2],
                const double r[2], long *ndouble, long *nout)
{
  struct gr_box b = {{0.02, 0.02, 1}, {0, 0, 0}}; /* 15 to 30 cells a side: each placement scans them all */
  double z[2] = {0, 0}, m[2] = {1, 1};
  struct gr_bpgrains g = {2, x, y, z, z, z, r, m};
  struct gr_bplattice L;
  ck_assert_int_eq(gr_bplattice_init(&L, &b, d, h, rmax), 0);
  ck_assert_int_eq(gr_bplattice_index(&L, &g), 0);
  *ndouble = L.ndouble;
  *nout = gr_bplattice_outside(&L);
  gr_bplattice_free(&L);
}

/* Upper edge d = 1.8 rmin / sqrt(2): two smallest grains overlapping by
 * 10 % of their radius (centres 1.8 rmin apart) on a cell diagonal share
 * a cell just above it and never below it. */
START_TEST(test_window_upper)
{
  double rmin = 1e-3, dmax = 1.8 * rmin / sqrt(2.0), r[2] = {rmin, rmin};
  double s = 1.8 * rmin / sqrt(2.0), x[2], y[2];
  long nd, no;
  int k;
  double d = dmax * (1 + 1e-6);
  x[0] = y[0] = 10 * d + 1e-12;
  x[1] = x[0] + s * (1 - 1e-12);
  y[1] = y[0] + s * (1 - 1e-12);
  two(d, 2, rmin, x, y, r, &nd, &no);
  ck_assert_int_eq(nd, 1);
  srand(29);
  for (k = 0; k < 2000; k++) { /* below the edge: any placement, never */
    double a = urand(0, 2 * M_PI);
    x[0] = urand(0.006, 0.014);
    y[0] = urand(0.006, 0.014);
    x[1] = x[0] + 1.8 * rmin * cos(a);
    y[1] = y[0] + 1.8 * rmin * sin(a);
    two(dmax * (1 - 1e-9), 2, rmin, x, y, r, &nd, &no);
    ck_assert_int_eq(nd, 0);
  }
}
END_TEST

/* Lower edge d = rmax (5x5) and 2 rmax / 3 (7x7): two largest grains
 * just touching along x span three (four) cells just below it, and are
 * always inside the mask at it. */
START_TEST(test_window_lower)
{
  double rmax = 1e-3, r[2] = {rmax, rmax}, x[2], y[2] = {0.01, 0.01}, d;
  long nd, no;
  int h, k;
  for (h = 2; h <= 3; h++) {
    d = h == 2 ? rmax : 2 * rmax / 3;
    x[0] = 10 * d * (1 - 1e-6) - 1e-9; /* just below a cell edge */
    x[1] = x[0] + 2 * rmax * (1 - 1e-9);
    two(d * (1 - 1e-6), h, rmax, x, y, r, &nd, &no);
    ck_assert_int_eq(no, 1);
    srand(31);
    for (k = 0; k < 2000; k++) {
      double a = urand(0, 2 * M_PI);
      x[0] = urand(0.006, 0.014);
      y[0] = urand(0.006, 0.014);
      x[1] = x[0] + 2 * rmax * (1 - 1e-9) * cos(a);
      y[1] = y[0] + 2 * rmax * (1 - 1e-9) * sin(a);
      two(d, h, rmax, x, y, r, &nd, &no);
      ck_assert_int_eq(no, 0);
    }
    y[0] = y[1] = 0.01;
  }
}
END_TEST

/* The suite. */
static Suite *lattice_suite(void)
{
  Suite *s = suite_create("lattice");
  TCase *tc = tcase_create("lattice");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_mask);
  tcase_add_test(tc, test_packing);
  tcase_add_test(tc, test_blocks);
  tcase_add_test(tc, test_variants);
  tcase_add_test(tc, test_trajectory);
  tcase_add_test(tc, test_window_upper);
  tcase_add_test(tc, test_window_lower);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(lattice_suite, 0)
