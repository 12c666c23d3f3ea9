/* granrepro experiment wilson-bed: Fig. 8 of Wilson (2001), the truncated
 * Lennard-Jones potential of eq. 10 over 0.5 <= r <= 1 and 1 <= r <= 2^(1/6)
 * (sigma = 1, the listing's eps = 1/4). */
#include <math.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/report.h"
#include "physics/wca.h"

static const struct gr_figure fig8[] = {
    {"fig8a-potential", "fig8", "Fig. 8 a): V(r), 0.5 <= r <= 1 (sigma = 1, eps = 1/4)", "r",
     "V(r)", "set xrange [0.5:1]\nset logscale y", "data u 1:2 w l t 'eq. 10'"},
    {"fig8b-potential", "fig8", "Fig. 8 b): V(r), 1 <= r <= 2^(1/6)", "r", "V(r)",
     "set xrange [1:1.1225]", "data u 1:2 w l t 'eq. 10', data u 1:3 w l dt 2 t '-dV/dr'"}};

int gr_wilson_bed_fig8(struct gr_ctx *ctx)
{
  struct bed_par p;
  struct gr_wca w = {1.0, 0.25};
  struct gr_data *d;
  double rmin, r0 = gr_wca_cutoff(&w);
  int k;
  if (gr_wilson_bed_params(ctx, &p) != GR_OK ||
      gr_ctx_published(ctx, BED_CONST, "fig8_rmin", "value", &rmin) != GR_OK)
    return gr_ctx_error(ctx)->code;
  w.eps = p.eps;
  d = gr_ctx_data(ctx, "fig8", "r V minus_dVdr");
  for (k = 0; d != NULL && k <= 400; k++) {
    double r = rmin + (r0 - rmin) * k / 400.0;
    gr_data_printf(d, "%.6f %.10g %.10g\n", r, gr_wca_potential(&w, r),
                   gr_wca_force(&w, r));
  }
  gr_ctx_compare(ctx, BED_CONST, "fig8_rmin", "value", rmin, 0,
                 "lower end of fig8.dat's r range");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "fig8/V-at-sigma-equals-eps", gr_wca_potential(&w, 1.0),
                 gr_test_abs(p.eps, 1e-15), "V(sigma) = 4 eps (1 - 1) + eps of physics/wca.c");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "fig8/V-at-cutoff-zero", gr_wca_potential(&w, r0),
                 gr_test_abs(0.0, 1e-15), "V of physics/wca.c at 2^(1/6) sigma");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "fig8/V-at-rmin", gr_wca_potential(&w, rmin),
                "V(0.5) = 4 eps (4096 - 64) + eps with eps = 1/4 (Fig. 8 a)'s scale is not legible)");
  gr_ctx_value(ctx, "fig8_vmin", gr_wca_potential(&w, rmin));
  for (k = 0; k < 2; k++)
    gr_ctx_figure(ctx, &fig8[k]);
  return GR_OK;
}
