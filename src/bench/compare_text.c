/* granrepro bench: the text and chart of `granrepro compare A B` (see
 * compare.h): the table of kernels, the decision rule, the warnings and
 * the bar chart of B/A. */
#include "bench/compare.h"
#include "bench/compare_int.h"
#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "bench/probe.h"
#include "bench/record.h"
#include "harness/report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sizes of the table's columns. */
struct cmp_widths {
  int name, ratea, rateb;
};

/* Is kernel k in both records? */
int gr_bench_compare_both(const struct cmp_kernel *k)
{
  return k->a.n > 0 && k->b.n > 0;
}

/* s, or "-" when s is empty. */
const char *gr_bench_compare_str(const char *s)
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
             rate, unit != NULL && strcmp(gr_bench_compare_str(unit), "-") != 0 ? unit : "units");
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
void gr_bench_compare_describe(struct gr_buf *t, const char *label,
                               const char *path, const struct gr_bench_record *r)
{
  gr_buf_printf(t, "%s: %s  (host %s, cpu %s, date %s, revision %s, mode %s, "
                "threads %d, wait policy %s, load %s)\n",
                label, path, gr_bench_compare_str(r->machine.host),
                gr_bench_compare_str(r->machine.cpu),
                gr_bench_compare_str(r->date),
                gr_bench_compare_str(r->machine.revision),
                gr_bench_compare_str(r->mode),
                r->threads, gr_bench_compare_str(r->wait_policy),
                gr_bench_compare_str(r->load_start));
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
    if (!gr_bench_compare_both(&k[i]))
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
  char c[9][96];
  gr_buf_printf(t, "%-*s %4zu %4zu %12s %12s %7s %9s %9s  %-15s %7s %8s  %*s  %*s",
                w->name, k->name, k->a.n, k->b.n,
                cmp_num(c[0], sizeof c[0], "%.4g", k->mina),
                cmp_num(c[1], sizeof c[1], "%.4g", k->minb),
                cmp_num(c[2], sizeof c[2], "%.3f", k->ratio),
                cmp_num(c[3], sizeof c[3], "%.1f", k->u),
                cmp_num(c[4], sizeof c[4], "%.2g", k->p), k->decision,
                cmp_num(c[8], sizeof c[8], "%.3f", k->mratio),
                cmp_num(c[7], sizeof c[7], "%.3f", k->wratio),
                w->ratea, cmp_rate(c[5], sizeof c[5], k->ratea, k->a.unit),
                w->rateb, cmp_rate(c[6], sizeof c[6], k->rateb, k->b.unit));
  cmp_endline(t);
}

/* The table of kernels in both records, then those in only one; returns
 * the number of kernels in both. */
size_t gr_bench_compare_table(struct gr_buf *t, const struct cmp_kernel *k, size_t nk)
{
  struct cmp_widths w;
  size_t i, nboth = 0;
  cmp_widths(k, nk, &w);
  for (i = 0; i < nk; i++)
    nboth += (size_t)gr_bench_compare_both(&k[i]);
  gr_buf_printf(t, "\n");
  if (nboth > 0) {
    gr_buf_printf(t, "%-*s %4s %4s %12s %12s %7s %9s %9s  %-15s %7s %8s  %*s  %*s",
                  w.name, "kernel", "nA", "nB", "min cpu A s", "min cpu B s",
                  "B/A", "U", "p", "decision", "med B/A", "wall B/A", w.ratea, "rate A",
                  w.rateb, "rate B");
    cmp_endline(t);
    for (i = 0; i < nk; i++)
      if (gr_bench_compare_both(&k[i]))
        cmp_row(t, &k[i], &w);
  }
  for (i = 0; i < nk; i++)
    if (!gr_bench_compare_both(&k[i]))
      gr_buf_printf(t, "only in %s: %s\n", k[i].a.n ? "A" : "B", k[i].name);
  return nboth;
}

