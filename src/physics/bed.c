/* granrepro physics: the derivatives and energies of the shaken bed of
 * Wilson (2001), eqs. 7-11 and section 5, as hpart.f's fcn1 and energy
 * compute them (txt 1477-1585, 1655-1687).  See bed.h for the readings. */
#include "physics/bed.h"

#include <gsl/gsl_math.h>
#include <math.h>

#include "physics/bedcells.h"

size_t gr_bed_neq(const struct gr_bed_model *m)
{
  return 4 * m->n + (m->augment ? 3 : 0);
}

/* Listing: freq is the angular frequency; text: w = 2 pi f. */
double gr_bed_omega(const struct gr_bed_model *m)
{
  return m->freq_reading == GR_BED_FREQ_CYCLES ? 2.0 * M_PI * m->freq : m->freq;
}

/* Section 5's extra term of eq. 8, A w^2 cos(w t) (listing txt 1521). */
double gr_bed_shake_accel(const struct gr_bed_model *m, double t)
{
  double w = gr_bed_omega(m);
  return m->shake ? m->amp * w * w * cos(w * t) : 0.0;
}

/* The damping coefficient dforce of txt 1546-1548 for d = r_i - r_j,
 * dv = v_i - v_j, inv = 1/r^2, in the model's reading; the pair gets
 * -dforce d on i. */
static double bed_dforce(const struct gr_bed_model *m, double dx, double dy,
                         double dvx, double dvy, double inv)
{
  switch (m->damp) {
  case GR_BED_DAMP_PRINTED_D2:
    return -m->gamma * dy * dvy * inv;
  case GR_BED_DAMP_SUMMED:
    return -m->gamma * (dx * dvx + dy * dvy) * inv;
  case GR_BED_DAMP_DISSIPATIVE:
    return m->gamma * (dx * dvx + dy * dvy) * inv;
  default: /* PRINTED: the z term, z = vz = 0 in the plane; NONE */
    return 0.0;
  }
}

/* One pair i, j (txt 1537-1557): conservative cforce and damping dforce
 * along r_i - r_j, equal and opposite; returns 1 when in contact. */
static int bed_pair(const struct gr_bed_model *m, const double *y, double *dydt,
                    size_t i, size_t j, double r0sq, double *dpair)
{
  const double *a = y + 4 * i, *b = y + 4 * j;
  double dx = a[0] - b[0], dy = a[1] - b[1], r2 = dx * dx + dy * dy, f, df, inv, s2, s6;
  if (r2 >= r0sq)
    return 0;
  inv = 1.0 / r2;
  s2 = m->wca.sigma * m->wca.sigma * inv; /* cforce of txt 1544-1545 */
  s6 = s2 * s2 * s2;
  f = 4.0 * m->wca.eps * (12.0 * s6 * s6 - 6.0 * s6) * inv;
  df = bed_dforce(m, dx, dy, a[2] - b[2], a[3] - b[3], inv);
  *dpair += df * (dx * (a[2] - b[2]) + dy * (a[3] - b[3]));
  f -= df;
  dydt[4 * i + 2] += f * dx;
  dydt[4 * i + 3] += f * dy;
  dydt[4 * j + 2] -= f * dx;
  dydt[4 * j + 3] -= f * dy;
  return 1;
}

/* The listing's all-pairs loop: i < j. */
static size_t bed_pairs_all(const struct gr_bed_model *m, const double *y,
                            double *dydt, double r0sq, double *dpair)
{
  size_t i, j, k = 0;
  for (i = 0; i < m->n; i++)
    for (j = i + 1; j < m->n; j++)
      k += (size_t)bed_pair(m, y, dydt, i, j, r0sq, dpair);
  return k;
}

