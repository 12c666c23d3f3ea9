/* granrepro physics: period-map theory of collapse patterns (see
 * chaintheory.h). */
#include "physics/chaintheory.h"

#include <string.h>

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
