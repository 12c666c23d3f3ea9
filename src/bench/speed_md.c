/* granrepro bench: the speed findings as markdown (see speed.h): the
 * numbers of the speed pages (speed.c) handed by name to a notes template
 * (notes.h), so that the prose lives in the template and every number
 * comes from the record.  Issue 14's "speed" section. */
#include "bench/speed.h"
#include "bench/speed_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "harness/notes.h"
#include "bench/record.h"
#include "status.h"

/* Hand value v as "<exp>/<name>.<what>". */
static int md_value(struct gr_notes *nt, const char *exp, const char *name, const char *what,
                    double v)
{
  char key[256];
  snprintf(key, sizeof key, "%s/%s.%s", exp, name, what);
  return gr_notes_value(nt, key, v);
}

/* The fraction of the streaming bound: the time k's bytes take at the
 * experiment's streaming bandwidth over the time taken; 0 without. */
static double md_bound(const struct gr_bench_speed_exp *e, const struct gr_bench_speed_kern *k)
{
  return k->bytes > 0.0 && e->stream > 0.0 ? k->bytes / e->stream / k->ns : 0.0;
}

/* One table row of kernel k. */
static void md_row(struct gr_buf *b, const struct gr_bench_speed_exp *e, const struct gr_bench_speed_kern *k)
{
  if (k->sized)
    gr_buf_printf(b, "| %s | %.3g", k->name, k->n);
  else
    gr_buf_printf(b, "| %s | -", k->name);
  gr_buf_printf(b, " | %d | %.4g | [%.4g, %.4g] | %.4g | %.4g |", k->threads, k->ns, k->lo, k->hi,
                k->cpu_ns, 1e9 / k->ns);
  if (k->bytes > 0.0)
    gr_buf_printf(b, " %.4g | %.3g |", k->bytes, k->bytes / k->ns);
  else
    gr_buf_printf(b, " - | - |");
  if (md_bound(e, k) > 0.0)
    gr_buf_printf(b, " %.2f |\n", md_bound(e, k));
  else
    gr_buf_printf(b, " - |\n");
}

/* The header of a kernels table; unit in the plural ("collisions"). */
static void md_head(struct gr_buf *b, const char *unit)
{
  int one = (int)strlen(unit) - (strlen(unit) > 1 && unit[strlen(unit) - 1] == 's');
  gr_buf_printf(b, "| kernel | N | threads | wall ns per %.*s (median) | [min, max] | CPU ns per %.*s "
                   "(all threads) | %s per s | bytes per %.*s | GB/s | fraction of the streaming bound |\n"
                   "|---|---|---|---|---|---|---|---|---|---|\n", one, unit, one, unit, unit, one, unit);
}

/* Issue 14's measure of scaling: "<exp>/<series>.t<k>.ratio-1e4-<M>", the
 * cost per unit at N = M over the cost at N = 1e4, M = 1e5 and 1e6 (the
 * first kernel of each size: a "-t1" twin does not count twice), and
 * ".slope-1e4-<M>", the log-log slope between the two; nothing without
 * both sizes. */
static int md_from_1e4(struct gr_notes *nt, const struct gr_bench_speed_exp *e,
                       const struct gr_bench_speed_group *G)
{
  static const double big[] = {1e5, 1e6};
  static const char *const bigname[] = {"1e5", "1e6"};
  const struct gr_bench_speed_kern *lo = NULL;
  char key[256];
  size_t a, m;
  int rc = GR_OK;
  for (a = 0; a < G->n && lo == NULL; a++)
    if (e->kern[G->k[a]].n == 1e4)
      lo = &e->kern[G->k[a]];
  if (lo == NULL || !(lo->ns > 0.0))
    return GR_OK;
  for (m = 0; m < 2 && rc == GR_OK; m++) {
    const struct gr_bench_speed_kern *hi = NULL;
    for (a = 0; a < G->n && hi == NULL; a++)
      if (e->kern[G->k[a]].n == big[m])
        hi = &e->kern[G->k[a]];
    if (hi == NULL || !(hi->ns > 0.0))
      continue;
    snprintf(key, sizeof key, "%s/%s.t%d.ratio-1e4-%s", e->key, hi->series, hi->threads, bigname[m]);
    if ((rc = gr_notes_value(nt, key, hi->ns / lo->ns)) != GR_OK)
      return rc;
    snprintf(key, sizeof key, "%s/%s.t%d.slope-1e4-%s", e->key, hi->series, hi->threads, bigname[m]);
    rc = gr_notes_value(nt, key, log(hi->ns / lo->ns) / log(big[m] / 1e4));
  }
  return rc;
}

