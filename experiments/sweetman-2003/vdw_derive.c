/* granrepro experiment vdw: the derivation of section 5.2 checked by GSL
 * quadrature of the pair potential C / r^n (eq. 5.8; n = 6 and 12 make up
 * the Lennard-Jones potential of eq. 5.1) over molecule-wall, sphere-wall,
 * wall-wall and sphere-sphere geometries (physics/hamaker.c): the printed
 * constants of eq. 5.11-5.28, and where the approximations (chord theorem,
 * eq. 5.13; Derjaguin, eq. 5.22-5.27) stop holding. */
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>

#include "experiments/sweetman-2003/vdw.h"
#include "harness/ctx.h"
#include "harness/verdict.h"
#include "harness/report.h"
#include "physics/hamaker.h"
#include "physics/vdw.h"

#define VDW_EPS 1e-9      /* requested relative accuracy of the quadratures */
#define VDW_AEX 0.7       /* alpha for the exact laws (no radius) */
#define VDW_ASMALL 1e-6   /* alpha / R for the constants of the R >> alpha laws */

/* A series of quadratures keeps its first failure (GSL status, 0 on
 * success), as gr_buf keeps its first failed allocation: the statuses are
 * not OR-ed into a number no routine returns. */
static void vdw_keep(int *st, int status)
{
  if (*st == 0)
    *st = status;
}

/* Compare one printed constant; a failed quadrature fails the run. */
static int vdw_const(struct gr_ctx *ctx, int st, const char *row, double value,
                     const char *note)
{
  if (st != 0)
    return gr_ctx_fail(ctx, GR_EFAIL, "vdw: quadrature for %s failed (GSL status %d)", row, st);
  return gr_ctx_compare(ctx, "eq5-constants", row, "value", value, 0.0, note);
}

/* The sphere laws and their rows: A R / (alpha^pa W_6) and
 * A R / (cr alpha^pr W_12) for the quadrature W of each (C = r_ss^6 / 2
 * for the repulsive term). */
struct vdw_law {
  int (*fn)(struct gr_hamaker *h, int n, double r, double alpha, double *w);
  const char *att, *rep, *natt, *nrep;
  double pa, pr, cr;
};

static const struct vdw_law vdw_laws[] = {
  {.fn = gr_hamaker_sphere_wall, .att = "eq5.20.attractive", .rep = "eq5.20.repulsive",
   .natt = "A R / (alpha U_6), sphere-wall quadrature, alpha/R = 1e-6",
   .nrep = "from U_12 (C = r_ss^6 / 2): A R / (3 alpha^7 U_12)", .pa = 1, .pr = 7, .cr = 3.0},
  {.fn = gr_hamaker_sphere_wall_force, .att = "eq5.21.attractive", .rep = "eq5.21.repulsive",
   .natt = "A R / (alpha^2 F_6), sphere-wall force quadrature",
   .nrep = "A R / (3 alpha^8 F_12)", .pa = 2, .pr = 8, .cr = 3.0},
  {.fn = gr_hamaker_sphere_sphere_force, .att = "eq5.28.attractive", .rep = "eq5.28.repulsive",
   .natt = "A R / (alpha^2 F_6), exact two-sphere quadrature (shells)",
   .nrep = "A R / (6 alpha^8 F_12)", .pa = 2, .pr = 8, .cr = 6.0},
};

/* The printed constants from the quadratures (units rho = C = R = 1,
 * A = pi^2; see reference/sweetman-2003/eq5-constants.tsv). */
