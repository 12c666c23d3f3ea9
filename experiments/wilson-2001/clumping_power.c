/* granrepro experiment wilson-clumping: the rows of the criterion that
 * decides Wilson's (2001, section 3) "the particles clump together" (Figs.
 * 6, 7) and of the Monte Carlo on synthetic ensembles that shows it can
 * fail (issue 22); the criterion and the Monte Carlo are in
 * clumping_synth.c. */
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>

#include "experiments/wilson-2001/clumping.h"
#include "harness/ctx.h"
#include "stats/ensemble_test.h"
#include "harness/verdict.h"
#include "status.h"

/* One claim about clumping decided by the criterion on the runs of rule r
 * that reached sample k: clumps (p < CL_LEVEL) or none (p >= CL_LEVEL). */
static void cl_clump_row(struct gr_ctx *ctx, const struct gr_clumping_group *g, enum gr_kind kind,
                         const char *q, int r, int k, int clumps, const char *claim)
{
  double ci[CL_MAXSEED], mean, se, p;
  char note[600];
  int m = gr_clumping_values(g, r, k, 1, ci);
  if (gr_clumping_stat(g, r, k, 1, &mean, &se) < 1 || gr_clumping_dispersion_p(ci, m, &p) != GR_OK) {
    gr_ctx_not_computed(ctx, kind, q, "no run reached the sample");
    return;
  }
  snprintf(note, sizeof note, "%s; clustering index (variance/mean of counts in 100 boxes of 1 x 1, 0.99 for independent uniform points) "
           "%.3f +- %.3f over %d runs, pooled dispersion statistic 100 sum ci = %.0f on %d df", claim, mean, se, m, 100.0 * mean * m, 99 * m);
  gr_ctx_verdict(ctx, kind, q, p, clumps ? gr_test_p_below(CL_LEVEL, "dispersion chi2") : gr_test_p_above(CL_LEVEL, "dispersion chi2"), note);
}

/* The criterion on synthetic ensembles of the group's shape (N, seeds):
 * homogeneous ones must not be called clumped, weak clumps must be. */
static void cl_power_rows(struct gr_ctx *ctx, const struct gr_clumping_group *g, const char *tag)
{
  struct gr_ensemble_test_mc mc[2];
  double mean[2];
  char q[160], note[600], name[64];
  int a;
  snprintf(name, sizeof name, "power-N%d", g->n);
  for (a = 0; a < 2; a++)
    if (gr_clumping_power(gr_ctx_rng(ctx, name), g->n, g->nseed, a, g->par.box, CL_POWER_TRIALS, &mc[a], &mean[a]) != GR_OK) {
      gr_ctx_fail(ctx, GR_ENOMEM, "out of memory in the Monte Carlo of the clumping criterion");
      return;
    }
  snprintf(q, sizeof q, "%s/criterion/homogeneous-called-clumped", tag);
  snprintf(note, sizeof note, "share of %d synthetic ensembles of %d x %d independent uniform points (mean index %.3f: no clumps) "
           "that the criterion calls clumped (p < %g); binomial SE %.3f", CL_POWER_TRIALS, g->nseed, g->n, mean[0], CL_LEVEL, mc[0].se);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, q, mc[0].rate, gr_test_le(0.02), note);
  snprintf(q, sizeof q, "%s/criterion/weak-clumps-called-clumped", tag);
  snprintf(note, sizeof note, "share of %d synthetic ensembles of %d x %d points, %.0f%% of them in clusters of %d (Gaussian sd %g), "
           "mean index %.3f, that the criterion calls clumped; binomial SE %.3f", CL_POWER_TRIALS, g->nseed, g->n,
           100.0 * CL_SYNTH_FRAC, CL_SYNTH_K, CL_SYNTH_SIGMA, mean[1], mc[1].se);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, q, mc[1].rate, gr_test_ge(0.95), note);
  snprintf(name, sizeof name, "power_size/N%d", g->n);
  gr_ctx_value(ctx, name, mc[0].rate);
  snprintf(name, sizeof name, "power_weak/N%d", g->n);
  gr_ctx_value(ctx, name, mc[1].rate);
  snprintf(name, sizeof name, "power_weak_index/N%d", g->n);
  gr_ctx_value(ctx, name, mean[1]);
}