/* "<exp>/<series>.table": every kernel of the series, by threads then N;
 * "<exp>/<series>.t<k>.slope": the log-log slope of a group. */
static int md_series(struct gr_notes *nt, const struct gr_bench_speed_exp *e, size_t g0)
{
  const struct gr_bench_speed_kern *f = &e->kern[e->grp[g0].k[0]];
  struct gr_buf b = GR_BUF_INIT;
  char key[256];
  size_t g, a;
  int rc;
  for (g = 0; g < g0; g++) /* one table per series: done at its first group */
    if (strcmp(e->kern[e->grp[g].k[0]].series, f->series) == 0)
      return GR_OK;
  md_head(&b, f->unit);
  for (g = g0; g < e->ngrp; g++)
    if (strcmp(e->kern[e->grp[g].k[0]].series, f->series) == 0)
      for (a = 0; a < e->grp[g].n; a++)
        md_row(&b, e, &e->kern[e->grp[g].k[a]]);
  snprintf(key, sizeof key, "%s/%s.table", e->key, f->series);
  rc = b.failed ? GR_ENOMEM : gr_notes_text(nt, key, gr_buf_str(&b));
  gr_buf_free(&b);
  for (g = g0; rc == GR_OK && g < e->ngrp; g++) {
    const struct gr_bench_speed_group *G = &e->grp[g];
    const struct gr_bench_speed_kern *k = &e->kern[G->k[0]];
    if (strcmp(k->series, f->series) != 0 || G->n < 2)
      continue;
    snprintf(key, sizeof key, "%s/%s.t%d.slope", e->key, k->series, k->threads);
    if ((rc = gr_notes_value(nt, key, G->slope)) != GR_OK)
      return rc;
    rc = md_from_1e4(nt, e, G);
  }
  return rc;
}

/* Hand md_tables's three tables (b kernels, s speed-up, o series); the
 * speed-up only with threads, the series only with groups. */
static int md_hand_tables(struct gr_notes *nt, const struct gr_bench_speed_exp *e, const struct gr_buf *b,
                          const struct gr_buf *s, const struct gr_buf *o)
{
  char key[160];
  int rc;
  if (b->failed || s->failed || o->failed)
    return GR_ENOMEM;
  snprintf(key, sizeof key, "%s.kernels", e->key);
  if ((rc = gr_notes_text(nt, key, gr_buf_str(b))) != GR_OK)
    return rc;
  snprintf(key, sizeof key, "%s.speedup", e->key);
  if (e->has_threads && (rc = gr_notes_text(nt, key, gr_buf_str(s))) != GR_OK)
    return rc;
  snprintf(key, sizeof key, "%s.series", e->key);
  return e->ngrp > 0 ? gr_notes_text(nt, key, gr_buf_str(o)) : GR_OK;
}

/* "<exp>.kernels": the kernels without a size; "<exp>.speedup": each
 * k-thread kernel against its one-thread partner; "<exp>.series": each
 * series and thread count at its ends, with the slope (as the page). */
