/* granrepro physics: event-driven hard disks (Marin, Risso & Cordero 1993,
 * as in Wilson 2001, sections 2.1-2.3, appendix A.1): set-up, the main loop
 * (NEXT_EVENT and its SWITCH) and the collapse watchdog.  See edmd.h; the
 * events themselves are in edevent.c. */
#include "physics/edmd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/edevent.h"
#include "physics/edmem.h"

/* Cell width w = clamp(0.2 / phi, 1, 2) d for area fraction phi: measured
 * fastest among 1, 1.5, 2, 3 d (1 d at phi >= 0.3, 1.5-2 d at phi = 0.1,
 * where the mean free path 0.55 d / phi is long and narrow cells cost many
 * virtual-wall crossings).  A cell must be at least d wide for the 3 x 3
 * neighbourhood to hold every possible partner (section 2.1). */
void gr_edmd_cells(const struct gr_edmd_params *p, int *ncx, int *ncy)
{
  double phi = p->n * 0.7853981633974483 * p->d * p->d / (p->lx * p->ly);
  double f = phi > 0.1 ? 0.2 / phi : 2.0, w = (f < 1.0 ? 1.0 : f) * p->d;
  *ncx = p->ncx > 0 ? p->ncx : (int)(p->lx / w);
  *ncy = p->ncy > 0 ? p->ncy : (int)(p->ly / w);
  if (*ncx < 1) *ncx = 1;
  if (*ncy < 1) *ncy = 1;
}

void gr_edmd_free(struct gr_edmd *s)
{
  if (s == NULL)
    return;
  free(s->disk); free(s->tlast); free(s->headm);
  free(s->pool); free(s->lml);
  gr_edcq_free(&s->cq);
  gr_edtree_free(&s->tree);
  free(s);
}

/* Parameters in range and every disk inside the box. */
static int edmd_valid(const struct gr_edmd_params *p, int ncx, int ncy,
                      const double *x, const double *y)
{
  double r = 0.5 * p->d;
  int i;
  if (p->n < 1 || !(p->d > 0.0) || !(p->lx > p->d) || !(p->ly > p->d) ||
      gr_edrule_check(&p->rule) != GR_OK || !(p->watch_factor >= 0.0) ||
      p->watch_window < 0 || p->watch_window > GR_EDMD_WINDOW ||
      p->queue < GR_EDMD_AUTO || p->queue > GR_EDMD_CALENDAR)
    return GR_EINPUT;
  if (p->lx / ncx < p->d || p->ly / ncy < p->d)
    return GR_EINPUT;
  for (i = 0; i < p->n; i++)
    if (!(x[i] >= r && x[i] <= p->lx - r && y[i] >= r && y[i] <= p->ly - r))
      return GR_EINPUT;
  return GR_OK;
}

/* Allocate the arrays; GR_ENOMEM when out of memory. */
static int edmd_alloc(struct gr_edmd *s, int n, int ncell)
{
  size_t un = (size_t)n;
  int k;
  s->npool = 8 * n + 64;
  s->disk = gr_edmem_alloc(un * sizeof *s->disk);
  s->tlast = malloc(un * sizeof *s->tlast);
  s->headm = gr_edmem_alloc((size_t)(ncell + 2 * (s->p.ncx + 1)) * sizeof *s->headm);
  s->head = s->headm + s->p.ncx + 1;
  s->pool = gr_edmem_alloc((size_t)s->npool * sizeof *s->pool);
  s->lml = gr_edmem_alloc(un * sizeof *s->lml);
  if (!s->disk || !s->tlast || !s->headm || !s->pool || !s->lml)
    return GR_ENOMEM;
  for (k = 0; k < s->npool; k++)
    s->pool[k].next = k + 1 < s->npool ? k + 1 : -1;
  s->free = 0;
  for (k = 0; k < ncell + 2 * (s->p.ncx + 1); k++)
    s->headm[k] = -1;
  return GR_OK;
}

/* Two disks closer than d (checked within the 3 x 3 cells). */
static int edmd_overlap(const struct gr_edmd *s)
{
  int i, j, cx, cy, x, y;
  double dx, dy, d2 = s->p.d * s->p.d * (1.0 - 1e-12);
  for (i = 0; i < s->p.n; i++) {
    cx = s->disk[i].cell % s->p.ncx;
    cy = s->disk[i].cell / s->p.ncx;
    for (y = cy - 1; y <= cy + 1; y++)
      for (x = cx - 1; x <= cx + 1; x++) {
        if (x < 0 || y < 0 || x >= s->p.ncx || y >= s->p.ncy)
          continue;
        for (j = s->head[y * s->p.ncx + x]; j >= 0; j = s->disk[j].next) {
          if (j <= i)
            continue;
          dx = s->disk[j].x - s->disk[i].x;
          dy = s->disk[j].y - s->disk[i].y;
          if (dx * dx + dy * dy < d2)
            return 1;
        }
      }
  }
  return 0;
}

