/* granrepro driver: `run --shard K/N EXP` and `merge EXP` (issue 25; the
 * journal and its replay are src/harness/shard.c).  A shard's part is
 * written to <out>/shards/<exp>/K-of-N/ (journal.txt and its run record)
 * atomically; merge replays the shards' journals in task order into the
 * report <out>/<exp>/, byte-identical to one unsharded run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "harness/buf.h"
#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "harness/fsio.h"
#include "harness/outdir.h"
#include "bench/record.h"
#include "harness/report.h"
#include "site/site.h"
#include "harness/shard.h"
#include "harness/timer.h"

#define SHARD_MAX 256

/* What a shard's journal header says. */
struct shard_head {
  char dir[4096];
  char exp[64], mode[16], revision[96], host[128], sets[1024], abi[32];
  int k, n;
  unsigned long seed;
  size_t ntasks;
  double wall, cpu;
  char *text; /* the journal, handed to the replay */
};

/* The experiment named, which must declare its tasks independent; 0/2. */
static int shard_exp(const struct cli *c, const struct gr_experiment **e)
{
  if (c->nargs != 1)
    return cli_fail("name one experiment (granrepro %s ... EXP)", c->cmd);
  if ((*e = gr_experiment_find(c->args[0])) == NULL)
    return cli_fail("unknown experiment '%s' (granrepro list shows the experiments)", c->args[0]);
  if (!(*e)->shardable)
    return cli_fail("%s does not declare its tasks independent (.shardable): run it whole", (*e)->key);
  return 0;
}

/* The shard's record (host, phases, total) into dir. */
static int shard_record(const struct cli *c, struct gr_ctx *ctx, const char *key,
                        const struct gr_timer *t, const char *dir, struct gr_error *err)
{
  struct gr_bench_record rec;
  char name[160];
  int rc;
  cli_record_start(&rec, c, "run", key);
  snprintf(name, sizeof name, "%s/shard-%d-of-%d", key, c->shard_k, c->shard_n);
  if (gr_bench_record_phases(&rec, ctx) != GR_OK ||
      gr_bench_record_add(&rec, name, 0, t->wall, t->cpu, 0.0, "-") != GR_OK) {
    rc = gr_error_set(err, GR_ENOMEM, "out of memory");
    goto fail;
  }
  rc = gr_bench_record_write(dir, &rec, NULL, 0, err);
fail:
  gr_bench_record_free(&rec);
  return rc;
}

/* journal.txt's header for this run. */
static void shard_header(struct gr_buf *b, const struct cli *c, const char *key,
                         const struct gr_timer *t)
{
  struct gr_bench_machine m;
  int i;
  gr_bench_record_machine(&m);
  gr_buf_printf(b, "# granrepro shard journal\nexperiment\t%s\nshard\t%d\t%d\nseed\t%lu\nmode\t%s\n"
                "revision\t%s\nabi\t%s\nhost\t%s\nwall\t%.3f\ncpu\t%.3f\n", key, c->shard_k, c->shard_n,
                c->opt.seed, c->opt.quick ? "quick" : "full", m.revision, gr_shard_abi(), m.host, t->wall, t->cpu);
  for (i = 0; i < c->opt.nsets; i++)
    gr_buf_printf(b, "set\t%s\n", c->opt.sets[i]);
}

