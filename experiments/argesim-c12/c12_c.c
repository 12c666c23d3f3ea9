/* granrepro experiment c12, task c: c1, the boundary value problem (final
 * v4 = v0/2) solved by bisection; c2, e normally distributed, Monte Carlo
 * of the final v4 (FORTRAN solution, "Task c"). */
#include <gsl/gsl_histogram.h>
#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "experiments/argesim-c12/c12.h"
#include "physics/pmath.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "stats/stats.h"
#include "harness/verdict.h"
#include "physics/chaintheory.h"


/* A bisection step of c1 is an evaluation strictly inside the starting
 * bracket (the solver also evaluates its ends). */
struct c12_c1_count {
  double lo, hi;
  int steps;
};

/* f(e) = final v4(e) - v0/2, whose root task c1 asks for; counts steps. */
static double c12_c1_f(double e, void *p)
{
  struct c12_c1_count *n = p;
  double v4;
  n->steps += e > n->lo && e < n->hi;
  if (gr_c12_final_v4(e, &v4) != GR_OK)
    return NAN; /* a GSL function's only way to fail: the bisection then fails, and says so */
  return v4 - 0.5 * C12_V0;
}

/* Task c1: the published bisection for v4 = v0/2 on [0.4, 1] to an
 * interval of 1e-15, against the closed form 4^(1/3) - 1. */
int gr_c12_task_c1(struct gr_ctx *ctx)
{
  struct c12_c1_count n = {.lo = 0.4, .hi = 1.0, .steps = 0};
  double e = NAN, closed = gr_pmath_cbrt(4.0) - 1.0;
  char note[256];
  if (gr_stats_bisect(c12_c1_f, &n, n.lo, n.hi, 1e-15, 0.0, 200, &e) != GR_OK)
    return gr_ctx_fail(ctx, GR_EFAIL, "task c1: the bisection on [0.4, 1] did not converge");
  snprintf(note, sizeof note, "GSL bisection on [0.4, 1], %d iterations to an interval of 1e-15; e = %.13f", n.steps, e);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "task-c/c1/iterations", (double)n.steps, "bisection steps");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "task-c/c1/closed-form", e, gr_test_abs(closed, 1e-13),
                 "v4 = ((1+e)/2)^3 when only the first three collisions reach sphere 4, so e = 4^(1/3) - 1");
  gr_ctx_compare(ctx, "task-c", "c1.e", "value", e, 0.0, note);
  return GR_OK;
}

/* Histogram of v4 with the normal density of the same mean and sd. */
static void c12_histogram(struct gr_ctx *ctx, const double *v, size_t n,
                          double mean, double sd)
{
  gsl_histogram *h = gsl_histogram_alloc(60);
  struct gr_data *d = gr_ctx_data(ctx, "task-c2-histogram", "v4_centre count density normal_density");
  double lo = mean - 5.0 * sd, hi = mean + 5.0 * sd, w, x;
  size_t i;
  const struct gr_figure f = {
    .name = "task-c2-histogram", .data = "task-c2-histogram",
    .title = "C12 task c2: distribution of the final v_4 for e ~ N(0.5, 0.05), 100000 samples",
    .xlabel = "final velocity v_4", .ylabel = "probability density",
    .setup = "set style fill solid 0.4\nset key top left",
    .plot = "data using 1:3 with boxes title 'Monte Carlo', "
            "data using 1:4 with lines lw 2 title 'normal, same mean and s'"};
  if (h == NULL) {
    gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
    return;
  }
  gsl_histogram_set_ranges_uniform(h, lo, hi);
  for (i = 0; i < n; i++)
    gsl_histogram_increment(h, v[i]);
  w = (hi - lo) / 60.0;
  for (i = 0; i < 60; i++) {
    x = lo + (i + 0.5) * w;
    gr_data_printf(d, "%.6f %.0f %.6f %.6f\n", x, gsl_histogram_get(h, i),
                   gsl_histogram_get(h, i) / (n * w), gsl_ran_gaussian_pdf(x - mean, sd));
  }
  gsl_histogram_free(h);
  gr_ctx_figure(ctx, &f);
}

