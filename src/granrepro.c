/* granrepro: the command-line driver.
 *
 * granrepro list | run | check | report | bench | speed | compare  (cli.c: usage)
 *
 * Only the driver prints diagnostics and chooses exit codes: 0 success,
 * 1 `check` found a verdict other than the expected one (--strict: a
 * verdict `differs`), 2 bad input or a failed run (one
 * line on stderr naming the problem and the fix; nothing half-written).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "cli.h"
#include "bench/baseline.h"
#include "bench/bench.h"
#include "harness/benchref.h"
#include "bench/speed.h"
#include "harness/buf.h"
#include "bench/compare.h"
#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "harness/fsio.h"
#include "harness/notes.h"
#include "harness/outdir.h"
#include "bench/probe.h"
#include "bench/record.h"
#include "harness/report.h"
#include "site/site.h"
#include "harness/timer.h"

#define MAX_SELECT 256

/* granrepro list: keys in a column as wide as the longest, with the
 * counts by kind of the last run in out. */
static int cmd_list(const char *out)
{
  char line[1000];
  struct stat st;
  size_t i, k;
  int w = 0;
  if (stat(out, &st) == 0 && !S_ISDIR(st.st_mode))
    return cli_fail("--out '%s' is not a folder (give the report folder whose verdicts to count, default reports)", out);
  for (i = 0; i < gr_nexperiments; i++)
    if ((int)strlen(gr_experiments[i]->key) > w)
      w = (int)strlen(gr_experiments[i]->key);
  for (i = 0; i < gr_nexperiments; i++) {
    const struct gr_experiment *e = gr_experiments[i];
    printf("%-*s %s\n%*s %s\n%*s kernels:", w, e->key, e->title, w, "", e->citation, w, "");
    for (k = 0; k < e->nkernels; k++)
      printf(" %s", e->kernels[k].name);
    printf("\n");
    if (e->options != NULL)
      printf("%*s --set options: %s\n", w, "", e->options);
    cli_kind_summary(out, e->key, line, sizeof line);
    if (*line)
      printf("%*s %s\n", w, "", line);
  }
  if (stat(out, &st) != 0)
    printf("%*s (no report folder '%s' yet: 'granrepro run' writes one, and list then shows its verdicts)\n",
           w, "", out);
  return 0;
}

/* The record of one run: phases, writing the report (with rendering) and
 * total time; 0, or 2 when it cannot be written. */
static int write_run_record(const struct cli *c, struct gr_ctx *ctx,
                            const char *key, const struct gr_timer *run,
                            const struct gr_timer *rep)
{
  struct gr_bench_record rec;
  struct gr_error err = {0, ""};
  char dir[4096], name[160];
  int rc = 0;
  cli_record_start(&rec, c, "run", key);
  gr_bench_record_phases(&rec, ctx);
  snprintf(name, sizeof name, "%s/report", key);
  gr_bench_record_add(&rec, name, 0, rep->wall, rep->cpu, 0.0, "-");
  snprintf(name, sizeof name, "%s/total", key);
  gr_bench_record_add(&rec, name, 0, run->wall + rep->wall, run->cpu + rep->cpu, 0.0, "-");
  snprintf(dir, sizeof dir, "%s/records", c->opt.out);
  if (gr_bench_record_write(dir, &rec, NULL, 0, &err) != GR_OK)
    rc = cli_fail("%s: run record not written: %s", key, err.msg);
  gr_bench_record_free(&rec);
  return rc;
}

/* Rewrite DIR/index.html from the folders on disk; 0 or 2. */
static int write_index(const struct cli *c)
{
  struct gr_error err = {0, ""};
  if (gr_site_index(c->opt.out, c->opt.refdir, &err) != GR_OK)
    return cli_fail("%s%s", err.msg, "");
  return 0;
}

/* Run e in ctx and account for its rows. */
static int run_account(const struct gr_experiment *e, struct gr_ctx *ctx)
{
  int rc;
  if ((rc = e->run(ctx)) != GR_OK)
    return rc;
  return gr_ctx_account(ctx);
}

/* A failed run of e: the message, the context freed; 2. */
static int run_failed(const struct gr_experiment *e, struct gr_ctx *ctx)
{
  int rc = cli_fail("%s: %s (the previous report, if any, is left as it was)", e->key, gr_ctx_error(ctx)->msg);
  gr_ctx_free(ctx);
  return rc;
}

/* Run one experiment and write its report, then the front page (so the
 * report on disk is consistent after every experiment); 0, or 2 on
 * failure.  The time printed includes writing and rendering; w is the
 * width of the key column. */
