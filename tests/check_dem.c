/* Check suite for src/physics/dem.c, friction.c and their use of
 * contact.c (Sweetman 2003, chapter 2): the latching spring's loading and
 * unloading lines, restitution and energy bookkeeping of a two-sphere
 * head-on collision against the closed form, the tangential force capped
 * at mu F_N, momentum conservation without walls and gravity, the
 * half-skin rebuild rule missing no contact, and bitwise-identical
 * trajectories whichever search rebuilds the Verlet list and whatever the
 * number of threads. */
#include <check.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "physics/contact.h"
#include "physics/dem.h"
#include "physics/friction.h"
#include "tests/check_run.h"

static double urand(void)
{
  return (double)rand() / ((double)RAND_MAX + 1.0);
}

/* Unit spheres, density 1, dt of eq. 2.23 for nstep steps per collision. */
static struct gr_dem_params params(double L, int walls, double g, double nstep)
{
  struct gr_dem_params p;
  double m = M_PI / 6.0;
  memset(&p, 0, sizeof p);
  p.diameter = 1.0;
  p.density = 1.0;
  p.e = 0.8;
  p.dt = 0.0007;
  p.k1 = gr_contact_k1_from_dt(m, p.e, nstep, p.dt);
  p.mu = 0.5;
  p.kt_ratio = 2.0 / 7.0;
  p.gamma = 1.0 / 3.0;
  p.g = g;
  p.skin = 0.2;
  p.len[0] = p.len[1] = p.len[2] = L;
  p.walls = walls;
  p.search = GR_DEM_SORT;
  return p;
}

/* Eq. 2.1: loading on K1, unloading on K2 = K1/e^2 through
 * delta0 = (1 - e^2) delta_max, reloading back up the unloading line. */
START_TEST(test_latch)
{
  struct gr_contact_law law;
  struct gr_contact_pair st = {0, 0};
  double k1 = 100.0, e = 0.8, dmax = 0.01, d0;
  ck_assert_int_eq(gr_contact_law_init(&law, k1, e), 0);
  ck_assert_double_eq_tol(law.k2, k1 / (e * e), 1e-12);
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, 0.005), k1 * 0.005, 1e-12);
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, dmax), k1 * dmax, 1e-12);
  d0 = (1.0 - e * e) * dmax;
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, 0.008), law.k2 * (0.008 - d0), 1e-12);
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, 0.009), law.k2 * (0.009 - d0), 1e-12);
  ck_assert_double_eq(gr_contact_force(&law, &st, 0.5 * d0), 0.0); /* latched: no pull */
  ck_assert_double_eq_tol(gr_contact_force(&law, &st, 0.012), k1 * 0.012, 1e-12);
  ck_assert_double_eq(gr_contact_force(&law, &st, -1e-3), 0.0);
  ck_assert_double_eq(st.delta0, 0.0);
}
END_TEST

/* A head-on collision of two equal spheres at relative speed u: maximum
 * overlap u sqrt(mu/K1), exit speed e u, kinetic energy (1 - e^2) lost,
 * no rotation; leap-frog's error falls with the steps per collision. */
static void headon(double nstep, double *emeas, double *dmax_ratio, double *eloss_ratio, double *wmax)
{
  long incontact = 0;
  struct gr_dem_params p = params(20.0, 0, 0.0, nstep);
  struct gr_dem d;
  struct gr_dem_diag g0, g;
  double u = 1.0, dm = 0.0, mu;
  long s;
  size_t k;
  ck_assert_int_eq(gr_dem_init(&d, 2, &p), 0);
  d.x[0] = 9.0; d.x[1] = d.x[2] = 10.0;
  d.x[3] = 10.05; d.x[4] = d.x[5] = 10.0;
  d.v[0] = 0.5 * u;
  d.v[3] = -0.5 * u;
  gr_dem_diagnose(&d, &g0);
  for (s = 0; s < 4 * (long)(1.0 / p.dt); s++) {
    ck_assert_int_eq(gr_dem_step(&d), GR_OK);
    if (d.nbr.cur.npair == 1 && d.nbr.cur.hist[0].h[GR_DEM_H_DELTA] > dm)
      dm = d.nbr.cur.hist[0].h[GR_DEM_H_DELTA];
    if (d.nbr.cur.npair == 1 && /* pushing: above the latch point */
        d.nbr.cur.hist[0].h[GR_DEM_H_DELTA] > d.nbr.cur.hist[0].h[GR_DEM_H_DELTA0])
      incontact++;
  }
  gr_dem_diagnose(&d, &g);
  mu = 0.5 * d.mass;
  /* the force acts for a quarter period on K1 and a quarter on K2:
   * (1 + e) / (2 e) times the n steps eq. 2.23 was set for (eq. 2.21
   * counts half a period on K2) -- 56 steps, not 50, at e = 0.8 */
  ck_assert_double_le(fabs((double)incontact - gr_contact_duration(&d.law, mu) / p.dt), 1.5);
  ck_assert_double_le(fabs((double)incontact - nstep * (1.0 + p.e) / (2.0 * p.e)), 1.5);
  *emeas = (d.v[3] - d.v[0]) / u;
  *dmax_ratio = dm / (u * sqrt(mu / p.k1));
  *eloss_ratio = (g0.kinetic - g.kinetic) / ((1.0 - p.e * p.e) * g0.kinetic);
  *wmax = 0.0;
  for (k = 0; k < 6; k++)
    *wmax = fmax(*wmax, fabs(d.w[k]) + fabs(d.v[k == 0 || k == 3 ? 1 : k]));
  ck_assert_double_eq(g.contacts, 0);
  gr_dem_free(&d);
}