/* One cell against a neighbour cell (same cell: later disks only). */
static size_t bed_cellpair(const struct gr_bed_model *m, const struct gr_bedcells *c,
                           const double *y, double *dydt, long ca, long cb,
                           double r0sq, double *dpair)
{
  size_t k = 0;
  long i, j;
  for (i = c->head[ca]; i >= 0; i = c->next[i])
    for (j = ca == cb ? c->next[i] : c->head[cb]; j >= 0; j = c->next[j])
      k += (size_t)bed_pair(m, y, dydt, (size_t)i, (size_t)j, r0sq, dpair);
  return k;
}

/* The pair loop over cells: each cell with itself, E, NW, N and NE. */
static size_t bed_pairs_cells(const struct gr_bed_model *m, struct gr_bedcells *c,
                              const double *y, double *dydt, double r0sq,
                              double *dpair)
{
  static const int off[5][2] = {{0, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
  size_t k = 0;
  int cx, cy, s, nc = c->nc;
  gr_bedcells_build(c, y);
  for (cy = 0; cy < nc; cy++)
    for (cx = 0; cx < nc; cx++)
      for (s = 0; s < 5; s++) {
        int nx = cx + off[s][0], ny = cy + off[s][1];
        if (nx < 0 || nx >= nc || ny >= nc)
          continue;
        k += bed_cellpair(m, c, y, dydt, (long)cy * nc + cx, (long)ny * nc + nx,
                          r0sq, dpair);
      }
  return k;
}

/* One wall (txt 1562-1569 / 1571-1578): a disk at distance h <= r0/2
 * gets the WCA force at r0/2 + h along the inward normal (sign +1 for the
 * wall at 0, -1 for the wall at L) and, with lossy, -gamma_w v. */
static void bed_wall(const struct gr_bed_model *m, double h, double sign,
                     double half, double v, double *acc, double *dwall)
{
  if (h > half)
    return;
  *acc += sign * gr_wca_wall_force(&m->wca, h);
  if (m->lossy) {
    *acc -= m->gamma_wall * v;
    *dwall += m->gamma_wall * v * v;
  }
}

/* The walls of one disk (txt 1560-1583): x then y, far wall then near. */
static void bed_walls(const struct gr_bed_model *m, const double *s, double half,
                      double *acc, double *dwall)
{
  int k;
  for (k = 0; k < 2; k++) {
    bed_wall(m, m->box - s[k], -1.0, half, s[2 + k], acc + k, dwall);
    bed_wall(m, s[k], 1.0, half, s[2 + k], acc + k, dwall);
  }
}

size_t gr_bed_deriv(const struct gr_bed_model *m, struct gr_bedcells *cells,
                    double t, const double *y, double *dydt, double pw[3])
{
  double sh = gr_bed_shake_accel(m, t), ay = (m->gravity ? -m->g : 0.0) + sh;
  double r0 = gr_wca_cutoff(&m->wca), dpair = 0.0, dwall = 0.0, wshake = 0.0;
  size_t i, k;
  for (i = 0; i < m->n; i++) { /* eq. 7 and the external terms of eq. 8 */
    dydt[4 * i] = y[4 * i + 2];
    dydt[4 * i + 1] = y[4 * i + 3];
    dydt[4 * i + 2] = 0.0;
    dydt[4 * i + 3] = ay;
    wshake += sh * y[4 * i + 3];
  }
  k = cells ? bed_pairs_cells(m, cells, y, dydt, r0 * r0, &dpair)
            : bed_pairs_all(m, y, dydt, r0 * r0, &dpair);
  for (i = 0; i < m->n; i++)
    bed_walls(m, y + 4 * i, 0.5 * r0, dydt + 4 * i + 2, &dwall);
  if (m->augment) {
    dydt[4 * m->n] = dpair;
    dydt[4 * m->n + 1] = dwall;
    dydt[4 * m->n + 2] = wshake;
  }
  if (pw != NULL) {
    pw[0] = dpair;
    pw[1] = dwall;
    pw[2] = wshake;
  }
  return k;
}
