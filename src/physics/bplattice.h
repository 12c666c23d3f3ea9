/* granrepro physics: the lattice neighbour algorithm of Buchholtz &
 * Poeschel, Int. J. Mod. Phys. C 4, 1049 (1993), section 2.
 *
 * A square lattice of cells covers the box; at most one grain sits in a
 * cell.  The Index step scatters the grains into lattice vectors (Index,
 * Test, x, y, ... of step 3); the force step moves the centre of the mask
 * (Fig. 2: 5x5 minus the centre, or 7x7 for a wider size spread, section
 * 5) over all cells: for each of the 24 (48) mask positions one pass over
 * the whole lattice computes eqs. 8-16 between every cell and the cell at
 * that shift, branch-free, multiplied by Test Test{i} contact (eqs.
 * 12-13), so the compiler vectorizes it.  Periodic axes are served by
 * ghost cells (copies shifted by the box length) around the lattice.
 *
 * Cell size (section 2): d >= rmax keeps every contact inside the 5x5
 * mask (d >= 2 rmax / 3 for 7x7); d <= dmin / sqrt(2) keeps two centres
 * out of one cell.  Two counters watch both rules in every run: cells that
 * receive a second grain (the first is lost from the force pass) and
 * pairs in contact in the ring just outside the mask (missed forces).
 *
 * Vectorization (checked with gcc 12.2, the build's flags plus
 * -fopt-info-vec-optimized on bplattice.c): bplattice_pass.h:69 (full
 * mask) and :103 (half mask) "loop
 * vectorized using 32 byte vectors" for each of the six passes (the avx2
 * clone) and "using 16 byte vectors" twice each (that clone's epilogue and
 * the default SSE2 clone); the no-tree-vectorize copy is reported by
 * nothing and holds no packed arithmetic.  It needs -fno-math-errno
 * -fno-trapping-math on the command line (Makefile.am: libgrbplattice.a):
 * gcc ignores them in optimize attributes, and without them sqrt and the
 * blends stay branches.  fp-contract=off is implied by -std=c11 and the
 * avx2 target has no FMA; the attribute keeps it so: check_lattice asserts
 * that both copies give the same bits.
 *
 * Speed (issue 11 asks for 2 ns per mask evaluation; not reached by this
 * pass).  The floor is the divider (two square roots and one division:
 * 1.76 ns per evaluation on four lanes on this Zen 3); the vectorized
 * pass is held by the latency of the chain sqrt -> overlap -> sqrt ->
 * force, hence the consistent pair force's short chain (bpforce_pair.h),
 * two mask positions per pass (bplattice_pass.h) and pre-allocation
 * scheduling (bplattice.c).  Cost (medians of reference/machines/
 * vm-epyc-2core/full.tsv, 1855ab2): lattice-1e4 377 ns per particle-step
 * at rho = 0.2 (120 mask evaluations, index step included), about 3.1 ns
 * per evaluation; lattice-novec-1e4 1357 ns, 3.6x: the no-tree-vectorize
 * copy's branch around the Hertz root keeps the SIMD speed-up below the
 * 4x asked.  Measurements, the microbench of the divider, and what was
 * tried (blocks, more positions per pass, reciprocal square roots):
 * docs/speed-history.md#lattice.
 *
 * The two-stage pass (GR_BPLATTICE_TWOSTAGE, bplattice_two.h) is not the
 * paper's algorithm but a modern reformulation of it: a branch-free
 * predicate pass (contact bits, no sqrt or division) and the force only
 * for the set bits, the compress/gather idiom of vector machines.  Same
 * forces bit for bit; 1.19 ns per mask evaluation (24 / rho per
 * particle-step, index step included; lattice2-1e4 143 ns in full.tsv)
 * at rho = 0.2, so it meets the 2 ns goal the one-stage pass misses; its
 * SIMD speed-up is below 2x, because it removes most of the work that
 * vectorizes (see the notes).
 */
#ifndef GR_BPLATTICE_H
#define GR_BPLATTICE_H

#include <stddef.h>
#include <stdint.h>

#include "physics/box.h"
#include "physics/bpforce.h"

#define GR_BPLATTICE_MAXOFF 168 /* (2*6+1)^2 - 1 */

