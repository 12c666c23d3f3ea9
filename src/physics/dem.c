/* granrepro physics: the DEM engine of Sweetman 2003, chapter 2 (eqs.
 * 2.1-2.23, the Verlet-list rebuild rule of section 2.1).  See dem.h. */
#include "physics/dem.h"
#include "physics/demkern.h"
#include "physics/demorder.h"

#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
void gr_dem_free(struct gr_dem *d)
{
  free(d->x);
  free(d->v);
  free(d->w);
  free(d->f);
  free(d->t);
  free(d->ring);
  free(d->xref);
  free(d->fq);
  free(d->on);
  free(d->astart);
  free(d->aq);
  free(d->apart);
  free(d->id);
  free(d->inv);
  free(d->spare);
  free(d->wbuf);
  free(d->wall);
  free(d->wallon);
  gr_nbr_free(&d->nbr);
  gr_cells_free(&d->chain); /* both are safe on the zeroed, unused one */
  gr_cellsort_free(&d->sort);
  memset(d, 0, sizeof *d);
}

/* The per-pair records of the force passes, for np pairs (only grows). */
static int dem_reserve(struct gr_dem *d, size_t np)
{
  void *p[4];
  if (np <= d->qcap)
    return GR_OK;
  p[0] = realloc(d->fq, 6 * np * sizeof *d->fq);
  if (p[0]) d->fq = p[0];
  p[1] = realloc(d->on, np);
  if (p[1]) d->on = p[1];
  p[2] = realloc(d->aq, 2 * np * sizeof *d->aq);
  if (p[2]) d->aq = p[2];
  p[3] = realloc(d->apart, 2 * np * sizeof *d->apart);
  if (p[3]) d->apart = p[3];
  if (!p[0] || !p[1] || !p[2] || !p[3])
    return GR_ENOMEM;
  d->qcap = np;
  return GR_OK;
}

/* Cell order: the original numbers, their positions (identity until the
 * first rebuild) and the scratch of the renumbering. */
static int dem_init_order(struct gr_dem *d)
{
  size_t i, n = d->n ? d->n : 1;
  d->id = malloc(n * sizeof *d->id);
  d->inv = malloc(n * sizeof *d->inv);
  d->spare = calloc(3 * n, sizeof *d->spare);
  if (!d->id || !d->inv || !d->spare)
    return GR_ENOMEM;
  for (i = 0; i < d->n; i++)
    d->id[i] = d->inv[i] = (uint32_t)i;
  return GR_OK;
}

/* The arrays of n particles and of their wall contacts. */
static int dem_alloc(struct gr_dem *d, size_t n)
{
  size_t m3 = 3 * (n ? n : 1);
  d->x = calloc(m3, sizeof *d->x);
  d->v = calloc(m3, sizeof *d->v);
  d->w = calloc(m3, sizeof *d->w);
  d->f = calloc(m3, sizeof *d->f);
  d->t = calloc(m3, sizeof *d->t);
  d->xref = calloc(m3, sizeof *d->xref);
  d->wall = calloc(m3, sizeof *d->wall);
  d->wallon = calloc(n ? n : 1, 1);
  d->astart = calloc(n + 1, sizeof *d->astart);
  if (!d->x || !d->v || !d->w || !d->f || !d->t || !d->xref || !d->wall || !d->wallon || !d->astart)
    return GR_ENOMEM;
  return GR_OK;
}

/* The cells of p->search (none for the N-squared search) for pairs
 * closer than cut; chain cells need three a side. */
static int dem_init_search(struct gr_dem *d, const struct gr_dem_params *p, double cut)
{
  int rc;
  gr_cells_choose(&d->box, cut, d->m);
  if (p->search == GR_DEM_CHAIN)
    return d->m[0] < 3 || d->m[1] < 3 || d->m[2] < 3 ? GR_EINPUT
                                                     : gr_cells_init(&d->chain, &d->box, d->m);
  if (p->search == GR_DEM_SORT) {
    if ((rc = gr_cellsort_init(&d->sort, &d->box, d->m)) != GR_OK)
      return rc;
    d->sort.threads = p->threads;
    return GR_OK;
  }
  return p->search != GR_DEM_NSQ ? GR_EINPUT : GR_OK;
}

