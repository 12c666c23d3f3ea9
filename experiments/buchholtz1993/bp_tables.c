/* granrepro experiment buchholtz-poeschel: the printed numbers of sections
 * 2-3, eqs. 17-18 and Appendix A, each compared with what the code does:
 * the mask of Fig. 2, the cell-size window (measured with the lattice's
 * own counters by bisection), the cost table's sums, the Hertz exponent,
 * the tangent rotation, the Gear coefficients, the pipe's constants. */
#include "experiments/buchholtz1993/bp.h"

#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>

#include "physics/bplattice.h"
#include "physics/gear.h"
#include "status.h"

/* Counters for two grains of radius r at (x0, y0) and (x0 + ex s, y0 +
 * ey s) on a lattice of cell size d, mask h: 1 = doubly occupied cell
 * (want_double) or contact outside the mask. */
static int bp_probe(double d, int h, double r, double x0, double y0, double ex,
                    double ey, double s, int want_double)
{
  struct gr_box b = {{60.0 * r, 60.0 * r, 1.0}, {0, 0, 0}};
  double x[2] = {x0, x0 + ex * s}, y[2] = {y0, y0 + ey * s}, z[2] = {0, 0};
  double rr[2] = {r, r}, m[2] = {1, 1};
  struct gr_bpgrains g = {2, x, y, z, z, z, rr, m};
  struct gr_bplattice L;
  int hit;
  if (gr_bplattice_init(&L, &b, d, h, r) != GR_OK)
    return -1;
  gr_bplattice_index(&L, &g);
  hit = want_double ? L.ndouble > 0 : gr_bplattice_outside(&L) > 0;
  gr_bplattice_free(&L);
  return hit;
}

/* Bisection on d: the worst placements of section 2's two rules, the
 * pair starting just inside a cell (upper rule: smallest grains 2 (1 - pen)
 * rmin apart on the diagonal share a cell iff d > 2 (1 - pen) rmin / sqrt 2,
 * pen the printed 10 %, lattice.tsv) or just
 * before a cell edge (lower rule: largest grains in contact leave the
 * mask iff d < 2 rmax / (h + 1) ... measured, not assumed). */
static double bp_edge(int h, int upper, double pen)
{
  double lo = 0.5, hi = 2.0, r = 1.0;
  int k;
  for (k = 0; k < 60; k++) {
    double d = 0.5 * (lo + hi), x0, hit;
    if (upper) {
      x0 = 20.0 * d + 1e-9;
      hit = bp_probe(d, h, r, x0, x0, M_SQRT1_2, M_SQRT1_2, 2.0 * (1.0 - pen) * r * (1 - 1e-12), 1);
      *(hit > 0 ? &hi : &lo) = d;   /* sharing above the edge */
    } else {
      x0 = 20.0 * d - 1e-9;
      hit = bp_probe(d, h, r, x0, 20.0 * d + 0.5 * d, 1.0, 0.0, 2.0 * r * (1 - 1e-12), 0);
      *(hit > 0 ? &lo : &hi) = d;   /* missed contacts below the edge */
    }
  }
  return 0.5 * (lo + hi);
}

