/* granrepro bench: this machine against a shipped baseline (see
 * baseline.h; the baselines and how they were taken:
 * reference/machines/README.md). */
#include "bench/baseline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench/bootci.h"
#include "harness/buf.h"
#include "bench/compare.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "bench/ktime.h"
#include "bench/mwu.h"
#include "bench/probe.h"
#include "bench/recset.h"

/* s, or "-" when empty. */
static const char *base_str(const char *s)
{
  return s != NULL && s[0] != '\0' ? s : "-";
}

/* The baselines' folder <refdir>/machines into out. */
static void base_root(char *out, size_t n, const char *refdir)
{
  snprintf(out, n, "%s/machines", refdir);
}

/* Load the records of baseline dir (errors go to err); GR_OK or GR_EINPUT. */
static int base_load(const char *dir, struct gr_bench_recset *s, struct gr_error *err)
{
  const char *paths[1];
  paths[0] = dir;
  return gr_bench_recset_load(paths, 1, s, err);
}

void gr_bench_baseline_list(const char *refdir, struct gr_buf *text)
{
  char root[4096], dir[4200], **names = NULL;
  size_t n = 0, i, j, found = 0;
  struct gr_error err = {0, ""};
  base_root(root, sizeof root, refdir);
  if (gr_fsio_list(root, "", &names, &n) != GR_OK)
    n = 0;
  for (i = 0; i < n; i++) {
    struct gr_bench_recset s;
    snprintf(dir, sizeof dir, "%s/%s", root, names[i]);
    if (base_load(dir, &s, &err) != GR_OK)
      continue;
    gr_buf_printf(text, "    %s: %s, %s, modes", names[i], base_str(s.recs[0].machine.host), base_str(s.recs[0].machine.cpu));
    for (j = 0; j < s.n; j++)
      gr_buf_printf(text, " %s", base_str(s.recs[j].mode));
    gr_buf_printf(text, "\n");
    found++;
    gr_bench_recset_free(&s);
  }
  if (found == 0)
    gr_buf_printf(text, "    (none found under %s)\n", root);
  gr_fsio_free_list(names, n);
}

/* The baseline record of mode in s (index into s); GR_EINPUT when there is
 * none or more than one. */
static int base_pick(const struct gr_bench_recset *s, const char *name, const char *mode,
                     size_t *pick, struct gr_error *err)
{
  size_t i, n = 0;
  for (i = 0; i < s->n; i++)
    if (strcmp(s->recs[i].mode, mode) == 0 && n++ == 0)
      *pick = i;
  if (n == 1)
    return GR_OK;
  if (n > 1)
    return gr_error_set(err, GR_EINPUT, "baseline '%s' holds %zu %s records (keep one per mode in its folder)", name, n, mode);
  return gr_error_set(err, GR_EINPUT, "baseline '%s' has no %s record (it has: %s%s%s): bench in its mode (--quick or not), like with like",
                      name, base_str(mode), base_str(s->recs[0].mode), s->n > 1 ? " " : "", s->n > 1 ? base_str(s->recs[1].mode) : "");
}

/* Per experiment: sum of log ratios and counts of decisions. */
struct base_exp {
  char key[64];
  double sumlog, sumlogmin; /* logs of the median and shortest-time ratios */
  int n, faster, slower, same;
};

/* Add a kernel's median ratio and decision to its experiment's summary. */
static void base_tally(struct base_exp *e, size_t *ne, const char *kernel,
                       double ratio, double minr, const char *decision)
{
  size_t i, len = strcspn(kernel, "/");
  for (i = 0; i < *ne; i++)
    if (strlen(e[i].key) == len && strncmp(e[i].key, kernel, len) == 0)
      break;
  if (i == *ne) {
    snprintf(e[i].key, sizeof e[i].key, "%.*s", (int)(len < 63 ? len : 63), kernel);
    (*ne)++;
  }
  e[i].sumlog += log(ratio);
  e[i].sumlogmin += log(minr);
  e[i].n++;
  e[i].faster += strcmp(decision, "faster") == 0;
  e[i].slower += strcmp(decision, "slower") == 0;
  e[i].same += strcmp(decision, "same") == 0;
}

/* One kernel's row: median ratio, interval, shortest-time ratio, p,
 * decision; tallied into its experiment.  Returns 1 when compared. */
