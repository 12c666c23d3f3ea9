/* granrepro bench: the speed pages' data and figures (see speed.h):
 * a bench record's samples reduced to medians per kernel, grouped into
 * series by the kernel names, drawn against problem size.  Issue 14's
 * "speed" section: ns per unit of work against N, and speed-up against
 * threads. */
#include "bench/speed.h"
#include "bench/speed_int.h"

#include <ctype.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "bench/record.h"
#include "harness/report.h"
#include "stats/stats.h"
#include "status.h"

/* A size token: optional 'N', then a number strtod reads whole. */
static int speed_size_token(const char *t, size_t len, double *v)
{
  char buf[32], *end;
  if (len > 0 && t[0] == 'N') {
    t++;
    len--;
  }
  if (len == 0 || len >= sizeof buf || !isdigit((unsigned char)t[0]))
    return 0;
  memcpy(buf, t, len);
  buf[len] = '\0';
  *v = strtod(buf, &end);
  return *end == '\0' && *v > 0.0;
}

int gr_bench_speed_name(const char *kernel, char *series, size_t n, double *size,
                        int *threads)
{
  const char *p = kernel;
  size_t out = 0;
  int sized = 0;
  *size = 0.0;
  *threads = 1;
  while (*p != '\0') {
    size_t len = strcspn(p, "-");
    double v;
    if (!sized && speed_size_token(p, len, &v)) {
      *size = v;
      sized = 1;
    }
    else if (len >= 2 && p[0] == 't' && strspn(p + 1, "0123456789") == len - 1 && len < 6)
      *threads = atoi(p + 1);
    else if (out + len + 2 < n) {
      if (out > 0)
        series[out++] = '-';
      memcpy(series + out, p, len);
      out += len;
    }
    p += len + (p[len] == '-');
  }
  series[out] = '\0';
  if (!sized && n > 0)
    snprintf(series, n, "%s", kernel);
  return sized;
}

/* Median, min and max of v[0..n) (sorted in place). */
static void speed_median(double *v, size_t n, double *med, double *lo, double *hi)
{
  gsl_sort(v, 1, n);
  *med = gsl_stats_median_from_sorted_data(v, 1, n);
  *lo = v[0];
  *hi = v[n - 1];
}

/* Reduce the samples of kernel name (full "<exp>/<kernel>") into k. */
static int speed_reduce(const struct gr_bench_record *rec, const char *full,
                        struct gr_bench_speed_kern *k, double *buf)
{
  size_t i, m = 0;
  double c[2];
  for (i = 0; i < rec->nrows; i++) {
    const struct gr_bench_sample *s = &rec->rows[i];
    if (s->sample >= 1 && s->work > 0.0 && strcmp(s->name, full) == 0) {
      buf[m] = 1e9 * s->wall / s->work;
      buf[rec->nrows + m++] = 1e9 * s->cpu / s->work;
      snprintf(k->unit, sizeof k->unit, "%s", s->unit);
      k->bytes = s->bytes;
    }
  }
  if (m == 0)
    return 0;
  speed_median(buf, m, &k->ns, &k->lo, &k->hi);
  speed_median(buf + rec->nrows, m, &k->cpu_ns, &c[0], &c[1]);
  k->nsamp = m;
  return 1;
}

/* The kernels of experiment key among the record's distinct kernel
 * names (names[0..nn), full "<exp>/<kernel>"), in their order. */
static void speed_kernels(const struct gr_bench_record *rec, const char *const *names, size_t nn,
                          struct gr_bench_speed_exp *e, double *buf)
{
  size_t i, j, kl = strlen(e->key);
  double big;
  for (i = 0; i < nn; i++) {
    struct gr_bench_speed_kern *k = &e->kern[e->nkern];
    if (strncmp(names[i], e->key, kl) != 0 || names[i][kl] != '/')
      continue;
    memset(k, 0, sizeof *k);
    snprintf(k->name, sizeof k->name, "%s", names[i] + kl + 1);
    k->sized = gr_bench_speed_name(k->name, k->series, sizeof k->series, &k->n, &k->threads);
    e->nkern += speed_reduce(rec, names[i], k, buf);
  }
  /* the streaming bound: the best "bw-*" kernel at the largest size
   * (data from main memory, not a cache-resident array) */
  for (j = 0, big = 0.0; j < e->nkern; j++) {
    const struct gr_bench_speed_kern *k = &e->kern[j];
    if (strncmp(k->name, "bw-", 3) != 0 || k->bytes <= 0.0 || k->n < big)
      continue;
    if (k->n > big) {
      big = k->n;
      e->stream = 0.0;
    }
    e->stream = k->bytes / k->ns > e->stream ? k->bytes / k->ns : e->stream;
  }
}

