/* granrepro physics: the derivatives and energies of the shaken bed of
 * Wilson (2001), eqs. 7-11 and section 5, as hpart.f's fcn1 and energy
 * compute them (txt 1477-1585, 1655-1687).  See bed.h for the readings. */
#include "physics/bed.h"

#include <gsl/gsl_math.h>
#include <math.h>

#include "physics/bedcells.h"
#include "physics/bedpair.h"

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

/* One pair i, j (txt 1537-1557): conservative cforce and damping dforce
 * along r_i - r_j (bedpair.h), equal and opposite; 1 when in contact. */
static int bed_pair(const struct gr_bed_model *m, const double *y, double *dydt,
                    size_t i, size_t j, double r0sq, double *dpair)
{
  const double *a = y + 4 * i, *b = y + 4 * j;
  double dx = a[0] - b[0], dy = a[1] - b[1], r2 = dx * dx + dy * dy, f;
  if (r2 >= r0sq)
    return 0;
  f = gr_bedpair_force(m, dx, dy, a[2] - b[2], a[3] - b[3], r2, dpair);
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
  if (cells != NULL) /* sets all of dydt[0 .. 4n) (bedcells.h) */
    k = gr_bedcells_pairs(cells, m, y, dydt, ay, r0 * r0, &dpair);
  else {
    for (i = 0; i < m->n; i++) { /* eq. 7 and the external terms of eq. 8 */
      dydt[4 * i] = y[4 * i + 2];
      dydt[4 * i + 1] = y[4 * i + 3];
      dydt[4 * i + 2] = 0.0;
      dydt[4 * i + 3] = ay;
    }
    k = bed_pairs_all(m, y, dydt, r0 * r0, &dpair);
  }
  for (i = 0; i < m->n; i++) {
    const double *s = y + 4 * i, half = 0.5 * r0;
    wshake += sh * s[3]; /* the shaking's power, disk by disk */
    if (m->nowalls || (s[0] > half && m->box - s[0] > half && s[1] > half && m->box - s[1] > half))
      continue; /* no walls, or bed_wall's own tests: no wall in reach */
    bed_walls(m, s, half, dydt + 4 * i + 2, &dwall);
  }
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