static int md_tables(struct gr_notes *nt, const struct gr_bench_speed_exp *e)
{
  struct gr_buf b = GR_BUF_INIT, s = GR_BUF_INIT, o = GR_BUF_INIT;
  size_t i;
  int rc;
  md_head(&b, "units");
  gr_buf_printf(&s, "| kernel | N | threads | wall ns per unit on 1 thread | on k threads | speed-up |\n"
                    "|---|---|---|---|---|---|\n");
  for (i = 0; i < e->nkern; i++) {
    const struct gr_bench_speed_kern *k = &e->kern[i], *one = k->threads > 1 ? gr_bench_speed_partner(e, k) : NULL;
    if (!k->sized)
      md_row(&b, e, k);
    if (one != NULL)
      gr_buf_printf(&s, "| %s | %.3g | %d | %.4g (%s) | %.4g | %.2f |\n", k->name, k->n, k->threads,
                    one->ns, one->name, k->ns, one->ns / k->ns);
  }
  gr_buf_printf(&o, "| series | threads | unit | N | ns per unit at the smallest N | at the largest N "
                    "| largest / smallest | log-log slope (0: time linear in N) |\n|---|---|---|---|---|---|---|---|\n");
  for (i = 0; i < e->ngrp; i++) {
    const struct gr_bench_speed_group *G = &e->grp[i];
    const struct gr_bench_speed_kern *a = &e->kern[G->k[0]], *z = &e->kern[G->k[G->n - 1]];
    gr_buf_printf(&o, "| %s | %d | %s | %.3g .. %.3g | %.4g | %.4g | %.3f |", a->series, a->threads, a->unit,
                  a->n, z->n, a->ns, z->ns, z->ns / a->ns);
    if (G->n >= 2)
      gr_buf_printf(&o, " %+.3f +- %.3f |\n", G->slope, G->slope_se);
    else
      gr_buf_printf(&o, " - |\n");
  }
  rc = md_hand_tables(nt, e, &b, &s, &o);
  gr_buf_free(&b);
  gr_buf_free(&s);
  gr_buf_free(&o);
  return rc;
}

/* "<exp>.<what>-fig": the figure as a markdown image under fig (a path
 * relative to the page), or why there is none (when it has a script). */
static int md_figure(struct gr_notes *nt, const char *dir, const char *fig, const char *exp,
                     const char *what)
{
  struct gr_buf b = GR_BUF_INIT;
  char path[4400], key[160];
  int rc;
  snprintf(path, sizeof path, "%s/%s-%s.gp", dir, exp, what);
  if (!gr_fsio_exists(path))
    return GR_OK;
  snprintf(path, sizeof path, "%s/%s-%s.svg", dir, exp, what);
  snprintf(key, sizeof key, "%s.%s-fig", exp, what);
  if (gr_fsio_exists(path))
    gr_buf_printf(&b, "![%s: %s](%s/%s-%s.svg)", exp, what, fig, exp, what);
  else
    gr_buf_printf(&b, "*Figure %s-%s not drawn: gnuplot was not found when this page was generated "
                      "(the tables below hold the same numbers).*", exp, what);
  rc = b.failed ? GR_ENOMEM : gr_notes_text(nt, key, gr_buf_str(&b));
  gr_buf_free(&b);
  return rc;
}

/* "<exp>/<kernel>.<what>": kernel k's ns, cpu, rate, and its bound and
 * speed-up where it has them. */
static int md_kern_values(struct gr_notes *nt, const struct gr_bench_speed_exp *E,
                          const struct gr_bench_speed_kern *k)
{
  const struct gr_bench_speed_kern *one = k->threads > 1 ? gr_bench_speed_partner(E, k) : NULL;
  int rc;
  if ((rc = md_value(nt, E->key, k->name, "ns", k->ns)) != GR_OK)
    return rc;
  if ((rc = md_value(nt, E->key, k->name, "cpu", k->cpu_ns)) != GR_OK)
    return rc;
  if ((rc = md_value(nt, E->key, k->name, "rate", 1e9 / k->ns)) != GR_OK)
    return rc;
  if (md_bound(E, k) > 0.0 && (rc = md_value(nt, E->key, k->name, "bound", md_bound(E, k))) != GR_OK)
    return rc;
  return one != NULL ? md_value(nt, E->key, k->name, "speedup", one->ns / k->ns) : GR_OK;
}

