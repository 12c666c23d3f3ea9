/* granrepro experiment sweetman-neighbors: Sweetman 2003, chapters 2-4 --
 * the Verlet table, the chain-cell linked list and its timing.
 * Registration: the tasks of the run and the `granrepro bench` kernels
 * (the analysis prose is reference/sweetman-2003/sweetman-neighbors.notes.md.in). */
#include "experiments/sweetman-2003/sweetman.h"
#include "harness/ctx.h"
#include "harness/experiment.h"

/* The size (and search) of each kernel, handed to its setup as arg; the
 * DEM kernels' threads, cell order, shuffle and steps per run (sweetman.h). */
#define SW_ARG(n, m) {n, m, 0, 0, 0, 0}
static const struct sw_kernel_arg sw_args[] = {
  SW_ARG(1000, SW_STREAM), SW_ARG(10000, SW_STREAM), SW_ARG(100000, SW_STREAM), SW_ARG(1000000, SW_STREAM),
  SW_ARG(1000, SW_CELLS_SORT), SW_ARG(10000, SW_CELLS_SORT), SW_ARG(100000, SW_CELLS_SORT), SW_ARG(1000000, SW_CELLS_SORT),
  SW_ARG(1000, SW_CELLS_CHAIN), SW_ARG(10000, SW_CELLS_CHAIN), SW_ARG(100000, SW_CELLS_CHAIN), SW_ARG(1000000, SW_CELLS_CHAIN),
  SW_ARG(1000, SW_REBUILD_SORT), SW_ARG(10000, SW_REBUILD_SORT), SW_ARG(100000, SW_REBUILD_SORT), SW_ARG(1000000, SW_REBUILD_SORT),
  SW_ARG(1000, SW_REBUILD_CHAIN), SW_ARG(10000, SW_REBUILD_CHAIN), SW_ARG(100000, SW_REBUILD_CHAIN), SW_ARG(1000000, SW_REBUILD_CHAIN),
  SW_ARG(1000, SW_REBUILD_NSQ), SW_ARG(10000, SW_REBUILD_NSQ), SW_ARG(1000, SW_STREAM), SW_ARG(10000, SW_STREAM),
  SW_ARG(64000, SW_STREAM), SW_ARG(100000, SW_STREAM), SW_ARG(1000000, SW_STREAM),
  /* issue 14: streaming floors, then DEM steps on 1 and 2 threads (one
   * record gives the speed-up), in cell order, from a shuffled start */
  SW_ARG(100000, SW_BW_READ), SW_ARG(1000000, SW_BW_READ), SW_ARG(100000, SW_BW_UPDATE), SW_ARG(1000000, SW_BW_UPDATE),
  {64000, SW_STREAM, 1, 0, 0, 0}, {64000, SW_STREAM, 2, 0, 0, 0},
  {100000, SW_STREAM, 1, 0, 0, 0}, {100000, SW_STREAM, 2, 0, 0, 0},
  {1000000, SW_STREAM, 1, 0, 0, 50}, {1000000, SW_STREAM, 2, 0, 0, 50},
  {1000000, SW_STREAM, 1, 1, 0, 50}, {1000000, SW_STREAM, 1, 0, 1, 50},
  {1000000, SW_STREAM, 1, 1, 1, 50},
};

/* Per N: the streaming pass (floor), the two cell structures, the three
 * whole rebuilds (cells, pair list, contact history carried over), and a
 * full DEM step; then the streaming bandwidths (bw-*), and DEM steps on
 * 1 and 2 threads (-t1, -t2), in cell order (reorder) and from a shuffled
 * numbering (shuf).  "dem-step50" kernels run 50 steps per run (the 1e6
 * variants would otherwise take minutes): they compare with each other. */
#define SW_PASS_KERNEL(nm, a)                                                                    \
  {.name = nm, .unit = "particles", .setup = gr_sweetman_bench_setup,                            \
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[a]}
#define SW_DEM_KERNEL(nm, a)                                                                     \
  {.name = nm, .unit = "particle-steps", .setup = gr_sweetman_dem_bench_setup,                   \
   .run = gr_sweetman_dem_bench_run, .teardown = gr_sweetman_dem_bench_teardown, .arg = &sw_args[a]}
