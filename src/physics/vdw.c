/* granrepro physics: the Van der Waals force model of Sweetman 2003,
 * chapter 5 (eq. 5.20, 5.21, 5.27-5.29).  See vdw.h for the sign
 * convention. */
#include "physics/vdw.h"

#include <math.h>
#include <stddef.h>

/* Eq. 5.27: R1 R2 / (R1 + R2); a wall (r2 = 0) leaves R1. */
double gr_vdw_reff(double r1, double r2)
{
  return r2 > 0.0 ? r1 * r2 / (r1 + r2) : r1;
}

/* Eq. 5.21 (reff = R) and eq. 5.28 (reff = R/2), with attraction
 * negative: F = -A Reff / (6 alpha^2) (1 - r_ss^6 / (60 alpha^6)). */
double gr_vdw_force(double a, double reff, double rss, double alpha)
{
  double q = rss / alpha, q3 = q * q * q;
  return -a * reff / (6.0 * alpha * alpha) * (1.0 - q3 * q3 / 60.0);
}

/* Eq. 5.20: U = A R / (6 alpha) (-1 + r_ss^6 / (420 alpha^6)). */
double gr_vdw_potential(double a, double reff, double rss, double alpha)
{
  double q = rss / alpha, q3 = q * q * q;
  return a * reff / (6.0 * alpha) * (-1.0 + q3 * q3 / 420.0);
}

/* 1 - r^6 / (60 alpha^6) = 0. */
double gr_vdw_zero_separation(double rss)
{
  return rss * pow(60.0, -1.0 / 6.0);
}

/* d/dalpha [alpha^-2 - r^6 alpha^-8 / 60] = 0 gives alpha^6 = r^6 / 15. */
double gr_vdw_peak_separation(double rss)
{
  return rss * pow(15.0, -1.0 / 6.0);
}

int gr_vdw_model_init(struct gr_vdw_model *m, double a, double reff,
                      double rss, double cutoff, double amin, double k1,
                      double e)
{
  if (!(a > 0.0) || !(reff > 0.0) || !(rss >= 0.0) || !(amin >= 0.0) ||
      !(cutoff > amin) || (amin == 0.0 && rss == 0.0))
    return GR_EINPUT;
  if (gr_contact_law_init(&m->law, k1, e) != GR_OK)
    return GR_EINPUT;
  m->a = a;
  m->reff = reff;
  m->rss = rss;
  m->cutoff = cutoff;
  m->amin = amin;
  m->hold = amin > 0.0 ? gr_vdw_force(a, reff, rss, amin) : 0.0;
  return GR_OK;
}

/* Eq. 5.29 without the spring: cut-off, law, held value, nothing in
 * overlap. */
double gr_vdw_model_vdw(const struct gr_vdw_model *m, double alpha)
{
  if (alpha > m->cutoff || alpha < 0.0)
    return 0.0;
  if (alpha > m->amin)
    return gr_vdw_force(m->a, m->reff, m->rss, alpha);
  return m->hold;
}

/* Eq. 5.29: the Van der Waals part plus the latching spring of eq. 2.1
 * acting on the overlap -alpha. */
double gr_vdw_model_force(const struct gr_vdw_model *m,
                          struct gr_contact_pair *st, double alpha,
                          double *fvdw, double *fspring)
{
  double fv = gr_vdw_model_vdw(m, alpha);
  double fs = gr_contact_force(&m->law, st, -alpha);
  if (fvdw != NULL)
    *fvdw = fv;
  if (fspring != NULL)
    *fspring = fs;
  return fv + fs;
}

/* U(alpha) = -integral_alpha^cutoff F: the law's potential shifted to zero
 * at the cut-off, continued linearly (constant force) below alpha_min and
 * held constant in overlap, where eq. 5.29 has no Van der Waals force. */
double gr_vdw_model_potential(const struct gr_vdw_model *m, double alpha)
{
  double ucut, x;
  if (alpha >= m->cutoff)
    return 0.0;
  ucut = gr_vdw_potential(m->a, m->reff, m->rss, m->cutoff);
  x = alpha > 0.0 ? alpha : 0.0;
  if (x > m->amin)
    return gr_vdw_potential(m->a, m->reff, m->rss, x) - ucut;
  return gr_vdw_potential(m->a, m->reff, m->rss, m->amin) - ucut +
         m->hold * (m->amin - x);
}
