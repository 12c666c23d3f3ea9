/* granrepro physics: the criteria that decide the qualitative claims of
 * Greenspan & Rosati, "Computer Generation of Particle Solids" (UW-Madison
 * CS TR 273, 1976), Sections 4-6 (tests/check_psclaim.c shows on synthetic
 * data that each can pass and fail).
 *
 * "Changes in position coordinates in only the third decimal place"
 * (Section 4) and "most position coordinates were changing in the third
 * decimal place only, a few still showed changes in the second" (Section
 * 5): the change of a coordinate is its range (max - min) over a window
 * of states; a change d shows in decimal place p when 10^-p <= d <
 * 10^-(p-1) (d = 0.004: the third; 0.04: the second), whatever digits it
 * happens to flip.  Over the 2n coordinates of a body: the coarsest place
 * (of the largest change) and the upper median place (more than half of
 * the coordinates change in that place or a finer one).
 *
 * "Physical instability" (Section 6): the body does not hold together: a
 * coordinate became non-finite, a particle has no other within the
 * cutoff (it left the body: no force but gravity acts on it), or two
 * particles are closer than an overlap distance (one passed into the
 * other's repulsive core, which the body's kinetic energy cannot reach:
 * only a numerical blow-up gets there).
 *
 * The words: "a few" of n is 1 to n/4 (rounded down); "often" k of n runs
 * is at least a quarter (k >= ceil(n/4)); "yielded instability", of a set
 * run from several starts, at least half of them (k >= ceil(n/2)).
 */
#ifndef GR_PSCLAIM_H
#define GR_PSCLAIM_H

#include <stddef.h>

/* Places 0 (units and above) .. GR_PSCLAIM_PMAX; a change below
 * 10^-GR_PSCLAIM_PMAX (none in double's digits of a coordinate near 1
 * worth counting, 0 included) is place GR_PSCLAIM_NONE. */
#define GR_PSCLAIM_PMAX 9
#define GR_PSCLAIM_NONE (GR_PSCLAIM_PMAX + 1)

/* The decimal place in which a change of size d shows (above); NaN and
 * infinity are place 0 (the coarsest). */
int gr_psclaim_place(double d);

/* Reset the ranges of a window (lo = +inf, hi = -inf) of n particles:
 * lo[0..2n-1], hi[0..2n-1], x of particles 0..n-1 then y. */
void gr_psclaim_range_reset(size_t n, double *lo, double *hi);

/* Widen the ranges by one state. */
void gr_psclaim_range_add(size_t n, const double *x, const double *y, double *lo, double *hi);

/* The places of the changes of a window of n particles (ranges of
 * gr_psclaim_range_add; an empty window counts as no change). */
struct gr_psclaim_places {
  size_t ncoord;                      /* 2n */
  int coarsest;                       /* place of the largest change */
  int median;                         /* upper median: > half at this place or finer */
  double largest;                     /* the largest change */
  size_t count[GR_PSCLAIM_NONE + 1];  /* coordinates by place */
};
void gr_psclaim_places(size_t n, const double *lo, const double *hi, struct gr_psclaim_places *out);

/* Coordinates that change in place p or a coarser one (by 10^-p or more). */
size_t gr_psclaim_count_coarse(const struct gr_psclaim_places *pl, int place);

/* The words: largest count that is "a few" of n (n / 4), smallest that is
 * "often" (ceil(n / 4)), smallest that is "at least half" (ceil(n / 2)). */
size_t gr_psclaim_few_max(size_t n);
size_t gr_psclaim_often_min(size_t n);
size_t gr_psclaim_half_min(size_t n);

/* The state of a body of n particles (above). */
enum gr_psclaim_state {
  GR_PSCLAIM_HELD = 0,
  GR_PSCLAIM_DIVERGED,  /* a non-finite coordinate */
  GR_PSCLAIM_DETACHED,  /* a particle with no other within detach */
  GR_PSCLAIM_OVERLAP    /* a pair closer than overlap */
};
int gr_psclaim_state(size_t n, const double *x, const double *y, double detach, double overlap);

/* The same, with the particle that failed in *who (0-based: the first
 * detached one, or the first of the overlapping pair; n when held or
 * diverged). */
int gr_psclaim_state_who(size_t n, const double *x, const double *y, double detach, double overlap,
                         size_t *who);

/* The smallest distance between two of n particles (infinity for n < 2). */
double gr_psclaim_closest(size_t n, const double *x, const double *y);

/* The distance below which one bond of the law m^2 (H / r^alpha - G /
 * r^beta) is beyond the leap-frog's stability limit omega dt = 2, omega^2
 * = 2 |F'(r)| / m (a pair, reduced mass m/2): the r in (0, r0] with
 * 2 |F'(r)| dt^2 / m = 4, r0 = (H/G)^(1/(alpha - beta)) the rest length
 * (r0 itself when the bond is unstable there already; |F'| decreases on
 * (0, r0]).  NaN for alpha <= beta or G, H, m, dt not positive. */
double gr_psclaim_leapfrog_limit(int alpha, int beta, double G, double H, double m, double dt);

/* "held", "diverged", "detached", "overlap". */
const char *gr_psclaim_state_name(int state);

#endif
