/* granrepro physics: the internals of the 3D event-driven engine (ed3.h),
 * shared by ed3.c and ed3event.c only.  Delayed states and cells as in the
 * 2D engine (edmd.h, after Marin, Risso & Cordero 1993 as Wilson 2001
 * lists it); one event per sphere, its earliest: a pair event or a
 * boundary event (a cell crossing, a side wall, the lid, the plate or the
 * plate search's horizon); hard-collision counters that make pair events
 * stale; the future-event list over the spheres' events (edcq.h or
 * edtree.h, used as they are). */
#ifndef GR_ED3INT_H
#define GR_ED3INT_H

#include "physics/ed3.h"
#include "physics/ed3coll.h"
#include "physics/ed3plate.h"
#include "physics/edcq.h"
#include "physics/edtree.h"

#include <stddef.h>

/* Boundary event codes (a sphere's `wall`). */
enum {
  ED3_VW_XLO = 0, ED3_VW_XHI, ED3_VW_YLO, ED3_VW_YHI, ED3_VW_ZLO, ED3_VW_ZHI, /* cell crossings */
  ED3_W_XLO, ED3_W_XHI, ED3_W_YLO, ED3_W_YHI,                                 /* side walls */
  ED3_PLATE, ED3_HORIZON, ED3_LID, ED3_NOWALL, ED3_TAKEOFF
};

/* The hot state of a sphere, read by every pair prediction: one cache
 * line.  Position and velocity at time tau (delayed state). */
struct ed3_sph {
  double x, y, z, vx, vy, vz, tau;
  float r;   /* radius */
  int next;  /* next sphere of the cell, -1 at the end */
};

struct ed3_lml {     /* a sphere's next event, its key in the future-event list */
  double t;
  int partner;       /* sphere (pair event) or boundary code */
  unsigned c;        /* the partner's counter when predicted (pair event) */
  int pair;          /* 1: a pair event, 0: a boundary event */
  int pad;
};

/* The rest of a sphere's state, one cache line: what an event of its own
 * reads (its next event, spin, cell), so that popping it and colliding it
 * miss once. */
struct ed3_aux {
  double wx, wy, wz; /* spin */
  double tlast;      /* time of its last collision (the TC model, ed3.h's tc) */
  struct ed3_lml m;  /* its next event */
  short cx, cy, cz;  /* its cell's coordinates (no division in a search) */
};
_Static_assert(sizeof(struct ed3_aux) == 64, "struct ed3_aux is one cache line");

struct gr_ed3 {
  struct gr_ed3_params p;    /* radii pointer cleared */
  struct gr_ed3_plate pl;
  struct gr_ed3_law law, law_tc; /* the law, and the TC model's elastic smooth one */
  double t;
  double rmax;
  int ncx, ncy, ncz, nzplate, lid_on;
  double cw, ch, hz, zbot;
  struct ed3_sph *s;         /* 64-byte aligned */
  struct ed3_aux *a;
  unsigned *cnt;             /* hard-collision counters (packed: read by every stale check) */
  int *perm, *inv;           /* engine index -> caller's, and back (ed3.c: by cell column) */
  int *head;                 /* first sphere of each cell, (cz ncy + cy) ncx + cx */
  int use_cq;                /* the calendar queue, else the tree */
  struct gr_edtree tree;
  struct gr_edcq cq;
  struct gr_ed3_counters k;
  long long plate_nfun;      /* gap evaluations of the plate searches */
  double pc_t, pc_z, pc_v;   /* the plate's height and velocity at time pc_t (a cache) */
  int riding;                /* the sphere (n = 1) rides the plate until ride_toff (ed3ride.c) */
  double ride_toff;
};

/* ed3ride.c: after a plate collision of sphere i at t, the rule of
 * ride_v (ed3.h); the take-off at ride_toff. */
void gr_ed3ride_land(struct gr_ed3 *s, int i, double t);
void gr_ed3ride_takeoff(struct gr_ed3 *s, int i);

/* Set sphere i's key in the future-event list. */
static inline void ed3_queue_update(struct gr_ed3 *s, int i, double key)
{
  if (s->use_cq)
    gr_edcq_update(&s->cq, i, key);
  else
    gr_edtree_update(&s->tree, i, key);
}

/* Sphere i's cell set to (cx, cy, cz) (not linked). */
static inline void ed3_cell_set(struct gr_ed3 *s, int i, int cx, int cy, int cz)
{
  struct ed3_aux *a = &s->a[i];
  a->cx = (short)cx;
  a->cy = (short)cy;
  a->cz = (short)cz;
}

/* The index of sphere i's cell into head. */
static inline int ed3_cell_of(const struct gr_ed3 *s, int i)
{
  const struct ed3_aux *a = &s->a[i];
  return (a->cz * s->ncy + a->cy) * s->ncx + a->cx;
}

/* Inverse mass of sphere i: mass (r / radius)^3. */
static inline double ed3_imass(const struct gr_ed3 *s, int i)
{
  double q = s->p.radius / (double)s->s[i].r;
  return q * q * q;
}

/* Predict sphere i's next event from scratch at the current time s->t
 * (a[i].m set, queue not updated). */
void gr_ed3ev_predict(struct gr_ed3 *s, int i);

/* Process the event at sphere i's key (time t = s->t; queue updated). */
void gr_ed3ev_process(struct gr_ed3 *s, int i, double t);

/* Sphere i's pair event gone stale: predicted again at s->t (queue updated). */
void gr_ed3ev_stale(struct gr_ed3 *s, int i);

/* Advance sphere i's delayed state to time t. */
void gr_ed3ev_freev(struct gr_ed3 *s, int i, double t);

#endif
