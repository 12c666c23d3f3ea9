/* granrepro physics: the thesis's own Verlet-table bookkeeping, as Sweetman
 * 2003, section 2.3 (after Walton 1985 and Kim 1992) describes it, to
 * rebuild Tables 2.2-2.13 entry by entry.  (The engine itself uses the
 * compressed rows of physics/nbr.h, which hold the same content.)
 *
 * NEBOR(i) is the location jdx of particle i's first record (0: none); a
 * record takes seven locations, NDX TF TM A A0 SK NEXT, and MT1 is the next
 * free location.  Integer arrays are addressed by idx = i2or1 jdx - i1or0:
 * idx = jdx where integers and reals have one length (i2or1 = 1,
 * i1or0 = 0), idx = 2 jdx - 1 where reals take two integer slots
 * (i2or1 = 2, i1or0 = 1).  NDX(idx) is the partner and NEXT(idx) the jdx of
 * the next record (0 ends the list).
 */
#ifndef GR_VTAB_H
#define GR_VTAB_H

#include "status.h"
#include <stddef.h>

#define GR_VTAB_RECORD 7 /* locations per record: NDX TF TM A A0 SK NEXT */

struct gr_vtab {
  int i2or1, i1or0;
  int mt1;          /* next free location (jdx units) */
  int nmax, rmax;   /* particles, records */
  int *nebor;       /* NEBOR(1..nmax) */
  int *ndx, *next;  /* NDX(idx), NEXT(idx), idx up to i2or1 * 7 rmax */
};

/* An empty table (NEBOR zero, MT1 = 1) for nmax particles and rmax records;
 * GR_OK, GR_ENOMEM when out of memory, GR_EINPUT when the arguments are bad. */
int gr_vtab_init(struct gr_vtab *t, int nmax, int rmax, int i2or1, int i1or0) GR_MUST_CHECK;
void gr_vtab_free(struct gr_vtab *t);

/* idx of the record at jdx: idx = i2or1 jdx - i1or0. */
int gr_vtab_idx(const struct gr_vtab *t, int jdx);

/* Figure 2.4: add j to particle i's list.  If NEBOR(i) = 0 the record goes
 * to MT1 and NEBOR(i) = MT1; otherwise the NEXT chain is followed to its
 * end and NEXT(last) = MT1.  NDX(idx) = j, NEXT(idx) = 0, MT1 += 7.
 * GR_OK and the new record's jdx in *jdx (when jdx is not NULL);
 * GR_EINPUT, the table unchanged, when it is full (rmax records) or i is
 * out of range. */
int gr_vtab_add(struct gr_vtab *t, int i, int j, int *jdx) GR_MUST_CHECK;

/* The force routine's walk (end of section 2.3): the partners of particle i
 * in list order; returns their number, writing at most max. */
int gr_vtab_partners(const struct gr_vtab *t, int i, int *out, int max);

#endif
