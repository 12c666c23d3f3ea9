/* granrepro experiment wilson-clumping: the printed inputs of Wilson
 * (2001) section 3 and appendix A.1 (clumping-inputs.tsv) and the group of
 * runs that share Wilson's random initial states (appendix A.1,
 * rand_pos_vel_assign and check: src/physics/place_random.c). */
#include <math.h>
#include <stdlib.h>

#include "experiments/wilson-2001/clumping.h"
#include "harness/ctx.h"
#include "physics/place_random.h"
#include "status.h"

/* The inputs of clumping-inputs.tsv, in the order of struct
 * gr_clumping_par's doubles. */
static const char *const cl_rows[] = {"diameter", "box", "velocity_max", "mu", "t_end",
                                      "listing_diameter", "listing_n_particles"};

/* A count of the table (N, cells): a whole number in [1, 1e7]. */
static int cl_param_count(struct gr_ctx *ctx, const char *row, int *out)
{
  double v = 0.0;
  if (gr_ctx_input(ctx, CL_INPUTS, row, "value", &v) != GR_OK)
    return gr_ctx_error(ctx)->code;
  if (!(v >= 1.0 && v <= 1e7) || v != floor(v))
    return gr_ctx_fail(ctx, GR_EINPUT, "wilson-2001/%s.tsv: %s = %g: give a whole number from 1 to 1e7", CL_INPUTS, row, v);
  *out = (int)v;
  return GR_OK;
}

/* The printed inputs of section 3 and appendix A.1 (clumping-inputs.tsv):
 * counts whole (the listing's N_PARTICLES too), lengths and times
 * positive, mu in (0, 1]. */
int gr_clumping_params(struct gr_ctx *ctx, struct gr_clumping_par *p)
{
  double *v[] = {&p->d, &p->box, &p->vmax, &p->mu, &p->t_end, &p->d_listing, &p->n_listing};
  size_t i;
  if (cl_param_count(ctx, "n_small", &p->n[0]) != GR_OK || cl_param_count(ctx, "n_large", &p->n[1]) != GR_OK ||
      cl_param_count(ctx, "cells", &p->cells) != GR_OK)
    return gr_ctx_error(ctx)->code;
  for (i = 0; i < sizeof cl_rows / sizeof cl_rows[0]; i++) {
    if (gr_ctx_input(ctx, CL_INPUTS, cl_rows[i], "value", v[i]) != GR_OK)
      return gr_ctx_error(ctx)->code;
    if (!(*v[i] > 0.0) || (v[i] == &p->mu && *v[i] > 1.0))
      return gr_ctx_fail(ctx, GR_EINPUT, "wilson-2001/%s.tsv: %s = %g: give a number above 0%s", CL_INPUTS, cl_rows[i], *v[i],
                         v[i] == &p->mu ? " and at most 1" : "");
  }
  if (!(p->n_listing <= 1e7) || p->n_listing != floor(p->n_listing))
    return gr_ctx_fail(ctx, GR_EINPUT, "wilson-2001/%s.tsv: listing_n_particles = %g: give a whole number from 1 to 1e7",
                       CL_INPUTS, p->n_listing);
  return GR_OK;
}

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
 * in [-vmax, vmax] drawn with each attempt; the rules at the table's mu. */
int gr_clumping_group_new(const struct gr_clumping_par *par, int n, double d, int nseed,
                          gsl_rng *rng, struct gr_clumping_group **out)
{
  const struct gr_place_random p = {.lx = par->box, .ly = par->box, .d = d, .vmax = par->vmax,
                                    .maxtries = 100000000L};
  struct gr_clumping_group *g;
  int s, r, rc = GR_OK;
  *out = NULL;
  if (nseed < 1 || nseed > CL_MAXSEED || n < 1)
    return GR_EINPUT;
  if ((g = calloc(1, sizeof *g)) == NULL)
    return GR_ENOMEM;
  g->n = n;
  g->d = d;
  g->nseed = nseed;
  g->par = *par;
  for (r = 0; r < CL_NRULE; r++)
    g->rule[r] = gr_clumping_rule(r, par->mu);
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
