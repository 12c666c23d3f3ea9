/* granrepro physics: power-law pair forces with cutoff (Greenspan & Rosati
 * 1976, eqs. 2.5-2.7, Section 4 cutoff, FORTRAN listing loops 71-77).
 * See pairforce.h. */
#include "physics/pairforce.h"

#include <math.h>
#include <stdlib.h>

struct gr_pairforce_ws {
  size_t n;
  size_t *cnt;    /* terms per particle */
  double *bx, *by; /* n rows of n - 1 terms */
};

/* Room for n - 1 terms per particle (every other particle, no cutoff). */
struct gr_pairforce_ws *gr_pairforce_ws_new(size_t n)
{
  struct gr_pairforce_ws *ws = calloc(1, sizeof *ws);
  size_t cap = n * (n > 1 ? n - 1 : 1);
  if (ws == NULL)
    return NULL;
  ws->n = n;
  ws->cnt = calloc(n ? n : 1, sizeof *ws->cnt);
  ws->bx = malloc(cap * sizeof *ws->bx);
  ws->by = malloc(cap * sizeof *ws->by);
  if (ws->cnt == NULL || ws->bx == NULL || ws->by == NULL) {
    gr_pairforce_ws_free(ws);
    return NULL;
  }
  return ws;
}

void gr_pairforce_ws_free(struct gr_pairforce_ws *ws)
{
  if (ws == NULL)
    return;
  free(ws->cnt);
  free(ws->bx);
  free(ws->by);
  free(ws);
}

/* r^k for a small integer k >= 0 by repeated multiplication (the listing's
 * R**IBETA; R**ALPHA with real ALPHA differs only in the last bits). */
static double ipow(double r, int k)
{
  double p = 1.0;
  while (k-- > 0)
    p *= r;
  return p;
}

/* The bracket of eqs. (2.5)-(2.6) per unit m_i m_j, sign-adjusted: the
 * listing's F = H/R**ALPHA - G/R**IBETA. */
double gr_pairforce_magnitude(const struct gr_pairforce *p, double r)
{
  if (p->cutoff > 0.0 && r > p->cutoff)
    return 0.0;
  return p->sign * (p->H / ipow(r, p->alpha) - p->G / ipow(r, p->beta));
}

/* One pair, eqs. (2.5)-(2.6) along (r_i - r_j)/r (listing: FX = F*(X(I)-X(J))/R). */
int gr_pairforce_pair(const struct gr_pairforce *p, double dx, double dy,
                      double mm, double *fx, double *fy)
{
  double r = sqrt(dx * dx + dy * dy), f;
  if (p->cutoff > 0.0 && r > p->cutoff) {
    *fx = *fy = 0.0;
    return 0;
  }
  f = mm * gr_pairforce_magnitude(p, r);
  *fx = f * dx / r;
  *fy = f * dy / r;
  return 1;
}

/* Correctly rounded sum (Shewchuk 1997; the final rounding step of
 * CPython's math.fsum).  Partials are kept in a[0..np-1] (np <= terms read). */
double gr_pairforce_fsum(double *a, size_t n)
{
  size_t k, i, j, np = 0;
  double x, y, t, hi, lo = 0.0, yr;
  for (k = 0; k < n; k++) {
    x = a[k];
    for (i = j = 0; j < np; j++) {
      y = a[j];
      if (fabs(x) < fabs(y)) {
        t = x;
        x = y;
        y = t;
      }
      hi = x + y;
      lo = y - (hi - x);
      if (lo != 0.0)
        a[i++] = lo;
      x = hi;
    }
    a[i] = x;
    np = i + 1;
  }
  if (np == 0)
    return 0.0;
  hi = a[--np];
  while (np > 0) {
    x = hi;
    y = a[--np];
    hi = x + y;
    yr = hi - x;
    lo = y - yr;
    if (lo != 0.0)
      break;
  }
  if (np > 0 && ((lo < 0.0 && a[np - 1] < 0.0) || (lo > 0.0 && a[np - 1] > 0.0))) {
    y = lo * 2.0;
    x = hi + y;
    yr = x - hi;
    if (y == yr)
      hi = x;
  }
  return hi;
}

/* One pair's contribution, the listing's statements 75:
 * ACX(I) = ACX(I) + FX, ACX(J) = ACX(J) - FX (and the same for y). */
static int add_pair(const struct gr_pairforce *p, size_t a, size_t b,
                    const double *x, const double *y, const double *m,
                    double *fx, double *fy)
{
  double px, py;
  if (!gr_pairforce_pair(p, x[a] - x[b], y[a] - y[b], m[a] * m[b], &px, &py))
    return 0;
  fx[a] += px;
  fx[b] -= px;
  fy[a] += py;
  fy[b] -= py;
  return 1;
}

/* Eq. (2.7) in the order of the listing's loops 71-77, or reversed. */
static size_t total_running(const struct gr_pairforce *p, size_t n,
                            const double *x, const double *y, const double *m,
                            double *fx, double *fy, int reverse)
{
  size_t i, j, count = 0;
  for (i = 0; i < n; i++)
    fx[i] = fy[i] = 0.0;
  if (!reverse) {
    for (i = 0; i + 1 < n; i++)
      for (j = i + 1; j < n; j++)
        count += (size_t)add_pair(p, i, j, x, y, m, fx, fy);
  } else {
    for (i = n - 1; i-- > 0;)
      for (j = n; --j > i;)
        count += (size_t)add_pair(p, i, j, x, y, m, fx, fy);
  }
  return count;
}

/* Eq. (2.7) with each particle's terms summed correctly rounded. */
static size_t total_exact(const struct gr_pairforce *p,
                          struct gr_pairforce_ws *ws, size_t n,
                          const double *x, const double *y, const double *m,
                          double *fx, double *fy)
{
  size_t i, j, count = 0, row = n - 1;
  double px, py;
  for (i = 0; i < n; i++)
    ws->cnt[i] = 0;
  for (i = 0; i + 1 < n; i++)
    for (j = i + 1; j < n; j++) {
      if (!gr_pairforce_pair(p, x[i] - x[j], y[i] - y[j], m[i] * m[j], &px, &py))
        continue;
      count++;
      ws->bx[i * row + ws->cnt[i]] = px;
      ws->by[i * row + ws->cnt[i]++] = py;
      ws->bx[j * row + ws->cnt[j]] = -px;
      ws->by[j * row + ws->cnt[j]++] = -py;
    }
  for (i = 0; i < n; i++) {
    fx[i] = gr_pairforce_fsum(ws->bx + i * row, ws->cnt[i]);
    fy[i] = gr_pairforce_fsum(ws->by + i * row, ws->cnt[i]);
  }
  return count;
}

size_t gr_pairforce_total(const struct gr_pairforce *p,
                          struct gr_pairforce_ws *ws, size_t n,
                          const double *x, const double *y, const double *m,
                          double *fx, double *fy)
{
  if (n < 2) {
    if (n == 1)
      fx[0] = fy[0] = 0.0;
    return 0;
  }
  if (p->sum == GR_PAIRFORCE_SUM_EXACT) {
    if (ws == NULL || ws->n < n)
      return GR_PAIRFORCE_NOWS;
    return total_exact(p, ws, n, x, y, m, fx, fy);
  }
  return total_running(p, n, x, y, m, fx, fy, p->sum == GR_PAIRFORCE_SUM_REVERSE);
}
