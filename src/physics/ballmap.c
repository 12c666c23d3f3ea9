/* granrepro physics: the completely inelastic ball on a sinusoidal plate
 * (Mehta & Luck 1990; Melo et al. 1995; the centre-of-mass model of
 * Bizon et al. 1998).  See ballmap.h for the units and the map. */
#include "physics/ballmap.h"

#include <float.h>
#include <gsl/gsl_math.h>
#include <math.h>

#include "status.h"

#define BM_2PI (2.0 * M_PI)
#define BM_WIDTH 1e-3   /* intervals narrower than this are bisected once bracketed */
#define BM_GRAZE 1e-13  /* a zero the bound cannot exclude below this width is a touch */

/* arcsin(1 / Gamma): the plate's acceleration -Gamma sin(phi) reaches -1. */
double gr_ball_takeoff_phase(double gamma)
{
  return asin(1.0 / gamma);
}

/* The gap between the ball's parabola and the plate (ballmap.h). */
double gr_ball_gap(double gamma, double phi, double s)
{
  return gamma * sin(phi) + gamma * cos(phi) * s - 0.5 * s * s - gamma * sin(phi + s);
}

/* Bisect a bracket hl > 0 >= h(r) to round-off; the left end moves only
 * onto positive gaps, so the result is the zero's first representable
 * phase at or after it. */
static double bm_bisect(double gamma, double phi, double l, double r)
{
  int k;
  for (k = 0; k < 200 && r - l > 4.0 * DBL_EPSILON * fmax(1.0, r); k++) {
    double m = 0.5 * (l + r);
    if (gr_ball_gap(gamma, phi, m) > 0.0)
      l = m;
    else
      r = m;
  }
  return r;
}

/* Earliest zero of the gap in (l, r] given hl = h(l) > 0; M bounds |h''|.
 * Returns 1 and *s when found, 0 when the interval holds none. */
static int bm_first(double gamma, double phi, double l, double r, double hl, double M,
                    double *s)
{
  double hr = gr_ball_gap(gamma, phi, r), w = r - l, m, hm;
  if (fmin(hl, hr) - M * w * w / 8.0 > 0.0)
    return 0;
  if (hr <= 0.0 && w <= BM_WIDTH) {
    *s = bm_bisect(gamma, phi, l, r);
    return 1;
  }
  if (w <= BM_GRAZE) {
    *s = r; /* a touch the bound cannot rule out: the ball grazes the plate */
    return 1;
  }
  m = 0.5 * (l + r);
  hm = gr_ball_gap(gamma, phi, m);
  if (hm <= 0.0)
    return bm_first(gamma, phi, l, m, hl, M, s);
  if (bm_first(gamma, phi, l, m, hl, M, s))
    return 1;
  return bm_first(gamma, phi, m, r, hm, M, s);
}

/* Landing: below s0 the Taylor bound h(s) >= s^2 (a/2 + b s/6 - Gamma
 * s^2/24), a = Gamma sin(phi) - 1 >= 0, b = Gamma cos(phi), keeps the gap
 * positive; above smax the parabola is below the lowest plate. */
int gr_ball_land(double gamma, double phi, double *s)
{
  double a, b, s0 = 1.0, smax, M = 1.0 + gamma;
  if (!isfinite(gamma) || !isfinite(phi) || gamma <= 1.0)
    return GR_EINPUT;
  a = gamma * sin(phi) - 1.0;
  b = gamma * cos(phi);
  if (a < -1e-12 * gamma)
    return GR_EINPUT;
  a = fmax(a, 0.0);
  while (s0 > 1e-12 && !(0.5 * a + b * s0 / 6.0 - gamma * s0 * s0 / 24.0 > 0.0 &&
                         gr_ball_gap(gamma, phi, s0) > 0.0))
    s0 *= 0.5;
  if (s0 <= 1e-12) {
    *s = 0.0; /* leaves tangentially into a plate that catches it at once */
    return GR_OK;
  }
  smax = b + sqrt(b * b + 2.0 * gamma * (sin(phi) + 1.0)) + 1.0;
  if (!bm_first(gamma, phi, s0, smax, gr_ball_gap(gamma, phi, s0), M, s))
    return GR_EFAIL; /* cannot happen: h(smax) < 0 */
  return GR_OK;
}

