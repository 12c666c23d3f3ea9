/* granrepro experiment bizon1998: the bench kernels of the 3D event-driven
 * engine (bizon_bench.c), for the experiment's gr_experiment to list. */
#ifndef GR_BIZON_BENCH_H
#define GR_BIZON_BENCH_H

#include <stddef.h>

#include "harness/experiment.h"

/* layer-1.2e4, layer-1e5, layer-1e6: case b's vibrated layer; cycle-1.2e4, cycle-1e5:
 * the same over whole drive cycles. */
#define GR_BIZON_NKERNELS 5
extern const struct gr_kernel gr_bizon_kernels[GR_BIZON_NKERNELS];

#endif