START_TEST(test_headon)
{
  double e50, d50, l50, w50, e500, d500, l500, w500;
  headon(50.0, &e50, &d50, &l50, &w50);
  headon(500.0, &e500, &d500, &l500, &w500);
  /* e = sqrt(K1/K2) = 0.8 (eq. 2.9), delta_max = u sqrt(mu/K1) and the
   * loss (1 - e^2) of the kinetic energy, to the leap-frog error of 50
   * and 500 steps per collision (seen: 3e-5 and 1e-5; bounds 0.5 % and
   * 0.1 %, the second must be the tighter) */
  ck_assert_double_le(fabs(e50 / 0.8 - 1.0), 0.005);
  ck_assert_double_le(fabs(e500 / 0.8 - 1.0), 0.001);
  ck_assert_double_le(fabs(d50 - 1.0), 0.005);
  ck_assert_double_le(fabs(d500 - 1.0), 0.001);
  ck_assert_double_le(fabs(l50 - 1.0), 0.01);
  ck_assert_double_le(fabs(l500 - 1.0), 0.002);
  ck_assert_double_eq(w50, 0.0); /* head-on: no spin, no sideways motion */
  ck_assert_double_eq(w500, 0.0);
}
END_TEST

/* Eqs. 2.10-2.14: the first increment is elastic (K_o), a large one
 * slides at mu F_N, a reversal makes T* the turning load, and K_T falls
 * from K_o to 0 at full slip. */
START_TEST(test_friction_cap)
{
  struct gr_friction_law law = {10.0, 0.5, 1.0 / 3.0};
  double h[GR_FRIC_NHIST] = {0}, n[3] = {0, 0, 1}, u[3] = {1e-3, 0, 0}, t[3], fn = 2.0;
  int k, s;
  gr_friction_force(&law, h, n, u, fn, t);
  ck_assert_double_eq_tol(t[0], 10.0 * 1e-3, 1e-15);
  ck_assert_double_eq(t[1], 0.0);
  ck_assert_double_eq_tol(gr_friction_kt(&law, 0.0, 0.0, 1.0, 1), 10.0, 1e-12);
  ck_assert_double_eq(gr_friction_kt(&law, 1.0, 0.0, 1.0, 1), 0.0);
  ck_assert_double_eq_tol(gr_friction_kt(&law, 0.5, 0.0, 1.0, 1), 10.0 * cbrt(0.5), 1e-12);
  /* keep pushing (random directions in the plane, normal load varying):
   * |T| never exceeds mu F_N */
  srand(5);
  for (s = 0; s < 2000; s++) {
    double tm;
    u[0] = 0.05 * (urand() - 0.3);
    u[1] = 0.05 * (urand() - 0.5);
    fn = 1.0 + urand();
    gr_friction_force(&law, h, n, u, fn, t);
    tm = sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
    ck_assert_double_le(tm, law.mu * fn * (1.0 + 1e-12));
    ck_assert_double_eq(t[2], 0.0);
  }
  /* a reversal: T* becomes the load at the turn */
  memset(h, 0, sizeof h);
  u[0] = 1e-2;
  u[1] = 0.0;
  for (s = 0; s < 3; s++)
    gr_friction_force(&law, h, n, u, 1.0, t);
  ck_assert_double_lt(t[0], 0.5);
  u[0] = -1e-3;
  {
    double before = t[0];
    gr_friction_force(&law, h, n, u, 1.0, t);
    ck_assert_double_eq(h[GR_FRIC_TSTAR], before);
    ck_assert_double_lt(t[0], before);
  }
  gr_friction_force(&law, h, n, u, 0.0, t); /* contact lost */
  for (k = 0; k < GR_FRIC_NHIST; k++)
    ck_assert_double_eq(h[k], 0.0);
}
END_TEST

