/* granrepro physics: period-map theory of collapse patterns (see
 * chaintheory.h). */
#include "physics/chaintheory.h"

#include <math.h>
#include <string.h>

#include "status.h"

/* m <- C_i(e) m, the collision matrix of pair i applied on the left. */
static void theory_apply(double e, int i, double m[9])
{
  double h = 0.5 * (1.0 + e), row[3];
  int k;
  for (k = 0; k < 3; k++)
    row[k] = m[3 * i + k];
  for (k = 0; k < 3; k++) {
    m[3 * i + k] = -e * row[k];
    if (i > 0)
      m[3 * (i - 1) + k] += h * row[k];
    if (i < 2)
      m[3 * (i + 1) + k] += h * row[k];
  }
}

void gr_chaintheory_period_matrix(double e, const int *pattern, int len,
                                  double m[9])
{
  int j;
  memset(m, 0, 9 * sizeof m[0]);
  m[0] = m[4] = m[8] = 1.0;
  for (j = 0; j < len; j++)
    theory_apply(e, pattern[j], m);
}

double gr_chaintheory_discriminant(double e, const int *pattern, int len)
{
  double m[9], tr, c2, det, b, c, d;
  gr_chaintheory_period_matrix(e, pattern, len, m);
  tr = m[0] + m[4] + m[8];
  c2 = m[0] * m[4] - m[1] * m[3] + m[0] * m[8] - m[2] * m[6] + m[4] * m[8] - m[5] * m[7];
  det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
        m[2] * (m[3] * m[7] - m[4] * m[6]);
  /* lambda^3 + b lambda^2 + c lambda + d */
  b = -tr;
  c = c2;
  d = -det;
  return 18.0 * b * c * d - 4.0 * b * b * b * d + b * b * c * c - 4.0 * c * c * c - 27.0 * d * d;
}

/* Normal moments of X = (1 + e) / 2, cubed (see chaintheory.h). */
void gr_chaintheory_v4_moments(double mu, double sigma, double *m, double *sd)
{
  double a = 0.5 * (1.0 + mu), b = 0.5 * sigma, a2 = a * a, b2 = b * b;
  double m3 = a * a2 + 3.0 * a * b2;
  double m6 = a2 * a2 * a2 + 15.0 * a2 * a2 * b2 + 45.0 * a2 * b2 * b2 + 15.0 * b2 * b2 * b2;
  *m = m3;
  *sd = sqrt(fmax(m6 - m3 * m3, 0.0));
}

/* Newton on (mu, sigma) -> (mean, sd) of v4 (see chaintheory.h). */
int gr_chaintheory_v4_infer(double m, double s, double *mu, double *sigma)
{
  double x = 0.5, y = 0.05, f1, f2, a, b, c, d, g1, g2, h = 1e-7, det;
  int it, rc = GR_EFAIL;
  for (it = 0; it < 50; it++) {
    gr_chaintheory_v4_moments(x, y, &f1, &f2);
    f1 -= m;
    f2 -= s;
    gr_chaintheory_v4_moments(x + h, y, &a, &c);
    gr_chaintheory_v4_moments(x, y + h, &b, &d);
    a = (a - m - f1) / h; c = (c - s - f2) / h;
    b = (b - m - f1) / h; d = (d - s - f2) / h;
    det = a * d - b * c;
    g1 = (d * f1 - b * f2) / det;
    g2 = (a * f2 - c * f1) / det;
    x -= g1;
    y -= g2;
    if (fabs(g1) + fabs(g2) < 1e-15) {
      rc = GR_OK;
      break;
    }
  }
  *mu = x;
  *sigma = y;
  return rc;
}
