/* granrepro experiment buchholtz-poeschel: the pipe of section 4 (Figs.
 * 5-6): runs over several starts (seeds), density records every 500
 * steps, the snapshots of Fig. 6 (drawn in bp_fig6.c), the largest
 * overlap against section 2's 10 % assumption, the lattice against linked
 * cells on the pipe, and the lattice's counters on every snapshot.  The
 * wave analysis is in bp_waves.c. */
#include "experiments/buchholtz1993/bp_pipe.h"

#include "physics/bplattice.h"

#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/report.h"
#include "status.h"

/* Record k of a run: counts on coarse bins, the profile, S(k), <vx>. */
static void bp_record(struct bp_run *run, const struct gr_bpsim *s, int k)
{
  double *c = run->coarse + (size_t)k * run->nbc;
  gr_bppipe_counts(s, run->nbc, c);
  gr_bppipe_counts(s, run->nbf, run->fine + (size_t)k * run->nbf);
  run->t[k] = s->t;
  run->disp[k] = gr_bppipe_dispersion(c, run->nbc);
  run->sk[3 * k] = gr_bppipe_sk(s, 1);
  run->sk[3 * k + 1] = gr_bppipe_sk(s, 2);
  run->sk[3 * k + 2] = gr_bppipe_sk(s, 3);
  run->vmean[k] = 0.0;
  for (size_t i = 0; i < s->nfree; i++)
    run->vmean[k] += s->vx[i] / (double)s->nfree;
}

/* Lattice counters on the current state (walls included). */
static void bp_count(struct bp_run *run, struct gr_bplattice *L, const struct gr_bpsim *s)
{
  struct gr_bpgrains g = gr_bpsim_grains(s);
  long d0 = L->ndouble;
  if (gr_bplattice_index(L, &g) != GR_OK)
    return;
  run->ndouble += L->ndouble - d0 > 0;
  run->noutside += gr_bplattice_outside(L) > 0;
  run->nchecked++;
}

/* Keep the grains for Fig. 6 (seed 0 only: run->snap != NULL). */
static void bp_snap(struct bp_run *run, const struct gr_bpsim *s)
{
  double *q = run->snap + (size_t)run->nsnap * 2 * s->n, L = s->p.box.len[0];
  size_t i;
  for (i = 0; i < s->n; i++) {
    q[2 * i] = s->x[i] - L * floor(s->x[i] / L);
    q[2 * i + 1] = s->y[i];
  }
  run->nsnap++;
}

/* One seed: records every 500 steps from t = 0 to the last snapshot;
 * Fig. 6's snapshots at t = 0 and from step first on. */
static int bp_one(struct bp_run *run, struct gr_bpsim *s, long first, long nsteps)
{
  struct gr_bplattice L;
  long k;
  int rec = 0, rc = GR_OK;
  if (gr_bplattice_init(&L, &s->p.box, s->rmax, 2, s->rmax) != GR_OK)
    return GR_EINPUT;
  bp_record(run, s, rec++);
  if (run->snap != NULL)
    bp_snap(run, s);
  for (k = 1; k <= nsteps && rc == GR_OK; k++) {
    rc = gr_bpsim_step(s);
    if (k % BP_EVERY == 0) {
      bp_record(run, s, rec++);
      bp_count(run, &L, s);
    }
    if (run->snap != NULL && k >= first && (k - first) % BP_EVERY == 0)
      bp_snap(run, s);
  }
  run->nrec = rec;
  run->maxov = s->maxov;
  gr_bplattice_free(&L);
  return rc;
}

static int bp_runs_alloc(struct bp_run *run, int nrec, int nbc, int nbf)
{
  run->nbc = nbc;
  run->nbf = nbf;
  run->nrec = 0;
  run->coarse = calloc((size_t)nrec * nbc, sizeof(double));
  run->fine = calloc((size_t)nrec * nbf, sizeof(double));
  run->t = calloc((size_t)nrec, sizeof(double));
  run->disp = calloc((size_t)nrec, sizeof(double));
  run->sk = calloc((size_t)nrec * 3, sizeof(double));
  run->vmean = calloc((size_t)nrec, sizeof(double));
  run->ndouble = run->noutside = run->nchecked = 0;
  run->nsnap = 0;
  run->snap = NULL;
  run->r = NULL;
  return run->coarse && run->fine && run->t && run->disp && run->sk && run->vmean ? GR_OK
                                                                              : GR_ENOMEM;
}

static void bp_runs_free(struct bp_run *run)
{
  free(run->coarse);
  free(run->fine);
  free(run->t);
  free(run->disp);
  free(run->sk);
  free(run->vmean);
  free(run->snap);
  free(run->r);
}