/* n particles on a jittered lattice of spacing sp from corner c, random
 * velocities of amplitude vamp. */
static void scatter(struct gr_dem *d, double c, double sp, double vamp, unsigned seed)
{
  size_t i, k = (size_t)ceil(cbrt((double)d->n));
  srand(seed);
  for (i = 0; i < d->n; i++) {
    size_t ix = i % k, iy = i / k % k, iz = i / (k * k);
    d->x[3 * i] = c + sp * (double)ix + 0.1 * (urand() - 0.5);
    d->x[3 * i + 1] = c + sp * (double)iy + 0.1 * (urand() - 0.5);
    d->x[3 * i + 2] = c + sp * (double)iz + 0.1 * (urand() - 0.5);
    d->v[3 * i] = vamp * (urand() - 0.5);
    d->v[3 * i + 1] = vamp * (urand() - 0.5);
    d->v[3 * i + 2] = vamp * (urand() - 0.5);
  }
}

/* No walls, no gravity: pair forces are equal and opposite, so the total
 * momentum stays (to rounding) while many oblique collisions happen. */
START_TEST(test_momentum)
{
  struct gr_dem_params p = params(40.0, 0, 0.0, 50.0);
  struct gr_dem d;
  struct gr_dem_diag a, b;
  long s, hits = 0;
  int k;
  ck_assert_int_eq(gr_dem_init(&d, 216, &p), 0);
  scatter(&d, 15.0, 1.12, 2.0, 11); /* no overlap at the start */
  gr_dem_diagnose(&d, &a);
  for (s = 0; s < 600; s++) {
    ck_assert_int_eq(gr_dem_step(&d), GR_OK);
    gr_dem_diagnose(&d, &b);
    hits += b.contacts;
  }
  ck_assert_int_gt(hits, 1000);
  for (k = 0; k < 3; k++)
    ck_assert_double_le(fabs(b.p[k] - a.p[k]), 1e-12 * d.mass * 216);
  /* inelastic collisions and friction only remove energy */
  ck_assert_double_lt(b.kinetic + b.rotational + b.elastic, a.kinetic);
  gr_dem_free(&d);
}
END_TEST

/* Run nstep steps with search method (force_every: rebuild every step);
 * returns the contacts summed over the steps. */
static long run(struct gr_dem *d, int search, int force_every, long nstep, size_t n)
{
  struct gr_dem_params p = params(10.0, 1, 1.0, 50.0);
  struct gr_dem_diag g;
  long s, hits = 0;
  p.search = search;
  ck_assert_int_eq(gr_dem_init(d, n, &p), 0);
  scatter(d, 0.7, 1.12, 3.0, 23);
  for (s = 0; s < nstep; s++) {
    if (force_every)
      d->stale = 1;
    ck_assert_int_eq(gr_dem_step(d), GR_OK);
    gr_dem_diagnose(d, &g);
    hits += g.contacts;
  }
  return hits;
}

static int same_state(const struct gr_dem *a, const struct gr_dem *b)
{
  size_t m = 3 * a->n * sizeof(double);
  return memcmp(a->x, b->x, m) == 0 && memcmp(a->v, b->v, m) == 0 && memcmp(a->w, b->w, m) == 0;
}

/* The three searches give the same list in the same order: trajectories
 * bitwise identical, with walls, gravity, friction and rebuilds; and the
 * half-skin rule gives the same trajectory as rebuilding every step. */
START_TEST(test_searches_bitwise)
{
  struct gr_dem a, b, c, e;
  const long ns = 400;
  long hits = run(&a, GR_DEM_NSQ, 0, ns, 512);
  run(&b, GR_DEM_CHAIN, 0, ns, 512);
  run(&c, GR_DEM_SORT, 0, ns, 512);
  run(&e, GR_DEM_SORT, 1, ns, 512);
  ck_assert_int_gt(a.rebuilds, 2);
  ck_assert_int_gt(hits, 5000);
  ck_assert(same_state(&a, &b));
  ck_assert(same_state(&a, &c));
  ck_assert(same_state(&a, &e));
  ck_assert_int_eq(e.rebuilds, ns);
  /* no list growth after the reservation of gr_dem_init */
  ck_assert_uint_eq(a.nbr.cur.pcap, 7 * 512 + 16);
  ck_assert_uint_eq(a.nbr.nxt.pcap, 7 * 512 + 16);
  /* and the state is not trivially equal to the start: things moved */
  ck_assert_double_ne(a.w[0] + a.w[1] + a.w[2], 0.0);
  gr_dem_free(&a);
  gr_dem_free(&b);
  gr_dem_free(&c);
  gr_dem_free(&e);
}
END_TEST

