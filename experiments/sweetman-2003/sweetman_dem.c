/* granrepro experiment sweetman-neighbors, chapter 4 with the DEM engine
 * (physics/dem.h): particles falling freely in a box (section 4.2, the
 * issue's peer case), the per-routine timing of a run (harness/timer.h),
 * and the trajectory equivalence of the N-squared, chain-cell and
 * sorted-cell rebuilds (section 4.1). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "experiments/sweetman-2003/sweetman.h"
#include "harness/ctx.h"
#include "harness/verdict.h"
#include "harness/report.h"
#include "harness/timer.h"
#include "physics/dem.h"

/* Energy bookkeeping of step s: the start, the largest rise, the last. */
static void sw_energy(const struct gr_dem_diag *g, long s, double erise[3])
{
  double e = g->kinetic + g->rotational + g->potential + g->elastic;
  if (s == 0) {
    erise[0] = e;
    erise[1] = 0.0;
  } else if (e - erise[0] > erise[1])
    erise[1] = e - erise[0];
  erise[2] = e;
}

int gr_sweetman_dem_timed(struct gr_dem *d, long steps, double t[SW_T_N], long *contacts,
                          struct gr_data *trace, double erise[3])
{
  struct gr_dem_diag g;
  struct gr_timer lap;
  long s;
  memset(t, 0, SW_T_N * sizeof *t);
  *contacts = 0;
  for (s = 0; s < steps; s++) {
    gr_timer_start_thread(&lap);
    if (gr_dem_update(d) != GR_OK)
      return GR_ENOMEM;
    gr_timer_lap(&lap, &t[SW_T_UPDATE]);
    gr_dem_forces(d);
    gr_timer_lap(&lap, &t[SW_T_FORCES]);
    gr_dem_integrate(d);
    gr_timer_lap(&lap, &t[SW_T_INTEG]);
    gr_dem_diagnose(d, &g);
    gr_timer_lap(&lap, &t[SW_T_DIAG]);
    *contacts += g.contacts;
    if (trace != NULL)
      sw_energy(&g, s, erise);
    if (trace != NULL && s % 25 == 0)
      gr_data_printf(trace, "%.4f %.6e %.6e %.6e %.6e %ld %ld\n", (s + 1) * d->p.dt, g.kinetic, g.rotational,
                     g.potential, g.elastic, g.contacts, d->rebuilds);
  }
  return GR_OK;
}

static const struct gr_figure sw_figfall = {
  .name = "dem-free-fall", .data = "dem-free-fall",
  .title = "Free fall in a box (peer case): energies of the equivalence run",
  .xlabel = "time", .ylabel = "energy", .setup = "set key outside right\nset logscale y",
  .plot = "data using 1:2 with lines lw 2 title 'kinetic', data using 1:3 with lines lw 2 title 'rotational', "
          "data using 1:5 with lines lw 2 title 'elastic (springs)'"};

/* The rows of the equivalence run (d[3]: the three searches after it). */
static int sw_equivalence_rows(struct gr_ctx *ctx, const struct gr_dem d[3], size_t n, long steps,
                               const long contacts[3], const double er[3], const double tot[3])
{
  char note[768];
  int k, same = 1;
  for (k = 1; k < 3; k++)
    same = same && memcmp(d[0].x, d[k].x, 3 * n * sizeof(double)) == 0 &&
           memcmp(d[0].v, d[k].v, 3 * n * sizeof(double)) == 0 &&
           memcmp(d[0].w, d[k].w, 3 * n * sizeof(double)) == 0 && d[0].rebuilds == d[k].rebuilds;
  snprintf(note, sizeof note,
           "peer case falling freely, N = %zu, %ld steps of %g (%.2f time units; the thesis: 20000 particles, 1.5 s), "
           "%ld list rebuilds, %ld contacts summed over the steps: positions, velocities and spins after the run are "
           "bitwise identical for the N-squared, chain-cell and sorted-cell rebuilds; a check, not the thesis's result: "
           "physics/nbr.h keeps the list in one canonical order whatever the search, so the forces are summed in the "
           "same order (section 4.1's codes summed in different orders: rows chapter4/dem-drift-*)",
           n, steps, SW_DEM_DT, steps * SW_DEM_DT, d[0].rebuilds, contacts[0]);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "chapter4/dem-trajectories-bitwise-identical", same && contacts[0] > 0, gr_test_eq(1.0), note);
  snprintf(note, sizeof note, "largest rise of the total energy (kinetic, rotational, potential, springs) above its start "
           "over the %ld steps (every step), relative to it: the contacts only dissipate, and leap-frog's "
           "half-step velocities drain m g^2 dt^2 / 2 a step in free flight, so a rise means a contact "
           "that makes energy", steps);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "chapter4/dem-energy-rise", er[1] / er[0], gr_test_le(1e-4), note);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "chapter4/dem-energy-end-below-start", (er[0] - er[2]) / er[0], gr_test_gt(0.0),
                 "(E(start) - E(end)) / E(start): the run loses energy overall (contacts and leap-frog only dissipate)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "chapter4/dem-equivalence-seconds-nsq-over-chain", tot[0] / tot[1],
                     "CPU time of the whole run, N-squared over chain cells (informative: timing)");
  return gr_ctx_figure(ctx, &sw_figfall);
}

