/* granrepro experiment buchholtz-poeschel: Fig. 6 of section 4 drawn so
 * that the waves can be read.  The paper stacks the pipe every 500 steps;
 * here the same records become a space-time density image (x along the
 * pipe against t, colour = grains per bin of 2 r0, seed 0), where a
 * density wave is a stripe whose slope is its speed, with the measured
 * mean wave speed and the mean grain speed overlaid; and a few stacked
 * snapshots at equal axis scales (fig6-snapshots). */
#include "experiments/buchholtz1993/bp_pipe.h"

#include <math.h>
#include <stdio.h>

#include "harness/report.h"
#include "status.h"

/* A line x = x0 + c (t - t0) folded into [0, L), a blank line at each
 * wrap, over the records of run from t0 on. */
static void bp_line(struct gr_data *d, const struct bp_run *r, int k0, double L, double x0, double c)
{
  double prev = -1.0;
  int k;
  for (k = k0; k < r->nrec; k++) {
    double x = fmod(x0 + c * (r->t[k] - r->t[k0]), L);
    x += x < 0 ? L : 0.0;
    if (prev >= 0.0 && fabs(x - prev) > 0.5 * L)
      gr_data_printf(d, "\n");
    gr_data_printf(d, "%.5g %.4f\n", x, r->t[k]);
    prev = x;
  }
  gr_data_printf(d, "\n");
}

int gr_bp_fig6(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_run *r, double cw,
               double vg)
{
  struct gr_data *d = gr_ctx_data(ctx, "fig6-density", "x t grains_per_bin (index 0); x t (index 1: "
                                  "wave speed lines, index 2: grain speed line)");
  struct gr_figure f = {"fig6-spacetime", "fig6-density", NULL, "x along the pipe (m), gravity to the right",
    "t (s)", NULL,
    "data index 0 using 1:2:3 with image notitle, data index 1 using 1:2 with lines lw 2 lc rgb "
    "'white' title sprintf('measured mean wave speed %.2f m/s', cw), data index 2 using 1:2 with "
    "lines lw 2 dt 2 lc rgb 'black' title sprintf('mean grain speed %.2f m/s', vg)"};
  char title[160], setup[400];
  double L = o->pipe.length * o->pipe.r0, bin = L / r->nbf;
  int k, j, k0 = gr_bp_late(r, o->t_start);
  if (d == NULL)
    return gr_ctx_error(ctx)->code;
  for (k = 0; k < r->nrec; k++) {
    for (j = 0; j < r->nbf; j++)
      gr_data_printf(d, "%.5g %.4f %g\n", (j + 0.5) * bin, r->t[k], r->fine[(size_t)k * r->nbf + j]);
    gr_data_printf(d, "\n");
  }
  gr_data_printf(d, "\n");
  for (j = 0; j < 4; j++)
    bp_line(d, r, k0, L, j * L / 4.0, cw);
  gr_data_printf(d, "\n\n");
  bp_line(d, r, k0, L, 0.0, vg);
  snprintf(title, sizeof title, "Fig. 6 as a space-time density: grains per %.0f mm bin, seed 0; "
           "waves are the bright stripes", 1e3 * bin);
  snprintf(setup, sizeof setup, "cw = %.6g; vg = %.6g\nset xrange [0:%g]\nset yrange [%g:%g]\n"
           "set cblabel 'grains per bin'\nset palette defined (0 'black', 1 'blue', 3 'red', 6 'yellow')\n"
           "set key top left opaque box", cw, vg, L, r->t[k0 > 20 ? k0 - 20 : 0], r->t[r->nrec - 1]);
  f.title = title;
  f.setup = setup;
  return gr_ctx_figure(ctx, &f);
}
