/* granrepro experiment wilson-clumping: benchmark kernels of the
 * event-driven engine (B. Wilson, UBC 2001, sections 2.1-2.3, Fig. 4):
 * elastic disks (d = 1) in a walled square box at area fraction phi,
 * started on a square lattice with velocities uniform in [-1, 1] and melted
 * by 2 collisions per disk before timing; a sample is 2 N disk-disk
 * collisions, at least 2e5 and at most 2e6 (quick: 5e4).  N = 1e6 and
 * 3e6 run in full mode only. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "experiments/wilson-2001/clumping.h"
#include "harness/error.h"
#include "harness/rng.h"
#include "physics/place_random.h"
#include "status.h"

/* One kernel per (N, phi), handed to cl_bench_setup as its arg. */
struct cl_kernel_arg {
  int n;
  double phi;
};
static const struct cl_kernel_arg cl_args[CL_NKERNEL] = {
  {.n = 10000, .phi = 0.1}, {.n = 10000, .phi = 0.3}, {.n = 10000, .phi = 0.5},
  {.n = 100000, .phi = 0.1}, {.n = 100000, .phi = 0.3}, {.n = 100000, .phi = 0.5},
  {.n = 1000000, .phi = 0.1}, {.n = 1000000, .phi = 0.3}, {.n = 1000000, .phi = 0.5},
  {.n = 3000000, .phi = 0.3},
};

struct cl_bench {
  struct gr_edmd *s;
  long long per_sample;
};

/* The start: n disks on a square lattice of m x m sites in the l x l box,
 * velocities from the stream "bench-N<n>-phi<phi>" of seed. */
static int cl_bench_start(int n, double phi, double l, unsigned long seed, double *buf)
{
  int m = (int)ceil(sqrt((double)n)), i;
  double a = l / m;
  char name[64];
  gsl_rng *rng;
  snprintf(name, sizeof name, "bench-N%d-phi%g", n, phi);
  if ((rng = gr_rng_stream(seed, name)) == NULL)
    return GR_ENOMEM;
  for (i = 0; i < n; i++) {
    buf[i] = (i % m + 0.5) * a;
    buf[n + i] = (i / m + 0.5) * a;
  }
  /* 1.0 mirrors velocity_max of clumping-inputs.tsv (the runs' start); the
   * kernel's own setting, as its d = 1 and phi: the speed scale sets the
   * time per collision, not the work per collision that is timed */
  gr_place_random_vel_uniform(rng, n, 1.0, buf + 2 * n, buf + 3 * n);
  gsl_rng_free(rng);
  return GR_OK;
}

static int cl_bench_setup(void **state, const void *arg, int quick,
                          unsigned long seed, struct gr_error *err)
{
  const struct cl_kernel_arg *ka = arg;
  int n = ka->n, rc;
  double l = sqrt(n * 0.7853981633974483 / ka->phi), *buf;
  struct gr_edmd_params p = {.n = n, .d = 1.0, .lx = l, .ly = l, .rule = gr_clumping_rules[0].r};
  struct cl_bench *b;
  *state = NULL;
  if (quick && n > 100000)
    return GR_OK; /* N >= 1e6 only in full mode: skipped */
  b = calloc(1, sizeof *b);
  buf = malloc(4 * (size_t)n * sizeof *buf);
  if (b == NULL || buf == NULL || cl_bench_start(n, ka->phi, l, seed, buf) != GR_OK) {
    free(b);
    free(buf);
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  }
  rc = gr_edmd_new(&p, buf, buf + n, buf + 2 * n, buf + 3 * n, &b->s);
  free(buf);
  if (rc != GR_OK) {
    free(b);
    return gr_error_set(err, rc == GR_ENOMEM ? GR_ENOMEM : GR_EFAIL, "cannot set up %d disks at phi = %g", n, ka->phi);
  }
  gr_edmd_run(b->s, HUGE_VAL, 2LL * n);
  b->per_sample = quick ? 50000 : 2LL * n < 200000 ? 200000 : 2LL * n > 2000000 ? 2000000 : 2LL * n;
  *state = b;
  return GR_OK;
}

static double cl_bench_run(void *state)
{
  struct cl_bench *b = state;
  long long d0 = b->s->k.ddc;
  gr_edmd_run(b->s, HUGE_VAL, b->per_sample);
  return (double)(b->s->k.ddc - d0);
}

static void cl_bench_teardown(void *state)
{
  struct cl_bench *b = state;
  if (b == NULL)
    return;
  gr_edmd_free(b->s);
  free(b);
}

const struct gr_kernel gr_clumping_kernels[CL_NKERNEL] = {
  {.name = "ddc-N1e4-phi0.1", .unit = "collisions", .setup = cl_bench_setup, .run = cl_bench_run,
   .teardown = cl_bench_teardown, .arg = &cl_args[0]},
  {.name = "ddc-N1e4-phi0.3", .unit = "collisions", .setup = cl_bench_setup, .run = cl_bench_run,
   .teardown = cl_bench_teardown, .arg = &cl_args[1]},
  {.name = "ddc-N1e4-phi0.5", .unit = "collisions", .setup = cl_bench_setup, .run = cl_bench_run,
   .teardown = cl_bench_teardown, .arg = &cl_args[2]},
  {.name = "ddc-N1e5-phi0.1", .unit = "collisions", .setup = cl_bench_setup, .run = cl_bench_run,
   .teardown = cl_bench_teardown, .arg = &cl_args[3]},
  {.name = "ddc-N1e5-phi0.3", .unit = "collisions", .setup = cl_bench_setup, .run = cl_bench_run,
   .teardown = cl_bench_teardown, .arg = &cl_args[4]},
  {.name = "ddc-N1e5-phi0.5", .unit = "collisions", .setup = cl_bench_setup, .run = cl_bench_run,
   .teardown = cl_bench_teardown, .arg = &cl_args[5]},
  {.name = "ddc-N1e6-phi0.1", .unit = "collisions", .setup = cl_bench_setup, .run = cl_bench_run,
   .teardown = cl_bench_teardown, .arg = &cl_args[6]},
  {.name = "ddc-N1e6-phi0.3", .unit = "collisions", .setup = cl_bench_setup, .run = cl_bench_run,
   .teardown = cl_bench_teardown, .arg = &cl_args[7]},
  {.name = "ddc-N1e6-phi0.5", .unit = "collisions", .setup = cl_bench_setup, .run = cl_bench_run,
   .teardown = cl_bench_teardown, .arg = &cl_args[8]},
  {.name = "ddc-N3e6-phi0.3", .unit = "collisions", .setup = cl_bench_setup, .run = cl_bench_run,
   .teardown = cl_bench_teardown, .arg = &cl_args[9]},
};
