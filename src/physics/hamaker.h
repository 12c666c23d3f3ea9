/* granrepro physics: numerical Hamaker integrals, the check of the
 * derivation in Sweetman 2003, section 5.2 (after Israelachvili 1992,
 * ch. 10-11).  The pair potential w(r) = C / r^n (eq. 5.8; the
 * Lennard-Jones potential of eq. 5.1 is the sum of n = 6 and n = 12 terms)
 * is integrated with GSL adaptive quadrature over
 *   - a molecule and a half-space wall (eq. 5.9-5.11),
 *   - a sphere and a wall, exactly, i.e. eq. 5.12 without the chord and
 *     upper-limit approximations of eq. 5.13 (eq. 5.14, 5.20, 5.21),
 *   - two walls, per unit area (eq. 5.15-5.17),
 *   - two equal spheres, exactly (shell decomposition; the reference for
 *     the Derjaguin result eq. 5.27-5.28).
 * Units: number density rho = 1 and C = 1, so the Hamaker constant of
 * eq. 5.19 is A = pi^2.  Forces are F = -dU/dalpha (positive = repulsive
 * for C > 0).  Every function returns 0 or a GSL status and the estimate
 * in *val.
 *
 * While a gr_hamaker object lives, GSL's aborting error handler is off
 * (failures come back as status codes); gr_hamaker_free restores the
 * handler that was in place before gr_hamaker_new.
 */
#ifndef GR_HAMAKER_H
#define GR_HAMAKER_H

#include "status.h"

struct gr_hamaker;

/* Workspaces for nested quadrature; NULL when out of memory.  nested = 1
 * computes the molecule-wall potential numerically (eq. 5.9) inside the
 * sphere-wall and wall-wall integrals; nested = 0 uses its closed form
 * eq. 5.11 there (after gr_hamaker_molecule_wall has checked it). */
struct gr_hamaker *gr_hamaker_new(double epsrel, int nested);
void gr_hamaker_free(struct gr_hamaker *h);

/* Eq. 5.9: molecule at distance alpha from a wall, double quadrature. */
int gr_hamaker_molecule_wall(struct gr_hamaker *h, int n, double alpha,
                             double *val) GR_MUST_CHECK;

/* Eq. 5.12 exactly: sphere of radius r at distance alpha from a wall. */
int gr_hamaker_sphere_wall(struct gr_hamaker *h, int n, double r,
                           double alpha, double *val) GR_MUST_CHECK;

/* -d/dalpha of eq. 5.12 (force, sphere and wall), by quadrature of the
 * molecule-wall force (eq. 5.10's integrand) over the sphere. */
int gr_hamaker_sphere_wall_force(struct gr_hamaker *h, int n, double r,
                                 double alpha, double *val) GR_MUST_CHECK;

/* Eq. 5.16: two walls at distance alpha, energy per unit area. */
int gr_hamaker_wall_wall(struct gr_hamaker *h, int n, double alpha,
                         double *val) GR_MUST_CHECK;

/* Two equal spheres of radius r, surfaces alpha apart: potential and
 * force by quadrature over pairs of concentric shells (shell theorem). */
int gr_hamaker_sphere_sphere(struct gr_hamaker *h, int n, double r,
                             double alpha, double *val) GR_MUST_CHECK;
int gr_hamaker_sphere_sphere_force(struct gr_hamaker *h, int n, double r,
                                   double alpha, double *val) GR_MUST_CHECK;

/* Closed forms the quadratures are compared with (rho = C = 1):
 * eq. 5.11, 5.14, 5.17, and the force of eq. 5.14 (-dU/dalpha). */
double gr_hamaker_eq511(int n, double alpha);
double gr_hamaker_eq514(int n, double r, double alpha);
double gr_hamaker_eq514_force(int n, double r, double alpha);
double gr_hamaker_eq517(int n, double alpha);

/* Hamaker's exact n = 6 results (Israelachvili 1992, table 11.1) with
 * C = 1: sphere-wall and equal spheres (surface gap alpha). */
double gr_hamaker_exact6_sphere_wall(double r, double alpha);
double gr_hamaker_exact6_sphere_sphere(double r, double alpha);

#endif
