/* granrepro experiment sweetman-neighbors: Sweetman 2003, chapters 2-4 --
 * the Verlet table, the chain-cell linked list and its timing.
 * Registration, the peer-case configuration, one pass of each search
 * method, and the `granrepro bench` kernels. */
#include "experiments/sweetman.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"

int sw_lattice(size_t n, unsigned long seed, double extra, double **x,
               struct gr_box *box)
{
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  size_t k = (size_t)ceil(cbrt((double)n / SW_FILL)), sites, t, got = 0;
  double *p = malloc(3 * (n ? n : 1) * sizeof *p);
  int a;
  if (rng == NULL || p == NULL) {
    gsl_rng_free(rng);
    free(p);
    return GR_ENOMEM;
  }
  while (k * k * k < n)
    k++;
  sites = k * k * k;
  gsl_rng_set(rng, seed);
  /* selection sampling (Knuth's algorithm S): site t is filled with
   * probability (still needed) / (sites left); sites in lattice order */
  for (t = 0; t < sites && got < n; t++) {
    if ((double)(sites - t) * gsl_rng_uniform(rng) >= (double)(n - got))
      continue;
    for (a = 0; a < 3; a++) {
      size_t c = a == 0 ? t % k : (a == 1 ? t / k % k : t / (k * k));
      p[3 * got + a] = ((double)c + 0.5) * SW_SPACING +
                       SW_JITTER * (2.0 * gsl_rng_uniform(rng) - 1.0);
    }
    got++;
  }
  gsl_rng_free(rng);
  for (a = 0; a < 3; a++) {
    box->len[a] = (double)k * SW_SPACING * (extra > 1.0 ? extra : 1.0);
    box->periodic[a] = 0;
  }
  *x = p;
  return GR_OK;
}

/* conf: the lattice, then SW_NCONF - 1 moved copies (sequential draws
 * from a stream seeded with seed + 1); the lattice stays current. */
static int sw_moved(struct sw_state *s, unsigned long seed)
{
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  size_t i, m = 3 * s->n;
  int k;
  s->conf = malloc(SW_NCONF * (m ? m : 1) * sizeof *s->conf);
  if (rng == NULL || s->conf == NULL) {
    gsl_rng_free(rng);
    free(s->conf);
    s->conf = NULL;
    return GR_ENOMEM;
  }
  gsl_rng_set(rng, seed + 1);
  memcpy(s->conf, s->x, m * sizeof *s->x);
  for (k = 1; k < SW_NCONF; k++)
    for (i = 0; i < m; i++)
      s->conf[k * m + i] = s->x[i] + SW_MOVE * (2.0 * gsl_rng_uniform(rng) - 1.0);
  gsl_rng_free(rng);
  free(s->x);
  s->x = s->conf;
  s->k = 0;
  return GR_OK;
}

void sw_next(struct sw_state *s)
{
  s->k = (s->k + 1) % SW_NCONF;
  s->x = s->conf + (size_t)s->k * 3 * s->n;
}

void sw_state_free(struct sw_state *s)
{
  free(s->conf);
  gr_cells_free(&s->chain);
  gr_cellsort_free(&s->sort);
  gr_nbr_free(&s->nbr);
  memset(s, 0, sizeof *s);
}

int sw_state_init(struct sw_state *s, size_t n, unsigned long seed,
                  double extra, const int *m)
{
  int rc, k;
  memset(s, 0, sizeof *s);
  gr_nbr_init(&s->nbr);
  s->n = n;
  if ((rc = sw_lattice(n, seed, extra, &s->x, &s->box)) != GR_OK)
    return rc;
  if ((rc = sw_moved(s, seed)) != GR_OK) {
    free(s->x);
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
    sw_state_free(s);
    return GR_ENOMEM;
  }
  return GR_OK;
}

const char *sw_method_name(enum sw_method method)
{
  static const char *const names[] = {"stream", "cells-sort", "cells-chain",
                                      "rebuild-sort", "rebuild-chain", "rebuild-nsq"};
  return names[method];
}