static int vdw_constants(struct gr_ctx *ctx, struct gr_hamaker *hn, struct gr_hamaker *h)
{
  const double a = VDW_ASMALL, pi2 = M_PI * M_PI;
  double w6, w12;
  int st, n;
  char row[64];
  size_t k;
  for (n = 6; n <= 12; n += 6) {
    st = gr_hamaker_molecule_wall(hn, n, VDW_AEX, &w6);
    snprintf(row, sizeof row, "eq5.11.n%d.denominator", n);
    vdw_const(ctx, st, row, 2.0 * M_PI / (pow(VDW_AEX, n - 3) * w6),
              "2 pi / (alpha^(n-3) w): double quadrature of eq. 5.9");
    st = gr_hamaker_sphere_wall(h, n, 1.0, a, &w6);
    snprintf(row, sizeof row, "eq5.14.n%d.denominator", n);
    vdw_const(ctx, st, row, 4.0 * pi2 / (pow(a, n - 5) * w6),
              "4 pi^2 R / (alpha^(n-5) w): eq. 5.12 without approximation, alpha/R = 1e-6");
    st = gr_hamaker_wall_wall(hn, n, VDW_AEX, &w6);
    snprintf(row, sizeof row, "eq5.17.n%d.denominator", n);
    vdw_const(ctx, st, row, 2.0 * M_PI / (pow(VDW_AEX, n - 4) * w6),
              "2 pi / (alpha^(n-4) w): triple quadrature (eq. 5.16 over eq. 5.9)");
  }
  for (k = 0; k < sizeof vdw_laws / sizeof vdw_laws[0]; k++) {
    const struct vdw_law *l = &vdw_laws[k];
    st = l->fn(h, 6, 1.0, a, &w6);
    st = st ? st : l->fn(h, 12, 1.0, a, &w12);
    vdw_const(ctx, st, l->att, pi2 / (pow(a, l->pa) * w6), l->natt);
    vdw_const(ctx, st, l->rep, pi2 / (l->cr * pow(a, l->pr) * w12), l->nrep);
  }
  return gr_ctx_error(ctx)->code;
}

/* The quadratures against closed forms that hold exactly. */
static int vdw_exact_checks(struct gr_ctx *ctx, struct gr_hamaker *hn, struct gr_hamaker *h)
{
  double v, x, worst = 0.0;
  int st = 0, n;
  for (n = 6; n <= 12; n += 6) {
    vdw_keep(&st, gr_hamaker_molecule_wall(hn, n, VDW_AEX, &v));
    x = fabs(v / gr_hamaker_eq511(n, VDW_AEX) - 1.0);
    worst = x > worst ? x : worst;
    vdw_keep(&st, gr_hamaker_wall_wall(hn, n, VDW_AEX, &v));
    x = fabs(v / gr_hamaker_eq517(n, VDW_AEX) - 1.0);
    worst = x > worst ? x : worst;
  }
  if (st != 0)
    return gr_ctx_fail(ctx, GR_EFAIL, "vdw: a molecule-wall or wall-wall quadrature failed (GSL status %d)", st);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "derivation/molecule-wall-and-wall-wall-exact", worst, gr_test_le(1e-8),
                 "largest relative difference of the quadratures of eq. 5.9 and 5.16 from "
                 "eq. 5.11 and 5.17 (n = 6, 12): these steps are exact");
  st = gr_hamaker_sphere_wall(hn, 6, 1.0, 1e-2, &v);
  x = fabs(v / gr_hamaker_exact6_sphere_wall(1.0, 1e-2) - 1.0);
  if (st != 0)
    return gr_ctx_fail(ctx, GR_EFAIL, "vdw: the sphere-wall quadrature failed");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "derivation/sphere-wall-vs-hamaker-1937", x, gr_test_le(1e-7),
                 "sphere-wall n = 6 by triple quadrature down to the molecules (eq. 5.12 over "
                 "eq. 5.9), alpha/R = 0.01, against Hamaker's exact sphere-plate result");
  worst = 0.0;
  st = 0;
  for (x = 1e-4; x < 2.0; x *= 100.0) {
    double y;
    vdw_keep(&st, gr_hamaker_sphere_sphere(h, 6, 1.0, x, &v));
    y = fabs(v / gr_hamaker_exact6_sphere_sphere(1.0, x) - 1.0);
    worst = y > worst ? y : worst;
  }
  if (st != 0)
    return gr_ctx_fail(ctx, GR_EFAIL, "vdw: a sphere-sphere quadrature failed (GSL status %d)", st);
  return gr_ctx_verdict(ctx, GR_KIND_CHECK, "derivation/sphere-sphere-vs-hamaker-1937", worst, gr_test_le(1e-7),
                        "two-sphere shell quadrature, n = 6, alpha/R = 1e-4, 1e-2, 1, against "
                        "Hamaker's exact two-sphere result: the reference for eq. 5.28 is sound");
}

