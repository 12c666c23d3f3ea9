/* granrepro experiment sweetman-neighbors: the peer case of Sweetman 2003,
 * chapter 4 (issue 5) -- the configuration (physics/place_lattice.h), one
 * pass of each search method, its timing (harness/timer.h), and the DEM of
 * the same case (physics/dem.h). */
#include <gsl/gsl_math.h>
#include <gsl/gsl_rng.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/sweetman-2003/sweetman.h"
#include "harness/rng.h"
#include "harness/timer.h"
#include "physics/dem.h"
#include "physics/place_lattice.h"

/* conf: the lattice (stream "peer-lattice"), then SW_NCONF - 1 moved
 * copies (stream "peer-moves"); the lattice stays current; box: k sites of
 * SW_SPACING.  Fresh streams each time (harness/rng.h): every
 * configuration of a given n is the same whatever was built before. */
static int sw_configurations(struct sw_state *s, unsigned long seed)
{
  size_t m = 3 * s->n, k;
  gsl_rng *lat = gr_rng_stream(seed, "peer-lattice"), *mov = gr_rng_stream(seed, "peer-moves");
  int c, rc = GR_ENOMEM;
  s->conf = malloc(SW_NCONF * (m ? m : 1) * sizeof *s->conf);
  if (lat != NULL && mov != NULL && s->conf != NULL)
    rc = gr_place_lattice_jitter(lat, s->n, SW_SPACING, SW_FILL, SW_JITTER, s->conf, &k);
  for (c = 1; rc == GR_OK && c < SW_NCONF; c++)
    gr_place_lattice_moved(mov, s->conf, m, SW_MOVE, s->conf + c * m);
  gsl_rng_free(lat);
  gsl_rng_free(mov);
  if (rc != GR_OK)
    return rc;
  for (c = 0; c < 3; c++) {
    s->box.len[c] = (double)k * SW_SPACING;
    s->box.periodic[c] = 0;
  }
  s->x = s->conf;
  s->k = 0;
  return GR_OK;
}

void gr_sweetman_next(struct sw_state *s)
{
  s->k = (s->k + 1) % SW_NCONF;
  s->x = s->conf + (size_t)s->k * 3 * s->n;
}

void gr_sweetman_state_free(struct sw_state *s)
{
  free(s->conf);
  gr_cells_free(&s->chain);
  gr_cellsort_free(&s->sort);
  gr_nbr_free(&s->nbr);
  memset(s, 0, sizeof *s);
}

int gr_sweetman_state_init(struct sw_state *s, size_t n, unsigned long seed,
                           const int *m)
{
  int rc, k;
  memset(s, 0, sizeof *s);
  gr_nbr_init(&s->nbr);
  s->n = n;
  if ((rc = sw_configurations(s, seed)) != GR_OK) {
    gr_sweetman_state_free(s);
    return rc;
  }
  if (m != NULL)
    for (k = 0; k < 3; k++) {
      s->m[k] = m[k];
      /* a given grid: stretch the box so that cells are >= the cutoff */
      if (s->box.len[k] < m[k] * SW_CUT)
        s->box.len[k] = m[k] * SW_CUT * (1.0 + 1e-12);
    }
  else
    gr_cells_choose(&s->box, SW_CUT, s->m);
  if (gr_cells_init(&s->chain, &s->box, s->m) != GR_OK ||
      gr_cellsort_init(&s->sort, &s->box, s->m) != GR_OK) {
    gr_sweetman_state_free(s);
    return GR_ENOMEM;
  }
  return GR_OK;
}

const char *gr_sweetman_method_name(enum sw_method method)
{
  static const char *const names[] = {"stream", "cells-sort", "cells-chain", "rebuild-sort",
                                      "rebuild-chain", "rebuild-nsq", "bw-read", "bw-update"};
  return names[method];
}

/* The streaming floors of a memory bound (issue 14): SW_BW_READ reads the
 * 3n coordinates with eight independent sums in registers (SW_STREAM's
 * one chained sum is bound by the adder's latency, not by memory: 8 GB/s
 * against 17 on the lead's machine at 1e6), SW_BW_UPDATE reads and writes
 * them in place (x += c x, c tiny: the read-modify-write of a leap-frog
 * move).  A pass touches the configuration the last three did not, so
 * that on a large n the data come from memory. */
static void sw_bandwidth(struct sw_state *s, enum sw_method method)
{
  size_t i, m = 3 * s->n, m8 = m & ~(size_t)7;
  double a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
  double *x = s->x;
  if (method == SW_BW_UPDATE) {
    for (i = 0; i < m; i++)
      x[i] += 1e-300 * x[i]; /* x stays x: the configurations do not drift */
    return;
  }
  for (i = 0; i < m8; i += 8) { /* eight sums in registers */
    a0 += x[i];
    a1 += x[i + 1];
    a2 += x[i + 2];
    a3 += x[i + 3];
    a4 += x[i + 4];
    a5 += x[i + 5];
    a6 += x[i + 6];
    a7 += x[i + 7];
  }
  for (; i < m; i++)
    a0 += x[i];
  s->sink += ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7));
}