/* Issue 14: the free fall (walls, gravity, friction, rebuilds) at 1, 2, 3
 * and 7 threads: positions, velocities and spins bitwise identical (each
 * particle sums its own forces in a fixed order; see dem.h), with the
 * ring of partial sums (demstep.c) smaller than N; and the fused
 * gr_dem_step gives the bytes of update, forces and integrate called in
 * turn (the last run). */
START_TEST(test_threads_bitwise)
{
  static const int nt[] = {1, 2, 3, 7, 2};
  struct gr_dem_params p = params(12.0, 1, 1.0, 50.0);
  struct gr_dem d[5];
  struct gr_dem_diag g;
  long s, hits = 0;
  int k;
  for (k = 0; k < 5; k++) {
#ifdef _OPENMP
    omp_set_num_threads(nt[k]);
    ck_assert_int_eq(omp_get_max_threads(), nt[k]);
#endif
    ck_assert_int_eq(gr_dem_init(&d[k], 1000, &p), 0); /* above the one-thread size */
    scatter(&d[k], 0.7, 1.12, 3.0, 31);
    for (s = 0; s < 600; s++) {
      if (k < 4) {
        ck_assert_int_eq(gr_dem_step(&d[k]), GR_OK);
      } else {
        ck_assert_int_eq(gr_dem_update(&d[k]), GR_OK);
        gr_dem_forces(&d[k]);
        gr_dem_integrate(&d[k]);
      }
      gr_dem_diagnose(&d[k], &g);
      hits += g.contacts;
    }
  }
#ifdef _OPENMP
  omp_set_num_threads(1);
#endif
  ck_assert_int_gt(d[0].rebuilds, 2);
  ck_assert_int_gt(hits, 5 * 5000);
  ck_assert_uint_lt(d[0].rslots, d[0].n); /* the step's ring of partial sums wraps */
  for (k = 1; k < 5; k++) {
    ck_assert(same_state(&d[0], &d[k]));
    ck_assert_int_eq(d[0].rebuilds, d[k].rebuilds);
  }
  ck_assert_double_ne(d[0].w[0] + d[0].w[1] + d[0].w[2], 0.0);
  for (k = 0; k < 5; k++)
    gr_dem_free(&d[k]);
}
END_TEST

/* Two engines of 1000 particles falling from the same scatter (seed):
 * a with p, b with p and one setting changed by the caller's pb. */
static void dem_pair_of_runs(struct gr_dem *a, struct gr_dem *b, const struct gr_dem_params *p,
                             const struct gr_dem_params *pb, unsigned seed)
{
  ck_assert_int_eq(gr_dem_init(a, 1000, p), 0);
  ck_assert_int_eq(gr_dem_init(b, 1000, pb), 0);
  scatter(a, 0.7, 1.12, 3.0, seed);
  scatter(b, 0.7, 1.12, 3.0, seed);
}

/* Issue 14: p.threads sets the threads of gr_dem_step whatever OpenMP's
 * default (3 here, 1 by default), and a step by its parts between steps
 * (f and t then hold gr_dem_forces' result) gives the same bytes. */
START_TEST(test_step_threads_param)
{
  struct gr_dem_params p = params(12.0, 1, 1.0, 50.0), pb = p;
  struct gr_dem a, b;
  long s;
#ifdef _OPENMP
  omp_set_num_threads(1);
#endif
  pb.threads = 3;
  dem_pair_of_runs(&a, &b, &p, &pb, 41);
  for (s = 0; s < 400; s++) {
    ck_assert_int_eq(gr_dem_step(&a), GR_OK);
    if (s % 50 != 7) {
      ck_assert_int_eq(gr_dem_step(&b), GR_OK);
      continue;
    }
    ck_assert_int_eq(gr_dem_update(&b), GR_OK); /* the step by its parts */
    gr_dem_forces(&b);
    gr_dem_integrate(&b);
  }
  ck_assert(same_state(&a, &b));
  ck_assert_int_gt(a.rebuilds, 1);
  gr_dem_free(&a);
  gr_dem_free(&b);
}
END_TEST

