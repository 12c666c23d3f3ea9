/* granrepro physics: the completely inelastic ball on a sinusoidal plate
 * (Mehta & Luck, PRL 65, 393 (1990); Melo, Umbanhowar & Swinney, PRL 75,
 * 3838 (1995), the model of a vibrated layer's centre of mass used by
 * Bizon et al., PRL 80, 57 (1998)).
 *
 * Units: phase phi = omega t, heights in g / omega^2, so the plate is
 * z_p = Gamma sin(phi) with Gamma = A omega^2 / g and gravity is 1.  A
 * ball resting on the plate takes off when the plate's acceleration
 * reaches -g (Gamma sin(phi) = 1, rising through it), flies on a parabola
 * with the plate's position and velocity at take-off, lands at the first
 * zero of the gap
 *   h(s) = Gamma sin(phi) + Gamma cos(phi) s - s^2 / 2 - Gamma sin(phi + s)
 * (s > 0), takes the plate's velocity there (restitution 0) and either
 * leaves again at once (the plate accelerates down faster than g:
 * Gamma sin(psi) >= 1) or sticks until the next take-off phase.
 *
 * The landing is the earliest root, guaranteed: |h''| <= 1 + Gamma bounds
 * h below on any interval by its end values minus (1 + Gamma) w^2 / 8, so
 * intervals that cannot hold a zero are dropped and the first one that
 * can is split until the zero is bracketed, then bisected to round-off.
 */
#ifndef GR_BALLMAP_H
#define GR_BALLMAP_H

#include <stddef.h>

#include "status.h"

/* One flight: take-off phase phi (reduced to [0, 2 pi)), flight length s
 * (phase), 1 when the landing sticks (then stick is the phase spent on the
 * plate before the next take-off), else 0. */
struct gr_ball_flight {
  double phi, s, stick;
  int sticks;
};

/* The take-off phase from rest, arcsin(1 / Gamma) (Gamma > 1). */
double gr_ball_takeoff_phase(double gamma);

/* The gap h(s) above for a take-off at phi. */
double gr_ball_gap(double gamma, double phi, double s);

/* The earliest landing s > 0 of a take-off at phi, where
 * Gamma sin(phi) >= 1; GR_EINPUT when Gamma <= 1, phi is no take-off
 * phase or an argument is not finite. */
int gr_ball_land(double gamma, double phi, double *s) GR_MUST_CHECK;

/* From a flight's take-off at phi: fill f (its landing, sticking) and the
 * next take-off phase *next (reduced to [0, 2 pi)). */
int gr_ball_step(double gamma, double phi, struct gr_ball_flight *f, double *next) GR_MUST_CHECK;

/* Iterate from rest on the plate (take-off at arcsin(1 / Gamma)): skip
 * `transient` flights, then record n flights in f. */
int gr_ball_orbit(double gamma, size_t transient, struct gr_ball_flight *f, size_t n) GR_MUST_CHECK;

/* Period of a recorded orbit: the least p <= n / 2 with every take-off
 * phase within tol of the one p flights later (on the circle) over the
 * whole record; *cycles the plate cycles those p flights span (flight plus
 * sticking over 2 pi, rounded).  *p = 0 when none (chaos or too short). */
void gr_ball_period(const struct gr_ball_flight *f, size_t n, double tol, size_t *p,
                    long *cycles);

/* Derivative of the landing phase psi with respect to the take-off phase
 * phi for a flight of length s (implicit differentiation of h(s) = 0):
 *   dpsi/dphi = s (1 - Gamma sin phi) / (s + Gamma cos(phi + s) - Gamma cos phi).
 * The map's multiplier when the landing leaves at once; 0 when it sticks. */
double gr_ball_dpsi(double gamma, double phi, double s);

/* The motion's period in plate cycles at Gamma: iterate from rest,
 * `transient` flights, then gr_ball_period over n (<= 512) flights with
 * tolerance tol; 0 when no period up to n / 2 flights is found. */
int gr_ball_cycles(double gamma, size_t transient, size_t n, double tol, long *cycles) GR_MUST_CHECK;

/* Bisection on the map's period: the Gamma in [lo, hi] where the period in
 * plate cycles first exceeds `below` (the period at lo must be `below`, at
 * hi larger), to width `width`.  GR_EINPUT when the ends do not bracket. */
int gr_ball_bisect_period(double lo, double hi, long below, size_t transient, double tol,
                          double width, double *gamma) GR_MUST_CHECK;

#endif
