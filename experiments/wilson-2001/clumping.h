/* granrepro experiment wilson-clumping: B. Wilson, "Computer Simulations
 * of Pattern Formations in Granular Materials" (UBC, 2001), sections 2-3
 * and appendix A: event-driven hard disks (Marin-Risso-Cordero) and the
 * clumping of inelastic disks.  Private header of the folder's clumping*.c
 * files, whose calls go one way only (no circle):
 *   clumping.c (tasks, registration) -> clumping_group.c (the inputs of
 *     clumping-inputs.tsv, initial states), clumping_runs.c,
 *     clumping_report.c, clumping_fig4.c, clumping_bench.c;
 *   clumping_fig4.c -> clumping_group.c (the inputs);
 *   clumping_group.c -> clumping_runs.c (the rules at the table's mu);
 *   clumping_report.c (verdicts) -> clumping_series.c (series, figures);
 *   clumping_series.c, clumping_fig4.c, clumping_bench.c -> clumping_runs.c
 *     (the rules and the engine runs), which calls none of them.
 * The analysis prose is reference/wilson-2001/wilson-clumping.notes.md.in. */
#ifndef GR_EXP_CLUMPING_H
#define GR_EXP_CLUMPING_H

#include <gsl/gsl_rng.h>

#include "harness/experiment.h"
#include "harness/verdict.h"
#include "physics/edmd.h"
#include "status.h"

struct gr_ctx;

#define CL_INPUTS "clumping-inputs" /* reference/wilson-2001/clumping-inputs.tsv */
#define CL_NS 100        /* samples at t_k = t_end (k / CL_NS)^2: dense early */
#define CL_NRULE 5
#define CL_RULE_RESTITUTION 2 /* the pure restitution rule in gr_clumping_rules */
#define CL_BOXES 10      /* clustering index on a 10 x 10 grid of boxes (1 x 1 in the 10 x 10 box) */
#define CL_MAXSEED 16
#define CL_NKERNEL 10    /* bench kernels (clumping_bench.c) */
#define CL_LEVEL 0.01    /* level of the clumping criterion (fixed before the data) */
#define CL_SYNTH_K 4     /* synthetic clumps: disks per cluster */
#define CL_SYNTH_FRAC 0.15  /* synthetic clumps: share of disks in clusters */
#define CL_SYNTH_SIGMA 0.1  /* synthetic clumps: Gaussian spread of a cluster */
#define CL_POWER_TRIALS 1000 /* synthetic ensembles per Monte Carlo rate */

/* The printed inputs of section 3 and appendix A.1, read from
 * reference/wilson-2001/clumping-inputs.tsv at the start of each task. */
struct gr_clumping_par {
  int n[2];           /* N of the runs (n_small, n_large) */
  double d;           /* diameter D of the runs and of Fig. 4 */
  double box;         /* side of the square box */
  double vmax;        /* initial velocities uniform in [-vmax, vmax] */
  double mu;          /* inelasticity of eqs. 5-6 */
  double t_end;       /* system time the runs stop at */
  int cells;          /* Fig. 4's grid: cells x cells */
  double d_listing;   /* the listing's D */
  double n_listing;   /* the listing's N_PARTICLES */
};

/* Read the inputs (gr_ctx_input: no verdict rows); a missing, malformed
 * or impossible cell fails the run (GR_EINPUT, one line). */
GR_MUST_CHECK int gr_clumping_params(struct gr_ctx *ctx, struct gr_clumping_par *p);

/* Sample time t_k of a run to t_end. */
static inline double cl_time(double t_end, int k) { return t_end * (double)k * k / ((double)CL_NS * CL_NS); }

/* A collision rule of the comparison and its short name; the inelastic
 * rules' e is the table's mu, set by gr_clumping_rule. */
struct gr_clumping_rule {
  const char *name;
  struct gr_edrule r;
};
extern const struct gr_clumping_rule gr_clumping_rules[CL_NRULE];

/* Rule r of the comparison with the inelasticity mu (elastic: e = 1). */
struct gr_edrule gr_clumping_rule(int r, double mu);

/* One run: samples up to where it stopped. */
struct gr_clumping_series {
  int status;               /* GR_EDMD_DONE or GR_EDMD_COLLAPSE */
  int nsamp;                /* samples taken (k = 0 .. nsamp - 1) */
  double T[CL_NS + 1];      /* granular temperature */
  double ci[CL_NS + 1];     /* clustering index */
  double ddc[CL_NS + 1];    /* DDCs in (t_{k-1}, t_k] */
  double e_err, p_err;      /* worst energy / momentum balance error (relative) */
  double ddc_p;             /* |momentum change by DDCs| / (N v_rms0) */
  struct gr_edmd_counters k;
  struct gr_edmd_collapse col;
};

/* A long run: to t_long or the collapse, without samples. */
struct gr_clumping_long {
  int status;
  double t;
  long long ddc;
  struct gr_edmd_collapse col;
};

/* A set of runs: one (N, D), every rule, every seed, same initial states. */
struct gr_clumping_group {
  int n;
  double d;
  struct gr_clumping_par par;             /* the printed inputs (box, vmax, mu, t_end) */
  struct gr_edrule rule[CL_NRULE];        /* the rules, with e = par.mu */
  int nseed;
  double *x0, *y0, *vx0, *vy0;            /* initial states, nseed * n */
  struct gr_clumping_series run[CL_NRULE][CL_MAXSEED];
  double *xf[CL_NRULE], *yf[CL_NRULE];    /* final positions of seed 0 */
  double t_long;                          /* horizon of the long runs */
  struct gr_clumping_long lrun[CL_NRULE][CL_MAXSEED];
  const unsigned char *mine;              /* seeds to run (NULL: all; issue 25) */
};

