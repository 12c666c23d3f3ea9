/* Check suite for the 3D event-driven engine src/physics/ed3*.c (issue 24;
 * Bizon et al., PRL 80, 57 (1998)):
 *  - no overlap in a vibrated layer (periodic; walls and lid), counted by
 *    the engine at every contact and by a full check each cycle;
 *  - e = 1, mu = 0 with the plate at rest conserves kinetic plus potential
 *    energy to round-off; so does a perfectly rough gas (beta0 = 1, mu large)
 *    with its spins, of equal and of unequal spheres (radii 0.4-0.6);
 *  - a single elastic ball on a plate at rest follows its exact flights,
 *    and on a sinusoidal plate an independent brute-force integration of
 *    its flights (scan of the gap and bisection, its own reflection);
 *  - the engine's next collision against a brute-force O(N^2) prediction
 *    over every pair (and its minimum images; pairs too far apart to touch
 *    by the engine's collision skipped by a bound), event after event, on
 *    random dense states of unequal spheres;
 *  - same input, same bytes; calendar queue and tree alike;
 *  - bad input: a status and a one-line message. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/ed3.h"
#include "physics/edmd.h"
#include "tests/check_run.h"

#define PI 3.141592653589793

static double urand(double lo, double hi) { return lo + (hi - lo) * (rand() / (RAND_MAX + 1.0)); }

/* Case b of Bizon et al. (Gamma 3, f* = 0.44, H = 5.42) in units sigma = g = 1:
 * a periodic layer of n spheres, 6 per unit area, on a simple cubic start of
 * spacing 1.05 above the plate with small random velocities (seed). */
static struct gr_ed3 *layer(int n, int periodic, double lid, int queue, unsigned seed, struct gr_ed3_params *pp)
{
  double f = 0.44 / sqrt(5.42), om = 2.0 * PI * f, l = sqrt(n / 6.0), *b;
  int m = (int)floor(l / 1.05), i, rc;
  char msg[160];
  struct gr_ed3 *s = NULL;
  struct gr_ed3_params p = {.n = n, .radius = 0.5, .lx = l, .ly = l, .periodic = periodic, .lid = lid, .g = 1.0,
                            .e0 = 0.7, .v0 = 1.0, .e_exp = 0.75, .mu = 0.5, .beta0 = 0.35, .K = 0.4,
                            .plate = GR_ED3_PLATE_SINE, .amp = 3.0 / (om * om), .omega = om, .queue = queue};
  b = calloc(6 * (size_t)n, sizeof *b);
  ck_assert_ptr_nonnull(b);
  srand(seed);
  for (i = 0; i < n; i++) {
    b[i] = (i % (m * m) % m + 0.5) * l / m;
    b[n + i] = (i % (m * m) / m + 0.5) * l / m;
    b[2 * n + i] = p.amp + 0.6 + 1.05 * (i / (m * m));
    b[3 * n + i] = urand(-0.05, 0.05);
    b[4 * n + i] = urand(-0.05, 0.05);
    b[5 * n + i] = urand(-0.05, 0.05);
  }
  rc = gr_ed3_new(&p, b, b + n, b + 2 * n, b + 3 * n, b + 4 * n, b + 5 * n, NULL, NULL, NULL, &s, msg, sizeof msg);
  free(b);
  ck_assert_msg(rc == GR_OK, "%s", msg);
  if (pp != NULL)
    *pp = p;
  return s;
}

/* A vibrated layer for 6 cycles, periodic and with walls and a lid: no
 * contact overlapping (the engine's count), none found by the full check
 * at the end of each cycle, pair and plate collisions happen. */