/* Section 3.2-3.3 (chain cells), the sorted cells and the N-squared
 * search of section 2.3, each as one rebuild of the list. */
int gr_sweetman_pass(struct sw_state *s, enum sw_method method)
{
  const double cut2 = SW_CUT * SW_CUT;
  double sum = 0.0;
  size_t i;
  int rc;
  switch (method) {
  case SW_STREAM:
    for (i = 0; i < 3 * s->n; i++)
      sum += s->x[i];
    s->sink += sum;
    return GR_OK;
  case SW_CELLS_SORT:
    return gr_cellsort_fill(&s->sort, s->x, s->n);
  case SW_CELLS_CHAIN:
    return gr_cells_fill(&s->chain, s->x, s->n);
  case SW_REBUILD_SORT:
    if ((rc = gr_cellsort_fill(&s->sort, s->x, s->n)) != GR_OK)
      return rc;
    return gr_cellsort_search(&s->sort, &s->nbr, cut2);
  case SW_REBUILD_CHAIN:
    if ((rc = gr_cells_fill(&s->chain, s->x, s->n)) != GR_OK)
      return rc;
    if ((rc = gr_cells_search(&s->chain, &s->box, s->x, cut2)) != GR_OK)
      return rc;
    return gr_nbr_from_pairs(&s->nbr, s->n, &s->chain.pairs);
  case SW_REBUILD_NSQ:
    return gr_nbr_nsquared(&s->nbr, &s->box, s->x, s->n, cut2);
  case SW_BW_READ:
  case SW_BW_UPDATE:
    sw_bandwidth(s, method);
    return GR_OK;
  }
  return GR_EINPUT;
}

/* What a timed pass needs. */
struct sw_timed {
  struct sw_state *s;
  enum sw_method method;
};

static void sw_timed_pass(void *arg)
{
  struct sw_timed *t = arg;
  sw_keep(&t->s->status, gr_sweetman_pass(t->s, t->method));
}

static void sw_timed_next(void *arg)
{
  gr_sweetman_next(((struct sw_timed *)arg)->s);
}

/* CPU time, not wall time: on a shared machine another job takes wall
 * time from us but not CPU time; the minimum is the estimate least
 * disturbed by what remains (shared caches and memory bandwidth). */
double gr_sweetman_time(struct sw_state *s, enum sw_method method, int reps)
{
  struct sw_timed t = {.s = s, .method = method};
  return gr_timer_min_cpu_prep(sw_timed_pass, sw_timed_next, &t, reps);
}

/* The DEM parameters of the peer case (sweetman.h). */
static struct gr_dem_params sw_dem_params(const struct gr_box *box, int search)
{
  const double m = M_PI / 6.0;
  struct gr_dem_params p = {
      .diameter = SW_DIAMETER, .density = 1.0, .e = SW_DEM_E, .dt = SW_DEM_DT,
      .k1 = gr_contact_k1_from_dt(m, SW_DEM_E, SW_DEM_NCOLL, SW_DEM_DT), /* eq. 2.23 */
      .mu = SW_DEM_MU, .kt_ratio = 2.0 / 7.0, .gamma = 1.0 / 3.0, .g = 1.0,
      .skin = SW_SKIN, .walls = 1, .search = search};
  int k;
  for (k = 0; k < 3; k++)
    p.len[k] = box->len[k];
  return p;
}

/* The lattice from stream "peer-lattice" (the same as the timed passes'),
 * velocities from "peer-velocities"; fresh streams, so the three searches
 * of the equivalence run start from the same state bit for bit. */
int gr_sweetman_dem_peer(struct gr_dem *d, size_t n, unsigned long seed, int search)
{
  struct gr_dem_params p;
  struct gr_box box = {{0, 0, 0}, {0, 0, 0}};
  double *x = malloc(3 * (n ? n : 1) * sizeof *x);
  gsl_rng *lat = gr_rng_stream(seed, "peer-lattice"), *vel = gr_rng_stream(seed, "peer-velocities");
  size_t k = 0;
  int rc = GR_ENOMEM;
  if (x == NULL || lat == NULL || vel == NULL)
    goto done;
  if ((rc = gr_place_lattice_jitter(lat, n, SW_SPACING, SW_FILL, SW_JITTER, x, &k)) != GR_OK)
    goto done;
  box.len[0] = box.len[1] = box.len[2] = (double)k * SW_SPACING;
  p = sw_dem_params(&box, search);
  if ((rc = gr_dem_init(d, n, &p)) != GR_OK)
    goto done;
  memcpy(d->x, x, 3 * n * sizeof *x);
  gr_place_lattice_gauss(vel, d->v, 3 * n, SW_DEM_V);
done:
  free(x);
  gsl_rng_free(lat);
  gsl_rng_free(vel);
  return rc == GR_OK || rc == GR_EINPUT ? rc : GR_ENOMEM;
}
