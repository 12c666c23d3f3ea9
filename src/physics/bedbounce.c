/* granrepro physics: a measured bounce on the floor of the shaken bed
 * (Wilson 2001, listing walls txt 1571-1578); see bedbounce.h. */
#include "physics/bedbounce.h"

#include <math.h>

#include "physics/bed.h"
#include "physics/bedint.h"
#include "status.h"

/* Time back from (h, v) on the ballistic flight to h = half (v > 0). */
static double bounce_back(double h, double v, double g, double half)
{
  double d = h - half;
  return g > 0.0 ? (-v + sqrt(v * v + 2.0 * g * d)) / g : d / v;
}

int gr_bedbounce(const struct gr_wca *w, double gamma_w, double g, double v0,
                 double tol, double *e, double *tc)
{
  struct gr_bed_model m = {0};
  struct gr_bedint_opts o = {GR_BEDINT_RK8PD, tol, 0.0, 0, 0, 0};
  struct gr_bedint *it;
  double half = 0.5 * gr_wca_cutoff(w), y[4], t = 0.0, back;
  int s = GR_OK;
  if (!(v0 > 0.0) || !(tol > 0.0))
    return GR_EINPUT;
  m.n = 1;
  m.wca = *w;
  m.box = 10.0 * w->sigma;
  m.gamma_wall = gamma_w;
  m.g = g;
  m.gravity = g > 0.0;
  m.lossy = 1;
  m.damp = GR_BED_DAMP_NONE;
  it = gr_bedint_new(&m, NULL, &o);
  if (it == NULL)
    return GR_ENOMEM;
  y[0] = 0.5 * m.box;
  y[1] = half;
  y[2] = 0.0;
  y[3] = -v0;
  *e = 0.0;
  *tc = INFINITY;
  while (t < 200.0 && s == GR_OK) {
    s = gr_bedint_interval(it, &t, t + 0.01, y);
    if (y[1] > half && y[3] > 0.0) {
      back = bounce_back(y[1], y[3], m.gravity ? g : 0.0, half);
      *e = (y[3] + (m.gravity ? g : 0.0) * back) / v0;
      *tc = t - back;
      break;
    }
  }
  gr_bedint_free(it);
  return s;
}
