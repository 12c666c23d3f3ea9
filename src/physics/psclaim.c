/* granrepro physics: the criteria of Greenspan & Rosati's qualitative
 * claims, Sections 4-6 (psclaim.h). */
#include "physics/psclaim.h"
#include "physics/pmath.h"

#include <math.h>

/* 10^-p as the nearest double (decimal literals, not pow). */
static const double tenth[GR_PSCLAIM_PMAX + 1] = {1.0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5,
                                                   1e-6, 1e-7, 1e-8, 1e-9};

int gr_psclaim_place(double d)
{
  int p;
  if (!isfinite(d))
    return 0;
  for (p = 0; p <= GR_PSCLAIM_PMAX; p++)
    if (d >= tenth[p])
      return p;
  return GR_PSCLAIM_NONE;
}

void gr_psclaim_range_reset(size_t n, double *lo, double *hi)
{
  size_t c;
  for (c = 0; c < 2 * n; c++) {
    lo[c] = INFINITY;
    hi[c] = -INFINITY;
  }
}

/* A NaN widens the range to infinity (place 0). */
static void widen(double v, double *lo, double *hi)
{
  if (isnan(v)) {
    *lo = -INFINITY;
    *hi = INFINITY;
    return;
  }
  *lo = fmin(*lo, v);
  *hi = fmax(*hi, v);
}

void gr_psclaim_range_add(size_t n, const double *x, const double *y, double *lo, double *hi)
{
  size_t i;
  for (i = 0; i < n; i++) {
    widen(x[i], &lo[i], &hi[i]);
    widen(y[i], &lo[n + i], &hi[n + i]);
  }
}

void gr_psclaim_places(size_t n, const double *lo, const double *hi, struct gr_psclaim_places *out)
{
  size_t c, rest = 2 * n;
  int p;
  out->ncoord = 2 * n;
  out->largest = 0.0;
  for (p = 0; p <= GR_PSCLAIM_NONE; p++)
    out->count[p] = 0;
  for (c = 0; c < 2 * n; c++) {
    double d = hi[c] >= lo[c] ? hi[c] - lo[c] : 0.0; /* empty window: no change */
    out->largest = fmax(out->largest, d);
    out->count[gr_psclaim_place(d)]++;
  }
  out->coarsest = gr_psclaim_place(out->largest);
  /* the upper median: the finest place p at which more than half of the
   * coordinates change in p or a finer place (rest: those at p or finer) */
  out->median = 0;
  for (p = 0; p <= GR_PSCLAIM_NONE; p++) {
    if (2 * rest > out->ncoord)
      out->median = p;
    rest -= out->count[p];
  }
}

size_t gr_psclaim_count_coarse(const struct gr_psclaim_places *pl, int place)
{
  size_t k = 0;
  int p;
  for (p = 0; p <= place && p <= GR_PSCLAIM_NONE; p++)
    k += pl->count[p];
  return k;
}

size_t gr_psclaim_few_max(size_t n)
{
  return n / 4;
}

size_t gr_psclaim_often_min(size_t n)
{
  return (n + 3) / 4;
}

size_t gr_psclaim_half_min(size_t n)
{
  return (n + 1) / 2;
}

int gr_psclaim_state_who(size_t n, const double *x, const double *y, double detach, double overlap,
                         size_t *who)
{
  size_t i, j, first = n;
  *who = n;
  for (i = 0; i < n; i++)
    if (!isfinite(x[i]) || !isfinite(y[i]))
      return GR_PSCLAIM_DIVERGED;
  for (i = 0; i < n; i++) {
    double nearest = INFINITY;
    for (j = 0; j < n; j++)
      if (j != i)
        nearest = fmin(nearest, gr_pmath_hypot(x[i] - x[j], y[i] - y[j]));
    if (nearest < overlap) {
      *who = i;
      return GR_PSCLAIM_OVERLAP;
    }
    if (n > 1 && nearest > detach && first == n)
      first = i;
  }
  *who = first;
  return first < n ? GR_PSCLAIM_DETACHED : GR_PSCLAIM_HELD;
}

int gr_psclaim_state(size_t n, const double *x, const double *y, double detach, double overlap)
{
  size_t who;
  return gr_psclaim_state_who(n, x, y, detach, overlap, &who);
}

double gr_psclaim_closest(size_t n, const double *x, const double *y)
{
  double d = INFINITY;
  size_t i, j;
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n; j++)
      d = fmin(d, gr_pmath_hypot(x[i] - x[j], y[i] - y[j]));
  return d;
}

/* 2 |F'(r)| dt^2 / m - 4: positive where one bond is unstable. */
static double beyond(int alpha, int beta, double G, double H, double m, double dt, double r)
{
  double f1 = m * m * (-alpha * H / pow(r, alpha + 1) + beta * G / pow(r, beta + 1));
  return 2.0 * fabs(f1) * dt * dt / m - 4.0;
}

double gr_psclaim_leapfrog_limit(int alpha, int beta, double G, double H, double m, double dt)
{
  double lo = 0.0, hi, mid;
  int k;
  if (alpha <= beta || !(G > 0.0 && H > 0.0 && m > 0.0 && dt > 0.0))
    return NAN;
  hi = pow(H / G, 1.0 / (alpha - beta));
  if (beyond(alpha, beta, G, H, m, dt, hi) >= 0.0)
    return hi;
  for (k = 0; k < 200; k++) { /* beyond(lo) > 0 (r -> 0), beyond(hi) < 0 */
    mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi)
      break;
    if (beyond(alpha, beta, G, H, m, dt, mid) >= 0.0)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

const char *gr_psclaim_state_name(int state)
{
  static const char *const names[] = {"held", "diverged", "detached", "overlap"};
  return state >= 0 && state <= GR_PSCLAIM_OVERLAP ? names[state] : "?";
}
