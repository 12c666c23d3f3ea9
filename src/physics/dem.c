/* granrepro physics: the DEM engine of Sweetman 2003, chapter 2 (eqs.
 * 2.1-2.23, the Verlet-list rebuild rule of section 2.1).  See dem.h. */
#include "physics/dem.h"

#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void gr_dem_free(struct gr_dem *d)
{
  free(d->x);
  free(d->v);
  free(d->w);
  free(d->f);
  free(d->t);
  free(d->xref);
  free(d->wall);
  free(d->wallon);
  gr_nbr_free(&d->nbr);
  gr_cells_free(&d->chain); /* both are safe on the zeroed, unused one */
  gr_cellsort_free(&d->sort);
  memset(d, 0, sizeof *d);
}

int gr_dem_init(struct gr_dem *d, size_t n, const struct gr_dem_params *p)
{
  size_t m3 = 3 * (n ? n : 1);
  double cut = p->diameter + p->skin;
  int k, rc = GR_OK;
  memset(d, 0, sizeof *d);
  gr_nbr_init(&d->nbr);
  d->p = *p;
  if (!(p->diameter > 0.0) || !(p->density > 0.0) || !(p->skin > 0.0) || !(p->dt > 0.0) ||
      !(p->mu >= 0.0) || !(p->kt_ratio >= 0.0) || n > UINT32_MAX - 1 ||
      gr_contact_law_init(&d->law, p->k1, p->e) != GR_OK)
    return GR_EINPUT;
  d->n = n;
  d->radius = 0.5 * p->diameter;
  d->mass = p->density * M_PI / 6.0 * p->diameter * p->diameter * p->diameter;
  d->inertia = 0.4 * d->mass * d->radius * d->radius;
  d->cut2 = cut * cut;
  d->fric.k0 = p->kt_ratio * p->k1;
  d->fric.mu = p->mu;
  d->fric.gamma = p->gamma;
  for (k = 0; k < 3; k++) {
    d->box.len[k] = p->len[k];
    d->box.periodic[k] = 0;
  }
  d->stale = 1;
  d->x = calloc(m3, sizeof *d->x);
  d->v = calloc(m3, sizeof *d->v);
  d->w = calloc(m3, sizeof *d->w);
  d->f = calloc(m3, sizeof *d->f);
  d->t = calloc(m3, sizeof *d->t);
  d->xref = calloc(m3, sizeof *d->xref);
  d->wall = calloc(m3, sizeof *d->wall);
  d->wallon = calloc(n ? n : 1, 1);
  if (!d->x || !d->v || !d->w || !d->f || !d->t || !d->xref || !d->wall || !d->wallon)
    rc = GR_ENOMEM;
  gr_cells_choose(&d->box, cut, d->m);
  if (rc == GR_OK && p->search == GR_DEM_CHAIN)
    rc = d->m[0] < 3 || d->m[1] < 3 || d->m[2] < 3 ? GR_EINPUT
                                                   : gr_cells_init(&d->chain, &d->box, d->m);
  else if (rc == GR_OK && p->search == GR_DEM_SORT)
    rc = gr_cellsort_init(&d->sort, &d->box, d->m);
  else if (rc == GR_OK && p->search != GR_DEM_NSQ)
    rc = GR_EINPUT;
  /* room for about 7 partners per particle: a dense packing's list */
  if (rc == GR_OK)
    rc = gr_nbr_reserve(&d->nbr, n, 7 * n + 16);
  if (rc != GR_OK)
    gr_dem_free(d);
  return rc;
}

/* Section 2.1: the list is rebuilt when a particle may have moved half the
 * skin since the last rebuild, so that no pair can come into contact
 * unlisted (two particles approach by at most the skin). */
int gr_dem_update(struct gr_dem *d)
{
  int rc;
  if (!d->stale)
    return GR_OK;
  switch (d->p.search) {
  case GR_DEM_NSQ:
    rc = gr_nbr_nsquared(&d->nbr, &d->box, d->x, d->n, d->cut2);
    break;
  case GR_DEM_CHAIN:
    rc = gr_cells_fill(&d->chain, d->x, d->n);
    if (rc == GR_OK)
      rc = gr_cells_search(&d->chain, &d->box, d->x, d->cut2);
    if (rc == GR_OK)
      rc = gr_nbr_from_pairs(&d->nbr, d->n, &d->chain.pairs);
    break;
  default:
    rc = gr_cellsort_fill(&d->sort, d->x, d->n);
    if (rc == GR_OK)
      rc = gr_cellsort_search(&d->sort, &d->nbr, d->cut2);
    break;
  }
  if (rc != GR_OK)
    return rc;
  memcpy(d->xref, d->x, 3 * d->n * sizeof *d->x);
  d->maxdisp2 = 0.0;
  d->stale = 0;
  d->rebuilds++;
  return GR_OK;
}

