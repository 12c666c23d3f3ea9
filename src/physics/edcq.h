/* granrepro physics: a calendar queue of one key per disk for the
 * event-driven engine, after G. Paul, "A complexity O(1) priority queue for
 * event driven molecular dynamics simulations" (J. Comput. Phys. 221, 615
 * (2007); arXiv physics/0606226) and R. Brown's calendar queue (Commun.
 * ACM 31, 1220 (1988)).  Paul keeps the candidates of the earliest list in
 * a small binary tree; here the current day is scanned unsorted (a few
 * entries) and its minimum cached.  Time is cut into "days" of width w,
 * day k = (long long)(t / w); day k's entries sit in bucket k mod nb (an
 * unsorted doubly linked list), so changing a key is an O(1) unlink and
 * link, and the minimum is found by scanning only the current day's bucket
 * (a few entries), moving on to the next day when it is empty.  Keys at or
 * beyond 4e18 w (+inf: disks at rest) sit in a separate far list.
 *
 * It pops in exactly the order of the tournament tree (edtree.h): the
 * smallest key, ties to the lowest disk index (a lexicographic (key, index)
 * minimum, whatever the width, the bucket count or the order of updates),
 * so the engine's collision sequence does not depend on which queue it
 * uses.  The width only sets the speed: it adapts every n updates to about
 * GR_EDCQ_PERDAY updates per day, from the updates and the time the minimum
 * advanced (both deterministic).  No allocation after gr_edcq_init.
 *
 * Against the 8-ary tree: fewer instructions, more L2 misses (linked
 * buckets), faster below some 3e4 disks, slower at 1e5 (edmd.h's AUTO);
 * measurements: docs/speed-history.md#edcq.
 */
#ifndef GR_EDCQ_H
#define GR_EDCQ_H

#include "status.h"

#define GR_EDCQ_PERDAY 3.0 /* target key updates per day */

struct gr_edcq_node {
  double t;        /* the key */
  int next, prev;  /* links of the bucket (or far) list, -1 at the ends */
};

struct gr_edcq {
  int n, nb;                   /* entries (disks) and buckets (a power of 2 >= n) */
  struct gr_edcq_node *node;   /* one per disk, 64-byte aligned */
  int *head;                   /* first entry of each bucket */
  int far;                     /* first entry of the far list */
  int nnear;                   /* entries in the buckets */
  long long cur;               /* current day: no bucket entry is earlier */
  double w, inv_w;             /* day width and its inverse */
  int best;                    /* cached minimum of day cur, -1: unknown */
  long long updates;           /* since the last width check */
  double t_check;              /* the minimum's key at the last width check */
};

/* Allocate a queue of n entries with keys[0..n-1].  Returns GR_OK,
 * GR_EINPUT when n < 1, GR_ENOMEM when out of memory. */
int gr_edcq_init(struct gr_edcq *q, int n, const double *keys);
void gr_edcq_free(struct gr_edcq *q);

/* Set entry i's key (any value; +inf: never). */
void gr_edcq_update(struct gr_edcq *q, int i, double key);

/* The entry with the smallest key (lowest index among equals); its key in
 * *key.  Advances the current day over empty ones, hence not const. */
int gr_edcq_min(struct gr_edcq *q, double *key);

#endif
