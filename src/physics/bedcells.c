/* granrepro physics: the linked-cell list of the shaken bed (Wilson 2001,
 * section 5's proposed speed-up of the all-pairs loop). */
#include "physics/bedcells.h"

#include <math.h>
#include <stdlib.h>

/* Cells of side >= rc: nc = floor(L / rc), at least 1. */
struct gr_bedcells *gr_bedcells_new(size_t n, double box, double rc)
{
  struct gr_bedcells *c;
  double k;
  if (!(box > 0.0) || !(rc > 0.0))
    return NULL;
  c = calloc(1, sizeof *c);
  if (c == NULL)
    return NULL;
  k = floor(box / rc);
  c->nc = k < 1.0 ? 1 : k > 4096.0 ? 4096 : (int)k;
  c->n = n;
  c->box = box;
  c->inv = c->nc / box;
  c->head = malloc((size_t)c->nc * (size_t)c->nc * sizeof *c->head);
  c->next = malloc((n ? n : 1) * sizeof *c->next);
  if (c->head == NULL || c->next == NULL) {
    gr_bedcells_free(c);
    return NULL;
  }
  return c;
}

void gr_bedcells_free(struct gr_bedcells *c)
{
  if (c == NULL)
    return;
  free(c->head);
  free(c->next);
  free(c);
}

/* Cell index of one coordinate, clamped (disks pressed into a wall). */
int gr_bedcells_index(const struct gr_bedcells *c, double q)
{
  double k = floor(q * c->inv);
  if (!(k >= 0.0))
    return 0;
  return k >= c->nc ? c->nc - 1 : (int)k;
}

/* Head-insert every disk into its cell (reverse order within a cell). */
void gr_bedcells_build(struct gr_bedcells *c, const double *y)
{
  size_t i, nn = (size_t)c->nc * (size_t)c->nc;
  for (i = 0; i < nn; i++)
    c->head[i] = -1;
  for (i = 0; i < c->n; i++) {
    long k = (long)gr_bedcells_index(c, y[4 * i + 1]) * c->nc +
             gr_bedcells_index(c, y[4 * i]);
    c->next[i] = c->head[k];
    c->head[k] = (long)i;
  }
}