static int run_one(const struct cli *c, const struct gr_experiment *e, int w,
                   int *ndiffers)
{
  struct gr_ctx *ctx = gr_ctx_new(e, &c->opt);
  int counts[4], kc[GR_NKINDS][4], rc, nrendered = 0;
  char bykind[800];
  struct gr_timer run, rep;
  gr_timer_start(&run);
  if (ctx == NULL)
    return cli_fail("out of memory%s%s", "", "");
  rc = run_account(e, ctx);
  gr_ctx_progress(ctx, "done", 1.0);
  gr_timer_stop(&run);
  if (rc != GR_OK)
    return run_failed(e, ctx);
  gr_timer_start(&rep);
  rc = gr_ctx_write(ctx, &nrendered);
  gr_timer_stop(&rep);
  if (rc != GR_OK)
    return run_failed(e, ctx);
  gr_ctx_counts(ctx, counts);
  gr_ctx_kind_counts(ctx, kc);
  gr_kind_counts_text(kc, GR_KIND_RESULT, bykind, sizeof bykind);
  *ndiffers += counts[1];
  printf("%-*s %s  (%.3f s)  -> %s/%s/\n", w, e->key, bykind, run.wall + rep.wall, c->opt.out, e->key);
  if (nrendered < 0)
    printf("%-*s gnuplot not found: figure scripts written, not rendered (install gnuplot, then run 'granrepro report')\n", w, e->key);
  fflush(stdout);
  rc = write_run_record(c, ctx, e->key, &run, &rep);
  gr_ctx_free(ctx);
  return rc ? rc : write_index(c);
}

/* Check that the reference folder is there before running anything. */
static int check_refdir(const char *dir)
{
  struct stat st;
  struct gr_error err = {0, ""};
  char tmpl[4400];
  if (stat(dir, &st) != 0)
    return cli_fail("reference folder '%s' not found (use --ref DIR to point at the project's reference/ folder)", dir);
  if (!S_ISDIR(st.st_mode))
    return cli_fail("reference folder '%s' is not a folder (use --ref DIR to point at the project's reference/ folder)", dir);
  if (gr_notes_template(dir, GR_SITE_INDEX_TEMPLATE, tmpl, sizeof tmpl, &err) != GR_OK)
    return cli_fail("%s", err.msg);
  return 0;
}

/* Every --set NAME=VALUE must name an option of a selected experiment
 * (checked before anything runs or is written). */
static int check_sets(const struct cli *c, const struct gr_experiment *const *sel, size_t n)
{
  int i;
  size_t k;
  for (i = 0; i < c->opt.nsets; i++) {
    for (k = 0; k < n && !gr_experiment_has_option(sel[k], c->opt.sets[i]); k++)
      ;
    if (k == n)
      return cli_fail("--set %s: no selected experiment has an option of that name (%s)",
                     c->opt.sets[i], "see granrepro list");
  }
  return 0;
}

/* Every --set value, read and checked by each selected experiment's
 * check_options before anything runs or is written; 0 or 2. */
static int check_values(const struct cli *c, const struct gr_experiment *const *sel, size_t n)
{
  struct gr_ctx *ctx;
  size_t k;
  int rc = 0;
  for (k = 0; k < n && rc == 0 && c->opt.nsets > 0; k++) {
    if (sel[k]->check_options == NULL)
      continue;
    if ((ctx = gr_ctx_new(sel[k], &c->opt)) == NULL)
      return cli_fail("out of memory%s%s", "", "");
    if (sel[k]->check_options(ctx) != GR_OK)
      rc = cli_fail("%s: %s", sel[k]->key, gr_ctx_error(ctx)->msg);
    gr_ctx_free(ctx);
  }
  return rc;
}

/* run --shard K/N takes one experiment that declares its tasks
 * independent (checked before the --out folder is made); 0 or 2. */
static int check_shard(const struct cli *c, const struct gr_experiment *const *sel, size_t n)
{
  if (c->shard_n == 0 || (n == 1 && sel[0]->shardable))
    return 0;
  return cli_fail("--shard takes one experiment that declares its tasks independent (.shardable; %s)",
                  n != 1 ? "name one" : "this one does not");
}

