/* granrepro physics: the future-event list of Marin, Risso & Cordero
 * (J. Comput. Phys. 109, 306 (1993)) as described by B. Wilson, "Computer
 * Simulations of Pattern Formations in Granular Materials" (UBC, 2001),
 * section 2.2, Figs. 1-2: a tournament tree of fixed size with one leaf per
 * disk, in which each internal node holds the winner (the smaller key) of a
 * "playoff" between its children, so the root holds the disk with the
 * globally earliest event; changing one disk's key replays only the matches
 * on its path to the root.
 *
 * Two departures from the paper's integer-only complete binary tree, for
 * memory traffic (the same winner, so the same events in the same order):
 *  - each node carries the winner's key next to its index, so a match reads
 *    the children themselves instead of an indirection into the local-minima
 *    list;
 *  - the tree is 8-ary and stored level by level, keys and indices in
 *    separate 64-byte aligned arrays padded to a multiple of 8 nodes: the
 *    8 children's keys of a node are exactly one cache line, matched with
 *    packed (SSE2) minima, and a path to the root has log8(P) levels instead
 *    of log2(P): a third of the cache lines and loop trips per update.
 * Ties go to the lower disk index, so the order of simultaneous events never
 * depends on the order in which leaves were updated.  (The winner of a child
 * comes from a range of leaves that lies before the next child's, so among
 * equal keys the leftmost child holds the lowest index: a match needs to
 * compare keys only.)
 */
#ifndef GR_EDTREE_H
#define GR_EDTREE_H

#include "status.h"

#define GR_EDTREE_ARITY 8   /* children per node */
#define GR_EDTREE_MAXLEV 12 /* 8^11 > 2^31 leaves */

struct gr_edtree {
  int n;                         /* leaves (disks), >= 1 */
  int nlev;                      /* levels (>= 2); level nlev - 1 is the root */
  double *key[GR_EDTREE_MAXLEV]; /* event time of each node's winner; level 0: leaves */
  int *id[GR_EDTREE_MAXLEV];     /* the winning disk (padding: INT_MAX, key +inf);
                                    none at level 0, where leaf i is disk i */
};

/* Allocate a tree of n leaves and play the first round from keys[0..n-1]
 * (Fig. 2a).  Returns GR_OK, GR_EINPUT when n < 1, GR_ENOMEM when out of memory. */
int gr_edtree_init(struct gr_edtree *t, int n, const double *keys);
void gr_edtree_free(struct gr_edtree *t);

/* Set leaf i's key and replay its path to the root (Fig. 2b, update_cbt). */
void gr_edtree_update(struct gr_edtree *t, int i, double key);

/* The disk with the smallest key (lowest index among equals), its key. */
static inline int gr_edtree_min(const struct gr_edtree *t) { return t->id[t->nlev - 1][0]; }
static inline double gr_edtree_min_key(const struct gr_edtree *t) { return t->key[t->nlev - 1][0]; }

#endif
