/* granrepro physics: Buchholtz & Poeschel (1993) section 2 steps 1-6 with
 * the Gear integrator of Appendix A.  See bpsim.h. */
#include "status.h"
#include "physics/bpsim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Radii range and the parameter checks. */
static int bp_check(struct gr_bpsim *s, const double *r, const double *m,
                    const double *inertia)
{
  size_t i;
  s->rmax = 0.0;
  s->rmin = HUGE_VAL;
  for (i = 0; i < s->n; i++) {
    if (!(r[i] > 0.0) || !(m[i] > 0.0) || !(inertia[i] > 0.0) || !isfinite(r[i]) ||
        !isfinite(m[i]) || !isfinite(inertia[i]))
      return GR_EINPUT;
    s->rmax = r[i] > s->rmax ? r[i] : s->rmax;
    s->rmin = r[i] < s->rmin ? r[i] : s->rmin;
  }
  return s->n > 0 && s->nfree <= s->n ? GR_OK : GR_EINPUT;
}

/* The configured search's state. */
static int bp_search_init(struct gr_bpsim *s)
{
  const struct gr_bpsim_params *p = &s->p;
  switch (p->search) {
  case GR_BPSIM_LATTICE:
    return gr_bplattice_init(&s->lat, &p->box, p->cell > 0.0 ? p->cell : s->rmax,
                             p->mask_h, s->rmax);
  case GR_BPSIM_CELLS:
    return gr_bpcells_init(&s->cells, &p->box, 2.0 * s->rmax);
  case GR_BPSIM_VERLET:
    return gr_bpverlet_init(&s->verlet, &p->box, 2.0 * s->rmax,
                            p->skin > 0.0 ? p->skin : 0.5 * s->rmax);
  case GR_BPSIM_ALLPAIRS:
    return GR_OK;
  default:
    return GR_EINPUT;
  }
}

int gr_bpsim_init(struct gr_bpsim *s, const struct gr_bpsim_params *p,
                  size_t n, size_t nfree, const double *r, const double *m,
                  const double *inertia)
{
  double **v[] = {&s->r, &s->m, &s->inertia, &s->x, &s->y, &s->vx, &s->vy,
                  &s->w, &s->fx, &s->fy, &s->tq};
  size_t k;
  int rc;
  memset(s, 0, sizeof *s);
  s->p = *p;
  s->n = n;
  s->nfree = nfree;
  if (bp_check(s, r, m, inertia) != GR_OK || !(p->dt > 0.0))
    return GR_EINPUT;
  for (k = 0; k < sizeof v / sizeof v[0]; k++)
    if ((*v[k] = calloc(n, sizeof(double))) == NULL) {
      gr_bpsim_free(s);
      return GR_ENOMEM;
    }
  if ((s->acc = calloc(3 * n, sizeof(double))) == NULL) {
    gr_bpsim_free(s);
    return GR_ENOMEM;
  }
  memcpy(s->r, r, n * sizeof *r);
  memcpy(s->m, m, n * sizeof *m);
  memcpy(s->inertia, inertia, n * sizeof *inertia);
  if ((rc = gr_gear_init(&s->gear, p->nv, p->gear_flags, 3 * n, p->dt)) != GR_OK ||
      (rc = bp_search_init(s)) != GR_OK) {
    gr_bpsim_free(s);
    return rc;
  }
  return GR_OK;
}

void gr_bpsim_free(struct gr_bpsim *s)
{
  free(s->r);
  free(s->m);
  free(s->inertia);
  free(s->x);
  free(s->y);
  free(s->vx);
  free(s->vy);
  free(s->w);
  free(s->fx);
  free(s->fy);
  free(s->tq);
  free(s->acc);
  gr_gear_free(&s->gear);
  if (s->p.search == GR_BPSIM_LATTICE && s->lat.ncell > 0)
    gr_bplattice_free(&s->lat);
  if (s->p.search == GR_BPSIM_CELLS)
    gr_bpcells_free(&s->cells);
  if (s->p.search == GR_BPSIM_VERLET)
    gr_bpverlet_free(&s->verlet);
  memset(s, 0, sizeof *s);
}

void gr_bpsim_set(struct gr_bpsim *s, size_t i, double x, double y, double vx,
                  double vy, double w)
{
  int fixed = i >= s->nfree;
  gr_gear_set(&s->gear, i, x, fixed ? 0.0 : vx, 0.0);
  gr_gear_set(&s->gear, s->n + i, y, fixed ? 0.0 : vy, 0.0);
  gr_gear_set(&s->gear, 2 * s->n + i, 0.0, fixed ? 0.0 : w, 0.0);
}

