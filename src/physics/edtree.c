/* granrepro physics: complete-binary-tree future-event list (Marin, Risso &
 * Cordero 1993; Wilson 2001, section 2.2).  See edtree.h. */
#include "physics/edtree.h"

#include <stdlib.h>

/* The winner of a match: smaller key, lower index on a tie. */
static inline struct gr_edtree_node edtree_winner(struct gr_edtree_node a,
                                                  struct gr_edtree_node b)
{
  if (b.key < a.key || (b.key == a.key && b.id < a.id))
    return b;
  return a;
}

/* create_cbt of the paper's listing: fill the leaves, then play every
 * internal node from the last one up to the root (children before parents
 * because a parent's index is always smaller). */
int gr_edtree_init(struct gr_edtree *t, int n, const double *keys)
{
  int i, k;
  t->n = 0;
  t->node = NULL;
  if (n < 1 || (t->node = malloc((size_t)(2 * n - 1) * sizeof *t->node)) == NULL)
    return -1;
  t->n = n;
  for (i = 0; i < n; i++) {
    t->node[n - 1 + i].key = keys[i];
    t->node[n - 1 + i].id = i;
  }
  for (k = n - 2; k >= 0; k--)
    t->node[k] = edtree_winner(t->node[2 * k + 1], t->node[2 * k + 2]);
  return 0;
}

void gr_edtree_free(struct gr_edtree *t)
{
  free(t->node);
  t->node = NULL;
  t->n = 0;
}

/* update_cbt: a match against the sibling at every level.  The replay
 * stops early once a parent comes out unchanged (same winner, same key):
 * then every ancestor is unchanged too. */
void gr_edtree_update(struct gr_edtree *t, int i, double key)
{
  struct gr_edtree_node *nd = t->node, w;
  int k = t->n - 1 + i, p;
  nd[k].key = key;
  while (k > 0) {
    p = (k - 1) >> 1;
    w = edtree_winner(nd[2 * p + 1], nd[2 * p + 2]);
    if (w.id == nd[p].id && w.key == nd[p].key)
      return;
    nd[p] = w;
    k = p;
  }
}
