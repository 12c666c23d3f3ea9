/* granrepro physics: a sphere riding the vibrating plate, the completely
 * inelastic ball's exact rule (Mehta & Luck, PRL 65, 393 (1990); Melo,
 * Umbanhowar & Swinney, PRL 75, 3838 (1995); physics/ballmap.h) in the 3D
 * engine (ed3.h, parameter ride_v).
 *
 * A plate collision whose outgoing relative normal speed is below ride_v
 * ends with the sphere at the plate's velocity (restitution 0).  If the
 * plate then pushes (z_p'' > -g) the sphere rides it, z = z_p(t) + r,
 * until the plate's acceleration falls to -g (gr_ed3_plate_takeoff: phase
 * arcsin(1 / Gamma) of the sine), where it leaves with the plate's height
 * and velocity on a parabola; if the plate accelerates down faster than g
 * it leaves at once.  This removes the ever-shorter bounces of a sphere
 * settling on the plate (finite-time collapse: with e = 1 - B v^(3/4) the
 * bounce speeds fall as n^(-4/3) and their flight times sum to a finite
 * time).  One sphere only: a riding sphere's pair and wall events are not
 * predicted (ed3.c refuses ride_v > 0 otherwise). */
#include "physics/ed3int.h"

#include <math.h>

/* The rule after the plate collision of sphere i at t (state at t). */
void gr_ed3ride_land(struct gr_ed3 *s, int i, double t)
{
  struct ed3_sph *q = &s->s[i];
  double zp, vp, ap;
  gr_ed3_plate_eval(&s->pl, t, &zp, &vp, &ap);
  if (!(q->vz - vp < s->p.ride_v))
    return;
  q->vz = vp;
  if (!(ap > -s->p.g))
    return; /* the plate falls away faster than g: the sphere flies from here */
  s->riding = 1;
  s->ride_toff = gr_ed3_plate_takeoff(&s->pl, t);
}

/* The take-off at ride_toff: the plate's height and velocity there; the
 * sphere's cell found again from its position (it was not followed while
 * riding; the only sphere, so no list but its own changes). */
void gr_ed3ride_takeoff(struct gr_ed3 *s, int i)
{
  struct ed3_sph *q = &s->s[i];
  double t = s->ride_toff, dt = t - q->tau, zp, vp;
  int cx, cy, cz, c;
  q->x += q->vx * dt;
  q->y += q->vy * dt;
  q->x -= floor(q->x / s->p.lx) * s->p.lx;
  q->y -= floor(q->y / s->p.ly) * s->p.ly;
  gr_ed3_plate_eval(&s->pl, t, &zp, &vp, NULL);
  q->z = zp + q->r;
  q->vz = vp;
  q->tau = t;
  s->riding = 0;
  cx = (int)(q->x / s->cw);
  cy = (int)(q->y / s->ch);
  cz = (int)((q->z - s->zbot) / s->hz);
  cx = cx >= s->ncx ? s->ncx - 1 : cx;
  cy = cy >= s->ncy ? s->ncy - 1 : cy;
  cz = cz >= s->ncz ? s->ncz - 1 : cz < 0 ? 0 : cz;
  s->head[ed3_cell_of(s, i)] = -1;
  ed3_cell_set(s, i, cx, cy, cz);
  c = ed3_cell_of(s, i);
  q->next = -1;
  s->head[c] = i;
}
