/* granrepro physics: portable hypot, cbrt and exp2 (see pmath.h). */
#include "physics/pmath.h"

#include <math.h>

/* Dekker's split of a into 26 + 26 significant bits (a well inside the
 * range: the callers scale first). */
static void pmath_split(double a, double *hi, double *lo)
{
  double c = 134217729.0 * a; /* 2^27 + 1 */
  *hi = c - (c - a);
  *lo = a - *hi;
}

/* a * b = p + e exactly (Dekker's product, no fused multiply-add). */
static double pmath_two_prod(double a, double b, double *e)
{
  double p = a * b, ah, al, bh, bl;
  pmath_split(a, &ah, &al);
  pmath_split(b, &bh, &bl);
  *e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
  return p;
}

/* a + b = s + e exactly (Knuth's two-sum). */
static double pmath_two_sum(double a, double b, double *e)
{
  double s = a + b, bb = s - a;
  *e = (a - (s - bb)) + (b - bb);
  return s;
}

double gr_pmath_hypot(double x, double y)
{
  double a = fabs(x), b = fabs(y), t, sh, sl, e1, e2, y0, q, qe;
  int ea, eb;
  if (isinf(a) || isinf(b))
    return INFINITY;
  if (isnan(a) || isnan(b))
    return a + b;
  if (a < b) {
    t = a;
    a = b;
    b = t;
  }
  if (b == 0.0)
    return a;
  frexp(a, &ea);
  frexp(b, &eb);
  if (ea - eb > 60) /* b^2 below half an ulp of a^2 */
    return a;
  a = ldexp(a, -ea); /* exact: a in [0.5, 1), b below it */
  b = ldexp(b, -ea);
  sh = pmath_two_sum(pmath_two_prod(a, a, &e1), pmath_two_prod(b, b, &e2), &sl);
  sl += e1 + e2;
  y0 = sqrt(sh + sl);
  q = pmath_two_prod(y0, y0, &qe); /* residual s - y0^2, then one Newton step */
  y0 += (((sh - q) - qe) + sl) / (2.0 * y0);
  return ldexp(y0, ea);
}

double gr_pmath_cbrt(double x)
{
  double m, y, p, pe, t, te;
  int e, r, k;
  if (x == 0.0 || !isfinite(x))
    return x;
  m = frexp(fabs(x), &e); /* |x| = m 2^e, m in [0.5, 1) */
  r = ((e % 3) + 3) % 3;  /* e = 3 q + r */
  m = ldexp(m, r);        /* m in [0.5, 4), |x| = m 2^(3q) */
  y = 0.72 + 0.23 * m;    /* within 16 % of m^(1/3) on [0.5, 4) */
  for (k = 0; k < 6; k++) /* Newton: quadratic from 16 %, 1e-17 after 6 */
    y = (2.0 * y + m / (y * y)) / 3.0;
  p = pmath_two_prod(y, y, &pe); /* residual m - y^3, exact to O(ulp^2) */
  t = pmath_two_prod(p, y, &te);
  y += (((m - t) - te) - pe * y) / (3.0 * y * y);
  y = ldexp(y, (e - r) / 3);
  return x < 0.0 ? -y : y;
}

/* k! for k <= 17, exact in double (17! < 2^53). */
static const double pmath_fact[18] = {
    1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0, 3628800.0,
    39916800.0, 479001600.0, 6227020800.0, 87178291200.0, 1307674368000.0,
    20922789888000.0, 355687428096000.0};

double gr_pmath_exp2(double x)
{
  /* ln 2 = ln2_hi + ln2_lo (fdlibm's split) */
  static const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
  double n, f, th, tl, t2, t2e, r, tail, s, se, q;
  int k;
  if (isnan(x))
    return x;
  if (x > 1024.0)
    return INFINITY;
  if (x < -1100.0)
    return 0.0;
  n = floor(x + 0.5);
  f = x - n; /* exact, |f| <= 1/2 */
  th = pmath_two_prod(f, ln2_hi, &tl);
  tl += f * ln2_lo; /* th + tl = f ln 2, |th| <= 0.35 */
  r = 1.0 / pmath_fact[17]; /* R = (e^t - 1 - t)/t^2 = 1/2! + t/3! + ... + t^15/17! */
  for (k = 16; k >= 2; k--)
    r = 1.0 / pmath_fact[k] + th * r;
  t2 = pmath_two_prod(th, th, &t2e);
  tail = t2 * r + t2e * r;                       /* e^th - 1 - th */
  tail += tl * (1.0 + (th + tail));              /* e^(th + tl) - 1 - th, to tl^2 */
  s = pmath_two_sum(1.0, th, &se);             /* 1 + th exactly, then the rest */
  q = s + (se + tail);
  return ldexp(q, (int)n);
}
