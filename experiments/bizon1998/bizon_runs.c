/* granrepro experiment bizon-patterns: layer runs of Bizon et al., PRL 80,
 * 57 (1998) as the conditions of a task (issue 25): each run is one unit
 * of `run --shard K/N`, drawn from its own named stream so that any shard
 * gives it the same bytes; the shard that ran it journals its result
 * exactly and the merge reads it back. */
#include <stddef.h>
#include <stdio.h>

#include "experiments/bizon1998/bizon.h"
#include "harness/ctx.h"
#include "status.h"

/* Run i's name in a shard's journal. */
static void bz_runs_name(const void *arg, size_t i, char *buf, size_t len)
{
  snprintf(buf, len, "%s", ((const struct bz_runs *)arg)->name[i]);
}

/* A run's cost, known before it runs: spheres (floor area) times drive
 * periods (1 / f*) times cycles; a sphere's collisions per unit time vary
 * little between the drives (Fig. 1's panels in the full run, 2026-11-28:
 * pair collisions per sphere per cycle times f*, 32 to 58). */
static double bz_runs_cost(const struct bz_cfg *c)
{
  return c->lx * c->ly * (c->transient + c->cycles) / c->fstar;
}

/* The runs with mine[i], on all threads, the dearest first (so that the
 * last to start are short and the threads end together); GR_ENOMEM when
 * one did not fit.  Each run has its own stream and result: the order
 * changes no byte. */
static int bz_runs_run(void *arg, const unsigned char *mine)
{
  struct bz_runs *u = arg;
  int ord[BZ_RUNS_MAX], i, j, k, bad = 0;
  for (i = 0; i < u->n; i++) { /* insertion sort, ties in run order */
    for (j = i; j > 0 && bz_runs_cost(&u->cfg[ord[j - 1]]) < bz_runs_cost(&u->cfg[i]); j--)
      ord[j] = ord[j - 1];
    ord[j] = i;
  }
#pragma omp parallel for schedule(dynamic, 1) reduction(| : bad)
  for (k = 0; k < u->n; k++) {
    const int r = ord[k]; /* the thread's own: declared in the loop */
    if (!mine[r])
      continue;
    gr_bz_res_free(&u->res[r]); /* gr_bz_layer allocates its own */
    bad |= gr_bz_layer(&u->cfg[r], &u->res[r]) == GR_ENOMEM;
  }
  return bad ? GR_ENOMEM : GR_OK;
}

/* Where run i's result lies: its numbers (struct bz_res up to its
 * arrays) and, for a run that keeps its fields (Fig. 1), S(k) and the
 * last two height fields, sized before the run (gr_bz_res_alloc). */
static size_t bz_runs_spans(void *arg, size_t i, struct gr_span sp[GR_COND_SPANS])
{
  struct bz_runs *u = arg;
  struct bz_res *r = &u->res[i];
  const size_t cells = (size_t)(r->nx * r->ny);
  sp[0] = (struct gr_span){r, offsetof(struct bz_res, savg)};
  if (!u->cfg[i].keep)
    return 1;
  sp[1] = (struct gr_span){r->savg, cells * sizeof *r->savg};
  sp[2] = (struct gr_span){r->h2, 2 * cells * sizeof *r->h2};
  return 3;
}

/* The runs (bizon.h): every result allocated first, where the merge
 * reads it back. */
int gr_bz_runs(struct gr_ctx *ctx, struct bz_runs *u, int *partial)
{
  const struct gr_conds c = {.n = (size_t)u->n, .arg = u, .name = bz_runs_name,
                             .run = bz_runs_run, .spans = bz_runs_spans};
  int i;
  *partial = 0;
  for (i = 0; i < u->n; i++)
    if (gr_bz_res_alloc(&u->cfg[i], &u->res[i]) != GR_OK)
      return GR_ENOMEM;
  return gr_ctx_conditions(ctx, &c, partial);
}

/* Free every result of the runs. */
void gr_bz_runs_free(struct bz_runs *u)
{
  int i;
  for (i = 0; i < u->n && i < BZ_RUNS_MAX; i++)
    gr_bz_res_free(&u->res[i]);
}
