/* granrepro physics: energies of the shaken bed of Wilson (2001): the full
 * balance (kinetic, eq. 10 pair, wall, gravity) and the listing's E of the
 * (E/iE)*100 line (subroutine energy, txt 1655-1687). */
#include "physics/bed.h"
#include "physics/pmath.h"

#include <math.h>

double gr_bed_kinetic(const struct gr_bed_model *m, const double *y)
{
  double k = 0.0;
  size_t i;
  for (i = 0; i < m->n; i++)
    k += y[4 * i + 2] * y[4 * i + 2] + y[4 * i + 3] * y[4 * i + 3];
  return 0.5 * k;
}

/* Distance of disks i and j. */
static double bed_dist(const double *y, size_t i, size_t j)
{
  return gr_pmath_hypot(y[4 * i] - y[4 * j], y[4 * i + 1] - y[4 * j + 1]);
}

/* eq. 10 over pairs i < j. */
double gr_bed_pair_energy(const struct gr_bed_model *m, const double *y)
{
  double e = 0.0;
  size_t i, j;
  for (i = 0; i < m->n; i++)
    for (j = i + 1; j < m->n; j++)
      e += gr_wca_potential(&m->wca, bed_dist(y, i, j));
  return e;
}

/* The energy of disks i and j in their centre-of-mass frame: the relative
 * kinetic energy |v_i - v_j|^2 / 4 (unit masses, reduced mass 1/2) plus
 * their eq. 10 energy.  A force equal on both disks (gravity, the shaking)
 * cannot change it: only the pair's own interaction and the integrator. */
double gr_bed_pair_relative_energy(const struct gr_bed_model *m, const double *y, size_t i,
                                   size_t j)
{
  double dvx = y[4 * i + 2] - y[4 * j + 2], dvy = y[4 * i + 3] - y[4 * j + 3];
  return 0.25 * (dvx * dvx + dvy * dvy) + gr_wca_potential(&m->wca, bed_dist(y, i, j));
}

/* The wall potential V(r0/2 + h) of the four walls (wca.h). */
double gr_bed_wall_energy(const struct gr_bed_model *m, const double *y)
{
  double e = 0.0;
  size_t i;
  int k;
  for (i = 0; i < m->n; i++)
    for (k = 0; k < 2; k++)
      e += gr_wca_wall_potential(&m->wca, y[4 * i + k]) +
           gr_wca_wall_potential(&m->wca, m->box - y[4 * i + k]);
  return e;
}

double gr_bed_gravity_energy(const struct gr_bed_model *m, const double *y)
{
  double e = 0.0;
  size_t i;
  for (i = 0; i < m->n; i++)
    e += m->g * y[4 * i + 1];
  return e;
}

double gr_bed_energy(const struct gr_bed_model *m, const double *y)
{
  return gr_bed_kinetic(m, y) + gr_bed_pair_energy(m, y) + gr_bed_wall_energy(m, y) +
         (m->gravity ? gr_bed_gravity_energy(m, y) : 0.0);
}

/* Subroutine energy: KE + PE with PE over j = i+1..np (literal: j = 2..np,
 * j != i), the pair term (s/r)^12 - (s/r)^6 + 1/4 for r <= r0, i.e. eq. 10
 * with eps = 1/4. */
double gr_bed_energy_listing(const struct gr_bed_model *m, const double *y,
                             int literal)
{
  double pe = 0.0;
  size_t i, j;
  for (i = 0; i < m->n; i++)
    for (j = literal ? 1 : i + 1; j < m->n; j++)
      if (j != i)
        pe += gr_wca_potential(&m->wca, bed_dist(y, i, j));
  return gr_bed_kinetic(m, y) + pe;
}

void gr_bed_closest(const struct gr_bed_model *m, const double *y, double *pair,
                    double *wall)
{
  double p = INFINITY, w = INFINITY;
  size_t i, j;
  for (i = 0; i < m->n; i++) {
    int k;
    for (k = 0; k < 2; k++)
      w = fmin(w, fmin(y[4 * i + k], m->box - y[4 * i + k]));
    for (j = i + 1; j < m->n; j++)
      p = fmin(p, bed_dist(y, i, j));
  }
  *pair = p;
  *wall = w;
}

/* hpart's momx, momy (txt 1367-1371, 1412-1416): sum of the velocities,
 * unit masses. */
void gr_bed_momentum(const struct gr_bed_model *m, const double *y, double p[2])
{
  size_t i;
  p[0] = 0.0;
  p[1] = 0.0;
  for (i = 0; i < m->n; i++) {
    p[0] += y[4 * i + 2];
    p[1] += y[4 * i + 3];
  }
}
