/* granrepro experiment c12, task b: sweep of the restitution coefficient
 * e = 0 ... 1 in steps of 0.0001; numbers of collisions (Fig. 2 of the
 * FORTRAN solution) and final velocities (Fig. 3); the thresholds the
 * solution prints (0.0811, 0.1770) and the true collapse threshold. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>
#include <math.h>
#include <stdio.h>

#include "experiments/argesim-c12/c12.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "physics/chaintheory.h"

#define C12_STEP 1e-4

/* Write a sweep's results in the order the issue fixes:
 * e, collisions, v1..v4, time of last collision, how the run ended. */
static int c12_write_sweep(struct gr_ctx *ctx, const char *name,
                           const struct c12_sweep *s,
                           const struct gr_chain_result *r)
{
  struct gr_data *d = gr_ctx_data(ctx, name, "e collisions v1 v2 v3 v4 t_last end");
  size_t k;
  if (d == NULL)
    return gr_ctx_error(ctx)->code;
  for (k = 0; k < s->n; k++)
    gr_data_printf(d, "%.4f %ld %.17g %.17g %.17g %.17g %.17g %s\n",
                   (double)k * s->step, r[k].ncoll, r[k].v[0], r[k].v[1],
                   r[k].v[2], r[k].v[3], r[k].t_last, c12_end_name(r[k].end));
  return GR_OK;
}

/* |v - 1/4| of both solvers, for the log plot around the thresholds. */
static int c12_write_dev(struct gr_ctx *ctx, const struct c12_sweep *s)
{
  struct gr_data *d = gr_ctx_data(ctx, "task-b-deviation", "e dev_exact dev_published_rule");
  size_t k;
  if (d == NULL)
    return gr_ctx_error(ctx)->code;
  for (k = 0; k < s->n; k++)
    gr_data_printf(d, "%.4f %.6g %.6g\n", (double)k * s->step,
                   fmax(c12_dev(&s->exact[k]), 1e-300), fmax(c12_dev(&s->rule[k]), 1e-300));
  return GR_OK;
}

/* e where the exact solver's deviation from 1/4 crosses C12_PRINTED,
 * between the last grid point below it and the first above (Brent). */
static double c12_dev_of_e(double e, void *unused)
{
  struct gr_chain c;
  struct gr_chain_result r;
  (void)unused;
  gr_chain_init_c12(&c, C12_GAP, C12_V0, e);
  gr_chain_solve(&c, C12_MAX_COLL, &r);
  return c12_dev(&r) - C12_PRINTED;
}

/* Root of f on [lo, hi] by Brent's method to absolute tolerance tol. */
static double c12_brent(double (*f)(double, void *), void *p, double lo,
                        double hi, double tol)
{
  gsl_function F;
  gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  double x = 0.5 * (lo + hi);
  int it = 0;
  F.function = f;
  F.params = p;
  if (s == NULL || gsl_root_fsolver_set(s, &F, lo, hi) != GSL_SUCCESS) {
    gsl_root_fsolver_free(s);
    return NAN;
  }
  do {
    gsl_root_fsolver_iterate(s);
    x = gsl_root_fsolver_root(s);
    lo = gsl_root_fsolver_x_lower(s);
    hi = gsl_root_fsolver_x_upper(s);
  } while (gsl_root_test_interval(lo, hi, tol, 0.0) == GSL_CONTINUE && ++it < 200);
  gsl_root_fsolver_free(s);
  return x;
}

/* 1 when the exact solver finds a collapse at e, else 0. */
static int c12_collapses(double e)
{
  struct gr_chain c;
  struct gr_chain_result r;
  gr_chain_init_c12(&c, C12_GAP, C12_V0, e);
  c.speed_bits = 100000; /* resolve the threshold to ~1e-9, see chain.h */
  gr_chain_solve(&c, 50 * C12_MAX_COLL, &r);
  return r.end == GR_CHAIN_COLLAPSED;
}

struct c12_pattern {
  int p[GR_CHAIN_MAX];
  int len;
};

/* Discriminant of the collapse pattern's period map, for Brent. */
static double c12_disc(double e, void *p)
{
  const struct c12_pattern *pat = p;
  return gr_chaintheory_discriminant(e, pat->p, pat->len);
}

/* Thresholds of the exact model: true collapse threshold by bisection of
 * the simulation and by the period map's discriminant; the e where the
 * final velocities stop printing as 0.25000000. */