static const struct gr_figure vdw_fig_errors = {
  .name = "derivation-errors", .data = "derivation",
  .title = "Where the approximations of section 5.2 stop holding (quadrature = exact)",
  .xlabel = "alpha / R", .ylabel = "|formula / exact - 1|",
  .setup = "set logscale xy\nset format x '10^{%T}'\nset format y '10^{%T}'\n"
           "set key top left\nset yrange [1e-7:10]",
  .plot = "data using 1:(abs($2)) with linespoints title 'eq. 5.14 potential, n = 6', "
          "data using 1:(abs($3)) with linespoints title 'eq. 5.21 force, n = 6', "
          "data using 1:(abs($4)) with linespoints title 'eq. 5.28 force, n = 6', "
          "data using 1:(abs($5)) with linespoints dt 2 title 'eq. 5.14 potential, n = 12', "
          "data using 1:(abs($6)) with linespoints dt 2 title 'eq. 5.21 force, n = 12', "
          "data using 1:(abs($7)) with linespoints dt 2 title 'eq. 5.28 force, n = 12'"};

/* Where the approximations stop holding: relative error of eq. 5.14
 * (potential), 5.21 and 5.28 (forces) against the exact quadratures. */
static int vdw_sweep(struct gr_ctx *ctx, struct gr_hamaker *h)
{
  struct gr_data *d = gr_ctx_data(ctx, "derivation",
      "alpha_R err514_n6 err521_n6 err528_n6 err514_n12 err521_n12 err528_n12");
  double x, e[6], at1[2] = {0, 0}, at10[2] = {0, 0};
  double step = gr_ctx_quick(ctx) ? pow(10.0, 0.5) : pow(10.0, 0.125);
  int st = 0, n, k;
  if (d == NULL)
    return gr_ctx_error(ctx)->code;
  for (x = 1e-5; x <= 1.0001; x *= step) {
    for (k = 0, n = 6; n <= 12; n += 6, k += 3) {
      double u, fw, fs;
      vdw_keep(&st, gr_hamaker_sphere_wall(h, n, 1.0, x, &u));
      vdw_keep(&st, gr_hamaker_sphere_wall_force(h, n, 1.0, x, &fw));
      vdw_keep(&st, gr_hamaker_sphere_sphere_force(h, n, 1.0, x, &fs));
      e[k] = gr_hamaker_eq514(n, 1.0, x) / u - 1.0;
      e[k + 1] = gr_hamaker_eq514_force(n, 1.0, x) / fw - 1.0;
      /* eq. 5.27-5.28: pi R w_plates */
      e[k + 2] = M_PI * gr_hamaker_eq517(n, x) / fs - 1.0;
    }
    gr_data_printf(d, "%.6e %.6e %.6e %.6e %.6e %.6e %.6e\n", x, e[0], e[1], e[2], e[3], e[4], e[5]);
    if (at1[0] == 0.0 && fabs(e[1]) >= 0.01) at1[0] = x;
    if (at1[1] == 0.0 && fabs(e[2]) >= 0.01) at1[1] = x;
    if (at10[0] == 0.0 && fabs(e[1]) >= 0.1) at10[0] = x;
    if (at10[1] == 0.0 && fabs(e[2]) >= 0.1) at10[1] = x;
  }
  if (st != 0)
    return gr_ctx_fail(ctx, GR_EFAIL, "vdw: a quadrature of the sweep failed (GSL status %d)", st);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "derivation/eq5.21-error-1pct-at-alpha-over-R", at1[0],
                "first grid alpha/R where eq. 5.21 (n = 6) is off the exact sphere-wall force by >= 1%");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "derivation/eq5.28-error-1pct-at-alpha-over-R", at1[1],
                "first grid alpha/R where eq. 5.28 (n = 6) is off the exact two-sphere force by >= 1%");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "derivation/eq5.21-error-10pct-at-alpha-over-R", at10[0],
                "same, 10%");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "derivation/eq5.28-error-10pct-at-alpha-over-R", at10[1],
                "same, 10%");
  gr_ctx_value(ctx, "err521_1pct", at1[0]);
  gr_ctx_value(ctx, "err528_1pct", at1[1]);
  gr_ctx_value(ctx, "err521_10pct", at10[0]);
  gr_ctx_value(ctx, "err528_10pct", at10[1]);
  return gr_ctx_figure(ctx, &vdw_fig_errors);
}