/* granrepro run|check */
static int cmd_run(struct cli *c, int check)
{
  const struct gr_experiment *sel[MAX_SELECT];
  struct gr_outdir od;
  struct gr_error err = {0, ""};
  size_t n, i;
  int rc, ndiffers = 0, nchanged = 0, w = 12;
  if (c->strict && c->update_expected)
    return cli_fail("--strict and --update-expected do not go together (see granrepro check --help)%s", "");
  if ((rc = cli_select(c, sel, MAX_SELECT, &n)) != 0 || (rc = check_refdir(c->opt.refdir)) != 0 ||
      (rc = check_sets(c, sel, n)) != 0 || (rc = check_values(c, sel, n)) != 0 ||
      (rc = check_shard(c, sel, n)) != 0)
    return rc;
  if (gr_outdir_prepare(&od, c->opt.out, &err) != GR_OK)
    return cli_fail("%s%s", err.msg, "");
#ifdef _OPENMP
  if (c->threads_set)
    omp_set_num_threads(c->opt.threads);
#endif
  if (c->shard_n > 0) /* run --shard K/N EXP (cli_shard.c) */
    return cli_shard_run(c, sel[0]);
  for (i = 0; i < n; i++) /* the keys in a column as wide as the longest */
    if ((int)strlen(sel[i]->key) > w)
      w = (int)strlen(sel[i]->key);
  for (i = 0; i < n && rc == 0; i++) {
    rc = run_one(c, sel[i], w, &ndiffers);
    if (rc == 0 && check && !c->strict)
      rc = cli_check_expected(c, sel[i], &nchanged);
  }
  if (rc != 0) {
    gr_outdir_abandon(&od, c->opt.out);
    return rc;
  }
  printf("report: %s/index.html\n", c->opt.out);
  if (check && c->strict && ndiffers > 0) {
    fprintf(stderr, "granrepro: check failed: %d verdict(s) 'differs' (see %s/index.html)\n", ndiffers, c->opt.out);
    return 1;
  }
  if (check && nchanged > 0) {
    fprintf(stderr, "granrepro: check failed: %d verdict(s) changed from the expected ones (listed above; if a change is right, rewrite them with --update-expected and review the diff)\n", nchanged);
    return 1;
  }
  if (check && !c->update_expected)
    printf("check: %s\n", c->strict ? "no verdict 'differs'"
                                    : "every verdict as expected (reference/<paper>/<exp>.expected.tsv)");
  return 0;
}

/* granrepro report: render every experiment folder and write its page,
 * render the compare chart, then write the front page. */
static int cmd_report(struct cli *c)
{
  char **v = NULL, dir[4096], path[4200];
  size_t n = 0, i;
  int nr, rc = 0, total = 0, missing = 0;
  struct gr_error err = {0, ""};
  if (c->nargs > 0)
    return cli_fail("report takes no experiment names (it renders every folder under --out)%s%s", "", "");
  if (gr_fsio_list(c->opt.out, "", &v, &n) != GR_OK)
    return cli_fail("report folder '%s' not found (run 'granrepro run all' first, or give --out DIR)%s", c->opt.out, "");
  if (gr_outdir_check(c->opt.out, &err) != GR_OK) {
    gr_fsio_free_list(v, n);
    return cli_fail("%s%s", err.msg, "");
  }
  gr_outdir_clean_stale(c->opt.out);
  for (i = 0; i < n && rc == 0; i++) {
    snprintf(dir, sizeof dir, "%s/%s", c->opt.out, v[i]);
    int special = strcmp(v[i], "compare") == 0 || strcmp(v[i], "speed") == 0;
    snprintf(path, sizeof path, "%s/%s", dir, strcmp(v[i], "compare") == 0 ? "compare.gp"
                                              : strcmp(v[i], "speed") == 0 ? "index.html" : "summary.tsv");
    if (!gr_fsio_exists(path))
      continue;
    if ((special ? gr_report_render_dir(dir, &nr, &err)
                 : gr_site_finish(dir, NULL, NULL, &nr, &err)) != GR_OK ||
        (strcmp(v[i], "speed") == 0 && gr_bench_speed_index(c->opt.out, c->opt.refdir, &err) != GR_OK))
      rc = cli_fail("%s%s", err.msg, "");
    else if (nr < 0)
      missing = 1;
    else
      total += nr;
  }
  gr_fsio_free_list(v, n);
  if (rc != 0 || (rc = write_index(c)) != 0)
    return rc;
  if (missing)
    printf("gnuplot not found: figure scripts kept, not rendered (install gnuplot: apt-get install gnuplot-nox)\n");
  else
    printf("rendered %d figures\n", total);
  printf("report: %s/index.html\n", c->opt.out);
  return 0;
}

/* Name column width of bench's table: the longest "<exp>/<kernel>" or the
 * cache probe's name. */
static int bench_width(const struct gr_experiment *const *sel, size_t n)
{
  size_t i, k;
  int w = (int)strlen(GR_BENCH_PROBE_NAME), l;
  for (i = 0; i < n; i++)
    for (k = 0; k < sel[i]->nkernels; k++)
      if ((l = (int)(strlen(sel[i]->key) + 1 + strlen(sel[i]->kernels[k].name))) > w)
        w = l;
  return w;
}

