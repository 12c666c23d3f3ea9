/* granrepro physics: height field, structure factor and pattern test of a
 * vibrated layer (Bizon et al., PRL 80, 57 (1998), Fig. 1); see sk.h for
 * the definitions and the stated test. */
#include "physics/sk.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fft_complex.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>

#include "status.h"

struct gr_sk {
  size_t nx, ny;
  double lx, ly;
  double *f; /* complex amplitudes, 2 nx ny */
  double *s; /* S(k), nx ny */
  gsl_fft_complex_wavetable *wx, *wy;
  gsl_fft_complex_workspace *kx, *ky;
};

/* Top surface: highest centre per cell, empty cells at the filled mean. */
int gr_sk_height(const double *pos, size_t stride, size_t n, double lx, double ly, size_t nx,
                 size_t ny, double *h)
{
  size_t i, filled = 0;
  double sum = 0.0;
  if (n == 0 || nx == 0 || ny == 0 || !(lx > 0.0) || !(ly > 0.0) || stride < 3)
    return GR_EINPUT;
  for (i = 0; i < nx * ny; i++)
    h[i] = -HUGE_VAL;
  for (i = 0; i < n; i++) {
    const double *p = pos + i * stride;
    double x = p[0] - lx * floor(p[0] / lx), y = p[1] - ly * floor(p[1] / ly);
    size_t ix = (size_t)(x / lx * (double)nx), iy = (size_t)(y / ly * (double)ny);
    if (!isfinite(p[0]) || !isfinite(p[1]) || !isfinite(p[2]))
      return GR_EINPUT;
    ix = ix < nx ? ix : nx - 1;
    iy = iy < ny ? iy : ny - 1;
    if (p[2] > h[iy * nx + ix])
      h[iy * nx + ix] = p[2];
  }
  for (i = 0; i < nx * ny; i++)
    if (h[i] > -HUGE_VAL) {
      sum += h[i];
      filled++;
    }
  for (i = 0; i < nx * ny; i++)
    if (h[i] == -HUGE_VAL)
      h[i] = sum / (double)filled;
  return GR_OK;
}

void gr_sk_free(struct gr_sk *sk)
{
  if (sk == NULL)
    return;
  if (sk->wx != NULL)
    gsl_fft_complex_wavetable_free(sk->wx);
  if (sk->wy != NULL)
    gsl_fft_complex_wavetable_free(sk->wy);
  if (sk->kx != NULL)
    gsl_fft_complex_workspace_free(sk->kx);
  if (sk->ky != NULL)
    gsl_fft_complex_workspace_free(sk->ky);
  free(sk->f);
  free(sk->s);
  free(sk);
}

/* Workspace: two wavetables and workspaces (GSL mixed radix). */
int gr_sk_new(struct gr_sk **out, size_t nx, size_t ny, double lx, double ly)
{
  struct gr_sk *sk;
  *out = NULL;
  if (nx < 4 || ny < 1 || !(lx > 0.0) || !(ly > 0.0))
    return GR_EINPUT;
  if ((sk = calloc(1, sizeof *sk)) == NULL)
    return GR_ENOMEM;
  sk->nx = nx;
  sk->ny = ny;
  sk->lx = lx;
  sk->ly = ly;
  sk->f = malloc(2 * nx * ny * sizeof *sk->f);
  sk->s = malloc(nx * ny * sizeof *sk->s);
  sk->wx = gsl_fft_complex_wavetable_alloc(nx);
  sk->wy = gsl_fft_complex_wavetable_alloc(ny);
  sk->kx = gsl_fft_complex_workspace_alloc(nx);
  sk->ky = gsl_fft_complex_workspace_alloc(ny);
  if (sk->f == NULL || sk->s == NULL || sk->wx == NULL || sk->wy == NULL || sk->kx == NULL ||
      sk->ky == NULL) {
    gr_sk_free(sk);
    return GR_ENOMEM;
  }
  *out = sk;
  return GR_OK;
}

