/* granrepro experiment wilson-clumping: B. Wilson (UBC 2001), sections 2-3,
 * appendix A.  The tasks of the run (the groups of section 3, Fig. 4) and
 * the registration. */
#include <gsl/gsl_rng.h>
#include <stdio.h>

#include "experiments/wilson-2001/clumping.h"
#include "harness/ctx.h"
#include "harness/experiment.h"
#include "harness/verdict.h"
#include "physics/edrule.h"
#include "status.h"

/* The runs of section 3 (the table's N = n_small, n_large at its D;
 * full mode also the listing's D).  The task names below label them with
 * the printed values. */
static const struct cl_case {
  int size;    /* index into gr_clumping_par.n */
  int listing; /* the listing's D instead of the text's */
  int full_only;
} cl_cases[] = {
  {.size = 0}, {.size = 1},
  {.size = 0, .listing = 1, .full_only = 1}, {.size = 1, .listing = 1, .full_only = 1},
};

/* The conditions of a group (issue 25): its seeds, each every rule to
 * t = 10 and the long runs from that seed's start. */
static void cl_seed_name(const void *arg, size_t i, char *buf, size_t len)
{
  const struct gr_clumping_group *g = arg;
  snprintf(buf, len, "N%d-D%g/seed%zu", g->n, g->d, i);
}

/* The seeds with mine[s] set: their runs and long runs. */
static int cl_seed_run(void *arg, const unsigned char *mine)
{
  struct gr_clumping_group *g = arg;
  int rc;
  g->mine = mine;
  rc = gr_clumping_group_run(g);
  if (rc == GR_OK && g->t_long > 0.0)
    rc = gr_clumping_group_long(g);
  g->mine = NULL;
  return rc;
}

/* Where seed s's results lie: its runs, long runs, and (seed 0) the
 * final positions. */
static size_t cl_seed_spans(void *arg, size_t s, struct gr_span sp[GR_COND_SPANS])
{
  struct gr_clumping_group *g = arg;
  size_t n = 0, bytes = (size_t)g->n * sizeof(double);
  int r;
  for (r = 0; r < CL_NRULE; r++) {
    sp[n++] = (struct gr_span){&g->run[r][s], sizeof g->run[r][s]};
    sp[n++] = (struct gr_span){&g->lrun[r][s], sizeof g->lrun[r][s]};
    if (s == 0) {
      sp[n++] = (struct gr_span){g->xf[r], bytes};
      sp[n++] = (struct gr_span){g->yf[r], bytes};
    }
  }
  return n;
}

/* Section 2.4's "Momentum is conserved with this model" for eqs. (5)-(6)
 * (read with the exchange of eqs. (3)-(4)): the pair's normal momentum
 * after / before one oblique collision, which the text's claim puts at 1
 * and the equations at mu (a misprint row: mu is asserted). */
static void cl_eq56(struct gr_ctx *ctx, double mu)
{
  double nx = 0.6, ny = 0.8;
  double vi[2] = {1.0, 0.3}, vj[2] = {-0.5, -0.8}, pn0 = (vi[0] + vj[0]) * nx + (vi[1] + vj[1]) * ny;
  gr_edrule_text(mu, nx, ny, &vi[0], &vi[1], &vj[0], &vj[1]);
  gr_ctx_verdict(ctx, GR_KIND_MISPRINT, "eq5-6/momentum-conserved", ((vi[0] + vj[0]) * nx + (vi[1] + vj[1]) * ny) / pn0,
                 gr_test_rel(mu, 1e-12), "pair's normal momentum after / before one collision by eqs. (5)-(6) (normal parts exchanged as in (3)-(4)): "
                 "mu (v_in + v_jn), not the 1 of 'Momentum is conserved with this model' (read literally, both disks get mu v_inorm: not conserved either)");
}

/* One group: every rule and seed from the same starts, to t_end, and
 * the long runs (full: to t = 100; quick: the larger N to t = 40), one
 * condition per seed; then its verdicts, data and figures (figures of
 * positions for the text's D). */
