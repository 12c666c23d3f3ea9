/* granrepro physics: predictions and event processing of the 3D engine
 * (ed3.h): pair events between parabolas, cell crossings, side walls, the
 * lid and the plate (ed3plate.h), after the 2D engine's edevent.c (Wilson
 * 2001, sections 2.2-2.3: tball, twall, freev, the SWITCH of MAIN).
 *
 * One event per sphere (its earliest; Lubachevsky 1991, Isobe 1999), no
 * local lists: a sphere is predicted from scratch at each of its events,
 * its pair search bounded by its boundary event (cell crossing).
 *
 * Cost (case b of Fig. 1, 1.2e4 spheres): per pair collision 2.6
 * predictions of some 21 candidates each, most dropped before a square
 * root by one branch; 0.2 stale events, 0.13 crossings, 0.13 plate
 * collisions.  The search walks only the non-empty cells, gathered without
 * a branch, interior cells (no wrap) by a shorter path; the two searches
 * after a collision gather their cells before either runs.  Per sphere,
 * the hot state (struct ed3_sph) and the rest with its next event (struct
 * ed3_aux) are a cache line each.  From 1e4 to 1e6 spheres the cost per
 * collision grows some 3x over a whole cycle: memory.  Measurements, and
 * what was tried and dropped (local lists, prefetching the popped
 * sphere, a plate bound without trigonometry): docs/speed-history.md#ed3. */
#include "physics/ed3int.h"
#include "compiler.h"

#include <math.h>
#include <stdlib.h>

/* Pair prediction (tball) at the current time: sphere i brought to now
 * (position ri, velocity vi), partner q's state advanced to now inside;
 * gravity is common to both and cancels in the relative motion, so they
 * meet when |dr + dv s| = r_i + r_q, the earlier root of a quadratic,
 * written c / (-b + sqrt(b^2 - a c)) against cancellation.  Approaching
 * spheres that touch or overlap by round-off meet now.  Only a meeting at
 * or before tmax from now is wanted: the root is at least c / (-2 b)
 * (sqrt(b^2 - a c) <= -b), so a pair whose bound passes tmax is dropped
 * before the square root (the bounding-time test).  Returns 0 for a pair
 * dropped there (receding, or bound past tmax: no meeting by tmax), else
 * 1 with *t the time from now (+inf when they do not meet).  (Both sides
 * of a pair need not compute the same bits: an event lives only with the
 * sphere that predicted it.) */
static inline int ed3ev_tball(const double ri[3], const double vi[3], double rad,
                              const struct ed3_sph *q, double now, double g, double sx, double sy,
                              double tmax, double *t)
{
  double dt = now - q->tau, d = rad + (double)q->r;
  double dx = q->x + q->vx * dt - ri[0] + sx;
  double dy = q->y + q->vy * dt - ri[1] + sy;
  double dz = q->z + (q->vz - 0.5 * g * dt) * dt - ri[2];
  double dvx = q->vx - vi[0], dvy = q->vy - vi[1], dvz = q->vz - g * dt - vi[2];
  double bb = dx * dvx + dy * dvy + dz * dvz, cc = dx * dx + dy * dy + dz * dz - d * d, disc;
  int drop = (bb >= 0.0) | (cc > -2.0 * bb * tmax);
  GR_OPAQUE(drop); /* one branch (the compiler would split it in two): most candidates leave here */
  if (drop)
    return 0;
  if (cc <= 0.0) {
    *t = 0.0;
    return 1;
  }
  disc = bb * bb - (dvx * dvx + dvy * dvy + dvz * dvz) * cc;
  *t = disc < 0.0 ? HUGE_VAL : cc / (-bb + sqrt(disc));
  return 1;
}

/* A sphere's cell cc and the cells of its pair search, non-empty ones
 * only, in the order of the 27-cell walk (z, then y, then x; a skipped
 * empty cell held no candidate): each one's first sphere and its partner
 * image's shift. */
struct ed3ev_near {
  int cc[3], nh, hd[27];
  double sx[27], sy[27];
};

/* The three columns (wrapped when periodic, else clipped) of one axis
 * about cell coordinate c0 of nc: their indices and image shifts by the
 * box length l; returns how many. */
