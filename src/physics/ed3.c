/* granrepro physics: the 3D event-driven engine for spheres on a vibrating
 * plate (Bizon et al., PRL 80, 57 (1998); the machinery of Marin, Risso &
 * Cordero 1993 as Wilson 2001 lists it): set-up, the main loop, readers.
 * See ed3.h; the events are in ed3event.c, the plate in ed3plate.c. */
#include "physics/ed3int.h"
#include "physics/edmd.h"
#include "physics/edmem.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define ED3_PI 3.141592653589793

/* A one-line message into msg (if any); returns GR_EINPUT. */
static int ed3_bad(char *msg, int len, const char *fmt, ...)
{
  va_list ap;
  if (msg != NULL && len > 0) {
    va_start(ap, fmt);
    vsnprintf(msg, (size_t)len, fmt, ap);
    va_end(ap);
  }
  return GR_EINPUT;
}

/* The parameters in range (the states are checked in ed3_place). */
static int ed3_check(const struct gr_ed3_params *p, char *msg, int len)
{
  if (p->n < 1)
    return ed3_bad(msg, len, "ed3: n = %d spheres; give at least 1", p->n);
  if (!(p->radius > 0.0) || !isfinite(p->radius))
    return ed3_bad(msg, len, "ed3: radius %g; give a positive radius", p->radius);
  if (!(p->lx > 0.0) || !(p->ly > 0.0) || !isfinite(p->lx) || !isfinite(p->ly))
    return ed3_bad(msg, len, "ed3: box %g x %g; give positive finite lx, ly", p->lx, p->ly);
  if (!(p->g >= 0.0) || !isfinite(p->g))
    return ed3_bad(msg, len, "ed3: g = %g; give g >= 0", p->g);
  if (!(p->e0 > 0.0 && p->e0 <= 1.0) || !(p->v0 > 0.0) || !(p->e_exp > 0.0) || !isfinite(p->v0))
    return ed3_bad(msg, len, "ed3: restitution e0 = %g, v0 = %g, exponent %g; give 0 < e0 <= 1, v0 > 0, exponent > 0",
                   p->e0, p->v0, p->e_exp);
  if (!(p->mu >= 0.0) || !(p->beta0 >= -1.0 && p->beta0 <= 1.0) || !(p->K > 0.0) || !isfinite(p->mu))
    return ed3_bad(msg, len, "ed3: mu = %g, beta0 = %g, K = %g; give mu >= 0, -1 <= beta0 <= 1, K > 0",
                   p->mu, p->beta0, p->K);
  if (p->plate != GR_ED3_PLATE_SINE && p->plate != GR_ED3_PLATE_PARABOLIC)
    return ed3_bad(msg, len, "ed3: plate kind %d; give 0 (sine) or 1 (parabolic)", p->plate);
  if (!(p->amp >= 0.0) || !(p->omega > 0.0) || !isfinite(p->amp) || !isfinite(p->omega) || !isfinite(p->phase0))
    return ed3_bad(msg, len, "ed3: plate A = %g, omega = %g; give A >= 0, omega > 0", p->amp, p->omega);
  if (!(p->lid >= 0.0) || !(p->zgrid >= 0.0) || !isfinite(p->zgrid) || p->max_events < 0 ||
      p->queue < GR_EDMD_AUTO || p->queue > GR_EDMD_CALENDAR)
    return ed3_bad(msg, len, "ed3: lid %g, zgrid %g, max_events %lld, queue %d out of range",
                   p->lid, p->zgrid, p->max_events, p->queue);
  if (!(p->tc >= 0.0) || !isfinite(p->tc))
    return ed3_bad(msg, len, "ed3: tc = %g; give tc >= 0 (0: no TC model)", p->tc);
  if (!(p->ride_v >= 0.0) || !isfinite(p->ride_v) || (p->ride_v > 0.0 && (p->n != 1 || !p->periodic)))
    return ed3_bad(msg, len, "ed3: ride_v = %g with %d spheres%s; give ride_v >= 0, and > 0 only for one sphere with periodic sides",
                   p->ride_v, p->n, p->periodic ? "" : " and walls");
  return GR_OK;
}