/* Series x threads groups of the sized kernels, each in ascending size,
 * with the log-log slope of cost per unit against size. */
static void speed_groups(struct gr_bench_speed_exp *e)
{
  size_t i, g, a, b;
  for (i = 0; i < e->nkern; i++) {
    const struct gr_bench_speed_kern *k = &e->kern[i];
    struct gr_bench_speed_group *G;
    if (!k->sized)
      continue;
    for (g = 0; g < e->ngrp; g++) {
      const struct gr_bench_speed_kern *f = &e->kern[e->grp[g].k[0]];
      if (strcmp(f->series, k->series) == 0 && f->threads == k->threads)
        break;
    }
    if (g == e->ngrp && e->ngrp == sizeof e->grp / sizeof e->grp[0])
      continue;
    G = &e->grp[g];
    if (g == e->ngrp) {
      memset(G, 0, sizeof *G);
      e->ngrp++;
    }
    if (G->n < sizeof G->k / sizeof G->k[0])
      G->k[G->n++] = i;
    e->has_threads |= k->threads > 1;
  }
  for (g = 0; g < e->ngrp; g++) {
    struct gr_bench_speed_group *G = &e->grp[g];
    double x[64], y[64];
    for (a = 1; a < G->n; a++) /* insertion sort by size */
      for (b = a; b > 0 && e->kern[G->k[b]].n < e->kern[G->k[b - 1]].n; b--) {
        size_t t = G->k[b];
        G->k[b] = G->k[b - 1];
        G->k[b - 1] = t;
      }
    for (a = 0; a < G->n; a++) {
      x[a] = e->kern[G->k[a]].n;
      y[a] = e->kern[G->k[a]].ns;
    }
    if (G->n < 2 || gr_stats_loglog(x, y, G->n, &G->slope, &G->slope_se) != GR_OK)
      G->slope = G->slope_se = 0.0;
  }
}

/* Group g's line title: "series (unit, k threads)". */
static void speed_title(struct gr_buf *b, const struct gr_bench_speed_exp *e, size_t g)
{
  const struct gr_bench_speed_kern *k = &e->kern[e->grp[g].k[0]];
  struct gr_buf t = GR_BUF_INIT;
  gr_buf_printf(&t, "%s (%s, %d thread%s)", k->series, k->unit, k->threads, k->threads > 1 ? "s" : "");
  gr_report_gpstr(b, gr_buf_str(&t));
  gr_buf_free(&t);
}

/* The one-thread partner of k (speed_int.h): "-t<k>" made "-t1", else
 * the series' one-thread kernel at k's size. */
const struct gr_bench_speed_kern *gr_bench_speed_partner(const struct gr_bench_speed_exp *e,
                                                         const struct gr_bench_speed_kern *k)
{
  char want[160], tok[16];
  const char *t;
  size_t i, tl;
  snprintf(tok, sizeof tok, "-t%d", k->threads);
  tl = strlen(tok);
  for (t = strstr(k->name, tok); t != NULL && t[tl] != '\0' && t[tl] != '-'; t = strstr(t + 1, tok))
    ;
  if (t != NULL) {
    snprintf(want, sizeof want, "%.*s-t1%s", (int)(t - k->name), k->name, t + tl);
    for (i = 0; i < e->nkern; i++)
      if (strcmp(e->kern[i].name, want) == 0)
        return &e->kern[i];
  }
  for (i = 0; i < e->nkern; i++)
    if (e->kern[i].sized && e->kern[i].threads == 1 && e->kern[i].n == k->n &&
        strcmp(e->kern[i].series, k->series) == 0)
      return &e->kern[i];
  return NULL;
}

/* The figures of an experiment: cost per unit, speed-up, fraction of
 * the streaming bound. */
enum speed_fig { SPEED_COST, SPEED_UP, SPEED_BOUND };

/* Does kernel k have a point on figure what? *y its value. */
static int speed_point(const struct gr_bench_speed_exp *e, const struct gr_bench_speed_kern *k,
                       enum speed_fig what, double *y)
{
  const struct gr_bench_speed_kern *one = what == SPEED_UP ? gr_bench_speed_partner(e, k) : NULL;
  if (what == SPEED_COST)
    *y = k->ns;
  else if (what == SPEED_UP)
    *y = one != NULL ? one->ns / k->ns : 0.0;
  else
    *y = k->bytes > 0.0 && e->stream > 0.0 ? k->bytes / e->stream / k->ns : 0.0;
  return *y > 0.0;
}