static int cl_group(struct gr_ctx *ctx, const struct cl_case *c)
{
  int quick = gr_ctx_quick(ctx), rc, partial = 0, n;
  struct gr_clumping_par par;
  struct gr_clumping_group *g = NULL;
  struct gr_conds seeds = {.name = cl_seed_name, .run = cl_seed_run, .spans = cl_seed_spans};
  char name[64];
  double d;
  gsl_rng *rng;
  if (gr_clumping_params(ctx, &par) != GR_OK)
    return gr_ctx_error(ctx)->code;
  if (quick && c->full_only)
    return GR_OK;
  n = par.n[c->size];
  d = c->listing ? par.d_listing : par.d;
  /* one stream per (N, D): the same seed gives the same starts for every rule */
  snprintf(name, sizeof name, "start-N%d-D%g", n, d);
  if ((rng = gr_ctx_rng(ctx, name)) == NULL)
    return gr_ctx_error(ctx)->code;
  if ((rc = gr_clumping_group_new(&par, n, d, quick ? 4 : CL_MAXSEED, rng, &g)) != GR_OK)
    goto fail;
  g->t_long = quick ? (c->size == 1 ? 40.0 : 0.0) : 100.0;
  seeds.n = (size_t)g->nseed;
  seeds.arg = g;
  if ((rc = gr_ctx_conditions(ctx, &seeds, &partial)) != GR_OK)
    goto fail;
  if (!partial)
    gr_clumping_report_group(ctx, g, !c->listing);
  if (!partial && c == &cl_cases[0])
    cl_eq56(ctx, par.mu);
fail:
  gr_clumping_group_free(g);
  if (gr_ctx_error(ctx)->code != GR_OK)
    return gr_ctx_error(ctx)->code;
  if (rc == GR_EFAIL)
    return gr_ctx_fail(ctx, rc, "cannot place %d disks of D = %g in the box", n, d);
  return rc == GR_OK ? GR_OK : gr_ctx_fail(ctx, rc, "out of memory running N = %d", n);
}

static int cl_small(struct gr_ctx *ctx) { return cl_group(ctx, &cl_cases[0]); }
static int cl_large(struct gr_ctx *ctx) { return cl_group(ctx, &cl_cases[1]); }
static int cl_small_listing(struct gr_ctx *ctx) { return cl_group(ctx, &cl_cases[2]); }
static int cl_large_listing(struct gr_ctx *ctx) { return cl_group(ctx, &cl_cases[3]); }

/* The groups (their conditions: the seeds) and Fig. 4 (its sizes): tasks
 * of conditions.  The names, phases of the run record, keep the printed
 * N and D they had when these were macros, so records stay comparable. */
static const struct gr_task cl_tasks[] = {
  {.name = "N1000-D0.1", .fn = cl_small},
  {.name = "N2000-D0.1", .fn = cl_large},
  {.name = "N1000-D0.09", .fn = cl_small_listing},
  {.name = "N2000-D0.09", .fn = cl_large_listing},
  {.name = "fig4", .fn = gr_clumping_fig4},
};

static int cl_run(struct gr_ctx *ctx)
{
  return gr_ctx_run_condition_tasks(ctx, cl_tasks, sizeof cl_tasks / sizeof cl_tasks[0]);
}

const struct gr_experiment gr_exp_wilson_clumping = {
  .key = "wilson-clumping",
  .title = "Wilson 2001: event-driven hard disks (Marin-Risso-Cordero) and the clumping of inelastic disks",
  .citation = "B. Wilson, Computer Simulations of Pattern Formations in Granular Materials, "
              "B.Sc. thesis, University of British Columbia (2001), sections 2-3, Figs. 4-7, appendix A",
  .refdir = "wilson-2001",
  .run = cl_run,
  .kernels = gr_clumping_kernels,
  .nkernels = CL_NKERNEL,
  .shardable = 1,
};
