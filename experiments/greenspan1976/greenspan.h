/* granrepro experiment greenspan: D. Greenspan and M. Rosati, "Computer
 * Generation of Particle Solids", UW-Madison Computer Sciences TR 273
 * (1976).  Private header of experiments/greenspan1976/: greenspan.c (the
 * tasks, kernel, registration), greenspan_body.c (the readings, the bodies
 * of Sections 4-5 and the shared reporting), greenspan_tri.c and
 * greenspan_tri_report.c (Tables 1-2, the K sequence, the variant table),
 * greenspan_rect.c (Tables 3-4), greenspan_fall.c (Fig. 5.1) and
 * greenspan_trials.c (Section 3 constants, the earlier trials),
 * greenspan_removal.c (the removal of P_19 in those trials),
 * greenspan_steady.c (the oscillations of the final bodies, Sections 4-5)
 * and greenspan_sec6.c, greenspan_sec6_report.c (the remarks of Section
 * 6).  The physics is src/physics/psolid.h, the criteria of the claims
 * src/physics/psclaim.h; the prose is
 * reference/greenspan1976/greenspan.notes.md.in. */
#ifndef GR_EXP_GREENSPAN_H
#define GR_EXP_GREENSPAN_H

#include <stddef.h>

#include "physics/psolid.h"

struct gr_ctx;
struct gr_data;

#define GS_NMAX 46         /* largest body (Table 3) */
#define GS_DT 1e-4         /* Section 4 */
#define GS_GRAVITY 32.0    /* eq. (2.8) */
#define GS_CUTOFF 1.5      /* Section 4 */
#define GS_NK 20           /* the K sequence: K_500 ... K_10000 */
#define GS_TEND 10000      /* Table 2: t_10000 */
#define GS_FALL_T 7000     /* Fig. 5.1 (g): t_7000 */
#define GS_RECT_T 32000    /* Fig. 5.2, Table 4: 32000 steps */

/* One reading of the paper and its listing: the experiment's options.
 * Where the text and the listing disagree, each choice is a field. */
struct gs_reading {
  const char *name;   /* short key: "listing" */
  const char *what;   /* one phrase for the variant table */
  int start;          /* GR_LEAPFROG_START_FULL (listing) or _HALF (eq. 2.1) */
  double floor_e;     /* v_y -> -e v_y: listing 0.1, text 1 */
  double floor_kx;    /* v_x -> kx v_x: text and listing 0 */
  double G, H;        /* > 0: override the scenario's (listing: 2500, 2500) */
  int sign;           /* +1: H repulsive (listing); -1: eqs. (2.5)-(2.6) as printed */
  int listing_counter;/* 1: "t_n" is the listing's K = n, i.e. n - 1 steps */
  int restart;        /* 1: each run stops at K = 5000 and is restarted from the
                         state punched with FORMAT (5F10.4) */
  int sum;            /* enum gr_pairforce_sum */
  int single;         /* binary32 storage */
  double perturb;     /* added to x of the last particle at t = 0 */
  double dt;          /* > 0: the time step (else GS_DT) */
  int table1_printed; /* Table 1 as printed: x_20 = -6 */
  int sensitivity;    /* 1: a perturbation of the listing reading */
};

/* A body: initial positions and force parameters of a scenario. */
struct gs_body {
  size_t n;
  double x[GS_NMAX], y[GS_NMAX];
  double m, G, H;
  int alpha, beta;
  double cutoff;     /* <= 0: none (the earlier trials of Section 4) */
};

/* What one reading of the triangle scores at t_10000. */
struct gs_metrics {
  double pos_max, pos_rms, vel_max, vel_rms, asym, k_max, k_rms;
  int k_within;  /* K values within half a unit of the printed ones */
  double K[GS_NK];
  double kt[GS_TEND / 50];  /* K every 50 time units, for the figure */
};

/* The readings compared in the variant table; [0] is the one that
 * reproduces Table 2. */
#define GS_NREADINGS 15
extern const struct gs_reading gr_greenspan_readings[GS_NREADINGS];

/* Bodies of the building-block rule of Sections 3-5 (the paper's layouts:
 * triangles with base 1.2 and height 0.8). */
