/* granrepro physics: the two-particle test of Sweetman 2003, section 5.4,
 * with the leap-frog Verlet integrator of eq. 2.19.  See vdwpair.h. */
#include "physics/vdwpair.h"

#include <stddef.h>

void gr_vdwpair_init(struct gr_vdwpair *p, const struct gr_vdw_model *model,
                     double mass, double radius, double gap, double dt)
{
  double f;
  p->model = model;
  p->mass = mass;
  p->radius = radius;
  p->dt = dt;
  p->x[0] = -(radius + 0.5 * gap);
  p->x[1] = radius + 0.5 * gap;
  p->t = 0.0;
  p->n = 0;
  gr_contact_pair_reset(&p->st);
  f = gr_vdw_model_force(model, &p->st, gr_vdwpair_alpha(p), NULL, NULL);
  p->vh[0] = 0.5 * f / mass * dt;
  p->vh[1] = -0.5 * f / mass * dt;
}

double gr_vdwpair_alpha(const struct gr_vdwpair *p)
{
  return p->x[1] - p->x[0] - 2.0 * p->radius;
}

/* Eq. 2.19: v(n+1/2) = v(n-1/2) + F(n)/m dt, r(n+1) = r(n) + v(n+1/2) dt,
 * v(n) = (v(n+1/2) + v(n-1/2)) / 2.  F > 0 pushes the spheres apart:
 * particle 0 (left) gets -F, particle 1 gets +F. */
void gr_vdwpair_step(struct gr_vdwpair *p, struct gr_vdwpair_sample *s)
{
  double fv, fs, alpha = gr_vdwpair_alpha(p);
  double f = gr_vdw_model_force(p->model, &p->st, alpha, &fv, &fs);
  double dv = f / p->mass * p->dt;
  double v0 = p->vh[0] - dv, v1 = p->vh[1] + dv;
  if (s != NULL) {
    s->t = p->t;
    s->alpha = alpha;
    s->fvdw = fv;
    s->fspring = fs;
    s->v[0] = 0.5 * (v0 + p->vh[0]);
    s->v[1] = 0.5 * (v1 + p->vh[1]);
  }
  p->vh[0] = v0;
  p->vh[1] = v1;
  p->x[0] += v0 * p->dt;
  p->x[1] += v1 * p->dt;
  p->n++;
  p->t = (double)p->n * p->dt;
}
