/* granrepro physics: a 3D event-driven engine for rough, inelastic,
 * rotating spheres under gravity on a vibrating plate, the model of
 * C. Bizon, M. D. Shattuck, J. B. Swift, W. D. McCormick & H. L. Swinney,
 * PRL 80, 57 (1998) (the goal of B. Wilson's thesis, UBC 2001, sections 1
 * and 6; the facts of the model: shared/papers/bizon-1998-vibrated-layer-facts.md).
 *
 *  - free flight: parabolas under gravity g along -z; spins constant;
 *  - pair events between parabolas: gravity cancels in the relative motion,
 *    so the meeting time is the root of a quadratic (as the 2D engine's);
 *  - normal restitution after Bizon et al.: e(v_n) = 1 - (1 - e0)(v_n/v0)^ex
 *    for v_n < v0, e0 above (continuous at v0, 1 as v_n -> 0);
 *  - Walton's tangential operator (O. R. Walton, in Particulate Two-Phase
 *    Flow, ed. M. C. Roco (1993), ch. 25): the contact's slip velocity u_t
 *    goes to -beta u_t, beta = beta0 (sticking) when
 *    mu (1 + e)(1 + 1/K) |u_n| / |u_t| >= 1 + beta0, else
 *    beta = -1 + mu (1 + e)(1 + 1/K) |u_n| / |u_t| (sliding, Coulomb);
 *    the same operator for pairs, the plate, the side walls and the lid;
 *  - the plate: infinite mass, surface z_p(t) = A sin(omega t + phase0)
 *    (GR_ED3_PLATE_SINE) or the piecewise parabola with acceleration
 *    -/+ A omega^2 in the two half cycles (GR_ED3_PLATE_PARABOLIC, closed
 *    form events); plate events are the earliest root of the gap function,
 *    guaranteed (ed3plate.h);
 *  - cells of at least the largest diameter in x, y and z (crossings are
 *    events), one event per sphere (its earliest), delayed states and
 *    hard-collision counters, and the 2D engine's future-event list over
 *    the spheres' events (edcq.h / edtree.h, reused unchanged),
 *    after Marin, Risso & Cordero (J. Comput. Phys. 109, 306 (1993)).
 *
 * Units are the caller's (the experiment uses sigma = g = m = 1).  Sphere
 * i has mass (r_i / radius)^3 (unit mass at the reference radius) and
 * moment of inertia K m_i r_i^2.  Radii are stored as floats (the value
 * used is (double)(float)r_i, read back by gr_ed3_radius), so that the
 * hot state of a sphere fits one cache line.
 *
 * Same parameters and initial state: same event sequence, same bytes.
 * Single-threaded; no I/O, no exit; every failure is a status.
 */
#ifndef GR_ED3_H
#define GR_ED3_H

#include "status.h"

enum gr_ed3_plate_kind {
  GR_ED3_PLATE_SINE = 0,      /* z_p = A sin(omega t + phase0) */
  GR_ED3_PLATE_PARABOLIC = 1  /* acceleration -A omega^2 then +A omega^2 per
                                 half cycle, the same zeros and Gamma */
};

/* The event counts of a run (processed events, not predictions). */
struct gr_ed3_counters {
  long long pair, plate, wall, lid; /* hard collisions by partner */
  long long cell;                   /* cell crossings (incl. periodic wraps) */
  long long horizon;                /* plate searches resumed at their horizon */
  long long stale;                  /* discarded pair events */
  long long overlaps;               /* contacts found overlapping beyond
                                       round-off (must stay 0; see gr_ed3_overlaps) */
  long long events;                 /* all processed events */
  double e_lost;                    /* kinetic (translational + rotational)
                                       energy removed by pair collisions */
};

