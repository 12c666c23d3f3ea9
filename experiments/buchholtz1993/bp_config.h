/* granrepro experiment buchholtz-poeschel: static packings for the timing
 * of Fig. 4 and the bench (bp_config.c). */
#ifndef GR_BP_CONFIG_H
#define GR_BP_CONFIG_H

#include "physics/bplattice.h"
#include "physics/bpsearch.h"

/* NP grains of radius 1 on a triangular lattice of spacing 2 (1 - 1e-3)
 * with random vacancies, in a periodic box tiled by the lattice with area
 * close to NP / rho (cells of size d = rmax = 1: rho = NP / LMAX, section
 * 3; at most 1 / (2 sqrt 3) = 0.2887 for touching grains; the actual rho
 * is kept), random velocities and spins; the searches and results. */
struct bp_config {
  struct gr_box box;
  double rho;             /* actual NP / LMAX */
  struct gr_bpforce force;
  struct gr_bpgrains g;
  double *mem, *fx, *fy, *tq;
  struct gr_bplattice lat;
  struct gr_bpcells cells;
  struct gr_bpverlet list;
  int mode, rebuild;  /* lattice GR_BPLATTICE_* bits; list rebuilt every `rebuild` calls */
  long calls;
};

/* A packing under the force law f (eqs. 17-21 with the paper's constants,
 * read by the caller from reference/buchholtz1993/pipe.tsv).  0,
 * GR_EINPUT (rho out of (0, 0.285], np < 16), GR_ENOMEM. */
int gr_bp_config_new(struct bp_config *c, double rho, long np, unsigned long seed,
                     const struct gr_bpforce *f);
void gr_bp_config_free(struct bp_config *c);

/* One force evaluation of each method (bench and Fig. 4 timing units). */
void gr_bp_config_lattice(void *c);   /* index step + force pass */
void gr_bp_config_cells(void *c);     /* binning + 3x3 cells */
void gr_bp_config_list(void *c);      /* rebuild steps: one N^2 build, rebuild force passes */

#endif
