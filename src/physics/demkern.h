/* granrepro physics: private to the DEM engine (dem.c, demstep.c, and
 * demdrift.c, its search-order variant): the per-pair and per-particle
 * kernels of a step after Sweetman 2003, chapter 2 -- the contact of a
 * listed pair (eqs. 2.1, 2.10-2.14), the sum
 * of a particle's pair records in its fixed order, its walls, and the
 * leap-frog move (eq. 2.19).  The two functions declared here are defined
 * in demcontact.c (not in their users).  See dem.h for the order of the
 * sums. */
#ifndef GR_DEMKERN_H
#define GR_DEMKERN_H

#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "physics/dem.h"

/* Below this many particles a step runs on one thread (the team's start
 * and barriers cost more than the work; the bytes are the same either way). */
#define DEM_PAR_MIN 512
#ifdef _OPENMP
#define DEM_OMP(x) _Pragma(x)
#else
#define DEM_OMP(x) /* one thread: the same code, the same bytes */
#endif

/* One contact (eqs. 2.1 and 2.10-2.14): overlap delta along the unit
 * normal nv (pointing into body a), relative surface velocity vr of a
 * against b at the contact; the force on a in fa (demcontact.c). */
void gr_dem_contact(const struct gr_dem *d, double *h, double delta, const double nv[3],
                    const double vr[3], double fa[3]);

/* The walls of particle i, axes in order, added to f and t: a contact
 * when the sphere crosses rad into a wall, its record forgotten when it
 * ends (demcontact.c). */
void gr_dem_walls(struct gr_dem *d, size_t i, double f[3], double t[3]);

/* rad n x F: the torque r_c x F of a force fa applied at -rad nv from the
 * centre is minus this. */
static inline void dem_rxf(double rad, const double nv[3], const double fa[3], double *c)
{
  c[0] = rad * (nv[1] * fa[2] - nv[2] * fa[1]);
  c[1] = rad * (nv[2] * fa[0] - nv[0] * fa[2]);
  c[2] = rad * (nv[0] * fa[1] - nv[1] * fa[0]);
}

/* Pair q = (i, j) of the list: 1 and its force on i and rad n x F in
 * o[0..5] when the spheres overlap (eqs. 2.1, 2.10-2.14); else 0, its
 * history forgotten if the contact just ended. */