int cli_shard_run(struct cli *c, const struct gr_experiment *e)
{
  struct gr_ctx *ctx = gr_ctx_new(e, &c->opt);
  struct gr_shard *s = gr_shard_new_record(c->shard_k, c->shard_n);
  struct gr_error err = {0, ""};
  struct gr_buf b = GR_BUF_INIT;
  struct gr_timer t;
  char dir[4096], tmp[4200], old[4200], path[4300], names[1024];
  int rc;
  if (ctx == NULL || s == NULL) {
    gr_ctx_free(ctx);
    gr_shard_free(s);
    return cli_fail("out of memory");
  }
  gr_timer_start(&t);
  gr_ctx_set_shard(ctx, s);
  rc = e->run(ctx);
  gr_timer_stop(&t);
  snprintf(dir, sizeof dir, "%s/shards/%s", c->opt.out, e->key);
  snprintf(tmp, sizeof tmp, "%s/.%d-of-%d.new-%ld", dir, c->shard_k, c->shard_n, (long)getpid());
  snprintf(old, sizeof old, "%s/.%d-of-%d.old-%ld", dir, c->shard_k, c->shard_n, (long)getpid());
  snprintf(path, sizeof path, "%s/journal.txt", tmp);
  if (rc != GR_OK) {
    err = *gr_ctx_error(ctx);
    goto fail;
  }
  shard_header(&b, c, e->key, &t);
  if (gr_shard_journal(s, &b, names, sizeof names) != GR_OK) {
    rc = gr_error_set(&err, GR_ENOMEM, "out of memory");
    goto fail;
  }
  if (gr_fsio_mkdirs(tmp, &err) != GR_OK || gr_fsio_write(path, gr_buf_str(&b), b.len, &err) != GR_OK ||
      shard_record(c, ctx, e->key, &t, tmp, &err) != GR_OK) {
    rc = err.code;
    goto fail;
  }
  snprintf(path, sizeof path, "%s/%d-of-%d", dir, c->shard_k, c->shard_n);
  rc = gr_outdir_replace(tmp, path, old, &err);
fail:
  if (rc != GR_OK)
    gr_fsio_remove_flat(tmp);
  gr_buf_free(&b);
  gr_ctx_free(ctx);
  gr_shard_free(s);
  if (rc != GR_OK)
    return cli_fail("%s shard %d/%d: %s (nothing written for this shard)", e->key, c->shard_k, c->shard_n, err.msg);
  printf("%-12s shard %d/%d: tasks %s  (%.3f s)  -> %s/\n", e->key, c->shard_k, c->shard_n,
         *names ? names : "(none)", t.wall, path);
  return 0;
}

/* Parse journal.txt of shard folder h->dir into h (header; the text is
 * kept in h->text); 0 or 2. */
static int shard_read(struct shard_head *h)
{
  struct gr_error err = {0, ""};
  char path[4200], *p, *nl;
  size_t len, ls = 0;
  snprintf(path, sizeof path, "%s/journal.txt", h->dir);
  if (!gr_fsio_exists(path))
    return cli_fail("%s: not a shard (no journal.txt): remove it, or rerun the shard it was", h->dir);
  if (gr_fsio_read(path, &h->text, &len, &err) != GR_OK)
    return cli_fail("%s", err.msg);
  for (p = h->text; (nl = strchr(p, '\n')) != NULL && strncmp(p, "tasks\t", 6) != 0; p = nl + 1) {
    *nl = '\0';
    if (sscanf(p, "shard\t%d\t%d", &h->k, &h->n) == 2 || sscanf(p, "seed\t%lu", &h->seed) == 1 ||
        sscanf(p, "wall\t%lf", &h->wall) == 1 || sscanf(p, "cpu\t%lf", &h->cpu) == 1)
      continue;
    if (strncmp(p, "experiment\t", 11) == 0)
      snprintf(h->exp, sizeof h->exp, "%s", p + 11);
    else if (strncmp(p, "mode\t", 5) == 0)
      snprintf(h->mode, sizeof h->mode, "%s", p + 5);
    else if (strncmp(p, "revision\t", 9) == 0)
      snprintf(h->revision, sizeof h->revision, "%s", p + 9);
    else if (strncmp(p, "abi\t", 4) == 0)
      snprintf(h->abi, sizeof h->abi, "%s", p + 4);
    else if (strncmp(p, "host\t", 5) == 0)
      snprintf(h->host, sizeof h->host, "%s", p + 5);
    else if (strncmp(p, "set\t", 4) == 0 && ls < sizeof h->sets)
      ls += (size_t)snprintf(h->sets + ls, sizeof h->sets - ls, "%s%s", ls ? " " : "", p + 4);
  }
  if (nl == NULL || sscanf(p, "tasks\t%zu", &h->ntasks) != 1 || h->n < 1 || h->k < 1 || h->k > h->n)
    return cli_fail("%s: a malformed or truncated journal: rerun that shard", path);
  memmove(h->text, p, strlen(p) + 1); /* keep the body only */
  return 0;
}