int sw_pass(struct sw_state *s, enum sw_method method)
{
  const double cut2 = SW_CUT * SW_CUT;
  double sum = 0.0;
  size_t i;
  switch (method) {
  case SW_STREAM:
    for (i = 0; i < 3 * s->n; i++)
      sum += s->x[i];
    s->sink += sum;
    return 0;
  case SW_CELLS_SORT:
    return gr_cellsort_fill(&s->sort, s->x, s->n);
  case SW_CELLS_CHAIN:
    return gr_cells_fill(&s->chain, s->x, s->n);
  case SW_REBUILD_SORT:
    if (gr_cellsort_fill(&s->sort, s->x, s->n) != GR_OK)
      return 1;
    return gr_cellsort_search(&s->sort, &s->nbr, cut2);
  case SW_REBUILD_CHAIN:
    if (gr_cells_fill(&s->chain, s->x, s->n) != GR_OK ||
        gr_cells_search(&s->chain, &s->box, s->x, cut2) != GR_OK)
      return 1;
    return gr_nbr_from_pairs(&s->nbr, s->n, &s->chain.pairs);
  case SW_REBUILD_NSQ:
    return gr_nbr_nsquared(&s->nbr, &s->box, s->x, s->n, cut2);
  }
  return 1;
}

/* ---- benchmark kernels ------------------------------------------------ */

struct sw_bench {
  struct sw_state s;
  enum sw_method method;
  long reps;
};

/* Passes per sample: about 1e5 particles' worth (1e7 pair tests for the
 * N-squared search), so that small N still gives samples of milliseconds. */
