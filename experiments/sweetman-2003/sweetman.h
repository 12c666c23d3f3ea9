/* granrepro experiment sweetman-neighbors: neighbour search of Sweetman
 * 2003, chapters 2-4 (Verlet table, chain cells, timing).  Private header
 * of experiments/sweetman-2003/sweetman*.c: the peer-case configuration
 * and its timed passes (sweetman_state.c), the bench kernels
 * (sweetman_bench.c) and the tasks the registration (sweetman.c) runs.
 * Every file includes this header only; none includes another's. */
#ifndef GR_EXP_SWEETMAN_H
#define GR_EXP_SWEETMAN_H

#include <stddef.h>

#include "physics/box.h"
#include "physics/cells.h"
#include "physics/cellsort.h"
#include "physics/nbr.h"

struct gr_ctx;
struct gr_dem;
struct gr_error;

/* The peer case of issue 5: monodisperse spheres of diameter 1 on a simple
 * cubic lattice of spacing 1.25, a random subset of the sites filled (the
 * fraction is not stated: we fill half), each displaced by up to 0.1 per
 * component (physics/place_lattice.h), in a cubic box with walls; Verlet
 * skin 0.2, so pairs closer than diameter + skin = 1.2 are listed. */
#define SW_DIAMETER 1.0
#define SW_SPACING 1.25
#define SW_FILL 0.5
#define SW_JITTER 0.1
#define SW_SKIN 0.2
#define SW_CUT (SW_DIAMETER + SW_SKIN)

/* What one timed pass does. */
enum sw_method {
  SW_STREAM = 0,     /* sum of all coordinates: the floor */
  SW_CELLS_SORT,     /* counting sort into cells (cell structure only) */
  SW_CELLS_CHAIN,    /* HEAD/LIST of section 3.2 (cell structure only) */
  SW_REBUILD_SORT,   /* sorted cells + pair list + history carried over */
  SW_REBUILD_CHAIN,  /* chain cells + MAP search + pair list + history */
  SW_REBUILD_NSQ,    /* N-squared search + pair list + history */
  SW_BW_READ,        /* sum of all coordinates, 8 independent sums: read bandwidth */
  SW_BW_UPDATE       /* x += c x in place: read-modify-write bandwidth */
};

/* What a bench kernel measures: its particle count and search method;
 * the DEM kernels use n and the rest. */
struct sw_kernel_arg {
  size_t n;
  enum sw_method method;
  int threads;   /* DEM: threads of the step (0: --threads) */
  int reorder;   /* DEM: cell order (p.reorder) */
  int shuffle;   /* DEM: particles numbered at random (stream "peer-shuffle") */
  long steps;    /* DEM: steps per run (0: 200) */
};

/* Configurations a timed pass cycles through: the lattice and copies of it
 * each moved by up to SW_MOVE per component, so that repeated passes see
 * a fresh but similar configuration (most pairs persist, some change), as
 * successive rebuilds of a DEM run do, and the branch predictor cannot
 * learn one configuration by heart. */
#define SW_NCONF 4
#define SW_MOVE 0.05

/* A configuration with every structure a method needs (allocated once). */
struct sw_state {
  size_t n;
  double *x;     /* the current configuration (one of conf) */
  double *conf;  /* SW_NCONF configurations of 3n coordinates */
  int k;         /* index of the current one */
  struct gr_box box;
  int m[3];
  struct gr_cells chain;
  struct gr_cellsort sort;
  struct gr_nbr nbr;
  double sink;   /* keeps the streaming pass from being optimised away */
  int status;    /* the first failed pass's status, GR_OK while none (sticky) */
};

/* Keep the first failed status of a series in *status (as gr_buf keeps
 * its first failed allocation). */
static inline void sw_keep(int *status, int rc)
{
  if (*status == GR_OK)
    *status = rc;
}

/* The peer case with n particles from the streams (--seed seed,
 * "peer-lattice", "peer-moves") of harness/rng.h; m NULL: M = INT(len / cut)
 * per axis, else that grid (the box stretched so cells are >= the cut). */
int gr_sweetman_state_init(struct sw_state *s, size_t n, unsigned long seed,
                           const int *m);
