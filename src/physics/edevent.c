/* granrepro physics: predictions and event processing of the hard-disk
 * engine (Wilson 2001, sections 2.2-2.3 and appendix A.1: tball, twall,
 * freev, diskev, wallev, updateM, predictions).  See edmd.h.
 *
 * Cost at phi 0.3 (callgrind): 2751 / 3210 / 3316 instructions per
 * collision at 1e4 / 1e5 / 1e6 disks, most in the pair searches (8 pair
 * predictions per collision) and the queue; at 1e6 some 19 misses to DRAM
 * per collision, 7.4 of them in the pair searches (one line per partner).
 * Above GR_EDMD_MLP_MINN disks the searches first ask for all partner
 * states and the step for the cell heads, the queue's leaf and the old
 * lists, so that the misses overlap.  Measurements and what was tried:
 * docs/speed-history.md#edevent. */
#include "physics/edevent.h"

#include <math.h>
#include <stdlib.h>

/* tball: Lubachevsky's formula.  Both disks are brought to the later of
 * their update times t0; with dr, dv = r_b - r_a, v_b - v_a they meet when
 * |dr + dv s| = d, i.e. at s = (-b - sqrt(b^2 - a c)) / a with b = dr.dv,
 * a = dv.dv, c = dr.dr - d^2, written c / (-b + sqrt(b^2 - a c)) to avoid
 * cancellation.  Approaching disks that overlap by round-off meet at t0. */
static inline double edevent_tball(const struct gr_edmd_disk *p,
                                   const struct gr_edmd_disk *q, double d2)
{
  double t0 = p->tau > q->tau ? p->tau : q->tau;
  double dx = (q->x + q->vx * (t0 - q->tau)) - (p->x + p->vx * (t0 - p->tau));
  double dy = (q->y + q->vy * (t0 - q->tau)) - (p->y + p->vy * (t0 - p->tau));
  double dvx = q->vx - p->vx, dvy = q->vy - p->vy;
  double bb = dx * dvx + dy * dvy, cc, disc;
  if (bb >= 0.0)
    return HUGE_VAL;
  cc = dx * dx + dy * dy - d2;
  disc = bb * bb - (dvx * dvx + dvy * dvy) * cc;
  if (disc < 0.0)
    return HUGE_VAL;
  if (cc <= 0.0)
    return t0;
  return t0 + cc / (-bb + sqrt(disc));
}

double gr_edmd_pair_time(const struct gr_edmd *s, int a, int b)
{
  return edevent_tball(&s->disk[a], &s->disk[b], s->p.d * s->p.d);
}

/* Double the pool when its free list is empty (rare: the pool starts at
 * 8 nodes per disk; edpool.h).  GR_ENOMEM when out of memory. */
static int edevent_grow(struct gr_edmd *s)
{
  if (gr_edpool_grow(&s->pool, &s->npool, &s->free) != GR_OK)
    return GR_ENOMEM;
  s->k.pool_grow++;
  return GR_OK;
}

/* Give the list that starts at node k back to the pool. */
static void edevent_free(struct gr_edmd *s, int k)
{
  gr_edpool_release(s->pool, &s->free, k);
}

/* event_clear: give disk i's list back to the pool. */
static void edevent_clear(struct gr_edmd *s, int i)
{
  edevent_free(s, s->disk[i].list);
  s->disk[i].list = -1;
}

/* twall: the earlier of the x and y crossings of disk i's cell (cx, cy),
 * passed by the caller, who has them: no second division by ncx; a crossing
 * of an outer cell's outer side is the hard wall, met at distance d/2. */
static void edevent_twall(struct gr_edmd *s, int i, int cx, int cy)
{
  const struct gr_edmd_disk *q = &s->disk[i];
  int code = -1;
  double r = 0.5 * s->p.d, best = HUGE_VAL, dt;
  if (q->vx > 0.0) {
    code = cx == s->p.ncx - 1 ? GR_EDMD_W_XHI : GR_EDMD_VW_XHI;
    best = ((cx == s->p.ncx - 1 ? s->p.lx - r : (cx + 1) * s->cw) - q->x) / q->vx;
  } else if (q->vx < 0.0) {
    code = cx == 0 ? GR_EDMD_W_XLO : GR_EDMD_VW_XLO;
    best = ((cx == 0 ? r : cx * s->cw) - q->x) / q->vx;
  }
  if (q->vy > 0.0) {
    dt = ((cy == s->p.ncy - 1 ? s->p.ly - r : (cy + 1) * s->ch) - q->y) / q->vy;
    if (dt < best) {
      best = dt;
      code = cy == s->p.ncy - 1 ? GR_EDMD_W_YHI : GR_EDMD_VW_YHI;
    }
  } else if (q->vy < 0.0) {
    dt = ((cy == 0 ? r : cy * s->ch) - q->y) / q->vy;
    if (dt < best) {
      best = dt;
      code = cy == 0 ? GR_EDMD_W_YLO : GR_EDMD_VW_YLO;
    }
  }
  if (best < 0.0) /* round-off put the disk a hair past the boundary */
    best = 0.0;
  s->lml[i].twall = q->tau + best;
  s->disk[i].wall = code;
}