/* Write figure f and its data d into dir: nothing without blocks of data;
 * failed: a buffer of the figure failed to grow. */
static int speed_write(const char *dir, const struct gr_figure *f, const struct gr_buf *d, size_t blocks,
                       int failed, struct gr_error *err)
{
  char path[4400];
  int rc;
  if (snprintf(path, sizeof path, "%s/%s.dat", dir, f->name) >= (int)sizeof path)
    return gr_error_set(err, GR_EINPUT, "path too long: %s", dir);
  if (failed)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  if (blocks == 0)
    return GR_OK;
  if ((rc = gr_fsio_write(path, gr_buf_str(d), d->len, err)) != GR_OK)
    return rc;
  return gr_report_write_figure(dir, f, err);
}

/* <dir>/<exp>-<what>.dat and .gp (none when no kernel has a point). */
static int speed_figure(const char *dir, const struct gr_bench_speed_exp *e, enum speed_fig what,
                        struct gr_error *err)
{
  static const char *const stem[] = {"cost", "speedup", "bound"};
  static const char *const title[] = {
    "Cost per unit of work against problem size (median wall time; bars: min, max)",
    "Speed-up: wall time on 1 thread / on k threads (median of the bench's samples)",
    "Fraction of the streaming bound: bytes per unit at the bw-* bandwidth / median wall time"};
  static const char *const ylabel[] = {"wall ns per unit of work", "speed-up", "fraction of the streaming bound"};
  static const char *const setup[] = {
    "set logscale xy\nset key outside below horizontal maxcols 2 font \",9\"\nset format x \"10^{%L}\"",
    "set logscale x\nset yrange [0:*]\nset offsets graph 0.05, graph 0.05, 0, 0\nset key right bottom",
    "set logscale x\nset yrange [0:*]\nset offsets graph 0.05, graph 0.05, 0, 0\nset key outside below horizontal maxcols 2 font \",9\"\nset format x \"10^{%L}\""};
  struct gr_buf d = GR_BUF_INIT, p = GR_BUF_INIT, name = GR_BUF_INIT;
  struct gr_figure f = {0};
  size_t g, a, blocks = 0, pts;
  double y;
  int rc;
  gr_buf_printf(&name, "%s-%s", e->key, stem[what]);
  for (g = 0; g < e->ngrp; g++) {
    const struct gr_bench_speed_group *G = &e->grp[g];
    if (what == SPEED_UP && e->kern[G->k[0]].threads == 1)
      continue;
    for (a = 0, pts = 0; a < G->n; a++)
      pts += (size_t)speed_point(e, &e->kern[G->k[a]], what, &y);
    if (pts == 0)
      continue;
    gr_buf_printf(&d, "%s# %s t%d\n", blocks ? "\n\n" : "", e->kern[G->k[0]].series, e->kern[G->k[0]].threads);
    for (a = 0; a < G->n; a++) {
      const struct gr_bench_speed_kern *k = &e->kern[G->k[a]];
      if (what == SPEED_COST)
        gr_buf_printf(&d, "%.6g %.6g %.6g %.6g\n", k->n, k->ns, k->lo, k->hi);
      else if (speed_point(e, k, what, &y))
        gr_buf_printf(&d, "%.6g %.6g %d\n", k->n, y, k->threads);
    }
    /* gnuplot has 8 line colours: groups 9.. differ by dash and point */
    gr_buf_printf(&p, "%sdata index %zu using 1:2%s with %s lw 2 dt %zu pt %zu title \"", blocks ? ", " : "", blocks,
                  what == SPEED_COST ? ":3:4" : "", what == SPEED_COST ? "yerrorlines" : "linespoints",
                  blocks / 8 + 1, (size_t)(blocks / 8 ? 5 : 7));
    speed_title(&p, e, g);
    gr_buf_printf(&p, "\"");
    blocks++;
  }
  f.name = gr_buf_str(&name);
  f.data = f.name;
  f.title = title[what];
  f.xlabel = "N (problem size)";
  f.ylabel = ylabel[what];
  f.setup = setup[what];
  f.plot = gr_buf_str(&p);
  rc = speed_write(dir, &f, &d, blocks, d.failed || p.failed || name.failed, err);
  gr_buf_free(&d);
  gr_buf_free(&p);
  gr_buf_free(&name);
  return rc;
}

/* The distinct kernel names of rec's bench samples (pointers into its
 * rows), in order of first appearance; at most cap. */
