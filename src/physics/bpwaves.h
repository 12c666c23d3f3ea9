/* granrepro physics: the criteria that decide the density-wave claims of
 * Buchholtz & Poeschel, Int. J. Mod. Phys. C 4, 1049 (1993), section 4:
 * "These density waves are of no definite wavelength.  The distances
 * between the density maxima vary irregularly with time and depend
 * strongly on the initial conditions."  Each criterion works on density
 * profiles (grain counts on nb equal bins along the periodic pipe), and
 * synthetic profiles of the alternatives it must reject (a definite
 * wave; identical starts) and of the claim (irregular clusters) let a
 * Monte Carlo measure its power (tests/check_bpwaves.c and the
 * experiment's notes).
 */
#ifndef GR_BPWAVES_H
#define GR_BPWAVES_H

#include <gsl/gsl_rng.h>
#include <stddef.h>

#include "status.h"

/* The criteria's bounds, fixed from the Monte Carlo on synthetic profiles
 * before they were applied to the pipe: "no definite wavelength" holds
 * when the mode share is below SHARE_MAX, "depend on the start" when the
 * mode agreement is below AGREE_MAX. */
#define GR_BPWAVES_SHARE_MAX 0.9
#define GR_BPWAVES_AGREE_MAX 0.8

/* Circular box smoothing over 2 w + 1 bins. */
void gr_bpwaves_smooth(const double *c, int nb, int w, double *out);

/* Spacings (in bins) between the density maxima of a profile p of nb
 * bins, circularly: the maxima are the bins above the mean that exceed
 * their left neighbour and are not below their right one; the spacings
 * between successive maxima, then the one that closes the circle, are
 * appended to the array *sp of *len values and *cap capacity (grown with
 * realloc; *sp = NULL, *len = *cap = 0 to start; the caller frees it).
 * GR_OK, GR_EINPUT (nb < 1), GR_ENOMEM (the values so far kept). */
int gr_bpwaves_spacings(const double *p, int nb, double **sp, size_t *len, size_t *cap) GR_MUST_CHECK;

/* Dominant wave number of a profile: the m in 1..mmax with the largest
 * |sum_j c_j exp(-2 pi i m j / nb)|^2 (the lowest such m on ties). */
int gr_bpwaves_mode(const double *c, int nb, int mmax);

/* "No definite wavelength": the share of the nprof profiles (rows of nb)
 * whose dominant mode is the most common one (1 for a definite wave), in
 * *share.  GR_OK, GR_EINPUT (nprof, nb or mmax < 1), GR_ENOMEM. */
int gr_bpwaves_mode_share(const double *prof, int nprof, int nb, int mmax,
                          double *share) GR_MUST_CHECK;

/* "Depend on the initial conditions": profiles prof[(s nrec + k) nb + j]
 * of nseed starts at the same nrec times; the share of (pair of starts,
 * time) whose dominant modes (1..mmax) agree: 1 for identical starts and
 * for a definite wave, sum_m p_m^2 for independent starts whose dominant
 * mode is m with probability p_m.  Translations do not count: the
 * distances between the maxima are what the claim speaks of.  In *agree;
 * GR_OK, GR_EINPUT (nseed < 2, nrec, nb or mmax < 1), GR_ENOMEM. */
int gr_bpwaves_mode_agreement(const double *prof, int nseed, int nrec, int nb, int mmax,
                              double *agree) GR_MUST_CHECK;

/* Synthetic data for the power of the two criteria. */
enum gr_bpwaves_alt {
  GR_BPWAVES_DEFINITE,  /* one wave m (1..mmax/2, per draw), modulation a, phase per start, drifting */
  GR_BPWAVES_IRREGULAR, /* independent irregular clusters per start and time (the claim) */
  GR_BPWAVES_IDENTICAL  /* irregular, but the same density for every start (identical starts) */
};

/* Monte Carlo: reps draws of nseed x nrec profiles of n grains on nb
 * bins of the alternative alt; out[0] the share of draws with mode share
 * < share_max ("no definite wavelength" holds), out[1] the share with
 * mode agreement < agree_max ("depends on the start" holds).  a: the
 * definite wave's modulation; kmax, wmin, wmax: the clusters.  The call
 * takes one number from rng and seeds draw r's own generator (rng's type)
 * from it and r, so the draws go on all OpenMP threads with the same
 * shares whatever their number.  GR_OK, GR_EINPUT, GR_ENOMEM. */
int gr_bpwaves_power(gsl_rng *rng, enum gr_bpwaves_alt alt, int n, int nb, int nseed, int nrec,
                     int mmax, int reps, double a, double share_max, double agree_max,
                     double out[2]);

/* Synthetic profiles: n grains dropped on nb bins with density
 * 1 + a cos(2 pi m x + phase) (x in [0, 1), a definite wave) ... */
void gr_bpwaves_definite(gsl_rng *rng, int n, int nb, int m, double a, double phase,
                         double *counts);

/* ... or on a background of 0.1 plus 1 to kmax Gaussian clusters at
 * random places with random heights (0.5 to 1.5) and widths (wmin to wmax,
 * fractions of the pipe): waves of no definite wavelength. */
void gr_bpwaves_irregular(gsl_rng *rng, int n, int nb, int kmax, double wmin, double wmax,
                          double *counts);

#endif