/* Section 4.1's system from text-4-1.tsv, read and checked (sweetman.h). */
int gr_sweetman_text41(struct gr_ctx *ctx, size_t *n, double *secs)
{
  double np;
  if (gr_ctx_input(ctx, "text-4-1", "particles", "value", &np) != GR_OK ||
      gr_ctx_input(ctx, "text-4-1", "seconds", "value", secs) != GR_OK)
    return gr_ctx_error(ctx)->code;
  if (!(np >= 2.0 && np <= 1e7) || np != floor(np))
    return gr_ctx_fail(ctx, GR_EINPUT, "sweetman-2003/text-4-1.tsv: particles = %g: give a whole number from 2 to 1e7", np);
  if (!(*secs > 0.0 && *secs <= 1000.0))
    return gr_ctx_fail(ctx, GR_EINPUT, "sweetman-2003/text-4-1.tsv: seconds = %g: give a span above 0 and at most 1000", *secs);
  *n = (size_t)np;
  return GR_OK;
}

/* Section 4.1: the same free fall with the three searches, a thread each
 * on both cores (the N-squared run, the dearest, first); positions,
 * velocities and spins compared bit for bit at the end. */
int gr_sweetman_equivalence(struct gr_ctx *ctx)
{
  static const int meth[] = {GR_DEM_NSQ, GR_DEM_CHAIN, GR_DEM_SORT};
  const int quick = gr_ctx_quick(ctx);
  size_t n;
  long steps, contacts[3];
  struct gr_dem d[3];
  double t[3][SW_T_N], tot[3], er[3] = {0, 0, 0}, secs;
  int k, rc = GR_OK, made[3] = {0, 0, 0}, bad = 0;
  struct gr_data *tr = gr_ctx_data(ctx, "dem-free-fall", "t kinetic rotational potential elastic contacts rebuilds");
  /* the thesis's system (text-4-1.tsv: its particles and seconds, read as sqrt(d/g)) */
  if (tr == NULL || gr_sweetman_text41(ctx, &n, &secs) != GR_OK)
    return gr_ctx_error(ctx)->code;
  n = quick ? 1000 : n;
  steps = quick ? 300 : (long)floor(secs / SW_DEM_DT + 0.5);
  gr_ctx_progress(ctx, "trajectory equivalence (three runs on the threads)", 0.0);
#pragma omp parallel for schedule(dynamic, 1) reduction(| : bad)
  for (k = 0; k < 3; k++) {
    made[k] = gr_sweetman_dem_peer(&d[k], n, gr_ctx_seed(ctx), meth[k]) == GR_OK;
    bad |= !made[k] || gr_sweetman_dem_timed(&d[k], steps, t[k], &contacts[k], k == 0 ? tr : NULL, er) != GR_OK;
  }
  for (k = 0; k < 3; k++)
    tot[k] = t[k][0] + t[k][1] + t[k][2] + t[k][3];
  if (!bad)
    rc = sw_equivalence_rows(ctx, d, n, steps, contacts, er, tot);
  for (k = 0; k < 3; k++)
    if (made[k])
      gr_dem_free(&d[k]);
  return bad ? gr_ctx_fail(ctx, GR_ENOMEM, "DEM run failed (out of memory)") : rc;
}