/* MAIN FUNCTION's initialisation: states, cell matrix, local lists and
 * minima, and the future-event list over the local minima (create_cbt). */
int gr_edmd_new(const struct gr_edmd_params *p, const double *x, const double *y,
                const double *vx, const double *vy, struct gr_edmd **out)
{
  struct gr_edmd *s;
  double *keys;
  int ncx, ncy, i, cx, cy, rc;
  *out = NULL;
  gr_edmd_cells(p, &ncx, &ncy);
  if (edmd_valid(p, ncx, ncy, x, y) != GR_OK)
    return GR_EINPUT;
  if ((s = calloc(1, sizeof *s)) == NULL)
    return GR_ENOMEM;
  s->p = *p;
  s->p.ncx = ncx;
  s->p.ncy = ncy;
  if (s->p.watch_factor == 0.0)
    s->p.watch_factor = 1e4;
  if (s->p.watch_window == 0)
    s->p.watch_window = 32;
  s->mlp = p->n > GR_EDMD_MLP_MINN;
  if (s->p.queue == GR_EDMD_AUTO)
    s->p.queue = p->n <= GR_EDMD_CQ_MAXN ? GR_EDMD_CALENDAR : GR_EDMD_TREE;
  s->cw = p->lx / ncx;
  s->ch = p->ly / ncy;
  if ((rc = edmd_alloc(s, p->n, ncx * ncy)) != GR_OK) {
    gr_edmd_free(s);
    return rc;
  }
  for (i = p->n - 1; i >= 0; i--) {
    s->disk[i] = (struct gr_edmd_disk){x[i], y[i], vx[i], vy[i], 0.0, 0, -1, -1, 0, -1, 0};
    s->tlast[i] = -HUGE_VAL;
    s->disk[i].list = -1;
    cx = (int)(x[i] / s->cw);
    cy = (int)(y[i] / s->ch);
    cx = cx < 0 ? 0 : cx >= ncx ? ncx - 1 : cx;
    cy = cy < 0 ? 0 : cy >= ncy ? ncy - 1 : cy;
    s->disk[i].cell = cy * ncx + cx;
    s->disk[i].prev = -1;
    s->disk[i].next = s->head[s->disk[i].cell];
    if (s->disk[i].next >= 0)
      s->disk[s->disk[i].next].prev = i;
    s->head[s->disk[i].cell] = i;
  }
  if (edmd_overlap(s)) {
    gr_edmd_free(s);
    return GR_EINPUT;
  }
  for (i = 0; i < p->n; i++)
    if (gr_edevent_predict(s, i) != GR_OK) {
      gr_edmd_free(s);
      return GR_ENOMEM;
    }
  if ((keys = malloc((size_t)p->n * sizeof *keys)) == NULL) {
    gr_edmd_free(s);
    return GR_ENOMEM;
  }
  for (i = 0; i < p->n; i++)
    keys[i] = s->lml[i].t;
  rc = s->p.queue == GR_EDMD_CALENDAR ? gr_edcq_init(&s->cq, p->n, keys)
                                     : gr_edtree_init(&s->tree, p->n, keys);
  free(keys);
  if (rc != GR_OK) {
    gr_edmd_free(s);
    return GR_ENOMEM;
  }
  *out = s;
  return GR_OK;
}

/* The watchdog's report: the distinct disks of the window's collisions,
 * the GR_EDMD_REPORT busiest first. */
static void edmd_report(struct gr_edmd *s, double t, double dt, double ratio)
{
  struct gr_edmd_collapse *c = &s->collapse;
  int seen[2 * GR_EDMD_WINDOW], cnt[2 * GR_EDMD_WINDOW], ns = 0, w, k, m, d;
  c->t = t;
  c->window_dt = dt;
  c->rate_ratio = ratio;
  for (w = 0; w < 2 * s->p.watch_window; w++) {
    d = w & 1 ? s->wj[w >> 1] : s->wi[w >> 1];
    for (k = 0; k < ns && seen[k] != d; k++)
      ;
    if (k == ns) {
      seen[ns] = d;
      cnt[ns++] = 0;
    }
    cnt[k]++;
  }
  c->ndisks = ns;
  for (m = 0; m < GR_EDMD_REPORT && m < ns; m++) { /* selection of the busiest */
    for (w = m, k = m + 1; k < ns; k++)
      if (cnt[k] > cnt[w] || (cnt[k] == cnt[w] && seen[k] < seen[w]))
        w = k;
    d = seen[w]; seen[w] = seen[m]; seen[m] = d;
    d = cnt[w]; cnt[w] = cnt[m]; cnt[m] = d;
    c->disk[m] = seen[m];
    c->count[m] = cnt[m];
    gr_edmd_position(s, seen[m], t, &c->x[m], &c->y[m]);
  }
  s->status = GR_EDMD_COLLAPSE;
}