/* One contact (eqs. 2.1 and 2.10-2.14): overlap delta along the unit
 * normal nv (pointing into body a), relative surface velocity vr of a
 * against b at the contact; returns the force on a in fa. */
static void dem_contact(const struct gr_dem *d, double *h, double delta,
                        const double nv[3], const double vr[3], double fa[3])
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

/* Torque r_c x F of a force fa applied at -rad nv from the centre. */
static inline void dem_torque(double rad, const double nv[3], const double fa[3], double *t)
{
  t[0] -= rad * (nv[1] * fa[2] - nv[2] * fa[1]);
  t[1] -= rad * (nv[2] * fa[0] - nv[0] * fa[2]);
  t[2] -= rad * (nv[0] * fa[1] - nv[1] * fa[0]);
}

static void dem_pairs(struct gr_dem *d)
{
  const struct gr_nbr_rows *r = &d->nbr.cur;
  const double dia = d->p.diameter, dia2 = dia * dia, rad = d->radius;
  double *x = d->x, *v = d->v, *w = d->w, *f = d->f, *t = d->t;
  size_t i, q;
  for (i = 0; i < d->n; i++) {
    const double *xi = x + 3 * i;
    for (q = r->start[i]; q < r->start[i + 1]; q++) {
      size_t j = r->j[q];
      double *h = r->hist[q].h, dx = xi[0] - x[3 * j], dy = xi[1] - x[3 * j + 1],
             dz = xi[2] - x[3 * j + 2], d2 = dx * dx + dy * dy + dz * dz;
      double dist, nv[3], vr[3], ws[3], fa[3];
      int k;
      if (d2 >= dia2) {
        if (h[GR_DEM_H_DELTA] != 0.0) /* the contact ended: forget it */
          memset(h, 0, sizeof r->hist[q]);
        continue;
      }
      dist = sqrt(d2);
      nv[0] = dx / dist;
      nv[1] = dy / dist;
      nv[2] = dz / dist;
      /* relative velocity of the contact points: v_i - v_j - r (w_i + w_j) x n */
      for (k = 0; k < 3; k++)
        ws[k] = w[3 * i + k] + w[3 * j + k];
      vr[0] = v[3 * i] - v[3 * j] - rad * (ws[1] * nv[2] - ws[2] * nv[1]);
      vr[1] = v[3 * i + 1] - v[3 * j + 1] - rad * (ws[2] * nv[0] - ws[0] * nv[2]);
      vr[2] = v[3 * i + 2] - v[3 * j + 2] - rad * (ws[0] * nv[1] - ws[1] * nv[0]);
      dem_contact(d, h, dia - dist, nv, vr, fa);
      for (k = 0; k < 3; k++) {
        f[3 * i + k] += fa[k];
        f[3 * j + k] -= fa[k];
      }
      /* both contact points lie at -/+ r n: the torques are equal */
      dem_torque(rad, nv, fa, t + 3 * i);
      dem_torque(rad, nv, fa, t + 3 * j);
    }
  }
}