static int base_row(struct gr_buf *t, int w, const struct gr_bench_ktime *a,
                    const struct gr_bench_ktime *b, struct base_exp *e, size_t *ne,
                    int *rc)
{
  double ratio, lo, hi, p = NAN, minr = b->min_cpu / a->min_cpu;
  const char *decision;
  if (gr_bench_ktime_work_differs(a, b)) {
    gr_buf_printf(t, "%-*s %4zu %4zu  work per run differs (%.6g against %.6g %s): not compared\n", w, a->name, a->n, b->n, b->work, a->work, a->unit);
    return 0;
  }
  if ((*rc = gr_bench_bootci_median_ratio(a->cpu, a->n, b->cpu, b->n, GR_BENCH_BASELINE_BOOT, GR_BENCH_BASELINE_LEVEL, a->name, &ratio, &lo, &hi)) != GR_OK)
    return 0;
  if ((*rc = gr_bench_mwu_test(b->cpu, b->n, a->cpu, a->n, NULL, &p)) != GR_OK)
    return 0;
  decision = a->n < 2 || b->n < 2 ? "too-few-samples" : gr_bench_compare_decide(minr, ratio, p);
  gr_buf_printf(t, "%-*s %4zu %4zu  %8.3f  [%6.3f, %6.3f]  %8.3f  %8.2g  %s\n", w, a->name, a->n, b->n, ratio, lo, hi, minr, p, decision);
  base_tally(e, ne, a->name, ratio, minr, decision);
  return 1;
}

/* One line describing a record. */
static void base_describe(struct gr_buf *t, const char *label, const char *path,
                          const struct gr_bench_record *r)
{
  gr_buf_printf(t, "%s: %s\n    host %s, cpu %s, cores %d, governor %s, date %s, revision %s, mode %s, threads %d, load %s -> %s\n",
                label, path, base_str(r->machine.host), base_str(r->machine.cpu), r->machine.cores,
                base_str(r->machine.governor), base_str(r->date), base_str(r->machine.revision),
                base_str(r->mode), r->threads, base_str(r->load_start), base_str(r->load_end));
}

/* The summary lines, the legend and the warnings after the table. */
static void base_summary(struct gr_buf *t, const char *name, const struct base_exp *e,
                         size_t ne, const struct gr_bench_record *ra, const struct gr_bench_record *rb)
{
  size_t i;
  gr_buf_printf(t, "\nper experiment, geometric means of the ratios B/A over its kernels (< 1: this machine is faster):\n");
  for (i = 0; i < ne; i++) {
    double g = exp(e[i].sumlog / e[i].n), gm = exp(e[i].sumlogmin / e[i].n);
    gr_buf_printf(t, "  %-20s median B/A %.3f, min B/A %.3f over %d kernel%s: this machine runs at %.2fx the speed of %s "
                  "(shortest times; %d faster, %d slower, %d same)\n",
                  e[i].key, g, gm, e[i].n, e[i].n == 1 ? "" : "s", 1.0 / gm, name, e[i].faster, e[i].slower, e[i].same);
  }
  gr_buf_printf(t, "\nmedian B/A: median CPU time per run here (B) over the baseline's (A); [lo, hi]: %g%% percentile "
                "bootstrap interval (%d resamples of each side); min B/A, p: with median B/A, compare's decision rule (the "
                "ratios of the shortest and median CPU times both beyond %gx on the same side, Mann-Whitney p < %g). The speed is stated from the shortest times: other jobs "
                "on a machine only ever add to a kernel's CPU time, so medians taken under load overstate it.\n",
                100.0 * GR_BENCH_BASELINE_LEVEL, GR_BENCH_BASELINE_BOOT, GR_BENCH_COMPARE_RATIO, GR_BENCH_COMPARE_ALPHA);
  if (ra->threads != rb->threads)
    gr_buf_printf(t, "warning: the baseline ran its kernels on %d threads, this record on %d\n", ra->threads, rb->threads);
  if (strcmp(ra->machine.revision, rb->machine.revision) != 0)
    gr_buf_printf(t, "note: other revisions (baseline %s, here %s): a kernel changed since measures the code too\n",
                  base_str(ra->machine.revision), base_str(rb->machine.revision));
  if (strcmp(ra->machine.compiler, rb->machine.compiler) != 0 || strcmp(ra->machine.cflags, rb->machine.cflags) != 0)
    gr_buf_printf(t, "note: other compilers or flags (baseline %s %s): the ratios measure them too\n",
                  base_str(ra->machine.compiler), base_str(ra->machine.cflags));
}

/* rb's kernel names (at most cap) into names and their number into
 * *nn; returns the width of the longest, at least 6. */
static int base_names(const struct gr_bench_record *rb, const char **names, size_t *nn, size_t cap)
{
  size_t i, j;
  int w = 6;
  gr_bench_ktime_names(rb, names, nn, cap);
  for (i = 0, j = 0; i < *nn; i++) /* the cache probe is no kernel: its own note */
    if (!gr_bench_probe_is(names[i]))
      names[j++] = names[i];
  *nn = j;
  for (i = 0; i < *nn; i++)
    w = (int)strlen(names[i]) > w ? (int)strlen(names[i]) : w;
  return w;
}

