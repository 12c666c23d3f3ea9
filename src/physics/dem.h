/* granrepro physics: a three-dimensional DEM code after Sweetman 2003,
 * chapter 2 (the "3-D shear code" of Walton and Kim): monodisperse spheres
 * in a box with walls and gravity along -z.
 *
 * Normal force: Walton's partially latching spring (eqs. 2.1-2.9,
 * physics/contact.h); tangential force: the incrementally slipping model
 * (eqs. 2.10-2.14, physics/friction.h); both for sphere-sphere and
 * sphere-wall contacts.  Integration: leap-frog (eq. 2.19) for positions
 * and angular velocities; the stored velocities are the half-step ones.
 * Time step: eq. 2.23 (gr_contact_dt).
 *
 * Neighbours: a Verlet list (physics/nbr.h) of the pairs closer than
 * diameter + skin, each pair's record holding its contact history (the
 * thesis's TFX TFY TFZ TM A A0, plus the last normal force and the load
 * direction); rebuilt when the largest displacement of a particle since
 * the last rebuild exceeds half the skin, by the N-squared search, the
 * chain cells of chapter 3 or the sorted cells.  The list is in canonical
 * order whatever the search, so the forces are summed in the same order
 * and trajectories are bitwise identical across searches.  Wall contacts
 * keep one history record per particle and axis (a sphere much smaller
 * than the box touches at most one wall per axis).
 *
 * The reference order of the sums is the one-thread loop over the half
 * list: particle p gets the pairs (i, p), i < p, in ascending i, then the
 * pairs (p, j) of its row, then its walls.  gr_dem_step keeps it on any
 * number of OpenMP threads in one pass over the particles (demstep.c):
 * each thread owns a block of particles, the pairs crossing into a later
 * block are evaluated first into per-pair records, and after one barrier
 * each thread runs the half-list loop over its block, moving a particle
 * as soon as its row is done (no later row reads it).  gr_dem_forces
 * (which stores f and t) evaluates every pair into its record and then
 * has each particle sum its own records in that order.  Integration is
 * per particle and the largest displacement a maximum, so a trajectory
 * is bitwise the same for any number of threads, and the same as before
 * the threads came.  No atomics and no reductions of sums across threads.
 * A pair apart at its last evaluation has a zero history record, which
 * is then not read (its cache line stays in memory).
 *
 * Cell order (p.reorder, sorted-cell search only): at each rebuild the
 * particles, their wall records and the list's records are renumbered in
 * the order of the cells (as LAMMPS's atom sort), so that partners and
 * the next particle lie close in memory.  Each particle still sums its
 * forces in the order of its partners' original numbers, a pair computed
 * from either side gives exactly opposite forces (every operation of the
 * contact is odd in the normal, the relative velocity and the stored
 * tangential force; the record is flipped when its lower member changes),
 * and the diagnostics sum in the original order: the trajectory is
 * bitwise the one without reordering.  Then x, v, w, f, t and wall are in
 * the internal order: read the state with gr_dem_state (d->id maps).
 * With cell order, gr_dem_step sums each particle's pair records.
 * Default off: a start already in cell order (the peer case's lattice)
 * pays the renumbering at each rebuild and the records' traffic; a
 * shuffled numbering gains (dem-step50-reorder-1e6 against -1e6-t1,
 * -shuf-reorder-1e6 against -shuf-1e6; measurements:
 * docs/speed-history.md#dem-cell-order).  Turn it on where the numbering
 * has no locality (random insertion, long runs that mix).
 *
 * A step allocates nothing once the list buffers have reached their size
 * (they only grow when a rebuild finds more pairs than ever before).
 */
#ifndef GR_DEM_H
#define GR_DEM_H

#include "status.h"
#include <stddef.h>
#include <stdint.h>

#include "physics/box.h"
#include "physics/cells.h"
#include "physics/cellsort.h"
#include "physics/contact.h"
#include "physics/friction.h"
#include "physics/nbr.h"

enum gr_dem_search { GR_DEM_NSQ = 0, GR_DEM_CHAIN, GR_DEM_SORT };

struct gr_dem_params {
  double diameter, density;
  double k1, e;        /* loading stiffness, restitution (K2 = K1 / e^2) */
  double mu, kt_ratio, gamma; /* friction: K_o = kt_ratio K1, exponent */
  double g;            /* gravity along -z */
  double dt;           /* time step (eq. 2.23 via gr_contact_dt) */
  double skin;         /* list cutoff = diameter + skin */
  double len[3];       /* box [0, len) per axis, walls on all sides */
  int walls;           /* 0: no wall forces (the box only bounds the cells) */
  int search;          /* enum gr_dem_search */
  int reorder;         /* 1: keep the particles in cell order (GR_DEM_SORT only) */
  int threads;         /* threads of gr_dem_step and of the search (1: gr_dem_forces
                          too runs its one-thread path); 0: OpenMP's default */
};

