/* granrepro physics: event-driven molecular dynamics of equal hard disks in
 * a walled rectangular box, with the fast algorithm of Marin, Risso &
 * Cordero (J. Comput. Phys. 109, 306 (1993)) as B. Wilson describes and
 * lists it ("Computer Simulations of Pattern Formations in Granular
 * Materials", UBC 2001, sections 2.1-2.3 and appendix A.1):
 *
 *  - a grid of cells no narrower than a diameter; a disk is predicted only
 *    against disks in its own and the 8 surrounding cells, and the crossing
 *    of a cell boundary ("virtual wall", VWC) is itself an event after which
 *    only the 3 newly adjacent cells are searched;
 *  - a local event list per disk (its disk-disk events plus one wall or
 *    virtual-wall event), the local minimum of each list, and a future-event
 *    list over the local minima: the paper's complete binary tournament
 *    tree (edtree.h) or, popping in the same order, a calendar queue
 *    (edcq.h), chosen by params.queue (by default by N, as measured);
 *  - delayed states: a disk's state (r, v, tau) is advanced only when it
 *    suffers a hard collision (disk-disk DDC or disk-wall DWC), never at a
 *    VWC;
 *  - a hard-collision counter c_i per disk; a DDC event stores its partner's
 *    counter and is discarded as stale when the counter has moved on.
 *
 * Pair predictions are always computed with the lower index first, so a
 * pair's predicted time and its collision outcome are the same bits whatever
 * the cell grid: runs with different grids follow the same collision
 * sequence.  A watchdog on the disk-disk collision rate stops an inelastic
 * collapse with a report instead of looping.  Single-threaded; no I/O.
 */
#ifndef GR_EDMD_H
#define GR_EDMD_H

#include "status.h"
#include "physics/edrule.h"
#include "physics/edcq.h"
#include "physics/edtree.h"

/* The future-event list (params.queue): both pop the same sequence.  AUTO
 * takes the calendar queue up to GR_EDMD_CQ_MAXN disks, the tree above:
 * measured (wilson-clumping bench start, phi 0.3, medians of 6-8
 * interleaved runs, tree -> calendar, ns per collision): N = 2000 597 ->
 * 561, 3e4 805 -> 755, 1e4 728 -> 680; N = 1e5 1255 -> 1368 (the queue's
 * linked buckets miss the 512 KiB L2 more: 31.8 against 28.5 misses per
 * collision in callgrind's model), 1e6 2481 -> 2538 (same within noise). */
enum gr_edmd_queue { GR_EDMD_AUTO = 0, GR_EDMD_TREE, GR_EDMD_CALENDAR };
#define GR_EDMD_CQ_MAXN 32768

/* Above this many disks the pair searches first ask for all the partners'
 * states (edevent.c), and the step for the cell heads and queue lines of
 * the event (edmd.c): their misses then overlap.  Below it the arrays stay
 * in cache and the prefetches only cost instructions (about 200 per
 * collision, callgrind at 1e5). */
#define GR_EDMD_MLP_MINN 32768

enum gr_edmd_evtype { GR_EDMD_DDC = 1, GR_EDMD_DWC = 2, GR_EDMD_VWC = 3 };

/* Wall codes (event partner of DWC and VWC): virtual walls of the disk's
 * cell, then the four hard walls. */
enum gr_edmd_wall {
  GR_EDMD_VW_XLO = 0, GR_EDMD_VW_XHI, GR_EDMD_VW_YLO, GR_EDMD_VW_YHI,
  GR_EDMD_W_XLO, GR_EDMD_W_XHI, GR_EDMD_W_YLO, GR_EDMD_W_YHI
};

/* The engine's run state (s->status, the result of gr_edmd_run): a result
 * of the simulation, not a library status (status.h); NOMEM is how a run
 * ends when the pool cannot grow. */