START_TEST(test_no_overlap)
{
  int v, c;
  for (v = 0; v < 2; v++) {
    struct gr_ed3_params p;
    struct gr_ed3 *s = layer(v ? 400 : 600, v == 0, v ? 20.0 : 0.0, 0, 7 + v, &p);
    double T = 2.0 * PI / p.omega;
    struct gr_ed3_counters k;
    for (c = 1; c <= 6; c++) {
      ck_assert_int_eq(gr_ed3_advance(s, c * T), GR_OK);
      ck_assert_int_eq(gr_ed3_overlaps(s, 1e-9), 0);
    }
    k = gr_ed3_counters(s);
    ck_assert_int_eq(k.overlaps, 0);
    ck_assert_int_gt(k.pair, 100 * p.n);
    ck_assert_int_gt(k.plate, 5 * p.n);
    if (v)
      ck_assert_int_gt(k.wall, 10);
    gr_ed3_free(s);
  }
}
END_TEST

/* A gas of n spheres under gravity in a walled box with a lid, the plate at
 * rest: elastic and smooth (e0 = 1, mu = 0), then elastic and perfectly
 * rough (beta0 = 1, mu = 1e9: always sticking, tangential slip reversed),
 * then the same with radii 0.4-0.6 (unequal masses and moments):
 * the total energy (with spins) keeps to 1e-11 over some 1e5 collisions. */
START_TEST(test_energy)
{
  int pass, n = 300, i, m = 7, rc;
  for (pass = 0; pass < 3; pass++) {
    struct gr_ed3_params p = {.n = n, .radius = 0.5, .lx = 10.0, .ly = 10.0, .lid = 12.0, .g = 1.0,
                              .e0 = 1.0, .v0 = 1.0, .e_exp = 0.75, .mu = pass ? 1e9 : 0.0,
                              .beta0 = pass ? 1.0 : 0.35, .K = 0.4, .amp = 0.0, .omega = 1.0};
    double b[9 * 300], rad[300], e0, e1;
    char msg[160];
    struct gr_ed3 *s;
    srand(21);
    for (i = 0; i < n; i++) {
      b[i] = 1.0 + 1.3 * (i % m);
      b[n + i] = 1.0 + 1.3 * (i / m % m);
      b[2 * n + i] = 1.0 + 1.3 * (i / (m * m));
      b[3 * n + i] = urand(-2.0, 2.0);
      b[4 * n + i] = urand(-2.0, 2.0);
      b[5 * n + i] = urand(-2.0, 2.0);
      b[6 * n + i] = urand(-3.0, 3.0);
      b[7 * n + i] = urand(-3.0, 3.0);
      b[8 * n + i] = urand(-3.0, 3.0);
      rad[i] = urand(0.4, 0.6); /* pass 2: unequal spheres, mass (r / 0.5)^3 */
    }
    p.radii = pass == 2 ? rad : NULL;
    rc = gr_ed3_new(&p, b, b + n, b + 2 * n, b + 3 * n, b + 4 * n, b + 5 * n, b + 6 * n, b + 7 * n, b + 8 * n, &s,
                    msg, sizeof msg);
    ck_assert_msg(rc == GR_OK, "%s", msg);
    e0 = gr_ed3_energy(s);
    ck_assert_int_eq(gr_ed3_advance(s, 100.0), GR_OK);
    e1 = gr_ed3_energy(s);
    ck_assert_int_gt(gr_ed3_counters(s).pair, 50000);
    ck_assert_int_gt(gr_ed3_counters(s).plate, 1000);
    ck_assert_int_gt(gr_ed3_counters(s).lid, 10);
    ck_assert_msg(fabs(e1 - e0) < 1e-11 * e0, "pass %d: energy %.17g -> %.17g", pass, e0, e1);
    ck_assert_int_eq(gr_ed3_overlaps(s, 1e-9), 0);
    gr_ed3_free(s);
  }
}
END_TEST

