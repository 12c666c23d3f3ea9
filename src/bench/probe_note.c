/* granrepro bench: the cache probe's note below a comparison of two
 * bench records (see probe.h).
 *
 * The probe's medians are compared, not its minima: the question is the
 * state of the host's caches over the bench (it moves over minutes), not
 * the best moment.  A 12 MiB chase loses the most a kernel can when the
 * L3 share shrinks (every access a dependent miss), so a kernel that
 * moved the probe's way by no more than the probe did may owe its verdict
 * to the host alone; one that moved further, or the other way, does not. */
#include "bench/probe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "bench/compare.h"
#include "harness/error.h"
#include "bench/ktime.h"
#include "bench/record.h"

int gr_bench_probe_median(const struct gr_bench_record *r, double *ns, size_t *n)
{
  struct gr_bench_ktime k;
  double x;
  *ns = NAN;
  *n = 0;
  if (gr_bench_ktime_get(r, GR_BENCH_PROBE_NAME, &k) != GR_OK)
    return GR_ENOMEM;
  x = k.n > 0 && k.work > 0 ? 1e9 * k.med_cpu / k.work : NAN; /* a pass's CPU time over its accesses */
  if (isfinite(x) && x > 0) {
    *ns = x;
    *n = k.n;
  }
  gr_bench_ktime_free(&k);
  return GR_OK;
}

/* Could the host's caches alone explain verdict v, the probe having moved
 * by p (beyond GR_BENCH_COMPARE_RATIO)? */
static int probe_explains(double p, const struct gr_bench_probe_verdict *v)
{
  if (p > 1.0)
    return strcmp(v->decision, "slower") == 0 && v->ratio <= p * GR_BENCH_COMPARE_RATIO;
  return strcmp(v->decision, "faster") == 0 && v->ratio >= p / GR_BENCH_COMPARE_RATIO;
}

int gr_bench_probe_note(struct gr_buf *t, const struct gr_bench_record *ra, const struct gr_bench_record *rb,
                        const struct gr_bench_probe_verdict *v, size_t nv)
{
  double a, b, p;
  size_t na, nb, i, named = 0;
  if (gr_bench_probe_median(ra, &a, &na) != GR_OK || gr_bench_probe_median(rb, &b, &nb) != GR_OK)
    return GR_ENOMEM;
  if (na == 0 && nb == 0)
    return GR_OK;
  if (na == 0 || nb == 0) {
    gr_buf_printf(t, "\nno cache probe in %s (a record from before %s): the host's caches are not compared.\n",
                  na == 0 ? "A" : "B", GR_BENCH_PROBE_NAME);
    return t->failed ? GR_ENOMEM : GR_OK;
  }
  p = b / a;
  gr_buf_printf(t, "\ncache probe %s, CPU ns per access (medians of %zu and %zu samples): A %.1f, B %.1f, B/A %.3f%s\n",
                GR_BENCH_PROBE_NAME, na, nb, a, b, p,
                p <= GR_BENCH_COMPARE_RATIO && p >= 1.0 / GR_BENCH_COMPARE_RATIO ? ": the host's caches alike" : "");
  if (p <= GR_BENCH_COMPARE_RATIO && p >= 1.0 / GR_BENCH_COMPARE_RATIO)
    return t->failed ? GR_ENOMEM : GR_OK;
  gr_buf_printf(t, "caution: the host's caches differed (probe B/A beyond %gx): the verdicts of memory-bound kernels "
                "in this comparison reflect the host's caches as much as the code", GR_BENCH_COMPARE_RATIO);
  if (v == NULL) {
    gr_buf_printf(t, ".\n");
    return t->failed ? GR_ENOMEM : GR_OK;
  }
  gr_buf_printf(t, "; %s by no more than the probe, so possibly the host alone:", p > 1.0 ? "slower" : "faster");
  for (i = 0; i < nv; i++)
    if (probe_explains(p, &v[i]))
      gr_buf_printf(t, "%s %s (%.3f)", named++ ? "," : "", v[i].name, v[i].ratio);
  gr_buf_printf(t, "%s\n", named ? "" : " none");
  return t->failed ? GR_ENOMEM : GR_OK;
}