void gr_greenspan_triangle_body(struct gs_body *b);   /* Fig. 4.1, N = 28 */
void gr_greenspan_rectangle_body(struct gs_body *b);  /* Table 3, N = 46 */
void gr_greenspan_staircase_body(struct gs_body *b);  /* Fig. 5.1 (a), N = 8 */

/* The body under one reading (forces, start, floor, bookkeeping, the
 * perturbation) in *s; GR_ENOMEM (*s NULL) when out of memory. */
int gr_greenspan_sim(struct gr_psolid **s, const struct gs_body *b, const struct gs_reading *rd);

/* A published state of Tables 1-4 or falling.tsv: particles 1..n. */
struct gs_pub {
  size_t n;
  double x[GS_NMAX], y[GS_NMAX], vx[GS_NMAX], vy[GS_NMAX];
};

/* Columns x, y (and vx, vy when vel) of rows 1..n of table into p; GR_OK,
 * else the run failed (a missing table, row or cell; n > GS_NMAX). */
int gr_greenspan_pub(struct gr_ctx *ctx, const char *table, size_t n, int vel,
                     struct gs_pub *p) GR_MUST_CHECK;

/* Compare the initial positions of a body with a table (rows 1..n). */
void gr_greenspan_compare_initial(struct gr_ctx *ctx, const char *table,
                                  const struct gs_body *b, const char *note);

/* Compare positions (and velocities when vel) of a run with a table. */
void gr_greenspan_compare_state(struct gr_ctx *ctx, const char *table,
                                const struct gr_psolid *s, int vel, const char *note);

/* A final body beside a table of published positions: <name>.dat/.gp. */
void gr_greenspan_state_figure(struct gr_ctx *ctx, const char *name, const char *title,
                               const char *table, const struct gr_psolid *s);

/* Write the particles of a simulation as one data block. */
void gr_greenspan_write_positions(struct gr_data *d, const struct gr_psolid *s, long label);

/* Reporting of the triangle (greenspan_tri_report.c): the sensitivity
 * rows, the variant table for the notes, the K(t) figure (kpub: the
 * published K sequence, GS_NK values). */
void gr_greenspan_sensitivity(struct gr_ctx *ctx, struct gr_psolid *const *s,
                              const struct gs_metrics *m);
void gr_greenspan_variant_table(struct gr_ctx *ctx, const struct gs_metrics *m);
void gr_greenspan_k_figure(struct gr_ctx *ctx, const struct gs_metrics *listing,
                           const struct gs_metrics *text, const double *kpub);

/* The removal of P_19 in the trials of Section 4 (greenspan_removal.c):
 * GS_MEMBERS removals GS_MEMBER_GAP steps apart, each paired with a
 * control run that keeps P_19, over "two thousand further iterations";
 * window means over the last GS_WINDOW steps, every GS_SAMPLE-th. */
#define GS_P19 18           /* P_19, 0-based */
#define GS_MEMBERS 20
#define GS_MEMBER_GAP 250
#define GS_AFTER 2000
#define GS_WINDOW 1000
#define GS_SAMPLE 10
#define GS_SIGN_LEVEL 0.01  /* a claim's direction: sign test, p < 0.01 */

/* One removal: window means of the control (cx, cy) and of removal minus
 * control (dx, dy), indexed by particle number - 1 of the full body. */
struct gs_removal {
  double cx[GS_NMAX], cy[GS_NMAX], dx[GS_NMAX], dy[GS_NMAX];
};

/* The GS_MEMBERS removals of one trial from base at t_10000 (advanced in
 * place); *first is member 0's removal run (free it).  GR_EFAIL when a run
 * diverged, GR_ENOMEM. */
int gr_greenspan_removals(const struct gs_body *b, struct gr_psolid *base,
                          struct gs_removal *o, struct gr_psolid **first)
    __attribute__((warn_unused_result));

/* The oscillations of a final body (greenspan_steady.c): the range of
 * every coordinate over the last GS_OSC_STEPS steps up to the run's end
 * t_to, at every step (lo, hi) and at the listing's prints, every
 * GS_KPRINT steps (plo, phi); criteria in physics/psclaim.h. */
