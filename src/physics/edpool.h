/* granrepro physics: the pool of pair-event nodes of the event-driven
 * engines, the local event lists of Marin, Risso & Cordero (J. Comput.
 * Phys. 109, 306 (1993); Wilson 2001, section 2.2): each disk or sphere
 * keeps its predicted pair events in a singly linked list of nodes taken
 * from one pool with a free list.  Shared by the 2D engine (edmd.h,
 * edevent.c) and the 3D engine (ed3.h, ed3event.c). */
#ifndef GR_EDPOOL_H
#define GR_EDPOOL_H

#include <stdlib.h>

#include "status.h"

struct gr_edmd_ev {  /* a pair event in a local list (pool node) */
  double t;
  unsigned c;        /* partner's counter when predicted */
  int partner;
  int next;          /* next node of the list, -1 at the end */
};

/* Double the pool *pool of *npool nodes when its free list is empty; the
 * new nodes become the free list.  GR_ENOMEM when out of memory. */
static inline int gr_edpool_grow(struct gr_edmd_ev **pool, int *npool, int *free_list)
{
  int k, n = *npool * 2;
  struct gr_edmd_ev *q = realloc(*pool, (size_t)n * sizeof *q);
  if (q == NULL)
    return GR_ENOMEM;
  for (k = *npool; k < n; k++)
    q[k].next = k + 1 < n ? k + 1 : -1;
  *pool = q;
  *free_list = *npool;
  *npool = n;
  return GR_OK;
}

/* Give the list that starts at node k (-1: none) back to the pool. */
static inline void gr_edpool_release(struct gr_edmd_ev *pool, int *free_list, int k)
{
  int last;
  if (k < 0)
    return;
  for (last = k; pool[last].next >= 0; last = pool[last].next)
    ;
  pool[last].next = *free_list;
  *free_list = k;
}

/* Unlink node k from the list at *head and give it back to the pool. */
static inline void gr_edpool_unlink(struct gr_edmd_ev *pool, int *free_list, int *head, int k)
{
  int *link = head;
  while (*link != k)
    link = &pool[*link].next;
  *link = pool[k].next;
  pool[k].next = *free_list;
  *free_list = k;
}

#endif