static inline int ed3ev_axis(int c0, int nc, int per, double l, int idx[3], double sh[3])
{
  int c, k = 0;
  for (c = c0 - 1; c <= c0 + 1; c++) {
    if (!per && (c < 0 || c >= nc))
      continue;
    idx[k] = c < 0 ? c + nc : c >= nc ? c - nc : c;
    sh[k++] = c < 0 ? -l : c >= nc ? l : 0.0;
  }
  return k;
}

/* The cells of layers z0..z1 about a cell (cx, cy) away from the side
 * boundaries: three rows of three, no wrap, no shift (the common case). */
static inline void ed3ev_gather_inner(const struct gr_ed3 *s, int i, int cx, int cy, int z0, int z1,
                                      struct ed3ev_near *nb)
{
  int cz, ky, kx, h, row, nh = 0;
  for (cz = z0; cz <= z1; cz++)
    for (ky = -1; ky <= 1; ky++)
      for (row = (cz * s->ncy + cy + ky) * s->ncx + cx - 1, kx = 0; kx < 3; kx++) {
        h = s->head[row + kx]; /* written always, kept when not empty: no branch */
        __builtin_prefetch(&s->s[h >= 0 ? h : i]);
        nb->hd[nh] = h;
        nb->sx[nh] = nb->sy[nh] = 0.0;
        nh += h >= 0;
      }
  nb->nh = nh;
}

/* Sphere i's cell and the cells about it (z clipped; x, y as ed3ev_axis)
 * into *nb, their first spheres asked for at once, so that their misses
 * overlap. */
static void ed3ev_gather(const struct gr_ed3 *s, int i, struct ed3ev_near *nb)
{
  const struct ed3_aux *a = &s->a[i];
  int cx = a->cx, cy = a->cy, cz, z0 = a->cz - 1, z1 = a->cz + 1, ix[3], iy[3], nx, ny, kx, ky, h, row;
  double sx[3], sy[3];
  nb->cc[0] = cx;
  nb->cc[1] = cy;
  nb->cc[2] = a->cz;
  if (z0 < 0) z0 = 0;
  if (z1 >= s->ncz) z1 = s->ncz - 1;
  if (cx > 0 && cx < s->ncx - 1 && cy > 0 && cy < s->ncy - 1) {
    ed3ev_gather_inner(s, i, cx, cy, z0, z1, nb);
    return;
  }
  nx = ed3ev_axis(cx, s->ncx, s->p.periodic, s->p.lx, ix, sx);
  ny = ed3ev_axis(cy, s->ncy, s->p.periodic, s->p.ly, iy, sy);
  for (nb->nh = 0, cz = z0; cz <= z1; cz++)
    for (ky = 0; ky < ny; ky++)
      for (row = (cz * s->ncy + iy[ky]) * s->ncx, kx = 0; kx < nx; kx++) {
        h = s->head[row + ix[kx]];
        __builtin_prefetch(&s->s[h >= 0 ? h : i]);
        nb->hd[nb->nh] = h;
        nb->sx[nb->nh] = sx[kx];
        nb->sy[nb->nh] = sy[ky];
        nb->nh += h >= 0;
      }
}

/* The first sphere other than i in the cells of nb, -1 when none. */
static int ed3ev_first(const struct gr_ed3 *s, int i, const struct ed3ev_near *nb)
{
  int k, j;
  for (k = 0; k < nb->nh; k++)
    for (j = nb->hd[k]; j >= 0; j = s->s[j].next)
      if (j != i)
        return j;
  return -1;
}

/* The pair search: sphere i against the spheres of its cells nb (its 27 cells, z
 * clipped; x, y wrapped when periodic, the partner's image shifted by a
 * box length, else clipped); the earliest meeting at or before *tbest
 * (absolute) sets *tbest, *partner (the first found wins a tie, so with
 * *tbest = +inf and *partner < 0 and no meeting the first candidate is
 * the partner: the pairs dropped by tball's test leave only that case). */
static void ed3ev_cells(const struct gr_ed3 *s, int i, const struct ed3ev_near *nb, double *tbest,
                        int *partner)
{
  const struct ed3_sph *sp = s->s, *me = &s->s[i];
  int k, j, best = *partner;
  double now = s->t, g = s->p.g, t, dt = now - me->tau, ri[3], vi[3], rad = me->r;
  double tmax = *tbest - now;
  ri[0] = me->x + me->vx * dt;
  ri[1] = me->y + me->vy * dt;
  ri[2] = me->z + (me->vz - 0.5 * g * dt) * dt;
  vi[0] = me->vx;
  vi[1] = me->vy;
  vi[2] = me->vz - g * dt;
  for (k = 0; k < nb->nh; k++)
    for (j = nb->hd[k]; j >= 0; j = sp[j].next)
      if (j != i && ed3ev_tball(ri, vi, rad, &sp[j], now, g, nb->sx[k], nb->sy[k], tmax, &t) &&
          (t < tmax || (t == tmax && best < 0))) {
        tmax = t;
        best = j;
      }
  if (tmax == HUGE_VAL && *partner < 0)
    best = ed3ev_first(s, i, nb);
  if (best >= 0) {
    *tbest = now + tmax;
    *partner = best;
  }
}

