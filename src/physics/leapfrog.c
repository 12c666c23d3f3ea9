/* granrepro physics: leap-frog integration with gravity and a reflecting
 * floor (Greenspan & Rosati 1976, eqs. 2.1-2.4, 2.8, Section 4; FORTRAN
 * listing statements 770-80).  See leapfrog.h. */
#include "physics/leapfrog.h"

#include <stdlib.h>
#include <string.h>

/* State arrays in one block (x, y, vx, vy, m, fx, fy), unit masses. */
struct gr_leapfrog *gr_leapfrog_new(size_t n, const struct gr_leapfrog_opts *opt,
                                    gr_leapfrog_force_fn force, void *arg)
{
  struct gr_leapfrog *lf = calloc(1, sizeof *lf);
  size_t i, c = n ? n : 1;
  if (lf == NULL)
    return NULL;
  lf->n = n;
  lf->opt = *opt;
  lf->force = force;
  lf->arg = arg;
  lf->x = calloc(7 * c, sizeof *lf->x); /* one block: x y vx vy m fx fy */
  if (lf->x == NULL) {
    free(lf);
    return NULL;
  }
  lf->y = lf->x + c;
  lf->vx = lf->y + c;
  lf->vy = lf->vx + c;
  lf->m = lf->vy + c;
  lf->fx = lf->m + c;
  lf->fy = lf->fx + c;
  for (i = 0; i < n; i++)
    lf->m[i] = 1.0;
  return lf;
}

void gr_leapfrog_free(struct gr_leapfrog *lf)
{
  if (lf == NULL)
    return;
  free(lf->x);
  free(lf);
}

/* Section 4: y -> -y, v_x -> kx v_x (paper: 0), v_y -> -e v_y when y < 0 (listing: IF
 * (Y(I,2).GE.0.0) GO TO 80, so y = 0 exactly is not reflected). */
int gr_leapfrog_floor(double *y, double *vx, double *vy, double e, double kx)
{
  if (*y >= 0.0)
    return 0;
  *y = -*y;
  *vx = kx * *vx;
  *vy = -e * *vy;
  return 1;
}

/* Round to binary32 when the option asks for single-precision storage. */
static double store(double v, int single)
{
  return single ? (double)(float)v : v;
}

/* Eqs. (2.8), (2.4), (2.1)/(2.2), (2.3), then the floor. */
int gr_leapfrog_step(struct gr_leapfrog *lf)
{
  const struct gr_leapfrog_opts *o = &lf->opt;
  double kick = lf->k == 0 && o->start == GR_LEAPFROG_START_HALF ? 0.5 * o->dt : o->dt;
  size_t i;
  int s = o->single;
  if (lf->force(lf->arg, lf->n, lf->x, lf->y, lf->m, lf->fx, lf->fy) != GR_OK)
    return GR_EFAIL;
  for (i = 0; i < lf->n; i++) {
    double ax = store(lf->fx[i], s) / lf->m[i];
    double ay = store(lf->fy[i], s) / lf->m[i] - o->g;
    lf->vx[i] = store(lf->vx[i] + kick * ax, s);
    lf->vy[i] = store(lf->vy[i] + kick * ay, s);
    lf->x[i] = store(lf->x[i] + o->dt * lf->vx[i], s);
    lf->y[i] = store(lf->y[i] + o->dt * lf->vy[i], s);
    if (o->floor)
      gr_leapfrog_floor(&lf->y[i], &lf->vx[i], &lf->vy[i], o->floor_e,
                        o->floor_kx);
  }
  lf->k++;
  return GR_OK;
}

/* The listing's ENERGY = sum .5*(VX**2 + VY**2), with the masses. */
double gr_leapfrog_kinetic(const struct gr_leapfrog *lf)
{
  double k = 0.0;
  size_t i;
  for (i = 0; i < lf->n; i++)
    k += 0.5 * lf->m[i] * (lf->vx[i] * lf->vx[i] + lf->vy[i] * lf->vy[i]);
  return k;
}

/* Section 4: "particle P_19 was removed" -- drop one particle, keep order. */
void gr_leapfrog_remove(struct gr_leapfrog *lf, size_t i)
{
  double *col[7];
  size_t c, rest;
  if (i >= lf->n)
    return;
  col[0] = lf->x; col[1] = lf->y; col[2] = lf->vx; col[3] = lf->vy;
  col[4] = lf->m; col[5] = lf->fx; col[6] = lf->fy;
  rest = lf->n - i - 1;
  for (c = 0; c < 7; c++)
    memmove(col[c] + i, col[c] + i + 1, rest * sizeof(double));
  lf->n--;
}