/* The grid: cells at least the largest diameter in x, y, z, from the
 * plate's lowest point up to the lid or zgrid (the top layer is open
 * upward when there is no lid). */
static int ed3_grid(struct gr_ed3 *s, char *msg, int len)
{
  const struct gr_ed3_params *p = &s->p;
  double d = 2.0 * s->rmax, vol, zg;
  s->ncx = (int)(p->lx / d);
  s->ncy = (int)(p->ly / d);
  if (s->ncx < 1 || s->ncy < 1 || (p->periodic && (s->ncx < 3 || s->ncy < 3)))
    return ed3_bad(msg, len, "ed3: box %g x %g holds %d x %d cells of a diameter %g; %s", p->lx, p->ly,
                   s->ncx, s->ncy, d, p->periodic ? "periodic needs 3 x 3" : "give a larger box");
  s->cw = p->lx / s->ncx;
  s->ch = p->ly / s->ncy;
  s->zbot = s->pl.zmin;
  s->lid_on = p->lid > 0.0 && isfinite(p->lid);
  if (s->lid_on) {
    zg = p->lid - s->zbot;
  } else if (p->zgrid > 0.0) {
    zg = p->zgrid;
  } else { /* twice the plate's stroke and three times the depth at packing 0.6 */
    vol = p->n * 4.0 / 3.0 * ED3_PI * s->rmax * s->rmax * s->rmax / (p->lx * p->ly);
    zg = 2.0 * (s->pl.zmax - s->pl.zmin) + 3.0 * vol / 0.6 + 8.0 * d;
  }
  s->ncz = (int)(zg / d);
  if (s->ncz < 1)
    return ed3_bad(msg, len, "ed3: the lid at %g leaves no room above the plate (lowest %g) for diameter %g",
                   p->lid, s->zbot, d);
  if ((double)s->ncx * s->ncy * s->ncz > 2e8 || s->ncx > SHRT_MAX || s->ncy > SHRT_MAX || s->ncz > SHRT_MAX)
    return ed3_bad(msg, len, "ed3: %d x %d x %d cells (at most 2e8, and 32767 a side); give a smaller box or zgrid", s->ncx, s->ncy, s->ncz);
  s->hz = zg / s->ncz;
  s->nzplate = (int)((s->pl.zmax + s->rmax - s->zbot) / s->hz) + 1;
  if (s->nzplate > s->ncz)
    s->nzplate = s->ncz;
  return GR_OK;
}

void gr_ed3_free(struct gr_ed3 *s)
{
  if (s == NULL)
    return;
  free(s->s);
  free(s->a);
  free(s->cnt);
  free(s->head);
  free(s->perm);
  free(s->inv);
  gr_edcq_free(&s->cq);
  gr_edtree_free(&s->tree);
  free(s);
}

/* Sphere i (the caller's sphere e) placed: inside the box, above the
 * plate at t = 0, under the lid; linked into its cell. */
static int ed3_place(struct gr_ed3 *s, int i, int e, double x, double y, double z, char *msg, int len)
{
  const struct gr_ed3_params *p = &s->p;
  double r = s->s[i].r, zp;
  int cx, cy, cz, c;
  gr_ed3_plate_eval(&s->pl, 0.0, &zp, NULL, NULL);
  if (!isfinite(x) || !isfinite(y) || !isfinite(z) ||
      (p->periodic ? (x < 0.0 || x >= p->lx || y < 0.0 || y >= p->ly)
                   : (x < r || x > p->lx - r || y < r || y > p->ly - r)))
    return ed3_bad(msg, len, "ed3: sphere %d at (%g, %g) is outside the box %g x %g", e, x, y, p->lx, p->ly);
  if (z < zp + r || (s->lid_on && z > p->lid - r))
    return ed3_bad(msg, len, "ed3: sphere %d at height %g is below the plate (%g) or above the lid", e, z, zp);
  cx = (int)(x / s->cw);
  cy = (int)(y / s->ch);
  cz = (int)((z - s->zbot) / s->hz);
  cx = cx >= s->ncx ? s->ncx - 1 : cx;
  cy = cy >= s->ncy ? s->ncy - 1 : cy;
  cz = cz >= s->ncz ? s->ncz - 1 : cz < 0 ? 0 : cz;
  ed3_cell_set(s, i, cx, cy, cz);
  c = ed3_cell_of(s, i);
  s->s[i].next = s->head[c];
  s->head[c] = i;
  return GR_OK;
}