/* One flight and the next take-off (ballmap.h). */
int gr_ball_step(double gamma, double phi, struct gr_ball_flight *f, double *next)
{
  double s, psi, p0 = gr_ball_takeoff_phase(gamma);
  int st = gr_ball_land(gamma, phi, &s);
  if (st != GR_OK)
    return st;
  psi = fmod(phi + s, BM_2PI);
  f->phi = phi;
  f->s = s;
  if (gamma * sin(psi) >= 1.0) {
    f->sticks = 0;
    f->stick = 0.0;
    *next = psi;
    return GR_OK;
  }
  f->sticks = 1;
  f->stick = p0 - psi;
  if (f->stick < 0.0)
    f->stick += BM_2PI;
  *next = p0;
  return GR_OK;
}

/* Iterate the map from rest (ballmap.h). */
int gr_ball_orbit(double gamma, size_t transient, struct gr_ball_flight *f, size_t n)
{
  struct gr_ball_flight tmp;
  double phi;
  size_t k;
  int st;
  if (!isfinite(gamma) || gamma <= 1.0 || f == NULL)
    return GR_EINPUT;
  phi = gr_ball_takeoff_phase(gamma);
  for (k = 0; k < transient; k++)
    if ((st = gr_ball_step(gamma, phi, &tmp, &phi)) != GR_OK)
      return st;
  for (k = 0; k < n; k++)
    if ((st = gr_ball_step(gamma, phi, &f[k], &phi)) != GR_OK)
      return st;
  return GR_OK;
}

/* Distance of two phases on the circle. */
static double bm_circ(double a, double b)
{
  double d = fmod(fabs(a - b), BM_2PI);
  return fmin(d, BM_2PI - d);
}

/* The least period of the record (ballmap.h). */
void gr_ball_period(const struct gr_ball_flight *f, size_t n, double tol, size_t *p,
                    long *cycles)
{
  size_t q, k;
  *p = 0;
  *cycles = 0;
  for (q = 1; 2 * q <= n; q++) {
    double t = 0.0;
    for (k = 0; k + q < n; k++)
      if (bm_circ(f[k].phi, f[k + q].phi) > tol)
        break;
    if (k + q < n)
      continue;
    for (k = 0; k < q; k++)
      t += f[k].s + f[k].stick;
    *p = q;
    *cycles = lround(t / BM_2PI);
    return;
  }
}

/* Implicit differentiation of h(s) = 0 (ballmap.h). */
double gr_ball_dpsi(double gamma, double phi, double s)
{
  return s * (1.0 - gamma * sin(phi)) / (s + gamma * cos(phi + s) - gamma * cos(phi));
}

/* The period in plate cycles (ballmap.h). */
int gr_ball_cycles(double gamma, size_t transient, size_t n, double tol, long *cycles)
{
  struct gr_ball_flight f[512];
  size_t p;
  int st;
  if (n < 2 || n > 512)
    return GR_EINPUT;
  if ((st = gr_ball_orbit(gamma, transient, f, n)) != GR_OK)
    return st;
  gr_ball_period(f, n, tol, &p, cycles);
  return GR_OK;
}

/* Bisection on the period (ballmap.h); a chaotic or unresolved period (0)
 * counts as larger. */
int gr_ball_bisect_period(double lo, double hi, long below, size_t transient, double tol,
                          double width, double *gamma)
{
  long c;
  int st;
  if (!(lo < hi) || !(width > 0.0))
    return GR_EINPUT;
  if ((st = gr_ball_cycles(lo, transient, 64, tol, &c)) != GR_OK)
    return st;
  if (c != below)
    return GR_EINPUT;
  if ((st = gr_ball_cycles(hi, transient, 64, tol, &c)) != GR_OK)
    return st;
  if (c == below)
    return GR_EINPUT;
  while (hi - lo > width) {
    double m = 0.5 * (lo + hi);
    if ((st = gr_ball_cycles(m, transient, 64, tol, &c)) != GR_OK)
      return st;
    if (c == below)
      lo = m;
    else
      hi = m;
  }
  *gamma = 0.5 * (lo + hi);
  return GR_OK;
}