/* Section 2: mask of Fig. 2, the window and the radius ratio. */
static int bp_lattice(struct gr_ctx *ctx)
{
  struct gr_box b = {{0.1, 0.1, 1.0}, {1, 1, 0}};
  struct gr_bplattice L5, L7;
  double up, lo5 = bp_edge(2, 0, 0.0), lo7 = bp_edge(3, 0, 0.0), ratio, pen;
  int rc = GR_OK;
  if (gr_ctx_published(ctx, BP_TABLE_LATTICE, "penetration", "value", &pen) != GR_OK)
    return gr_ctx_error(ctx)->code;
  up = bp_edge(2, 1, pen);
  if (gr_bplattice_init(&L5, &b, 1e-3, 2, 1e-3) != GR_OK)
    return gr_ctx_fail(ctx, GR_ENOMEM, "lattice set-up failed");
  if (gr_bplattice_init(&L7, &b, 1e-3, 3, 1e-3) != GR_OK) {
    gr_bplattice_free(&L5);
    return gr_ctx_fail(ctx, GR_ENOMEM, "lattice set-up failed");
  }
  ratio = up / lo5;
  if (gr_ctx_compare(ctx, BP_TABLE_LATTICE, "mask_positions", "value", L5.nmask, 0,
                     "positions of the built 5x5 mask (Chebyshev distance 1-2)") ||
      gr_ctx_compare(ctx, BP_TABLE_LATTICE, "mask_half_width", "value", L5.h, 0, "h of the 5x5 mask") ||
      gr_ctx_compare(ctx, BP_TABLE_LATTICE, "wide_mask_width", "value", sqrt(L7.nmask + 1.0), 0,
                     "side of the built wide mask, sqrt(48 + 1)") ||
      gr_ctx_compare(ctx, BP_TABLE_LATTICE, "radius_ratio", "value", ratio, 0,
                     "upper edge / lower edge of d, both measured with the counters (bisection)") ||
      gr_ctx_compare(ctx, BP_TABLE_LATTICE, "penetration", "value", pen, 0,
                     "used as printed: the smallest distance 2 rmin (1 - p) of the upper rule"))
    rc = gr_ctx_error(ctx)->code;
  gr_ctx_value(ctx, "edge_upper", up);
  gr_ctx_value(ctx, "edge_lower5", lo5);
  gr_ctx_value(ctx, "edge_lower7", lo7);
  gr_ctx_value(ctx, "ratio7", up / lo7);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "lattice/ratio-limit-7x7", up / lo7,
                     "largest rmax/rmin with the 7x7 mask (not printed): 3 x 1.8 / (2 sqrt 2)");
  gr_bplattice_free(&L5);
  gr_bplattice_free(&L7);
  return rc;
}

/* Section 3: the sums of the cost table, and the force count shared out
 * over the 24 mask positions of eqs. 8-16 (a remainder that could fail). */
static int bp_costtable(struct gr_ctx *ctx)
{
  static const char *rows[] = {"predictor", "index", "forces", "corrector", "pipeline_depth"};
  double v[5], npos;
  char note[200];
  size_t i;
  for (i = 0; i < 5; i++)
    if (gr_ctx_published(ctx, BP_TABLE_COST, rows[i], "value", &v[i]) != GR_OK ||
        gr_ctx_compare(ctx, BP_TABLE_COST, rows[i], "value", v[i], 0, "used as printed") != GR_OK)
      return gr_ctx_error(ctx)->code;
  snprintf(note, sizeof note, "%g + %g + %g from the table", v[0], v[1], v[3]);
  if (gr_ctx_compare(ctx, BP_TABLE_COST, "np_coefficient", "value", v[0] + v[1] + v[3], 0, note) != GR_OK ||
      gr_ctx_published(ctx, BP_TABLE_LATTICE, "mask_positions", "value", &npos) != GR_OK)
    return gr_ctx_error(ctx)->code;
  snprintf(note, sizeof note, "the printed %g modulo the %g mask positions of eqs. 8-16: 0 when "
           "the force count shares out evenly (%g operations each, not printed)", v[2], npos, v[2] / npos);
  gr_ctx_verdict(ctx, GR_KIND_PRINTED, "cost/forces-remainder-per-mask-position", fmod(v[2], npos),
                 gr_test_eq(0.0), note);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "cost/our-ops-per-mask-evaluation", 71,
                "hand count of our pass + pair force (src/physics/bpforce.h), for comparison");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "cost/our-ops-per-mask-evaluation-consistent", 54,
                "the same for the consistent law's pass without the overlap (timed by the bench)");
  return GR_OK;
}

