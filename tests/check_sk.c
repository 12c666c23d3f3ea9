/* Check suite for src/physics/sk.c: the height field, S(k) and the stated
 * pattern test of a vibrated layer (Bizon et al., PRL 80, 57 (1998),
 * Fig. 1), on synthetic fields with Monte Carlo noise: squares, stripes,
 * hexagons and flat noise classified correctly at the stated noise levels
 * (per-cell Gaussian noise sigma against unit mode amplitudes on 64 x 64),
 * each decision seen to refuse what it must refuse (stripes are not
 * squares, two directions at 45 degrees are not squares, a weak second
 * mode is not squares, drowned patterns are flat), the wavelength
 * recovered to the box's resolution, the response period 1, 2, 4. */
#include <check.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>

#include "physics/sk.h"
#include "status.h"
#include "tests/check_run.h"

#define NX 64

struct mode {
  double jx, jy, amp;
};

/* h = sum of cosines (random phases) + Gaussian noise sigma. */
static void field(gsl_rng *r, const struct mode *m, int nm, double sigma, size_t nx, size_t ny,
                  double lx, double ly, double *h)
{
  double ph[8];
  size_t ix, iy;
  int k;
  for (k = 0; k < nm; k++)
    ph[k] = 2.0 * M_PI * gsl_rng_uniform(r);
  for (iy = 0; iy < ny; iy++)
    for (ix = 0; ix < nx; ix++) {
      double v = sigma > 0.0 ? gsl_ran_gaussian(r, sigma) : 0.0;
      double x = (ix + 0.5) * lx / nx, y = (iy + 0.5) * ly / ny;
      for (k = 0; k < nm; k++)
        v += m[k].amp * cos(2.0 * M_PI * (m[k].jx * x / lx + m[k].jy * y / ly) + ph[k]);
      h[iy * nx + ix] = v;
    }
}

/* Classify a field of modes m on the 64 x 64 box with rule r. */
static enum gr_sk_type classify(gsl_rng *g, const struct mode *m, int nm, double sigma,
                                const struct gr_sk_rule *r, struct gr_sk_peak *p)
{
  static double h[NX * NX];
  struct gr_sk *sk;
  ck_assert_int_eq(gr_sk_new(&sk, NX, NX, NX, NX), GR_OK);
  field(g, m, nm, sigma, NX, NX, NX, NX, h);
  ck_assert_int_eq(gr_sk_compute(sk, h), GR_OK);
  ck_assert_int_eq(gr_sk_analyse(sk, r, p), GR_OK);
  gr_sk_free(sk);
  return p->type;
}

static const struct mode stripes[] = {{4, 1, 1}};
static const struct mode squares[] = {{4, 1, 1}, {-1, 4, 1}};
static const struct mode hexagons[] = {{6, 0, 1}, {-3, 5, 1}, {-3, -5, 1}};
static const struct mode oblique[] = {{5, 0, 1}, {4, 4, 1}};      /* 45 degrees */
static const struct mode weak_square[] = {{4, 1, 1}, {-1, 4, 0.2}}; /* S ratio 0.04 < 0.3 */

/* Count of n realisations at noise sigma classified as type t. */
static int count(const struct mode *m, int nm, double sigma, enum gr_sk_type t,
                 const struct gr_sk_rule *r, int n)
{
  gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
  struct gr_sk_peak p;
  int k, c = 0;
  gsl_rng_set(g, 7u + (unsigned long)(sigma * 100.0) + (unsigned long)nm);
  for (k = 0; k < n; k++)
    c += classify(g, m, nm, sigma, r, &p) == t;
  gsl_rng_free(g);
  return c;
}

/* The stated noise levels: sigma 0.5 and 2 (per cell, unit amplitudes):
 * every realisation of each type is classified as that type. */
START_TEST(test_types_at_noise)
{
  struct gr_sk_rule r = gr_sk_rule_default();
  double sig[] = {0.5, 2.0};
  int i;
  for (i = 0; i < 2; i++) {
    ck_assert_int_eq(count(stripes, 1, sig[i], GR_SK_STRIPES, &r, 50), 50);
    ck_assert_int_eq(count(squares, 2, sig[i], GR_SK_SQUARES, &r, 50), 50);
    ck_assert_int_eq(count(hexagons, 3, sig[i], GR_SK_HEXAGONS, &r, 50), 50);
    ck_assert_int_eq(count(stripes, 0, sig[i], GR_SK_FLAT, &r, 50), 50);
  }
}
END_TEST

/* Each decision refuses: stripes are never squares or hexagons, squares
 * never stripes, hexagons never squares, oblique pairs and a weak second
 * mode never squares, noise never a pattern, a pattern under noise
 * sigma = 16 (S_max / <S> about 4) flat. */