/* A sphere's place in the engine's order: its column of cells (x fastest,
 * then y), then its layer, then the caller's index. */
struct ed3_key {
  long long key;
  int idx;
};

static int ed3_key_cmp(const void *a, const void *b)
{
  const struct ed3_key *u = a, *v = b;
  if (u->key != v->key)
    return u->key < v->key ? -1 : 1;
  return u->idx < v->idx ? -1 : u->idx > v->idx;
}

/* The renumbering perm (engine index -> caller's) and its inverse: spheres
 * of a cell column, and of neighbouring columns, lie together in memory
 * (a layer's spheres mostly move up and down: the order stays good). */
static int ed3_order(struct gr_ed3 *s, const double *x, const double *y, const double *z)
{
  struct ed3_key *k = malloc((size_t)s->p.n * sizeof *k);
  double f[3];
  int i, c[3], j;
  s->perm = malloc((size_t)s->p.n * sizeof *s->perm);
  s->inv = malloc((size_t)s->p.n * sizeof *s->inv);
  if (k == NULL || s->perm == NULL || s->inv == NULL) {
    free(k);
    return GR_ENOMEM;
  }
  for (i = 0; i < s->p.n; i++) {
    f[0] = x[i] / s->cw;
    f[1] = y[i] / s->ch;
    f[2] = (z[i] - s->zbot) / s->hz;
    for (j = 0; j < 3; j++) /* out of range or not finite: any cell (ed3_place refuses it) */
      c[j] = f[j] >= 0.0 && f[j] < 1e9 ? (int)f[j] : 0;
    k[i].key = ((long long)c[1] * s->ncx + c[0]) * (s->ncz + 1) + (c[2] < s->ncz ? c[2] : s->ncz);
    k[i].idx = i;
  }
  qsort(k, (size_t)s->p.n, sizeof *k, ed3_key_cmp);
  for (i = 0; i < s->p.n; i++) {
    s->perm[i] = k[i].idx;
    s->inv[k[i].idx] = i;
  }
  free(k);
  return GR_OK;
}

/* Allocate and fill the states in the engine's order; GR_ENOMEM or GR_EINPUT. */
static int ed3_states(struct gr_ed3 *s, const double *const st[9], const double *radii, char *msg, int len)
{
  int n = s->p.n, i, e, rc;
  size_t ncell = (size_t)s->ncx * s->ncy * s->ncz, k;
  s->s = gr_edmem_alloc((size_t)n * sizeof *s->s);
  s->a = gr_edmem_alloc((size_t)n * sizeof *s->a);
  s->cnt = calloc((size_t)n, sizeof *s->cnt);
  s->head = gr_edmem_alloc(ncell * sizeof *s->head);
  if (!s->s || !s->a || !s->cnt || !s->head || ed3_order(s, st[0], st[1], st[2]) != GR_OK)
    return GR_ENOMEM;
  for (k = 0; k < ncell; k++)
    s->head[k] = -1;
  for (i = n - 1; i >= 0; i--) {
    e = s->perm[i];
    s->s[i] = (struct ed3_sph){st[0][e], st[1][e], st[2][e], st[3][e], st[4][e], st[5][e], 0.0,
                               (float)(radii != NULL ? radii[e] : s->p.radius), -1};
    s->a[i] = (struct ed3_aux){.wx = st[6] ? st[6][e] : 0.0, .wy = st[7] ? st[7][e] : 0.0,
                               .wz = st[8] ? st[8][e] : 0.0, .tlast = -HUGE_VAL};
    if (!isfinite(st[3][e]) || !isfinite(st[4][e]) || !isfinite(st[5][e]) ||
        !isfinite(s->a[i].wx) || !isfinite(s->a[i].wy) || !isfinite(s->a[i].wz))
      return ed3_bad(msg, len, "ed3: sphere %d has a velocity or spin that is not finite", e);
    if ((rc = ed3_place(s, i, e, st[0][e], st[1][e], st[2][e], msg, len)) != GR_OK)
      return rc;
  }
  return GR_OK;
}