#define GS_OSC_STEPS 2000
#define GS_KPRINT 250
struct gs_window {
  long to;   /* the paper's t_n the window ends at */
  size_t n;
  double lo[2 * GS_NMAX], hi[2 * GS_NMAX], plo[2 * GS_NMAX], phi[2 * GS_NMAX];
};
void gr_greenspan_window_init(struct gs_window *w, size_t n, long to);

/* Widen w by the state of s at the paper's t_t (ignored before the window). */
void gr_greenspan_window_add(struct gs_window *w, const struct gr_psolid *s, long t);

/* The angular frequency sqrt(2k/m) of one bond of body b at its rest
 * length r0 = (H/G)^(1/(alpha - beta)), k = m^2 (alpha - beta) G / r0^(beta+1). */
double gr_greenspan_bond_omega(const struct gs_body *b);

/* Advance s to w->to, step by step through the window; 1 when diverged. */
int gr_greenspan_advance_window(struct gr_psolid *s, struct gs_window *w);

/* The claims of Sections 4 and 5 on the oscillations: the triangle's
 * listing reading (w), the rectangle's floor-slip reading (w) beside its
 * listing reading (wl, for the notes). */
void gr_greenspan_oscillation_triangle(struct gr_ctx *ctx, const struct gs_window *w);
void gr_greenspan_oscillation_rectangle(struct gr_ctx *ctx, const struct gs_window *w,
                                        const struct gs_window *wl);

/* Section 6 (greenspan_sec6.c runs, greenspan_sec6_report.c reports):
 * the control, dt of remarks.tsv and the undamped floor on the bodies,
 * S6_STARTS starts each, and the exponent sets on the triangle (the
 * family's high end and the unstable set also from S6_MORE starts). */
#define S6_STARTS 4     /* the published start and three perturbed ones */
#define S6_MORE 12      /* starts of the informative recount of the sets at the boundary */
#define S6_PERTURB 0.01 /* U(-0.01, 0.01) on every coordinate (y -> |y|) */
#define S6_OVERLAP 0.5  /* half the shortest bond of the lattices (1.0) */
#define S6_CHECK 50     /* steps between checks of the state */
#define S6_NBODY 3      /* triangle, staircase, rectangle */
#define S6_NSET 8       /* room for the exponent family and the unstable set */
enum { S6_CONTROL, S6_DT, S6_FLOOR, S6_NCOND };

/* One run: its state at the first failed check (GR_PSCLAIM_HELD if none;
 * -1: not run), when and which particle (1-based); its state at the end
 * (a diverged run stops); the largest K and the closest pair at the
 * checks before the first failure; K and the coarsest place of the last
 * GS_OSC_STEPS steps when it never failed. */
struct s6_run {
  int state, end_state;
  long t_fail;
  size_t who;
  double k_max, d_min, k_end;
  int coarsest;
};

struct s6 {
  double dt;                          /* remarks.tsv */
  int a[S6_NSET], b[S6_NSET], nset;   /* alpha, beta: the family, then the unstable set */
  size_t nbody, nstart, nmore;        /* quick: 1, 1, 1 */
  double pert[S6_NBODY][S6_MORE][2 * GS_NMAX];
  struct s6_run cond[S6_NCOND][S6_NBODY][S6_STARTS], set[S6_NSET][S6_MORE];
};
void gr_greenspan_remarks_report(struct gr_ctx *ctx, const struct s6 *r);

/* Parts of the run (one timed phase each). */
int gr_greenspan_triangle(struct gr_ctx *ctx);
int gr_greenspan_rectangle(struct gr_ctx *ctx);
int gr_greenspan_falling(struct gr_ctx *ctx);
int gr_greenspan_trial_honey(struct gr_ctx *ctx);    /* the trials of Section 4 */
int gr_greenspan_trial_sand(struct gr_ctx *ctx);
int gr_greenspan_trial_collapse(struct gr_ctx *ctx);
int gr_greenspan_constants(struct gr_ctx *ctx);
int gr_greenspan_remarks(struct gr_ctx *ctx);         /* Section 6 */

#endif