/* Kernels of sel that --kernels selects. */
static size_t bench_count(const struct cli *c, const struct gr_experiment *const *sel, size_t n)
{
  size_t i, k, nb = 0;
  for (i = 0; i < n; i++)
    for (k = 0; k < sel[i]->nkernels; k++)
      nb += (size_t)cli_kernel_wanted(c, sel[i]->kernels[k].name);
  return nb;
}

/* Bench every kernel of sel: GR_BENCH_ROUNDS rounds over all kernels in
 * turn, a kernel's line printed after its last round.  Each round starts
 * with a sample of the cache probe (probe.h), whatever --kernels says: the
 * kernels of round r run between probe samples r and r + 1, so the probe's
 * samples spread over the bench as the kernels' do, and their median (what
 * compare reads) is the host's state over the same time.  0 or 2. */
static int bench_all(const struct cli *c, const struct gr_experiment *const *sel,
                     size_t n, struct gr_bench_record *rec)
{
  struct gr_bench *b;
  struct gr_bench_probe probe;
  struct gr_error err = {0, ""};
  struct gr_buf text = GR_BUF_INIT;
  size_t i, k, nb = 0, j;
  int r, rc = 0, w = bench_width(sel, n);
  nb = bench_count(c, sel, n); /* > 0: cmd_bench checked */
  memset(&probe, 0, sizeof probe);
  if ((b = calloc(nb ? nb : 1, sizeof *b)) == NULL)
    return cli_fail("out of memory");
  for (i = 0, j = 0; i < n && rc == 0; i++)
    for (k = 0; k < sel[i]->nkernels && rc == 0; k++)
      if (cli_kernel_wanted(c, sel[i]->kernels[k].name) &&
          gr_bench_init(&b[j++], sel[i], &sel[i]->kernels[k], c->repeat, &err) != GR_OK)
        rc = cli_fail("bench %s: %s", sel[i]->key, err.msg);
  if (rc == 0 && gr_bench_probe_init(&probe, GR_BENCH_PROBE_BYTES, &err) != GR_OK)
    rc = cli_fail("bench: %s", err.msg);
  printf("%-*s %13s  [%11s, %11s]  %13s %9s  %s\n", w, "kernel", "CPU/run", "min", "max", "wall/run", "runs", "rate");
  for (r = 0; r < GR_BENCH_ROUNDS && rc == 0; r++) {
    if (gr_bench_probe_sample(&probe, rec, &err) != GR_OK)
      rc = cli_fail("bench: cache probe: %s", err.msg);
    else if (r == GR_BENCH_ROUNDS - 1) {
      gr_buf_free(&text);
      gr_bench_probe_line(&probe, w, &text);
      fputs(gr_buf_str(&text), stdout);
    }
    for (j = 0; j < nb && rc == 0; j++) {
      int want = (c->repeat * (r + 1)) / GR_BENCH_ROUNDS - (c->repeat * r) / GR_BENCH_ROUNDS;
      gr_benchref_use(c->opt.refdir, b[j].exp->refdir);
      if (gr_bench_round(&b[j], c->opt.quick, c->opt.seed, want, rec, &err) != GR_OK)
        rc = cli_fail("bench %s: %s", b[j].exp->key, err.msg);
      else if (r == GR_BENCH_ROUNDS - 1) {
        gr_buf_free(&text);
        gr_bench_line(&b[j], w, &text);
        fputs(gr_buf_str(&text), stdout);
        fflush(stdout);
      }
    }
  }
  gr_buf_free(&text);
  gr_bench_probe_free(&probe);
  gr_benchref_done();
  for (j = 0; j < nb; j++)
    gr_bench_free(&b[j]);
  free(b);
  return rc;
}

