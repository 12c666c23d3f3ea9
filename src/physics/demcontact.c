/* granrepro physics: the contact law of the DEM engine (Sweetman 2003,
 * chapter 2), one contact's force and a particle's sphere-wall contacts,
 * declared in demkern.h for the engine's two step paths (dem.c,
 * demstep.c).  The force is eqs. 2.1 and 2.10-2.14: the normal law of
 * physics/contact.h and the tangential friction of physics/friction.h. */
#include "physics/demkern.h"

#include <string.h>

/* Eqs. 2.1 and 2.10-2.14 for one contact. */
void gr_dem_contact(const struct gr_dem *d, double *h, double delta, const double nv[3],
                    const double vr[3], double fa[3])
{
  struct gr_contact_pair cp = {h[GR_DEM_H_DELTA0], h[GR_DEM_H_DELTA]};
  double fn = gr_contact_force(&d->law, &cp, delta), vn, u[3], tt[3];
  int k;
  h[GR_DEM_H_DELTA0] = cp.delta0;
  h[GR_DEM_H_DELTA] = cp.delta;
  vn = vr[0] * nv[0] + vr[1] * nv[1] + vr[2] * nv[2];
  for (k = 0; k < 3; k++)
    u[k] = -(vr[k] - vn * nv[k]) * d->p.dt;
  gr_friction_force(&d->fric, h, nv, u, fn, tt);
  for (k = 0; k < 3; k++)
    fa[k] = fn * nv[k] + tt[k];
}

/* One sphere-wall contact of particle i on axis a (overlap delta, normal
 * nv into the particle): the wall is a body at rest with the same law;
 * the force and torque are added to f and t. */
static void dem_wall(struct gr_dem *d, size_t i, int a, double delta, double sgn,
                     double f[3], double t[3])
{
  const double rad = d->radius, *w = d->w + 3 * i;
  double nv[3] = {0, 0, 0}, vr[3], fa[3], c[3];
  int k;
  nv[a] = sgn;
  d->wallon[i] |= (unsigned char)(1u << a);
  vr[0] = d->v[3 * i] - rad * (w[1] * nv[2] - w[2] * nv[1]);
  vr[1] = d->v[3 * i + 1] - rad * (w[2] * nv[0] - w[0] * nv[2]);
  vr[2] = d->v[3 * i + 2] - rad * (w[0] * nv[1] - w[1] * nv[0]);
  gr_dem_contact(d, d->wall[3 * i + a].h, delta, nv, vr, fa);
  dem_rxf(rad, nv, fa, c);
  for (k = 0; k < 3; k++) {
    f[k] += fa[k];
    t[k] -= c[k];
  }
}

/* The walls of particle i. */
void gr_dem_walls(struct gr_dem *d, size_t i, double f[3], double t[3])
{
  const double rad = d->radius, *xi = d->x + 3 * i;
  int a;
  for (a = 0; a < 3; a++) {
    double xa = xi[a];
    if (xa < rad)
      dem_wall(d, i, a, rad - xa, 1.0, f, t);
    else if (xa > d->hi[a])
      dem_wall(d, i, a, xa - d->hi[a], -1.0, f, t);
    else if (d->wallon[i] & (1u << a)) { /* the contact ended: forget it */
      memset(d->wall[3 * i + a].h, 0, sizeof d->wall[0]);
      d->wallon[i] &= (unsigned char)~(1u << a);
    }
  }
}