/* Eq. 5.28 against the exact two-sphere Lennard-Jones force (eq. 5.1 over
 * both spheres) for the test's particles (R of Table 5.1, r_ss = 0.4 nm),
 * at the separations that matter in the run.  Units: rho^2 C = A / pi^2. */
static int vdw_lj_test_scale(struct gr_ctx *ctx, const struct vdw_params *p,
                             struct gr_hamaker *h)
{
  const double al[4] = {gr_vdw_peak_separation(VDW_RSS), 1e-9, VDW_GAP,
                        VDW_CUTOFF_FRAC * p->radius};
  const char *what[4] = {"peak attraction", "1 nm", "initial gap", "cut-off"};
  double worst = 0.0, f6, f12, exact, law, err;
  char q[96], note[160];
  int i, st;
  for (i = 0; i < 4; i++) {
    st = gr_hamaker_sphere_sphere_force(h, 6, p->radius, al[i], &f6);
    st = st ? st : gr_hamaker_sphere_sphere_force(h, 12, p->radius, al[i], &f12);
    if (st != 0)
      return gr_ctx_fail(ctx, GR_EFAIL, "vdw: Lennard-Jones quadrature failed (GSL status %d)", st);
    exact = p->hamaker / (M_PI * M_PI) * (-f6 + 0.5 * pow(VDW_RSS, 6.0) * f12);
    law = gr_vdw_force(p->hamaker, gr_vdw_reff(p->radius, p->radius), VDW_RSS, al[i]);
    err = law / exact - 1.0;
    if (i < 2 && fabs(err) > worst)
      worst = fabs(err);
    snprintf(q, sizeof q, "derivation/eq5.28-vs-exact-LJ/alpha=%.4g", al[i]);
    snprintf(note, sizeof note, "relative error of eq. 5.28 against the exact two-sphere "
             "Lennard-Jones force, test particles, alpha = %s", what[i]);
    gr_ctx_inform(ctx, GR_KIND_CHECK, q, err, note);
  }
  return gr_ctx_verdict(ctx, GR_KIND_CHECK, "derivation/eq5.28-exact-where-the-test-runs", worst, gr_test_le(1e-4),
                        "largest relative error of eq. 5.28 against the exact Lennard-Jones "
                        "two-sphere force for alpha <= 1 nm (test particles): the law the test "
                        "uses is exact where the force matters");
}

/* Section 5.2: the printed constants, the exact laws, the sweep of the
 * approximations and eq. 5.28 at the test's scale (Table 5.1). */
int gr_vdwexp_derive(struct gr_ctx *ctx)
{
  struct gr_hamaker *hn, *h;
  struct vdw_params p;
  int rc;
  if (gr_vdwexp_params(ctx, &p) != GR_OK)
    return gr_ctx_error(ctx)->code;
  hn = gr_hamaker_new(VDW_EPS, 1);
  h = gr_hamaker_new(VDW_EPS, 0);
  if (hn == NULL || h == NULL) {
    gr_hamaker_free(hn);
    gr_hamaker_free(h);
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  }
  if ((rc = vdw_constants(ctx, hn, h)) == GR_OK) {
    vdw_exact_checks(ctx, hn, h);
    vdw_sweep(ctx, h);
    rc = vdw_lj_test_scale(ctx, &p, h);
  }
  gr_hamaker_free(hn);
  gr_hamaker_free(h);
  return rc;
}