/* local_min: the wall event or the earliest DDC of the list. */
static void edevent_localmin(struct gr_edmd *s, int i)
{
  struct gr_edmd_lml *m = &s->lml[i];
  int k;
  m->t = s->lml[i].twall;
  m->partner = s->disk[i].wall;
  m->c = 0;
  m->ev = -1;
  m->cell = s->disk[i].cell;
  for (k = s->disk[i].list; k >= 0; k = s->pool[k].next)
    if (s->pool[k].t < m->t) {
      m->t = s->pool[k].t;
      m->partner = s->pool[k].partner;
      m->c = s->pool[k].c;
      m->ev = k;
    }
}

/* schedule (DDC part of PREDICTIONS): predict i against every disk of the
 * cells [x0, x1] x [y0, y1] (clipped to the grid), cells in row order and
 * each cell's disks in list order, and keep the finite ones.  Above
 * GR_EDMD_MLP_MINN disks all the cells' first disks are asked for first,
 * so that their misses overlap. */
static int edevent_cells(struct gr_edmd *s, int i, int x0, int x1, int y0, int y1)
{
  const struct gr_edmd_disk *disk = s->disk;
  const int *head = s->head;
  int ncx = s->p.ncx, list = disk[i].list, cx, cy, j, k, a, b, rc = GR_OK;
  long long pairs = 0;
  double t, now = s->t, d2 = s->p.d * s->p.d;
  if (x0 < 0) x0 = 0;
  if (y0 < 0) y0 = 0;
  if (x1 >= ncx) x1 = ncx - 1;
  if (y1 >= s->p.ncy) y1 = s->p.ncy - 1;
  if (s->mlp) /* ask for the cells' first disks before the branches of tball */
    for (cy = y0; cy <= y1; cy++)
      for (cx = x0; cx <= x1; cx++)
        if ((j = head[cy * ncx + cx]) >= 0)
          __builtin_prefetch(&disk[j]);
  for (cy = y0; cy <= y1; cy++)
    for (cx = x0; cx <= x1; cx++)
      for (j = head[cy * ncx + cx]; j >= 0; j = disk[j].next) {
        if (j == i)
          continue;
        pairs++;
        a = i < j ? i : j; /* lower index first */
        b = i ^ j ^ a;
        t = edevent_tball(&disk[a], &disk[b], d2);
        if (t == HUGE_VAL)
          continue;
        if (t < now)
          t = now;
        if (s->free < 0 && edevent_grow(s) != GR_OK) {
          rc = GR_ENOMEM;
          goto out;
        }
        k = s->free;
        s->free = s->pool[k].next;
        s->pool[k].t = t;
        s->pool[k].c = disk[j].c;
        s->pool[k].partner = j;
        s->pool[k].next = list;
        list = k;
      }
out:
  s->disk[i].list = list;
  s->k.pairs += pairs;
  return rc;
}

/* PREDICTIONS for disk i, whose list is empty: its 9 cells, the walls,
 * its local minimum. */
static int edevent_schedule(struct gr_edmd *s, int i)
{
  int cx = s->disk[i].cell % s->p.ncx, cy = s->disk[i].cell / s->p.ncx;
  if (edevent_cells(s, i, cx - 1, cx + 1, cy - 1, cy + 1) != GR_OK)
    return GR_ENOMEM;
  edevent_twall(s, i, cx, cy);
  edevent_localmin(s, i);
  return GR_OK;
}

int gr_edevent_predict(struct gr_edmd *s, int i)
{
  edevent_clear(s, i);
  return edevent_schedule(s, i);
}

/* freev: advance disk i's delayed state to time t. */
static void edevent_freev(struct gr_edmd *s, int i, double t)
{
  struct gr_edmd_disk *q = &s->disk[i];
  q->x += q->vx * (t - q->tau);
  q->y += q->vy * (t - q->tau);
  q->tau = t;
}

