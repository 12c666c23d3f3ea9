/* granrepro physics: the Verlet table of Sweetman 2003, section 2.3. */
#include "physics/vtab.h"

#include <stdlib.h>
#include <string.h>

int gr_vtab_init(struct gr_vtab *t, int nmax, int rmax, int i2or1, int i1or0)
{
  size_t nint;
  memset(t, 0, sizeof *t);
  if (nmax < 1 || rmax < 1 || i2or1 < 1 || i1or0 < 0 || i1or0 >= i2or1)
    return GR_EINPUT;
  t->i2or1 = i2or1;
  t->i1or0 = i1or0;
  t->nmax = nmax;
  t->rmax = rmax;
  t->mt1 = 1;
  nint = (size_t)i2or1 * GR_VTAB_RECORD * (size_t)rmax + 1;
  t->nebor = calloc((size_t)nmax + 1, sizeof *t->nebor);
  t->ndx = calloc(nint, sizeof *t->ndx);
  t->next = calloc(nint, sizeof *t->next);
  if (!t->nebor || !t->ndx || !t->next) {
    gr_vtab_free(t);
    return GR_ENOMEM;
  }
  return GR_OK;
}

void gr_vtab_free(struct gr_vtab *t)
{
  free(t->nebor);
  free(t->ndx);
  free(t->next);
  memset(t, 0, sizeof *t);
}

/* Section 2.3: idx = (i2or1 * jdx) - i1or0. */
int gr_vtab_idx(const struct gr_vtab *t, int jdx)
{
  return t->i2or1 * jdx - t->i1or0;
}

int gr_vtab_add(struct gr_vtab *t, int i, int j, int *jdx_out)
{
  int jdx, idx;
  if (i < 1 || i > t->nmax || (t->mt1 - 1) / GR_VTAB_RECORD >= t->rmax)
    return GR_EINPUT;
  if (t->nebor[i] == 0) {
    t->nebor[i] = t->mt1;
  } else {
    jdx = t->nebor[i];
    idx = gr_vtab_idx(t, jdx);
    while (t->next[idx] != 0) {
      jdx = t->next[idx];
      idx = gr_vtab_idx(t, jdx);
    }
    t->next[idx] = t->mt1;
  }
  jdx = t->mt1;
  idx = gr_vtab_idx(t, jdx);
  t->ndx[idx] = j;
  t->next[idx] = 0;
  t->mt1 += GR_VTAB_RECORD;
  if (jdx_out != NULL)
    *jdx_out = jdx;
  return GR_OK;
}

int gr_vtab_partners(const struct gr_vtab *t, int i, int *out, int max)
{
  int jdx, k = 0;
  if (i < 1 || i > t->nmax)
    return 0;
  for (jdx = t->nebor[i]; jdx != 0; jdx = t->next[gr_vtab_idx(t, jdx)]) {
    if (k < max)
      out[k] = t->ndx[gr_vtab_idx(t, jdx)];
    k++;
  }
  return k;
}
