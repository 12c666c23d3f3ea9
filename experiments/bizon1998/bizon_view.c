/* granrepro experiment bizon-patterns: the views of a panel as Bizon et
 * al., PRL 80, 57 (1998) show their patterns: the top surface from above
 * in two successive cycles (the f/2 or f/4 response) and its log S(k), as
 * data sets and figures (Fig. 1). */
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>

#include "experiments/bizon1998/bizon.h"
#include "harness/ctx.h"
#include "harness/report.h"

/* Top views (two successive cycles) and the averaged S(k) of a panel. */
static int bz_field_data(struct gr_ctx *ctx, const char *name, const struct bz_res *r, double lx,
                         double ly)
{
  char dn[64];
  struct gr_data *d;
  double smin = HUGE_VAL, m1 = 0.0, m2 = 0.0;
  int i, j;
  for (i = 0; i < r->nx * r->ny; i++) {
    m1 += r->h2[i] / (r->nx * r->ny);
    m2 += r->h2[r->nx * r->ny + i] / (r->nx * r->ny);
  }
  snprintf(dn, sizeof dn, "%s-top", name);
  d = gr_ctx_data(ctx, dn, "x y h_cycle1_minus_mean h_cycle2_minus_mean");
  for (j = 0; d != NULL && j < r->ny; j++) {
    for (i = 0; i < r->nx; i++)
      gr_data_printf(d, "%.3f %.3f %.4f %.4f\n", (i + 0.5) * lx / r->nx, (j + 0.5) * ly / r->ny,
                     r->h2[j * r->nx + i] - m1, r->h2[r->nx * r->ny + j * r->nx + i] - m2);
    gr_data_printf(d, "\n");
  }
  for (i = 1; i < r->nx * r->ny; i++)
    smin = fmin(smin, r->savg[i]);
  snprintf(dn, sizeof dn, "%s-sk", name);
  d = gr_ctx_data(ctx, dn, "kx ky log10_S");
  for (j = -r->ny / 2; d != NULL && j <= r->ny / 2 && r->ny > 1; j++) {
    for (i = -r->nx / 2; i <= r->nx / 2; i++) {
      int ix = i < 0 ? i + r->nx : i, iy = j < 0 ? j + r->ny : j;
      if (ix >= r->nx || iy >= r->ny)
        continue;
      gr_data_printf(d, "%.4f %.4f %.4f\n", 2.0 * M_PI * i / lx, 2.0 * M_PI * j / ly,
                     log10((ix == 0 && iy == 0 ? smin : r->savg[iy * r->nx + ix]) + 1e-6));
    }
    gr_data_printf(d, "\n");
  }
  return gr_ctx_error(ctx)->code;
}

/* Figures of panel p: top views side by side over the box exactly
 * (colours over three standard deviations of the height either side of
 * its mean, so that a few spheres in flight high above the surface do not
 * wash the pattern out), and the S(k) image over |k_x|, |k_y| <= kw (three
 * times the peak's |k|, within [0.5, 2]: the peak ring fills the image
 * whatever the box; `pixels`: each k cell its own rectangle, clipped to
 * the axes and sharp, where an SVG viewer would draw the whole grid as one
 * smoothed bitmap over the frame). */
static int bz_view_figures(struct gr_ctx *ctx, const char *p, double gamma, double fstar, double kw)
{
  char name[32], data[32], title[128], plot[320], sname[32], sdata[32], stitle[128], sset[128];
  struct gr_figure top, sk;
  snprintf(name, sizeof name, "fig1%s-top", p);
  snprintf(data, sizeof data, "fig1%s-top", p);
  snprintf(title, sizeof title, "Fig. 1%s (Gamma %.2f, f* %.2f): top surface, cycle n (left) and n + 1 (right)",
           p, gamma, fstar);
  snprintf(plot, sizeof plot,
           "data u 1:2:3 w image notitle, data u ($1 + XW + 2):2:4 w image notitle");
  top = (struct gr_figure){name, data, title, "x / sigma", "y / sigma",
                           "set size ratio -1\nset autoscale fix\nset palette rgb 33,13,10\n"
                           "stats data u 1 nooutput\nXW = STATS_max\n"
                           "stats data u 3 nooutput name 'H1'\nstats data u 4 nooutput name 'H2'\n"
                           "HS = 3 * (H1_stddev > H2_stddev ? H1_stddev : H2_stddev)\nset cbrange [-HS:HS]\n"
                           "set cblabel 'top sphere centre height minus its mean / sigma (3 s.d. shown)'",
                           plot};
  snprintf(sname, sizeof sname, "fig1%s-sk", p);
  snprintf(sdata, sizeof sdata, "fig1%s-sk", p);
  snprintf(stitle, sizeof stitle, "Fig. 1%s: log10 S(k) of the top surface (averaged over cycles)", p);
  snprintf(sset, sizeof sset, "set size ratio -1\nset palette rgb 21,22,23\nset xrange [-%.2f:%.2f]\nset yrange [-%.2f:%.2f]",
           kw, kw, kw, kw);
  sk = (struct gr_figure){sname, sdata, stitle, "k_x sigma", "k_y sigma", sset, "data u 1:2:3 w image pixels notitle"};
  if (gr_ctx_figure(ctx, &top) != 0)
    return gr_ctx_error(ctx)->code;
  return gr_ctx_figure(ctx, &sk);
}

/* A panel's views (bizon.h): data fig1P-top, fig1P-sk and their figures. */
int gr_bz_panel_view(struct gr_ctx *ctx, const char *p, const struct bz_res *r, double lx, double ly,
                     double gamma, double fstar)
{
  char name[16];
  double kw = r->lambda > 0.0 ? 3.0 * 2.0 * M_PI / r->lambda : 2.0;
  snprintf(name, sizeof name, "fig1%s", p);
  bz_field_data(ctx, name, r, lx, ly);
  return bz_view_figures(ctx, p, gamma, fstar, kw < 0.5 ? 0.5 : kw > 2.0 ? 2.0 : kw);
}