/* The time after `now` at which a height z0 + v s - g s^2 / 2 (s from
 * now) reaches level zl from above (descending), or +inf. */
static double ed3ev_down(double z0, double v, double g, double zl)
{
  double dz = z0 - zl, disc;
  if (dz <= 0.0 && v <= 0.0)
    return 0.0;
  if (g == 0.0)
    return v < 0.0 ? dz / -v : HUGE_VAL;
  disc = v * v + 2.0 * g * dz;
  if (disc < 0.0)
    disc = 0.0;
  return v >= 0.0 ? (v + sqrt(disc)) / g : 2.0 * dz / (sqrt(disc) - v);
}

/* ... reaches level zu from below (ascending), or +inf. */
static double ed3ev_up(double z0, double v, double g, double zu)
{
  double dz = zu - z0, disc;
  if (v <= 0.0)
    return HUGE_VAL;
  if (dz <= 0.0)
    return 0.0;
  disc = v * v - 2.0 * g * dz;
  if (disc < 0.0)
    return HUGE_VAL;
  return 2.0 * dz / (v + sqrt(disc));
}

/* twall: sphere i's (in cell cc) earliest boundary event other than the
 * plate, from its state brought to now: the crossings of its cell's faces (a periodic wrap
 * is a crossing), the side walls and the lid; its time into *tw (absolute,
 * +inf when none), its code returned. */
static int ed3ev_twall(const struct gr_ed3 *s, int i, const int cc[3], double *tw)
{
  const struct ed3_sph *q = &s->s[i];
  int cx = cc[0], cy = cc[1], cz = cc[2];
  int code = ED3_NOWALL, per = s->p.periodic;
  double dt = s->t - q->tau, r = q->r, best = HUGE_VAL, w, b;
  double x = q->x + q->vx * dt, y = q->y + q->vy * dt;
  double z = q->z + q->vz * dt - 0.5 * s->p.g * dt * dt, vz = q->vz - s->p.g * dt;
  if (q->vx > 0.0) {
    b = cx == s->ncx - 1 ? (per ? s->p.lx : s->p.lx - r) : (cx + 1) * s->cw;
    best = (b - x) / q->vx;
    code = cx == s->ncx - 1 && !per ? ED3_W_XHI : ED3_VW_XHI;
  } else if (q->vx < 0.0) {
    b = cx == 0 ? (per ? 0.0 : r) : cx * s->cw;
    best = (b - x) / q->vx;
    code = cx == 0 && !per ? ED3_W_XLO : ED3_VW_XLO;
  }
  w = HUGE_VAL;
  if (q->vy > 0.0)
    w = ((cy == s->ncy - 1 ? (per ? s->p.ly : s->p.ly - r) : (cy + 1) * s->ch) - y) / q->vy;
  else if (q->vy < 0.0)
    w = ((cy == 0 ? (per ? 0.0 : r) : cy * s->ch) - y) / q->vy;
  if (w < best) {
    best = w;
    code = q->vy > 0.0 ? (cy == s->ncy - 1 && !per ? ED3_W_YHI : ED3_VW_YHI)
                       : (cy == 0 && !per ? ED3_W_YLO : ED3_VW_YLO);
  }
  if (cz > 0 && (w = ed3ev_down(z, vz, s->p.g, s->zbot + cz * s->hz)) < best) {
    best = w;
    code = ED3_VW_ZLO;
  }
  if (cz < s->ncz - 1) {
    if ((w = ed3ev_up(z, vz, s->p.g, s->zbot + (cz + 1) * s->hz)) < best) {
      best = w;
      code = ED3_VW_ZHI;
    }
  } else if (s->lid_on && (w = ed3ev_up(z, vz, s->p.g, s->p.lid - r)) < best) {
    best = w;
    code = ED3_LID;
  }
  if (best < 0.0) /* round-off put the sphere a hair past the face */
    best = 0.0;
  *tw = best == HUGE_VAL ? HUGE_VAL : s->t + best;
  return code;
}

