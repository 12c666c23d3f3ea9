/* granrepro experiment sweetman-neighbors: neighbour search of Sweetman
 * 2003, chapters 2-4 (Verlet table, chain cells, timing).  Shared
 * declarations of sweetman.c (registration, bench kernels, the peer-case
 * configuration), sweetman_ch2.c, sweetman_ch3.c and sweetman_time.c. */
#ifndef GR_EXP_SWEETMAN_H
#define GR_EXP_SWEETMAN_H

#include <stddef.h>

#include "physics/box.h"
#include "physics/cells.h"
#include "physics/cellsort.h"
#include "physics/nbr.h"

struct gr_ctx;

/* The peer case of issue 5: monodisperse spheres of diameter 1 on a simple
 * cubic lattice of spacing 1.25, a random subset of the sites filled (the
 * fraction is not stated: we fill half), each displaced by up to 0.1 per
 * component, in a cubic box with walls; Verlet skin 0.2, so pairs closer
 * than diameter + skin = 1.2 are listed. */
#define SW_DIAMETER 1.0
#define SW_SPACING 1.25
#define SW_FILL 0.5
#define SW_JITTER 0.1
#define SW_SKIN 0.2
#define SW_CUT (SW_DIAMETER + SW_SKIN)

/* n particles of the peer case from a MT19937 stream seeded with seed:
 * *x gets 3n coordinates in lattice-site order (malloc'ed), *box the box.
 * extra > 1 enlarges the box (particles stay in its low corner). */
int sw_lattice(size_t n, unsigned long seed, double extra, double **x,
               struct gr_box *box);

/* What one timed pass does. */
enum sw_method {
  SW_STREAM = 0,     /* sum of all coordinates: the floor */
  SW_CELLS_SORT,     /* counting sort into cells (cell structure only) */
  SW_CELLS_CHAIN,    /* HEAD/LIST of section 3.2 (cell structure only) */
  SW_REBUILD_SORT,   /* sorted cells + pair list + history carried over */
  SW_REBUILD_CHAIN,  /* chain cells + MAP search + pair list + history */
  SW_REBUILD_NSQ     /* N-squared search + pair list + history */
};

/* What a bench kernel measures: its particle count and search method
 * (the DEM kernels use only n). */
struct sw_kernel_arg {
  size_t n;
  enum sw_method method;
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
  double sink; /* keeps the streaming pass from being optimised away */
};

/* The peer case with n particles (extra and m as for sw_lattice; m NULL:
 * M = INT(len / cut) per axis). */
int sw_state_init(struct sw_state *s, size_t n, unsigned long seed,
                  double extra, const int *m);
void sw_state_free(struct sw_state *s);

/* Make the next configuration current (cyclically). */
void sw_next(struct sw_state *s);

/* One pass of a method on the current configuration; 0 on success. */
int sw_pass(struct sw_state *s, enum sw_method method);

/* Names of the methods for data files and kernels. */
const char *sw_method_name(enum sw_method method);

/* The DEM of the peer case (experiments/sweetman_dem.c): the lattice
 * above, Gaussian velocities of SW_DEM_V per component, gravity 1, dt
 * 0.0007, K1 from eq. 2.23 for SW_DEM_NCOLL steps per collision,
 * e = 0.8, mu = 0.5, friction K_o = 2/7 K1 and exponent 1/3 (Walton's
 * usual values: the thesis gives none), skin 0.2, walls all round. */
#define SW_DEM_V 0.4
#define SW_DEM_DT 0.0007
#define SW_DEM_NCOLL 50.0
#define SW_DEM_E 0.8
#define SW_DEM_MU 0.5

struct gr_dem;
struct gr_error;
int sw_dem_peer(struct gr_dem *d, size_t n, unsigned long seed, int search);
int sw_dem_bench_setup(void **state, const void *arg, int quick,
                       unsigned long seed, struct gr_error *err);
double sw_dem_bench_run(void *state);
void sw_dem_bench_teardown(void *state);

int sw_chapter2(struct gr_ctx *ctx);
int sw_chapter3(struct gr_ctx *ctx);
int sw_timing(struct gr_ctx *ctx);
int sw_dem(struct gr_ctx *ctx);

#endif
