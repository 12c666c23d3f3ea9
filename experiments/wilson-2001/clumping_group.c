/* granrepro experiment wilson-clumping: the group of runs that share
 * Wilson's random initial states (appendix A.1, rand_pos_vel_assign and
 * check: src/physics/place_random.c). */
#include <stdlib.h>

#include "experiments/wilson-2001/clumping.h"
#include "physics/place_random.h"
#include "status.h"

void gr_clumping_group_free(struct gr_clumping_group *g)
{
  int r;
  if (g == NULL)
    return;
  free(g->x0); free(g->y0); free(g->vx0); free(g->vy0);
  for (r = 0; r < CL_NRULE; r++) {
    free(g->xf[r]);
    free(g->yf[r]);
  }
  free(g);
}

/* The arrays of a group of n disks and nseed starts; 1 when all exist. */
static int cl_group_alloc(struct gr_clumping_group *g, int n, int nseed)
{
  size_t sz = (size_t)n * (size_t)nseed * sizeof(double);
  int r, ok = 1;
  g->x0 = malloc(sz); g->y0 = malloc(sz); g->vx0 = malloc(sz); g->vy0 = malloc(sz);
  for (r = 0; r < CL_NRULE; r++) {
    g->xf[r] = malloc((size_t)n * sizeof(double));
    g->yf[r] = malloc((size_t)n * sizeof(double));
    ok = ok && g->xf[r] != NULL && g->yf[r] != NULL;
  }
  return ok && g->x0 && g->y0 && g->vx0 && g->vy0;
}

/* Wilson's start for each seed in turn from one stream: positions uniform
 * in the box, rejected when overlapping or outside it, velocities uniform
 * in [-1, 1] drawn with each attempt. */
int gr_clumping_group_new(int n, double d, int nseed, gsl_rng *rng,
                          struct gr_clumping_group **out)
{
  const struct gr_place_random p = {.lx = CL_L, .ly = CL_L, .d = d, .vmax = 1.0,
                                    .maxtries = 100000000L};
  struct gr_clumping_group *g;
  int s, rc = GR_OK;
  *out = NULL;
  if (nseed < 1 || nseed > CL_MAXSEED || n < 1)
    return GR_EINPUT;
  if ((g = calloc(1, sizeof *g)) == NULL)
    return GR_ENOMEM;
  g->n = n;
  g->d = d;
  g->nseed = nseed;
  if (!cl_group_alloc(g, n, nseed))
    rc = GR_ENOMEM;
  for (s = 0; s < nseed && rc == GR_OK; s++) {
    size_t o = (size_t)s * (size_t)n;
    rc = gr_place_random_disks(&p, n, rng, g->x0 + o, g->y0 + o, g->vx0 + o, g->vy0 + o);
  }
  if (rc != GR_OK) {
    gr_clumping_group_free(g);
    return rc;
  }
  *out = g;
  return GR_OK;
}
