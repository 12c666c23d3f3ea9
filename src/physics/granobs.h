/* granrepro physics: observables and kinetic theory of a 2D gas of equal
 * hard disks (unit mass), used to turn the "clumping" of Wilson 2001
 * (section 3) into numbers.
 *
 *  - contact value of the pair correlation, Henderson's equation of state
 *    (Mol. Phys. 30, 971 (1975)): g(d) = (1 - 7 phi / 16) / (1 - phi)^2;
 *  - Enskog collision frequency per disk in 2D: omega = 2 n d g(d) sqrt(pi T)
 *    with T = <|v - V|^2> / 2 the granular temperature (per degree of
 *    freedom) and n the number density;
 *  - Haff's law for homogeneous cooling: T(t) = T0 / (1 + t / t0)^2, with
 *    1/t0 = (1 - e^2) omega0 / 4 for normal restitution e (energy lost per
 *    collision (1 - e^2) <g_n^2> / 4 and <g_n^2> = 4 T over collisions in a
 *    Maxwellian gas), and 1/t0 = 5 (1 - mu^2) omega0 / 8 for Wilson's code
 *    rule, which removes (1 - mu^2) of the pair's whole kinetic energy,
 *    <G^2 + g^2/4> = 5 T / 2 over collisions;
 *  - a clustering index: variance over mean of the disk counts in an m x m
 *    grid of boxes (1 for independent points, below 1 for an elastic
 *    hard-disk fluid, above 1 when the disks clump).
 */
#ifndef GR_GRANOBS_H
#define GR_GRANOBS_H

#include "physics/edrule.h"

/* Henderson's contact value g(d) at area fraction phi. */
double gr_granobs_contact_g(double phi);

/* Enskog collision frequency per disk: density n, diameter d, temperature T. */
double gr_granobs_enskog(double n, double d, double T);

/* Haff's t0 for a rule (inf for elastic) from the initial frequency omega0. */
double gr_granobs_haff_t0(const struct gr_edrule *r, double omega0);

/* Haff's law T0 / (1 + t / t0)^2. */
double gr_granobs_haff(double T0, double t0, double t);

/* Granular temperature <|v - V|^2> / 2 of n velocities. */
double gr_granobs_temperature(const double *vx, const double *vy, int n);

/* Variance over mean of the counts of n points in an m x m grid of boxes
 * over [0, lx] x [0, ly]; counts is scratch space for m * m ints. */
double gr_granobs_cluster_index(const double *x, const double *y, int n,
                                double lx, double ly, int m, int *counts);

#endif