START_TEST(test_decisions_refuse)
{
  struct gr_sk_rule r = gr_sk_rule_default();
  ck_assert_int_eq(count(stripes, 1, 1.0, GR_SK_SQUARES, &r, 50), 0);
  ck_assert_int_eq(count(stripes, 1, 1.0, GR_SK_HEXAGONS, &r, 50), 0);
  ck_assert_int_eq(count(squares, 2, 1.0, GR_SK_STRIPES, &r, 50), 0);
  ck_assert_int_eq(count(hexagons, 3, 1.0, GR_SK_SQUARES, &r, 50), 0);
  ck_assert_int_eq(count(oblique, 2, 1.0, GR_SK_SQUARES, &r, 50), 0);
  ck_assert_int_eq(count(oblique, 2, 1.0, GR_SK_OTHER, &r, 50), 50);
  ck_assert_int_eq(count(weak_square, 2, 0.5, GR_SK_STRIPES, &r, 50), 50);
  ck_assert_int_eq(count(stripes, 0, 1.0, GR_SK_FLAT, &r, 200), 200);
  ck_assert_int_eq(count(squares, 2, 16.0, GR_SK_FLAT, &r, 50), 50);
}
END_TEST

/* The rule's numbers matter: a loose angle tolerance (50 degrees) calls
 * the oblique pair squares, a low flat threshold (3) calls noise a
 * pattern: the test discriminates only with the stated values. */
START_TEST(test_rule_sensitivity)
{
  struct gr_sk_rule r = gr_sk_rule_default();
  r.angle_tol_deg = 50.0;
  ck_assert_int_eq(count(oblique, 2, 1.0, GR_SK_SQUARES, &r, 20), 20);
  r = gr_sk_rule_default();
  r.flat_ratio = 3.0;
  ck_assert_int_eq(count(stripes, 0, 1.0, GR_SK_FLAT, &r, 20), 0);
}
END_TEST

/* Wavelengths: commensurate stripes exactly; off-grid ones within 0.45
 * of the resolution lambda_res; long strips (256 x 8) as the dispersion runs. */
START_TEST(test_wavelength)
{
  static double h[256 * 8];
  gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
  struct gr_sk_rule r = gr_sk_rule_default();
  struct gr_sk_peak p;
  struct gr_sk *sk;
  double worst = 0.0;
  int n;
  for (n = 2; n <= 12; n++) {
    struct mode m = {n, 0, 1};
    classify(g, &m, 1, 0.5, &r, &p);
    ck_assert_msg(fabs(p.lambda - (double)NX / n) < 1e-9, "n %d: lambda %g", n, p.lambda);
    ck_assert_msg(fabs(p.lambda_res - (double)NX / (n * n)) < 1e-9, "res %g", p.lambda_res);
  }
  ck_assert_int_eq(gr_sk_new(&sk, 256, 8, 256.0, 8.0), GR_OK);
  for (n = 0; n < 40; n++) {
    double lambda = 15.0 + 25.0 * gsl_rng_uniform(g);
    struct mode m = {256.0 / lambda, 0, 1};
    field(g, &m, 1, 0.5, 256, 8, 256.0, 8.0, h);
    ck_assert_int_eq(gr_sk_compute(sk, h), GR_OK);
    ck_assert_int_eq(gr_sk_analyse(sk, &r, &p), GR_OK);
    ck_assert_int_eq(p.type, GR_SK_STRIPES);
    worst = fmax(worst, fabs(p.lambda - lambda) / p.lambda_res);
  }
  gr_sk_free(sk);
  gsl_rng_free(g);
  /* the S-weighted ring gives 0.34 steps at worst here, the grid's peak
   * alone 0.51 */
  ck_assert_msg(worst <= 0.45, "off-grid lambda off by %g resolutions", worst);
}
END_TEST

/* Q: one pure mode 1, noise below 10 ln(N) / N. */
START_TEST(test_order)
{
  gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
  struct gr_sk_rule r = gr_sk_rule_default();
  struct gr_sk_peak p;
  classify(g, stripes, 1, 0.0, &r, &p);
  ck_assert_msg(fabs(p.order - 1.0) < 1e-9, "pure mode Q %g", p.order);
  classify(g, stripes, 0, 1.0, &r, &p);
  ck_assert_msg(p.order < 10.0 * log(4096.0) / 4096.0, "noise Q %g", p.order);
  gsl_rng_free(g);
}
END_TEST

/* Response period from amplitude series with noise 0.2: harmonic, f/2 and
 * f/4 series always recognised, pure noise given a period at most 10 %. */