/* One sphere, elastic and smooth, in a box of 4 x 4 with walls. */
static struct gr_ed3 *one_ball(int plate, double amp, double z, double vz, double vx)
{
  struct gr_ed3_params p = {.n = 1, .radius = 0.5, .lx = 4.0, .ly = 4.0, .g = 1.0, .e0 = 1.0, .v0 = 1.0,
                            .e_exp = 0.75, .mu = 0.0, .beta0 = 0.35, .K = 0.4, .plate = plate, .amp = amp,
                            .omega = 1.3, .phase0 = 0.4};
  double x = 2.0, y = 2.0, vy = 0.0;
  char msg[160];
  struct gr_ed3 *s;
  ck_assert_int_eq(gr_ed3_new(&p, &x, &y, &z, &vx, &vy, &vz, NULL, NULL, NULL, &s, msg, sizeof msg), GR_OK);
  return s;
}

/* The elastic ball on a plate at rest, dropped from height h above contact:
 * bounces at sqrt(2 h)(1 + 2k); its height at any time is the parabola of
 * its bounce, for 200 bounces. */
START_TEST(test_ball_rest_plate)
{
  double h = 3.0, tb = sqrt(2.0 * h), t, u, z, zx;
  struct gr_ed3 *s = one_ball(GR_ED3_PLATE_SINE, 0.0, 0.5 + h, 0.0, 0.0);
  int k;
  for (k = 1; k <= 1000; k++) {
    t = k * 0.77 * tb;
    ck_assert_int_eq(gr_ed3_advance(s, t), GR_OK);
    u = fmod(t + tb, 2.0 * tb) - tb; /* time from the nearest apex */
    zx = 0.5 + h - 0.5 * u * u;
    gr_ed3_positions(s, NULL, NULL, &z);
    ck_assert_msg(fabs(z - zx) < 1e-9, "t %g: z %.15g, exact %.15g", t, z, zx);
  }
  ck_assert_int_eq(gr_ed3_counters(s).plate, (long long)floor((t / tb + 1.0) / 2.0));
  gr_ed3_free(s);
}
END_TEST

/* The reference for the moving plate: the ball's flights found by a scan of
 * the gap in steps of 1e-3 and bisection to adjacent doubles, then the elastic
 * reflection in the plate's frame (v' = 2 v_p - v). */
static void ref_ball(int plate, double amp, double z, double vz, double t_end, double *zo, double *vo)
{
  struct gr_ed3 *pl = one_ball(plate, amp, 10.0, 0.0, 0.0); /* only for its plate */
  double t = 0.0, lo, hi, mid, dt = 1e-3, vp;
#define GAPR(tt) (z + vz * ((tt) - t) - 0.5 * ((tt) - t) * ((tt) - t) - 0.5 - gr_ed3_plate_z(pl, (tt)))
  for (;;) {
    lo = t + 1e-9;
    while (lo + dt < t_end && GAPR(lo + dt) > 0.0)
      lo += dt;
    if (lo + dt >= t_end && GAPR(t_end) > 0.0)
      break;
    hi = lo + dt < t_end ? lo + dt : t_end;
    for (mid = 0.5 * (lo + hi); mid > lo && mid < hi; mid = 0.5 * (lo + hi)) {
      if (GAPR(mid) > 0.0)
        lo = mid;
      else
        hi = mid;
    }
    z = z + vz * (lo - t) - 0.5 * (lo - t) * (lo - t);
    vz = vz - (lo - t);
    t = lo;
    vp = gr_ed3_plate_v(pl, t);
    vz = 2.0 * vp - vz;
  }
#undef GAPR
  *zo = z + vz * (t_end - t) - 0.5 * (t_end - t) * (t_end - t);
  *vo = vz - (t_end - t);
  gr_ed3_free(pl);
}

/* The elastic ball on the sinusoidal and the parabolic plate (Gamma 1.5):
 * its height and velocity at t = 1, 2, ..., 12 against the reference. */
