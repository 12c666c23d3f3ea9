/* granrepro physics: the vertical pipe of Buchholtz & Poeschel, Int. J.
 * Mod. Phys. C 4, 1049 (1993), section 4, Figs. 5-6: a 2D pipe, periodic
 * along its axis x (gravity along +x, "from left to right" in Fig. 6),
 * walls of fixed grains slightly smaller than the free ones (a rough
 * surface, Fig. 5) interacting by the same law (eqs. 17-21), Gaussian radii,
 * a homogeneous start.  The paper leaves the sizes open; struct
 * gr_bppipe_spec carries them (the experiment states its defaults).
 * Observables for the density waves: counts per bin along the pipe, the
 * dispersion index Var(n)/<n>, the structure factor at low k, and the
 * shift between density profiles that maximizes their correlation.
 */
#ifndef GR_BPPIPE_H
#define GR_BPPIPE_H

#include <gsl/gsl_rng.h>
#include <stddef.h>

#include "physics/bpsim.h"

struct gr_bppipe_spec {
  double r0;        /* mean radius of the free grains (m) */
  double spread;    /* standard deviation of the radii / r0 */
  double cut;       /* Gaussian truncated at r0 (1 +- cut spread) */
  double wall;      /* wall-grain radius / r0 */
  double density;   /* mass = density (4/3) pi r^3 (3D grains, Hertz) */
  double width;     /* distance of the two wall centre lines / r0 */
  double length;    /* pipe length / r0 (periodic) */
  double phi;       /* area fraction of the free grains between the walls */
  double jitter;    /* start: random shift of the grid sites / r0 */
};

/* Grains of the pipe: free ones first (nfree), then the wall; radii from
 * the Gaussian (rng), homogeneous start on a grid of nfree sites filling
 * the channel, at rest.  p gives the force law, time step, Gear order and
 * search (p->box is set here: x periodic, y walled).  0, 2 (the spec
 * leaves no room or breaks the radius window of section 2), 4. */
int gr_bppipe_init(struct gr_bpsim *s, struct gr_bpsim_params *p,
                   const struct gr_bppipe_spec *spec, gsl_rng *rng);

/* Counts of free grains in nb bins of equal length along the pipe
 * (positions folded into the period). */
void gr_bppipe_counts(const struct gr_bpsim *s, int nb, double *counts);

/* Var(n)/<n> of counts (1 for a Poisson gas, 0 for a lattice). */
double gr_bppipe_dispersion(const double *counts, int nb);

/* S(k) = |sum_j exp(i k x_j)|^2 / N at k = 2 pi m / L (free grains). */
double gr_bppipe_sk(const struct gr_bpsim *s, int m);

/* Shift (in bins, -nb/2 < shift <= nb/2) of profile b against a that
 * maximizes the circular correlation of their deviations from the mean;
 * *corr is the normalized correlation there. */
int gr_bppipe_shift(const double *a, const double *b, int nb, double *corr);

/* Speed (m/s) of the density pattern from profile a to profile b, taken
 * dt apart on the nb bins of gr_bppipe_counts in the pipe of spec: the
 * best shift (gr_bppipe_shift) times the length of one bin, over dt. */
double gr_bppipe_speed(const struct gr_bppipe_spec *spec, const double *a, const double *b,
                       int nb, double dt, double *corr);

#endif