/* No contact with the plate before hor, by the lower bound of the gap
 * h(now + u) >= h + (v_z - v_p) u - (g + A omega^2) u^2 / 2 (concave in u:
 * positive at both ends, positive between), from the plate's state now. */
static inline int ed3ev_plate_far(const struct gr_ed3 *s, const struct ed3_sph *q, double hor)
{
  double dt = s->t - q->tau, u = hor - s->t, g = s->p.g;
  double h = q->z + (q->vz - 0.5 * g * dt) * dt - q->r - s->pc_z, hd = q->vz - g * dt - s->pc_v;
  return h > 0.0 && h + u * (hd - 0.5 * (g + s->pl.acc) * u) > 0.0;
}

/* The plate search: when sphere i's cell (its layer cz) may reach the plate, its first
 * contact before hor becomes its boundary event (*tw, *code) if not later
 * than it; when none is found, the search's horizon does if earlier
 * (ED3_HORIZON: the sphere is predicted again from there). */
static void ed3ev_plate(struct gr_ed3 *s, int i, int cz, double hor, double *tw, int *code)
{
  const struct ed3_sph *q = &s->s[i];
  double th;
  if (cz >= s->nzplate)
    return;
  if (s->pc_t != s->t) {
    gr_ed3_plate_eval(&s->pl, s->t, &s->pc_z, &s->pc_v, NULL);
    s->pc_t = s->t;
  }
  if (!ed3ev_plate_far(s, q, hor) &&
      gr_ed3_plate_contact(&s->pl, q->tau, q->z, q->vz, q->r, s->t, hor, &th, &s->plate_nfun)) {
    if (th <= *tw) {
      *tw = th;
      *code = ED3_PLATE;
    }
  } else if (hor < *tw) {
    *tw = hor;
    *code = ED3_HORIZON;
  }
}

/* Sphere i's next event from now, from scratch (one per sphere, after
 * Lubachevsky 1991 and Isobe 1999): its boundary event (twall), the
 * earliest pair event not after it (the pair search over its cells nb,
 * bounded by it), the plate searched up to the earlier of the two or two
 * periods; a pair event wins a tie.  Later pair events are not kept: the
 * sphere is predicted again at its event, whatever it is (collision,
 * crossing, horizon, or a pair event gone stale), which comes before any
 * of them. */
static void ed3ev_predict_near(struct gr_ed3 *s, int i, const struct ed3ev_near *nb)
{
  struct ed3_lml *m = &s->a[i].m;
  double tw, tp, hor = s->t + 2.0 * s->pl.period;
  int code, pj = -1;
  code = ed3ev_twall(s, i, nb->cc, &tw);
  tp = tw;
  ed3ev_cells(s, i, nb, &tp, &pj);
  ed3ev_plate(s, i, nb->cc[2], tp < hor ? tp : hor, &tw, &code);
  if (pj >= 0 && tp <= tw) {
    m->t = tp;
    m->partner = pj;
    m->c = s->cnt[pj];
    m->pair = 1;
  } else {
    m->t = tw;
    m->partner = code;
    m->c = 0;
    m->pair = 0;
  }
}

/* The riding sphere's one event: the take-off (ed3ride.c). */
static void ed3ev_predict_ride(struct gr_ed3 *s, int i)
{
  struct ed3_lml *m = &s->a[i].m;
  m->t = s->ride_toff;
  m->partner = ED3_TAKEOFF;
  m->c = 0;
  m->pair = 0;
}

void gr_ed3ev_predict(struct gr_ed3 *s, int i)
{
  struct ed3ev_near nb;
  if (s->riding) {
    ed3ev_predict_ride(s, i);
    return;
  }
  ed3ev_gather(s, i, &nb);
  ed3ev_predict_near(s, i, &nb);
}

/* Spheres a then b predicted again (after their collision): both
 * searches' cells gathered first, so that b's misses overlap a's search
 * (the cells do not change in between). */
static void ed3ev_predict_pair(struct gr_ed3 *s, int a, int b)
{
  struct ed3ev_near na, nb;
  if (s->riding) {
    gr_ed3ev_predict(s, a);
    gr_ed3ev_predict(s, b);
    return;
  }
  ed3ev_gather(s, a, &na);
  ed3ev_gather(s, b, &nb);
  ed3ev_predict_near(s, a, &na);
  ed3ev_predict_near(s, b, &nb);
}