int gr_dem_init(struct gr_dem *d, size_t n, const struct gr_dem_params *p)
{
  double cut = p->diameter + p->skin;
  int k, rc;
  memset(d, 0, sizeof *d);
  gr_nbr_init(&d->nbr);
  d->p = *p;
  if (!(p->diameter > 0.0) || !(p->density > 0.0) || !(p->skin > 0.0) || !(p->dt > 0.0) ||
      !(p->mu >= 0.0) || !(p->kt_ratio >= 0.0) || n > UINT32_MAX - 1 ||
      (p->reorder && p->search != GR_DEM_SORT) ||
      gr_contact_law_init(&d->law, p->k1, p->e) != GR_OK)
    return GR_EINPUT;
  d->n = n;
  d->radius = 0.5 * p->diameter;
  d->mass = p->density * M_PI / 6.0 * p->diameter * p->diameter * p->diameter;
  d->inertia = 0.4 * d->mass * d->radius * d->radius;
  d->cut2 = cut * cut;
  d->fric.k0 = p->kt_ratio * p->k1;
  d->fric.mu = p->mu;
  d->fric.gamma = p->gamma;
  for (k = 0; k < 3; k++) {
    d->hi[k] = p->len[k] - d->radius;
    d->box.len[k] = p->len[k];
    d->box.periodic[k] = 0;
  }
  d->stale = 1;
  if ((rc = dem_alloc(d, n)) != GR_OK)
    goto fail;
  if (p->reorder && (rc = dem_init_order(d)) != GR_OK)
    goto fail;
  if ((rc = dem_init_search(d, p, cut)) != GR_OK)
    goto fail;
  /* room for about 7 partners per particle: a dense packing's list */
  if ((rc = gr_nbr_reserve(&d->nbr, n, 7 * n + 16)) != GR_OK)
    goto fail;
  if ((rc = dem_reserve(d, d->nbr.cur.pcap)) != GR_OK)
    goto fail;
  return GR_OK;
fail:
  gr_dem_free(d); /* zeroes d: what ran before the failure leaves no trace */
  return rc;
}

/* The chain-cell list: fill the cells, search them, list the pairs. */
static int dem_list_chain(struct gr_dem *d)
{
  int rc;
  if ((rc = gr_cells_fill(&d->chain, d->x, d->n)) != GR_OK)
    return rc;
  if ((rc = gr_cells_search(&d->chain, &d->box, d->x, d->cut2)) != GR_OK)
    return rc;
  return gr_nbr_from_pairs(&d->nbr, d->n, &d->chain.pairs);
}

/* The sorted-cell list: fill the cells, renumber in cell order (with
 * reorder), search them. */
static int dem_list_sort(struct gr_dem *d)
{
  int rc;
  if ((rc = gr_cellsort_fill(&d->sort, d->x, d->n)) != GR_OK)
    return rc;
  if (d->p.reorder && (rc = gr_dem_reorder(d)) != GR_OK)
    return rc;
  return gr_cellsort_search(&d->sort, &d->nbr, d->cut2);
}

/* Section 2.1: the list is rebuilt when a particle may have moved half the
 * skin since the last rebuild, so that no pair can come into contact
 * unlisted (two particles approach by at most the skin). */
int gr_dem_update(struct gr_dem *d)
{
  int rc;
  if (!d->stale)
    return GR_OK;
  switch (d->p.search) {
  case GR_DEM_NSQ:
    rc = gr_nbr_nsquared(&d->nbr, &d->box, d->x, d->n, d->cut2);
    break;
  case GR_DEM_CHAIN:
    rc = dem_list_chain(d);
    break;
  default:
    rc = dem_list_sort(d);
    break;
  }
  if (rc != GR_OK)
    return rc;
  if ((rc = dem_reserve(d, d->nbr.cur.pcap)) != GR_OK)
    return rc;
  if ((rc = gr_dem_adjacency(d)) != GR_OK)
    return rc;
  memset(d->on, 1, d->nbr.cur.npair); /* records carried over: read them once */
  memcpy(d->xref, d->x, 3 * d->n * sizeof *d->x);
  d->maxdisp2 = 0.0;
  d->stale = 0;
  d->rebuilds++;
  return GR_OK;
}

/* Pass 1 (inside a parallel region): every listed pair's contact, once,
 * into its record fq and its flag on. */
static void dem_pairs(struct gr_dem *d)
{
  const uint32_t *start = d->nbr.cur.start;
  size_t i, q, n = d->n;
  DEM_OMP("omp for schedule(static)")
  for (i = 0; i < n; i++)
    for (q = start[i]; q < start[i + 1]; q++)
      d->on[q] = (unsigned char)dem_pair(d, i, q, d->fq + 6 * q);
}

/* One thread in the original numbering: the half-list loop adding each
 * pair to both bodies at once (the reference order, which the two passes
 * reproduce; one pass less). */