/* Index of the history fields inside a struct gr_nbr_hist. */
enum { GR_DEM_H_DELTA0 = GR_FRIC_NHIST, GR_DEM_H_DELTA };

struct gr_dem {
  size_t n;
  struct gr_dem_params p;
  struct gr_contact_law law;
  struct gr_friction_law fric;
  double mass, inertia, radius, cut2;
  double hi[3];        /* len - radius: a sphere beyond touches that wall */
  double *x, *v, *w;   /* positions, half-step velocities, angular velocities (3n) */
  double *f, *t;       /* forces and torques of the last gr_dem_forces (gr_dem_step
                          does not touch them) */
  double *xref;        /* positions at the last rebuild */
  double *fq;          /* per pair: force on the lower body, then r n x F (6 reals) */
  unsigned char *on;   /* per pair: 1 when in contact at the last evaluation */
  uint32_t *astart;    /* n + 1: particle p's pairs are aq[astart[p] .. astart[p+1]-1] */
  uint32_t *aq;        /* pair index, top bit set where p is the higher member */
  uint32_t *apart;     /* the partner's original number (the order of the sum) */
  size_t qcap;         /* pairs fq and on hold (aq, apart: twice as many) */
  size_t span;         /* largest j - i of a listed pair (i, j) */
  double *ring;        /* gr_dem_step's partial sums, per thread rslots slots of
                          f then t (6 reals; demstep.c), zero between steps */
  size_t rslots;       /* slots of one ring: a power of two > span + its chunk */
  int rthreads;        /* rings allocated */
  uint32_t *id;        /* n: original number of each particle (reorder) */
  uint32_t *inv;       /* n: position of each original number (reorder) */
  double *spare;       /* 3n: scratch of the reordering */
  void *wbuf;          /* wall records in flight during a reordering */
  size_t wcap;
  struct gr_nbr_hist *wall; /* 3n: history of the contact with the wall of each axis */
  unsigned char *wallon;    /* n: bit a set while wall record a holds a contact (so
                               that only those records are read) */
  struct gr_box box;
  struct gr_nbr nbr;
  struct gr_cells chain;
  struct gr_cellsort sort;
  int m[3];
  double maxdisp2;     /* largest squared displacement since the rebuild */
  int stale;           /* 1: rebuild at the next update */
  long steps, rebuilds;
};

/* Allocate n particles (state zero) with parameters p; the caller fills
 * x, v, w (in the original numbering: the cell order starts at the first
 * step).  GR_EINPUT on bad parameters (chain cells need at least
 * 3 cells of edge >= diameter + skin per axis). */
int gr_dem_init(struct gr_dem *d, size_t n, const struct gr_dem_params *p) GR_MUST_CHECK;
void gr_dem_free(struct gr_dem *d);

/* The UPDATE routine: rebuild the list if stale (the half-skin rule) by
 * the chosen search, carrying each pair's history (d->rebuilds counts the
 * rebuilds); GR_OK, or GR_ENOMEM / GR_EINPUT from the search. */
int gr_dem_update(struct gr_dem *d) GR_MUST_CHECK;

/* The FORCES routine: all contact forces and torques at the current
 * positions (gravity is added by the integration). */
void gr_dem_forces(struct gr_dem *d);

/* The integration (eq. 2.19): v += (f/m - g e_z) dt, x += v dt, same for
 * the rotation, and the largest displacement since the rebuild. */
void gr_dem_integrate(struct gr_dem *d);

/* One time step: update, forces, integration (the same bytes as the three
 * calls, in one pass over the particles on p.threads threads; f and t are
 * not kept); GR_OK or the update's status. */
int gr_dem_step(struct gr_dem *d) GR_MUST_CHECK;

/* Positions, velocities and spins in the original numbering (any may be
 * NULL; 3n reals each). */
void gr_dem_state(const struct gr_dem *d, double *x, double *v, double *w);

struct gr_dem_diag {
  double kinetic, rotational, potential, elastic; /* energies */
  double p[3];         /* linear momentum */
  double l[3];         /* angular momentum about the origin */
  long contacts;       /* pairs and walls in contact */
};

/* The diagnostics (DIAGNOS2): energies (kinetic from the half-step
 * velocities; elastic: recoverable spring energy of every contact),
 * momenta and the number of contacts. */
void gr_dem_diagnose(const struct gr_dem *d, struct gr_dem_diag *out);

#endif
