/* granrepro harness: kernel timing (see bench.h). */
#include "harness/bench.h"

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "harness/record.h"
#include "harness/timer.h"

int gr_bench_kernel(const struct gr_experiment *exp, const struct gr_kernel *k,
                    int quick, unsigned long seed, int repeat,
                    struct gr_record *rec, struct gr_buf *text,
                    struct gr_error *err)
{
  void *state = NULL;
  struct gr_timer t;
  double *wall, work = 0.0, med, lo, hi;
  char name[160];
  int i, rc;
  if (repeat < GR_BENCH_MIN_REPEAT)
    return gr_error_set(err, GR_EINPUT, "--repeat %d is too few: use %d or more samples", repeat, GR_BENCH_MIN_REPEAT);
  if ((wall = malloc((size_t)repeat * sizeof *wall)) == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  if ((rc = k->setup(&state, k->arg, quick, seed, err)) != GR_OK) {
    free(wall);
    return rc;
  }
  snprintf(name, sizeof name, "%s/%s", exp->key, k->name);
  if (state == NULL) { /* the kernel declined this mode (e.g. too big for --quick) */
    gr_buf_printf(text, "%-28s skipped%s\n", name, quick ? " in quick mode" : "");
    free(wall);
    return GR_OK;
  }
  k->run(state); /* warm-up: caches, page faults, lazy initialisation */
  for (i = 0; i < repeat && rc == GR_OK; i++) {
    gr_timer_start(&t);
    work = k->run(state);
    gr_timer_stop(&t);
    wall[i] = t.wall;
    rc = gr_record_add(rec, name, i + 1, wall[i], t.cpu, work, k->unit);
  }
  k->teardown(state);
  if (rc != GR_OK) {
    free(wall);
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  }
  gsl_sort(wall, 1, (size_t)repeat);
  med = gsl_stats_median_from_sorted_data(wall, 1, (size_t)repeat);
  lo = wall[0];
  hi = wall[repeat - 1];
  gr_buf_printf(text, "%-28s %11.6f s  [%9.6f, %9.6f]  %12.4g %s/s\n", name,
                med, lo, hi, med > 0.0 ? work / med : 0.0, k->unit);
  free(wall);
  return GR_OK;
}