/* Sphere-wall contacts: the wall is a body at rest with the same law. */
static void dem_walls(struct gr_dem *d)
{
  const double rad = d->radius;
  size_t i;
  int a, k;
  for (i = 0; i < d->n; i++)
    for (a = 0; a < 3; a++) {
      double xa = d->x[3 * i + a], *h = d->wall[3 * i + a].h, delta, nv[3] = {0, 0, 0}, vr[3], fa[3];
      const double *w = d->w + 3 * i;
      if (xa < rad) {
        delta = rad - xa;
        nv[a] = 1.0;
      } else if (xa > d->box.len[a] - rad) {
        delta = xa - (d->box.len[a] - rad);
        nv[a] = -1.0;
      } else {
        if (d->wallon[i] & (1u << a)) { /* the contact ended: forget it */
          memset(h, 0, sizeof d->wall[0]);
          d->wallon[i] &= (unsigned char)~(1u << a);
        }
        continue;
      }
      d->wallon[i] |= (unsigned char)(1u << a);
      vr[0] = d->v[3 * i] - rad * (w[1] * nv[2] - w[2] * nv[1]);
      vr[1] = d->v[3 * i + 1] - rad * (w[2] * nv[0] - w[0] * nv[2]);
      vr[2] = d->v[3 * i + 2] - rad * (w[0] * nv[1] - w[1] * nv[0]);
      dem_contact(d, h, delta, nv, vr, fa);
      for (k = 0; k < 3; k++)
        d->f[3 * i + k] += fa[k];
      dem_torque(rad, nv, fa, d->t + 3 * i);
    }
}

void gr_dem_forces(struct gr_dem *d)
{
  memset(d->f, 0, 3 * d->n * sizeof *d->f);
  memset(d->t, 0, 3 * d->n * sizeof *d->t);
  dem_pairs(d);
  if (d->p.walls)
    dem_walls(d);
}

/* Eq. 2.19: v_{n+1/2} = v_{n-1/2} + (F_n / m) dt, r_{n+1} = r_n + v_{n+1/2} dt. */
void gr_dem_integrate(struct gr_dem *d)
{
  const double dt = d->p.dt, cm = dt / d->mass, ci = dt / d->inertia, gdt = d->p.g * dt;
  double worst = d->maxdisp2;
  size_t i;
  int k;
  for (i = 0; i < d->n; i++) {
    double *x = d->x + 3 * i, *v = d->v + 3 * i, *w = d->w + 3 * i, s = 0.0;
    const double *f = d->f + 3 * i, *t = d->t + 3 * i, *xr = d->xref + 3 * i;
    for (k = 0; k < 3; k++) {
      double e;
      v[k] += f[k] * cm;
      w[k] += t[k] * ci;
      if (k == 2)
        v[k] -= gdt;
      x[k] += v[k] * dt;
      e = x[k] - xr[k];
      s += e * e;
    }
    if (s > worst)
      worst = s;
  }
  d->maxdisp2 = worst;
  if (4.0 * worst > d->p.skin * d->p.skin)
    d->stale = 1;
  d->steps++;
}

int gr_dem_step(struct gr_dem *d)
{
  int rc = gr_dem_update(d);
  if (rc != GR_OK)
    return rc;
  gr_dem_forces(d);
  gr_dem_integrate(d);
  return GR_OK;
}

static double dem_spring(const struct gr_dem *d, const double *h)
{
  struct gr_contact_pair cp = {h[GR_DEM_H_DELTA0], h[GR_DEM_H_DELTA]};
  return gr_contact_energy(&d->law, &cp);
}

void gr_dem_diagnose(const struct gr_dem *d, struct gr_dem_diag *o)
{
  size_t i, q;
  int k;
  memset(o, 0, sizeof *o);
  for (i = 0; i < d->n; i++) {
    const double *x = d->x + 3 * i, *v = d->v + 3 * i, *w = d->w + 3 * i;
    for (k = 0; k < 3; k++) {
      o->kinetic += 0.5 * d->mass * v[k] * v[k];
      o->rotational += 0.5 * d->inertia * w[k] * w[k];
      o->p[k] += d->mass * v[k];
      o->l[k] += d->inertia * w[k];
    }
    o->l[0] += d->mass * (x[1] * v[2] - x[2] * v[1]);
    o->l[1] += d->mass * (x[2] * v[0] - x[0] * v[2]);
    o->l[2] += d->mass * (x[0] * v[1] - x[1] * v[0]);
    o->potential += d->mass * d->p.g * x[2];
    for (k = 0; k < 3; k++)
      if ((d->wallon[i] >> k & 1u) && d->wall[3 * i + k].h[GR_DEM_H_DELTA] > 0.0) {
        o->elastic += dem_spring(d, d->wall[3 * i + k].h);
        o->contacts++;
      }
  }
  for (q = 0; q < d->nbr.cur.npair; q++)
    if (d->nbr.cur.hist[q].h[GR_DEM_H_DELTA] > 0.0) {
      o->elastic += dem_spring(d, d->nbr.cur.hist[q].h);
      o->contacts++;
    }
}