START_TEST(test_response)
{
  gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
  double re[16], im[16], c1, c2, c4;
  static const int expect[3] = {1, 2, 4};
  int k, c, noise_periodic = 0;
  for (k = 0; k < 200; k++) {
    int kind = k % 4, pp; /* 0 harmonic, 1 f/2, 2 f/4, 3 none */
    double a = 2.0 * M_PI * gsl_rng_uniform(g), b = 2.0 * M_PI * gsl_rng_uniform(g);
    for (c = 0; c < 16; c++) {
      double s = kind == 1 ? (c % 2 ? -1.0 : 1.0) : kind == 2 ? ((c / 2) % 2 ? -1.0 : 1.0) : 1.0;
      double ang = kind == 2 && c % 2 ? b : a;
      re[c] = (kind == 3 ? gsl_ran_gaussian(g, 1.0) : s * cos(ang)) + gsl_ran_gaussian(g, 0.2);
      im[c] = (kind == 3 ? gsl_ran_gaussian(g, 1.0) : s * sin(ang)) + gsl_ran_gaussian(g, 0.2);
    }
    pp = gr_sk_response(re, im, 16, &c1, &c2, &c4);
    if (kind < 3)
      ck_assert_msg(pp == expect[kind], "kind %d: period %d (C %g %g %g)", kind, pp, c1,
                    c2, c4);
    else
      noise_periodic += pp != 0;
  }
  ck_assert_msg(noise_periodic <= 5, "noise given a period %d times in 50", noise_periodic);
  gsl_rng_free(g);
}
END_TEST

/* The flat layer's period (sk.h's rule): a layer bouncing every other
 * cycle is period 2 under noise; a still layer, a drifting one, an
 * alternation below 0.1 sigma, a period-4 layer, white noise and too few
 * cycles are period 1: the rule decides and refuses. */
START_TEST(test_layer_period)
{
  gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
  double z[12];
  int k, c, noise2 = 0;
  for (k = 0; k < 100; k++) {
    for (c = 0; c < 12; c++)
      z[c] = 3.0 + 0.4 * (c % 2 ? -1.0 : 1.0) + gsl_ran_gaussian(g, 0.02);
    ck_assert_int_eq(gr_sk_layer_period(z, 12), 2);
    for (c = 0; c < 12; c++)
      z[c] = 3.0 + gsl_ran_gaussian(g, 0.02);
    ck_assert_int_eq(gr_sk_layer_period(z, 12), 1);
    for (c = 0; c < 12; c++)
      z[c] = 3.0 + 0.04 * (c % 2 ? -1.0 : 1.0) + gsl_ran_gaussian(g, 0.002); /* steps of 0.08 */
    ck_assert_int_eq(gr_sk_layer_period(z, 12), 1);
    for (c = 0; c < 12; c++)
      z[c] = 3.0 + 0.3 * c + gsl_ran_gaussian(g, 0.02);
    ck_assert_int_eq(gr_sk_layer_period(z, 12), 1);
    for (c = 0; c < 12; c++)
      z[c] = 3.0 + 0.5 * sin(0.5 * M_PI * c) + gsl_ran_gaussian(g, 0.02);
    ck_assert_int_eq(gr_sk_layer_period(z, 12), 1);
    for (c = 0; c < 12; c++)
      z[c] = 3.0 + gsl_ran_gaussian(g, 0.5);
    noise2 += gr_sk_layer_period(z, 12) == 2;
  }
  ck_assert_msg(noise2 <= 5, "white noise given period 2 %d times in 100", noise2);
  ck_assert_int_eq(gr_sk_layer_period(z, 2), 1);
  gsl_rng_free(g);
}
END_TEST

/* Height field: highest centre per cell, wrap, empty cells at the mean. */
START_TEST(test_height)
{
  double pos[] = {0.6, 0.4, 3.0, 0.5, 0.5, 1.0, -0.5, 0.5, 5.0, 1.5, 0.5, 2.0}, h[4];
  ck_assert_int_eq(gr_sk_height(pos, 3, 4, 2.0, 2.0, 2, 2, h), GR_OK);
  ck_assert_double_eq(h[0], 3.0);
  ck_assert_double_eq(h[1], 5.0); /* x = -0.5 wraps to 1.5, above 2.0 */
  ck_assert_double_eq(h[2], 4.0);
  ck_assert_double_eq(h[3], 4.0);
  ck_assert_int_eq(gr_sk_height(pos, 3, 0, 2.0, 2.0, 2, 2, h), GR_EINPUT);
}
END_TEST

/* The suite. */
static Suite *sk_suite(void)
{
  Suite *s = suite_create("sk");
  TCase *tc = tcase_create("sk");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_types_at_noise);
  tcase_add_test(tc, test_decisions_refuse);
  tcase_add_test(tc, test_rule_sensitivity);
  tcase_add_test(tc, test_wavelength);
  tcase_add_test(tc, test_order);
  tcase_add_test(tc, test_response);
  tcase_add_test(tc, test_layer_period);
  tcase_add_test(tc, test_height);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(sk_suite, 0)