/* Issue 14: cell order (p.reorder) gives the trajectory and the
 * diagnostics of the original numbering bit for bit: a dense pack falling
 * onto the walls (many contacts, rebuilds, wall records and pairs whose
 * lower member changes), at 2 threads, compared every step. */
START_TEST(test_reorder_bitwise)
{
  struct gr_dem_params p = params(12.0, 1, 1.0, 50.0), p0 = p;
  struct gr_dem a, b;
  struct gr_dem_diag ga, gb;
  size_t m = 3 * 1000 * sizeof(double), i, moved = 0;
  double *sa = malloc(3 * m), *sb = malloc(3 * m);
  long s, hits = 0;
#ifdef _OPENMP
  omp_set_num_threads(2);
#endif
  p.reorder = 1;
  dem_pair_of_runs(&a, &b, &p0, &p, 37);
  for (s = 0; s < 1500; s++) {
    ck_assert_int_eq(gr_dem_step(&a), GR_OK);
    ck_assert_int_eq(gr_dem_step(&b), GR_OK);
    gr_dem_diagnose(&a, &ga);
    gr_dem_diagnose(&b, &gb);
    ck_assert(memcmp(&ga, &gb, sizeof ga) == 0);
    hits += ga.contacts;
  }
  gr_dem_state(&a, sa, sa + 3000, sa + 6000);
  gr_dem_state(&b, sb, sb + 3000, sb + 6000);
  ck_assert(memcmp(sa, sb, 3 * m) == 0);
  ck_assert(memcmp(sa, a.x, m) == 0); /* without reordering: the arrays themselves */
  for (i = 0; i < 1000; i++)
    moved += b.id[i] != i;
  ck_assert_uint_gt(moved, 500);
  ck_assert_int_gt(a.rebuilds, 5);
  ck_assert_int_eq(a.rebuilds, b.rebuilds);
  ck_assert_int_gt(hits, 100000);
#ifdef _OPENMP
  omp_set_num_threads(1);
#endif
  gr_dem_free(&a);
  p.search = GR_DEM_NSQ; /* cell order needs the sorted cells */
  ck_assert_int_eq(gr_dem_init(&a, 10, &p), GR_EINPUT);
  free(sa);
  free(sb);
  gr_dem_free(&b);
}
END_TEST

/* The walls hold the particles: a dropped pack settles inside the box. */
START_TEST(test_walls)
{
  struct gr_dem d;
  size_t i;
  int k;
  run(&d, GR_DEM_SORT, 0, 3000, 125);
  for (i = 0; i < d.n; i++)
    for (k = 0; k < 3; k++) {
      ck_assert_double_gt(d.x[3 * i + k], 0.0);
      ck_assert_double_lt(d.x[3 * i + k], d.box.len[k]);
    }
  gr_dem_free(&d);
}
END_TEST

/* Bad parameters are refused (and nothing leaks, see ASan): e > 1, no
 * skin, chain cells in a box of fewer than 3 cells per axis. */
START_TEST(test_init_errors)
{
  struct gr_dem d;
  struct gr_dem_params p = params(10.0, 1, 1.0, 50.0);
  p.e = 1.5;
  ck_assert_int_eq(gr_dem_init(&d, 10, &p), GR_EINPUT);
  p = params(10.0, 1, 1.0, 50.0);
  p.skin = 0.0;
  ck_assert_int_eq(gr_dem_init(&d, 10, &p), GR_EINPUT);
  p = params(3.0, 1, 1.0, 50.0);
  p.search = GR_DEM_CHAIN;
  ck_assert_int_eq(gr_dem_init(&d, 10, &p), GR_EINPUT);
  p.search = GR_DEM_SORT;
  ck_assert_int_eq(gr_dem_init(&d, 10, &p), GR_OK);
  gr_dem_free(&d);
}
END_TEST

/* The dem suite. */
static Suite *dem_suite(void)
{
  Suite *s = suite_create("dem");
  TCase *tc = tcase_create("contacts-forces-searches");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_latch);
  tcase_add_test(tc, test_headon);
  tcase_add_test(tc, test_friction_cap);
  tcase_add_test(tc, test_momentum);
  tcase_add_test(tc, test_searches_bitwise);
  tcase_add_test(tc, test_threads_bitwise);
  tcase_add_test(tc, test_step_threads_param);
  tcase_add_test(tc, test_reorder_bitwise);
  tcase_add_test(tc, test_walls);
  tcase_add_test(tc, test_init_errors);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(dem_suite, 0)
