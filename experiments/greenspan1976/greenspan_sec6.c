/* granrepro experiment greenspan, Section 6 "Remarks": "Increasing dt to
 * 10^-3 often yielded physical instability, as did undamped reflection
 * from the X-axis in the Y direction.  Variation of alpha and beta from
 * alpha = 6 to alpha = 19 and beta = 4 to beta = 16 were successful to
 * varying degrees, but the set alpha = 20, beta = 17 yielded instability."
 *
 * The criterion (fixed before the runs; physics/psclaim.h, tests/
 * check_psclaim.c): a run is unstable when, at any check every S6_CHECK
 * steps and at its end, the body diverged, a particle has no other within
 * the cutoff, or two particles are closer than S6_OVERLAP.  "Often" is a
 * count over a set of runs: the three bodies of the paper (the triangle
 * to t_10000, the staircase of Fig. 5.1 to t_7000, the rectangle to
 * t_32000, each with its own constants) from the published start and
 * S6_STARTS - 1 starts with every coordinate moved by up to S6_PERTURB,
 * under the listing reading with the one change the sentence names (the
 * same step counts), against the same runs unchanged (the control).  The
 * exponent sets run on the triangle with eq. (4.1)'s G and H (our choice:
 * the paper gives neither body nor constants for them).  Quick runs: the
 * published start of the triangle only (of the family, its two ends),
 * rows informative. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "experiments/greenspan1976/greenspan.h"
#include "physics/psclaim.h"
#include "harness/ctx.h"
#include "harness/verdict.h"

/* The bodies, each to the end of its published run. */
static const struct {
  void (*make)(struct gs_body *);
  long tend;
} s6_bodies[S6_NBODY] = {
  {gr_greenspan_triangle_body, GS_TEND},
  {gr_greenspan_staircase_body, GS_FALL_T},
  {gr_greenspan_rectangle_body, GS_RECT_T},
};

/* remarks.tsv: dt and the exponents, checked; the family of sets between
 * the ends (the low end, then the high end's alpha - beta stepped down
 * while beta stays above the low end's) and the unstable set last. */
static int s6_inputs(struct gr_ctx *ctx, struct s6 *r)
{
  static const char *const rows[7] = {"dt", "alpha_low", "beta_low", "alpha_high", "beta_high",
                                      "alpha_unstable", "beta_unstable"};
  double v[7];
  int i, d, m, step;
  for (i = 0; i < 7; i++)
    if (gr_ctx_input(ctx, "remarks", rows[i], "value", &v[i]) != GR_OK)
      return gr_ctx_error(ctx)->code;
  if (!(v[0] > 0.0 && v[0] <= 0.01))
    return gr_ctx_fail(ctx, GR_EINPUT, "greenspan1976/remarks.tsv: dt = %g: give a time step in (0, 0.01]", v[0]);
  for (i = 1; i < 7; i += 2)
    if (v[i] != floor(v[i]) || v[i + 1] != floor(v[i + 1]) || v[i + 1] < 2.0 || v[i] < v[i + 1] || v[i] > 60.0)
      return gr_ctx_fail(ctx, GR_EINPUT, "greenspan1976/remarks.tsv: %s = %g, %s = %g: give whole exponents with 60 >= alpha >= beta >= 2",
                         rows[i], v[i], rows[i + 1], v[i + 1]);
  if (v[1] > v[3] || v[2] > v[4])
    return gr_ctx_fail(ctx, GR_EINPUT, "greenspan1976/remarks.tsv: the low end (%g, %g) is above the high end (%g, %g)",
                       v[1], v[2], v[3], v[4]);
  r->dt = v[0];
  r->a[0] = (int)v[1];
  r->b[0] = (int)v[2];
  d = (int)(v[3] - v[4]);
  step = d > 0 ? d : 1;
  for (m = 0, i = (int)v[4]; i > r->b[0] && m < S6_NSET - 2; i -= step)
    m++;
  for (i = 0; i < m; i++) { /* ascending, ending at the high end */
    r->b[1 + i] = (int)v[4] - (m - 1 - i) * step;
    r->a[1 + i] = r->b[1 + i] + d;
  }
  r->nset = 1 + m;
  r->a[r->nset] = (int)v[5];
  r->b[r->nset++] = (int)v[6];
  return GR_OK;
}

/* Run body b under rd from the start moved by pert to t_tend (on after
 * a failure, to see the end state, unless it diverged). */
static int s6_one(const struct gs_body *b, const struct gs_reading *rd, long tend, const double *pert,
                  struct s6_run *o)
{
  struct gr_psolid *s;
  struct gs_window w;
  struct gr_psclaim_places pl;
  size_t i, who;
  long t;
  int st;
  if (gr_greenspan_sim(&s, b, rd) != GR_OK)
    return GR_ENOMEM;
  for (i = 0; i < b->n; i++) {
    s->lf->x[i] += pert[i];
    s->lf->y[i] = fabs(s->lf->y[i] + pert[b->n + i]);
  }
  gr_greenspan_window_init(&w, b->n, tend);
  o->state = o->end_state = GR_PSCLAIM_HELD;
  o->k_max = 0.0;
  o->d_min = INFINITY;
  for (t = 1; t <= tend && !s->diverged; t++) {
    if (t < tend - GS_OSC_STEPS && t % S6_CHECK != 0)
      continue;
    gr_psolid_advance(s, t); /* s->diverged says it */
    gr_greenspan_window_add(&w, s, t);
    if (t % S6_CHECK != 0 && t != tend)
      continue;
    who = b->n;
    st = s->diverged ? GR_PSCLAIM_DIVERGED : gr_psclaim_state_who(b->n, s->lf->x, s->lf->y, b->cutoff, S6_OVERLAP, &who);
    o->end_state = st;
    if (o->state != GR_PSCLAIM_HELD)
      continue;
    o->state = st;
    o->t_fail = t;
    o->who = who + 1;
    if (st == GR_PSCLAIM_HELD) {
      o->k_max = fmax(o->k_max, gr_leapfrog_kinetic(s->lf));
      o->d_min = fmin(o->d_min, gr_psclaim_closest(b->n, s->lf->x, s->lf->y));
    }
  }
  gr_psclaim_places(b->n, w.lo, w.hi, &pl);
  o->k_end = o->state ? NAN : gr_leapfrog_kinetic(s->lf);
  o->coarsest = o->state ? -1 : pl.coarsest;
  gr_psolid_free(s);
  return GR_OK;
}

