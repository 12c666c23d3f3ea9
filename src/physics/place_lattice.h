/* granrepro physics: particles placed on a simple cubic lattice, the peer
 * case of Sweetman 2003, chapter 4 (issue 5): a random subset of the sites
 * of a k x k x k lattice filled, each particle displaced uniformly within a
 * cube about its site; copies of a configuration moved by a small uniform
 * displacement (successive rebuilds of a DEM run); and Gaussian velocities.
 * Every draw comes from the caller's generator, in a documented order, so a
 * fixed generator gives the same configuration bit for bit. */
#ifndef GR_PLACE_LATTICE_H
#define GR_PLACE_LATTICE_H

#include "status.h"

#include <gsl/gsl_rng.h>
#include <stddef.h>

/* Sites per axis for n particles filling a fraction fill (0 < fill <= 1)
 * of the sites: k = ceil(cbrt(n / fill)), raised until k^3 >= n. */
size_t gr_place_lattice_sites(size_t n, double fill);

/* Place n particles on k = gr_place_lattice_sites(n, fill) sites per axis
 * of spacing a: site t (x fastest, then y, then z) is filled with
 * probability (still needed) / (sites left), Knuth's selection sampling
 * (algorithm S), so the particles come in lattice-site order; a filled
 * site's three coordinates (c + 1/2) a + jitter (2u - 1) follow its test
 * draw.  x gets 3n coordinates; *k (may be NULL) the sites per axis.
 * GR_EINPUT unless a > 0, 0 <= jitter, 0 < fill <= 1. */
int gr_place_lattice_jitter(gsl_rng *rng, size_t n, double a, double fill,
                            double jitter, double *x, size_t *k) GR_MUST_CHECK;

/* out[i] = x[i] + move (2u - 1) for i < m, one draw per coordinate in
 * order: a configuration moved by up to move per component. */
void gr_place_lattice_moved(gsl_rng *rng, const double *x, size_t m,
                            double move, double *out);

/* v[i] = Gaussian of standard deviation sigma (gsl_ran_gaussian), i < m:
 * Maxwellian velocities of sigma per component. */
void gr_place_lattice_gauss(gsl_rng *rng, double *v, size_t m, double sigma);

#endif
