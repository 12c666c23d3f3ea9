/* granrepro experiment buchholtz-poeschel: private header of the pipe
 * files (bp_pipe.c runs, bp_waves.c analysis, bp_survive.c checks). */
#ifndef GR_BP_PIPE_H
#define GR_BP_PIPE_H

#include "experiments/buchholtz1993/bp.h"

#define BP_EVERY 500   /* Fig. 6: the pipe drawn every 500 time steps */
#define BP_MAXSEEDS 8

/* What one pipe run (one seed) records every 500 steps. */
struct bp_run {
  int nrec, nbc, nbf;      /* records, coarse bins (one pipe width), fine bins (2 r0) */
  double *t, *disp, *sk, *vmean; /* per record: time, Var(n)/<n>, S(k_1..3), <v_x> */
  double *coarse, *fine;   /* per record: counts on the bins */
  double maxov;            /* largest overlap / smaller radius of the run */
  long ndouble, noutside, nchecked; /* records with lattice violations, records checked */
  int nsnap;               /* Fig. 6 snapshots kept (seed 0): t = 0 then from t_start */
  size_t n, nfree;         /* grains (free first) */
  double *snap, *r;        /* nsnap x n x (x, y), radii */
  double L;                /* pipe length (m) */
};


/* The lattice against linked cells on the pipe's start (asserted). */
int gr_bp_equivalence(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_law *law);

/* Density waves: dispersion, S(k), velocities, the claims' verdicts. */
int gr_bp_waves(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_law *law,
                const struct bp_run *runs);

/* Fig. 6 as a space-time density image of run r (bp_fig6.c); cw, vg the
 * mean wave and grain speeds. */
int gr_bp_fig6(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_run *r, double cw,
               double vg);

/* Fig. 6 as printed: seed 0's snapshots (t = 0, then every BP_EVERY steps
 * from step first at time step dt), stacked off apart (bp_fig6.c). */
int gr_bp_fig6_snapshots(struct gr_ctx *ctx, const struct bp_run *run, double dt, long first,
                         double off);

/* Section 2's overlap assumption and the lattice's counters on the pipe
 * records (bp_regime.c). */
int gr_bp_overlap(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_run *runs);

/* The two claims decided by criteria of measured power (bp_wavecrit.c). */
int gr_bp_criteria(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_run *runs);

/* Rows and values of a pipe analysis (bp_common.c) under the options' tag: "" for the
 * main pipe, e.g. "regime" for a variant (rows "regime/q", values "rg_"
 * name).  A claim row is judged in full runs, informative in quick ones. */
const char *gr_bp_qname(const struct bp_opts *o, const char *q, char *buf, size_t n);
int gr_bp_value(struct gr_ctx *ctx, const struct bp_opts *o, const char *name, double v);
int gr_bp_inform(struct gr_ctx *ctx, const struct bp_opts *o, enum gr_kind kind, const char *q,
                 double v, const char *note);
int gr_bp_claim(struct gr_ctx *ctx, const struct bp_opts *o, enum gr_kind kind, const char *q,
                double v, struct gr_test test, const char *note);

/* First record of a run at or after t_start. */
int gr_bp_late(const struct bp_run *r, double t_start);

#endif
