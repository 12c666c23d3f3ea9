/* granrepro physics: collision rules for equal hard disks (Wilson 2001,
 * section 2.4 and appendix A.1 diskev; TC model; velocity cutoff).  See
 * edrule.h. */
#include "physics/edrule.h"

#include <math.h>

const char *gr_edrule_name(enum gr_edrule_kind k)
{
  switch (k) {
  case GR_EDRULE_ELASTIC: return "elastic";
  case GR_EDRULE_RESTITUTION: return "restitution";
  case GR_EDRULE_WILSON_CODE: return "wilson-code";
  }
  return "?";
}

int gr_edrule_check(const struct gr_edrule *r)
{
  if (r->kind != GR_EDRULE_ELASTIC && r->kind != GR_EDRULE_RESTITUTION &&
      r->kind != GR_EDRULE_WILSON_CODE)
    return GR_EINPUT;
  if (!(r->e >= 0.0 && r->e <= 1.0) || !(r->tc >= 0.0) || !(r->vcut >= 0.0))
    return GR_EINPUT;
  return GR_OK;
}

/* Eqs. (3)-(6) with the exchange of normal components the listing does:
 * with g = (vj - vi).n < 0 the elastic result is vi + g n, vj - g n;
 * restitution e gives vi + (1+e)/2 g n, vj - (1+e)/2 g n; the code's rule
 * multiplies the elastic result by mu. */
enum gr_edrule_cure gr_edrule_apply(const struct gr_edrule *r, double nx, double ny,
                                    double *vix, double *viy, double *vjx, double *vjy,
                                    double ti, double tj, double t)
{
  double g = (*vjx - *vix) * nx + (*vjy - *viy) * ny, e = r->e, h;
  enum gr_edrule_cure cure = GR_EDRULE_AS_RULE;
  if (r->kind == GR_EDRULE_ELASTIC) {
    e = 1.0;
  } else if (r->tc > 0.0 && (t - ti < r->tc || t - tj < r->tc)) {
    e = 1.0;
    cure = GR_EDRULE_CURE_TC;
  } else if (r->vcut > 0.0 && fabs(g) < r->vcut) {
    e = 1.0;
    cure = GR_EDRULE_CURE_VCUT;
  }
  if (r->kind == GR_EDRULE_WILSON_CODE) {
    *vix = e * (*vix + g * nx);
    *viy = e * (*viy + g * ny);
    *vjx = e * (*vjx - g * nx);
    *vjy = e * (*vjy - g * ny);
  } else {
    h = 0.5 * (1.0 + e) * g;
    *vix += h * nx;
    *viy += h * ny;
    *vjx -= h * nx;
    *vjy -= h * ny;
  }
  return cure;
}

/* Eqs. (5)-(6) of section 2.4 with the exchange of normal components of
 * eqs. (3)-(4): v_i' = mu v_jn + v_it, v_j' = mu v_in + v_jt. */
void gr_edrule_text(double mu, double nx, double ny, double *vix, double *viy, double *vjx,
                    double *vjy)
{
  double vin = *vix * nx + *viy * ny, vjn = *vjx * nx + *vjy * ny;
  *vix += (mu * vjn - vin) * nx;
  *viy += (mu * vjn - vin) * ny;
  *vjx += (mu * vin - vjn) * nx;
  *vjy += (mu * vin - vjn) * ny;
}
