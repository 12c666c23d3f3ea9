/* granrepro experiment bizon1998: the bench kernels of the 3D event-driven
 * engine (bizon_bench.c), for the experiment's gr_experiment to list. */
#ifndef GR_BIZON_BENCH_H
#define GR_BIZON_BENCH_H

#include <stddef.h>

#include "harness/experiment.h"

extern const struct gr_kernel gr_bizon_kernels[];
extern const size_t gr_bizon_nkernels;

#endif