int gr_ed3_new(const struct gr_ed3_params *p, const double *x, const double *y,
               const double *z, const double *vx, const double *vy, const double *vz,
               const double *wx, const double *wy, const double *wz,
               struct gr_ed3 **out, char *msg, int len)
{
  const double *st[9] = {x, y, z, vx, vy, vz, wx, wy, wz};
  struct gr_ed3 *s;
  double *keys;
  int i, rc;
  *out = NULL;
  if (msg != NULL && len > 0)
    msg[0] = '\0';
  if ((rc = ed3_check(p, msg, len)) != GR_OK)
    return rc;
  if ((s = calloc(1, sizeof *s)) == NULL)
    return GR_ENOMEM;
  s->p = *p;
  s->p.radii = NULL;
  s->pc_t = -HUGE_VAL;
  s->law = (struct gr_ed3_law){p->e0, p->v0, p->e_exp, p->mu, p->beta0, p->K};
  s->law_tc = (struct gr_ed3_law){1.0, p->v0, p->e_exp, 0.0, p->beta0, p->K};
  s->rmax = p->radius;
  for (i = 0; p->radii != NULL && i < p->n; i++) {
    if (!(p->radii[i] > 0.0 && p->radii[i] <= 2.0 * p->radius)) {
      gr_ed3_free(s);
      return ed3_bad(msg, len, "ed3: radius %g of sphere %d; give radii in (0, 2 radius]", p->radii[i], i);
    }
    s->rmax = (double)(float)p->radii[i] > s->rmax ? (double)(float)p->radii[i] : s->rmax;
  }
  if (gr_ed3_plate_init(&s->pl, p->plate, p->amp, p->omega, p->phase0, p->g) != GR_OK ||
      (rc = ed3_grid(s, msg, len)) != GR_OK || (rc = ed3_states(s, st, p->radii, msg, len)) != GR_OK) {
    gr_ed3_free(s);
    return rc == GR_OK ? GR_EINPUT : rc;
  }
  if (gr_ed3_overlaps(s, 1e-12) != 0) {
    gr_ed3_free(s);
    return ed3_bad(msg, len, "ed3: two spheres overlap in the initial state; place them apart");
  }
  for (i = 0; i < p->n; i++)
    gr_ed3ev_predict(s, i);
  if ((keys = malloc((size_t)p->n * sizeof *keys)) == NULL) {
    gr_ed3_free(s);
    return GR_ENOMEM;
  }
  for (i = 0; i < p->n; i++)
    keys[i] = s->a[i].m.t;
  s->use_cq = p->queue == GR_EDMD_CALENDAR || (p->queue == GR_EDMD_AUTO && p->n <= GR_EDMD_CQ_MAXN);
  rc = s->use_cq ? gr_edcq_init(&s->cq, p->n, keys) : gr_edtree_init(&s->tree, p->n, keys);
  free(keys);
  if (rc != GR_OK) {
    gr_ed3_free(s);
    return GR_ENOMEM;
  }
  *out = s;
  return GR_OK;
}