/* The watchdog: a ring of the last watch_window DDCs.  When they span less
 * than 1/watch_factor of the time the run's average rate gives so many
 * collisions (or no time at all), collisions are piling up in finite time:
 * inelastic collapse.  A free gas only slows down as it cools, and in an
 * elastic gas 32 consecutive collisions coming 1e4 times faster than
 * average has probability ~ (3.2e-3)^32 / 32! (sum of exponential waits). */
static void edmd_watch(struct gr_edmd *s, int i, int j, double t)
{
  int w = s->p.watch_window, k = (int)(s->k.ddc % w);
  double oldest = s->wt[k], dt, avg;
  s->wt[k] = t;
  s->wi[k] = i;
  s->wj[k] = j;
  if (s->k.ddc <= w)
    return;
  dt = t - oldest;
  avg = t / (double)s->k.ddc * w;
  if (dt * s->p.watch_factor < avg)
    edmd_report(s, t, dt, dt > 0.0 ? avg / dt : HUGE_VAL);
}

/* Ask for the cell heads of the 3 x 3 cells around cell c, which the
 * event will read: a DDC sweeps them, a VWC relinks into one of them.  A
 * row's 3 heads (12 bytes) mostly share the middle one's line; the padding
 * of headm keeps the rows above and below inside the allocation. */
static inline void edmd_prefetch_cells(const struct gr_edmd *s, int c)
{
  __builtin_prefetch(&s->head[c - s->p.ncx]);
  __builtin_prefetch(&s->head[c]);
  __builtin_prefetch(&s->head[c + s->p.ncx]);
}

/* NEXT_EVENT and the SWITCH of MAIN FUNCTION for one valid event. */
int gr_edmd_step(struct gr_edmd *s, double t_end, struct gr_edmd_event *ev)
{
  int i, j, cure = 0, rc, type;
  double t;
  if (s->status == GR_EDMD_COLLAPSE || s->status == GR_EDMD_NOMEM)
    return -1;
  for (;;) {
    if (s->p.queue == GR_EDMD_CALENDAR) {
      i = gr_edcq_min(&s->cq, &t);
    } else {
      i = gr_edtree_min(&s->tree);
      t = gr_edtree_min_key(&s->tree);
    }
    __builtin_prefetch(&s->disk[i]); /* needed by every event type: overlap its miss with the local minimum's */
    if (!(t <= t_end) || t == HUGE_VAL) /* nothing left, ever: all disks at rest */
      return 0;
    j = s->lml[i].partner;
    type = gr_edmd_lml_type(&s->lml[i]);
    if (s->mlp)
      edmd_prefetch_cells(s, s->lml[i].cell); /* before the states arrive */
    if (type == GR_EDMD_DDC) {
      __builtin_prefetch(&s->lml[j]); /* the partner's local minimum, rewritten after the collision */
      if (s->lml[i].c != s->disk[j].c) {
        gr_edevent_stale(s, i);
        continue;
      }
    }
    break;
  }
  s->t = t;
  if (s->mlp) { /* the queue's lines, written at the end of the event */
    gr_edmd_queue_prefetch(s, i);
    if (type == GR_EDMD_DDC)
      gr_edmd_queue_prefetch(s, j);
  }
  switch (type) {
  case GR_EDMD_DDC: rc = gr_edevent_ddc(s, i, j, t, &cure); break;
  case GR_EDMD_DWC: rc = gr_edevent_dwc(s, i, t); break;
  default: rc = gr_edevent_vwc(s, i); break;
  }
  if (ev != NULL)
    *ev = (struct gr_edmd_event){type, i, j, t, cure};
  if (rc != 0) {
    s->status = GR_EDMD_NOMEM;
    return -1;
  }
  if (type == GR_EDMD_DDC)
    edmd_watch(s, i, j, t);
  return 1;
}

int gr_edmd_run(struct gr_edmd *s, double t_end, long long max_ddc)
{
  long long stop = max_ddc > 0 ? s->k.ddc + max_ddc : -1;
  int rc;
  while ((rc = gr_edmd_step(s, t_end, NULL)) == 1)
    if (s->k.ddc == stop)
      return s->status = GR_EDMD_LIMIT;
  if (rc < 0)
    return s->status;
  s->t = t_end;
  return s->status = GR_EDMD_DONE;
}

void gr_edmd_position(const struct gr_edmd *s, int i, double t, double *x, double *y)
{
  const struct gr_edmd_disk *q = &s->disk[i];
  *x = q->x + q->vx * (t - q->tau);
  *y = q->y + q->vy * (t - q->tau);
}

double gr_edmd_kinetic(const struct gr_edmd *s)
{
  double k = 0.0;
  int i;
  for (i = 0; i < s->p.n; i++)
    k += 0.5 * (s->disk[i].vx * s->disk[i].vx + s->disk[i].vy * s->disk[i].vy);
  return k;
}

void gr_edmd_momentum(const struct gr_edmd *s, double *px, double *py)
{
  int i;
  *px = *py = 0.0;
  for (i = 0; i < s->p.n; i++) {
    *px += s->disk[i].vx;
    *py += s->disk[i].vy;
  }
}