START_TEST(test_ball_moving_plate)
{
  int kind, k;
  for (kind = 0; kind < 2; kind++) {
    double amp = 1.5 / (1.3 * 1.3), z, vz, zr, vr;
    struct gr_ed3 *s = one_ball(kind, amp, 2.5, 0.0, 0.0);
    for (k = 1; k <= 12; k++) {
      ck_assert_int_eq(gr_ed3_advance(s, (double)k), GR_OK);
      gr_ed3_positions(s, NULL, NULL, &z);
      gr_ed3_velocities(s, NULL, NULL, &vz);
      ref_ball(kind, amp, 2.5, 0.0, (double)k, &zr, &vr);
      ck_assert_msg(fabs(z - zr) < 1e-8 && fabs(vz - vr) < 1e-8, "kind %d t %d: z %.15g vz %.15g, reference %.15g %.15g",
                    kind, k, z, vz, zr, vr);
    }
    ck_assert_int_gt(gr_ed3_counters(s).plate, 3);
    gr_ed3_free(s);
  }
}
END_TEST

/* Earliest contact of two spheres from their states (brute force, every
 * periodic image): the earlier root of |dr + dv s| = d while approaching,
 * 0 when touching or overlapping and approaching; +inf if none. */
static double brute_pair(const double *st, int n, int i, int j, double d, double lx, double ly)
{
  double best = HUGE_VAL, dx, dy, dz = st[2 * n + j] - st[2 * n + i];
  double dvx = st[3 * n + j] - st[3 * n + i], dvy = st[4 * n + j] - st[4 * n + i];
  double dvz = st[5 * n + j] - st[5 * n + i], a = dvx * dvx + dvy * dvy + dvz * dvz, b, c, disc, t;
  int u, v;
  for (u = -1; u <= 1; u++)
    for (v = -1; v <= 1; v++) {
      dx = st[j] - st[i] + u * lx;
      dy = st[n + j] - st[n + i] + v * ly;
      b = dx * dvx + dy * dvy + dz * dvz;
      c = dx * dx + dy * dy + dz * dz - d * d;
      disc = b * b - a * c;
      if (b >= 0.0 || disc < 0.0)
        continue;
      t = c <= 0.0 ? 0.0 : (-b - sqrt(disc)) / a;
      best = t < best ? t : best;
    }
  return best;
}

/* Whether spheres i and j cannot touch within w from the states st: their
 * minimum-image distance exceeds d by more than |dv|_1 w (an image's
 * distance falls no faster than |dv| <= |dv|_1), so brute_pair would
 * return a time past w. */
static int brute_far(const double *st, int n, int i, int j, double d, double lx, double ly, double w)
{
  double dx = fabs(st[j] - st[i]), dy = fabs(st[n + j] - st[n + i]), dz = st[2 * n + j] - st[2 * n + i];
  double dvx = st[3 * n + j] - st[3 * n + i], dvy = st[4 * n + j] - st[4 * n + i];
  double dvz = st[5 * n + j] - st[5 * n + i], reach = d + (fabs(dvx) + fabs(dvy) + fabs(dvz)) * w;
  dx = dx > 0.5 * lx ? lx - dx : dx;
  dy = dy > 0.5 * ly ? ly - dy : dy;
  return dx * dx + dy * dy + dz * dz > reach * reach;
}

/* The pair search and the one-event-per-sphere scheme against brute force:
 * on random dense layers of unequal spheres (radii 0.35-0.5, periodic,
 * the plate vibrating), before each collision the engine announces
 * (gr_ed3_peek), every pair's earliest contact is computed from the states
 * at the current time; none may come before the engine's collision, and
 * when that is a pair collision the earliest pair is that pair, at its time. */