void gr_sweetman_state_free(struct sw_state *s);

/* Make the next configuration current (cyclically). */
void gr_sweetman_next(struct sw_state *s);

/* One pass of a method on the current configuration; GR_OK, else the
 * failed search's status (GR_ENOMEM) or GR_EINPUT for no such method. */
int gr_sweetman_pass(struct sw_state *s, enum sw_method method);

/* Shortest process-CPU time of one pass over reps passes, each on the next
 * configuration, after a warm-up pass (harness/timer.h); a failed pass
 * leaves its status in s->status. */
double gr_sweetman_time(struct sw_state *s, enum sw_method method, int reps);

/* Names of the methods for data files and kernels. */
const char *gr_sweetman_method_name(enum sw_method method);

/* The DEM of the peer case (streams "peer-lattice", "peer-velocities"):
 * the lattice above, Gaussian velocities of
 * SW_DEM_V per component, gravity 1, dt 0.0007, K1 from eq. 2.23 for
 * SW_DEM_NCOLL steps per collision, e = 0.8, mu = 0.5, friction K_o = 2/7
 * K1 and exponent 1/3 (Walton's usual values: the thesis gives none),
 * skin 0.2, walls all round. */
#define SW_DEM_V 0.4
#define SW_DEM_DT 0.0007
#define SW_DEM_NCOLL 50.0
#define SW_DEM_E 0.8
#define SW_DEM_MU 0.5
int gr_sweetman_dem_peer(struct gr_dem *d, size_t n, unsigned long seed,
                         int search);

/* The four timed routines of section 4.2. */
enum { SW_T_UPDATE = 0, SW_T_FORCES, SW_T_INTEG, SW_T_DIAG, SW_T_N };

/* Run steps steps of d, adding each routine's CPU time on the calling
 * thread's clock (harness/timer.h: the runs are serial, and step side by
 * side a thread each) to t (zeroed first); diagnostics every step, as
 * DIAGNOS2 accumulates its averages every step; contacts summed over the
 * steps.  When trace is not NULL every 25th step's energies go to it and
 * erise gets the total energy at the start, its largest rise above that,
 * and its last value (sweetman_dem.c). */
struct gr_data;
int gr_sweetman_dem_timed(struct gr_dem *d, long steps, double t[SW_T_N], long *contacts,
                          struct gr_data *trace, double erise[3]);

/* The bench kernels (sweetman_bench.c): one rebuild pass per sample of
 * an N and a method (arg: struct sw_kernel_arg), and DEM steps. */
int gr_sweetman_bench_setup(void **state, const void *arg, int quick,
                            unsigned long seed, struct gr_error *err);
double gr_sweetman_bench_run(void *state);
void gr_sweetman_bench_teardown(void *state);
int gr_sweetman_dem_bench_setup(void **state, const void *arg, int quick,
                                unsigned long seed, struct gr_error *err);
double gr_sweetman_dem_bench_run(void *state);
void gr_sweetman_dem_bench_teardown(void *state);

/* The tasks of the run. */
int gr_sweetman_chapter2(struct gr_ctx *ctx);
int gr_sweetman_chapter3(struct gr_ctx *ctx);
int gr_sweetman_nsq(struct gr_ctx *ctx);       /* Fig. 4.1 */
int gr_sweetman_cells(struct gr_ctx *ctx);     /* Fig. 4.2 */
int gr_sweetman_table41(struct gr_ctx *ctx);   /* Fig. 4.3, Table 4.1 */
/* Section 4.1's system (text-4-1.tsv): the particles (a whole number,
 * 2 to 1e7) and the span in seconds (above 0, at most 1000), read as
 * inputs; a value outside fails the run, one line (GR_EINPUT). */
int gr_sweetman_text41(struct gr_ctx *ctx, size_t *n, double *secs);
int gr_sweetman_equivalence(struct gr_ctx *ctx); /* section 4.1 */
int gr_sweetman_drift(struct gr_ctx *ctx);     /* section 4.1: summation orders */
int gr_sweetman_table42(struct gr_ctx *ctx);   /* Table 4.2, Figs. 4.4-4.8 */

#endif
