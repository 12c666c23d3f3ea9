/* granrepro physics: linear theory of a repeating collision pattern in a
 * row of equal spheres (after McNamara & Young, Phys. Fluids A 4 (1992)
 * 496, applied to the ARGESIM C12 four-sphere row).
 *
 * A collision of pair i acts linearly on the closing speeds w (chain.h):
 * w_i -> -e w_i, w_{i+-1} -> w_{i+-1} + (1+e)/2 w_i.  Over one period of a
 * repeating pattern the speeds are multiplied by the product M(e) of these
 * matrices.  An inelastic collapse along the pattern needs the orbit to
 * settle on a real eigenvector; where two eigenvalues of M(e) merge and turn
 * complex the orbit starts to rotate and the collapse ends.  For a 4-sphere
 * row (3x3 M) that happens where the discriminant of the characteristic
 * cubic changes sign.
 */
#ifndef GR_CHAINTHEORY_H
#define GR_CHAINTHEORY_H

#include "status.h"

/* M(e) for the pattern (pairs 0..2 of a four-sphere row), row-major 3x3. */
void gr_chaintheory_period_matrix(double e, const int *pattern, int len,
                                  double m[9]);

/* Discriminant of det(lambda I - M(e)): > 0 three distinct real
 * eigenvalues, < 0 a complex pair. */
double gr_chaintheory_discriminant(double e, const int *pattern, int len);

/* Task c2 of C12: for e >= 0.268 the final v4 of the C12 row is
 * ((1+e)/2)^3 exactly (only the first three collisions reach sphere 4).
 * Mean *m and standard deviation *sd of that v4 for e ~ N(mu, sigma):
 * with X = a + bZ, a = (1+mu)/2, b = sigma/2, E X^3 = a^3 + 3ab^2 and
 * E X^6 = a^6 + 15a^4b^2 + 45a^2b^4 + 15b^6 (normal moments). */
void gr_chaintheory_v4_moments(double mu, double sigma, double *m, double *sd);

/* The inverse: (mu, sigma) whose v4 has mean m and standard deviation sd
 * (Newton from (0.5, 0.05) with a forward-difference Jacobian, step 1e-7;
 * the map is smooth and nearly diagonal).  GR_EFAIL when 50 steps do not
 * bring the step below 1e-15 (the last iterate is still returned). */
int gr_chaintheory_v4_infer(double m, double sd, double *mu, double *sigma) GR_MUST_CHECK;

#endif