START_TEST(test_pair_brute)
{
  int n = 240, seed, ev, i, j, a, b, bi, bj, npair = 0;
  double *st = malloc(6 * (size_t)n * sizeof *st), r[240], rs[240], t, tb, tp, now, d;
  char msg[160];
  ck_assert_ptr_nonnull(st);
  for (seed = 1; seed <= 3; seed++) {
    struct gr_ed3_params p = {.n = n, .radius = 0.5, .radii = r, .lx = 7.0, .ly = 6.0, .periodic = 1, .g = 1.0,
                              .e0 = 0.7, .v0 = 1.0, .e_exp = 0.75, .mu = 0.5, .beta0 = 0.35, .K = 0.4,
                              .amp = 0.3, .omega = 4.0, .queue = seed == 2 ? GR_EDMD_TREE : GR_EDMD_CALENDAR};
    struct gr_ed3 *s = NULL;
    srand((unsigned)seed);
    /* random sequential placement, no overlap, heights up to 6.5 (up to
       6.0, a volume fraction of 0.30 near its jamming, the rejected tries
       took 2/3 of this test's time; the pair collisions among its 4,500
       events stay about as many: 3,916 against 3,954) */
    for (i = 0; i < n; i++) {
      r[i] = urand(0.35, 0.5);
      do {
        st[i] = urand(0.0, p.lx);
        st[n + i] = urand(0.0, p.ly);
        st[2 * n + i] = urand(p.amp + r[i], 6.5);
        for (j = 0; j < i; j++) {
          double dx = fabs(st[i] - st[j]), dy = fabs(st[n + i] - st[n + j]), dz = st[2 * n + i] - st[2 * n + j];
          dx = dx > 0.5 * p.lx ? p.lx - dx : dx;
          dy = dy > 0.5 * p.ly ? p.ly - dy : dy;
          if (dx * dx + dy * dy + dz * dz < (r[i] + r[j]) * (r[i] + r[j]))
            break;
        }
      } while (j < i);
      st[3 * n + i] = urand(-1.0, 1.0);
      st[4 * n + i] = urand(-1.0, 1.0);
      st[5 * n + i] = urand(-1.0, 1.0);
    }
    ck_assert_msg(gr_ed3_new(&p, st, st + n, st + 2 * n, st + 3 * n, st + 4 * n, st + 5 * n, NULL, NULL, NULL, &s,
                             msg, sizeof msg) == GR_OK, "%s", msg);
    for (i = 0; i < n; i++)
      rs[i] = gr_ed3_radius(s, i);
    for (ev = 0; ev < 1500; ev++) {
      ck_assert_int_eq(gr_ed3_peek(s, &t, &a, &b), GR_OK);
      now = gr_ed3_time(s);
      gr_ed3_positions(s, st, st + n, st + 2 * n);
      gr_ed3_velocities(s, st + 3 * n, st + 4 * n, st + 5 * n);
      tb = HUGE_VAL;
      bi = bj = -1;
      for (i = 0; i < n; i++) /* a pair that cannot touch by the engine's t (+1e-6)
                                  is skipped: it could fail no assertion below */
        for (j = i + 1; j < n; j++) {
          d = rs[i] + rs[j];
          if (!brute_far(st, n, i, j, d, p.lx, p.ly, t - now + 1e-6) &&
              (tp = brute_pair(st, n, i, j, d, p.lx, p.ly)) < tb) {
            tb = tp;
            bi = i;
            bj = j;
          }
        }
      ck_assert_msg(now + tb >= t - 1e-9, "seed %d event %d: pair %d-%d meets at %.15g before the engine's %d-%d at %.15g",
                    seed, ev, bi, bj, now + tb, a, b, t);
      if (b >= 0) {
        ck_assert_msg((bi == a && bj == b) || (bi == b && bj == a), "seed %d event %d: %d-%d, brute force %d-%d",
                      seed, ev, a, b, bi, bj);
        ck_assert_msg(fabs(now + tb - t) <= 1e-9, "seed %d event %d: at %.15g, brute force %.15g", seed, ev, t, now + tb);
        npair++;
      }
      ck_assert_int_eq(gr_ed3_advance(s, t), GR_OK);
    }
    gr_ed3_free(s);
  }
  ck_assert_int_ge(npair, 1500);
  free(st);
}
END_TEST

