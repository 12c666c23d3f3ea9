/* granrepro experiment wilson-clumping: B. Wilson, "Computer Simulations
 * of Pattern Formations in Granular Materials" (UBC, 2001), sections 2-3
 * and appendix A: event-driven hard disks (Marin-Risso-Cordero) and the
 * clumping of inelastic disks.  Shared declarations of wilson.c (runs,
 * registration, kernels), wilson_init.c (initial states) and
 * wilson_report.c (verdicts and figures). */
#ifndef GR_EXP_WILSON_H
#define GR_EXP_WILSON_H

#include <gsl/gsl_rng.h>

#include "physics/edmd.h"

struct gr_ctx;

#define WC_L 10.0        /* box 10 x 10 (section 3) */
#define WC_TEND 10.0     /* "after 10 units of system time" */
#define WC_NS 100        /* samples at t_k = WC_TEND (k / WC_NS)^2: dense early */
#define WC_NRULE 5
#define WC_BOXES 10      /* clustering index on a 10 x 10 grid of 1 x 1 boxes */
#define WC_MAXSEED 16

/* Sample time t_k. */
static inline double wc_time(int k) { return WC_TEND * (double)k * k / ((double)WC_NS * WC_NS); }

/* A collision rule of the comparison and its short name. */
struct wc_rule {
  const char *name;
  struct gr_edrule r;
};
extern const struct wc_rule wc_rules[WC_NRULE];

/* One run: samples up to where it stopped. */
struct wc_series {
  int status;               /* GR_EDMD_DONE or GR_EDMD_COLLAPSE */
  int nsamp;                /* samples taken (k = 0 .. nsamp - 1) */
  double T[WC_NS + 1];      /* granular temperature */
  double ci[WC_NS + 1];     /* clustering index */
  double ddc[WC_NS + 1];    /* DDCs in (t_{k-1}, t_k] */
  double e_err, p_err;      /* worst energy / momentum balance error (relative) */
  double ddc_p;             /* |momentum change by DDCs| / (N v_rms0) */
  struct gr_edmd_counters k;
  struct gr_edmd_collapse col;
};

/* A set of runs: one (N, D), every rule, every seed, same initial states. */
struct wc_group {
  int n;
  double d;
  int nseed;
  double *x0, *y0, *vx0, *vy0;            /* initial states, nseed * n */
  struct wc_series run[WC_NRULE][WC_MAXSEED];
  double *xf[WC_NRULE], *yf[WC_NRULE];    /* final positions of seed 0 */
  double t_long;                          /* horizon of the long runs */
  struct wc_long {                        /* long runs: to t_long or collapse */
    int status;
    double t;
    long long ddc;
    struct gr_edmd_collapse col;
  } lrun[WC_NRULE][WC_MAXSEED];
};

/* Wilson's start (appendix A.1 rand_pos_vel_assign): positions uniform in
 * the box, rejected when overlapping or outside it, velocities uniform in
 * [-1, 1].  Returns 0, -1 when it cannot place the disks. */
int wc_init(int n, double d, double l, gsl_rng *rng, double *x, double *y,
            double *vx, double *vy);

/* Allocate a group and draw its initial states from a generator seeded
 * with seed; NULL when out of memory or the disks do not fit. */
struct wc_group *wc_group_new(int n, double d, int nseed, unsigned long seed);
void wc_group_free(struct wc_group *g);

/* Run every rule and seed of the group to WC_TEND (OpenMP over runs;
 * results do not depend on the thread count).  0, or -1 out of memory. */
int wc_group_run(struct wc_group *g);

/* Run every inelastic rule and seed to g->t_long without sampling, to see
 * which collapse (OpenMP over runs).  0, or -1 out of memory. */
int wc_group_long(struct wc_group *g);

/* One run with given cells (0: automatic) to t_end; events processed. */
long long wc_events_to(int n, double d, const double *x, const double *y,
                       const double *vx, const double *vy, int ncell, double t_end,
                       struct gr_edmd_counters *k);

/* Verdicts, figures and notes (wilson_report.c). */
int wc_report_group(struct gr_ctx *ctx, const struct wc_group *g, int figures);
int wc_report_fig4(struct gr_ctx *ctx, int quick, unsigned long seed);
int wc_notes(struct gr_ctx *ctx);

#endif