void gr_ed3ev_freev(struct gr_ed3 *s, int i, double t)
{
  struct ed3_sph *q = &s->s[i];
  double dt = t - q->tau;
  q->x += q->vx * dt;
  q->y += q->vy * dt;
  q->z += q->vz * dt - 0.5 * s->p.g * dt * dt;
  q->vz -= s->p.g * dt;
  q->tau = t;
}

/* Kinetic energy of sphere i (translation and spin). */
static double ed3ev_ke(const struct gr_ed3 *s, int i)
{
  const struct ed3_sph *q = &s->s[i];
  const struct ed3_aux *a = &s->a[i];
  double m = 1.0 / ed3_imass(s, i), r = q->r;
  return 0.5 * m * (q->vx * q->vx + q->vy * q->vy + q->vz * q->vz) +
         0.5 * s->p.K * m * r * r * (a->wx * a->wx + a->wy * a->wy + a->wz * a->wz);
}

/* Pair collision of i and j at t (lower index first): normal from a to b
 * by the minimum image, the operator of ed3coll.h. */
static void ed3ev_pair(struct gr_ed3 *s, int i, int j, double t)
{
  int a = i < j ? i : j, b = i < j ? j : i;
  struct ed3_sph *p = &s->s[a], *q = &s->s[b];
  double n[3], d, va[3], vb[3], wa[3], wb[3], e0;
  gr_ed3ev_freev(s, a, t);
  gr_ed3ev_freev(s, b, t);
  n[0] = q->x - p->x;
  n[1] = q->y - p->y;
  n[2] = q->z - p->z;
  if (s->p.periodic) {
    n[0] -= n[0] > 0.5 * s->p.lx ? s->p.lx : n[0] < -0.5 * s->p.lx ? -s->p.lx : 0.0;
    n[1] -= n[1] > 0.5 * s->p.ly ? s->p.ly : n[1] < -0.5 * s->p.ly ? -s->p.ly : 0.0;
  }
  d = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  if (d < ((double)p->r + (double)q->r) * (1.0 - 1e-9))
    s->k.overlaps++;
  n[0] /= d;
  n[1] /= d;
  n[2] /= d;
  e0 = ed3ev_ke(s, a) + ed3ev_ke(s, b);
  va[0] = p->vx; va[1] = p->vy; va[2] = p->vz;
  vb[0] = q->vx; vb[1] = q->vy; vb[2] = q->vz;
  wa[0] = s->a[a].wx; wa[1] = s->a[a].wy; wa[2] = s->a[a].wz;
  wb[0] = s->a[b].wx; wb[1] = s->a[b].wy; wb[2] = s->a[b].wz;
  (void)gr_ed3_collide(t - s->a[a].tlast < s->p.tc || t - s->a[b].tlast < s->p.tc ? &s->law_tc : &s->law, n,
                       ed3_imass(s, a), p->r, va, wa, ed3_imass(s, b), q->r, vb, wb, NULL);
  s->a[a].tlast = t;
  s->a[b].tlast = t;
  p->vx = va[0]; p->vy = va[1]; p->vz = va[2];
  q->vx = vb[0]; q->vy = vb[1]; q->vz = vb[2];
  s->a[a].wx = wa[0]; s->a[a].wy = wa[1]; s->a[a].wz = wa[2];
  s->a[b].wx = wb[0]; s->a[b].wy = wb[1]; s->a[b].wz = wb[2];
  s->k.e_lost += e0 - ed3ev_ke(s, a) - ed3ev_ke(s, b);
  s->cnt[a]++;
  s->cnt[b]++;
  s->k.pair++;
}

/* A collision of sphere i with a surface (plate, wall, lid) at t: normal n
 * from the sphere into the surface, the surface moving with velocity
 * (0, 0, vs_z); the gap checked against overlap. */
