/* granrepro physics: a row of equal hard spheres on a line, solved event by
 * event (ARGESIM C12, "Collision processes in rows of spheres"; the FORTRAN
 * solution by Willensdorfer & Breitenecker, SNE 31).
 *
 * Between collisions the spheres fly freely; a collision of neighbours i,
 * i+1 conserves momentum and reverses their closing speed scaled by the
 * restitution coefficient e (Newton's law).  The state is held in relative
 * coordinates, gaps y_i and closing speeds w_i = v_i - v_{i+1}, plus the
 * conserved centre-of-mass velocity, each set scaled by an exact power of
 * two.  Collision times then keep full relative precision however small the
 * gaps and speeds become, which is what lets the solver follow an inelastic
 * collapse (infinitely many collisions in finite time) far enough to
 * recognise it instead of looping on round-off.
 */
#ifndef GR_CHAIN_H
#define GR_CHAIN_H

#include "status.h"

#define GR_CHAIN_MAX 16   /* most spheres in a row */
#define GR_CHAIN_HIST 256 /* collisions remembered for collapse detection */

enum gr_chain_end {
  GR_CHAIN_RUNNING = 0,
  GR_CHAIN_SEPARATED,  /* no pair approaches: no more collisions, ever */
  GR_CHAIN_COLLAPSED,  /* separated after at least one inelastic collapse */
  GR_CHAIN_LIMIT,      /* collision budget spent without a decision */
  GR_CHAIN_AMBIGUOUS   /* (published rule) next pair not unique */
};

struct gr_chain {
  int n;                   /* spheres */
  double e, h;             /* restitution, h = (1 + e) / 2 */
  double t;                /* time */
  double vcm;              /* centre-of-mass velocity */
  double y[GR_CHAIN_MAX];  /* gaps, real value y * 2^ey */
  double w[GR_CHAIN_MAX];  /* closing speeds, real value w * 2^ew */
  int ey, ew;
  long ncoll;              /* collisions so far */
  int lw0;                 /* log2 of the initial largest closing speed */
  int speed_bits;          /* chaotic-collapse criterion, octaves (init: 1000) */
  int ncollapse;           /* collapses recognised (clusters merged) so far */
  double t_collapse;       /* time of the first collapse */
  int run[GR_CHAIN_MAX + 1]; /* run[p]: consecutive collisions with pair == pair p back */
  /* collapse detector history (not cleared by init: written before read) */
  unsigned char hp[GR_CHAIN_HIST];           /* pair of each collision */
  double ht[GR_CHAIN_HIST];                  /* its time */
  double hw[GR_CHAIN_HIST][GR_CHAIN_MAX];    /* |w_i| after it (stored units) */
  int hew[GR_CHAIN_HIST];                    /* ew after it */
};

struct gr_chain_event {
  double t;                /* time of the collision */
  int pair;                /* i: spheres i and i+1 (0-based) */
  double v[GR_CHAIN_MAX];  /* velocities after it */
};

struct gr_chain_result {
  enum gr_chain_end end;
  long ncoll;              /* collisions simulated */
  double t_last;           /* time of the last collision (or collapse) */
  int ncollapse;           /* collapses recognised and merged */
  double t_collapse;       /* time of the first collapse */
  int period;              /* first collapse: length of the repeating pattern */
  int pattern[GR_CHAIN_MAX]; /* first collapse: the repeating pairs, in order */
  double contraction;      /* first collapse: factor max|w| shrinks per period */
  double v[GR_CHAIN_MAX];  /* final velocities */
  double max_dev;          /* max |v_i - vcm| at the end */
};

/* Start n spheres with gaps gap[0..n-2] (surface to surface) and velocities
 * v[0..n-1].  Returns GR_OK, or GR_EINPUT for bad arguments (n out of range, a negative
 * gap, e outside [0, 1], non-finite numbers). */
int gr_chain_init(struct gr_chain *c, int n, const double *gap,
                  const double *v, double e) GR_MUST_CHECK;

/* Time to the next collision and its pair (lowest index on ties);
 * INFINITY and pair -1 when no pair approaches. */
double gr_chain_next(const struct gr_chain *c, int *pair);

/* Free flight for time dt (gaps shrink by w dt, never below 0). */
void gr_chain_advance(struct gr_chain *c, double dt);

/* Newton's restitution law for spheres pair, pair+1 (equal masses):
 * w_i -> -e w_i, and each neighbouring closing speed gains h w_i. */
void gr_chain_collide(struct gr_chain *c, int pair);

/* Advance to the next collision and perform it; fills ev when not NULL.
 * Returns 1, or 0 when no pair approaches (state unchanged). */
int gr_chain_step(struct gr_chain *c, struct gr_chain_event *ev);

/* Real velocity of sphere i and real gap i. */
double gr_chain_velocity(const struct gr_chain *c, int i);
double gr_chain_gap(const struct gr_chain *c, int i);

/* Kinetic energy sum(v^2)/2 (unit masses). */
double gr_chain_energy(const struct gr_chain *c);

/* Run until no pair approaches or max_coll collisions are spent.  An
 * inelastic collapse is recognised when the sequence of colliding pairs has
 * become periodic and the closing speeds of the pairs in the pattern shrink
 * by the same factor every period (the orbit sits at the contracting fixed
 * point of the period map: infinitely many collisions follow in the finite
 * time the geometric series of period durations gives).  The collapsing
 * cluster is then advanced to its collapse time and merged (its internal
 * gaps and closing speeds set to zero, momentum unchanged), and the solver
 * goes on; a merged cluster hit later may collapse again.  A collapse whose
 * pattern never settles (chaotic ordering, seen near e = 0.08) is recognised
 * when the closing speeds of the recently colliding pairs have fallen
 * 2^-speed_bits below the initial ones; that cluster is merged where it
 * stands.  Just above the collapse threshold the orbit rotates slowly away
 * from the collapse pattern and may shrink that far before it escapes:
 * a larger speed_bits narrows that band (about 4e-6 wide in e for 1000
 * octaves in the C12 row, 4e-10 for 100000). */
void gr_chain_solve(struct gr_chain *c, long max_coll,
                    struct gr_chain_result *res);

/* The four-sphere ARGESIM C12 start: diameter irrelevant, gaps a, sphere 1
 * at v0 toward three at rest. */
int gr_chain_init_c12(struct gr_chain *c, double gap, double v0, double e) GR_MUST_CHECK;

#endif