/* One field of shard b that differs from shard a, or NULL. */
static const char *shard_differs(const struct shard_head *a, const struct shard_head *b)
{
  if (strcmp(a->exp, b->exp) != 0)
    return "experiment";
  if (a->n != b->n)
    return "number of shards N";
  if (a->seed != b->seed)
    return "seed";
  if (strcmp(a->mode, b->mode) != 0)
    return "mode (quick/full)";
  if (strcmp(a->revision, b->revision) != 0)
    return "source revision";
  if (strcmp(a->sets, b->sets) != 0)
    return "--set options";
  return a->ntasks != b->ntasks ? "task count" : NULL;
}

/* Read and check every shard of exp under out: one sweep (same N, seed,
 * mode, revision, options), each K once, none missing; 0 or 2. */
static int shard_gather(const char *out, const char *key, struct shard_head *h, int *nh)
{
  char dir[4096], **v = NULL;
  size_t n = 0, i;
  int rc = 0, j, k;
  const char *f;
  *nh = 0;
  snprintf(dir, sizeof dir, "%s/shards/%s", out, key);
  if (gr_fsio_list(dir, "", &v, &n) != GR_OK || n == 0) {
    gr_fsio_free_list(v, n);
    return cli_fail("no shards of %s in %s (run 'granrepro run --shard K/N %s' first)", key, dir, key);
  }
  if (n > SHARD_MAX)
    rc = cli_fail("%s: more than %d shard folders", dir, SHARD_MAX);
  for (i = 0; i < n && rc == 0; i++) {
    snprintf(h[i].dir, sizeof h[i].dir, "%.3800s/%.200s", dir, v[i]);
    *nh = (int)i + 1;
    if ((rc = shard_read(&h[i])) != 0)
      break;
    if (strcmp(h[i].abi, gr_shard_abi()) != 0)
      rc = cli_fail("%s was run on a host of another byte order or word size (abi %s, here %s): merge it there", h[i].dir, h[i].abi, gr_shard_abi());
    else if (strcmp(h[i].exp, key) != 0)
      rc = cli_fail("%s is a shard of %s, not of %s: remove it and merge again", h[i].dir, h[i].exp, key);
    else if ((f = shard_differs(&h[0], &h[i])) != NULL)
      rc = cli_fail("%s and %s are of different sweeps (their %s differs): remove the stale one and merge again", h[0].dir, h[i].dir, f);
    for (j = 0; j < (int)i && rc == 0; j++)
      if (h[j].k == h[i].k)
        rc = cli_fail("shard %d-of-%d duplicated: %s and %s; remove one and merge again", h[i].k, h[i].n, h[j].dir, h[i].dir);
  }
  for (k = 1; rc == 0 && k <= h[0].n; k++) {
    for (j = 0; j < *nh && h[j].k != k; j++)
      ;
    if (j == *nh)
      rc = cli_fail("shard %d-of-%d of %s missing in %s (run 'granrepro run --shard %d/%d %s%s', then merge again)", k, h[0].n, key, dir,
                   k, h[0].n, strcmp(h[0].mode, "quick") == 0 ? "--quick " : "", key);
  }
  gr_fsio_free_list(v, n);
  return rc;
}

/* The merge's record: one row per shard named with its host. */
static int merge_record(const struct cli *c, const char *key, const struct shard_head *h, int nh,
                        const struct gr_timer *t)
{
  struct gr_bench_record rec;
  struct gr_error err = {0, ""};
  char name[256], dir[4200];
  int i, rc = GR_OK;
  cli_record_start(&rec, c, "run", key);
  snprintf(rec.mode, sizeof rec.mode, "%s", h[0].mode); /* the shards' run, not merge's options */
  rec.seed = h[0].seed;
  for (i = 0; i < nh && rc == GR_OK; i++) {
    snprintf(name, sizeof name, "%s/shard-%d-of-%d@%.60s", key, h[i].k, h[i].n, h[i].host);
    rc = gr_bench_record_add(&rec, name, 0, h[i].wall, h[i].cpu, 0.0, "-");
  }
  if (rc != GR_OK)
    goto fail;
  snprintf(name, sizeof name, "%s/merge", key);
  if ((rc = gr_bench_record_add(&rec, name, 0, t->wall, t->cpu, 0.0, "-")) != GR_OK)
    goto fail;
  snprintf(dir, sizeof dir, "%s/records", c->opt.out);
  rc = gr_bench_record_write(dir, &rec, NULL, 0, &err);
fail:
  gr_bench_record_free(&rec);
  return rc == GR_OK ? 0 : cli_fail("%s: merge record not written: %s", key, err.msg);
}

