/* Check suite for the plate-riding rule and the TC model of the 3D engine
 * (src/physics/ed3ride.c, ed3plate.c's take-off; issue 24) against the completely
 * inelastic ball map (src/physics/ballmap.c; Mehta & Luck, PRL 65, 393
 * (1990); Melo, Umbanhowar & Swinney, PRL 75, 3838 (1995)):
 *  - a ball at rest on the plate rides it (z = z_p + r) and leaves at the
 *    map's take-off phase arcsin(1 / Gamma) with the plate's height and
 *    velocity, on the sine and (phase 0) on the parabolic plate;
 *  - the completely inelastic ball (ride_v above any landing speed) follows
 *    the map's flights, sticking and immediate take-offs, for Gamma on both
 *    sides of the first period doubling and past it, its motion's period in
 *    plate cycles that of the map, 1 below and 2 above the doubling
 *    sqrt(4 + pi^2) (the fixed point's multiplier 1 - Gamma sin(phi) = -1
 *    with Gamma cos(phi) = pi, computed here, not by the map);
 *  - the TC model: no loss on a bounce within tc of the previous one;
 *  - ride_v > 0 refused for more than one sphere or with walls. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/ballmap.h"
#include "physics/ed3.h"
#include "tests/check_run.h"

#define PI 3.141592653589793
#define OM 1.3 /* drive frequency; phase0 = pi: the plate at its mean height moving down */

/* One sphere resting on the plate (plate's height and velocity at t = 0,
 * a hair above) at Gamma, completely inelastic plate contacts. */
static struct gr_ed3 *rider(int plate, double gamma)
{
  struct gr_ed3_params p = {.n = 1, .radius = 0.5, .lx = 4.0, .ly = 4.0, .periodic = 1, .g = 1.0,
                            .e0 = 0.7, .v0 = 1.0, .e_exp = 0.75, .mu = 0.5, .beta0 = 0.35, .K = 0.4,
                            .plate = plate, .amp = gamma / (OM * OM), .omega = OM, .phase0 = PI,
                            .ride_v = 1e6, .max_events = 100000};
  double x = 2.0, y = 2.0, z, vx = 0.0, vy = 0.0, vz;
  char msg[160];
  struct gr_ed3 *s;
  if (plate == GR_ED3_PLATE_PARABOLIC)
    p.amp = gamma / (OM * OM); /* acceleration +-A omega^2: the same Gamma */
  ck_assert_int_eq(gr_ed3_new(&p, &x, &y, &(double){1.0}, &vx, &vy, &(double){0.0}, NULL, NULL, NULL, &s,
                              msg, sizeof msg), GR_OK);
  z = gr_ed3_plate_z(s, 0.0) + 0.5 + 1e-12;
  vz = gr_ed3_plate_v(s, 0.0);
  gr_ed3_free(s);
  ck_assert_int_eq(gr_ed3_new(&p, &x, &y, &z, &vx, &vy, &vz, NULL, NULL, NULL, &s, msg, sizeof msg), GR_OK);
  return s;
}

static double height(struct gr_ed3 *s)
{
  double z;
  gr_ed3_positions(s, NULL, NULL, &z);
  return z;
}

/* At rest on the plate: on it until the take-off phase, then the parabola
 * launched there (sine: arcsin(1 / Gamma) from the map; parabolic: 0). */