/* The distribution of e behind the published mean and s of v4 (our
 * choice of N(0.5, 0.05)), the closed-form moments of that choice (and
 * how far the published ones lie from them in standard errors of one
 * sample of n: s / sqrt(n) for a mean, s / sqrt(2 (n - 1)) for an s), and
 * the published interval against the published mean and s (printed
 * arithmetic: mean -/+ 1.96 s / sqrt(n)). */
static void c12_c2_theory(struct gr_ctx *ctx, size_t n)
{
  double pm, ps, mu, sigma, m, s, h;
  const char *why = "the published mean and s of v4 do not invert to a normal e (moments of ((1+e)/2)^3)";
  if (gr_ctx_published(ctx, "task-c", "c2.mean_v4", "value", &pm) != GR_OK ||
      gr_ctx_published(ctx, "task-c", "c2.sd_v4", "value", &ps) != GR_OK)
    return; /* the run failed: the table or a cell is missing */
  if (gr_chaintheory_v4_infer(pm, ps, &mu, &sigma) == GR_OK) {
    gr_ctx_inform(ctx, GR_KIND_CHOICE, "task-c/c2/inferred-mean-e", mu, "mean of e that reproduces the published mean and s of v4 exactly (moments of ((1+e)/2)^3); we use the round 0.5");
    gr_ctx_inform(ctx, GR_KIND_CHOICE, "task-c/c2/inferred-sd-e", sigma, "standard deviation of e inferred likewise; we use the round 0.05");
  } else {
    gr_ctx_not_computed(ctx, GR_KIND_CHOICE, "task-c/c2/inferred-mean-e", why);
    gr_ctx_not_computed(ctx, GR_KIND_CHOICE, "task-c/c2/inferred-sd-e", why);
  }
  gr_chaintheory_v4_moments(C12_C2_MU, C12_C2_SIGMA, &m, &s);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "task-c/c2/closed-form-mean-v4", m, "E[((1+e)/2)^3] for e ~ N(0.5, 0.05)");
  gr_ctx_value(ctx, "task-c/c2/closed-form-sd-v4", s);
  gr_ctx_value(ctx, "task-c/c2/closed-form-mean-in-se", (pm - m) / (ps / sqrt((double)n)));
  gr_ctx_value(ctx, "task-c/c2/closed-form-sd-in-se", (ps - s) / (ps / sqrt(2.0 * ((double)n - 1.0))));
  h = 1.96 * ps / sqrt((double)n);
  gr_ctx_compare(ctx, "task-c", "c2.ci_low", "value", pm - h, 0.0, "published mean - 1.96 published s / sqrt(100000)");
  gr_ctx_compare(ctx, "task-c", "c2.ci_high", "value", pm + h, 0.0, "published mean + 1.96 published s / sqrt(100000)");
}

/* Task c2: Monte Carlo of the final v4 over e ~ N(0.5, 0.05), its mean, s
 * and 95% interval against the published ones.  Two independent samples
 * of the same size and spread: the standard error of a difference of
 * means (and of interval ends) is sqrt(2) s / sqrt(n), of the s's
 * sqrt(2) s / sqrt(2 (n - 1)). */
int gr_c12_task_c2(struct gr_ctx *ctx)
{
  size_t n = C12_C2_SAMPLES;
  double *v = malloc(n * sizeof *v), se;
  gsl_rng *rng = gr_ctx_rng(ctx, C12_C2_STREAM);
  struct gr_stats_sample st;
  if (v == NULL || rng == NULL) {
    free(v);
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  }
  c12_c2_theory(ctx, n);
  if (gr_c12_montecarlo(rng, C12_C2_MU, C12_C2_SIGMA, n, v) != GR_OK ||
      gr_stats_describe(v, n, 0.95, &st) != GR_OK) {
    free(v);
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  }
  se = gr_c12_c2_se_mean(st.sd, n);
  gr_ctx_compare(ctx, "task-c", "c2.mean_v4", "value", st.mean, se, "Monte Carlo, GSL MT19937 seeded from --seed");
  gr_ctx_compare(ctx, "task-c", "c2.sd_v4", "value", st.sd, gr_c12_c2_se_sd(st.sd, n), "sample standard deviation");
  c12_histogram(ctx, v, n, st.mean, st.sd);
  free(v);
  return GR_OK;
}
