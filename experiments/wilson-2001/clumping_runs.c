/* granrepro experiment wilson-clumping: B. Wilson (UBC 2001), sections 2-3,
 * appendix A.  The collision rules compared and the runs of the engine
 * (src/physics/edmd.c) that the verdicts and Fig. 4 read. */
#include <math.h>
#include <stdlib.h>

#include "experiments/wilson-2001/clumping.h"
#include "physics/pmath.h"
#include "physics/granobs.h"
#include "status.h"

/* The rules compared, all from the same initial states: Wilson's mu
 * (section 3, clumping-inputs.tsv) as his code applies it, the
 * momentum-conserving restitution e = mu, and that rule with each cure of
 * inelastic collapse.  tc = 1e-3 is about 1/400 of the initial mean free
 * time; vcut = 0.05 is 1/12 of the initial thermal speed sqrt(T0) = 0.58.
 * The inelastic rules' e is 0 here: gr_clumping_rule sets it to mu. */
const struct gr_clumping_rule gr_clumping_rules[CL_NRULE] = {
  {.name = "elastic", .r = {.kind = GR_EDRULE_ELASTIC, .e = 1.0}},
  {.name = "wilson-code", .r = {.kind = GR_EDRULE_WILSON_CODE}},
  {.name = "restitution", .r = {.kind = GR_EDRULE_RESTITUTION}},
  {.name = "restitution-tc", .r = {.kind = GR_EDRULE_RESTITUTION, .tc = 1e-3}},
  {.name = "restitution-cutoff", .r = {.kind = GR_EDRULE_RESTITUTION, .vcut = 0.05}},
};

/* Rule r of the comparison at the inelasticity mu of eqs. 5-6. */
struct gr_edrule gr_clumping_rule(int r, double mu)
{
  struct gr_edrule e = gr_clumping_rules[r].r;
  if (r > 0)
    e.e = mu;
  return e;
}

/* The engine for seed s of group g under rule r (the table's box, walls). */
static int cl_engine(const struct gr_clumping_group *g, int r, int s, struct gr_edmd **out)
{
  const struct gr_edmd_params p = {.n = g->n, .d = g->d, .lx = g->par.box, .ly = g->par.box,
                                   .rule = g->rule[r]};
  size_t o = (size_t)s * (size_t)g->n;
  return gr_edmd_new(&p, g->x0 + o, g->y0 + o, g->vx0 + o, g->vy0 + o, out);
}

/* What sample k reads besides the engine: the box, the end time, the
 * start's energy and momentum, the momentum scale, and scratch for
 * positions, velocities, box counts. */
struct cl_ref {
  double box, t_end;
  double e0, px0, py0, vscale;
  double *x, *y, *vx, *vy;
  int *counts;
};

/* Sample k of a run: temperature, clustering index, balances. */
static void cl_sample(const struct gr_edmd *s, int k, double t, const struct cl_ref *f,
                      struct gr_clumping_series *o)
{
  int i, n = s->p.n;
  double e, px, py, pe;
  for (i = 0; i < n; i++) {
    gr_edmd_position(s, i, t, &f->x[i], &f->y[i]);
    f->vx[i] = s->disk[i].vx;
    f->vy[i] = s->disk[i].vy;
  }
  o->T[k] = gr_granobs_temperature(f->vx, f->vy, n);
  o->ci[k] = gr_granobs_cluster_index(f->x, f->y, n, f->box, f->box, CL_BOXES, f->counts);
  e = fabs(gr_edmd_kinetic(s) + s->k.e_lost - f->e0) / f->e0;
  gr_edmd_momentum(s, &px, &py);
  pe = gr_pmath_hypot(px - s->k.wall_px - s->k.ddc_px - f->px0, py - s->k.wall_py - s->k.ddc_py - f->py0) / f->vscale;
  o->e_err = e > o->e_err ? e : o->e_err;
  o->p_err = pe > o->p_err ? pe : o->p_err;
  o->ddc_p = gr_pmath_hypot(s->k.ddc_px, s->k.ddc_py) / f->vscale;
  o->nsamp = k + 1;
}

/* Sample the engine at t_k = t_end (k / CL_NS)^2 until the end or a stop. */
static void cl_sample_all(struct gr_edmd *s, const struct cl_ref *f, struct gr_clumping_series *o)
{
  long long last = 0;
  int k;
  cl_sample(s, 0, 0.0, f, o);
  for (k = 1; k <= CL_NS; k++) {
    double t = cl_time(f->t_end, k);
    o->status = gr_edmd_run(s, t, 0);
    if (o->status != GR_EDMD_DONE)
      break;
    cl_sample(s, k, t, f, o);
    o->ddc[k] = (double)(s->k.ddc - last);
    last = s->k.ddc;
  }
}

