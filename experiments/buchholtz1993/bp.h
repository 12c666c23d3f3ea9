/* granrepro experiment buchholtz-poeschel: private header of the files in
 * experiments/buchholtz1993/ (V. Buchholtz and T. Poeschel, Int. J. Mod.
 * Phys. C 4, 1049 (1993)).  The options are the parameters the paper
 * leaves open; bp.c states each default and why. */
#ifndef GR_BP_EXP_H
#define GR_BP_EXP_H

#include "harness/ctx.h"
#include "harness/experiment.h"
#include "harness/verdict.h"
#include "physics/bppipe.h"

#define BP_TABLE_LATTICE "lattice"
#define BP_TABLE_COST "cost"
#define BP_TABLE_FORCE "forcelaw"
#define BP_TABLE_GEAR "gear"
#define BP_TABLE_PIPE "pipe"

/* The paper's printed constants (section 4), read from pipe.tsv. */
struct bp_law {
  double kn, gn, gs, mu, dt;
};

/* The open parameters (options) and the run's scale. */
struct bp_opts {
  struct gr_bppipe_spec pipe; /* radius, spread, walls, sizes, start */
  double mass0;      /* mass of a grain of radius r0 (kg) */
  int nv;            /* Gear values in the pipe */
  int seeds;         /* pipe runs with different starts */
  double t_start;    /* first snapshot after the start one (s) */
  int nsnap;         /* snapshots after t_start, every 500 steps */
  double t_survive;  /* length of the Gear-survival runs (s) */
  int search;        /* enum gr_bpsim_search of the pipe runs */
  const char *tag;   /* "" for the pipe, "regime" for the variant inside section 2's 10 % */
  double regime_r0, regime_mass0; /* the variant's radius and mass */
};

/* Options of this run (quick or full defaults, --set NAME=VALUE); a bad
 * value fails the run (GR_EINPUT). */
int gr_bp_options(struct gr_ctx *ctx, struct bp_opts *o);

/* The printed constants from pipe.tsv; fails the run when absent. */
int gr_bp_law(struct gr_ctx *ctx, struct bp_law *law);

/* Pipe parameters for one run of the pipe with the given order and dt. */
void gr_bp_pipe_params(const struct bp_law *law, const struct bp_opts *o, int nv,
                       double dt, int search, struct gr_bpsim_params *p);

/* A pipe simulation from seed stream name (the caller frees it). */
int gr_bp_pipe_new(struct gr_ctx *ctx, const struct bp_opts *o,
                   struct gr_bpsim_params *p, const char *stream,
                   struct gr_bpsim *s);

/* Tasks (one timed phase each). */
int gr_bp_tables(struct gr_ctx *ctx);   /* lattice, cost, force, gear tables */
int gr_bp_variants(struct gr_ctx *ctx); /* force-law and Gear variant tables */
int gr_bp_pipe(struct gr_ctx *ctx);     /* Figs. 5-6, overlap, waves */
int gr_bp_survive(struct gr_ctx *ctx);  /* which Gear order survives dt */
int gr_bp_cost(struct gr_ctx *ctx);     /* Fig. 3 model (gr_bp_fig3), Fig. 4 measured */
int gr_bp_fig3(struct gr_ctx *ctx);     /* Fig. 3 from the printed model (bp_fig3.c) */
int gr_bp_regime(struct gr_ctx *ctx);   /* density, restitution against speed */

/* Bench kernels (bp_bench.c). */
#define GR_BP_NKERNELS 17
extern const struct gr_kernel gr_bp_kernels[GR_BP_NKERNELS];

#endif