START_TEST(test_takeoff_phase)
{
  int kind;
  for (kind = 0; kind < 2; kind++) {
    double gamma = 2.5, T = 2.0 * PI / OM, phi = kind == 0 ? gr_ball_takeoff_phase(gamma) : 0.0;
    double toff = (2.0 * PI + phi - PI) / OM, zp, vp, u, zx;
    struct gr_ed3 *s = rider(kind, gamma);
    ck_assert_int_eq(gr_ed3_advance(s, toff - 0.2 * T), GR_OK);
    ck_assert_msg(fabs(height(s) - 0.5 - gr_ed3_plate_z(s, toff - 0.2 * T)) < 1e-12, "kind %d: not on the plate", kind);
    ck_assert_int_eq(gr_ed3_advance(s, toff - 1e-6 * T), GR_OK);
    ck_assert(fabs(height(s) - 0.5 - gr_ed3_plate_z(s, gr_ed3_time(s))) < 1e-12);
    ck_assert_int_eq(gr_ed3_advance(s, toff + 0.2 * T), GR_OK);
    zp = gr_ed3_plate_z(s, toff);
    vp = gr_ed3_plate_v(s, toff);
    u = 0.2 * T;
    zx = zp + 0.5 + vp * u - 0.5 * u * u;
    ck_assert_msg(fabs(height(s) - zx) < 1e-9, "kind %d: z %.15g, launched at the take-off phase %.15g", kind,
                  height(s), zx);
    ck_assert_msg(height(s) - 0.5 - gr_ed3_plate_z(s, toff + u) > 1e-3, "kind %d: not in flight", kind);
    ck_assert_int_eq(gr_ed3_overlaps(s, 1e-9), 0);
    gr_ed3_free(s);
  }
}
END_TEST

/* The map's flights from rest in absolute phase: take-off Phi_k, flight s_k. */
static void map_flights(double gamma, size_t n, double *Phi, double *sk)
{
  struct gr_ball_flight *f = malloc(n * sizeof *f);
  double a = 2.0 * PI + gr_ball_takeoff_phase(gamma);
  size_t k;
  ck_assert_int_eq(gr_ball_orbit(gamma, 0, f, n), GR_OK);
  for (k = 0; k < n; k++) {
    Phi[k] = a;
    sk[k] = f[k].s;
    a += f[k].s + (f[k].sticks ? f[k].stick : 0.0);
  }
  free(f);
}

/* The completely inelastic ball in the engine against the map: its height
 * at a third and two thirds of each of 40 flights. */
START_TEST(test_against_map)
{
  static const double gam[] = {2.5, 3.2, 3.6, 3.85, 4.5, 5.0, 6.8};
  double Phi[40], sk[40];
  size_t g, k, j;
  for (g = 0; g < sizeof gam / sizeof gam[0]; g++) {
    double G = gam[g], A = G / (OM * OM);
    struct gr_ed3 *s = rider(GR_ED3_PLATE_SINE, G);
    map_flights(G, 40, Phi, sk);
    for (k = 0; k < 40; k++)
      for (j = 1; j <= 2; j++) {
        double u = sk[k] * j / 3.0, t = (Phi[k] - PI + u) / OM, zx;
        zx = A * sin(Phi[k]) + 0.5 + A * OM * cos(Phi[k]) * (u / OM) - 0.5 * (u / OM) * (u / OM);
        ck_assert_int_eq(gr_ed3_advance(s, t), GR_OK);
        ck_assert_msg(fabs(height(s) - zx) < 1e-7 * (1.0 + A), "Gamma %g flight %zu: z %.12g, map %.12g", G, k,
                      height(s), zx);
      }
    gr_ed3_free(s);
  }
}
END_TEST

/* The motion's period in plate cycles from the engine's heights at phase 0
 * (after 60 cycles): the least m of 1, 2, 4 with z(c + m) = z(c). */
static long engine_cycles(double G)
{
  struct gr_ed3 *s = rider(GR_ED3_PLATE_SINE, G);
  double T = 2.0 * PI / OM, z[9];
  long m, c;
  int ok;
  for (c = 0; c < 9; c++) {
    ck_assert_int_eq(gr_ed3_advance(s, (60.5 + c) * T), GR_OK);
    z[c] = height(s);
  }
  gr_ed3_free(s);
  for (m = 1; m <= 4; m *= 2) {
    for (c = 0, ok = 1; c + m < 9; c++)
      ok &= fabs(z[c + m] - z[c]) < 1e-6;
    if (ok)
      return m;
  }
  return 0;
}

/* The first period doubling: the engine's period 1 below sqrt(4 + pi^2),
 * 2 above, and the map's period at each Gamma, also past the doubling. */
