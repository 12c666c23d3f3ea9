/* granrepro physics: the DEM step of Sweetman 2003 with the forces summed
 * in the order the search produced the pairs (section 4.1; see
 * demdrift.h), and the criterion of the claim. */
#include "physics/demdrift.h"
#include "physics/demkern.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void gr_demdrift_init(struct gr_demdrift *o)
{
  memset(o, 0, sizeof *o);
  o->rebuilds = -1;
}

void gr_demdrift_free(struct gr_demdrift *o)
{
  free(o->perm);
  free(o->fill);
  memset(o, 0, sizeof *o);
}

/* Grow perm to np pairs and fill to n particles (never shrinks). */
static int drift_reserve(struct gr_demdrift *o, size_t n, size_t np)
{
  if (np > o->pcap) {
    uint32_t *p = realloc(o->perm, np * sizeof *p);
    if (p == NULL)
      return GR_ENOMEM;
    o->perm = p;
    o->pcap = np;
  }
  if (n > o->ncap) {
    uint32_t *f = realloc(o->fill, n * sizeof *f);
    if (f == NULL)
      return GR_ENOMEM;
    o->fill = f;
    o->ncap = n;
  }
  return GR_OK;
}

/* The list index of pair (a, b), a < b, in the (sorted) row a. */
static uint32_t drift_find(const struct gr_nbr_rows *r, uint32_t a, uint32_t b)
{
  size_t lo = r->start[a], hi = r->start[a + 1];
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (r->j[mid] <= b)
      lo = mid;
    else
      hi = mid;
  }
  return (uint32_t)lo;
}

/* Section 2.3's linked list as the search filled it: row a's slots in the
 * order the search met its pairs.  The N-squared search meets them in
 * ascending j, the list's own order (the identity; the sorted cells'
 * list is the same); the chain cells in the order of their pairs buffer
 * (cells.h, section 3.3). */
static int drift_order(struct gr_dem *d, struct gr_demdrift *o)
{
  const struct gr_nbr_rows *r = &d->nbr.cur;
  size_t n = d->n, k;
  if (drift_reserve(o, n ? n : 1, r->npair ? r->npair : 1) != GR_OK)
    return GR_ENOMEM;
  if (d->p.search != GR_DEM_CHAIN) {
    for (k = 0; k < r->npair; k++)
      o->perm[k] = (uint32_t)k;
  } else {
    const struct gr_pairs *p = &d->chain.pairs;
    memset(o->fill, 0, n * sizeof *o->fill);
    for (k = 0; k < p->n; k++) {
      uint32_t a = p->a[k];
      o->perm[r->start[a] + o->fill[a]++] = drift_find(r, a, p->b[k]);
    }
  }
  o->rebuilds = d->rebuilds;
  return GR_OK;
}

/* The FORCES routine of section 2.3 in the list's order: particle i from
 * 1 to N, its partners in the order of its linked list, each pair's force
 * added to i and subtracted from j (eqs. 2.1, 2.10-2.14), then the walls. */
static void drift_forces(struct gr_dem *d, const struct gr_demdrift *o)
{
  const struct dem_k kc = dem_consts(d);
  const uint32_t *start = d->nbr.cur.start, *jj = d->nbr.cur.j;
  double *f = d->f, *t = d->t, c[6];
  size_t i, s, n = d->n;
  memset(f, 0, 3 * n * sizeof *f);
  memset(t, 0, 3 * n * sizeof *t);
  for (i = 0; i < n; i++)
    for (s = start[i]; s < start[i + 1]; s++) {
      size_t q = o->perm[s];
      if ((d->on[q] = (unsigned char)dem_pair(d, i, q, c)) != 0)
        dem_add_pair(f, t, i, jj[q], c);
    }
  for (i = 0; i < n; i++)
    dem_walls_of(d, &kc, i, f + 3 * i, t + 3 * i);
}

int gr_demdrift_step(struct gr_dem *d, struct gr_demdrift *o)
{
  const struct dem_k kc = dem_consts(d);
  double worst;
  size_t i;
  int rc;
  if (d->p.reorder)
    return GR_EINPUT;
  if ((rc = gr_dem_update(d)) != GR_OK)
    return rc;
  if (o->rebuilds != d->rebuilds && (rc = drift_order(d, o)) != GR_OK)
    return rc;
  drift_forces(d, o);
  worst = d->maxdisp2;
  for (i = 0; i < d->n; i++) { /* eq. 2.19, the engine's own move */
    double s2 = dem_move(d, &kc, i, d->f + 3 * i, d->t + 3 * i);
    if (s2 > worst)
      worst = s2;
  }
  dem_moved(d, worst);
  return GR_OK;
}

double gr_demdrift_maxdiff(const struct gr_dem *a, const struct gr_dem *b, int *same)
{
  double m = 0.0;
  size_t k, n = 3 * a->n;
  for (k = 0; k < n; k++) {
    double e = fabs(a->x[k] - b->x[k]);
    if (e > m)
      m = e;
  }
  *same = memcmp(a->x, b->x, n * sizeof *a->x) == 0;
  return m;
}

/* "The trajectories ... were the same for at least 1.5 seconds" (section
 * 4.1): the first sample where they are not, to the tolerance tol. */
double gr_demdrift_first_above(const double *t, const double *dx, size_t n, double tol)
{
  size_t k;
  for (k = 0; k < n; k++)
    if (!(dx[k] <= tol)) /* a NaN is not the same either */
      return t[k];
  return -1.0;
}
