/* granrepro experiment greenspan: D. Greenspan and M. Rosati, "Computer
 * Generation of Particle Solids", UW-Madison Computer Sciences TR 273
 * (1976).  Shared declarations of greenspan.c (bodies, readings, the run
 * loop, registration), greenspan_tri.c (Tables 1-2, the K sequence, the
 * variant table), greenspan_rect.c (Tables 3-4, the falling body of Section
 * 5) and greenspan_trials.c (Section 3 constants, the earlier trials). */
#ifndef GR_EXP_GREENSPAN_H
#define GR_EXP_GREENSPAN_H

#include <stddef.h>

#include "physics/leapfrog.h"
#include "physics/pairforce.h"

struct gr_ctx;

#define GS_NMAX 46         /* largest body (Table 3) */
#define GS_DT 1e-4         /* Section 4 */
#define GS_GRAVITY 32.0    /* eq. (2.8) */
#define GS_CUTOFF 1.5      /* Section 4 */
#define GS_KSTOP 5000      /* listing: IF (K.LT.5000) GO TO 65, K starts at 1 */

/* One reading of the paper and its listing: the experiment's options.
 * Where the text and the listing disagree, each choice is a field. */
struct gs_reading {
  const char *name;   /* short key: "listing" */
  const char *what;   /* one line for the variant table */
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
  int table1_printed; /* Table 1 as printed: x_20 = -6 */
};

/* A body: initial positions and force parameters of a scenario. */
struct gs_body {
  size_t n;
  double x[GS_NMAX], y[GS_NMAX];
  double m, G, H;
  int alpha, beta;
  double cutoff;     /* <= 0: none (the earlier trials of Section 4) */
};

/* A running simulation of one body under one reading. */
struct gs_sim {
  struct gr_leapfrog *lf;
  struct gr_pairforce pf;
  struct gr_pairforce_ws *ws;
  struct gs_reading rd;
  int diverged;      /* a coordinate became non-finite */
};

/* The readings compared in the variant table; [0] is the one that
 * reproduces Table 2. */
#define GS_NREADINGS 14
extern const struct gs_reading gs_readings[];
extern const size_t gs_nreadings;

/* Bodies built from the building-block rule of Sections 3-5: a lattice of
 * triangles with base 1.2 and height 0.8. */
void gs_body_triangle(struct gs_body *b);     /* Fig. 4.1, N = 28 */
void gs_body_rectangle(struct gs_body *b);    /* Table 3, N = 46 */
void gs_body_staircase(struct gs_body *b);    /* Fig. 5.1 (a), N = 8 */

/* Mirror partner of each particle (x -> -x), -1 when none. */
void gs_body_mirror(const struct gs_body *b, int *partner);

/* Start a simulation; NULL when out of memory. */
struct gs_sim *gs_sim_new(const struct gs_body *b, const struct gs_reading *rd);
void gs_sim_free(struct gs_sim *s);

/* Steps the reading takes to reach what the paper calls t_n. */
long gs_steps_for(const struct gs_reading *rd, long n);

/* Advance to the paper's t_n (punching the state at restarts); nonzero
 * when the state diverges. */
int gs_sim_advance(struct gs_sim *s, long n);

/* Largest |q_i -/+ q_mirror(i)| over positions and velocities. */
double gs_sim_asymmetry(const struct gs_sim *s, const int *partner);

/* Parts of the run (one timed phase each). */
int gs_triangle(struct gr_ctx *ctx);
int gs_rectangle(struct gr_ctx *ctx);
int gs_falling(struct gr_ctx *ctx);
int gs_trials(struct gr_ctx *ctx);
int gs_constants(struct gr_ctx *ctx);

/* Shared reporting: compare positions (and velocities when vel) of a run
 * with a reference table whose rows are particle numbers 1..n. */
int gs_compare_state(struct gr_ctx *ctx, const char *table,
                     const struct gs_sim *s, int vel, const char *note);

/* A final body beside a table of published positions: <name>.dat/.gp. */
int gs_state_figure(struct gr_ctx *ctx, const char *name, const char *title,
                    const char *table, const struct gs_sim *s);

/* Write the particles of a simulation as one data block. */
struct gr_data;
void gs_write_positions(struct gr_data *d, const struct gs_sim *s, long label);

#endif
