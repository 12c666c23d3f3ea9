/* granrepro bench: the figure of `granrepro compare R1 R2 R3 ...`:
 * rates per kernel, one bar per record, on a log scale (see multi.h). */
#include "bench/multi_fig.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "bench/ktime.h"
#include "bench/recset.h"
#include "harness/report.h"

/* Append s to b keeping letters, digits and ._-/ (others become '_'), so
 * that a host or kernel name is one token in gnuplot's data and strings. */
static void mfig_token(struct gr_buf *b, const char *s)
{
  for (; *s != '\0'; s++) {
    char c = *s;
    int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '.' || c == '_' || c == '-' || c == '/';
    gr_buf_printf(b, "%c", ok ? c : '_');
  }
}

/* compare-<mode>.dat: index kernel rate_1 ... rate_ncol ('-' missing). */
static int mfig_data(const char *path, const struct gr_bench_multi_table *m,
                     struct gr_error *err)
{
  struct gr_buf d = GR_BUF_INIT;
  size_t k, c;
  int rc;
  gr_buf_printf(&d, "# index\tkernel");
  for (c = 0; c < m->ncol; c++)
    gr_buf_printf(&d, "\trate_%zu", m->col[c] + 1);
  gr_buf_printf(&d, "\n");
  for (k = 0; k < m->nnames; k++) {
    gr_buf_printf(&d, "%zu\t", k);
    mfig_token(&d, m->names[k]);
    for (c = 0; c < m->ncol; c++) {
      double r = gr_bench_ktime_rate(&m->kt[k * m->ncol + c]);
      if (isfinite(r))
        gr_buf_printf(&d, "\t%.6g", r);
      else
        gr_buf_printf(&d, "\t-");
    }
    gr_buf_printf(&d, "\n");
  }
  rc = d.failed ? gr_error_set(err, GR_ENOMEM, "out of memory writing '%s'", path)
                : gr_fsio_write(path, gr_buf_str(&d), d.len, err);
  gr_buf_free(&d);
  return rc;
}

/* The plot command: one clustered bar series per record. */
static void mfig_plot(struct gr_buf *p, const struct gr_bench_recset *s,
                      const int *group, const struct gr_bench_multi_table *m)
{
  size_t c;
  for (c = 0; c < m->ncol; c++) {
    gr_buf_printf(p, "%sdata using %zu%s title '#%zu [%c] ", c ? ", " : "", c + 3,
                  c ? "" : ":xtic(2)", m->col[c] + 1, 'a' + group[m->col[c]] % 26);
    mfig_token(p, s->recs[m->col[c]].machine.host);
    gr_buf_printf(p, "'");
  }
}

/* <outdir>/<stem>.dat, the table's rates (outdir made if need be; no
 * file when the path would be too long). */
static int mfig_write_data(const char *outdir, const char *stem, const struct gr_bench_multi_table *m,
                           struct gr_error *err)
{
  char path[4096];
  int rc;
  if ((rc = gr_fsio_mkdirs(outdir, err)) != GR_OK)
    return rc;
  if ((rc = gr_fsio_join(path, sizeof path, outdir, stem, err)) != GR_OK)
    return rc;
  if (strlen(path) + 4 >= sizeof path)
    return GR_OK;
  strcat(path, ".dat");
  return mfig_data(path, m, err);
}

int gr_bench_multi_figure(const char *outdir, const struct gr_bench_recset *s,
                          const int *group, const struct gr_bench_multi_table *m,
                          struct gr_buf *text, struct gr_error *err)
{
  struct gr_buf plot = GR_BUF_INIT, stem = GR_BUF_INIT;
  char setup[512], title[128];
  struct gr_figure fig;
  int rc, nrendered = 0;
  gr_buf_printf(&stem, "compare-");
  mfig_token(&stem, m->mode);
  snprintf(title, sizeof title, "Rates per kernel, %s mode (work per CPU second, shortest time per run)", m->mode);
  snprintf(setup, sizeof setup,
           "set logscale y\nset datafile missing \"-\"\nset style data histograms\n"
           "set style histogram clustered gap 1\nset style fill solid 0.7 border -1\n"
           "set xtics rotate by 45 right noenhanced nomirror font \",8\"\nset grid ytics\n"
           "set key outside top center horizontal noenhanced\nset yrange [*:*]");
  mfig_plot(&plot, s, group, m);
  if (stem.failed || plot.failed) {
    rc = gr_error_set(err, GR_ENOMEM, "out of memory writing the figure");
    goto fail;
  }
  if ((rc = mfig_write_data(outdir, gr_buf_str(&stem), m, err)) != GR_OK)
    goto fail;
  fig = (struct gr_figure){gr_buf_str(&stem),
                           gr_buf_str(&stem), title, "", "rate (work per CPU second)", setup,
                           gr_buf_str(&plot)};
  if ((rc = gr_report_write_figure(outdir, &fig, err)) != GR_OK)
    goto fail;
  if ((rc = gr_report_render_dir(outdir, &nrendered, err)) != GR_OK)
    goto fail;
  gr_buf_printf(text, "figure: %s/%s.gp%s\n", outdir, gr_buf_str(&stem),
                nrendered < 0 ? " (gnuplot not found: not rendered)" : " (.svg, .png)");
fail:
  gr_buf_free(&plot);
  gr_buf_free(&stem);
  return rc;
}