struct gr_bplattice {
  struct gr_box box;     /* [0, len) per axis; axes 0 and 1 */
  int n[2];              /* interior cells per axis */
  double d[2];           /* cell size per axis */
  int h;                 /* mask half-width: 2 (5x5) or 3 (7x7) */
  int halo;              /* ghost width: the outer ring's reach */
  long stride, pad;      /* row length (n[0] + 2 halo), guard cells */
  size_t ncell;          /* length of every lattice vector */
  long c0, c1;           /* force-pass range: the interior rows */
  int nmask, nring;      /* mask positions, outer-ring positions */
  int nhalf;             /* forward half of the mask (Newton's third law) */
  long mask[GR_BPLATTICE_MAXOFF], ring[GR_BPLATTICE_MAXOFF], half[GR_BPLATTICE_MAXOFF];
  double *test, *x, *y, *vx, *vy, *w, *r, *ir, *m; /* lattice vectors */
  double *fx, *fy, *tq, *ov;                       /* per-cell results */
  double *hx, *hy, *ht, *in;  /* half mask: reactions, interior flag */
  long *gsrc;                 /* source cell of a ghost, -1 elsewhere */
  double *block;              /* the one allocation behind the vectors */
  uint64_t *hb;               /* two-stage: forward contact bits per cell */
  uint64_t *bits;             /* two-stage: contact bits per cell of a block */
  long *lst, *lo;             /* two-stage queue: cell and offset of each pair */
  double *qf;                 /* two-stage queue: 5 result arrays of qcap */
  long qcap;                  /* pairs per block at most (cells x positions) */
  double *pf;                 /* two-stage NEWTON: ring of results (4 per pair) */
  long *pbase, pcap, bcap, ppos; /* its first slot per cell; sizes (powers of 2) */
  long *cell;            /* cell of each grain */
  size_t ncap;           /* capacity of cell */
  long ndouble;          /* cells that received a second grain (cumulative) */
  long nlost;            /* grains outside a walled axis (cumulative) */
  long noutside;         /* contacts outside the mask (cumulative, pairs) */
};

/* Lattice over box (axes 0 and 1) with cell size at least d (a periodic
 * axis of length L gets n = floor(L/d) cells of size L/n; a walled axis
 * ceil(L/d) cells of size d), mask half-width h (2 or 3), and a ghost
 * ring wide enough to see contacts of grains up to rmax outside the mask.
 * 0; GR_EINPUT (2) for bad sizes or a periodic axis shorter than
 * 2 halo + 1 cells; GR_ENOMEM (4). */
int gr_bplattice_init(struct gr_bplattice *L, const struct gr_box *box,
                      double d, int h, double rmax);
void gr_bplattice_free(struct gr_bplattice *L);

/* Step 3: clear Test, scatter the grains into the lattice vectors, fill
 * the ghost cells; counts doubly occupied cells and lost grains.  Grains
 * with m <= 0 are not allowed.  0, or GR_ENOMEM when the grain count grew
 * beyond capacity and allocation failed. */
int gr_bplattice_index(struct gr_bplattice *L, const struct gr_bpgrains *g);

/* Modes of gr_bplattice_forces (bits). */
enum { GR_BPLATTICE_VECTOR = 1, GR_BPLATTICE_HALF = 2, GR_BPLATTICE_TWOSTAGE = 4,
       GR_BPLATTICE_QUEUE = 8, GR_BPLATTICE_NEWTON = 16 };

/* Step 4, eqs. 8-16: forces and torques on every grain (arrays of g->n),
 * and the largest overlap relative to the smaller radius of the pair.
 * mode: GR_BPLATTICE_VECTOR for the vectorized pass (without it, the same
 * pass compiled without tree vectorization: the bench's scalar
 * reference); GR_BPLATTICE_HALF for the 12-position half mask with
 * Newton's third law (optional in the issue; same forces to round-off);
 * GR_BPLATTICE_TWOSTAGE for the two-stage reformulation (a contact-bit
 * pass, then the force only where a bit is set: bplattice_two.h; the same
 * bits as the one-stage pass), its stage 2 a scalar loop over the bits or,
 * with GR_BPLATTICE_QUEUE (always with HALF), a vectorized loop over a
 * list of the contacts, or with GR_BPLATTICE_NEWTON (consistent law, full
 * mask; else the scalar loop) each pair once, negated for the partner.
 * Needs gr_bplattice_index first. */
void gr_bplattice_forces(struct gr_bplattice *L, const struct gr_bpforce *p,
                         const struct gr_bpgrains *g, int mode,
                         double *fx, double *fy, double *tq, double *maxov);

/* Contacts (pairs) in the ring between the mask and the ghost width:
 * forces the mask misses.  Added to L->noutside and returned. */
long gr_bplattice_outside(struct gr_bplattice *L);

/* Flat lattice offset of the cell (dx, dy) cells away. */
long gr_bplattice_offset(const struct gr_bplattice *L, int dx, int dy);

#endif
