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
#include <string.h>

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

/* Fig. 6 from seed 0's snapshots: each drawn shifted by 1.5 box widths
 * (the pipe horizontal, gravity from left to right), walls in a second
 * colour. */
int gr_bp_fig6_snapshots(struct gr_ctx *ctx, const struct bp_run *run, double dt, long first,
                         double off)
{
  struct gr_data *d = gr_ctx_data(ctx, "fig6-spacetime", "snapshot t x y r wall");
  struct gr_figure f = {"fig6-snapshots", "fig6-spacetime",
    "Fig. 6: the pipe at t = 0 (bottom) and five later snapshots (times at the left), "
    "gravity left to right", "x along the pipe (m)", "t (s) of the snapshot", NULL,
    "data using 3:(sel($1) ? $4 + shift($1) : 1/0):5:($6 + 1) with circles fill solid 0.4 lc variable"};
  char setup[512];
  int step = run->nsnap > 6 ? (run->nsnap - 1) / 5 : 1;
  int k;
  size_t i;
  if (d == NULL)
    return gr_ctx_error(ctx)->code;
  /* six snapshots, each moved down to its place in the stack; y tics name their times */
  snprintf(setup, sizeof setup, "off = %.6g\nst = %d\nsel(k) = int(k) == 0 || int(k - 1) %% st == 0\n"
           "shift(k) = (int(k) == 0 ? 0 : 1 + int(k - 1) / st) * off - k * off\nset size ratio -1\n"
           "set key off\nset xtics 0.1\nset xrange [0:%g]\nset offsets 0, 0, 0.02, 0.02\nset ytics ('0' off / 3", off, step,
           run->L);
  for (k = 1; k < run->nsnap; k += step)
    snprintf(setup + strlen(setup), sizeof setup - strlen(setup), ", '%.2f' %.6g",
             (first + (long)(k - 1) * BP_EVERY) * dt, (1 + (k - 1) / step + 1.0 / 3.0) * off);
  snprintf(setup + strlen(setup), sizeof setup - strlen(setup), ")");
  f.setup = setup;
  for (k = 0; k < run->nsnap; k++) {
    const double *q = run->snap + (size_t)k * 2 * run->n;
    double t = k == 0 ? 0.0 : (first + (long)(k - 1) * BP_EVERY) * dt;
    for (i = 0; i < run->n; i++)
      gr_data_printf(d, "%d %.4f %.6g %.6g %.6g %d\n", k, t, q[2 * i], q[2 * i + 1] + k * off,
                     run->r[i], i >= run->nfree);
  }
  return gr_ctx_figure(ctx, &f);
}