/* One rule from one initial state; final positions into xf, yf if given. */
static int cl_run_one(struct gr_clumping_group *g, int rule, int seed, double *xf, double *yf)
{
  struct gr_clumping_series *o = &g->run[rule][seed];
  struct gr_edmd *s;
  double *buf = malloc(4 * (size_t)g->n * sizeof *buf);
  int *counts = malloc(CL_BOXES * CL_BOXES * sizeof *counts), i, rc = GR_OK;
  struct cl_ref f = {.box = g->par.box, .t_end = g->par.t_end, .x = buf, .y = buf + g->n,
                     .vx = buf + 2 * g->n, .vy = buf + 3 * g->n, .counts = counts};
  if (buf == NULL || counts == NULL || cl_engine(g, rule, seed, &s) != GR_OK) {
    free(buf);
    free(counts);
    return GR_ENOMEM;
  }
  f.e0 = gr_edmd_kinetic(s);
  gr_edmd_momentum(s, &f.px0, &f.py0);
  f.vscale = g->n * sqrt(2.0 * f.e0 / g->n);
  *o = (struct gr_clumping_series){0};
  cl_sample_all(s, &f, o);
  if (o->status == GR_EDMD_NOMEM)
    rc = GR_ENOMEM;
  o->k = s->k;
  o->col = s->collapse;
  if (xf != NULL)
    for (i = 0; i < g->n; i++)
      gr_edmd_position(s, i, s->t, &xf[i], &yf[i]);
  gr_edmd_free(s);
  free(buf);
  free(counts);
  return rc;
}

int gr_clumping_group_run(struct gr_clumping_group *g)
{
  int job, njob = CL_NRULE * g->nseed, bad = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(| : bad)
  for (job = 0; job < njob; job++) {
    int r = job % CL_NRULE, s = job / CL_NRULE;
    if (g->mine != NULL && !g->mine[s])
      continue;
    bad |= cl_run_one(g, r, s, s == 0 ? g->xf[r] : NULL, s == 0 ? g->yf[r] : NULL) != GR_OK;
  }
  return bad ? GR_ENOMEM : GR_OK;
}

/* A long run: no samples, only how it ends. */
static int cl_long_one(struct gr_clumping_group *g, int rule, int seed)
{
  struct gr_edmd *s;
  struct gr_clumping_long *o = &g->lrun[rule][seed];
  if (cl_engine(g, rule, seed, &s) != GR_OK)
    return GR_ENOMEM;
  o->status = gr_edmd_run(s, g->t_long, 0);
  o->t = s->t;
  o->ddc = s->k.ddc;
  o->col = s->collapse;
  gr_edmd_free(s);
  return o->status == GR_EDMD_NOMEM ? GR_ENOMEM : GR_OK;
}

int gr_clumping_group_long(struct gr_clumping_group *g)
{
  int job, njob = (CL_NRULE - 1) * g->nseed, bad = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(| : bad)
  for (job = 0; job < njob; job++)
    if (g->mine == NULL || g->mine[job / (CL_NRULE - 1)])
      bad |= cl_long_one(g, 1 + job % (CL_NRULE - 1), job / (CL_NRULE - 1)) != GR_OK;
  return bad ? GR_ENOMEM : GR_OK;
}

int gr_clumping_events_to(const struct gr_clumping_par *par, int n, const double *x,
                          const double *y, const double *vx, const double *vy, int ncell,
                          long long *events, struct gr_edmd_counters *k)
{
  const struct gr_edmd_params p = {.n = n, .d = par->d, .lx = par->box, .ly = par->box, .ncx = ncell,
                                   .ncy = ncell, .rule = gr_clumping_rules[0].r};
  struct gr_edmd *s;
  int rc = gr_edmd_new(&p, x, y, vx, vy, &s);
  if (rc != GR_OK)
    return rc;
  rc = gr_edmd_run(s, par->t_end, 0);
  *k = s->k;
  gr_edmd_free(s);
  *events = k->ddc + k->dwc + k->vwc;
  return rc == GR_EDMD_DONE ? GR_OK : rc == GR_EDMD_NOMEM ? GR_ENOMEM : GR_EFAIL;
}