/* The table of kernels in both records, and the summary. */
static int base_table(struct gr_buf *t, const char *name, const struct gr_bench_record *ra,
                      const struct gr_bench_record *rb, struct gr_error *err)
{
  size_t i, nn = 0, ne = 0, nboth = 0, nshared = 0, cap = rb->nrows + 1;
  const char **names = malloc(cap * sizeof *names);
  struct base_exp *e = calloc(cap, sizeof *e);
  int w, rc = GR_OK;
  if (names == NULL || e == NULL) {
    rc = gr_error_set(err, GR_ENOMEM, "out of memory comparing records");
    goto fail;
  }
  w = base_names(rb, names, &nn, cap);
  gr_buf_printf(t, "\n%-*s %4s %4s  %8s  %16s  %8s  %8s  %s\n", w, "kernel", "nA", "nB", "median B/A", "95% interval", "min B/A", "p", "decision");
  for (i = 0; i < nn && rc == GR_OK; i++) {
    struct gr_bench_ktime a, b;
    int got;
    memset(&b, 0, sizeof b);
    got = gr_bench_ktime_get(ra, names[i], &a) == GR_OK && gr_bench_ktime_get(rb, names[i], &b) == GR_OK;
    nshared += got && a.n > 0 && b.n > 0;
    if (!got)
      rc = gr_error_set(err, GR_ENOMEM, "out of memory comparing records");
    else if (a.n > 0 && b.n > 0 && base_row(t, w, &a, &b, e, &ne, &rc))
      nboth++;
    else if (a.n == 0)
      gr_buf_printf(t, "%-*s  not in the baseline\n", w, names[i]);
    if (got && rc != GR_OK)
      rc = gr_error_set(err, rc, "kernel '%s': its CPU times cannot be compared (check the records)", names[i]);
    gr_bench_ktime_free(&a);
    gr_bench_ktime_free(&b);
  }
  if (rc != GR_OK)
    goto fail;
  if (nshared == 0) {
    rc = gr_error_set(err, GR_EINPUT, "no kernel of '%s' is in baseline '%s' (bench the experiments it holds: 'granrepro bench --help' lists them)", base_str(rb->experiment), name);
    goto fail;
  }
  if (nboth == 0) {
    rc = gr_error_set(err, GR_EINPUT, "every kernel shared with baseline '%s' does other work per run (other sizes or code): nothing to compare", name);
    goto fail;
  }
  base_summary(t, name, e, ne, ra, rb);
  if (gr_bench_probe_note(t, ra, rb, NULL, 0) != GR_OK)
    rc = gr_error_set(err, GR_ENOMEM, "out of memory comparing records");
fail:
  free(names);
  free(e);
  return rc;
}

/* Load baseline name's records into s and pick the one of mode. */
static int base_open(const char *refdir, const char *name, const char *mode,
                     struct gr_bench_recset *s, size_t *pick, struct gr_error *err)
{
  char dir[4096], *p;
  struct stat st;
  struct gr_buf known = GR_BUF_INIT;
  int rc;
  memset(s, 0, sizeof *s);
  if (name[0] == '\0' || name[0] == '.' || strchr(name, '/') != NULL)
    return gr_error_set(err, GR_EINPUT, "baseline name '%s' is not a plain name ('granrepro bench --help' lists them)", name);
  base_root(dir, sizeof dir, refdir);
  if (strlen(dir) + strlen(name) + 2 > sizeof dir)
    return gr_error_set(err, GR_EINPUT, "baseline name '%s' is too long", name);
  strcat(dir, "/");
  strcat(dir, name);
  if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
    if ((rc = base_load(dir, s, err)) != GR_OK)
      return rc;
    return base_pick(s, name, mode, pick, err);
  }
  gr_bench_baseline_list(refdir, &known);
  for (p = known.s; p != NULL && *p != '\0'; p++)
    if (*p == '\n')
      *p = ';';
  for (p = known.s; p != NULL && *p != '\0'; p++)
    while (p[0] == ' ' && p[1] == ' ')
      memmove(p, p + 1, strlen(p));
  if (known.s != NULL && (p = strrchr(known.s, ';')) != NULL && p[1] == '\0')
    *p = '\0'; /* no separator after the last */
  rc = gr_error_set(err, GR_EINPUT, "baseline '%s' not found in %s/machines (known:%s)", name, refdir, base_str(known.s));
  gr_buf_free(&known);
  return rc;
}

int gr_bench_baseline_check(const char *refdir, const char *name, const char *mode,
                            struct gr_error *err)
{
  struct gr_bench_recset s;
  size_t pick = 0;
  int rc = base_open(refdir, name, mode, &s, &pick, err);
  gr_bench_recset_free(&s);
  return rc;
}

int gr_bench_baseline_compare(const char *refdir, const char *name,
                              const char *path_b, const struct gr_bench_record *rb,
                              struct gr_buf *text, struct gr_error *err)
{
  struct gr_bench_recset s;
  size_t pick = 0;
  int rc;
  if ((rc = base_open(refdir, name, rb->mode, &s, &pick, err)) != GR_OK)
    goto fail;
  base_describe(text, "A, baseline", s.paths[pick], &s.recs[pick]);
  base_describe(text, "B, this machine", path_b, rb);
  rc = base_table(text, name, &s.recs[pick], rb, err);
fail:
  gr_bench_recset_free(&s);
  if (rc == GR_OK && text->failed)
    rc = gr_error_set(err, GR_ENOMEM, "out of memory writing the comparison");
  return rc;
}