/* The decision rule, after the table. */
void gr_bench_compare_legend(struct gr_buf *t)
{
  gr_buf_printf(t, "\nmin cpu A, min cpu B: shortest process CPU time per run of the "
                "kernel over the samples; B/A: B's over A's; U, p: Mann-Whitney "
                "test of B's CPU times against A's.\n"
                "med B/A: the same for the median CPU times per run.\n"
                "B is faster or slower when B/A and med B/A are both beyond "
                "%gx on the same side and p < %g, else the same.  CPU time, "
                "not wall time, decides, and its minimum: other jobs on the "
                "machine take wall time from a kernel and only ever add to its "
                "CPU time.  The median must agree: a change of the code moves "
                "every run, while a host whose core speed comes and goes (a "
                "shared VM) can lend a few runs of one record half their time.\n"
                "wall B/A: the ratio of median wall times per run, for "
                "information; rates: work per second of wall time.\n",
                GR_BENCH_COMPARE_RATIO, GR_BENCH_COMPARE_ALPHA);
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
    if (!gr_bench_compare_both(&k[i]))
      continue;
    gr_buf_printf(&d, "%zu\t", idx++);
    cmp_token(&d, k[i].name);
    gr_buf_printf(&d, "\t%s\t%s\t%s\n",
                  cmp_num(c[0], sizeof c[0], "%.6g", k[i].ratio),
                  cmp_num(c[1], sizeof c[1], "%.4g", k[i].p), k[i].decision);
  }
  rc = d.failed ? gr_error_set(err, GR_ENOMEM, "out of memory writing compare.dat")
                : gr_fsio_join(path, sizeof path, outdir, "compare.dat", err);
  if (rc != GR_OK)
    goto fail;
  rc = gr_fsio_write(path, gr_buf_str(&d), d.len, err);
fail:
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
int gr_bench_compare_output(const char *outdir, const struct cmp_kernel *k,
                            size_t nk, struct gr_buf *t, struct gr_error *err)
{
  size_t i, nboth = 0;
  int rc, nrendered = 0;
  for (i = 0; i < nk; i++)
    nboth += (size_t)gr_bench_compare_both(&k[i]);
  if ((rc = gr_fsio_mkdirs(outdir, err)) != GR_OK)
    return rc;
  if ((rc = cmp_write_dat(outdir, k, nk, err)) != GR_OK || nboth == 0)
    return rc;
  if ((rc = cmp_write_figure(outdir, nboth, err)) != GR_OK)
    return rc;
  if ((rc = gr_report_render_dir(outdir, &nrendered, err)) != GR_OK)
    return rc;
  gr_buf_printf(t, "figure: %s/compare.gp%s\n", outdir,
                nrendered < 0 ? " (gnuplot not found: not rendered)"
                              : " (.svg, .png)");
  return GR_OK;
}

/* Warn below the table about kernels whose work per sample differs. */
void gr_bench_compare_warn_work(struct gr_buf *t, const struct cmp_kernel *k, size_t nk)
{
  size_t i, n = 0;
  for (i = 0; i < nk; i++)
    if (gr_bench_compare_both(&k[i]) && strcmp(k[i].decision, "work-differs") == 0) {
      if (n++ == 0)
        gr_buf_printf(t, "\nwarning: A and B count different work per run (other sizes or code): their times are not compared, only their rates:\n");
      gr_buf_printf(t, "  %s: %.6g %s in A, %.6g in B\n", k[i].name, k[i].a.work, gr_bench_compare_str(k[i].a.unit), k[i].b.work);
    }
}

/* The cache probe's note with the verdicts of the kernels in both records. */
int gr_bench_compare_probe(struct gr_buf *t, const struct gr_bench_record *ra, const struct gr_bench_record *rb,
                           const struct cmp_kernel *k, size_t nk)
{
  struct gr_bench_probe_verdict *v = malloc((nk ? nk : 1) * sizeof *v);
  size_t i, nv = 0;
  int rc;
  if (v == NULL)
    return GR_ENOMEM;
  for (i = 0; i < nk; i++)
    if (gr_bench_compare_both(&k[i])) {
      v[nv].name = k[i].name;
      v[nv].ratio = k[i].ratio;
      v[nv++].decision = k[i].decision;
    }
  rc = gr_bench_probe_note(t, ra, rb, v, nv);
  free(v);
  return rc;
}
