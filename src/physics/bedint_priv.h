/* granrepro physics: the integrator state of the shaken bed (bedint.c,
 * bedlsoda.c, bedodepack.c, bedrhs.c), private to those files. */
#ifndef GR_BEDINT_PRIV_H
#define GR_BEDINT_PRIV_H

#include <gsl/gsl_odeiv2.h>

#include "physics/bedint.h"

struct gr_bedint {
  const struct gr_bed_model *m;
  struct gr_bedcells *cells;
  struct gr_bedint_opts o;
  size_t neq;
  gsl_odeiv2_system sys;
  gsl_odeiv2_driver *drv;
  double *f0, *f1, *yt; /* neq each: derivatives, scratch state */
  struct gr_bedint_stats st;
  /* overshoot (itask = 1): the integrator's own time, state and
   * derivatives, and those of the step before; live: not restarted */
  double *buf, ti, tp, h;
  int live;
  struct gr_lsoda *ls; /* GR_BEDINT_LSODA: the real LSODA (bedodepack.c) */
};

/* eqs. 7-8 for GSL, counting evaluations (p: the struct gr_bedint;
 * bedrhs.c). */
int gr_bedint_f(double t, const double y[], double dydt[], void *p);

/* One output interval with itask = 1 (bedlsoda.c). */
int gr_bedint_overshoot(struct gr_bedint *it, double *t, double tout, double *y);

/* The real LSODA (bedodepack.c): the solver for it->neq equations at
 * it->o.tol (GR_OK or GR_ENOMEM), and one output interval (GR_OK or
 * GR_EFAIL, *t and y then at LSODA's last successful step). */
struct gr_lsoda;
int gr_bedint_lsoda_open(struct gr_bedint *it);
int gr_bedint_lsoda_interval(struct gr_bedint *it, double *t, double tout, double *y);

#endif
