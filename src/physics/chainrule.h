/* granrepro physics: the stopping rule of the published ARGESIM C12 FORTRAN
 * solution (Willensdorfer & Breitenecker, SNE 31), for comparison with the
 * exact solver of chain.h.
 *
 * The published program works in plain double precision on distances and
 * velocities.  After a collision it never considers the same pair next;
 * among the other pairs it takes only approaching ones (negative relative
 * velocity), the soonest first; it stops when no pair approaches ("exits the
 * loop") or when two pairs are numerically equally soon ("cannot be
 * determined uniquely").  The solution does not print its update formulas,
 * so the variants below are algebraically identical ways of writing them;
 * their spread shows how much the published thresholds owe to round-off.
 */
#ifndef GR_CHAINRULE_H
#define GR_CHAINRULE_H

#include "physics/chain.h"

enum gr_chainrule_coords {
  GR_CHAINRULE_GAPS = 0,  /* distances d_i updated by relative velocities */
  GR_CHAINRULE_POSITIONS  /* absolute positions x_i, d_i = x_{i+1} - x_i - diameter */
};

enum gr_chainrule_formula {
  GR_CHAINRULE_WEIGHTS = 0, /* v1' = (1-e)/2 v1 + (1+e)/2 v2 */
  GR_CHAINRULE_IMPULSE,     /* u = (1+e)(v1 - v2)/2; v1' = v1 - u, v2' = v2 + u */
  GR_CHAINRULE_MEAN         /* v1' = (v1 + v2 - e (v1 - v2)) / 2 */
};

struct gr_chainrule {
  enum gr_chainrule_coords coords;
  enum gr_chainrule_formula formula;
  int exclude_last;   /* 1: the pair that just collided is not a candidate */
  int stop_on_tie;    /* 1: equal collision times stop the run (ambiguous) */
};

/* The variant used by default: gaps, weights, exclude last, stop on tie. */
extern const struct gr_chainrule gr_chainrule_published;

/* Run the C12 start (gaps a, diameter d, v0) under rule r, at most max_coll
 * collisions.  res->end is GR_CHAIN_SEPARATED (exited the loop),
 * GR_CHAIN_AMBIGUOUS (tie) or GR_CHAIN_LIMIT. */
void gr_chainrule_run_c12(const struct gr_chainrule *r, double gap,
                          double diameter, double v0, double e, long max_coll,
                          struct gr_chain_result *res);

#endif