static inline __attribute__((always_inline)) int
dem_pair(struct gr_dem *d, size_t i, size_t q, double *o)
{
  const struct gr_nbr_rows *r = &d->nbr.cur;
  const double dia = d->p.diameter, rad = d->radius, *x = d->x, *v = d->v, *w = d->w;
  size_t j = r->j[q];
  double *h = r->hist[q].h, dx = x[3 * i] - x[3 * j], dy = x[3 * i + 1] - x[3 * j + 1],
         dz = x[3 * i + 2] - x[3 * j + 2], d2 = dx * dx + dy * dy + dz * dz;
  double dist, nv[3], vr[3], ws[3];
  int k;
  if (d2 >= dia * dia) {
    /* the contact ended: forget it (a pair apart at its last evaluation,
     * on[q] = 0, has a zero record: its cache line is not read) */
    if (d->on[q] && h[GR_DEM_H_DELTA] != 0.0)
      memset(h, 0, sizeof r->hist[q]);
    return 0;
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
  gr_dem_contact(d, h, dia - dist, nv, vr, o);
  /* both contact points lie at -/+ r n: the torques are equal */
  dem_rxf(rad, nv, o, o + 3);
  return 1;
}

/* The half-list loop's sum of pair (i, j): its force o on i added to i and
 * taken from j, rad n x F taken from both torques (the reference order of
 * dem.h, and demdrift.c's). */
static inline __attribute__((always_inline)) void
dem_add_pair(double *f, double *t, size_t i, size_t j, const double *o)
{
  int k;
  for (k = 0; k < 3; k++) {
    f[3 * i + k] += o[k];
    f[3 * j + k] -= o[k];
    t[3 * i + k] -= o[3 + k];
    t[3 * j + k] -= o[3 + k];
  }
}

/* Pass 2 for particle p: its pair records in the order of its partners'
 * original numbers, as the one-thread half-list loop added them (minus the
 * record's force where p is the pair's higher member). */
static inline __attribute__((always_inline)) void
dem_sum(const struct gr_dem *d, size_t p, double f[3], double t[3])
{
  const double *fq = d->fq;
  const unsigned char *on = d->on;
  const uint32_t *aq = d->aq;
  size_t a;
  int k;
  for (k = 0; k < 3; k++)
    f[k] = t[k] = 0.0;
  for (a = d->astart[p]; a < d->astart[p + 1]; a++) {
    uint32_t e = aq[a];
    const double *o = fq + 6 * (size_t)(e & 0x7fffffffu);
    if (!on[e & 0x7fffffffu])
      continue;
    if (e & 0x80000000u)
      for (k = 0; k < 3; k++)
        f[k] -= o[k];
    else
      for (k = 0; k < 3; k++)
        f[k] += o[k];
    for (k = 0; k < 3; k++)
      t[k] -= o[3 + k];
  }
}

/* The constants of a step, in locals: stores through the state's double
 * pointers could alias the fields of d, so the compiler would reload those. */
struct dem_k {
  double dt, cm, ci, gdt; /* dt, dt / m, dt / I, g dt */
  double rad, hi[3];      /* radius; len - radius */
  int walls;
};

static inline struct dem_k dem_consts(const struct gr_dem *d)
{
  struct dem_k k = {d->p.dt, d->p.dt / d->mass, d->p.dt / d->inertia, d->p.g * d->p.dt,
                    d->radius, {d->hi[0], d->hi[1], d->hi[2]}, d->p.walls};
  return k;
}

/* The walls of particle p added to f and t (for a particle away from
 * every wall, most of them, six comparisons). */
static inline __attribute__((always_inline)) void
dem_walls_of(struct gr_dem *d, const struct dem_k *k, size_t p, double f[3], double t[3])
{
  const double rad = k->rad, *xi = d->x + 3 * p;
  if (k->walls && (d->wallon[p] != 0 || !(xi[0] >= rad && xi[0] <= k->hi[0] && xi[1] >= rad &&
                                          xi[1] <= k->hi[1] && xi[2] >= rad && xi[2] <= k->hi[2])))
    gr_dem_walls(d, p, f, t);
}

/* Pass 2 for particle p: pair records, then walls. */
static inline __attribute__((always_inline)) void
dem_total(struct gr_dem *d, const struct dem_k *k, size_t p, double f[3], double t[3])
{
  dem_sum(d, p, f, t);
  dem_walls_of(d, k, p, f, t);
}

/* Eq. 2.19 for particle i: v_{n+1/2} = v_{n-1/2} + (F_n / m - g e_z) dt,
 * r_{n+1} = r_n + v_{n+1/2} dt, the same for the spin; returns the squared
 * displacement since the rebuild. */
static inline __attribute__((always_inline)) double
dem_move(struct gr_dem *d, const struct dem_k *k, size_t i, const double *f, const double *t)
{
  const double dt = k->dt, cm = k->cm, ci = k->ci;
  double *restrict x = d->x + 3 * i, *restrict v = d->v + 3 * i, *restrict w = d->w + 3 * i;
  const double *restrict xr = d->xref + 3 * i;
  double e0, e1, e2;
  v[0] += f[0] * cm;
  v[1] += f[1] * cm;
  v[2] = (v[2] + f[2] * cm) - k->gdt;
  w[0] += t[0] * ci;
  w[1] += t[1] * ci;
  w[2] += t[2] * ci;
  x[0] += v[0] * dt;
  x[1] += v[1] * dt;
  x[2] += v[2] * dt;
  e0 = x[0] - xr[0];
  e1 = x[1] - xr[1];
  e2 = x[2] - xr[2];
  return ((0.0 + e0 * e0) + e1 * e1) + e2 * e2;
}

/* The half-skin rule of section 2.1 after a move. */
static inline void dem_moved(struct gr_dem *d, double worst)
{
  d->maxdisp2 = worst;
  if (4.0 * worst > d->p.skin * d->p.skin)
    d->stale = 1;
  d->steps++;
}

#endif
