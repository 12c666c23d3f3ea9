/* granrepro physics: Walton's partially latching spring and the DEM time
 * step (Sweetman 2003, sections 2.4-2.5; Walton 1991).  See contact.h. */
#include "physics/contact.h"

#include <gsl/gsl_math.h>
#include <math.h>

/* K2 = K1 / e^2 from eq. 2.9, e = sqrt(K1 / K2). */
int gr_contact_law_init(struct gr_contact_law *law, double k1, double e)
{
  if (!(k1 > 0.0) || !(e > 0.0) || !(e <= 1.0) || !isfinite(k1))
    return GR_EINPUT;
  law->k1 = k1;
  law->e = e;
  law->k2 = k1 / (e * e);
  law->lat = 1.0 - e * e;
  return GR_OK;
}

void gr_contact_pair_reset(struct gr_contact_pair *st)
{
  st->delta0 = 0.0;
  st->delta = 0.0;
}

/* Eq. 2.1: F = K1 delta (loading), F = K2 (delta - delta0) (unloading).
 * The unloading line through delta0 meets the loading line at
 * delta = delta0 / (1 - e^2); below that point the force is the unloading
 * one, above it the loading one with delta0 dragged along. */
double gr_contact_force(const struct gr_contact_law *law,
                        struct gr_contact_pair *st, double delta)
{
  double fload, funload;
  if (delta <= 0.0) {
    gr_contact_pair_reset(st);
    st->delta = delta;
    return 0.0;
  }
  st->delta = delta;
  fload = law->k1 * delta;
  funload = law->k2 * (delta - st->delta0);
  if (funload >= fload) {
    st->delta0 = law->lat * delta;
    return fload;
  }
  return funload > 0.0 ? funload : 0.0;
}

/* Recoverable energy: the area under the unloading line above delta0. */
double gr_contact_energy(const struct gr_contact_law *law,
                         const struct gr_contact_pair *st)
{
  double x = st->delta - st->delta0;
  return st->delta > 0.0 && x > 0.0 ? 0.5 * law->k2 * x * x : 0.0;
}

/* Eq. 2.21: t = pi / omega = pi sqrt(mu / K2). */
double gr_contact_time_eq221(const struct gr_contact_law *law, double mu)
{
  return M_PI * sqrt(mu / law->k2);
}

/* Loading quarter period on K1 plus unloading quarter period on K2. */
double gr_contact_duration(const struct gr_contact_law *law, double mu)
{
  return 0.5 * M_PI * (sqrt(mu / law->k1) + sqrt(mu / law->k2));
}

/* Eq. 2.23: dt = pi e sqrt(m / (2 K1)) / n (mu = m / 2, K2 = K1 / e^2). */
double gr_contact_dt(double m, double k1, double e, double n)
{
  return M_PI * e * sqrt(m / (2.0 * k1)) / n;
}

/* Eq. 2.23 inverted: K1 = m / 2 (pi e / (n dt))^2. */
double gr_contact_k1_from_dt(double m, double e, double n, double dt)
{
  double q = M_PI * e / (n * dt);
  return 0.5 * m * q * q;
}

/* Eq. 2.23 inverted: n = pi e sqrt(m / (2 K1)) / dt. */
double gr_contact_n_from_dt(double m, double k1, double e, double dt)
{
  return M_PI * e * sqrt(m / (2.0 * k1)) / dt;
}
