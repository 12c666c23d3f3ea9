/* granrepro physics: reference searches for the contact force of
 * Buchholtz & Poeschel, Int. J. Mod. Phys. C 4, 1049 (1993): all pairs,
 * a linked-cell list (cells of side >= 2 rmax, 3x3 neighbourhood), and the
 * paper's comparator of section 3 / Fig. 4, a neighbour list built by an
 * N-squared search (Verlet 1967, Ref. 4) with a skin, rebuilt when a grain
 * has moved half the skin.  All use gr_bpforce_pair seen from grain i and
 * accumulate on i only (as the lattice does), over the minimum image on
 * periodic axes (physics/box.h). */
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

struct gr_bpcells {
  struct gr_box box;
  int m[2];        /* cells per axis (>= 3 on a periodic axis) */
  double side[2];  /* cell side */
  long *head, *next;
  size_t ncap;
  double maxov; /* largest overlap / smaller radius of the last call */
};

/* Cells of side >= cut (2 rmax) over box.  0, 2 (bad input), 4 (memory). */
int gr_bpcells_init(struct gr_bpcells *c, const struct gr_box *box, double cut);
void gr_bpcells_free(struct gr_bpcells *c);

/* Bin the grains, then eqs. 17-21 over the 3x3 cells around each grain.
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