/* granrepro bench */
static int cmd_bench(struct cli *c)
{
  const struct gr_experiment *sel[MAX_SELECT];
  struct gr_bench_record rec;
  struct gr_error err = {0, ""};
  char dir[4096], path[4096];
  size_t n;
  int rc;
  if ((rc = cli_select(c, sel, MAX_SELECT, &n)) != 0)
    return rc;
  if (bench_count(c, sel, n) == 0)
    return cli_fail("--kernels '%s' matches no kernel of the experiments named (granrepro list shows them)", c->kernels);
  if (c->baseline != NULL && gr_bench_baseline_check(c->opt.refdir, c->baseline, c->opt.quick ? "quick" : "full", &err) != GR_OK)
    return cli_fail("%s", err.msg);
  if (gr_bench_speed_template(c->opt.refdir, path, sizeof path, &err) != GR_OK)
    return cli_fail("%s", err.msg);
  if ((rc = cli_prepare_out(c->opt.out)) != 0)
    return rc;
#ifdef _OPENMP
  /* one thread unless told: a kernel's time per core, which other jobs on
   * a shared machine disturb least (the record says how many) */
  omp_set_num_threads(c->threads_set ? c->opt.threads : 1);
#endif
  cli_record_start(&rec, c, "bench", n == gr_nexperiments ? "all" : sel[0]->key);
  rc = bench_all(c, sel, n, &rec);
  gr_bench_record_loadavg(rec.load_end, sizeof rec.load_end);
  snprintf(dir, sizeof dir, "%s/records", c->opt.out);
  if (rc == 0 && gr_bench_record_write(dir, &rec, path, sizeof path, &err) != GR_OK)
    rc = cli_fail("%s", err.msg);
  if (rc == 0)
    printf("record: %s\n", path);
  if (rc == 0 && gr_bench_speed_write(c->opt.out, c->opt.refdir, &rec, &err) != GR_OK)
    rc = cli_fail("%s", err.msg);
  if (rc == 0)
    printf("speed: %s/speed/index.html\n", c->opt.out);
  if (rc == 0)
    rc = write_index(c);
  if (rc == 0 && c->baseline != NULL) {
    printf("\n");
    rc = cli_against(c, path, &rec);
  }
  gr_bench_record_free(&rec);
  return rc;
}

/* granrepro speed: DIR/speed/ and DIR/speed.md from an existing bench
 * record (make docs-speed: docs/speed.md from the shipped one). */
static int cmd_speed(struct cli *c)
{
  struct gr_bench_record rec;
  struct gr_error err = {0, ""};
  char tmpl[4200], md[4200], dir[4200], page[4400];
  int rc = 0;
  if (c->nargs != 1)
    return cli_fail("name one bench record (granrepro speed [--out DIR] RECORD.tsv)%s", "");
  snprintf(tmpl, sizeof tmpl, "%s/machines/speed.md.in", c->opt.refdir);
  snprintf(md, sizeof md, "%s/speed.md", c->opt.out);
  snprintf(dir, sizeof dir, "%s/speed", c->opt.out);
  if (!gr_fsio_exists(tmpl))
    return cli_fail("template '%s' not found (give --ref DIR, the folder with machines/speed.md.in)", tmpl);
  if (gr_bench_speed_template(c->opt.refdir, page, sizeof page, &err) != GR_OK)
    return cli_fail("%s", err.msg);
  if (cli_need_records(c) != 0)
    return 2;
  if (gr_bench_record_load(c->args[0], &rec, &err) != GR_OK)
    return cli_fail("%s", err.msg);
  if (strcmp(rec.kind, "bench") != 0 || rec.nrows == 0)
    rc = cli_fail("'%s' is not a bench record with samples (granrepro bench writes them)", c->args[0]);
  if (rc == 0)
    rc = cli_prepare_out(c->opt.out);
  if (rc == 0 && (gr_bench_speed_write(c->opt.out, c->opt.refdir, &rec, &err) != GR_OK ||
                  gr_bench_speed_markdown(dir, "speed", &rec, tmpl, md, &err) != GR_OK))
    rc = cli_fail("%s", err.msg);
  if (rc == 0)
    printf("speed: %s/index.html\nspeed: %s\n", dir, md);
  gr_bench_record_free(&rec);
  return rc;
}

int main(int argc, char **argv)
{
  struct cli c;
  int rc;
  if ((rc = cli_parse(argc, argv, &c)) == CLI_DONE)
    return 0;
  if (rc != 0)
    return rc;
  if (strcmp(c.cmd, "list") == 0)
    return cmd_list(c.opt.out);
  if (strcmp(c.cmd, "run") == 0 || strcmp(c.cmd, "check") == 0 || strcmp(c.cmd, "bench") == 0)
    cli_passive_wait(argv);
  if (strcmp(c.cmd, "run") == 0 || strcmp(c.cmd, "check") == 0)
    return cmd_run(&c, strcmp(c.cmd, "check") == 0);
  if (strcmp(c.cmd, "report") == 0)
    return cmd_report(&c);
  if (strcmp(c.cmd, "merge") == 0)
    return cli_merge(&c);
  if (strcmp(c.cmd, "bench") == 0)
    return cmd_bench(&c);
  if (strcmp(c.cmd, "speed") == 0)
    return cmd_speed(&c);
  return cli_compare(&c);
}