static const struct gr_kernel sw_kernels[] = {
  {.name = "stream-1e3", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[0]},
  {.name = "stream-1e4", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[1]},
  {.name = "stream-1e5", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[2]},
  {.name = "stream-1e6", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[3]},
  {.name = "cells-sort-1e3", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[4]},
  {.name = "cells-sort-1e4", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[5]},
  {.name = "cells-sort-1e5", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[6]},
  {.name = "cells-sort-1e6", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[7]},
  {.name = "cells-chain-1e3", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[8]},
  {.name = "cells-chain-1e4", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[9]},
  {.name = "cells-chain-1e5", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[10]},
  {.name = "cells-chain-1e6", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[11]},
  {.name = "rebuild-sort-1e3", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[12]},
  {.name = "rebuild-sort-1e4", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[13]},
  {.name = "rebuild-sort-1e5", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[14]},
  {.name = "rebuild-sort-1e6", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[15]},
  {.name = "rebuild-chain-1e3", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[16]},
  {.name = "rebuild-chain-1e4", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[17]},
  {.name = "rebuild-chain-1e5", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[18]},
  {.name = "rebuild-chain-1e6", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[19]},
  {.name = "rebuild-nsq-1e3", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[20]},
  {.name = "rebuild-nsq-1e4", .unit = "particles", .setup = gr_sweetman_bench_setup,
   .run = gr_sweetman_bench_run, .teardown = gr_sweetman_bench_teardown, .arg = &sw_args[21]},
  {.name = "dem-step-1e3", .unit = "particle-steps", .setup = gr_sweetman_dem_bench_setup,
   .run = gr_sweetman_dem_bench_run, .teardown = gr_sweetman_dem_bench_teardown, .arg = &sw_args[22]},
  {.name = "dem-step-1e4", .unit = "particle-steps", .setup = gr_sweetman_dem_bench_setup,
   .run = gr_sweetman_dem_bench_run, .teardown = gr_sweetman_dem_bench_teardown, .arg = &sw_args[23]},
  {.name = "dem-step-64e3", .unit = "particle-steps", .setup = gr_sweetman_dem_bench_setup,
   .run = gr_sweetman_dem_bench_run, .teardown = gr_sweetman_dem_bench_teardown, .arg = &sw_args[24]},
  {.name = "dem-step-1e5", .unit = "particle-steps", .setup = gr_sweetman_dem_bench_setup,
   .run = gr_sweetman_dem_bench_run, .teardown = gr_sweetman_dem_bench_teardown, .arg = &sw_args[25]},
  {.name = "dem-step-1e6", .unit = "particle-steps", .setup = gr_sweetman_dem_bench_setup,
   .run = gr_sweetman_dem_bench_run, .teardown = gr_sweetman_dem_bench_teardown, .arg = &sw_args[26]},
  SW_PASS_KERNEL("bw-read-1e5", 27), SW_PASS_KERNEL("bw-read-1e6", 28),
  SW_PASS_KERNEL("bw-update-1e5", 29), SW_PASS_KERNEL("bw-update-1e6", 30),
  SW_DEM_KERNEL("dem-step-64e3-t1", 31), SW_DEM_KERNEL("dem-step-64e3-t2", 32),
  SW_DEM_KERNEL("dem-step-1e5-t1", 33), SW_DEM_KERNEL("dem-step-1e5-t2", 34),
  SW_DEM_KERNEL("dem-step50-1e6-t1", 35), SW_DEM_KERNEL("dem-step50-1e6-t2", 36),
  SW_DEM_KERNEL("dem-step50-reorder-1e6", 37), SW_DEM_KERNEL("dem-step50-shuf-1e6", 38),
  SW_DEM_KERNEL("dem-step50-shuf-reorder-1e6", 39),
};

/* Chapters 2 and 3 (worked tables), chapter 4 (timing: Figs. 4.1-4.3,
 * Table 4.1; the DEM: section 4.1's equivalence and drift, Table 4.2,
 * Figs. 4.4-4.8). */
static const struct gr_task sw_tasks[] = {
  {.name = "chapter2", .fn = gr_sweetman_chapter2},
  {.name = "chapter3", .fn = gr_sweetman_chapter3},
  {.name = "timing-nsq", .fn = gr_sweetman_nsq},
  {.name = "timing-cells", .fn = gr_sweetman_cells},
  {.name = "timing-grids", .fn = gr_sweetman_table41},
  {.name = "dem-equivalence", .fn = gr_sweetman_equivalence},
  {.name = "dem-drift", .fn = gr_sweetman_drift},
  {.name = "dem-table-4-2", .fn = gr_sweetman_table42},
};

/* The experiment: its tasks in order, each a timed phase. */
static int sw_run(struct gr_ctx *ctx)
{
  return gr_ctx_run_tasks(ctx, sw_tasks, sizeof sw_tasks / sizeof sw_tasks[0]);
}

const struct gr_experiment gr_exp_sweetman_neighbors = {
  .key = "sweetman-neighbors",
  .title = "Sweetman 2003: Verlet table, chain-cell and sorted-cell neighbour search",
  .citation = "M. J. Sweetman, Addition of a Chain-Cell Search Method and a Van der Waals Force Model "
              "to a Particle Dynamics Code, M.S. thesis, New Jersey Institute of Technology (2003), "
              "chapters 2-4",
  .refdir = "sweetman-2003",
  .run = sw_run,
  .kernels = sw_kernels,
  .nkernels = sizeof sw_kernels / sizeof sw_kernels[0],
  .shardable = 1,
};