/* The criterion used before (index at t_end above elastic by 3 SE), kept
 * for the notes: how many inelastic rules it passed, and how many the
 * homogeneous value 0.99 (independent points, no clumps) would pass. */
static void cl_old_criterion(struct gr_ctx *ctx, const struct gr_clumping_group *g, const char *tag)
{
  double m0, se0, m, se;
  char name[96];
  int r, pass = 0, homog = 0;
  if (gr_clumping_stat(g, 0, CL_NS, 1, &m0, &se0) < 2)
    return;
  for (r = 1; r < CL_NRULE; r++)
    if (gr_clumping_stat(g, r, CL_NS, 1, &m, &se) >= 2)
      pass += m - m0 > 3.0 * sqrt(se * se + se0 * se0);
  homog = 0.99 - m0 > 3.0 * sqrt(0.02 / g->nseed + se0 * se0);
  snprintf(name, sizeof name, "old_pass/%s", tag);
  gr_ctx_value(ctx, name, (double)pass);
  snprintf(name, sizeof name, "old_homogeneous_pass/%s", tag);
  gr_ctx_value(ctx, name, (double)homog);
}

/* The claim a clumps row of inelastic rule r decides, with the table's
 * mu and t_end. */
static void cl_clump_claim(const struct gr_clumping_group *g, int r, char *buf, size_t len)
{
  if (r == 1)
    snprintf(buf, len, "Fig. 6: 'distinct clumping', our code rule (the listing's diskev form, COEFF scaling whole velocities, "
             "with the text's mu = %g)", g->par.mu);
  else if (r == CL_RULE_RESTITUTION)
    snprintf(buf, len, "Fig. 6 with the text's rule (eqs. 5-6 read as restitution e = mu = %g); runs that collapsed before t = %g are left out",
             g->par.mu, g->par.t_end);
  else
    snprintf(buf, len, "our cure of inelastic collapse keeps the clumping (runs that collapsed before t = %g are left out)", g->par.t_end);
}

enum gr_kind gr_clumping_claim_kind(const struct gr_clumping_group *g)
{
  return g->d == g->par.d ? GR_KIND_RESULT : GR_KIND_CHOICE;
}

void gr_clumping_report_clumps(struct gr_ctx *ctx, const struct gr_clumping_group *g, const char *tag, int power)
{
  char q[160], claim[300];
  int r;
  snprintf(q, sizeof q, "%s/start/no-clumps", tag);
  cl_clump_row(ctx, g, gr_clumping_claim_kind(g), q, 0, 0, 0, "Fig. 5: 'There is no major clumps or strings of particles in the initial configurations'");
  snprintf(q, sizeof q, "%s/elastic/no-clumps-t%g", tag, g->par.t_end);
  cl_clump_row(ctx, g, gr_clumping_claim_kind(g), q, 0, CL_NS, 0, "Fig. 7: elastic runs from the same starts, 'there does not appear to be much clumping'");
  for (r = 1; r < CL_NRULE; r++) {
    snprintf(q, sizeof q, "%s/%s/clumps-t%g", tag, gr_clumping_rules[r].name, g->par.t_end);
    cl_clump_claim(g, r, claim, sizeof claim);
    cl_clump_row(ctx, g, r <= CL_RULE_RESTITUTION ? gr_clumping_claim_kind(g) : GR_KIND_CHECK, q, r, CL_NS, 1, claim);
  }
  cl_old_criterion(ctx, g, tag);
  if (power)
    cl_power_rows(ctx, g, tag);
}