/* One run to do: body, reading, end, start, where the result goes. */
struct s6_job {
  struct gs_body body;
  struct gs_reading rd;
  long tend;
  const double *pert;
  struct s6_run *out;
};
#define S6_NJOB (S6_NCOND * S6_NBODY * S6_STARTS + S6_NSET * S6_MORE)

/* The jobs: the three conditions on the bodies (the rectangle first, the
 * longest), the exponent sets on the triangle (the family's high end and
 * the unstable set from r->nmore starts; the set of the triangle's own
 * exponents is its control, quick runs take the family's ends only). */
static size_t s6_jobs(const struct gr_ctx *ctx, struct s6 *r, struct s6_job *job)
{
  struct gs_body tri;
  size_t c, k, j, n = 0;
  int i;
  for (k = r->nbody; k-- > 0;)
    for (c = 0; c < S6_NCOND; c++)
      for (j = 0; j < r->nstart; j++, n++) {
        s6_bodies[k].make(&job[n].body);
        job[n].rd = gr_greenspan_readings[0];
        job[n].rd.dt = c == S6_DT ? r->dt : 0.0;
        job[n].rd.floor_e = c == S6_FLOOR ? 1.0 : job[n].rd.floor_e;
        job[n].tend = s6_bodies[k].tend;
        job[n].pert = r->pert[k][j];
        job[n].out = &r->cond[c][k][j];
      }
  gr_greenspan_triangle_body(&tri);
  for (i = 0; i < r->nset; i++)
    for (j = 0; j < (i >= r->nset - 2 ? r->nmore : r->nstart); j++) {
      if (r->a[i] == tri.alpha && r->b[i] == tri.beta && j < r->nstart)
        continue; /* the control's run, copied after */
      if (gr_ctx_quick(ctx) && i > 0 && i < r->nset - 2) {
        r->set[i][j].state = -1; /* quick: the family's ends only */
        continue;
      }
      job[n].body = tri;
      job[n].body.alpha = r->a[i];
      job[n].body.beta = r->b[i];
      job[n].rd = gr_greenspan_readings[0];
      job[n].tend = GS_TEND;
      job[n].pert = r->pert[0][j];
      job[n++].out = &r->set[i][j];
    }
  return n;
}

/* Every run, independent (the same bytes for any thread count). */
static int s6_runs(struct gr_ctx *ctx, struct s6 *r)
{
  struct s6_job *job = calloc(S6_NJOB, sizeof *job);
  struct gs_body tri;
  size_t n, j;
  long q;
  int i, bad = 0;
  if (job == NULL)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  n = s6_jobs(ctx, r, job);
  gr_ctx_progress(ctx, "section 6", 0.0);
#pragma omp parallel for schedule(dynamic, 1) reduction(| : bad)
  for (q = 0; q < (long)n; q++)
    bad |= s6_one(&job[q].body, &job[q].rd, job[q].tend, job[q].pert, job[q].out) != GR_OK;
  free(job);
  gr_greenspan_triangle_body(&tri);
  for (i = 0; i < r->nset; i++)
    for (j = 0; j < r->nstart; j++)
      if (r->a[i] == tri.alpha && r->b[i] == tri.beta)
        r->set[i][j] = r->cond[S6_CONTROL][0][j];
  return bad ? gr_ctx_fail(ctx, GR_ENOMEM, "out of memory") : GR_OK;
}

/* Section 6: the starts (start 0 the published one), the runs, the rows. */
int gr_greenspan_remarks(struct gr_ctx *ctx)
{
  struct s6 *r = calloc(1, sizeof *r);
  gsl_rng *g = gr_ctx_rng(ctx, "section6-starts");
  size_t k, j, c;
  if (r == NULL)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  if (g != NULL && s6_inputs(ctx, r) == GR_OK) {
    for (k = 0; k < S6_NBODY; k++)
      for (j = 1; j < S6_MORE; j++)
        for (c = 0; c < 2 * GS_NMAX; c++)
          r->pert[k][j][c] = S6_PERTURB * (2.0 * gsl_rng_uniform(g) - 1.0);
    r->nbody = gr_ctx_quick(ctx) ? 1 : S6_NBODY;
    r->nstart = gr_ctx_quick(ctx) ? 1 : S6_STARTS;
    r->nmore = gr_ctx_quick(ctx) ? 1 : S6_MORE;
    if (s6_runs(ctx, r) == GR_OK)
      gr_greenspan_remarks_report(ctx, r);
  }
  free(r);
  return gr_ctx_error(ctx)->code;
}