enum gr_edmd_status {
  GR_EDMD_RUNNING = 0,
  GR_EDMD_DONE,      /* gr_edmd_run reached t_end */
  GR_EDMD_LIMIT,     /* gr_edmd_run did its max_ddc collisions */
  GR_EDMD_COLLAPSE,  /* the watchdog stopped an inelastic collapse */
  GR_EDMD_NOMEM      /* the event pool could not grow */
};

#define GR_EDMD_REPORT 16 /* disks named in a collapse report */
#define GR_EDMD_WINDOW 256 /* largest watchdog window */

struct gr_edmd_params {
  int n;                 /* disks */
  double d;              /* diameter (unit mass) */
  double lx, ly;         /* box [0, lx] x [0, ly], hard elastic walls */
  int ncx, ncy;          /* cells; 0: choose for speed (see gr_edmd_cells) */
  struct gr_edrule rule;
  double watch_factor;   /* collapse when the last watch_window DDCs came this
                            many times faster than the run's average (0: 1e4) */
  int watch_window;      /* DDCs in the watchdog's window (0: 32; <= 256) */
  int queue;             /* enum gr_edmd_queue (0: AUTO) */
};

struct gr_edmd_counters {
  long long ddc, dwc, vwc, stale; /* processed events; discarded stale DDCs */
  long long cure_tc, cure_vcut;   /* DDCs made elastic by a cure */
  long long pairs;                /* pair predictions computed (tball calls) */
  long long pool_grow;            /* times the event pool had to grow */
  double e_lost;                  /* kinetic energy removed by DDCs */
  double ddc_px, ddc_py;          /* momentum change by DDCs (0 if conserved) */
  double wall_px, wall_py;        /* momentum given by the walls */
};

struct gr_edmd_collapse {
  double t;              /* time the watchdog fired */
  double rate_ratio;     /* window DDC rate / run average (inf: no time passed) */
  double window_dt;      /* duration of the window */
  int ndisks;            /* distinct disks in the window's collisions */
  int disk[GR_EDMD_REPORT];  /* the most colliding ones, most first */
  int count[GR_EDMD_REPORT]; /* their collisions in the window */
  double x[GR_EDMD_REPORT], y[GR_EDMD_REPORT];
};

/* One cache line per disk: the delayed state (r, v at time tau), the
 * hard-collision counter, the cell and its list links, the head of the
 * disk's DDC list and its wall or virtual-wall event's code. */
struct gr_edmd_disk {
  double x, y, vx, vy, tau;
  unsigned c;
  int next, prev, cell, list, wall;
};

struct gr_edmd_ev {  /* a DDC event in a local list (pool node) */
  double t;
  unsigned c;        /* partner's counter when predicted */
  int partner;
  int next;          /* next node of the list, -1 at the end */
};

struct gr_edmd_lml { /* a disk's local minimum and its wall event's time */
  double t;
  double twall;      /* the disk's wall or virtual-wall event time */
  int partner;       /* disk (DDC) or wall code */
  unsigned c;
  int ev;            /* pool node of a DDC, -1 otherwise */
  int cell;          /* the disk's cell (as in its state): known as soon as the
                        event is, before the state arrives (edmd.c prefetches) */
};                   /* 32 bytes: two per cache line, read together */

/* The type of a local minimum (enum gr_edmd_evtype): a DDC has a pool node,
 * a wall event a hard or virtual wall's code. */
static inline int gr_edmd_lml_type(const struct gr_edmd_lml *m)
{
  return m->ev >= 0 ? GR_EDMD_DDC : m->partner >= GR_EDMD_W_XLO ? GR_EDMD_DWC : GR_EDMD_VWC;
}

struct gr_edmd_event { /* what gr_edmd_step processed */
  int type, i, j;      /* j: partner disk or wall code */
  double t;
  int cure;            /* enum gr_edrule_cure of a DDC */
};