static void ed3ev_surface(struct gr_ed3 *s, int i, double t, int code)
{
  struct ed3_sph *q = &s->s[i];
  double n[3] = {0.0, 0.0, 0.0}, v[3], w[3], vs[3] = {0.0, 0.0, 0.0}, zp, gap, r = q->r;
  gr_ed3ev_freev(s, i, t);
  switch (code) {
  case ED3_PLATE:
    n[2] = -1.0;
    gr_ed3_plate_eval(&s->pl, t, &zp, &vs[2], NULL);
    gap = q->z - r - zp;
    s->k.plate++;
    break;
  case ED3_LID:
    n[2] = 1.0;
    gap = s->p.lid - r - q->z;
    s->k.lid++;
    break;
  case ED3_W_XLO: n[0] = -1.0; gap = q->x - r; s->k.wall++; break;
  case ED3_W_XHI: n[0] = 1.0; gap = s->p.lx - r - q->x; s->k.wall++; break;
  case ED3_W_YLO: n[1] = -1.0; gap = q->y - r; s->k.wall++; break;
  default: n[1] = 1.0; gap = s->p.ly - r - q->y; s->k.wall++; break;
  }
  if (gap < -1e-9 * r)
    s->k.overlaps++;
  v[0] = q->vx; v[1] = q->vy; v[2] = q->vz;
  w[0] = s->a[i].wx; w[1] = s->a[i].wy; w[2] = s->a[i].wz;
  (void)gr_ed3_collide(t - s->a[i].tlast < s->p.tc ? &s->law_tc : &s->law, n, ed3_imass(s, i), r, v, w, 0.0,
                       0.0, vs, NULL, NULL);
  s->a[i].tlast = t;
  q->vx = v[0]; q->vy = v[1]; q->vz = v[2];
  s->a[i].wx = w[0]; s->a[i].wy = w[1]; s->a[i].wz = w[2];
  s->cnt[i]++;
  if (code == ED3_PLATE && s->p.ride_v > 0.0)
    gr_ed3ride_land(s, i, t);
}

/* A cell crossing (updateM): relink sphere i into the next cell (a
 * periodic wrap shifts its state by the box length). */
static void ed3ev_cross(struct gr_ed3 *s, int i)
{
  struct ed3_aux *a = &s->a[i];
  int c = ed3_cell_of(s, i), cx = a->cx, cy = a->cy, cz = a->cz, *p;
  switch (s->a[i].m.partner) {
  case ED3_VW_XLO: if (--cx < 0) { cx += s->ncx; s->s[i].x += s->p.lx; } break;
  case ED3_VW_XHI: if (++cx >= s->ncx) { cx -= s->ncx; s->s[i].x -= s->p.lx; } break;
  case ED3_VW_YLO: if (--cy < 0) { cy += s->ncy; s->s[i].y += s->p.ly; } break;
  case ED3_VW_YHI: if (++cy >= s->ncy) { cy -= s->ncy; s->s[i].y -= s->p.ly; } break;
  case ED3_VW_ZLO: cz--; break;
  default: cz++; break;
  }
  for (p = &s->head[c]; *p != i; p = &s->s[*p].next) /* a cell holds a sphere or two */
    ;
  *p = s->s[i].next;
  ed3_cell_set(s, i, cx, cy, cz);
  c = ed3_cell_of(s, i);
  s->s[i].next = s->head[c];
  s->head[c] = i;
  s->k.cell++;
}

/* Process the event at sphere i's key (time t = s->t, the event current):
 * a collision predicts both spheres again, a crossing or horizon the one. */
void gr_ed3ev_process(struct gr_ed3 *s, int i, double t)
{
  const struct ed3_lml *m = &s->a[i].m;
  int j = m->partner;
  s->k.events++;
  if (m->pair) {
    ed3ev_pair(s, i, j, t);
    ed3ev_predict_pair(s, i < j ? i : j, i < j ? j : i);
    ed3_queue_update(s, i, s->a[i].m.t);
    ed3_queue_update(s, j, s->a[j].m.t);
    return;
  }
  if (j == ED3_TAKEOFF)
    gr_ed3ride_takeoff(s, i);
  else if (j == ED3_HORIZON)
    s->k.horizon++;
  else if (j <= ED3_VW_ZHI)
    ed3ev_cross(s, i);
  else
    ed3ev_surface(s, i, t, j);
  gr_ed3ev_predict(s, i);
  ed3_queue_update(s, i, s->a[i].m.t);
}

/* Sphere i's pair event gone stale (its partner collided since): predicted
 * again from now (s->t, the stale event's time). */
void gr_ed3ev_stale(struct gr_ed3 *s, int i)
{
  s->k.stale++;
  gr_ed3ev_predict(s, i);
  ed3_queue_update(s, i, s->a[i].m.t);
}