static int c12_thresholds(struct gr_ctx *ctx, const struct c12_sweep *s, double *ebout)
{
  size_t k, klast = 0, kfirst = s->n;
  double lo, hi, mid, etheory, eb;
  struct c12_pattern pat;
  char note[512];
  int i;
  for (k = 0; k < s->n; k++)
    if (s->exact[k].end == GR_CHAIN_COLLAPSED)
      klast = k;
  for (k = 0; k < s->n && kfirst == s->n; k++)
    if (c12_dev(&s->exact[k]) >= C12_PRINTED)
      kfirst = k;
  lo = (double)klast * s->step;
  hi = lo + s->step;
  pat.len = s->exact[klast].period;
  for (i = 0; i < pat.len; i++)
    pat.p[i] = s->exact[klast].pattern[i];
  while (hi - lo > 1e-10) {
    mid = 0.5 * (lo + hi);
    if (c12_collapses(mid))
      lo = mid;
    else
      hi = mid;
  }
  etheory = pat.len > 0 && c12_disc(lo - 1e-3, &pat) * c12_disc(hi + 1e-3, &pat) < 0.0
                ? c12_brent(c12_disc, &pat, lo - 1e-3, hi + 1e-3, 1e-13) : NAN;
  snprintf(note, sizeof note, "largest e that collapses (simulation, bisection to 1e-10); the sweep's last collapsing grid point is %.4f", (double)klast * s->step);
  gr_ctx_informative(ctx, "task-b/true-collapse-threshold/simulation", lo, note);
  snprintf(note, sizeof note, "root of the discriminant of the period map of the collapse pattern (period %d) found at e = %.4f", pat.len, (double)klast * s->step);
  gr_ctx_informative(ctx, "task-b/true-collapse-threshold/theory", etheory, note);
  gr_ctx_assert(ctx, "task-b/true-collapse-threshold/agreement", fabs(lo - etheory), 1e-8,
                fabs(lo - etheory) <= 1e-8, "simulation and period-map theory agree (the simulation's resolution is ~1e-9, see chain.h)");
  gr_ctx_assert(ctx, "task-b/true-collapse-threshold/closed-form", fabs(etheory - (3.0 - 2.0 * sqrt(2.0))), 1e-12,
                fabs(etheory - (3.0 - 2.0 * sqrt(2.0))) <= 1e-12, "the discriminant's root is (sqrt 2 - 1)^2 = 3 - 2 sqrt 2 (cf. 7 - 4 sqrt 3 for three spheres, McNamara & Young 1992)");
  eb = kfirst > 0 && kfirst < s->n
           ? c12_brent(c12_dev_of_e, NULL, (double)(kfirst - 1) * s->step, (double)kfirst * s->step, 1e-12)
           : NAN;
  *ebout = eb;
  gr_ctx_compare(ctx, "task-b", "practically_equal_below_e", "value", eb, 0.0,
                 "exact solver: e where max|v_i - 1/4| crosses 5e-9 (Brent between grid points)");
  return gr_ctx_note(ctx, "Collapse. Below e* = %.10f the exact model collapses: infinitely many collisions in finite "
                     "time, all four spheres end at the common velocity 1/4 (the solver recognises the repeating, "
                     "contracting collision pattern and merges the cluster). Theory from the pattern's period map: "
                     "e* = %.12f, which is (sqrt 2 - 1)^2 = 3 - 2 sqrt 2 (for three spheres the same "
                     "analysis gives 7 - 4 sqrt 3, McNamara & Young 1992). Above e*, the number of collisions is finite but grows without bound as e "
                     "approaches e*, and the final velocities differ from 1/4 by less than 5e-9 (printing as "
                     "0.25000000) up to e = %.6f: that is the published 'e < 0.1770'.", lo, etheory, eb);
}

int c12_task_b(struct gr_ctx *ctx)
{
  struct c12_sweep *s = c12_sweep_new(C12_STEP);
  double eb = NAN;
  int rc;
  if (s == NULL)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  c12_sweep_exact(s);
  c12_sweep_rule(s, &gr_chainrule_published);
  rc = c12_write_sweep(ctx, "task-b-sweep", s, s->exact);
  if (rc == 0)
    rc = c12_write_sweep(ctx, "task-b-sweep-published-rule", s, s->rule);
  if (rc == 0)
    rc = c12_write_dev(ctx, s);
  if (rc == 0)
    rc = c12_b_checks(ctx, s);
  if (rc == 0)
    rc = c12_thresholds(ctx, s, &eb);
  if (rc == 0)
    rc = c12_b_rule(ctx, s, eb);
  if (rc == 0)
    rc = c12_b_figures(ctx);
  c12_sweep_free(s);
  return rc;
}