/* Same input, same bytes: two runs, and the calendar queue against the tree. */
START_TEST(test_same_bytes)
{
  struct gr_ed3 *s[3];
  struct gr_ed3_params p;
  double *st[3];
  int q, n = 500;
  for (q = 0; q < 3; q++) {
    s[q] = layer(n, 1, 0.0, q == 2 ? GR_EDMD_TREE : GR_EDMD_CALENDAR, 11, &p);
    ck_assert_int_eq(gr_ed3_advance(s[q], 3.0 * 2.0 * PI / p.omega), GR_OK);
    st[q] = malloc(9 * (size_t)n * sizeof(double));
    gr_ed3_positions(s[q], st[q], st[q] + n, st[q] + 2 * n);
    gr_ed3_velocities(s[q], st[q] + 3 * n, st[q] + 4 * n, st[q] + 5 * n);
    gr_ed3_spins(s[q], st[q] + 6 * n, st[q] + 7 * n, st[q] + 8 * n);
  }
  ck_assert(memcmp(st[0], st[1], 9 * (size_t)n * sizeof(double)) == 0);
  ck_assert(memcmp(st[0], st[2], 9 * (size_t)n * sizeof(double)) == 0);
  ck_assert_int_eq(gr_ed3_counters(s[0]).events, gr_ed3_counters(s[2]).events);
  for (q = 0; q < 3; q++) {
    free(st[q]);
    gr_ed3_free(s[q]);
  }
}
END_TEST

/* Bad input: GR_EINPUT, a one-line message, no engine. */
START_TEST(test_bad_input)
{
  struct gr_ed3_params p = {.n = 2, .radius = 0.5, .lx = 4.0, .ly = 4.0, .g = 1.0, .e0 = 0.7, .v0 = 1.0,
                            .e_exp = 0.75, .mu = 0.5, .beta0 = 0.35, .K = 0.4, .amp = 0.1, .omega = 1.0};
  double x[2] = {1.0, 1.5}, y[2] = {1.0, 1.0}, z[2] = {1.0, 1.0}, v[2] = {0.0, 0.0};
  char msg[160];
  struct gr_ed3 *s = NULL;
  ck_assert_int_eq(gr_ed3_new(&p, x, y, z, v, v, v, NULL, NULL, NULL, &s, msg, sizeof msg), GR_EINPUT);
  ck_assert_ptr_null(s);
  ck_assert_ptr_null(strchr(msg, '\n'));
  ck_assert_ptr_nonnull(strstr(msg, "overlap"));
  x[1] = 3.0;
  z[1] = 0.2; /* below the plate's surface plus a radius */
  ck_assert_int_eq(gr_ed3_new(&p, x, y, z, v, v, v, NULL, NULL, NULL, &s, msg, sizeof msg), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(msg, "below the plate"));
  p.periodic = 1;
  p.lx = 2.5;
  z[1] = 1.0;
  x[1] = 2.0;
  ck_assert_int_eq(gr_ed3_new(&p, x, y, z, v, v, v, NULL, NULL, NULL, &s, msg, sizeof msg), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(msg, "periodic"));
  p.periodic = 0; /* more cells a side than a cell's short coordinate holds */
  p.lx = 40000.0;
  p.zgrid = 2.0;
  ck_assert_int_eq(gr_ed3_new(&p, x, y, z, v, v, v, NULL, NULL, NULL, &s, msg, sizeof msg), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(msg, "32767 a side"));
}
END_TEST

static Suite *ed3_suite(void)
{
  Suite *su = suite_create("ed3");
  TCase *tc = tcase_create("engine");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_no_overlap);
  tcase_add_test(tc, test_energy);
  tcase_add_test(tc, test_ball_rest_plate);
  tcase_add_test(tc, test_ball_moving_plate);
  tcase_add_test(tc, test_pair_brute);
  tcase_add_test(tc, test_same_bytes);
  tcase_add_test(tc, test_bad_input);
  suite_add_tcase(su, tc);
  return su;
}

GR_CHECK_MAIN(ed3_suite, 0)