static size_t speed_names(const struct gr_bench_record *rec, const char **names, size_t cap)
{
  size_t r, j, n = 0;
  for (r = 0; r < rec->nrows && n < cap; r++) {
    const char *nm = rec->rows[r].name;
    if (rec->rows[r].sample < 1 || strchr(nm, '/') == NULL)
      continue;
    for (j = n; j > 0 && strcmp(names[j - 1], nm) != 0; j--) /* rows come kernel by kernel */
      ;
    if (j == 0)
      names[n++] = nm;
  }
  return n;
}

/* Experiment i of the names (distinct "<exp>/" prefixes, in order). */
static int speed_nth_exp(const char *const *names, size_t nn, size_t i, char *key, size_t n)
{
  size_t r, j, found = 0;
  for (r = 0; r < nn; r++) {
    size_t kl = (size_t)(strchr(names[r], '/') - names[r]);
    if (kl >= n)
      continue;
    for (j = 0; j < r && strncmp(names[j], names[r], kl + 1) != 0; j++) /* seen before? */
      ;
    if (j == r && found++ == i) {
      memcpy(key, names[r], kl);
      key[kl] = '\0';
      return 1;
    }
  }
  return 0;
}

#define SPEED_MAXEXP 64     /* experiments in one record */
#define SPEED_MAXKERN 4096  /* kernels in one record */

void gr_bench_speed_free(struct gr_bench_speed_exp *e)
{
  size_t i;
  for (i = 0; e != NULL && i < SPEED_MAXEXP; i++)
    free(e[i].kern);
  free(e);
}

int gr_bench_speed_build(const struct gr_bench_record *rec, struct gr_bench_speed_exp **out, size_t *nexp,
                         struct gr_error *err)
{
  struct gr_bench_speed_exp *e;
  double *buf;
  const char **names;
  size_t n = 0, nn = 0;
  int rc = GR_OK;
  *out = NULL;
  *nexp = 0;
  buf = malloc((2 * rec->nrows + 1) * sizeof *buf);
  e = calloc(SPEED_MAXEXP, sizeof *e);
  names = malloc(SPEED_MAXKERN * sizeof *names);
  if (buf == NULL || e == NULL || names == NULL)
    rc = gr_error_set(err, GR_ENOMEM, "out of memory");
  else
    nn = speed_names(rec, names, SPEED_MAXKERN);
  for (; rc == GR_OK && n < SPEED_MAXEXP && speed_nth_exp(names, nn, n, e[n].key, sizeof e[n].key); n++) {
    if ((e[n].kern = calloc(nn, sizeof *e[n].kern)) == NULL) {
      rc = gr_error_set(err, GR_ENOMEM, "out of memory");
      break;
    }
    speed_kernels(rec, names, nn, &e[n], buf);
    speed_groups(&e[n]);
  }
  free(buf);
  free(names);
  if (rc != GR_OK) {
    gr_bench_speed_free(e);
    return rc;
  }
  *out = e;
  *nexp = n;
  return GR_OK;
}

/* Experiment e's three figures (cost, speed-up, bound) into dir. */
static int speed_figures(const char *dir, const struct gr_bench_speed_exp *e, struct gr_error *err)
{
  int rc;
  if ((rc = speed_figure(dir, e, SPEED_COST, err)) != GR_OK)
    return rc;
  if ((rc = speed_figure(dir, e, SPEED_UP, err)) != GR_OK)
    return rc;
  return speed_figure(dir, e, SPEED_BOUND, err);
}

int gr_bench_speed_write(const char *out, const char *refdir,
                         const struct gr_bench_record *rec, struct gr_error *err)
{
  char dir[4096];
  struct gr_bench_speed_exp *e = NULL;
  size_t i, n = 0;
  int rc = GR_OK, nr;
  if (snprintf(dir, sizeof dir, "%s/speed", out) >= (int)sizeof dir)
    return gr_error_set(err, GR_EINPUT, "path too long: %s", out);
  if (rec->nrows == 0)
    return GR_OK;
  if ((rc = gr_fsio_mkdirs(dir, err)) != GR_OK || (rc = gr_bench_speed_build(rec, &e, &n, err)) != GR_OK)
    return rc;
  for (i = 0; rc == GR_OK && i < n; i++)
    rc = speed_figures(dir, &e[i], err);
  if (rc != GR_OK)
    goto fail;
  /* every figure by one gnuplot, then the sections */
  if ((rc = gr_report_render_dir(dir, &nr, err)) != GR_OK)
    goto fail;
  for (i = 0; rc == GR_OK && i < n; i++)
    rc = gr_bench_speed_fragment(dir, &e[i], rec, err);
fail:
  gr_bench_speed_free(e);
  return rc == GR_OK ? gr_bench_speed_index(out, refdir, err) : rc;
}
