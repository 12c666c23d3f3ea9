/* granrepro harness: compare two benchmark records kernel by kernel (see
 * compare.h).
 *
 * The wall-time samples of each kernel in record A and record B are compared
 * with the two-sided Mann-Whitney U test: Mann, H. B. & Whitney, D. R.
 * (1947). On a test of whether one of two random variables is stochastically
 * larger than the other. Ann. Math. Statist. 18(1), 50-60 (see mwu.c).  The
 * effect size is the ratio of the median wall times, B/A.
 */
#include "harness/compare.h"
#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "harness/mwu.h"
#include "harness/record.h"
#include "harness/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One kernel's bench samples in one record, per run of the kernel (a
 * sample's totals divided by its iterations). */
struct cmp_side {
  double *cpu;       /* process CPU time per run of every sample (s) */
  double *wall;      /* wall time per run of every sample (s) */
  size_t n;
  double *rate;      /* work / wall of the samples that count work */
  size_t nrate;
  double work;       /* median work per run, NaN when not counted */
  const char *unit;  /* unit of the first sample that counts work */
};

/* One kernel across the two records. */
struct cmp_kernel {
  const char *name;        /* points into a record's rows */
  struct cmp_side a, b;
  double mina, minb;       /* shortest CPU times per run (s) */
  double ratio;            /* minb / mina, NaN when undefined */
  double wratio;           /* the same for the median wall times */
  double u, p;             /* Mann-Whitney U_B and p, NaN when untested */
  double ratea, rateb;     /* median rates, NaN unless both count work */
  const char *decision;
};

/* Sizes of the table's columns. */
struct cmp_widths {
  int name, ratea, rateb;
};

