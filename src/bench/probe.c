/* granrepro bench: the bench's cache probe, a random pointer chase over
 * 12 MiB timed once per bench round (see probe.h; why: issue 14,
 * docs/speed-history.md#edmem).
 *
 * One node per 64-byte line and a single random cycle through all of
 * them, so that every access is a dependent load of a line the hardware
 * cannot predict: its time is the latency of wherever the 12 MiB live,
 * the guest's share of the host's L3 (about 21 ns on the bench VM) or
 * memory (55-80 ns when other tenants take the L3).  The nodes come from
 * gr_edmem_alloc, as the event-driven engine's arrays do, so the probe's
 * pages are backed as the kernels it qualifies are. */
#include "bench/probe.h"

#include <gsl/gsl_rng.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "bench/record.h"
#include "harness/rng.h"
#include "harness/timer.h"
#include "physics/edmem.h"

_Static_assert(sizeof(struct gr_bench_probe_node) == GR_BENCH_PROBE_LINE, "a probe node is one cache line");
_Static_assert(GR_BENCH_ROUNDS <= GR_BENCH_MIN_REPEAT, "the probe's samples fit a bench's arrays");

/* The pseudo-experiment the probe's rows belong to: a name and a unit
 * for the record and the bench's line, nothing to set up or run. */
static const struct gr_kernel probe_kernel = {"l3-chase-12MiB", GR_BENCH_PROBE_UNIT, NULL, NULL, NULL, NULL};
static const struct gr_experiment probe_exp = {
  .key = GR_BENCH_PROBE_KEY, .title = "the host's cache condition (bench probe)", .citation = "-",
  .kernels = &probe_kernel, .nkernels = 1};

/* node[i].next = node[c(i)] for a uniformly random cyclic permutation c
 * (Sattolo's shuffle: swap i with a j < i, never j = i); one cycle. */
static int probe_cycle(struct gr_bench_probe *p)
{
  gsl_rng *r = gr_rng_stream(GR_BENCH_PROBE_SEED, GR_BENCH_PROBE_NAME);
  size_t i, j;
  if (r == NULL)
    return GR_ENOMEM;
  for (i = 0; i < p->n; i++)
    p->node[i].next = &p->node[i];
  for (i = p->n - 1; i > 0; i--) {
    struct gr_bench_probe_node *t;
    j = (size_t)gsl_rng_uniform_int(r, (unsigned long)i);
    t = p->node[i].next;
    p->node[i].next = p->node[j].next;
    p->node[j].next = t;
  }
  gsl_rng_free(r);
  return GR_OK;
}

int gr_bench_probe_init(struct gr_bench_probe *p, size_t bytes, struct gr_error *err)
{
  int rc;
  memset(p, 0, sizeof *p);
  if (bytes < GR_BENCH_PROBE_LINE || bytes % GR_BENCH_PROBE_LINE != 0 || bytes / GR_BENCH_PROBE_LINE > 0xffffffffUL)
    return gr_error_set(err, GR_EINPUT, "cache probe of %zu bytes: give a whole number of %d-byte lines", bytes, GR_BENCH_PROBE_LINE);
  if ((rc = gr_bench_init(&p->b, &probe_exp, &probe_kernel, GR_BENCH_MIN_REPEAT, err)) != GR_OK)
    return rc;
  p->b.repeat = GR_BENCH_ROUNDS; /* one sample a round */
  p->b.iterations = GR_BENCH_PROBE_PASSES;
  p->n = bytes / GR_BENCH_PROBE_LINE;
  if ((p->node = gr_edmem_alloc(bytes)) == NULL || probe_cycle(p) != GR_OK) {
    gr_bench_probe_free(p);
    return gr_error_set(err, GR_ENOMEM, "out of memory for the %zu-byte cache probe", bytes);
  }
  p->at = &p->node[0];
  return GR_OK;
}

const struct gr_bench_probe_node *gr_bench_probe_chase(struct gr_bench_probe *p, long accesses)
{
  struct gr_bench_probe_node *x = p->at;
  long i;
  for (i = 0; i < accesses; i++)
    x = x->next;
  p->at = x;
  return x;
}

int gr_bench_probe_sample(struct gr_bench_probe *p, struct gr_bench_record *rec, struct gr_error *err)
{
  struct gr_bench *b = &p->b;
  struct gr_timer t;
  long accesses = (long)p->n * GR_BENCH_PROBE_PASSES;
  if (b->n >= b->repeat)
    return GR_OK;
  gr_bench_probe_chase(p, (long)p->n); /* untimed: the lines back after the kernels */
  gr_timer_start(&t);
  gr_bench_probe_chase(p, accesses);
  gr_timer_stop(&t);
  b->cpu[b->n] = t.cpu / GR_BENCH_PROBE_PASSES;
  b->wall[b->n] = t.wall / GR_BENCH_PROBE_PASSES;
  b->work = (double)accesses;
  b->n++;
  if (gr_bench_record_add_sample(rec, b->name, b->n, GR_BENCH_PROBE_PASSES, t.wall, t.cpu, (double)accesses, GR_BENCH_PROBE_UNIT) != GR_OK)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  return GR_OK;
}

void gr_bench_probe_line(struct gr_bench_probe *p, int width, struct gr_buf *text)
{
  gr_bench_line(&p->b, width, text);
}

void gr_bench_probe_free(struct gr_bench_probe *p)
{
  free(p->node);
  gr_bench_free(&p->b);
  p->node = p->at = NULL;
  p->n = 0;
}

int gr_bench_probe_is(const char *name)
{
  return strncmp(name, GR_BENCH_PROBE_KEY "/", sizeof GR_BENCH_PROBE_KEY) == 0;
}
