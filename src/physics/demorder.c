/* granrepro physics: the DEM engine's per-particle pair lists and its
 * cell-order renumbering (issue 14; the atom sort of LAMMPS), keeping the
 * trajectory of Sweetman 2003's engine bit for bit.  See dem.h. */
#include "physics/demorder.h"

#include <stdlib.h>
#include <string.h>

#define AQ_HIGH 0x80000000u /* aq: p is the pair's higher member */

/* Degrees, running sums, then every pair pushed to both members in list
 * order: a particle gets its lower partners ascending, then its own row,
 * so without renumbering the order is already that of the original
 * numbers; with it, each (short) row is sorted by original number. */
int gr_dem_adjacency(struct gr_dem *d)
{
  const struct gr_nbr_rows *r = &d->nbr.cur;
  uint32_t *st = d->astart, run = 0, e, part;
  size_t n = d->n, i, q, a, b;
  if ((uint64_t)r->npair >= AQ_HIGH)
    return GR_ENOMEM;
  memset(st, 0, (n + 1) * sizeof *st);
  d->span = 0;
  for (i = 0; i < n; i++) {
    st[i + 1] += r->start[i + 1] - r->start[i];
    for (q = r->start[i]; q < r->start[i + 1]; q++)
      st[r->j[q] + 1]++;
  }
  for (i = 1; i <= n; i++)
    st[i] = run += st[i];
  for (i = 0; i < n; i++)
    for (q = r->start[i]; q < r->start[i + 1]; q++) {
      size_t j = r->j[q], cj = st[j]++, ci = st[i]++;
      if (j - i > d->span)
        d->span = j - i;
      d->aq[cj] = (uint32_t)q | AQ_HIGH;
      d->apart[cj] = d->id ? d->id[i] : (uint32_t)i;
      d->aq[ci] = (uint32_t)q;
      d->apart[ci] = d->id ? d->id[j] : (uint32_t)j;
    }
  for (i = n; i > 0; i--) /* undo the scatter's advance */
    st[i] = st[i - 1];
  st[0] = 0;
  if (d->id)
    for (i = 0; i < n; i++)
      for (a = st[i] + 1; a < st[i + 1]; a++) {
        e = d->aq[a];
        part = d->apart[a];
        for (b = a; b > st[i] && d->apart[b - 1] > part; b--) {
          d->aq[b] = d->aq[b - 1];
          d->apart[b] = d->apart[b - 1];
        }
        d->aq[b] = e;
        d->apart[b] = part;
      }
  return GR_OK;
}

/* A record seen from the other member: the tangential force changes sign;
 * its turning point, normal force, direction and overlaps do not. */
static void dem_flip(struct gr_nbr_hist *h)
{
  int k;
  for (k = GR_FRIC_TX; k <= GR_FRIC_TZ; k++)
    h->h[k] = -h->h[k];
}

/* One entry of the wall records in flight: new position, three axes. */
struct dem_wmove {
  size_t to;
  struct gr_nbr_hist h[3];
};

/* Room for the wall records of the particles touching a wall. */
static int dem_reserve_walls(struct gr_dem *d)
{
  struct dem_wmove *m;
  size_t i, cnt = 0;
  for (i = 0; i < d->n; i++)
    cnt += d->wallon[i] != 0;
  if (cnt <= d->wcap)
    return GR_OK;
  if ((m = realloc(d->wbuf, cnt * sizeof *m)) == NULL)
    return GR_ENOMEM;
  d->wbuf = m;
  d->wcap = cnt;
  return GR_OK;
}

/* Those records move to their new positions (all others are zero). */
static void dem_move_walls(struct gr_dem *d, const uint32_t *pos)
{
  struct dem_wmove *m = d->wbuf;
  size_t i, k = 0;
  for (i = 0; i < d->n; i++)
    if (d->wallon[i]) {
      m[k].to = pos[i];
      memcpy(m[k++].h, d->wall + 3 * i, sizeof m->h);
      memset(d->wall + 3 * i, 0, sizeof m->h);
    }
  for (i = 0; i < k; i++)
    memcpy(d->wall + 3 * m[i].to, m[i].h, sizeof m->h);
}

/* Gather arr in slot order through the spare buffer and swap them. */
static void dem_permute3(struct gr_dem *d, double **arr)
{
  const struct gr_cellsort_slot *sl = d->sort.slot;
  double *a = *arr, *o = d->spare;
  size_t p;
  for (p = 0; p < d->n; p++) {
    const double *src = a + 3 * (size_t)sl[p].id;
    o[3 * p] = src[0];
    o[3 * p + 1] = src[1];
    o[3 * p + 2] = src[2];
  }
  d->spare = a;
  *arr = o;
}

int gr_dem_reorder(struct gr_dem *d)
{
  const struct gr_cellsort_slot *sl = d->sort.slot;
  uint32_t *pos = d->inv, *tid = (uint32_t *)d->spare; /* scratch until the end */
  unsigned char *ton = (unsigned char *)(tid + d->n);
  size_t p, n = d->n;
  int rc;
  for (p = 0; p < n; p++)
    pos[sl[p].id] = (uint32_t)p;
  /* the two steps that may fail first, leaving the state as it was */
  if ((rc = dem_reserve_walls(d)) != GR_OK ||
      (rc = gr_nbr_renumber(&d->nbr, pos, dem_flip)) != GR_OK)
    return rc;
  dem_move_walls(d, pos);
  for (p = 0; p < n; p++) {
    tid[p] = d->id[sl[p].id];
    ton[p] = d->wallon[sl[p].id];
  }
  memcpy(d->id, tid, n * sizeof *tid);
  memcpy(d->wallon, ton, n);
  dem_permute3(d, &d->x);
  dem_permute3(d, &d->v);
  dem_permute3(d, &d->w); /* xref is set from x after the rebuild */
  for (p = 0; p < n; p++)
    d->inv[d->id[p]] = (uint32_t)p;
  gr_cellsort_renumber(&d->sort, d->x);
  return GR_OK;
}

void gr_dem_state(const struct gr_dem *d, double *x, double *v, double *w)
{
  const double *src[3] = {d->x, d->v, d->w};
  double *dst[3] = {x, v, w};
  size_t s;
  int a;
  for (a = 0; a < 3; a++) {
    if (dst[a] == NULL)
      continue;
    if (d->id == NULL) {
      memcpy(dst[a], src[a], 3 * d->n * sizeof *dst[a]);
      continue;
    }
    for (s = 0; s < d->n; s++)
      memcpy(dst[a] + 3 * (size_t)d->id[s], src[a] + 3 * s, 3 * sizeof *dst[a]);
  }
}
