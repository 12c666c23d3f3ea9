/* granrepro physics: Gear predictor-corrector, 5- and 6-value forms
 * (Buchholtz & Poeschel 1993, Appendix A; Gear 1971; Allen & Tildesley
 * 1987, appendix E).  See gear.h. */
#include "status.h"
#include "physics/gear.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int gr_gear_coefficients(int nv, int flags, double c[6])
{
  static const double c5[6] = {19.0 / 120.0, 3.0 / 4.0, 1.0, 1.0 / 2.0, 1.0 / 12.0, 0.0};
  static const double c6[6] = {3.0 / 20.0, 251.0 / 360.0, 1.0, 11.0 / 18.0, 1.0 / 6.0, 1.0 / 60.0};
  if (nv != 5 && nv != 6)
    return GR_EINPUT;
  memcpy(c, nv == 5 ? c5 : c6, sizeof c5);
  if (flags & GR_GEAR_VELOCITY)
    c[0] = nv == 5 ? 19.0 / 90.0 : 3.0 / 16.0;
  return GR_OK;
}

int gr_gear_init(struct gr_gear *g, int nv, int flags, size_t n, double dt)
{
  int k;
  memset(g, 0, sizeof *g);
  if (gr_gear_coefficients(nv, flags, g->c) != GR_OK || !(dt > 0.0) || !isfinite(dt))
    return GR_EINPUT;
  g->nv = nv;
  g->flags = flags;
  g->n = n;
  g->dt = dt;
  for (k = 0; k < nv; k++)
    if ((g->x[k] = calloc(n ? n : 1, sizeof(double))) == NULL) {
      gr_gear_free(g);
      return GR_ENOMEM;
    }
  return GR_OK;
}

void gr_gear_free(struct gr_gear *g)
{
  int k;
  for (k = 0; k < 6; k++)
    free(g->x[k]);
  memset(g, 0, sizeof *g);
}

void gr_gear_set(struct gr_gear *g, size_t i, double r, double v, double a)
{
  int k;
  g->x[0][i] = r;
  g->x[1][i] = v * g->dt;
  g->x[2][i] = a * g->dt * g->dt / 2.0;
  for (k = 3; k < g->nv; k++)
    g->x[k][i] = 0.0;
}

/* Step 1: x_j += sum_{k>j} C(k, j) x_k, as the Pascal triangle of
 * repeated additions (Allen & Tildesley's loop: for j = 1..q, for
 * k = q down to j, x_{k-1} += x_k). */
void gr_gear_predict(struct gr_gear *g)
{
  int j, k, q = g->nv - 1;
  size_t i;
  for (j = 1; j <= q; j++)
    for (k = q; k >= j; k--) {
      double *restrict lo = g->x[k - 1];
      const double *restrict hi = g->x[k];
      for (i = 0; i < g->n; i++)
        lo[i] += hi[i];
    }
}

/* Step 3: D = dt^2/2 a - x_2 (printed form: D = dt^2/2 a), x_k += c_k D. */
void gr_gear_correct(struct gr_gear *g, const double *a)
{
  double h = g->dt * g->dt / 2.0;
  int printed = (g->flags & GR_GEAR_PRINTED) != 0, k;
  size_t i;
  for (i = 0; i < g->n; i++) {
    double d = h * a[i] - (printed ? 0.0 : g->x[2][i]);
    for (k = 0; k < g->nv; k++)
      g->x[k][i] += g->c[k] * d;
  }
}

double gr_gear_velocity(const struct gr_gear *g, size_t i)
{
  return g->x[1][i] / g->dt;
}

double gr_gear_acceleration(const struct gr_gear *g, size_t i)
{
  return 2.0 * g->x[2][i] / (g->dt * g->dt);
}

/* The damped oscillator x'' = -x - 2 z x' (0 <= z < 1) from x = 1, v = 0:
 * x(t) = exp(-z t) (cos(wd t) + z / wd sin(wd t)), wd = sqrt(1 - z^2)
 * (Allen & Tildesley's test of the order of a Gear method). */
int gr_gear_oscillator_error(int nv, int flags, double z, double dt, double T, int exact,
                             double *err)
{
  struct gr_gear g;
  double a, t, wd = sqrt(1.0 - z * z), d[6] = {1.0, 0.0}, f = 1.0;
  long k, n;
  int rc;
  if (!(z >= 0.0 && z < 1.0) || !(T > 0.0) || !isfinite(T))
    return GR_EINPUT;
  if ((rc = gr_gear_init(&g, nv, flags, 1, dt)) != GR_OK)
    return rc;
  n = lround(T / dt);
  for (k = 2; k < 6; k++)
    d[k] = exact || k == 2 ? -d[k - 2] - 2.0 * z * d[k - 1] : 0.0;
  for (k = 0; k < nv; k++) {
    f *= k > 0 ? dt / k : 1.0;
    g.x[k][0] = d[k] * f;
  }
  for (k = 0; k < n; k++) {
    gr_gear_predict(&g);
    a = -g.x[0][0] - 2.0 * z * gr_gear_velocity(&g, 0);
    gr_gear_correct(&g, &a);
  }
  t = n * dt;
  *err = fabs(g.x[0][0] - exp(-z * t) * (cos(wd * t) + z / wd * sin(wd * t)));
  gr_gear_free(&g);
  return GR_OK;
}

/* Free fall x'' = a from (x0, v0): x(t) = x0 + v0 t + a t^2 / 2. */
int gr_gear_freefall_error(int nv, int flags, double x0, double v0, double a, double dt, long n,
                           double *err)
{
  struct gr_gear g;
  double t = n * dt;
  long k;
  int rc;
  if (n < 0)
    return GR_EINPUT;
  if ((rc = gr_gear_init(&g, nv, flags, 1, dt)) != GR_OK)
    return rc;
  gr_gear_set(&g, 0, x0, v0, a);
  for (k = 0; k < n; k++) {
    gr_gear_predict(&g);
    gr_gear_correct(&g, &a);
  }
  *err = fabs(g.x[0][0] - (x0 + v0 * t + 0.5 * a * t * t));
  gr_gear_free(&g);
  return GR_OK;
}