/* Allocate a group of n disks of diameter d with the inputs par and draw
 * its nseed initial states from rng (Wilson's start,
 * physics/place_random.h).  GR_OK, GR_EINPUT (nseed too large), GR_ENOMEM,
 * GR_EFAIL (the disks do not fit). */
GR_MUST_CHECK int gr_clumping_group_new(const struct gr_clumping_par *par, int n, double d,
                                        int nseed, gsl_rng *rng, struct gr_clumping_group **out);
void gr_clumping_group_free(struct gr_clumping_group *g);

/* Run every rule and seed of the group to par.t_end (OpenMP over runs;
 * results do not depend on the thread count).  GR_OK or GR_ENOMEM. */
GR_MUST_CHECK int gr_clumping_group_run(struct gr_clumping_group *g);

/* Run every inelastic rule and seed to g->t_long without sampling, to see
 * which collapse (OpenMP over runs).  GR_OK or GR_ENOMEM. */
GR_MUST_CHECK int gr_clumping_group_long(struct gr_clumping_group *g);

/* One elastic run of n disks of par's D with ncell x ncell cells (0:
 * automatic) in par's box to par's t_end: *events processed, counters in
 * *k.  GR_OK or the engine's set-up status. */
GR_MUST_CHECK int gr_clumping_events_to(const struct gr_clumping_par *par, int n, const double *x,
                          const double *y, const double *vx, const double *vy, int ncell,
                          long long *events, struct gr_edmd_counters *k);

/* Mean and standard error over the runs of rule r that reached sample k
 * (what = 0: T, 1: clustering index, 2: DDC rate / Enskog rate); returns
 * the number of runs (0, with NAN, when none reached it or the mean failed). */
int gr_clumping_stat(const struct gr_clumping_group *g, int r, int k, int what,
                     double *mean, double *se);

/* The values what (as gr_clumping_stat) of the runs of rule r that reached
 * sample k, into v[0..]; returns their number (the per-run values that
 * gr_clumping_stat reduces). */
int gr_clumping_values(const struct gr_clumping_group *g, int r, int k, int what, double *v);

/* The clumping claims of a group (Figs. 5-7) decided by the criterion,
 * and, when power, its rejection rates on synthetic ensembles of the
 * group's shape (clumping_power.c). */
void gr_clumping_report_clumps(struct gr_ctx *ctx, const struct gr_clumping_group *g, const char *tag,
                               int power);

/* The kind of a group's claim rows (clumps, collapse): a result for the
 * text's D; our choice for the listing's D, which the thesis pairs only
 * with the listing's N_PARTICLES, never with the text's N = 1000, 2000
 * (clumping_power.c). */
enum gr_kind gr_clumping_claim_kind(const struct gr_clumping_group *g);

/* Data sets and figures of a group (clumping_series.c): the time series,
 * the rule comparison table, the positions of Figs. 5-7. */
void gr_clumping_series_out(struct gr_ctx *ctx, const struct gr_clumping_group *g,
                            const char *tag, double T0, const double t0[CL_NRULE]);
void gr_clumping_rules_table(struct gr_ctx *ctx, const struct gr_clumping_group *g,
                             const char *tag, double T0);
void gr_clumping_positions(struct gr_ctx *ctx, const struct gr_clumping_group *g);


/* Verdicts, data and figures of a group, and Fig. 4; failures are
 * recorded in the context (sticky), checked once per task. */
void gr_clumping_report_group(struct gr_ctx *ctx, const struct gr_clumping_group *g,
                              int figures);
int gr_clumping_fig4(struct gr_ctx *ctx); /* a task of conditions (its sizes) */

/* The criterion of the clumping claims (clumping_synth.c): the pooled
 * index-of-dispersion test (stats/ensemble_test.h) of the clustering
 * indices ci[0..nrun-1] of independent runs; "clumps form" when *p <
 * CL_LEVEL, "no clumps" unless it is.  GR_OK or GR_EINPUT. */
GR_MUST_CHECK int gr_clumping_dispersion_p(const double *ci, int nrun, double *p);

/* Synthetic ensembles for the criterion's power: uniform independent
 * points (homogeneous, the least clumped a clump-free state can look to
 * the test) or weakly clumped ones (CL_SYNTH_*). */
enum { CL_SYNTH_UNIFORM, CL_SYNTH_CLUMPED };

/* The rate at which the criterion rejects "no clumps" (p < CL_LEVEL) on
 * ntrial synthetic ensembles of nseed configurations of n points of the
 * given kind in a box x box square, drawn from rng; *mean_ci is their
 * mean clustering index.  GR_OK, GR_EINPUT, GR_ENOMEM. */
struct gr_ensemble_test_mc;
GR_MUST_CHECK int gr_clumping_power(gsl_rng *rng, int n, int nseed, int kind, double box,
                      size_t ntrial, struct gr_ensemble_test_mc *mc, double *mean_ci);

/* The benchmark kernels of the event-driven engine (clumping_bench.c). */
extern const struct gr_kernel gr_clumping_kernels[CL_NKERNEL];

#endif