int gr_ed3_advance(struct gr_ed3 *s, double t_end)
{
  long long done = 0, ov = s->k.overlaps;
  double t;
  int i, j;
  for (;;) {
    if (s->use_cq) {
      i = gr_edcq_min(&s->cq, &t);
    } else {
      i = gr_edtree_min(&s->tree);
      t = gr_edtree_min_key(&s->tree);
    }
    if (!(t <= t_end))
      break;
    j = s->a[i].m.partner;
    if (s->a[i].m.pair && s->a[i].m.c != s->cnt[j]) {
      s->t = t;
      gr_ed3ev_stale(s, i);
      continue;
    }
    if (s->p.max_events > 0 && done++ >= s->p.max_events)
      return GR_EFAIL;
    s->t = t;
    gr_ed3ev_process(s, i, t);
    if (s->k.overlaps != ov)
      return GR_EFAIL;
  }
  if (t_end > s->t)
    s->t = t_end;
  return GR_OK;
}

int gr_ed3_peek(struct gr_ed3 *s, double *t, int *i, int *j)
{
  const struct ed3_lml *m;
  int k;
  for (;;) {
    if (s->use_cq) {
      k = gr_edcq_min(&s->cq, t);
    } else {
      k = gr_edtree_min(&s->tree);
      *t = gr_edtree_min_key(&s->tree);
    }
    m = &s->a[k].m;
    if (!isfinite(*t))
      return GR_EFAIL;
    if (m->pair && m->c == s->cnt[m->partner]) {
      *i = s->perm[k];
      *j = s->perm[m->partner];
      return GR_OK;
    }
    if (!m->pair && m->partner != ED3_HORIZON && m->partner > ED3_VW_ZHI) {
      *i = s->perm[k];
      *j = -1;
      return GR_OK;
    }
    s->t = *t;
    if (m->pair)
      gr_ed3ev_stale(s, k);
    else
      gr_ed3ev_process(s, k, *t);
  }
}

double gr_ed3_time(const struct gr_ed3 *s) { return s->t; }

/* Sphere i's position and velocity at time t (free flight from its state). */
static void ed3_at(const struct gr_ed3 *s, int i, double t, double r[3], double v[3])
{
  const struct ed3_sph *q = &s->s[i];
  double dt = t - q->tau;
  r[0] = q->x + q->vx * dt;
  r[1] = q->y + q->vy * dt;
  r[2] = q->z + q->vz * dt - 0.5 * s->p.g * dt * dt;
  v[0] = q->vx;
  v[1] = q->vy;
  v[2] = q->vz - s->p.g * dt;
  if (s->riding) { /* on the plate (ed3ride.c) */
    gr_ed3_plate_eval(&s->pl, t, &r[2], &v[2], NULL);
    r[2] += q->r;
  }
  if (s->p.periodic) {
    r[0] -= floor(r[0] / s->p.lx) * s->p.lx;
    r[1] -= floor(r[1] / s->p.ly) * s->p.ly;
  }
}

void gr_ed3_positions(const struct gr_ed3 *s, double *x, double *y, double *z)
{
  double r[3], v[3];
  int i;
  for (i = 0; i < s->p.n; i++) {
    ed3_at(s, i, s->t, r, v);
    if (x) x[s->perm[i]] = r[0];
    if (y) y[s->perm[i]] = r[1];
    if (z) z[s->perm[i]] = r[2];
  }
}

void gr_ed3_velocities(const struct gr_ed3 *s, double *vx, double *vy, double *vz)
{
  double r[3], v[3];
  int i;
  for (i = 0; i < s->p.n; i++) {
    ed3_at(s, i, s->t, r, v);
    if (vx) vx[s->perm[i]] = v[0];
    if (vy) vy[s->perm[i]] = v[1];
    if (vz) vz[s->perm[i]] = v[2];
  }
}

