/* granrepro experiment bizon-patterns: patterns in a vertically vibrated
 * granular layer, C. Bizon, M. D. Shattuck, J. B. Swift, W. D. McCormick
 * and H. L. Swinney, PRL 80, 57 (1998) (the goal of B. Wilson's thesis,
 * UBC 2001, sections 1 and 6; facts: shared/papers/bizon-1998-vibrated-
 * layer-facts.md).  Shared declarations of the scenario files. */
#ifndef GR_BIZON_H
#define GR_BIZON_H

#include <stddef.h>

struct gr_ctx;
#include <gsl/gsl_rng.h>

#include "status.h"

#define BZ_MODEL "model"
/* The options a run reads (--set NAME=VALUE), checked by gr_bz_opts. */
#define BZ_OPTIONS "scale poly periodic lid phase transient cycles box aspect strip_lx strip_ly " \
                   "onset_box onset_step onset_lo onset_hi onset_fstar nfreq tc"
#define BZ_FIG1 "fig1"
#define BZ_DISP "dispersion"
#define BZ_ONSET "onset"
#define BZ_COST "cost"
#define BZ_SUB 32      /* plate-contact samples per drive cycle (flight time) */

/* The run's open choices (options of bizon.c, each with its reason there). */
struct bz_opts {
  int quick, scale;          /* scale 0 default, 1 full, 2 published geometry */
  double poly, lid, phase;   /* size spread, lid height (0 none), snapshot phase */
  int periodic;
  int transient, cycles;     /* drive cycles before and during measurement */
  double box;                /* Fig. 1 box side along x (0: by scale) */
  double aspect;             /* Fig. 1 box: y side over x side */
  double strip_lx, strip_ly; /* dispersion strips */
  double onset_box, onset_step, onset_lo, onset_hi, onset_fstar;
  int nfreq;                 /* dispersion frequencies */
  double tc;                 /* the TC model's time (physics/ed3.h; 0 off) */
};

/* The model (model.tsv) as the engine wants it. */
struct bz_model {
  double e0, v0, e_exp, mu, beta0, K, per_area, H;
};

/* A layer's state between runs (onset sweeps continue it at a new Gamma):
 * positions, velocities, spins, radii; n = 0 before the first run. */
struct bz_state {
  int n;
  double *x, *y, *z, *vx, *vy, *vz, *wx, *wy, *wz, *r;
};
void gr_bz_state_free(struct bz_state *s);

struct gr_ed3;
struct bz_cfg;
/* bizon_setup.c: the lattice start (buf: x y z then interleaved v, 6 n),
 * the engine of a cfg (from c->state when it holds n spheres), the state
 * kept at the end of a run. */
int gr_bz_start(const struct bz_cfg *c, int n, double *buf, double *radii);
int gr_bz_engine(const struct bz_cfg *c, int n, const double *buf, const double *radii,
                 struct gr_ed3 **s);
int gr_bz_keep(struct gr_ed3 *e, struct bz_state *s, int n);

/* One layer run. */
struct bz_cfg {
  double gamma, fstar, lx, ly;
  int transient, cycles, keep; /* keep: store the last two height fields */
  const struct bz_opts *o;
  const struct bz_model *m;
  gsl_rng *rng;
  struct bz_state *state; /* NULL: a fresh start; else continue it and keep the end */
};

/* The numbers come before the arrays: a shard journals a run's result as
 * the bytes of the struct up to savg, then the arrays (bizon_runs.c). */
struct bz_res {
  int status, n, nx, ny;
  int type, ndir, jx, jy, response, layer_period;
  double ratio, order, lambda, lambda_res, c1, c2, c4;
  double flight;     /* mean contact-free run (a flight) ended by a contact, in cycles */
  double pair_pp;    /* pair collisions per sphere per cycle */
  long long overlaps, events;
  double stop_time;  /* the engine's time in cycles when the run ended */
  double *savg;      /* nx ny, S(k) averaged over the measured cycles */
  double *h2;        /* 2 nx ny: the last two height fields (keep) */
  double *orders;    /* order parameter per measured cycle */
};

/* The options (bizon_opts.c): GR_EINPUT naming a bad one. */
int gr_bz_opts(struct gr_ctx *ctx, struct bz_opts *o);
/* The model's constants from model.tsv (bizon_opts.c). */
int gr_bz_model(struct gr_ctx *ctx, struct bz_model *m);

/* Run one layer; GR_OK or an engine status in r->status (r filled). */
int gr_bz_layer(const struct bz_cfg *c, struct bz_res *r);
/* A result before its run: r zeroed, its sizes (spheres, 1 x 1 sigma
 * cells) and zeroed arrays; GR_ENOMEM (nothing held) when they do not fit. */
int gr_bz_res_alloc(const struct bz_cfg *c, struct bz_res *r) GR_MUST_CHECK;
void gr_bz_res_free(struct bz_res *r);

/* Layer runs as the conditions of a task (issue 25; bizon_runs.c): run i
 * is cfg[i] (its own random stream), named name[i] in a shard's journal,
 * its result res[i]. */
#define BZ_RUNS_MAX 12
struct bz_runs {
  int n;
  char name[BZ_RUNS_MAX][32];
  struct bz_cfg cfg[BZ_RUNS_MAX];
  struct bz_res res[BZ_RUNS_MAX];
};
/* Run them (gr_ctx_conditions: all, this shard's, or none in the merge,
 * which reads their results back); *partial = 1 in a shard, whose task
 * must not report.  GR_ENOMEM when a run or a result did not fit, else
 * the context's status.  gr_bz_runs_free frees the results (u zeroed
 * before the call). */
int gr_bz_runs(struct gr_ctx *ctx, struct bz_runs *u, int *partial) GR_MUST_CHECK;
void gr_bz_runs_free(struct bz_runs *u);
/* Layer flight points for the ball figure (collected by the layer tasks;
 * bizon_opts.c), emptied by gr_bz_flight_reset at a run's start. */
void gr_bz_flight_reset(void);
void gr_bz_flight_add(double gamma, double fstar, double flight);
size_t gr_bz_flight_get(double *gamma, double *fstar, double *flight, size_t max);

/* bizon_view.c: the top views and S(k) of a Fig. 1 panel p (data and
 * figures). */
int gr_bz_panel_view(struct gr_ctx *ctx, const char *p, const struct bz_res *r, double lx, double ly,
                     double gamma, double fstar);

int gr_bz_ball(struct gr_ctx *ctx);
int gr_bz_fig1(struct gr_ctx *ctx);
int gr_bz_onset(struct gr_ctx *ctx);
int gr_bz_dispersion(struct gr_ctx *ctx);

#endif
