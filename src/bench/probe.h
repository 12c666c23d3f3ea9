/* granrepro bench: the bench's cache probe (issue 14;
 * docs/speed-history.md#edmem).
 *
 * The bench machine is a 2-core KVM guest whose host gives other tenants
 * a varying share of its L3: a 12 MiB random pointer chase then goes from
 * about 21 to 55-80 ns per access while the guest's load average stays at
 * 1, and memory-bound kernels (the event-driven ddc-N1e5, 13 MB in use)
 * slow 1.2-1.5x with it.
 * The probe is that chase, timed once per bench round beside the kernels,
 * so that `granrepro compare` can tell a code change from a host whose
 * caches changed.
 *
 * It is a harness measurement, not an experiment: its rows are those of a
 * pseudo-experiment "machine" (no experiment of the registry has that
 * key), kernel "l3-chase-12MiB", unit "accesses", one sample a round.  A
 * run of the probe is one pass over the whole cycle (n = 12 MiB / 64
 * accesses); a sample is GR_BENCH_PROBE_PASSES passes after one untimed pass
 * that brings the lines back to the caches after the kernels. */
#ifndef GR_BENCH_PROBE_H
#define GR_BENCH_PROBE_H

#include <stddef.h>

#include "bench/bench.h"

struct gr_buf;
struct gr_error;
struct gr_bench_record;

#define GR_BENCH_PROBE_KEY "machine"               /* the pseudo-experiment */
#define GR_BENCH_PROBE_NAME "machine/l3-chase-12MiB" /* its rows in a record */
#define GR_BENCH_PROBE_UNIT "accesses"
#define GR_BENCH_PROBE_BYTES ((size_t)12 << 20)    /* the chase's span */
#define GR_BENCH_PROBE_LINE 64                     /* bytes a node: one cache line */
#define GR_BENCH_PROBE_SEED 14UL                   /* the permutation's, not --seed */
#define GR_BENCH_PROBE_PASSES 2                    /* timed passes a sample */

/* One node of the chase: the next node, padded to a line of its own. */
struct gr_bench_probe_node {
  struct gr_bench_probe_node *next;
  unsigned char pad[GR_BENCH_PROBE_LINE - sizeof(struct gr_bench_probe_node *)];
};

struct gr_bench_probe {
  struct gr_bench_probe_node *node; /* n nodes, line-aligned, node[i].next one
                                 cycle through all of them */
  size_t n;
  struct gr_bench_probe_node *at;   /* where the chase stands */
  struct gr_bench b;          /* the samples, for the bench's line */
};

/* Build the chase over bytes (>= GR_BENCH_PROBE_LINE, a whole number of lines):
 * a random cyclic permutation of its nodes (Sattolo's algorithm: Sattolo,
 * Inf. Process. Lett. 22, 315 (1986)) drawn from the fixed seed
 * GR_BENCH_PROBE_SEED, so every bench chases the same cycle.  GR_EINPUT for a
 * bad size, GR_ENOMEM. */
int gr_bench_probe_init(struct gr_bench_probe *p, size_t bytes, struct gr_error *err);

/* Follow accesses links from where the chase stands (no allocation, no
 * other memory touched); the node reached. */
const struct gr_bench_probe_node *gr_bench_probe_chase(struct gr_bench_probe *p, long accesses);

/* One bench sample: an untimed pass, then GR_BENCH_PROBE_PASSES timed passes,
 * added to rec as a GR_BENCH_PROBE_NAME row (iterations GR_BENCH_PROBE_PASSES, work
 * the accesses, unit GR_BENCH_PROBE_UNIT); nothing once GR_BENCH_ROUNDS are
 * taken.  GR_ENOMEM when rec cannot grow. */
int gr_bench_probe_sample(struct gr_bench_probe *p, struct gr_bench_record *rec, struct gr_error *err);

/* The probe's line in the bench's table (bench.h's format: per pass). */
void gr_bench_probe_line(struct gr_bench_probe *p, int width, struct gr_buf *text);

void gr_bench_probe_free(struct gr_bench_probe *p);

/* Is name the row of a harness probe (the pseudo-experiment GR_BENCH_PROBE_KEY)
 * rather than a kernel's?  Comparisons judge kernels only. */
int gr_bench_probe_is(const char *name);

/* Median CPU ns per access of the probe's samples in r into *ns (NaN when
 * r has none, e.g. a record from before the probe) and their number into
 * *n; GR_OK or GR_ENOMEM. */
int gr_bench_probe_median(const struct gr_bench_record *r, double *ns, size_t *n);

/* A kernel's verdict in a comparison, for the probe's note. */
struct gr_bench_probe_verdict {
  const char *name;
  double ratio;          /* B/A as the verdict's rule takes it */
  const char *decision;  /* "slower", "faster", "same", ... */
};

/* The probe's note below a comparison of A and B: nothing when neither
 * has the probe; one line when one lacks it; else the medians and their
 * ratio B/A, and when that is beyond GR_BENCH_COMPARE_RATIO a caution naming the
 * verdicts v[0..nv) that go the probe's way by no more than it does (the
 * host alone could explain them; v NULL: the caution names none, e.g.
 * against a baseline, whose verdicts are not listed).  GR_ENOMEM. */
int gr_bench_probe_note(struct gr_buf *t, const struct gr_bench_record *ra, const struct gr_bench_record *rb,
                        const struct gr_bench_probe_verdict *v, size_t nv);

#endif
