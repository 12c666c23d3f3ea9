/* granrepro experiment buchholtz-poeschel: Fig. 3 of Buchholtz & Poeschel
 * (1993), drawn from section 3's printed cost model t = a (NP + D) +
 * f (LMAX + D) (a, f and D read from cost.tsv), with its one row: the
 * model's growth at a fixed number of cells. */
#include "experiments/buchholtz1993/bp.h"

#include <math.h>
#include <stdio.h>

#include "harness/report.h"
#include "status.h"

/* The printed model t = a (NP + D) + f (LMAX + D) of section 3 (a = 125,
 * f = 1656, D = 20, all read from cost.tsv). */
static double bp_model(const double c[3], double np, double lmax)
{
  return c[0] * (np + c[2]) + c[1] * (lmax + c[2]);
}

/* The rows of Fig. 3: the growth at fixed LMAX = 1e5 from NP = 10 to the
 * densest packing, shown (it is at most 1 + a 0.2887 / f = 1.022 for any
 * LMAX, so no bound on it decides anything). */
static void bp_fig3_rows(struct gr_ctx *ctx, const double c[3])
{
  const double rho = 0.2887; /* the densest packing */
  double growth = bp_model(c, rho * 1e5, 1e5) / bp_model(c, 10, 1e5), gmax = 1.0 + c[0] * rho / c[1];
  char note[400];
  gr_ctx_value(ctx, "fig3_growth", growth);
  gr_ctx_value(ctx, "fig3_growth_max", gmax);
  gr_ctx_value(ctx, "fig3_ratio_1e4", bp_model(c, 1e4, 1e4 / 0.3) / bp_model(c, 10, 10 / 0.3));
  snprintf(note, sizeof note,
           "the printed model at LMAX = 1e5, NP from 10 to %g LMAX (the caption's 'depends very "
           "weakly on the number of particles'); informative: at fixed LMAX the model's growth is at "
           "most 1 + %g x %g / %g = %.3f for any LMAX, so a bound on it cannot fail", rho, c[0], rho, c[1], gmax);
  gr_ctx_inform(ctx, GR_KIND_PRINTED, "cost/fig3-time-growth-at-fixed-LMAX", growth, note);
}

/* Fig. 3 from the printed model t = 125 (NP + D) + 1656 (LMAX + D) (the
 * counts and D from the table) as its caption means it, at a fixed
 * number of cells LMAX (NP up to the densest packing, rho = 0.2887), with
 * the fixed-rho view (LMAX = NP / rho) beside it, and a scalar N^2
 * comparator with the force part's 1656 / 24 operations per pair, D each. */
int gr_bp_fig3(struct gr_ctx *ctx)
{
  struct gr_data *d = gr_ctx_data(ctx, "fig3-model", "NP t_vector_LMAX1e4 t_vector_LMAX1e5 "
                                  "t_vector_rho0.1 t_vector_rho0.3 t_scalar_n2");
  struct gr_figure f = {"fig3-model", "fig3-model",
    "Fig. 3 from the model of section 3 (D = 20): fixed LMAX as the caption means, fixed rho dashed",
    "number of particles NP", "clock periods per step",
    "set logscale xy\nset format x '10^{%T}'\nset format y '10^{%T}'\nset key top left\n"
    "set datafile missing 'nan'",
    "data using 1:2 with lines lw 3 title 'vector, LMAX = 10^4', data using 1:3 with lines lw 3 "
    "title 'vector, LMAX = 10^5', data using 1:4 with lines dt 2 lw 2 title 'vector, fixed rho = 0.1 "
    "(LMAX = NP/rho)', data using 1:5 with lines dt 2 lw 2 title 'vector, fixed rho = 0.3', "
    "data using 1:6 with lines lw 2 lc rgb 'black' title 'scalar, N^2 pairs'"};
  double c[3], npos, np;
  if (d == NULL || gr_ctx_published(ctx, BP_TABLE_COST, "np_coefficient", "value", &c[0]) != GR_OK ||
      gr_ctx_published(ctx, BP_TABLE_COST, "forces", "value", &c[1]) != GR_OK ||
      gr_ctx_published(ctx, BP_TABLE_COST, "pipeline_depth", "value", &c[2]) != GR_OK ||
      gr_ctx_published(ctx, BP_TABLE_LATTICE, "mask_positions", "value", &npos) != GR_OK)
    return gr_ctx_error(ctx)->code;
  for (np = 10; np <= 1e5 * 1.0001; np *= pow(10.0, 0.125)) {
    double l4 = np <= 0.2887 * 1e4 ? bp_model(c, np, 1e4) : NAN;
    double l5 = np <= 0.2887 * 1e5 ? bp_model(c, np, 1e5) : NAN;
    gr_data_printf(d, "%.6g %.6g %.6g %.6g %.6g %.6g\n", np, l4, l5, bp_model(c, np, np / 0.1),
                   bp_model(c, np, np / 0.3), c[2] * (c[0] * np + c[1] / npos * np * (np - 1) / 2));
  }
  bp_fig3_rows(ctx, c);
  return gr_ctx_figure(ctx, &f);
}
