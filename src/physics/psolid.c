/* granrepro physics: a particle solid of Greenspan & Rosati, "Computer
 * Generation of Particle Solids" (UW-Madison CS TR 273, 1976), Sections
 * 2-5 and the FORTRAN listing's restarts (see psolid.h). */
#include "physics/psolid.h"
#include "physics/pmath.h"

#include <math.h>
#include <stdlib.h>

#include "status.h"

/* The force callback of the leap-frog: eq. (2.7) by pairforce.c. */
static int psolid_force(void *arg, size_t n, const double *x, const double *y,
                        const double *m, double *fx, double *fy)
{
  struct gr_psolid *s = arg;
  return gr_pairforce_total(&s->pf, s->ws, n, x, y, m, fx, fy) == GR_PAIRFORCE_NOWS;
}

/* Eqs. (2.1)-(2.8): the body at rest at (x, y), masses m. */
int gr_psolid_new(struct gr_psolid **out, size_t n, const double *x,
                  const double *y, double m, const struct gr_psolid_opts *o)
{
  struct gr_psolid *s = calloc(1, sizeof *s);
  size_t i;
  *out = NULL;
  if (s == NULL)
    return GR_ENOMEM;
  s->pf = o->pf;
  s->listing_counter = o->listing_counter;
  s->restart = o->restart;
  s->ws = gr_pairforce_ws_new(n);
  s->lf = gr_leapfrog_new(n, &o->lf, psolid_force, s);
  if (s->ws == NULL || s->lf == NULL) {
    gr_psolid_free(s);
    return GR_ENOMEM;
  }
  for (i = 0; i < n; i++) {
    s->lf->x[i] = x[i];
    s->lf->y[i] = y[i];
    s->lf->m[i] = m;
  }
  *out = s;
  return GR_OK;
}

/* Free a body (NULL is fine). */
void gr_psolid_free(struct gr_psolid *s)
{
  if (s == NULL)
    return;
  gr_leapfrog_free(s->lf);
  gr_pairforce_ws_free(s->ws);
  free(s);
}

/* The listing counts K = 1, 2, ... with K = 2 after the first step and
 * stops at K = 5000 (4999 steps); a restart begins again at K = 1 from the
 * punched state. */
long gr_psolid_steps_for(int listing_counter, int restart, long n)
{
  long q;
  if (!listing_counter)
    return n;
  if (!restart)
    return n - 1;
  q = (n - 1) / GR_PSOLID_KSTOP;
  return q * (GR_PSOLID_KSTOP - 1) + (n - 1 - q * GR_PSOLID_KSTOP);
}

/* PUNCH 10 with FORMAT (5F10.4): four decimals, rounded. */
static double psolid_punch(double v)
{
  return round(v * 1e4) / 1e4;
}

/* Round the whole state as the restart cards do. */
static void psolid_punch_state(struct gr_leapfrog *lf)
{
  size_t i;
  for (i = 0; i < lf->n; i++) {
    lf->x[i] = psolid_punch(lf->x[i]);
    lf->y[i] = psolid_punch(lf->y[i]);
    lf->vx[i] = psolid_punch(lf->vx[i]);
    lf->vy[i] = psolid_punch(lf->vy[i]);
  }
}

/* Steps of eqs. (2.1)-(2.3) up to t_n, with the listing's restarts. */
int gr_psolid_advance(struct gr_psolid *s, long n)
{
  struct gr_leapfrog *lf = s->lf;
  long target = gr_psolid_steps_for(s->listing_counter, s->restart, n);
  size_t i;
  while (!s->diverged && lf->k < target) {
    if (s->restart && lf->k > 0 && lf->k % (GR_PSOLID_KSTOP - 1) == 0)
      psolid_punch_state(lf);
    if (gr_leapfrog_step(lf) != GR_OK)
      s->diverged = 1;
    for (i = 0; i < lf->n; i++)
      if (!isfinite(lf->x[i]) || !isfinite(lf->y[i]) || !isfinite(lf->vx[i]) || !isfinite(lf->vy[i]))
        s->diverged = 1;
  }
  return s->diverged;
}

/* Plain steps of eqs. (2.1)-(2.3). */
int gr_psolid_run(struct gr_psolid *s, long steps)
{
  long k;
  for (k = 0; k < steps && !s->diverged; k++)
    s->diverged = gr_leapfrog_step(s->lf) != GR_OK;
  return s->diverged;
}

/* The reflection x -> -x that maps a symmetric body onto itself. */
void gr_psolid_mirror(size_t n, const double *x, const double *y, int *partner)
{
  size_t i, j;
  for (i = 0; i < n; i++) {
    partner[i] = -1;
    for (j = 0; j < n; j++)
      if (x[j] == -x[i] && y[j] == y[i])
        partner[i] = (int)j;
  }
}

/* Distance of the state from its mirror image. */
double gr_psolid_asymmetry(const struct gr_psolid *s, const int *partner)
{
  const struct gr_leapfrog *lf = s->lf;
  double a = 0.0;
  size_t i, j;
  for (i = 0; i < lf->n; i++) {
    if (partner[i] < 0)
      continue;
    j = (size_t)partner[i];
    a = fmax(a, fabs(lf->x[i] + lf->x[j]));
    a = fmax(a, fabs(lf->y[i] - lf->y[j]));
    a = fmax(a, fabs(lf->vx[i] + lf->vx[j]));
    a = fmax(a, fabs(lf->vy[i] - lf->vy[j]));
  }
  return s->diverged ? INFINITY : a;
}

/* Section 4's cutoff r <= 1.5 as a bond network. */
void gr_psolid_bonds(size_t n, const double *x, const double *y, double cutoff,
                     unsigned char *bond, size_t stride)
{
  size_t i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      bond[i * stride + j] = gr_pmath_hypot(x[i] - x[j], y[i] - y[j]) <= cutoff;
}

/* Centre of mass of equal masses along one axis. */
double gr_psolid_mean(size_t n, const double *y)
{
  double c = 0.0;
  size_t i;
  for (i = 0; i < n; i++)
    c += y[i] / (double)n;
  return c;
}

/* Eqs. (3.13)-(3.19): F_x(P_2) and F_y(P_1) of the block are a G + b H;
 * the coefficients come from the pair forces with (G, H) = (1, 0) and
 * (0, 1), and Cramer's rule solves a G + b H = (0, g). */
int gr_psolid_block_constants(int alpha, int beta, double cutoff, double g,
                              double *gm, double *hm)
{
  double x[3] = {0.0, -0.6, 0.6}, y[3] = {0.8, 0.0, 0.0}, m[3] = {1, 1, 1};
  double fx[3], fy[3], a[2], b[2], det;
  struct gr_pairforce p = {.G = 1.0, .H = 0.0, .alpha = alpha, .beta = beta,
                           .cutoff = cutoff, .sign = 1, .sum = GR_PAIRFORCE_SUM_LISTING};
  gr_pairforce_total(&p, NULL, 3, x, y, m, fx, fy);
  a[0] = fx[1];
  a[1] = fy[0];
  p.G = 0.0;
  p.H = 1.0;
  gr_pairforce_total(&p, NULL, 3, x, y, m, fx, fy);
  b[0] = fx[1];
  b[1] = fy[0];
  det = a[0] * b[1] - a[1] * b[0];
  if (det == 0.0 || !isfinite(det))
    return GR_EFAIL;
  *gm = (0.0 * b[1] - g * b[0]) / det;
  *hm = (a[0] * g - a[1] * 0.0) / det;
  return GR_OK;
}
