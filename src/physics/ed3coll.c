/* granrepro physics: Bizon's restitution and Walton's tangential operator
 * for spheres (Bizon et al., PRL 80, 57 (1998); Walton 1993, ch. 25).
 * See ed3coll.h for the equations. */
#include "physics/ed3coll.h"

#include <math.h>
#include <stddef.h>

/* Bizon et al.: e = 1 - (1 - e0)(u_n / v0)^ex below v0, e0 above. */
double gr_ed3_restitution(const struct gr_ed3_law *law, double un)
{
  if (un >= law->v0)
    return law->e0;
  return 1.0 - (1.0 - law->e0) * pow(un / law->v0, law->ex);
}

int gr_ed3_collide(const struct gr_ed3_law *law, const double n[3],
                   double ima, double ra, double va[3], double wa[3],
                   double imb, double rb, double vb[3], double wb[3], double *beta_out)
{
  double u[3], ut[3], un, ust, e, beta = -1.0, jn, jt, im = ima + imb, j[3], nj[3], c;
  int k, regime = GR_ED3_STICK;
  /* u = v_a - v_b + (r_a w_a + r_b w_b) x n */
  double sw[3];
  for (k = 0; k < 3; k++)
    sw[k] = ra * wa[k] + (imb > 0.0 ? rb * wb[k] : 0.0);
  u[0] = va[0] - vb[0] + sw[1] * n[2] - sw[2] * n[1];
  u[1] = va[1] - vb[1] + sw[2] * n[0] - sw[0] * n[2];
  u[2] = va[2] - vb[2] + sw[0] * n[1] - sw[1] * n[0];
  un = u[0] * n[0] + u[1] * n[1] + u[2] * n[2];
  if (beta_out != NULL)
    *beta_out = 0.0;
  if (!(un > 0.0))
    return GR_ED3_NONE;
  for (k = 0; k < 3; k++)
    ut[k] = u[k] - un * n[k];
  ust = sqrt(ut[0] * ut[0] + ut[1] * ut[1] + ut[2] * ut[2]);
  e = gr_ed3_restitution(law, un);
  if (ust > 0.0) {
    c = law->mu * (1.0 + e) * (1.0 + 1.0 / law->K) * un / ust;
    if (c >= 1.0 + law->beta0) {
      beta = law->beta0;
    } else {
      beta = c - 1.0;
      regime = GR_ED3_SLIDE;
    }
  }
  if (beta_out != NULL)
    *beta_out = beta;
  jn = -(1.0 + e) * un / im;
  jt = -(1.0 + beta) / (im * (1.0 + 1.0 / law->K));
  for (k = 0; k < 3; k++)
    j[k] = jn * n[k] + jt * ut[k];
  nj[0] = n[1] * j[2] - n[2] * j[1];
  nj[1] = n[2] * j[0] - n[0] * j[2];
  nj[2] = n[0] * j[1] - n[1] * j[0];
  for (k = 0; k < 3; k++) {
    va[k] += ima * j[k];
    wa[k] += ima / (law->K * ra) * nj[k];
    if (imb > 0.0) {
      vb[k] -= imb * j[k];
      wb[k] += imb / (law->K * rb) * nj[k];
    }
  }
  return regime;
}
