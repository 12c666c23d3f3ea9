/* granrepro physics: calendar queue of the event-driven engine (G. Paul,
 * J. Comput. Phys. 221, 615 (2007); Brown, Commun. ACM 31, 1220 (1988)).
 * See edcq.h. */
#include "physics/edcq.h"
#include "physics/edmem.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>

#define EDCQ_FAR 4e18 /* t / w at and beyond which a key is far (and +inf, NaN) */

/* A key in the buckets (day number representable), not in the far list. */
static inline int edcq_near(const struct gr_edcq *q, double t)
{
  double d = t * q->inv_w;
  return d < EDCQ_FAR && d > -EDCQ_FAR;
}

/* The day of a near key: truncation, monotonic in t, so a smaller key
 * never has a later day. */
static inline long long edcq_day(const struct gr_edcq *q, double t)
{
  return (long long)(t * q->inv_w);
}

/* The head of the list that holds (or will hold) entry i, from its key. */
static inline int *edcq_head(struct gr_edcq *q, int i)
{
  double t = q->node[i].t;
  return edcq_near(q, t) ? &q->head[edcq_day(q, t) & (q->nb - 1)] : &q->far;
}

/* Link entry i at the head of its list. */
static inline void edcq_link(struct gr_edcq *q, int i)
{
  int *h = edcq_head(q, i);
  q->node[i].prev = -1;
  q->node[i].next = *h;
  if (*h >= 0)
    q->node[*h].prev = i;
  *h = i;
}

/* Unlink entry i from its list (its key unchanged since it was linked). */
static inline void edcq_unlink(struct gr_edcq *q, int i)
{
  struct gr_edcq_node *e = &q->node[i];
  if (e->prev >= 0)
    q->node[e->prev].next = e->next;
  else
    *edcq_head(q, i) = e->next;
  if (e->next >= 0)
    q->node[e->next].prev = e->prev;
}

/* (t, i) before (u, j) in the queue's order: smaller key, then lower index. */
static inline int edcq_before(double t, int i, double u, int j)
{
  return t < u || (t == u && i < j);
}

/* Re-bucket every entry for day width w; the current day becomes the
 * earliest day of a near entry. */
static void edcq_rebuild(struct gr_edcq *q, double w)
{
  int i;
  long long d;
  q->w = w;
  q->inv_w = 1.0 / w;
  for (i = 0; i < q->nb; i++)
    q->head[i] = -1;
  q->far = -1;
  q->nnear = 0;
  q->cur = LLONG_MAX;
  for (i = 0; i < q->n; i++) {
    edcq_link(q, i);
    if (edcq_near(q, q->node[i].t)) {
      q->nnear++;
      d = edcq_day(q, q->node[i].t);
      if (d < q->cur)
        q->cur = d;
    }
  }
  if (q->nnear == 0)
    q->cur = 0;
  q->best = -1;
  q->updates = 0;
  q->t_check = (double)q->cur * q->w;
}

/* The initial width: about GR_EDCQ_PERDAY keys per day over the span from
 * the smallest finite key to twice the mean's distance from it (1 if the
 * keys give no span). */
static double edcq_width0(int n, const double *keys)
{
  double lo = HUGE_VAL, sum = 0.0, w;
  int i, m = 0;
  for (i = 0; i < n; i++)
    if (isfinite(keys[i])) {
      lo = keys[i] < lo ? keys[i] : lo;
      sum += keys[i];
      m++;
    }
  if (m == 0)
    return 1.0;
  w = 2.0 * (sum / m - lo) / m * GR_EDCQ_PERDAY;
  return w > 0.0 && isfinite(w) ? w : 1.0;
}

int gr_edcq_init(struct gr_edcq *q, int n, const double *keys)
{
  int i;
  q->n = 0;
  q->node = NULL;
  q->head = NULL;
  if (n < 1)
    return GR_EINPUT;
  for (q->nb = 1; q->nb < n; q->nb *= 2)
    ;
  q->node = gr_edmem_alloc((size_t)n * sizeof *q->node);
  q->head = gr_edmem_alloc((size_t)q->nb * sizeof *q->head);
  if (q->node == NULL || q->head == NULL) {
    gr_edcq_free(q);
    return GR_ENOMEM;
  }
  q->n = n;
  for (i = 0; i < n; i++)
    q->node[i].t = keys[i];
  edcq_rebuild(q, edcq_width0(n, keys));
  return GR_OK;
}

void gr_edcq_free(struct gr_edcq *q)
{
  free(q->node);
  free(q->head);
  q->node = NULL;
  q->head = NULL;
  q->n = 0;
}

/* Width check every n updates: the updates per unit time the current day
 * advanced give the width of GR_EDCQ_PERDAY updates per day; re-bucket
 * when the width is off by more than 2x. */
static void edcq_adapt(struct gr_edcq *q)
{
  double now = (double)q->cur * q->w, dt = now - q->t_check, w;
  if (dt > 0.0) {
    w = GR_EDCQ_PERDAY * dt / (double)q->updates;
    if ((w > 2.0 * q->w || w < 0.5 * q->w) && isfinite(w) && w > 0.0) {
      edcq_rebuild(q, w);
      return;
    }
  }
  q->updates = 0;
  q->t_check = now;
}

void gr_edcq_update(struct gr_edcq *q, int i, double key)
{
  long long d;
  edcq_unlink(q, i);
  q->nnear -= edcq_near(q, q->node[i].t);
  if (i == q->best)
    q->best = -1;
  q->node[i].t = key;
  edcq_link(q, i);
  if (edcq_near(q, key)) {
    d = edcq_day(q, key);
    if (q->nnear++ == 0 || d < q->cur) { /* (a cached far minimum loses to any near key) */
      q->cur = d;
      q->best = -1;
    } else if (d == q->cur && q->best >= 0 && edcq_before(key, i, q->node[q->best].t, q->best)) {
      q->best = i;
    }
  }
  if (++q->updates >= q->n)
    edcq_adapt(q);
}

/* The (key, index) minimum of the list from entry j: of its entries of
 * the current day when only_cur, of all otherwise; -1 when there is none. */
static int edcq_scan(const struct gr_edcq *q, int j, int only_cur)
{
  int best = -1;
  for (; j >= 0; j = q->node[j].next)
    if ((!only_cur || edcq_day(q, q->node[j].t) == q->cur) &&
        (best < 0 || edcq_before(q->node[j].t, j, q->node[best].t, best)))
      best = j;
  return best;
}

/* The earliest day of a near entry (after a year of empty days). */
static long long edcq_first_day(const struct gr_edcq *q)
{
  long long d, m = LLONG_MAX;
  int i;
  for (i = 0; i < q->n; i++)
    if (edcq_near(q, q->node[i].t) && (d = edcq_day(q, q->node[i].t)) < m)
      m = d;
  return m;
}

int gr_edcq_min(struct gr_edcq *q, double *key)
{
  int empty = 0;
  if (q->best < 0) {
    if (q->nnear == 0) {
      q->best = edcq_scan(q, q->far, 0);
    } else {
      while ((q->best = edcq_scan(q, q->head[q->cur & (q->nb - 1)], 1)) < 0) {
        q->cur++;
        if (++empty > q->nb) { /* a whole year empty: jump to the first entry */
          q->cur = edcq_first_day(q);
          empty = 0;
        }
      }
    }
  }
  *key = q->node[q->best].t;
  return q->best;
}
