/* granrepro bench: compare two benchmark records kernel by kernel (see
 * compare.h).
 *
 * The CPU-time samples (per run) of each kernel in record A and record B
 * are compared with the two-sided Mann-Whitney U test: Mann, H. B. &
 * Whitney, D. R. (1947). On a test of whether one of two random variables is
 * stochastically larger than the other. Ann. Math. Statist. 18(1), 50-60
 * (see mwu.c).  The effect size is the ratio of the shortest CPU times,
 * B/A, and the ratio of the median CPU times must agree (cmp_analyse,
 * gr_bench_compare_decide); the ratio of the median wall times is shown.
 */
#include "bench/compare.h"
#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"
#include "bench/ktime.h"
#include "bench/mwu.h"
#include "bench/probe.h"
#include "bench/record.h"
#include "harness/report.h"
#include "bench/compare_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
static int cmp_is(const struct gr_bench_sample *s, const char *name)
{
  return s->sample >= 1 && strcmp(s->name, name) == 0;
}

/* Collect the times per run, work per run and work rates of kernel name
 * in record r. */
static int cmp_gather(const struct gr_bench_record *r, const char *name,
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
    const struct gr_bench_sample *x = &r->rows[i];
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
  s->work = gr_bench_ktime_median(work, s->nrate);
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

/* Append the bench kernels of r not yet in k (order of first appearance);
 * the cache probe's rows are no kernel's (probe.h: its own note). */
static void cmp_add_names(const struct gr_bench_record *r, struct cmp_kernel *k,
                          size_t *nk)
{
  size_t i;
  for (i = 0; i < r->nrows; i++)
    if (r->rows[i].sample >= 1 && !gr_bench_probe_is(r->rows[i].name) && !cmp_known(k, *nk, r->rows[i].name))
      k[(*nk)++].name = r->rows[i].name;
}

/* Decision for B relative to A (thresholds and rule in compare.h). */
const char *gr_bench_compare_decide(double ratio, double mratio, double p)
{
  double r = GR_BENCH_COMPARE_RATIO;
  if (ratio < 1.0 / r && mratio < 1.0 / r && p < GR_BENCH_COMPARE_ALPHA)
    return "faster";
  if (ratio > r && mratio > r && p < GR_BENCH_COMPARE_ALPHA)
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
 * the difference is more than chance; the ratio of the median CPU times
 * must agree (compare.h).  U is U_B (B's CPU times against
 * A's). */
static int cmp_analyse(struct cmp_kernel *k)
{
  int rc, both_rates = k->a.nrate > 0 && k->b.nrate > 0;
  double wa = gr_bench_ktime_median(k->a.wall, k->a.n), wb = gr_bench_ktime_median(k->b.wall, k->b.n);
  double ca = gr_bench_ktime_median(k->a.cpu, k->a.n), cb = gr_bench_ktime_median(k->b.cpu, k->b.n);
  k->mina = cmp_min(k->a.cpu, k->a.n);
  k->minb = cmp_min(k->b.cpu, k->b.n);
  k->ratio = k->mina > 0 && k->minb > 0 ? k->minb / k->mina : NAN;
  k->mratio = ca > 0 && cb > 0 ? cb / ca : NAN;
  k->wratio = wa > 0 && wb > 0 ? wb / wa : NAN;
  k->ratea = both_rates ? gr_bench_ktime_median(k->a.rate, k->a.nrate) : NAN;
  k->rateb = both_rates ? gr_bench_ktime_median(k->b.rate, k->b.nrate) : NAN;
  k->u = k->p = NAN;
  if (cmp_work_differs(k)) {
    k->decision = "work-differs";
    return GR_OK;
  }
  if (k->a.n < 2 || k->b.n < 2) {
    k->decision = "too-few-samples";
    return GR_OK;
  }
  if ((rc = gr_bench_mwu_test(k->b.cpu, k->b.n, k->a.cpu, k->a.n, &k->u, &k->p)) != GR_OK)
    return rc;
  k->decision = gr_bench_compare_decide(k->ratio, k->mratio, k->p);
  return GR_OK;
}

/* List the kernels of A then those only in B, gather their samples and
 * analyse those present in both.  *kernels is set even on failure. */
static int cmp_kernels(const struct gr_bench_record *ra, const struct gr_bench_record *rb,
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

/* Fail unless r holds bench samples. */
static int cmp_check_bench(const char *path, const struct gr_bench_record *r,
                           struct gr_error *err)
{
  if (gr_bench_ktime_nbench(r) > 0)
    return GR_OK;
  return gr_error_set(err, GR_EINPUT, "'%s' holds no bench samples (kind: %s); compare two bench records", path, gr_bench_compare_str(r->kind));
}

/* Fail unless a and b were benched in the same mode (quick kernels do
 * other work than full ones). */
static int cmp_check_mode(const char *path_a, const struct gr_bench_record *ra,
                          const char *path_b, const struct gr_bench_record *rb,
                          struct gr_error *err)
{
  if (strcmp(ra->mode, rb->mode) == 0)
    return GR_OK;
  return gr_error_set(err, GR_EINPUT, "'%s' is a %s record and '%s' a %s one: their kernels do different work (compare records benched in the same mode)", path_a, gr_bench_compare_str(ra->mode), path_b, gr_bench_compare_str(rb->mode));
}

/* The comparison's tail, after its table: the legend, the warnings, the
 * probe, and the figure under outdir (when given and all went well). */
static int cmp_tail(const struct gr_bench_record *ra, const struct gr_bench_record *rb,
                    const struct cmp_kernel *k, size_t nk, const char *outdir, struct gr_buf *text,
                    struct gr_error *err)
{
  int rc = GR_OK;
  gr_bench_compare_legend(text);
  gr_bench_compare_warn_work(text, k, nk);
  if (gr_bench_compare_probe(text, ra, rb, k, nk) != GR_OK)
    rc = gr_error_set(err, GR_ENOMEM, "out of memory writing the comparison");
  if (ra->threads != rb->threads)
    gr_buf_printf(text, "\nwarning: A ran its kernels on %d threads, B on %d: CPU times compare the work done, wall times include the parallel speed-up.\n", ra->threads, rb->threads);
  if (rc != GR_OK || outdir == NULL)
    return rc;
  return gr_bench_compare_output(outdir, k, nk, text, err);
}

int gr_bench_compare_loaded(const char *path_a, const struct gr_bench_record *ra,
                            const char *path_b, const struct gr_bench_record *rb,
                            const char *outdir, struct gr_buf *text,
                            struct gr_error *err)
{
  struct cmp_kernel *k = NULL;
  size_t nk = 0;
  int rc;
  if ((rc = cmp_check_bench(path_a, ra, err)) != GR_OK)
    return rc;
  if ((rc = cmp_check_bench(path_b, rb, err)) != GR_OK)
    return rc;
  if ((rc = cmp_check_mode(path_a, ra, path_b, rb, err)) != GR_OK)
    return rc;
  if ((rc = cmp_kernels(ra, rb, &k, &nk, err)) != GR_OK)
    goto fail;
  gr_bench_compare_describe(text, "A", path_a, ra);
  gr_bench_compare_describe(text, "B", path_b, rb);
  if (gr_bench_compare_table(text, k, nk) == 0) {
    rc = gr_error_set(err, GR_EINPUT, "'%s' and '%s' share no kernel (bench the same experiments; 'granrepro list' shows their kernels)", path_a, path_b);
    goto fail;
  }
  rc = cmp_tail(ra, rb, k, nk, outdir, text, err);
fail:
  cmp_free(k, nk);
  if (rc == GR_OK && text->failed)
    rc = gr_error_set(err, GR_ENOMEM, "out of memory writing the comparison");
  return rc;
}

int gr_bench_compare_records(const char *path_a, const char *path_b,
                             const char *outdir, struct gr_buf *text,
                             struct gr_error *err)
{
  struct gr_bench_record ra, rb;
  int rc;
  memset(&ra, 0, sizeof ra);
  memset(&rb, 0, sizeof rb);
  if ((rc = gr_bench_record_load(path_a, &ra, err)) != GR_OK)
    goto fail;
  if ((rc = gr_bench_record_load(path_b, &rb, err)) != GR_OK)
    goto fail;
  rc = gr_bench_compare_loaded(path_a, &ra, path_b, &rb, outdir, text, err);
fail:
  gr_bench_record_free(&ra);
  gr_bench_record_free(&rb);
  return rc;
}