static void dem_pairs_serial(struct gr_dem *d)
{
  const uint32_t *start = d->nbr.cur.start, *jj = d->nbr.cur.j;
  double *f = d->f, *t = d->t, o[6];
  size_t i, q, n = d->n;
  memset(f, 0, 3 * n * sizeof *f);
  memset(t, 0, 3 * n * sizeof *t);
  for (i = 0; i < n; i++)
    for (q = start[i]; q < start[i + 1]; q++)
      if ((d->on[q] = (unsigned char)dem_pair(d, i, q, o)) != 0)
        dem_add_pair(f, t, i, jj[q], o);
}

/* The one-thread path: no renumbering, and one thread (asked for, or
 * inside another parallel region, which gives a nested team one) or too
 * few particles. */
static int dem_serial(const struct gr_dem *d)
{
#ifdef _OPENMP
  if (omp_get_max_threads() > 1 && d->p.threads != 1 && !omp_in_parallel() && d->n >= DEM_PAR_MIN)
    return 0;
#endif
  return d->id == NULL;
}

void gr_dem_forces(struct gr_dem *d)
{
  const struct dem_k k = dem_consts(d);
  size_t p, n = d->n;
  if (dem_serial(d)) {
    dem_pairs_serial(d);
    for (p = 0; p < n; p++)
      dem_walls_of(d, &k, p, d->f + 3 * p, d->t + 3 * p);
    return;
  }
  DEM_OMP("omp parallel if (n >= DEM_PAR_MIN)")
  {
    dem_pairs(d);
    /* after the barrier that ends the pairs' loop: */
    DEM_OMP("omp for schedule(static)")
    for (p = 0; p < n; p++)
      dem_total(d, &k, p, d->f + 3 * p, d->t + 3 * p);
  }
}

void gr_dem_integrate(struct gr_dem *d)
{
  double worst = d->maxdisp2;
  const struct dem_k k = dem_consts(d);
  size_t i, n = d->n;
  DEM_OMP("omp parallel for schedule(static) reduction(max : worst) if (n >= DEM_PAR_MIN)")
  for (i = 0; i < n; i++) {
    double s = dem_move(d, &k, i, d->f + 3 * i, d->t + 3 * i);
    if (s > worst)
      worst = s;
  }
  dem_moved(d, worst);
}

static double dem_spring(const struct gr_dem *d, const double *h)
{
  struct gr_contact_pair cp = {h[GR_DEM_H_DELTA0], h[GR_DEM_H_DELTA]};
  return gr_contact_energy(&d->law, &cp);
}

/* The sums run over the original numbers (particles, then pairs in the
 * canonical order), so that cell order gives the same bytes. */
void gr_dem_diagnose(const struct gr_dem *d, struct gr_dem_diag *o)
{
  size_t i, q, a;
  int k;
  memset(o, 0, sizeof *o);
  for (i = 0; i < d->n; i++) {
    size_t s = d->inv ? d->inv[i] : i;
    const double *x = d->x + 3 * s, *v = d->v + 3 * s, *w = d->w + 3 * s;
    for (k = 0; k < 3; k++) {
      o->kinetic += 0.5 * d->mass * v[k] * v[k];
      o->rotational += 0.5 * d->inertia * w[k] * w[k];
      o->p[k] += d->mass * v[k];
      o->l[k] += d->inertia * w[k];
    }
    o->l[0] += d->mass * (x[1] * v[2] - x[2] * v[1]);
    o->l[1] += d->mass * (x[2] * v[0] - x[0] * v[2]);
    o->l[2] += d->mass * (x[0] * v[1] - x[1] * v[0]);
    o->potential += d->mass * d->p.g * x[2];
    for (k = 0; k < 3; k++)
      if ((d->wallon[s] >> k & 1u) && d->wall[3 * s + k].h[GR_DEM_H_DELTA] > 0.0) {
        o->elastic += dem_spring(d, d->wall[3 * s + k].h);
        o->contacts++;
      }
  }
  if (d->inv != NULL) {
    for (i = 0; i < d->n; i++)
      for (a = d->astart[d->inv[i]]; a < d->astart[d->inv[i] + 1]; a++)
        if (d->apart[a] > i && d->nbr.cur.hist[q = d->aq[a] & 0x7fffffffu].h[GR_DEM_H_DELTA] > 0.0) {
          o->elastic += dem_spring(d, d->nbr.cur.hist[q].h);
          o->contacts++;
        }
    return;
  }
  for (q = 0; q < d->nbr.cur.npair; q++)
    if (d->nbr.cur.hist[q].h[GR_DEM_H_DELTA] > 0.0) {
      o->elastic += dem_spring(d, d->nbr.cur.hist[q].h);
      o->contacts++;
    }
}