struct gr_edmd {
  struct gr_edmd_params p;
  double t;                  /* time of the last processed event (or t_end) */
  double cw, ch;             /* cell width and height */
  struct gr_edmd_disk *disk; /* 64-byte aligned */
  double *tlast;             /* time of each disk's last DDC (kept only when the
                                TC model is on: the rule reads it only then) */
  int mlp;                   /* prefetch the partners' states before a search
                                (N > GR_EDMD_MLP_MINN) */
  int *head;                 /* first disk of each cell, inside headm: */
  int *headm;                /* a grid row and one more of padding at both ends,
                                so that the heads of any cell's 3 x 3 may be
                                prefetched without clipping */
  struct gr_edmd_ev *pool;
  int npool, free;
  struct gr_edmd_lml *lml;   /* 64-byte aligned */
  struct gr_edtree tree;     /* the local minima's future-event list: */
  struct gr_edcq cq;         /* one of the two, by p.queue (never AUTO here) */
  struct gr_edmd_counters k;
  int status;
  double wt[GR_EDMD_WINDOW]; /* watchdog ring: time and disks of the last DDCs */
  int wi[GR_EDMD_WINDOW], wj[GR_EDMD_WINDOW];
  struct gr_edmd_collapse collapse;
};

/* The grid gr_edmd_new uses for ncx = 0 (ncy = 0): cells 1 to 2 d wide,
 * wider at low density (see edmd.c). */
void gr_edmd_cells(const struct gr_edmd_params *p, int *ncx, int *ncy);

/* Create a simulation at t = 0 from positions and velocities.  Returns
 * GR_OK; GR_EINPUT for bad parameters, a disk outside the box or two disks
 * overlapping; GR_ENOMEM when out of memory. */
int gr_edmd_new(const struct gr_edmd_params *p, const double *x, const double *y,
                const double *vx, const double *vy, struct gr_edmd **out) GR_MUST_CHECK;
void gr_edmd_free(struct gr_edmd *s);

/* Set disk i's key in the future-event list (after its local minimum changed). */
static inline void gr_edmd_queue_update(struct gr_edmd *s, int i, double key)
{
  if (s->p.queue == GR_EDMD_CALENDAR)
    gr_edcq_update(&s->cq, i, key);
  else
    gr_edtree_update(&s->tree, i, key);
}

/* Ask for the line that gr_edmd_queue_update(s, i, ...) will write first. */
static inline void gr_edmd_queue_prefetch(const struct gr_edmd *s, int i)
{
  if (s->p.queue == GR_EDMD_CALENDAR)
    __builtin_prefetch(&s->cq.node[i], 1);
  else
    __builtin_prefetch(&s->tree.key[0][i], 1);
}

/* Process the next valid event if it happens at or before t_end (stale
 * events met on the way are discarded and counted).  Returns 1 and fills ev
 * (may be NULL) when an event was processed, 0 when the next event is later
 * than t_end, -1 when stopped (collapse or out of memory: see status).
 * An event count, not a status: the reason for a stop is s->status. */
int gr_edmd_step(struct gr_edmd *s, double t_end, struct gr_edmd_event *ev);

/* Run to t_end or until max_ddc more disk-disk collisions (<= 0: no limit).
 * Returns the status: DONE (then s->t = t_end), LIMIT, COLLAPSE, NOMEM. */
int gr_edmd_run(struct gr_edmd *s, double t_end, long long max_ddc);

/* Position of disk i at time t >= its tau (free flight from its state). */
void gr_edmd_position(const struct gr_edmd *s, int i, double t, double *x, double *y);

/* Kinetic energy sum v^2 / 2 and momentum of all disks. */
double gr_edmd_kinetic(const struct gr_edmd *s);
void gr_edmd_momentum(const struct gr_edmd *s, double *px, double *py);

/* Predicted collision time of disks a, b from their states (Lubachevsky's
 * formula), +inf when they never meet; used by the engine and the tests. */
double gr_edmd_pair_time(const struct gr_edmd *s, int a, int b);

#endif