/* S(k) = |FFT(h - <h>)|^2 / (nx ny): rows, then columns. */
int gr_sk_compute(struct gr_sk *sk, const double *h)
{
  size_t i, n = sk->nx * sk->ny;
  double mean = 0.0;
  for (i = 0; i < n; i++)
    mean += h[i];
  mean /= (double)n;
  for (i = 0; i < n; i++) {
    sk->f[2 * i] = h[i] - mean;
    sk->f[2 * i + 1] = 0.0;
  }
  for (i = 0; i < sk->ny; i++)
    if (gsl_fft_complex_forward(sk->f + 2 * i * sk->nx, 1, sk->nx, sk->wx, sk->kx) != GSL_SUCCESS)
      return GR_EFAIL;
  if (sk->ny > 1)
    for (i = 0; i < sk->nx; i++)
      if (gsl_fft_complex_forward(sk->f + 2 * i, sk->nx, sk->ny, sk->wy, sk->ky) != GSL_SUCCESS)
        return GR_EFAIL;
  for (i = 0; i < n; i++)
    sk->s[i] = (sk->f[2 * i] * sk->f[2 * i] + sk->f[2 * i + 1] * sk->f[2 * i + 1]) / (double)n;
  return GR_OK;
}

void gr_sk_load(struct gr_sk *sk, const double *s)
{
  size_t i;
  for (i = 0; i < sk->nx * sk->ny; i++)
    sk->s[i] = s[i];
}

const double *gr_sk_values(const struct gr_sk *sk)
{
  return sk->s;
}

/* FFT index of a signed mode index. */
static size_t sk_idx(int j, size_t n)
{
  return (size_t)(j < 0 ? j + (int)n : j);
}

double gr_sk_at(const struct gr_sk *sk, int jx, int jy, double *re, double *im)
{
  size_t i = sk_idx(jy, sk->ny) * sk->nx + sk_idx(jx, sk->nx);
  if (re != NULL)
    *re = sk->f[2 * i];
  if (im != NULL)
    *im = sk->f[2 * i + 1];
  return sk->s[i];
}

struct gr_sk_rule gr_sk_rule_default(void)
{
  struct gr_sk_rule r = {20.0, 0.3, 20.0, 15.0, 1.0};
  return r;
}

const char *gr_sk_type_name(enum gr_sk_type t)
{
  static const char *names[] = {"flat", "stripes", "squares", "hexagons", "other"};
  return names[t];
}

/* Signed index of FFT position i of n. */
static int sk_signed(size_t i, size_t n)
{
  return i <= n / 2 ? (int)i : (int)i - (int)n;
}

/* Angle between two directions mod 180 degrees, in [0, 90]. */
static double sk_dang(double a, double b)
{
  double d = fmod(fabs(a - b), 180.0);
  return fmin(d, 180.0 - d);
}

/* The type from the directions found (sk.h's rule). */
static enum gr_sk_type sk_type(const struct gr_sk_peak *p, const struct gr_sk_rule *r)
{
  if (p->ratio < r->flat_ratio)
    return GR_SK_FLAT;
  if (p->ndir == 1)
    return GR_SK_STRIPES;
  if (p->ndir == 2)
    return fabs(sk_dang(p->angle[0], p->angle[1]) - 90.0) <= r->angle_tol_deg ? GR_SK_SQUARES
                                                                             : GR_SK_OTHER;
  if (p->ndir == 3 && fabs(sk_dang(p->angle[0], p->angle[1]) - 60.0) <= r->angle_tol_deg &&
      fabs(sk_dang(p->angle[0], p->angle[2]) - 60.0) <= r->angle_tol_deg &&
      fabs(sk_dang(p->angle[1], p->angle[2]) - 60.0) <= r->angle_tol_deg)
    return GR_SK_HEXAGONS;
  return GR_SK_OTHER;
}

/* Wavenumber of FFT position i (kx, ky). */
static double sk_k(const struct gr_sk *sk, size_t i, double *kx, double *ky)
{
  *kx = 2.0 * M_PI * sk_signed(i % sk->nx, sk->nx) / sk->lx;
  *ky = 2.0 * M_PI * sk_signed(i / sk->nx, sk->ny) / sk->ly;
  return hypot(*kx, *ky);
}

/* Mode i joins the directions when more than merge_deg from each taken
 * one; it always joins the S-weighted mean |k| of the ring's peaks. */
static void sk_direction(const struct gr_sk *sk, size_t i, const struct gr_sk_rule *r,
                         struct gr_sk_peak *p, double *wk, double *ws)
{
  double kx, ky, kk = sk_k(sk, i, &kx, &ky), ang = atan2(ky, kx) * 180.0 / M_PI;
  int j, fresh = 1;
  ang = fmod(ang + 360.0, 180.0);
  for (j = 0; j < p->ndir; j++)
    if (sk_dang(ang, p->angle[j]) <= r->merge_deg)
      fresh = 0;
  if (fresh)
    p->angle[p->ndir++] = ang;
  *wk += sk->s[i] * kk;
  *ws += sk->s[i];
}

