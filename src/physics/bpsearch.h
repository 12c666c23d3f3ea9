/* granrepro physics: reference searches for the contact force of
 * Buchholtz & Poeschel, Int. J. Mod. Phys. C 4, 1049 (1993): all pairs,
 * a linked-cell list (cells of side >= 2 rmax, 3x3 neighbourhood), and the
 * paper's comparator of section 3 / Fig. 4, a neighbour list built by an
 * N-squared search (Verlet 1967, Ref. 4) with a skin, rebuilt when a grain
 * has moved half the skin.  All use gr_bpforce_pair seen from grain i;
 * all pairs and the list accumulate on i only (as the lattice does), over
 * the minimum image on periodic axes (physics/box.h); linked cells see
 * each pair once (bpcells.c). */
#ifndef GR_BPSEARCH_H
#define GR_BPSEARCH_H

#include <stddef.h>

#include "physics/box.h"
#include "physics/bpforce.h"

/* Eqs. 17-21 summed over all j != i, ascending j; returns the number of
 * contact pairs; *maxov the largest overlap over the smaller radius. */
long gr_bpsearch_allpairs(const struct gr_box *box, const struct gr_bpforce *p,
                          const struct gr_bpgrains *g, double *fx, double *fy,
                          double *tq, double *maxov);

#define GR_BPCELLS_CHUNK 256 /* pairs queued before their forces */

/* Linked cells (bpcells.c): counting sort by cell, a squared-distance test
 * before the pair force, and the half stencil with Newton's third law. */
struct gr_bpcells {
  struct gr_box box;
  int m[2];        /* cells per axis (>= 3 on a periodic axis) */
  double side[2];  /* cell side */
  int half;        /* 1 (init): half stencil, both grains of a pair (not
                      for eq. 20 as printed: full 3x3 then); 0: full 3x3 */
  long *head;      /* m0 m1 + 1: cell c holds the slots head[c] .. head[c+1]-1 */
  long *cell, *order; /* cell of grain i; grain in slot s */
  double *q;       /* cell-ordered x y vx vy w r m fx fy tq (10 n) */
  double *buf;     /* the queue of candidate pairs (bpcells.c) */
  long qi[GR_BPCELLS_CHUNK], qj[GR_BPCELLS_CHUNK]; /* their slots */
  int nq;          /* pairs queued */
  size_t ncap;
  double maxov; /* largest overlap / smaller radius of the last call */
};

/* Cells of side >= cut (2 rmax) over box.  0, 2 (bad input), 4 (memory). */
int gr_bpcells_init(struct gr_bpcells *c, const struct gr_box *box, double cut);
void gr_bpcells_free(struct gr_bpcells *c);

/* Bin the grains, then eqs. 17-21 over the 3x3 cells around each cell.
 * 0 or 4 (memory when the grain count grew). */
int gr_bpcells_forces(struct gr_bpcells *c, const struct gr_bpforce *p,
                      const struct gr_bpgrains *g, double *fx, double *fy,
                      double *tq);

struct gr_bpverlet {
  struct gr_box box;
  double cut, skin;  /* list radius cut + skin */
  long *start, *list; /* partners of i: list[start[i] .. start[i+1]-1] */
  double *x0, *y0;    /* positions at the last build */
  size_t n, lcap, ncap;
  long nbuild;        /* builds so far */
  double maxov;       /* largest overlap / smaller radius of the last call */
};

/* 0, or 2 for cut or skin not positive. */
int gr_bpverlet_init(struct gr_bpverlet *v, const struct gr_box *box,
                     double cut, double skin);
void gr_bpverlet_free(struct gr_bpverlet *v);

/* Rebuild by the N-squared search when some grain moved more than half
 * the skin since the last build (or force = 1), then eqs. 17-21 over the
 * list.  0 or 4. */
int gr_bpverlet_forces(struct gr_bpverlet *v, const struct gr_bpforce *p,
                       const struct gr_bpgrains *g, int force, double *fx,
                       double *fy, double *tq);

/* The N-squared build alone (for the bench).  0 or 4. */
int gr_bpverlet_build(struct gr_bpverlet *v, const struct gr_bpgrains *g);

#endif