/* CASE DDC: freev both, diskev (lower index first), count, predict both. */
int gr_edevent_ddc(struct gr_edmd *s, int i, int j, double t, int *cure)
{
  int a = i < j ? i : j, b = i < j ? j : i, oa, ob, rc;
  struct gr_edmd_disk *p = &s->disk[a], *q = &s->disk[b];
  double nx, ny, r, e0, px0, py0, ta = -HUGE_VAL, tb = -HUGE_VAL;
  edevent_freev(s, a, t);
  edevent_freev(s, b, t);
  nx = q->x - p->x;
  ny = q->y - p->y;
  r = sqrt(nx * nx + ny * ny);
  nx /= r;
  ny /= r;
  e0 = 0.5 * (p->vx * p->vx + p->vy * p->vy + q->vx * q->vx + q->vy * q->vy);
  px0 = p->vx + q->vx;
  py0 = p->vy + q->vy;
  if (s->p.rule.tc > 0.0) { /* the times of the last DDCs matter to the TC model only */
    ta = s->tlast[a];
    tb = s->tlast[b];
    s->tlast[a] = s->tlast[b] = t;
  }
  *cure = (int)gr_edrule_apply(&s->p.rule, nx, ny, &p->vx, &p->vy, &q->vx, &q->vy, ta, tb, t);
  s->k.e_lost += e0 - 0.5 * (p->vx * p->vx + p->vy * p->vy + q->vx * q->vx + q->vy * q->vy);
  s->k.ddc_px += p->vx + q->vx - px0;
  s->k.ddc_py += p->vy + q->vy - py0;
  s->k.cure_tc += *cure == GR_EDRULE_CURE_TC;
  s->k.cure_vcut += *cure == GR_EDRULE_CURE_VCUT;
  s->disk[a].c++;
  s->disk[b].c++;
  s->k.ddc++;
  oa = p->list; /* gr_edevent_predict of a and b; the old lists go back to */
  ob = q->list; /* the pool after the searches, their first nodes asked */
  p->list = q->list = -1; /* for now: their walks wait on no miss */
  if (oa >= 0)
    __builtin_prefetch(&s->pool[oa]);
  if (ob >= 0)
    __builtin_prefetch(&s->pool[ob]);
  rc = edevent_schedule(s, a) != GR_OK || edevent_schedule(s, b) != GR_OK ? GR_ENOMEM : GR_OK;
  edevent_free(s, oa);
  edevent_free(s, ob);
  if (rc != GR_OK)
    return GR_ENOMEM;
  gr_edmd_queue_update(s, a, s->lml[a].t);
  gr_edmd_queue_update(s, b, s->lml[b].t);
  return GR_OK;
}

/* CASE DWC: freev, wallev (elastic reflection), count, predict. */
int gr_edevent_dwc(struct gr_edmd *s, int i, double t)
{
  struct gr_edmd_disk *q = &s->disk[i];
  edevent_freev(s, i, t);
  if (s->disk[i].wall == GR_EDMD_W_XLO || s->disk[i].wall == GR_EDMD_W_XHI) {
    s->k.wall_px -= 2.0 * q->vx;
    q->vx = -q->vx;
  } else {
    s->k.wall_py -= 2.0 * q->vy;
    q->vy = -q->vy;
  }
  s->disk[i].c++;
  s->k.dwc++;
  if (gr_edevent_predict(s, i) != GR_OK)
    return GR_ENOMEM;
  gr_edmd_queue_update(s, i, s->lml[i].t);
  return GR_OK;
}

/* CASE VWC: updateM (move the disk to the next cell, state untouched),
 * predict against the 3 newly adjacent cells only, new wall event. */
int gr_edevent_vwc(struct gr_edmd *s, int i)
{
  int c = s->disk[i].cell, cx = c % s->p.ncx, cy = c / s->p.ncx, rc = GR_OK;
  switch (s->disk[i].wall) {
  case GR_EDMD_VW_XLO: cx--; break;
  case GR_EDMD_VW_XHI: cx++; break;
  case GR_EDMD_VW_YLO: cy--; break;
  default: cy++; break;
  }
  if (s->disk[i].prev >= 0)
    s->disk[s->disk[i].prev].next = s->disk[i].next;
  else
    s->head[c] = s->disk[i].next;
  if (s->disk[i].next >= 0)
    s->disk[s->disk[i].next].prev = s->disk[i].prev;
  c = cy * s->p.ncx + cx;
  s->disk[i].cell = c;
  s->disk[i].prev = -1;
  s->disk[i].next = s->head[c];
  if (s->head[c] >= 0)
    s->disk[s->head[c]].prev = i;
  s->head[c] = i;
  switch (s->disk[i].wall) {
  case GR_EDMD_VW_XLO: rc = edevent_cells(s, i, cx - 1, cx - 1, cy - 1, cy + 1); break;
  case GR_EDMD_VW_XHI: rc = edevent_cells(s, i, cx + 1, cx + 1, cy - 1, cy + 1); break;
  case GR_EDMD_VW_YLO: rc = edevent_cells(s, i, cx - 1, cx + 1, cy - 1, cy - 1); break;
  default: rc = edevent_cells(s, i, cx - 1, cx + 1, cy + 1, cy + 1); break;
  }
  s->k.vwc++;
  edevent_twall(s, i, cx, cy);
  edevent_localmin(s, i);
  gr_edmd_queue_update(s, i, s->lml[i].t);
  return rc;
}

/* A stale DDC (partner's counter moved on): unlink it, next local minimum. */
void gr_edevent_stale(struct gr_edmd *s, int i)
{
  gr_edpool_unlink(s->pool, &s->free, &s->disk[i].list, s->lml[i].ev);
  s->k.stale++;
  edevent_localmin(s, i);
  gr_edmd_queue_update(s, i, s->lml[i].t);
}