START_TEST(test_doubling)
{
  static const double gam[] = {3.0, 3.6, 3.85, 4.5, 6.0};
  double g1 = sqrt(4.0 + PI * PI);
  size_t g;
  for (g = 0; g < sizeof gam / sizeof gam[0]; g++) {
    long map, eng = engine_cycles(gam[g]);
    ck_assert_int_eq(gr_ball_cycles(gam[g], 200, 64, 1e-9, &map), GR_OK);
    ck_assert_msg(eng == map, "Gamma %g: engine period %ld cycles, map %ld", gam[g], eng, map);
    ck_assert_msg(eng == (gam[g] < g1 ? 1 : 2), "Gamma %g: engine period %ld, doubling at %g", gam[g], eng, g1);
  }
}
END_TEST

/* The TC model (ed3.h's tc): a ball dropped from h onto a plate at rest
 * loses (1 - e^2) of its energy at the first bounce, e = 1 - 0.3 v^(3/4)
 * of Bizon's law at v = sqrt(2 h), and none after it while its bounces
 * come within tc of each other; without tc every bounce loses some. */
START_TEST(test_tc)
{
  int pass;
  for (pass = 0; pass < 2; pass++) {
    struct gr_ed3_params p = {.n = 1, .radius = 0.5, .lx = 4.0, .ly = 4.0, .periodic = 1, .g = 1.0, .e0 = 0.7,
                              .v0 = 1.0, .e_exp = 0.75, .mu = 0.5, .beta0 = 0.35, .K = 0.4, .omega = OM,
                              .tc = pass == 0 ? 100.0 : 0.0};
    double h = 0.3, v = sqrt(2.0 * h), e = 1.0 - 0.3 * pow(v, 0.75), x = 2.0, y = 2.0, z = 0.5 + h, w = 0.0, e1, e2;
    char msg[160];
    struct gr_ed3 *s;
    ck_assert_int_eq(gr_ed3_new(&p, &x, &y, &z, &w, &w, &w, NULL, NULL, NULL, &s, msg, sizeof msg), GR_OK);
    ck_assert_int_eq(gr_ed3_advance(s, 2.0 * v), GR_OK); /* after the first bounce */
    e1 = gr_ed3_energy(s) - 0.5;
    ck_assert_msg(fabs(e1 - e * e * h) < 1e-12, "energy after the first bounce %.15g, e^2 h %.15g", e1, e * e * h);
    ck_assert_int_eq(gr_ed3_advance(s, 10.0), GR_OK); /* the collapse without tc comes near t = 20 */
    e2 = gr_ed3_energy(s) - 0.5;
    ck_assert_int_ge(gr_ed3_counters(s).plate, 8);
    if (pass == 0)
      ck_assert_msg(fabs(e2 - e1) < 1e-12, "tc: energy %.15g -> %.15g", e1, e2);
    else
      ck_assert_msg(e2 < 0.9 * e1, "no tc: energy %.15g -> %.15g", e1, e2);
    gr_ed3_free(s);
  }
}
END_TEST

START_TEST(test_refused)
{
  struct gr_ed3_params p = {.n = 2, .radius = 0.5, .lx = 4.0, .ly = 4.0, .periodic = 1, .g = 1.0, .e0 = 0.7,
                            .v0 = 1.0, .e_exp = 0.75, .mu = 0.5, .beta0 = 0.35, .K = 0.4, .amp = 1.0,
                            .omega = OM, .ride_v = 0.01};
  double x[2] = {1.0, 3.0}, y[2] = {2.0, 2.0}, z[2] = {2.0, 2.0}, v[2] = {0.0, 0.0};
  char msg[200];
  struct gr_ed3 *s;
  ck_assert_int_eq(gr_ed3_new(&p, x, y, z, v, v, v, NULL, NULL, NULL, &s, msg, sizeof msg), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(msg, "ride_v"));
  p.n = 1;
  p.periodic = 0;
  ck_assert_int_eq(gr_ed3_new(&p, x, y, z, v, v, v, NULL, NULL, NULL, &s, msg, sizeof msg), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(msg, "walls"));
}
END_TEST

static Suite *ride_suite(void)
{
  Suite *su = suite_create("ed3ride");
  TCase *tc = tcase_create("ride");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_takeoff_phase);
  tcase_add_test(tc, test_against_map);
  tcase_add_test(tc, test_doubling);
  tcase_add_test(tc, test_tc);
  tcase_add_test(tc, test_refused);
  suite_add_tcase(su, tc);
  return su;
}

GR_CHECK_MAIN(ride_suite, 0)