/* Peak, ring, directions, type (sk.h). */
int gr_sk_analyse(const struct gr_sk *sk, const struct gr_sk_rule *r, struct gr_sk_peak *p)
{
  size_t i, n = sk->nx * sk->ny, imax = 1, pass;
  double total = 0.0, kx, ky, k0, dk, wk = 0.0, ws = 0.0, a, taken_s = HUGE_VAL;
  size_t taken_i = 0;
  if (n < 2)
    return GR_EINPUT;
  for (i = 1; i < n; i++) {
    total += sk->s[i];
    if (sk->s[i] > sk->s[imax])
      imax = i;
  }
  p->smax = sk->s[imax];
  p->ratio = total > 0.0 ? p->smax / (total / (double)(n - 1)) : 0.0;
  k0 = sk_k(sk, imax, &kx, &ky);
  p->k = k0;
  p->jx = sk_signed(imax % sk->nx, sk->nx);
  p->jy = sk_signed(imax / sk->nx, sk->ny);
  if (p->jy < 0 || (p->jy == 0 && p->jx < 0)) {
    p->jx = -p->jx;
    p->jy = -p->jy;
  }
  p->order = total > 0.0 ? (p->smax + gr_sk_at(sk, -p->jx, -p->jy, NULL, NULL) *
                                          (p->jx != -p->jx || p->jy != -p->jy)) / total
                         : 0.0;
  a = atan2(ky, kx);
  dk = fmax(fabs(cos(a)) * 2.0 * M_PI / sk->lx, fabs(sin(a)) * 2.0 * M_PI / sk->ly);
  p->ndir = 0;
  /* directions, strongest first (ties by index): repeated passes over the ring */
  for (pass = 0; pass < 64 && p->ndir < 6; pass++) {
    size_t best = n;
    for (i = 1; i < n; i++) {
      double kk = sk_k(sk, i, &kx, &ky);
      if (fabs(kk - k0) > fmax(r->ring_width * dk, 0.15 * k0) || sk->s[i] < r->peak_frac * p->smax)
        continue;
      if (sk->s[i] > taken_s || (sk->s[i] == taken_s && i <= taken_i))
        continue; /* taken in an earlier pass */
      if (best < n && sk->s[i] <= sk->s[best])
        continue;
      best = i;
    }
    if (best == n)
      break;
    taken_s = sk->s[best];
    taken_i = best;
    sk_direction(sk, best, r, p, &wk, &ws);
  }
  p->lambda = 2.0 * M_PI / (wk / ws);
  p->lambda_res = p->lambda * p->lambda * dk / (2.0 * M_PI);
  p->type = sk_type(p, r);
  return GR_OK;
}

/* Response period from the cycle-to-cycle correlations (sk.h). */
int gr_sk_response(const double *re, const double *im, size_t n, double *c1, double *c2,
                   double *c4)
{
  double c[5] = {0.0};
  size_t i, m;
  if (n < 3)
    return 0;
  for (m = 1; m <= 4; m++) {
    double sum = 0.0, nm = 0.0;
    if (m >= n)
      break;
    for (i = 0; i + m < n; i++) {
      sum += re[i + m] * re[i] + im[i + m] * im[i];
      nm += 0.5 * (re[i] * re[i] + im[i] * im[i] + re[i + m] * re[i + m] + im[i + m] * im[i + m]);
    }
    c[m] = nm > 0.0 ? sum / nm : 0.0;
  }
  *c1 = c[1];
  *c2 = c[2];
  *c4 = c[4];
  if (c[1] >= 0.5)
    return 1;
  if (c[2] >= 0.5)
    return 2;
  if (c[4] >= 0.5)
    return 4;
  return 0;
}

/* The flat layer's period (sk.h): alternation d1 against the two-cycle
 * change d2 of the centre of mass at one drive phase. */
int gr_sk_layer_period(const double *z, size_t n)
{
  double d1 = 0.0, d2 = 0.0;
  size_t c;
  if (n < 3)
    return 1;
  for (c = 0; c + 2 < n; c++) {
    d1 += fabs(z[c + 1] - z[c]);
    d2 += fabs(z[c + 2] - z[c]);
  }
  return d1 > 3.0 * d2 && d1 > 0.1 * (double)(n - 2) ? 2 : 1;
}