/* Replay the shards into a fresh context and write the report; 0 or 2. */
static int merge_run(struct cli *c, const struct gr_experiment *e, struct shard_head *h, int nh,
                     struct gr_timer *t)
{
  struct gr_options opt = c->opt;
  struct gr_shard *s = gr_shard_new_replay();
  struct gr_ctx *ctx;
  struct gr_error err = {0, ""};
  char *tok, *save = NULL;
  int i, rc = GR_OK, nrendered;
  opt.seed = h[0].seed;
  opt.quick = strcmp(h[0].mode, "quick") == 0;
  opt.nsets = 0;
  for (tok = strtok_r(h[0].sets, " ", &save); tok && opt.nsets < 16; tok = strtok_r(NULL, " ", &save))
    opt.sets[opt.nsets++] = tok;
  if ((ctx = gr_ctx_new(e, &opt)) == NULL || s == NULL) {
    gr_ctx_free(ctx);
    gr_shard_free(s);
    return cli_fail("out of memory");
  }
  for (i = 0; i < nh && rc == GR_OK; i++) {
    char file[4200];
    snprintf(file, sizeof file, "%.4096s/journal.txt", h[i].dir);
    rc = gr_shard_add(s, h[i].text, file, h[i].k, h[i].n, h[i].ntasks, &err);
    h[i].text = NULL;
  }
  gr_ctx_set_shard(ctx, s);
  gr_shard_set_sink(s, gr_ctx_replay_line, ctx); /* the journals' calls made again on ctx */
  if (rc != GR_OK)
    goto fail;
  if ((rc = e->run(ctx)) != GR_OK)
    goto fail;
  if ((rc = gr_shard_done(s, h[0].ntasks, &err)) != GR_OK)
    goto fail;
  if ((rc = gr_ctx_account(ctx)) != GR_OK)
    goto fail;
  rc = gr_ctx_write(ctx, &nrendered);
  gr_timer_stop(t);
fail:
  if (rc != GR_OK && err.code == GR_OK)
    err = *gr_ctx_error(ctx);
  gr_ctx_free(ctx);
  gr_shard_free(s);
  if (rc != GR_OK)
    return cli_fail("merge %s: %s (nothing merged; the previous report, if any, is left as it was)", e->key, err.msg);
  return 0;
}

int cli_merge(struct cli *c)
{
  const struct gr_experiment *e = NULL;
  static struct shard_head h[SHARD_MAX];
  struct gr_timer t;
  struct gr_error err = {0, ""};
  int nh = 0, rc, i;
  gr_timer_start(&t);
  memset(h, 0, sizeof h);
  if ((rc = shard_exp(c, &e)) == 0 && (rc = shard_gather(c->opt.out, e->key, h, &nh)) == 0 &&
      (rc = cli_prepare_out(c->opt.out)) == 0) /* the shards first: nothing made without them */
    rc = merge_run(c, e, h, nh, &t);
  if (rc == 0) {
    printf("%-12s merged %d shards (seed %lu, %s)  -> %s/%s/\n", e->key, h[0].n, h[0].seed, h[0].mode, c->opt.out, e->key);
    for (i = 0; i < nh; i++)
      printf("  shard %d/%d  host %s  %.3f s\n", h[i].k, h[i].n, h[i].host, h[i].wall);
    rc = merge_record(c, e->key, h, nh, &t);
  }
  if (rc == 0 && gr_site_index(c->opt.out, c->opt.refdir, &err) != GR_OK)
    rc = cli_fail("%s", err.msg);
  for (i = 0; i < nh; i++)
    free(h[i].text);
  return rc;
}
