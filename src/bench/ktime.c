/* granrepro bench: a kernel's bench samples per run (see ktime.h). */
#include "bench/ktime.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/record.h"
#include "status.h"

/* Ascending order of doubles, for qsort. */
static int ktime_cmp(const void *x, const void *y)
{
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

double gr_bench_ktime_median(double *x, size_t n)
{
  if (n == 0)
    return NAN;
  qsort(x, n, sizeof *x, ktime_cmp);
  return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

/* Is row s a bench sample of the kernel name? */
static int ktime_is(const struct gr_bench_sample *s, const char *name)
{
  return s->sample >= 1 && strcmp(s->name, name) == 0;
}

int gr_bench_ktime_get(const struct gr_bench_record *r, const char *name,
                       struct gr_bench_ktime *k)
{
  size_t i, n = 0, nw = 0;
  double *work;
  memset(k, 0, sizeof *k);
  k->name = name;
  k->min_cpu = k->med_cpu = k->work = NAN;
  k->unit = "runs";
  for (i = 0; i < r->nrows; i++)
    n += (size_t)ktime_is(&r->rows[i], name);
  if (n == 0)
    return GR_OK;
  if ((k->cpu = malloc(2 * n * sizeof *k->cpu)) == NULL)
    return GR_ENOMEM;
  work = k->cpu + n;
  for (i = 0; i < r->nrows; i++) {
    const struct gr_bench_sample *x = &r->rows[i];
    double it = x->iterations > 0 ? (double)x->iterations : 1.0;
    if (!ktime_is(x, name))
      continue;
    if (k->n == 0)
      k->name = x->name;
    k->cpu[k->n++] = x->cpu / it;
    if (x->work > 0) {
      if (nw == 0 && strcmp(x->unit, "-") != 0)
        k->unit = x->unit;
      work[nw++] = x->work / it;
    }
  }
  k->med_cpu = gr_bench_ktime_median(k->cpu, k->n); /* sorts: cpu[0] is the min */
  k->min_cpu = k->cpu[0];
  k->work = gr_bench_ktime_median(work, nw);
  return GR_OK;
}

void gr_bench_ktime_free(struct gr_bench_ktime *k)
{
  free(k->cpu);
  k->cpu = NULL;
  k->n = 0;
}

double gr_bench_ktime_rate(const struct gr_bench_ktime *k)
{
  if (k->n == 0 || !(k->min_cpu > 0))
    return NAN;
  return (isfinite(k->work) ? k->work : 1.0) / k->min_cpu;
}

int gr_bench_ktime_work_differs(const struct gr_bench_ktime *a, const struct gr_bench_ktime *b)
{
  double x = a->work, y = b->work;
  if (isfinite(x) != isfinite(y))
    return 1;
  return isfinite(x) && fabs(x - y) > 1e-9 * fmax(x, y);
}

void gr_bench_ktime_names(const struct gr_bench_record *r, const char **names, size_t *n,
                          size_t cap)
{
  size_t i, j;
  for (i = 0; i < r->nrows; i++) {
    if (r->rows[i].sample < 1)
      continue;
    for (j = 0; j < *n && strcmp(names[j], r->rows[i].name) != 0; j++)
      ;
    if (j == *n && *n < cap)
      names[(*n)++] = r->rows[i].name;
  }
}

size_t gr_bench_ktime_nbench(const struct gr_bench_record *r)
{
  size_t i, n = 0;
  for (i = 0; i < r->nrows; i++)
    n += r->rows[i].sample >= 1;
  return n;
}