struct gr_ed3_params {
  int n;                    /* spheres */
  double radius;            /* reference radius (unit mass) */
  const double *radii;      /* NULL: every sphere has `radius`; else n radii
                               (polydispersity), each in (0, 2 radius] */
  double lx, ly;            /* box [0, lx] x [0, ly] above the plate */
  int periodic;             /* 1: periodic in x and y; 0: solid side walls */
  double lid;               /* height of the lid (z of its lower face);
                               0 or +inf: no lid */
  double g;                 /* gravity along -z (>= 0) */
  double e0, v0, e_exp;     /* restitution law: e0 at and above v0, e_exp the
                               exponent (Bizon: 0.7, sqrt(g sigma), 3/4) */
  double mu, beta0, K;      /* Coulomb friction, tangential restitution in
                               [-1, 1], moment of inertia factor (2/5) */
  int plate;                /* enum gr_ed3_plate_kind */
  double amp, omega;        /* plate amplitude A >= 0 and angular frequency
                               omega > 0 (A = 0: a plate at rest at z = 0) */
  double phase0;            /* plate phase at t = 0 */
  double zgrid;             /* height of the celled region above the plate's
                               lowest point (0: chosen from n and the box);
                               with a lid the cells reach the lid */
  int queue;                /* enum gr_edmd_queue of edmd.h (0: by n) */
  double tc;                /* the TC model (Luding & McNamara, Granular
                               Matter 1, 113 (1998); option LUDING of Bizon's
                               1998 code): a collision within tc of either
                               partner's previous one is elastic and
                               smooth (e = 1, no tangential impulse), which
                               bounds the dissipation of a collapsing dense
                               cluster; 0: off */
  double ride_v;            /* plate contacts leaving slower than ride_v
                               (relative normal speed) take the plate's
                               velocity, and ride it while it pushes
                               (z_p'' > -g) until its acceleration falls
                               to -g: the completely inelastic ball's exact
                               rule (ed3ride.c); 0: off.  Needs n = 1 and
                               periodic sides (a riding sphere's pair and
                               wall events are not predicted) */
  long long max_events;     /* gr_ed3_advance stops with GR_EFAIL after this
                               many events in one call (0: no limit) */
};

struct gr_ed3; /* opaque */

/* Create at t = 0 from positions x, y, z (centres; inside the box, above
 * the plate and below the lid, no two overlapping), velocities v and spins
 * w (NULL: zero spin).  Arrays of length n.  Returns GR_OK and *out; else
 * GR_EINPUT (with a one-line message in msg[msglen] saying what is wrong)
 * or GR_ENOMEM, *out NULL. */
int gr_ed3_new(const struct gr_ed3_params *p, const double *x, const double *y,
               const double *z, const double *vx, const double *vy, const double *vz,
               const double *wx, const double *wy, const double *wz,
               struct gr_ed3 **out, char *msg, int msglen) GR_MUST_CHECK;
void gr_ed3_free(struct gr_ed3 *s);

/* Process every event at or before t (>= the current time) and set the
 * current time to t.  Returns GR_OK; GR_EFAIL when max_events was reached
 * (time then at the last event) or an overlap was met; GR_ENOMEM. */
int gr_ed3_advance(struct gr_ed3 *s, double t) GR_MUST_CHECK;

/* The next collision (pair, plate, side wall or lid) without processing
 * it: the events before it that change no trajectory (pair events gone
 * stale, cell crossings, plate-search horizons) are processed, so the
 * current time may advance (never past the collision).  *t its time, *i
 * the sphere and *j its partner (caller's indices; -1 for a surface).
 * GR_EFAIL when no collision is ahead.  For tests against brute force. */
int gr_ed3_peek(struct gr_ed3 *s, double *t, int *i, int *j) GR_MUST_CHECK;

/* Current time. */
double gr_ed3_time(const struct gr_ed3 *s);

/* The state of every sphere at the current time (positions in [0, lx) x
 * [0, ly) when periodic), into arrays of length n; any pointer may be
 * NULL.  The engine's delayed states are not changed by reading them. */
void gr_ed3_positions(const struct gr_ed3 *s, double *x, double *y, double *z);
void gr_ed3_velocities(const struct gr_ed3 *s, double *vx, double *vy, double *vz);
void gr_ed3_spins(const struct gr_ed3 *s, double *wx, double *wy, double *wz);
double gr_ed3_radius(const struct gr_ed3 *s, int i);

/* Plate height and velocity at time t (any t). */
double gr_ed3_plate_z(const struct gr_ed3 *s, double t);
double gr_ed3_plate_v(const struct gr_ed3 *s, double t);

/* Event counts so far. */
struct gr_ed3_counters gr_ed3_counters(const struct gr_ed3 *s);

/* Full check at the current time: pairs closer than (r_i + r_j)(1 - tol)
 * and spheres below the plate, above the lid or out of the walls by more
 * than tol r_i.  Returns their number (and adds it to the overlaps counter). */
long long gr_ed3_overlaps(struct gr_ed3 *s, double tol);

/* Kinetic energy (translational + rotational) and the potential energy
 * m g z summed over spheres at the current time. */
double gr_ed3_energy(const struct gr_ed3 *s);

#endif
