/* granrepro physics: the pair terms of the shaken bed of Wilson (2001),
 * eqs. 10-11 as hpart.f's fcn1 computes them for one pair (txt 1537-1557),
 * shared by the all-pairs loop (bed.c) and the cell loop (bedcells.c) so
 * that both compute each pair with the same operations.  Private to the
 * physics library (static inline, nothing exported). */
#ifndef GR_BEDPAIR_H
#define GR_BEDPAIR_H

#include "physics/bed.h"

/* The damping coefficient dforce of txt 1546-1548 for d = r_i - r_j,
 * dv = v_i - v_j, inv = 1/r^2, in the model's reading; the pair gets
 * -dforce d on i. */
static inline double gr_bedpair_dforce(const struct gr_bed_model *m, double dx, double dy,
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

/* A pair in contact (r2 < r0^2): cforce of txt 1544-1545 (-dV/dr / r of
 * eq. 10) minus dforce; the force on i is the result times (dx, dy), on j
 * its opposite; *dpair gets the pair's dissipated power. */
static inline double gr_bedpair_force(const struct gr_bed_model *m, double dx, double dy,
                                      double dvx, double dvy, double r2, double *dpair)
{
  double inv = 1.0 / r2, s2 = m->wca.sigma * m->wca.sigma * inv, s6 = s2 * s2 * s2;
  double f = 4.0 * m->wca.eps * (12.0 * s6 * s6 - 6.0 * s6) * inv;
  double df = gr_bedpair_dforce(m, dx, dy, dvx, dvy, inv);
  *dpair += df * (dx * dvx + dy * dvy);
  return f - df;
}

#endif
