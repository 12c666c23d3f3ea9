/* granrepro experiment sweetman-neighbors: the `granrepro bench` kernels
 * of Sweetman 2003, chapter 4 -- one rebuild pass of each search method
 * per N (sweetman_state.c), the streaming floors, and DEM steps of the
 * peer case (issue 14: threads, cell order, a shuffled start).  Each run
 * declares the bytes it touches per work unit (gr_kernel_bytes), counted
 * from the data layout: an array element read counts its size, written
 * its size again; data read again while cached count once. */
#include <gsl/gsl_randist.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/sweetman-2003/sweetman.h"
#include "harness/benchref.h"
#include "harness/error.h"
#include "harness/rng.h"
#include "physics/dem.h"

struct sw_bench {
  struct sw_state s;
  enum sw_method method;
  long reps;
};

/* Passes per sample: about 1e5 particles' worth (1e7 pair tests for the
 * N-squared search), so that small N still gives samples of milliseconds. */
int gr_sweetman_bench_setup(void **state, const void *arg, int quick,
                              unsigned long seed, struct gr_error *err)
{
  const struct sw_kernel_arg *ka = arg;
  size_t n = ka->n;
  struct sw_bench *b;
  if (quick && n > 100000) {
    *state = NULL; /* quick bench stops at 1e5 particles: skip the -1e6 kernels */
    return GR_OK;
  }
  if ((b = calloc(1, sizeof *b)) == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  b->method = ka->method;
  b->reps = b->method == SW_REBUILD_NSQ ? (long)(1e7 / ((double)n * n)) : (long)(1e5 / (double)n);
  if (b->reps < 1)
    b->reps = 1;
  if (gr_sweetman_state_init(&b->s, n, seed, NULL) != GR_OK) {
    free(b);
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  }
  *state = b;
  return GR_OK;
}

/* Bytes per particle of one pass (0: not counted).  Streams: 3 coordinates
 * read (24), the update reads and writes them (48).  Sorted cells
 * (gr_cellsort_fill): x read twice (48), cellof written and read (8), the
 * slot written (32), two counter updates (16), and per cell the counters
 * cleared, summed and read (12).  A sorted-cell rebuild adds the search
 * (slots read 32, cell starts 4 per cell), the row starts of the new and
 * the old list (16), and per pair: pushed (8), counted (12), scattered
 * (16), row sort (8), old partner (4), history carried (64 + 64). */
static double sw_pass_bytes(const struct sw_bench *b)
{
  double n = (double)b->s.n, cells = (double)b->s.sort.ncell / n, pairs, fill;
  fill = 48.0 + 8.0 + 32.0 + 16.0 + 12.0 * cells;
  pairs = (double)b->s.nbr.cur.npair / n;
  switch (b->method) {
  case SW_STREAM:
  case SW_BW_READ:
    return 24.0;
  case SW_BW_UPDATE:
    return 48.0;
  case SW_CELLS_SORT:
    return fill;
  case SW_REBUILD_SORT:
    return fill + 32.0 + 4.0 * cells + 16.0 + pairs * (8.0 + 12.0 + 16.0 + 8.0 + 4.0 + 128.0);
  default:
    return 0.0;
  }
}

double gr_sweetman_bench_run(void *state)
{
  struct sw_bench *b = state;
  long r;
  for (r = 0; r < b->reps; r++) {
    gr_sweetman_next(&b->s);
    if (gr_sweetman_pass(&b->s, b->method) != GR_OK)
      return 0.0;
  }
  gr_kernel_bytes(sw_pass_bytes(b));
  return (double)b->reps * (double)b->s.n;
}

void gr_sweetman_bench_teardown(void *state)
{
  struct sw_bench *b = state;
  gr_sweetman_state_free(&b->s);
  free(b);
}

struct sw_dem_bench {
  struct gr_dem d;
  long steps;
};

/* The peer case again with the kernel's threads and cell order, its
 * particles numbered at random when shuffle is set (stream
 * "peer-shuffle"): the same spheres, in an order without locality. */
static int sw_dem_variant(struct gr_dem *d, const struct sw_kernel_arg *ka, unsigned long seed)
{
  struct gr_dem_params p = d->p;
  size_t n = d->n, i, *perm = malloc((n ? n : 1) * sizeof *perm);
  double *xv = malloc(6 * (n ? n : 1) * sizeof *xv);
  gsl_rng *rng = gr_rng_stream(seed, "peer-shuffle");
  int rc = GR_ENOMEM;
  if (perm == NULL || xv == NULL || rng == NULL)
    goto done;
  for (i = 0; i < n; i++)
    perm[i] = i;
  if (ka->shuffle)
    gsl_ran_shuffle(rng, perm, n, sizeof *perm);
  for (i = 0; i < n; i++) {
    memcpy(xv + 3 * i, d->x + 3 * perm[i], 3 * sizeof *xv);
    memcpy(xv + 3 * (n + i), d->v + 3 * perm[i], 3 * sizeof *xv);
  }
  p.threads = ka->threads;
  p.reorder = ka->reorder;
  gr_dem_free(d);
  if ((rc = gr_dem_init(d, n, &p)) != GR_OK)
    goto done;
  memcpy(d->x, xv, 3 * n * sizeof *xv);
  memcpy(d->v, xv + 3 * n, 3 * n * sizeof *xv);
done:
  free(perm);
  free(xv);
  gsl_rng_free(rng);
  return rc;
}

/* Full DEM steps of the peer case with sorted cells.  Kernels with the
 * same steps per run time the same stretch of the fall (contacts grow as
 * the spheres settle), so only those compare. */
int gr_sweetman_dem_bench_setup(void **state, const void *arg, int quick,
                                  unsigned long seed, struct gr_error *err)
{
  const struct sw_kernel_arg *ka = arg;
  size_t n = ka->n;
  struct sw_dem_bench *b;
  int rc;
  if (quick && n > 100000) {
    *state = NULL; /* quick bench stops at 1e5 particles: skip the 1e6 kernels */
    return GR_OK;
  }
  if ((b = calloc(1, sizeof *b)) == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  /* warm-up plus 9 samples of 200 steps: the 2000 steps (quick:
   * 20 steps a run, the size its name says) */
  b->steps = quick ? 20 : (ka->steps > 0 ? ka->steps : 200);
  rc = gr_sweetman_dem_peer(&b->d, n, seed, GR_DEM_SORT);
  if (rc == GR_OK && (ka->threads || ka->reorder || ka->shuffle))
    rc = sw_dem_variant(&b->d, ka, seed);
  if (rc != GR_OK) {
    gr_dem_free(&b->d);
    free(b);
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  }
  *state = b;
  return GR_OK;
}

/* Bytes per particle-step of gr_dem_step (demstep.c), at the end of the
 * run.  Per particle: x, v, w read and written (144), xref read (24),
 * start and wallon (5); with cell order astart (4).  Without cell order
 * the partial forces live in a ring that stays cached (demstep.c): not
 * counted (it was 96 when they were the arrays f and t).  Per pair: partner j (4), contact flag read and
 * written (2), its history read and written when it touched at its last
 * evaluation (128); with cell order the pair record fq written (48) and
 * read by both members (fq cached; their aq entries 8, flags 2).  Per wall
 * contact: its record (128).  Rebuilds (one in some 60 steps) and the
 * crossing pairs of threads are not counted. */
static double sw_dem_bytes(const struct gr_dem *d)
{
  size_t q, i, touch = 0, walls = 0, np = d->nbr.cur.npair;
  double n = (double)d->n, rec = d->id != NULL, perp, perpair;
  for (q = 0; q < np; q++)
    touch += d->on[q] != 0;
  for (i = 0; i < d->n; i++)
    walls += (size_t)__builtin_popcount(d->wallon[i]);
  perp = 144.0 + 24.0 + 5.0 + (rec ? 4.0 : 0.0);
  perpair = 4.0 + 2.0 + (rec ? 48.0 + 8.0 + 2.0 : 0.0);
  return perp + ((double)np * perpair + 128.0 * (double)touch + 128.0 * (double)walls) / n;
}

double gr_sweetman_dem_bench_run(void *state)
{
  struct sw_dem_bench *b = state;
  long s;
  for (s = 0; s < b->steps; s++)
    if (gr_dem_step(&b->d) != GR_OK)
      return 0.0;
  gr_kernel_bytes(sw_dem_bytes(&b->d));
  return (double)b->steps * (double)b->d.n;
}

void gr_sweetman_dem_bench_teardown(void *state)
{
  struct sw_dem_bench *b = state;
  gr_dem_free(&b->d);
  free(b);
}
