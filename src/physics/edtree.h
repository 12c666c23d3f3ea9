/* granrepro physics: the future-event list of Marin, Risso & Cordero
 * (J. Comput. Phys. 109, 306 (1993)) as described by B. Wilson, "Computer
 * Simulations of Pattern Formations in Granular Materials" (UBC, 2001),
 * section 2.2, Figs. 1-2: a complete binary tree of fixed size with one leaf
 * per disk, stored as an array of 2P - 1 nodes (root 0, children of k at
 * 2k + 1 and 2k + 2, leaf of disk i at P - 1 + i).  Each internal node holds
 * the winner (the smaller key) of a "playoff" between its two children, so
 * the root holds the disk with the globally earliest event; changing one
 * disk's key replays only the log2(P) matches on its path to the root.
 *
 * Unlike the paper's integer-only tree, each node also carries the winner's
 * key, so a match reads the sibling node itself instead of an indirection
 * into the local-minima list (one cache line instead of two per level).
 * Ties go to the lower disk index, so the order of simultaneous events never
 * depends on the order in which leaves were updated.
 */
#ifndef GR_EDTREE_H
#define GR_EDTREE_H

struct gr_edtree_node {
  double key; /* event time of the winner */
  int id;     /* the winning disk */
};

struct gr_edtree {
  int n;                       /* leaves (disks), >= 1 */
  struct gr_edtree_node *node; /* 2n - 1 nodes */
};

/* Allocate a tree of n leaves and play the first round from keys[0..n-1]
 * (Fig. 2a).  Returns 0, or -1 when n < 1 or out of memory. */
int gr_edtree_init(struct gr_edtree *t, int n, const double *keys);
void gr_edtree_free(struct gr_edtree *t);

/* Set leaf i's key and replay its path to the root (Fig. 2b, update_cbt). */
void gr_edtree_update(struct gr_edtree *t, int i, double key);

/* The disk with the smallest key (lowest index among equals), its key. */
static inline int gr_edtree_min(const struct gr_edtree *t) { return t->node[0].id; }
static inline double gr_edtree_min_key(const struct gr_edtree *t) { return t->node[0].key; }

#endif
