/* granrepro harness: named random streams, seeded one way.
 *
 * Every stream is a GSL mt19937 generator seeded with
 *   splitmix64(seed ^ splitmix64(fnv1a64(name))), its low 32 bits (all that
 *   mt19937 keeps, on every platform),
 * so a stream depends only on (--seed, its name): not on the order streams
 * are created in, nor on the thread that draws from it.  (splitmix64: Steele,
 * Lea & Flood, OOPSLA 2014; FNV-1a: Fowler, Noll & Vo.)  Experiments get
 * their streams from the run context (gr_ctx_rng, owned and freed by it);
 * bench kernels call gr_rng_stream and free the result with gsl_rng_free. */
#ifndef GR_RNG_H
#define GR_RNG_H

#include <gsl/gsl_rng.h>
#include <stdint.h>

/* The 64-bit seed of stream name under --seed seed. */
uint64_t gr_rng_seed(uint64_t seed, const char *name);

/* A new mt19937 stream seeded with gr_rng_seed; NULL when out of memory. */
gsl_rng *gr_rng_stream(uint64_t seed, const char *name);

#endif