struct gr_bpgrains gr_bpsim_grains(const struct gr_bpsim *s)
{
  struct gr_bpgrains g = {s->n, s->x, s->y, s->vx, s->vy, s->w, s->r, s->m};
  return g;
}

/* The force code's view of the Gear values (unscaled velocities). */
static void bp_view(struct gr_bpsim *s)
{
  size_t i, n = s->n;
  double idt = 1.0 / s->p.dt;
  for (i = 0; i < n; i++) {
    s->x[i] = s->gear.x[0][i];
    s->y[i] = s->gear.x[0][n + i];
    s->vx[i] = s->gear.x[1][i] * idt;
    s->vy[i] = s->gear.x[1][n + i] * idt;
    s->w[i] = s->gear.x[1][2 * n + i] * idt;
  }
}

int gr_bpsim_forces(struct gr_bpsim *s)
{
  struct gr_bpgrains g = gr_bpsim_grains(s);
  double mo = 0.0;
  switch (s->p.search) {
  case GR_BPSIM_LATTICE:
    if (gr_bplattice_index(&s->lat, &g) != GR_OK)
      return GR_ENOMEM;
    gr_bplattice_forces(&s->lat, &s->p.force, &g, s->p.vectorized, s->fx, s->fy,
                        s->tq, &mo);
    break;
  case GR_BPSIM_CELLS:
    if (gr_bpcells_forces(&s->cells, &s->p.force, &g, s->fx, s->fy, s->tq) != GR_OK)
      return GR_ENOMEM;
    mo = s->cells.maxov;
    break;
  case GR_BPSIM_VERLET:
    if (gr_bpverlet_forces(&s->verlet, &s->p.force, &g, 0, s->fx, s->fy, s->tq) != GR_OK)
      return GR_ENOMEM;
    mo = s->verlet.maxov;
    break;
  default:
    gr_bpsearch_allpairs(&s->p.box, &s->p.force, &g, s->fx, s->fy, s->tq, &mo);
  }
  s->maxov = mo > s->maxov ? mo : s->maxov;
  return GR_OK;
}

/* Accelerations of eq. 1 plus gravity; zero for fixed grains. */
static void bp_accel(struct gr_bpsim *s)
{
  size_t i, n = s->n;
  for (i = 0; i < n; i++) {
    int f = i < s->nfree;
    s->acc[i] = f ? s->fx[i] / s->m[i] + s->p.g[0] : 0.0;
    s->acc[n + i] = f ? s->fy[i] / s->m[i] + s->p.g[1] : 0.0;
    s->acc[2 * n + i] = f ? s->tq[i] / s->inertia[i] : 0.0;
  }
}

int gr_bpsim_start(struct gr_bpsim *s)
{
  size_t i;
  bp_view(s);
  if (gr_bpsim_forces(s) != GR_OK)
    return GR_ENOMEM;
  bp_accel(s);
  for (i = 0; i < 3 * s->n; i++)
    s->gear.x[2][i] = s->acc[i] * s->p.dt * s->p.dt / 2.0;
  return GR_OK;
}

int gr_bpsim_step(struct gr_bpsim *s)
{
  gr_gear_predict(&s->gear);
  bp_view(s);
  if (gr_bpsim_forces(s) != GR_OK)
    return GR_ENOMEM;
  bp_accel(s);
  gr_gear_correct(&s->gear, s->acc);
  bp_view(s);
  s->steps++;
  s->t += s->p.dt;
  return GR_OK;
}

double gr_bpsim_kinetic(const struct gr_bpsim *s)
{
  size_t i;
  double e = 0.0;
  for (i = 0; i < s->nfree; i++)
    e += 0.5 * s->m[i] * (s->vx[i] * s->vx[i] + s->vy[i] * s->vy[i]) +
         0.5 * s->inertia[i] * s->w[i] * s->w[i];
  return e;
}

double gr_bpsim_potential(const struct gr_bpsim *s)
{
  size_t i;
  double e = 0.0;
  for (i = 0; i < s->nfree; i++)
    e -= s->m[i] * (s->p.g[0] * s->x[i] + s->p.g[1] * s->y[i]);
  return e;
}

double gr_bpsim_elastic(const struct gr_bpsim *s)
{
  size_t i, j;
  double e = 0.0;
  for (i = 0; i < s->n; i++)
    for (j = i + 1; j < s->n; j++) {
      double dx = gr_box_delta(&s->p.box, 0, s->x[i], s->x[j]);
      double dy = gr_box_delta(&s->p.box, 1, s->y[i], s->y[j]);
      e += gr_bpforce_energy(&s->p.force, s->r[i] + s->r[j] - sqrt(dx * dx + dy * dy));
    }
  return e;
}