/* Every name of experiment E: its stream, kernels, series, tables, figures. */
static int md_exp(struct gr_notes *nt, const char *dir, const char *fig, const struct gr_bench_speed_exp *E)
{
  char key[160];
  size_t i;
  int rc = GR_OK;
  snprintf(key, sizeof key, "%s.stream", E->key);
  if (E->stream > 0.0 && (rc = gr_notes_value(nt, key, E->stream)) != GR_OK)
    return rc;
  for (i = 0; rc == GR_OK && i < E->nkern; i++)
    rc = md_kern_values(nt, E, &E->kern[i]);
  for (i = 0; rc == GR_OK && i < E->ngrp; i++)
    rc = md_series(nt, E, i);
  if (rc != GR_OK)
    return rc;
  if ((rc = md_tables(nt, E)) != GR_OK)
    return rc;
  if ((rc = md_figure(nt, dir, fig, E->key, "cost")) != GR_OK)
    return rc;
  if ((rc = md_figure(nt, dir, fig, E->key, "speedup")) != GR_OK)
    return rc;
  return md_figure(nt, dir, fig, E->key, "bound");
}

/* Every name the template may use (speed.h). */
static int md_names(struct gr_notes *nt, const char *dir, const char *fig,
                    const struct gr_bench_record *rec, const struct gr_bench_speed_exp *e, size_t n)
{
  size_t x, i;
  int rc = GR_OK;
  const char *const text[][2] = {
    {"date", rec->date}, {"host", rec->machine.host}, {"cpu", rec->machine.cpu},
    {"mode", rec->mode}, {"revision", rec->machine.revision}, {"compiler", rec->machine.compiler},
    {"cflags", rec->machine.cflags}, {"load_start", rec->load_start}, {"load_end", rec->load_end},
    {"mhz", rec->machine.mhz}};
  for (i = 0; rc == GR_OK && i < sizeof text / sizeof text[0]; i++)
    rc = gr_notes_text(nt, text[i][0], text[i][1]);
  if (rc != GR_OK)
    return rc;
  if ((rc = gr_notes_value(nt, "cores", rec->machine.cores)) != GR_OK)
    return rc;
  if ((rc = gr_notes_value(nt, "threads", rec->threads)) != GR_OK)
    return rc;
  for (x = 0; rc == GR_OK && x < n; x++)
    rc = md_exp(nt, dir, fig, &e[x]);
  return rc;
}

int gr_bench_speed_markdown(const char *dir, const char *fig, const struct gr_bench_record *rec,
                            const char *tmpl_path, const char *md_path, struct gr_error *err)
{
  struct gr_bench_speed_exp *e = NULL;
  struct gr_notes *nt = gr_notes_new();
  struct gr_buf out = GR_BUF_INIT;
  char *tmpl = NULL;
  size_t n = 0, len;
  int rc;
  if (nt == NULL) {
    rc = gr_error_set(err, GR_ENOMEM, "out of memory");
    goto fail;
  }
  if ((rc = gr_fsio_read(tmpl_path, &tmpl, &len, err)) != GR_OK)
    goto fail;
  if ((rc = gr_bench_speed_build(rec, &e, &n, err)) != GR_OK)
    goto fail;
  if (md_names(nt, dir, fig, rec, e, n) != GR_OK) {
    rc = gr_error_set(err, GR_ENOMEM, "out of memory");
    goto fail;
  }
  if ((rc = gr_notes_render(nt, tmpl, tmpl_path, &out, err)) != GR_OK)
    goto fail;
  rc = gr_fsio_write(md_path, gr_buf_str(&out), out.len, err);
fail:
  gr_buf_free(&out);
  free(tmpl);
  gr_bench_speed_free(e);
  gr_notes_free(nt);
  return rc;
}
