/* granrepro experiment buchholtz-poeschel: two checks on the pipe of
 * section 4.  Which Gear order survives the paper's dt = 1e-4 s (the
 * paper does not say which it used): each order at dt and at dt/4 from
 * the same start, compared by the mean kinetic energy of the grains and
 * the largest overlap.  And the section 5 remark "no differences ...
 * compared to ... the classical neighborhood-list method": the lattice and
 * linked cells integrate the same start to the same trajectory. */
#include "experiments/buchholtz1993/bp_pipe.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "status.h"

/* Run s for t seconds; mean kinetic energy over the second half. */
static int bp_energy(struct gr_bpsim *s, double t, double *ke)
{
  long k, n = lround(t / s->p.dt), m = 0;
  *ke = 0.0;
  for (k = 1; k <= n; k++) {
    if (gr_bpsim_step(s) != GR_OK)
      return GR_ENOMEM;
    if (2 * k > n && k % 10 == 0) {
      *ke += gr_bpsim_kinetic(s);
      m++;
    }
  }
  *ke = m ? *ke / m : NAN;
  return GR_OK;
}

/* The four runs (5 and 6 values, dt and dt/4) in parallel. */
static int bp_four(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_law *law,
                   double ke[4], double ov[4])
{
  struct gr_bpsim s[4];
  int i, rc = GR_OK, rcs[4] = {0, 0, 0, 0};
  memset(s, 0, sizeof s);
  for (i = 0; i < 4 && rc == GR_OK; i++) {
    struct gr_bpsim_params p;
    gr_bp_pipe_params(law, o, 5 + i / 2, i % 2 ? law->dt / 4 : law->dt, o->search, &p);
    rc = gr_bp_pipe_new(ctx, o, &p, "survive", &s[i]);
  }
#pragma omp parallel for schedule(dynamic, 1)
  for (i = 0; i < 4; i++)
    rcs[i] = rc == GR_OK ? bp_energy(&s[i], o->t_survive, &ke[i]) : GR_OK;
  for (i = 0; i < 4; i++) {
    ov[i] = s[i].maxov;
    if (rc == GR_OK && rcs[i] != GR_OK)
      rc = gr_ctx_fail(ctx, rcs[i], "Gear survival run failed");
    if (s[i].n > 0)
      gr_bpsim_free(&s[i]);
  }
  return rc;
}

int gr_bp_survive(struct gr_ctx *ctx)
{
  struct bp_opts o;
  struct bp_law law;
  double ke[4], ov[4];
  int rc, nv, ok[2];
  char q[80];
  if ((rc = gr_bp_options(ctx, &o)) != GR_OK)
    return rc;
  if ((rc = gr_bp_law(ctx, &law)) != GR_OK || (rc = bp_four(ctx, &o, &law, ke, ov)) != GR_OK)
    return rc;
  for (nv = 0; nv < 2; nv++) {
    double ratio = ke[2 * nv] / ke[2 * nv + 1];
    ok[nv] = isfinite(ratio) && ratio > 2.0 / 3.0 && ratio < 1.5 && ov[2 * nv] < 1.0;
    snprintf(q, sizeof q, "gear/%d-value-pipe-energy-ratio-dt-vs-dt4", 5 + nv);
    gr_bp_claim(ctx, &o, GR_KIND_CHOICE, q, ratio, gr_test_range(2.0 / 3.0, 1.5),
                "mean kinetic energy, second half of the run, dt = 1e-4 s over dt/4: the order "
                "survives dt when it stays within a factor 1.5 (the pipe order is chosen by it)");
    snprintf(q, sizeof q, "gear/%d-value-pipe-max-overlap-dt", 5 + nv);
    gr_ctx_inform(ctx, GR_KIND_CHOICE, q, ov[2 * nv], "largest overlap / smaller radius at dt = 1e-4 s");
    gr_ctx_value(ctx, nv ? "surv_ratio6" : "surv_ratio5", ratio);
    gr_ctx_value(ctx, nv ? "surv_ov6" : "surv_ov5", ov[2 * nv]);
    gr_ctx_value(ctx, nv ? "surv_ov6_ref" : "surv_ov5_ref", ov[2 * nv + 1]);
  }
  gr_ctx_text(ctx, "survivor", ok[0] && ok[1] ? "both the 5-value and the 6-value form"
                               : ok[0] ? "the 5-value form only"
                               : ok[1] ? "the 6-value form only" : "neither form");
  gr_ctx_value(ctx, "t_survive", o.t_survive);
  return GR_OK;
}

/* The lattice run and the cell run, which meet only at the end, a thread
 * each; each stops at its first failed step; GR_OK when neither failed. */
static int bp_two_runs(struct gr_bpsim *a, struct gr_bpsim *b, long steps)
{
  struct gr_bpsim *s[2] = {a, b};
  int rcs[2] = {GR_OK, GR_OK}, r;
#pragma omp parallel for schedule(static, 1)
  for (r = 0; r < 2; r++) {
    long k; /* the thread's own */
    for (k = 0; k < steps && rcs[r] == GR_OK; k++)
      rcs[r] = gr_bpsim_step(s[r]);
  }
  return rcs[0] | rcs[1];
}

/* Same start, lattice and linked cells, K steps: same trajectory. */
int gr_bp_equivalence(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_law *law)
{
  struct gr_bpsim_params pa, pb;
  struct gr_bpsim a, b;
  long steps = gr_ctx_quick(ctx) ? 300 : 1000;
  double dmax = 0;
  size_t i;
  int rc, kk;
  gr_bp_pipe_params(law, o, o->nv, law->dt, GR_BPSIM_LATTICE, &pa);
  if ((rc = gr_bp_pipe_new(ctx, o, &pa, "equivalence", &a)) != GR_OK)
    return rc;
  pb = a.p;
  pb.search = GR_BPSIM_CELLS;
  if (gr_bpsim_init(&b, &pb, a.n, a.nfree, a.r, a.m, a.inertia) != GR_OK) {
    gr_bpsim_free(&a);
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  }
  for (kk = 0; kk < a.gear.nv; kk++)
    memcpy(b.gear.x[kk], a.gear.x[kk], 3 * a.n * sizeof(double));
  rc = bp_two_runs(&a, &b, steps);
  for (i = 0; i < a.n; i++)
    dmax = fmax(dmax, fmax(fabs(a.x[i] - b.x[i]), fabs(a.y[i] - b.y[i])) / o->pipe.r0);
  gr_ctx_value(ctx, "equiv_steps", (double)steps);
  gr_ctx_value(ctx, "equiv_dmax", dmax);
  if (rc != GR_OK)
    gr_ctx_not_computed(ctx, GR_KIND_CHECK, "pipe/lattice-vs-linked-cells-trajectory",
                        "a step of the equivalence run failed");
  else
    gr_ctx_verdict(ctx, GR_KIND_CHECK, "pipe/lattice-vs-linked-cells-trajectory", dmax,
                   gr_test_le(1e-9), "largest position difference / r0 after the steps, same start");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "pipe/lattice-counters-in-equivalence-run",
                 (double)(a.lat.ndouble + a.lat.nlost + gr_bplattice_outside(&a.lat)),
                 gr_test_eq(0.0),
                 "doubly occupied cells + lost grains + contacts outside the mask");
  gr_bpsim_free(&a);
  gr_bpsim_free(&b);
  return rc == GR_OK ? GR_OK : gr_ctx_fail(ctx, rc, "equivalence run failed");
}
