/* granrepro harness: named random streams (see rng.h). */
#include "harness/rng.h"

/* splitmix64 finaliser (Steele, Lea & Flood 2014): a bijective 64-bit mix. */
static uint64_t rng_mix(uint64_t z)
{
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* FNV-1a 64-bit hash of a string. */
static uint64_t rng_fnv1a(const char *s)
{
  uint64_t h = 0xcbf29ce484222325ULL;
  for (; *s; s++) {
    h ^= (unsigned char)*s;
    h *= 0x100000001b3ULL;
  }
  return h;
}

uint64_t gr_rng_seed(uint64_t seed, const char *name)
{
  return rng_mix(seed ^ rng_mix(rng_fnv1a(name)));
}

/* mt19937 seeded from (seed, name).  gsl_rng_set takes an unsigned long,
 * 32 bits on Windows and 32-bit builds, and mt19937 keeps only the low 32
 * bits of it (GSL's mt_set: s & 0xffffffff): handing it those bits alone
 * gives the same stream on every platform. */
gsl_rng *gr_rng_stream(uint64_t seed, const char *name)
{
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  uint64_t s = gr_rng_seed(seed, name);
  if (r == NULL)
    return NULL;
  gsl_rng_set(r, (unsigned long)(s & 0xffffffffu));
  return r;
}