void gr_ed3_spins(const struct gr_ed3 *s, double *wx, double *wy, double *wz)
{
  int i;
  for (i = 0; i < s->p.n; i++) {
    if (wx) wx[s->perm[i]] = s->a[i].wx;
    if (wy) wy[s->perm[i]] = s->a[i].wy;
    if (wz) wz[s->perm[i]] = s->a[i].wz;
  }
}

double gr_ed3_radius(const struct gr_ed3 *s, int i) { return s->s[s->inv[i]].r; }

double gr_ed3_plate_z(const struct gr_ed3 *s, double t)
{
  double z;
  gr_ed3_plate_eval(&s->pl, t, &z, NULL, NULL);
  return z;
}

double gr_ed3_plate_v(const struct gr_ed3 *s, double t)
{
  double v;
  gr_ed3_plate_eval(&s->pl, t, NULL, &v, NULL);
  return v;
}

struct gr_ed3_counters gr_ed3_counters(const struct gr_ed3 *s) { return s->k; }

/* Overlaps of sphere i with the spheres j > i of its 27 cells and with the plate, walls and lid. */
static long long ed3_overlaps_of(const struct gr_ed3 *s, int i, double tol, double zp)
{
  double ri[3], rj[3], v[3], d[3], dd, r = s->s[i].r;
  int cx = s->a[i].cx, cy = s->a[i].cy, cz = s->a[i].cz;
  int x, y, z, ix, iy, j;
  long long bad = 0;
  ed3_at(s, i, s->t, ri, v);
  bad += ri[2] - r - zp < -tol * r;
  bad += s->lid_on && ri[2] + r - s->p.lid > tol * r;
  if (!s->p.periodic)
    bad += ri[0] < r * (1.0 - tol) || ri[0] > s->p.lx - r * (1.0 - tol) ||
           ri[1] < r * (1.0 - tol) || ri[1] > s->p.ly - r * (1.0 - tol);
  for (z = cz - 1; z <= cz + 1; z++)
    for (y = cy - 1; y <= cy + 1; y++)
      for (x = cx - 1; x <= cx + 1; x++) {
        if (z < 0 || z >= s->ncz || (!s->p.periodic && (x < 0 || y < 0 || x >= s->ncx || y >= s->ncy)))
          continue;
        ix = (x + s->ncx) % s->ncx;
        iy = (y + s->ncy) % s->ncy;
        for (j = s->head[(z * s->ncy + iy) * s->ncx + ix]; j >= 0; j = s->s[j].next) {
          if (j <= i)
            continue;
          ed3_at(s, j, s->t, rj, v);
          d[0] = rj[0] - ri[0];
          d[1] = rj[1] - ri[1];
          d[2] = rj[2] - ri[2];
          if (s->p.periodic) {
            d[0] -= s->p.lx * floor(d[0] / s->p.lx + 0.5);
            d[1] -= s->p.ly * floor(d[1] / s->p.ly + 0.5);
          }
          dd = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
          bad += dd < ((double)s->s[i].r + (double)s->s[j].r) * (1.0 - tol);
        }
      }
  return bad;
}

long long gr_ed3_overlaps(struct gr_ed3 *s, double tol)
{
  long long bad = 0;
  double zp = gr_ed3_plate_z(s, s->t);
  int i;
  for (i = 0; i < s->p.n; i++)
    bad += ed3_overlaps_of(s, i, tol, zp);
  s->k.overlaps += bad;
  return bad;
}

double gr_ed3_energy(const struct gr_ed3 *s)
{
  double e = 0.0, r[3], v[3], m, rad;
  int i;
  for (i = 0; i < s->p.n; i++) {
    ed3_at(s, i, s->t, r, v);
    m = 1.0 / ed3_imass(s, i);
    rad = s->s[i].r;
    e += 0.5 * m * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + m * s->p.g * r[2] +
         0.5 * s->p.K * m * rad * rad *
             (s->a[i].wx * s->a[i].wx + s->a[i].wy * s->a[i].wy + s->a[i].wz * s->a[i].wz);
  }
  return e;
}