static int sw_bench_setup(void **state, const void *arg, int quick,
                          unsigned long seed, struct gr_error *err)
{
  const struct sw_kernel_arg *ka = arg;
  size_t n = ka->n;
  enum sw_method method = ka->method;
  struct sw_bench *b;
  if (quick && n > 100000) {
    *state = NULL; /* quick bench stops at 1e5 particles: skip the -1e6 kernels */
    return GR_OK;
  }
  if ((b = calloc(1, sizeof *b)) == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  b->method = method;
  b->reps = method == SW_REBUILD_NSQ ? (long)(1e7 / ((double)n * n)) : (long)(1e5 / (double)n);
  if (b->reps < 1)
    b->reps = 1;
  if (sw_state_init(&b->s, n, seed, 1.0, NULL) != GR_OK) {
    free(b);
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  }
  *state = b;
  return GR_OK;
}

static double sw_bench_run(void *state)
{
  struct sw_bench *b = state;
  long r;
  for (r = 0; r < b->reps; r++) {
    sw_next(&b->s);
    if (sw_pass(&b->s, b->method) != 0)
      return 0.0;
  }
  return (double)b->reps * (double)b->s.n;
}

static void sw_bench_teardown(void *state)
{
  struct sw_bench *b = state;
  sw_state_free(&b->s);
  free(b);
}

/* The size (and search) of each kernel, handed to its setup as arg (the DEM
 * kernels use only n). */
static const struct sw_kernel_arg sw_args[] = {
  {1000, SW_STREAM},
  {10000, SW_STREAM},
  {100000, SW_STREAM},
  {1000000, SW_STREAM},
  {1000, SW_CELLS_SORT},
  {10000, SW_CELLS_SORT},
  {100000, SW_CELLS_SORT},
  {1000000, SW_CELLS_SORT},
  {1000, SW_CELLS_CHAIN},
  {10000, SW_CELLS_CHAIN},
  {100000, SW_CELLS_CHAIN},
  {1000000, SW_CELLS_CHAIN},
  {1000, SW_REBUILD_SORT},
  {10000, SW_REBUILD_SORT},
  {100000, SW_REBUILD_SORT},
  {1000000, SW_REBUILD_SORT},
  {1000, SW_REBUILD_CHAIN},
  {10000, SW_REBUILD_CHAIN},
  {100000, SW_REBUILD_CHAIN},
  {1000000, SW_REBUILD_CHAIN},
  {1000, SW_REBUILD_NSQ},
  {10000, SW_REBUILD_NSQ},
  {1000, SW_STREAM},
  {10000, SW_STREAM},
  {64000, SW_STREAM},
  {100000, SW_STREAM},
  {1000000, SW_STREAM},
};

/* Per N: the streaming pass (floor), the two cell structures, the three
 * whole rebuilds (cells, pair list, contact history carried over). */
static const struct gr_kernel sw_kernels[] = {
  {.name = "stream-1e3", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[0]},
  {.name = "stream-1e4", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[1]},
  {.name = "stream-1e5", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[2]},
  {.name = "stream-1e6", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[3]},
  {.name = "cells-sort-1e3", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[4]},
  {.name = "cells-sort-1e4", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[5]},
  {.name = "cells-sort-1e5", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[6]},
  {.name = "cells-sort-1e6", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[7]},
  {.name = "cells-chain-1e3", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[8]},
  {.name = "cells-chain-1e4", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[9]},
  {.name = "cells-chain-1e5", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[10]},
  {.name = "cells-chain-1e6", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[11]},
  {.name = "rebuild-sort-1e3", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[12]},
  {.name = "rebuild-sort-1e4", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[13]},
  {.name = "rebuild-sort-1e5", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[14]},
  {.name = "rebuild-sort-1e6", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[15]},
  {.name = "rebuild-chain-1e3", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[16]},
  {.name = "rebuild-chain-1e4", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[17]},
  {.name = "rebuild-chain-1e5", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[18]},
  {.name = "rebuild-chain-1e6", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[19]},
  {.name = "rebuild-nsq-1e3", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[20]},
  {.name = "rebuild-nsq-1e4", .unit = "particles", .setup = sw_bench_setup, .run = sw_bench_run,
   .teardown = sw_bench_teardown, .arg = &sw_args[21]},
  {.name = "dem-step-1e3", .unit = "particle-steps", .setup = sw_dem_bench_setup, .run = sw_dem_bench_run,
   .teardown = sw_dem_bench_teardown, .arg = &sw_args[22]},
  {.name = "dem-step-1e4", .unit = "particle-steps", .setup = sw_dem_bench_setup, .run = sw_dem_bench_run,
   .teardown = sw_dem_bench_teardown, .arg = &sw_args[23]},
  {.name = "dem-step-64e3", .unit = "particle-steps", .setup = sw_dem_bench_setup, .run = sw_dem_bench_run,
   .teardown = sw_dem_bench_teardown, .arg = &sw_args[24]},
  {.name = "dem-step-1e5", .unit = "particle-steps", .setup = sw_dem_bench_setup, .run = sw_dem_bench_run,
   .teardown = sw_dem_bench_teardown, .arg = &sw_args[25]},
  {.name = "dem-step-1e6", .unit = "particle-steps", .setup = sw_dem_bench_setup, .run = sw_dem_bench_run,
   .teardown = sw_dem_bench_teardown, .arg = &sw_args[26]},
};

static int sw_run(struct gr_ctx *ctx)
{
  int rc;
  gr_ctx_phase_begin(ctx, "chapter2");
  rc = sw_chapter2(ctx);
  gr_ctx_phase_end(ctx);
  if (rc != GR_OK)
    return rc;
  gr_ctx_phase_begin(ctx, "chapter3");
  rc = sw_chapter3(ctx);
  gr_ctx_phase_end(ctx);
  if (rc != GR_OK)
    return rc;
  gr_ctx_phase_begin(ctx, "timing");
  rc = sw_timing(ctx);
  gr_ctx_phase_end(ctx);
  if (rc != GR_OK)
    return rc;
  gr_ctx_phase_begin(ctx, "dem");
  rc = sw_dem(ctx);
  gr_ctx_phase_end(ctx);
  return rc;
}

const struct gr_experiment gr_exp_sweetman_neighbors = {
  "sweetman-neighbors",
  "Sweetman 2003: Verlet table, chain-cell and sorted-cell neighbour search",
  "M. J. Sweetman, Addition of a Chain-Cell Search Method and a Van der Waals Force Model "
  "to a Particle Dynamics Code, M.S. thesis, New Jersey Institute of Technology (2003), "
  "chapters 2-4",
  "sweetman-2003",
  sw_run,
  sw_kernels,
  sizeof sw_kernels / sizeof sw_kernels[0],
};