/* Seed i's simulation and buffers (seed 0 also keeps Fig. 6's grains). */
static int bp_prepare(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_law *law,
                      int i, int nrec, struct gr_bpsim *sim, struct bp_run *run)
{
  char name[32];
  struct gr_bpsim_params p;
  int rc;
  snprintf(name, sizeof name, "pipe-%d", i);
  gr_bp_pipe_params(law, o, o->nv, law->dt, o->search, &p);
  if ((rc = gr_bp_pipe_new(ctx, o, &p, name, sim)) != GR_OK)
    return rc;
  if (bp_runs_alloc(run, nrec, (int)lround(o->pipe.length / o->pipe.width),
                       (int)lround(o->pipe.length / 2.0)) != GR_OK)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  run->n = sim->n;
  run->nfree = sim->nfree;
  run->L = o->pipe.length * o->pipe.r0;
  if (i == 0) {
    run->snap = malloc((size_t)(o->nsnap + 2) * 2 * sim->n * sizeof(double));
    run->r = malloc(sim->n * sizeof(double));
    if (run->snap == NULL || run->r == NULL)
      return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
    for (size_t k = 0; k < sim->n; k++)
      run->r[k] = sim->r[k];
  }
  return GR_OK;
}

/* All seeds (independent: OpenMP over seeds, the same bytes for any
 * thread count since each seed owns its stream and buffers). */
static int bp_runs(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_law *law,
                   struct bp_run *runs)
{
  struct gr_bpsim sims[BP_MAXSEEDS];
  int rcs[BP_MAXSEEDS] = {0}, i, rc = GR_OK;
  long first = lround(o->t_start / law->dt), nsteps = first + (long)o->nsnap * BP_EVERY;
  int nrec = (int)(nsteps / BP_EVERY) + 1;
  memset(sims, 0, sizeof sims);
  for (i = 0; i < o->seeds && rc == GR_OK; i++)
    rc = bp_prepare(ctx, o, law, i, nrec, &sims[i], &runs[i]);
#pragma omp parallel for schedule(dynamic, 1)
  for (i = 0; i < o->seeds; i++)
    rcs[i] = rc == GR_OK ? bp_one(&runs[i], &sims[i], first, nsteps) : GR_OK;
  for (i = 0; i < o->seeds; i++) {
    if (rc == GR_OK && rcs[i] != GR_OK)
      rc = gr_ctx_fail(ctx, rcs[i], "pipe run %d failed (status %d)", i, rcs[i]);
    if (sims[i].n > 0)
      gr_bpsim_free(&sims[i]);
  }
  if (rc == GR_OK && o->tag[0] == '\0')
    rc = gr_bp_fig6_snapshots(ctx, &runs[0], law->dt, first,
                              1.5 * (o->pipe.width + 1.1) * o->pipe.r0);
  return rc;
}

/* The variant inside section 2's 10 %: the same pipe and starts with the
 * regime radius and mass, integrated with the paper's lattice (valid
 * there; its counters are checked on every record), the same analysis
 * under the tag "regime". */
static int bp_variant(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_law *law)
{
  struct bp_opts v = *o;
  struct bp_run runs[BP_MAXSEEDS];
  int rc, i;
  memset(runs, 0, sizeof runs);
  v.tag = "regime";
  v.search = GR_BPSIM_LATTICE;
  v.pipe.r0 = o->regime_r0;
  v.mass0 = o->regime_mass0;
  v.pipe.density = v.mass0 / (4.0 / 3.0 * M_PI * pow(v.pipe.r0, 3));
  if ((rc = bp_runs(ctx, &v, law, runs)) == GR_OK)
    rc = gr_bp_waves(ctx, &v, law, runs);
  for (i = 0; i < v.seeds; i++)
    bp_runs_free(&runs[i]);
  return rc;
}

int gr_bp_pipe(struct gr_ctx *ctx)
{
  struct bp_opts o;
  struct bp_law law;
  struct bp_run runs[BP_MAXSEEDS];
  int rc, i;
  memset(runs, 0, sizeof runs);
  if ((rc = gr_bp_options(ctx, &o)) != GR_OK)
    return rc;
  if (o.seeds < 2 || o.seeds > BP_MAXSEEDS)
    return gr_ctx_fail(ctx, GR_EINPUT, "seeds must be 2 to %d", BP_MAXSEEDS);
  gr_ctx_value(ctx, "r0", o.pipe.r0);
  gr_ctx_value(ctx, "mass0", o.mass0);
  gr_ctx_value(ctx, "spread", o.pipe.spread);
  gr_ctx_value(ctx, "cut", o.pipe.cut);
  gr_ctx_value(ctx, "wall", o.pipe.wall);
  gr_ctx_value(ctx, "width", o.pipe.width);
  gr_ctx_value(ctx, "length", o.pipe.length);
  gr_ctx_value(ctx, "phi", o.pipe.phi);
  gr_ctx_value(ctx, "jitter", o.pipe.jitter);
  gr_ctx_value(ctx, "seeds", o.seeds);
  gr_ctx_value(ctx, "regime_r0", o.regime_r0);
  gr_ctx_value(ctx, "regime_mass0", o.regime_mass0);
  if ((rc = gr_bp_law(ctx, &law)) != GR_OK || (rc = gr_bp_equivalence(ctx, &o, &law)) != GR_OK)
    return rc;
  if ((rc = bp_runs(ctx, &o, &law, runs)) == GR_OK)
    rc = gr_bp_waves(ctx, &o, &law, runs);
  for (i = 0; i < o.seeds; i++)
    bp_runs_free(&runs[i]);
  return rc == GR_OK ? bp_variant(ctx, &o, &law) : rc;
}
