/* granrepro experiment sweetman-neighbors: the `granrepro bench` kernels
 * of Sweetman 2003, chapter 4 -- one rebuild pass of each search method
 * per N (sweetman_state.c), and a full DEM step of the peer case. */
#include <stdlib.h>

#include "experiments/sweetman-2003/sweetman.h"
#include "harness/error.h"
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

double gr_sweetman_bench_run(void *state)
{
  struct sw_bench *b = state;
  long r;
  for (r = 0; r < b->reps; r++) {
    gr_sweetman_next(&b->s);
    if (gr_sweetman_pass(&b->s, b->method) != 0)
      return 0.0;
  }
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

/* A full DEM step of the peer case with sorted cells. */
int gr_sweetman_dem_bench_setup(void **state, const void *arg, int quick,
                                  unsigned long seed, struct gr_error *err)
{
  size_t n = ((const struct sw_kernel_arg *)arg)->n;
  struct sw_dem_bench *b = calloc(1, sizeof *b);
  if (b == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  if (quick && n > 10000)
    n = 10000;
  /* warm-up plus 9 samples of 200 steps: the 2000 steps */
  b->steps = quick ? 20 : 200;
  if (gr_sweetman_dem_peer(&b->d, n, seed, GR_DEM_SORT) != GR_OK) {
    free(b);
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  }
  *state = b;
  return GR_OK;
}

double gr_sweetman_dem_bench_run(void *state)
{
  struct sw_dem_bench *b = state;
  long s;
  for (s = 0; s < b->steps; s++)
    if (gr_dem_step(&b->d) != GR_OK)
      return 0.0;
  return (double)b->steps * (double)b->d.n;
}

void gr_sweetman_dem_bench_teardown(void *state)
{
  struct sw_dem_bench *b = state;
  gr_dem_free(&b->d);
  free(b);
}