/* Ascending order of doubles, for qsort. */
static int cmp_double(const void *x, const void *y)
{
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* Median of x[0..n) (sorts x in place); NaN when n is 0. */
static double cmp_median(double *x, size_t n)
{
  if (n == 0)
    return NAN;
  qsort(x, n, sizeof *x, cmp_double);
  return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

/* Smallest of x[0..n); NaN when n is 0. */
static double cmp_min(const double *x, size_t n)
{
  double m = NAN;
  size_t i;
  for (i = 0; i < n; i++)
    if (i == 0 || x[i] < m)
      m = x[i];
  return m;
}

/* Is row s a bench sample of the kernel name? */
static int cmp_is(const struct gr_sample *s, const char *name)
{
  return s->sample >= 1 && strcmp(s->name, name) == 0;
}

/* Collect the times per run, work per run and work rates of kernel name
 * in record r. */
static int cmp_gather(const struct gr_record *r, const char *name,
                      struct cmp_side *s)
{
  size_t i, n = 0;
  double *work;
  for (i = 0; i < r->nrows; i++)
    n += (size_t)cmp_is(&r->rows[i], name);
  s->n = s->nrate = 0;
  s->unit = NULL;
  s->work = NAN;
  s->cpu = n ? malloc(4 * n * sizeof *s->cpu) : NULL;
  if (s->cpu == NULL)
    return n > 0 ? GR_ENOMEM : GR_OK;
  s->wall = s->cpu + n;
  s->rate = s->wall + n;
  work = s->rate + n;
  for (i = 0; i < r->nrows; i++) {
    const struct gr_sample *x = &r->rows[i];
    double it = x->iterations > 0 ? (double)x->iterations : 1.0;
    if (!cmp_is(x, name))
      continue;
    s->cpu[s->n] = x->cpu / it;
    s->wall[s->n++] = x->wall / it;
    if (x->work > 0 && x->wall > 0) {
      work[s->nrate] = x->work / it;
      s->rate[s->nrate++] = x->work / x->wall;
      if (s->unit == NULL)
        s->unit = x->unit;
    }
  }
  s->work = cmp_median(work, s->nrate);
  return GR_OK;
}

/* Is name already one of the k[0..nk) kernels? */
static int cmp_known(const struct cmp_kernel *k, size_t nk, const char *name)
{
  size_t i;
  for (i = 0; i < nk; i++)
    if (strcmp(k[i].name, name) == 0)
      return 1;
  return 0;
}

/* Append the bench kernels of r not yet in k (order of first appearance). */
static void cmp_add_names(const struct gr_record *r, struct cmp_kernel *k,
                          size_t *nk)
{
  size_t i;
  for (i = 0; i < r->nrows; i++)
    if (r->rows[i].sample >= 1 && !cmp_known(k, *nk, r->rows[i].name))
      k[(*nk)++].name = r->rows[i].name;
}

/* Number of bench samples (sample >= 1) in r. */
static size_t cmp_nbench(const struct gr_record *r)
{
  size_t i, n = 0;
  for (i = 0; i < r->nrows; i++)
    n += r->rows[i].sample >= 1;
  return n;
}

/* Decision for B relative to A (thresholds and rule in compare.h). */
const char *gr_compare_decide(double ratio, double p)
{
  if (ratio < 1.0 / GR_COMPARE_RATIO && p < GR_COMPARE_ALPHA)
    return "faster";
  if (ratio > GR_COMPARE_RATIO && p < GR_COMPARE_ALPHA)
    return "slower";
  return "same";
}

/* Do A and B count different work per run of kernel k (other sizes,
 * another mode)?  Then their times are not comparable. */
static int cmp_work_differs(const struct cmp_kernel *k)
{
  double a = k->a.work, b = k->b.work;
  return isfinite(a) && isfinite(b) && fabs(a - b) > 1e-9 * fmax(a, b);
}

/* Ratios, rates, Mann-Whitney test and decision of a kernel present in
 * both records.  The decision is on process CPU time per run: other jobs
 * on a shared machine take wall time from a kernel, and what they still
 * take of its CPU time (shared caches, a busy sibling hyperthread) only
 * ever adds to it, so the effect size is the ratio of the shortest times
 * (J. Chen, J. Revels, Robust benchmarking in noisy environments, arXiv
 * 1608.04295, 2016); the Mann-Whitney test of all samples says whether
 * the difference is more than chance.  U is U_B (B's CPU times against
 * A's). */
static int cmp_analyse(struct cmp_kernel *k)
{
  int rc, both_rates = k->a.nrate > 0 && k->b.nrate > 0;
  double wa = cmp_median(k->a.wall, k->a.n), wb = cmp_median(k->b.wall, k->b.n);
  k->mina = cmp_min(k->a.cpu, k->a.n);
  k->minb = cmp_min(k->b.cpu, k->b.n);
  k->ratio = k->mina > 0 && k->minb > 0 ? k->minb / k->mina : NAN;
  k->wratio = wa > 0 && wb > 0 ? wb / wa : NAN;
  k->ratea = both_rates ? cmp_median(k->a.rate, k->a.nrate) : NAN;
  k->rateb = both_rates ? cmp_median(k->b.rate, k->b.nrate) : NAN;
  k->u = k->p = NAN;
  if (cmp_work_differs(k)) {
    k->decision = "work-differs";
    return GR_OK;
  }
  if (k->a.n < 2 || k->b.n < 2) {
    k->decision = "too-few-samples";
    return GR_OK;
  }
  rc = gr_mwu_test(k->b.cpu, k->b.n, k->a.cpu, k->a.n, &k->u, &k->p);
  if (rc == GR_OK)
    k->decision = gr_compare_decide(k->ratio, k->p);
  return rc;
}

/* List the kernels of A then those only in B, gather their samples and
 * analyse those present in both.  *kernels is set even on failure. */
static int cmp_kernels(const struct gr_record *ra, const struct gr_record *rb,
                       struct cmp_kernel **kernels, size_t *nk,
                       struct gr_error *err)
{
  size_t i, cap = ra->nrows + rb->nrows;
  struct cmp_kernel *k = calloc(cap ? cap : 1, sizeof *k);
  int rc;
  *kernels = k;
  *nk = 0;
  if (k == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory comparing records");
  cmp_add_names(ra, k, nk);
  cmp_add_names(rb, k, nk);
  for (i = 0; i < *nk; i++) {
    if (cmp_gather(ra, k[i].name, &k[i].a) != GR_OK
        || cmp_gather(rb, k[i].name, &k[i].b) != GR_OK)
      return gr_error_set(err, GR_ENOMEM, "out of memory comparing records");
    if (k[i].a.n == 0 || k[i].b.n == 0)
      continue;
    rc = cmp_analyse(&k[i]);
    if (rc == GR_ENOMEM)
      return gr_error_set(err, rc, "out of memory comparing records");
    if (rc != GR_OK)
      return gr_error_set(err, rc, "kernel '%s': a CPU time is not a number (check the records)", k[i].name);
  }
  return GR_OK;
}

/* Release the kernels' sample arrays and the list. */
static void cmp_free(struct cmp_kernel *k, size_t nk)
{
  size_t i;
  if (k == NULL)
    return;
  for (i = 0; i < nk; i++) {
    free(k[i].a.cpu);
    free(k[i].b.cpu);
  }
  free(k);
}

/* Is kernel k in both records? */
static int cmp_both(const struct cmp_kernel *k)
{
  return k->a.n > 0 && k->b.n > 0;
}

/* s, or "-" when s is empty. */
static const char *cmp_str(const char *s)
{
  return s != NULL && s[0] != '\0' ? s : "-";
}

/* Format x with fmt into cell (size n), "-" when x is not finite. */
static const char *cmp_num(char *cell, size_t n, const char *fmt, double x)
{
  if (!isfinite(x))
    snprintf(cell, n, "-");
  else
    snprintf(cell, n, fmt, x);
  return cell;
}

/* Format a median rate with its unit ("1.234e+06 runs/s") into cell. */
static const char *cmp_rate(char *cell, size_t n, double rate,
                            const char *unit)
{
  if (!isfinite(rate))
    snprintf(cell, n, "-");
  else
    snprintf(cell, n, "%.4g %s/s",
             rate, unit != NULL && strcmp(cmp_str(unit), "-") != 0 ? unit : "units");
  return cell;
}

/* End a line of text: drop trailing blanks, append a newline. */
static void cmp_endline(struct gr_buf *t)
{
  while (t->s != NULL && t->len > 0 && t->s[t->len - 1] == ' ')
    t->s[--t->len] = '\0';
  gr_buf_printf(t, "\n");
}

/* One line naming a record: label, path, host, cpu, date, revision. */
static void cmp_describe(struct gr_buf *t, const char *label,
                         const char *path, const struct gr_record *r)
{
  gr_buf_printf(t, "%s: %s  (host %s, cpu %s, date %s, revision %s, mode %s, "
                "threads %d, wait policy %s, load %s)\n",
                label, path, cmp_str(r->machine.host), cmp_str(r->machine.cpu),
                cmp_str(r->date), cmp_str(r->machine.revision), cmp_str(r->mode),
                r->threads, cmp_str(r->wait_policy), cmp_str(r->load_start));
}

/* Widths of the name and rate columns over the kernels in both records. */
static void cmp_widths(const struct cmp_kernel *k, size_t nk,
                       struct cmp_widths *w)
{
  char cell[96];
  size_t i;
  int n;
  w->name = (int)strlen("kernel");
  w->ratea = (int)strlen("rate A");
  w->rateb = (int)strlen("rate B");
  for (i = 0; i < nk; i++) {
    if (!cmp_both(&k[i]))
      continue;
    n = (int)strlen(k[i].name);
    w->name = n > w->name ? n : w->name;
    n = (int)strlen(cmp_rate(cell, sizeof cell, k[i].ratea, k[i].a.unit));
    w->ratea = n > w->ratea ? n : w->ratea;
    n = (int)strlen(cmp_rate(cell, sizeof cell, k[i].rateb, k[i].b.unit));
    w->rateb = n > w->rateb ? n : w->rateb;
  }
}

/* One table row for a kernel present in both records. */
static void cmp_row(struct gr_buf *t, const struct cmp_kernel *k,
                    const struct cmp_widths *w)
{
  char c[8][96];
  gr_buf_printf(t, "%-*s %4zu %4zu %12s %12s %7s %9s %9s  %-15s %8s  %*s  %*s",
                w->name, k->name, k->a.n, k->b.n,
                cmp_num(c[0], sizeof c[0], "%.4g", k->mina),
                cmp_num(c[1], sizeof c[1], "%.4g", k->minb),
                cmp_num(c[2], sizeof c[2], "%.3f", k->ratio),
                cmp_num(c[3], sizeof c[3], "%.1f", k->u),
                cmp_num(c[4], sizeof c[4], "%.2g", k->p), k->decision,
                cmp_num(c[7], sizeof c[7], "%.3f", k->wratio),
                w->ratea, cmp_rate(c[5], sizeof c[5], k->ratea, k->a.unit),
                w->rateb, cmp_rate(c[6], sizeof c[6], k->rateb, k->b.unit));
  cmp_endline(t);
}

/* The table of kernels in both records, then those in only one; returns
 * the number of kernels in both. */
static size_t cmp_table(struct gr_buf *t, const struct cmp_kernel *k, size_t nk)
{
  struct cmp_widths w;
  size_t i, nboth = 0;
  cmp_widths(k, nk, &w);
  for (i = 0; i < nk; i++)
    nboth += (size_t)cmp_both(&k[i]);
  gr_buf_printf(t, "\n");
  if (nboth > 0) {
    gr_buf_printf(t, "%-*s %4s %4s %12s %12s %7s %9s %9s  %-15s %8s  %*s  %*s",
                  w.name, "kernel", "nA", "nB", "min cpu A s", "min cpu B s",
                  "B/A", "U", "p", "decision", "wall B/A", w.ratea, "rate A",
                  w.rateb, "rate B");
    cmp_endline(t);
    for (i = 0; i < nk; i++)
      if (cmp_both(&k[i]))
        cmp_row(t, &k[i], &w);
  }
  for (i = 0; i < nk; i++)
    if (!cmp_both(&k[i]))
      gr_buf_printf(t, "only in %s: %s\n", k[i].a.n ? "A" : "B", k[i].name);
  return nboth;
}

/* The decision rule, after the table. */
static void cmp_legend(struct gr_buf *t)
{
  gr_buf_printf(t, "\nmin cpu A, min cpu B: shortest process CPU time per run of the "
                "kernel over the samples; B/A: B's over A's; U, p: Mann-Whitney "
                "test of B's CPU times against A's.\n"
                "B is faster or slower when B/A is beyond %gx and p < %g, "
                "else the same.  CPU time, not wall time, decides, and its "
                "minimum: other jobs on the machine take wall time from a "
                "kernel and only ever add to its CPU time.\n"
                "wall B/A: the ratio of median wall times per run, for "
                "information; rates: work per second of wall time.\n",
                GR_COMPARE_RATIO, GR_COMPARE_ALPHA);
}

/* Append name to d with blanks replaced by '_' (one token for gnuplot). */
static void cmp_token(struct gr_buf *d, const char *name)
{
  for (; *name != '\0'; name++)
    gr_buf_printf(d, "%c", *name == ' ' || *name == '\t' ? '_' : *name);
}

/* Write <outdir>/compare.dat: index kernel ratio p decision, one row per
 * kernel in both records; '-' marks a missing ratio or p. */
static int cmp_write_dat(const char *outdir, const struct cmp_kernel *k,
                         size_t nk, struct gr_error *err)
{
  struct gr_buf d = GR_BUF_INIT;
  char path[4096], c[2][64];
  size_t i, idx = 0;
  int rc;
  gr_buf_printf(&d, "# index\tkernel\tratio\tp\tdecision\n");
  for (i = 0; i < nk; i++) {
    if (!cmp_both(&k[i]))
      continue;
    gr_buf_printf(&d, "%zu\t", idx++);
    cmp_token(&d, k[i].name);
    gr_buf_printf(&d, "\t%s\t%s\t%s\n",
                  cmp_num(c[0], sizeof c[0], "%.6g", k[i].ratio),
                  cmp_num(c[1], sizeof c[1], "%.4g", k[i].p), k[i].decision);
  }
  rc = d.failed ? gr_error_set(err, GR_ENOMEM, "out of memory writing compare.dat")
                : gr_fsio_join(path, sizeof path, outdir, "compare.dat", err);
  if (rc == GR_OK)
    rc = gr_fsio_write(path, gr_buf_str(&d), d.len, err);
  gr_buf_free(&d);
  return rc;
}

/* Write the figure script compare.gp: bars of B/A from 1 on a log y axis,
 * a dashed line at 1, kernel names (column 2) as rotated x tics. */
static int cmp_write_figure(const char *outdir, size_t nboth,
                            struct gr_error *err)
{
  char setup[512];
  struct gr_figure fig;
  snprintf(setup, sizeof setup,
           "set logscale y\n"
           "set datafile missing \"-\"\n"
           "set style fill solid 0.6 border -1\n"
           "set xtics rotate by 45 right noenhanced nomirror\n"
           "set xrange [-0.6:%.1f]\n"
           "set grid ytics\n"
           "set key off",
           (double)nboth - 0.4);
  fig.name = "compare";
  fig.data = "compare";
  fig.title = "Shortest CPU time per run, B/A per kernel";
  fig.xlabel = "";
  fig.ylabel = "shortest CPU time B / A";
  fig.setup = setup;
  fig.plot = "data using 1:3:($1-0.4):($1+0.4):(1):3:xtic(2) with boxxyerror, "
             "1 with lines dt 2 lc rgb \"black\"";
  return gr_report_write_figure(outdir, &fig, err);
}

/* compare.dat, compare.gp and its rendering in outdir; notes the figure
 * at the end of the text. */
static int cmp_output(const char *outdir, const struct cmp_kernel *k,
                      size_t nk, struct gr_buf *t, struct gr_error *err)
{
  size_t i, nboth = 0;
  int rc, nrendered = 0;
  for (i = 0; i < nk; i++)
    nboth += (size_t)cmp_both(&k[i]);
  rc = gr_fsio_mkdirs(outdir, err);
  if (rc == GR_OK)
    rc = cmp_write_dat(outdir, k, nk, err);
  if (rc != GR_OK || nboth == 0)
    return rc;
  rc = cmp_write_figure(outdir, nboth, err);
  if (rc == GR_OK)
    rc = gr_report_render_dir(outdir, &nrendered, err);
  if (rc == GR_OK)
    gr_buf_printf(t, "figure: %s/compare.gp%s\n", outdir,
                  nrendered < 0 ? " (gnuplot not found: not rendered)"
                                : " (.svg, .png)");
  return rc;
}

/* Fail unless r holds bench samples. */
static int cmp_check_bench(const char *path, const struct gr_record *r,
                           struct gr_error *err)
{
  if (cmp_nbench(r) > 0)
    return GR_OK;
  return gr_error_set(err, GR_EINPUT, "'%s' holds no bench samples (kind: %s); compare two bench records", path, cmp_str(r->kind));
}

/* Fail unless a and b were benched in the same mode (quick kernels do
 * other work than full ones). */
static int cmp_check_mode(const char *path_a, const struct gr_record *ra,
                          const char *path_b, const struct gr_record *rb,
                          struct gr_error *err)
{
  if (strcmp(ra->mode, rb->mode) == 0)
    return GR_OK;
  return gr_error_set(err, GR_EINPUT, "'%s' is a %s record and '%s' a %s one: their kernels do different work (compare records benched in the same mode)", path_a, cmp_str(ra->mode), path_b, cmp_str(rb->mode));
}

/* Warn below the table about kernels whose work per sample differs. */
static void cmp_warn_work(struct gr_buf *t, const struct cmp_kernel *k, size_t nk)
{
  size_t i, n = 0;
  for (i = 0; i < nk; i++)
    if (cmp_both(&k[i]) && strcmp(k[i].decision, "work-differs") == 0) {
      if (n++ == 0)
        gr_buf_printf(t, "\nwarning: A and B count different work per run (other sizes or code): their times are not compared, only their rates:\n");
      gr_buf_printf(t, "  %s: %.6g %s in A, %.6g in B\n", k[i].name, k[i].a.work, cmp_str(k[i].a.unit), k[i].b.work);
    }
}

int gr_compare_loaded(const char *path_a, const struct gr_record *ra,
                      const char *path_b, const struct gr_record *rb,
                      const char *outdir, struct gr_buf *text,
                      struct gr_error *err)
{
  struct cmp_kernel *k = NULL;
  size_t nk = 0;
  int rc = cmp_check_bench(path_a, ra, err);
  if (rc == GR_OK)
    rc = cmp_check_bench(path_b, rb, err);
  if (rc == GR_OK)
    rc = cmp_check_mode(path_a, ra, path_b, rb, err);
  if (rc == GR_OK)
    rc = cmp_kernels(ra, rb, &k, &nk, err);
  if (rc == GR_OK) {
    cmp_describe(text, "A", path_a, ra);
    cmp_describe(text, "B", path_b, rb);
    if (cmp_table(text, k, nk) == 0)
      rc = gr_error_set(err, GR_EINPUT, "'%s' and '%s' share no kernel (bench the same experiments; 'granrepro list' shows their kernels)", path_a, path_b);
  }
  if (rc == GR_OK) {
    cmp_legend(text);
    cmp_warn_work(text, k, nk);
    if (ra->threads != rb->threads)
      gr_buf_printf(text, "\nwarning: A ran its kernels on %d threads, B on %d: CPU times compare the work done, wall times include the parallel speed-up.\n", ra->threads, rb->threads);
    if (outdir != NULL)
      rc = cmp_output(outdir, k, nk, text, err);
  }
  cmp_free(k, nk);
  if (rc == GR_OK && text->failed)
    rc = gr_error_set(err, GR_ENOMEM, "out of memory writing the comparison");
  return rc;
}

int gr_compare_records(const char *path_a, const char *path_b,
                       const char *outdir, struct gr_buf *text,
                       struct gr_error *err)
{
  struct gr_record ra, rb;
  int rc;
  memset(&ra, 0, sizeof ra);
  memset(&rb, 0, sizeof rb);
  rc = gr_record_load(path_a, &ra, err);
  if (rc == GR_OK)
    rc = gr_record_load(path_b, &rb, err);
  if (rc == GR_OK)
    rc = gr_compare_loaded(path_a, &ra, path_b, &rb, outdir, text, err);
  gr_record_free(&ra);
  gr_record_free(&rb);
  return rc;
}
