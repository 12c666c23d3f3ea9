/* granrepro physics: the contact force of Buchholtz & Poeschel (1993),
 * eqs. 16-21; the pair function is inline in bpforce.h. */
#include "status.h"
#include "physics/bpforce.h"

#include <math.h>

/* Eqs. 18-19's constants and the multipliers of the printed readings. */
int gr_bpforce_init(struct gr_bpforce *p, double kn, double gn, double gs,
                    double mu, int variants)
{
  const int all = GR_BPFORCE_EQ18_SIGN | GR_BPFORCE_EQ18_VECTOR |
                  GR_BPFORCE_EQ19_MIN | GR_BPFORCE_EQ20_ROT |
                  GR_BPFORCE_EQ14_TANGENT;
  if (!(kn >= 0.0 && gn >= 0.0 && gs >= 0.0 && mu >= 0.0) || !isfinite(kn) ||
      !isfinite(gn) || !isfinite(gs) || !isfinite(mu) || (variants & ~all) != 0)
    return GR_EINPUT;
  p->kn = kn;
  p->gn = gn;
  p->gs = gs;
  p->mu = mu;
  p->variants = variants;
  p->damp_sign = (variants & GR_BPFORCE_EQ18_SIGN) ? 1.0 : -1.0;
  p->damp_full = (variants & GR_BPFORCE_EQ18_VECTOR) ? 1.0 : 0.0;
  p->min_printed = (variants & GR_BPFORCE_EQ19_MIN) ? 1.0 : 0.0;
  p->rot_i = (variants & GR_BPFORCE_EQ20_ROT) ? 1.0 : -1.0;
  p->rot_j = -1.0;
  p->tan_sign = (variants & GR_BPFORCE_EQ14_TANGENT) ? -1.0 : 1.0;
  return GR_OK;
}

/* Integral of the Hertz term of eq. 18: k_N xi^2.5 / 2.5. */
double gr_bpforce_energy(const struct gr_bpforce *p, double xi)
{
  return xi > 0.0 ? p->kn * xi * xi * sqrt(xi) / 2.5 : 0.0;
}

/* Names used in the variant table of the report. */
const char *gr_bpforce_variant_name(int bit)
{
  switch (bit) {
  case 0: return "consistent";
  case GR_BPFORCE_EQ18_SIGN: return "eq18-sign";
  case GR_BPFORCE_EQ18_VECTOR: return "eq18-vector";
  case GR_BPFORCE_EQ19_MIN: return "eq19-min";
  case GR_BPFORCE_EQ20_ROT: return "eq20-rotation";
  case GR_BPFORCE_EQ14_TANGENT: return "eq14-tangent";
  default: return "combined";
  }
}