/* Eqs. 17-18: Hertz exponent measured, tangent entry used. */
static int bp_forcelaw(struct gr_ctx *ctx, const struct bp_law *law)
{
  struct gr_bpforce p;
  struct gr_bpforce_out a, b;
  gr_bpforce_init(&p, law->kn, law->gn, law->gs, law->mu, 0);
  gr_bpforce_pair(&p, 2e-2 - 1e-7, 0, 0, 0, 1e-2, 1e-2, 0, 0, 1, 1, 1.0, &a);
  gr_bpforce_pair(&p, 2e-2 - 1e-4, 0, 0, 0, 1e-2, 1e-2, 0, 0, 1, 1, 1.0, &b);
  if (gr_ctx_compare(ctx, BP_TABLE_FORCE, "hertz_exponent", "value", log(b.fx / a.fx) / log(1e3), 0,
                     "log-log slope of the elastic force, xi = 1e-7 .. 1e-4 m") != GR_OK)
    return gr_ctx_error(ctx)->code;
  /* n = (0, -1) is the direction from j to i: a shear force F_S > 0 acts
   * on i along t = (0 -1; 1 0) n = (1, 0). */
  gr_bpforce_pair(&p, 0, -2e-2 + 1e-5, 0.0, 0, 1e-2, 1e-2, -10.0, 0, 1, 1, 1.0, &a);
  return gr_ctx_compare(ctx, BP_TABLE_FORCE, "rotation_matrix_21", "value",
                        a.fx / a.fs, 0, "t_x / F_S for n = (0, -1): the matrix entry the code uses");
}

/* Appendix A: c_2 and the predictor's Taylor coefficients. */
static int bp_geartable(struct gr_ctx *ctx)
{
  struct gr_gear g;
  double c[6], dt = 0.5, t2, t3;
  if (gr_gear_coefficients(5, 0, c) != GR_OK || gr_gear_init(&g, 5, 0, 1, dt) != GR_OK)
    return gr_ctx_fail(ctx, GR_ENOMEM, "Gear set-up failed");
  g.x[2][0] = dt * dt / 2.0;            /* r'' = 1 */
  gr_gear_predict(&g);
  t2 = g.x[0][0] / (dt * dt);
  gr_gear_set(&g, 0, 0, 0, 0);
  g.x[3][0] = dt * dt * dt / 6.0;       /* r''' = 1 */
  gr_gear_predict(&g);
  t3 = g.x[0][0] / (dt * dt * dt);
  gr_gear_free(&g);
  if (gr_ctx_compare(ctx, BP_TABLE_GEAR, "c2", "value", c[2], 0, "c_2 of the 5- and 6-value sets") ||
      gr_ctx_compare(ctx, BP_TABLE_GEAR, "taylor_2", "value", t2, 0, "predicted r / (dt^2 r'')") ||
      gr_ctx_compare(ctx, BP_TABLE_GEAR, "taylor_3", "value", t3, 0, "predicted r / (dt^3 r''')"))
    return gr_ctx_error(ctx)->code;
  return GR_OK;
}

/* Section 4: constants used as printed; Fig. 6's schedule. */
static int bp_pipetable(struct gr_ctx *ctx, const struct bp_law *law)
{
  static const char *rows[] = {"gamma_n", "gamma_s", "k_n", "mu", "dt", "snapshot_steps",
                               "snapshot_start", "max_overlap_fraction"};
  double v, steps;
  size_t i;
  for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
    if (gr_ctx_published(ctx, BP_TABLE_PIPE, rows[i], "value", &v) != GR_OK ||
        gr_ctx_compare(ctx, BP_TABLE_PIPE, rows[i], "value", v, 0, "used as printed") != GR_OK)
      return gr_ctx_error(ctx)->code;
  gr_ctx_published(ctx, BP_TABLE_PIPE, "snapshot_steps", "value", &steps);
  return gr_ctx_compare(ctx, BP_TABLE_PIPE, "snapshot_interval", "value", steps * law->dt, 0,
                        "500 steps x dt = 1e-4 s");
}

int gr_bp_tables(struct gr_ctx *ctx)
{
  struct bp_law law;
  int rc;
  if ((rc = gr_bp_law(ctx, &law)) != GR_OK)
    return rc;
  if ((rc = bp_lattice(ctx)) != GR_OK)
    return rc;
  if ((rc = bp_costtable(ctx)) != GR_OK)
    return rc;
  if ((rc = bp_forcelaw(ctx, &law)) != GR_OK)
    return rc;
  if ((rc = bp_geartable(ctx)) != GR_OK)
    return rc;
  return bp_pipetable(ctx, &law);
}
