/* granrepro experiment bizon-patterns: one run of the vibrated layer of
 * Bizon et al., PRL 80, 57 (1998) on the ed3 engine, measured as the paper
 * measures it: the top surface's S(k) at a fixed drive phase each cycle
 * (physics/sk.h), the response period from the peak's phase, the layer's
 * flight from the plate contacts, the pair collisions per sphere. */
#include <gsl/gsl_math.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/bizon1998/bizon.h"
#include "physics/ed3.h"
#include "physics/sk.h"
#include "status.h"

/* Plate contacts in the sub-steps of one cycle: runs of contact-free
 * sub-steps (fewer than n / 100 plate collisions) carried across cycles in
 * *run; each run a contact ends is a flight, added to *sum and *count. */
static int bz_cycle(struct gr_ed3 *s, double t0, double T, int n, double *run, double *sum,
                    double *count)
{
  long long prev = gr_ed3_counters(s).plate;
  int k, st;
  for (k = 1; k <= BZ_SUB; k++) {
    long long now;
    if ((st = gr_ed3_advance(s, t0 + T * k / BZ_SUB)) != GR_OK)
      return st;
    now = gr_ed3_counters(s).plate;
    if ((double)(now - prev) < 0.01 * n) {
      *run += 1.0 / BZ_SUB;
    } else if (*run > 0.0) {
      *sum += *run;
      *count += 1.0;
      *run = 0.0;
    }
    prev = now;
  }
  return GR_OK;
}

/* Snapshot at the drive phase: height field, S(k), amplitudes kept. */
static int bz_snap(struct gr_ed3 *s, struct gr_sk *sk, double *pos, double *xyz, int n,
                   const struct bz_cfg *c, int nx, int ny, double *h, double *zc)
{
  int i, st;
  gr_ed3_positions(s, xyz, xyz + n, xyz + 2 * n);
  *zc = 0.0;
  for (i = 0; i < n; i++) {
    pos[3 * i] = xyz[i];
    pos[3 * i + 1] = xyz[n + i];
    pos[3 * i + 2] = xyz[2 * n + i];
    *zc += xyz[2 * n + i] / n;
  }
  if ((st = gr_sk_height(pos, 3, (size_t)n, c->lx, c->ly, (size_t)nx, (size_t)ny, h)) != GR_OK)
    return st;
  return gr_sk_compute(sk, h);
}

/* The run: transient cycles, then `cycles` measured ones (see bizon.h). */
int gr_bz_layer(const struct bz_cfg *c, struct bz_res *r)
{
  int n, nx, ny, cyc, i, st = gr_bz_res_alloc(c, r);
  double T = sqrt(c->m->H) / c->fstar, *buf, *radii, *pos, *h, *fre, *fim, *zc, run = 0.0,
         flights = 0.0, nflight = 0.0;
  struct gr_ed3 *s = NULL;
  struct gr_sk *sk = NULL;
  struct gr_sk_rule rule = gr_sk_rule_default();
  struct gr_sk_peak pk;
  n = r->n;
  nx = r->nx;
  ny = r->ny;
  buf = malloc((6 * (size_t)n + 2 * (size_t)c->cycles) * sizeof *buf);
  radii = malloc((size_t)n * sizeof *radii);
  pos = malloc(3 * (size_t)n * sizeof *pos);
  h = malloc((size_t)(nx * ny) * sizeof *h);
  fre = malloc((size_t)(nx * ny) * (size_t)c->cycles * 2 * sizeof *fre);
  zc = malloc((size_t)c->cycles * sizeof *zc);
  if (st != GR_OK || buf == NULL || radii == NULL || pos == NULL || h == NULL || fre == NULL || zc == NULL) {
    st = GR_ENOMEM;
    goto done;
  }
  fim = fre + (size_t)(nx * ny) * (size_t)c->cycles;
  if ((st = gr_bz_start(c, n, buf, radii)) != GR_OK || (st = gr_bz_engine(c, n, buf, radii, &s)) != GR_OK ||
      (st = gr_sk_new(&sk, (size_t)nx, (size_t)ny, c->lx, c->ly)) != GR_OK)
    goto done;
  for (i = 1; i <= (c->transient * BZ_SUB) + (int)(c->o->phase * BZ_SUB); i++) /* the guard is per call */
    if ((st = gr_ed3_advance(s, fmin(i * T / BZ_SUB, (c->transient + c->o->phase) * T))) != GR_OK)
      goto done;
  if ((st = gr_ed3_advance(s, (c->transient + c->o->phase) * T)) != GR_OK)
    goto done;
  for (cyc = 0; cyc < c->cycles; cyc++) {
    double t0 = (c->transient + cyc + c->o->phase) * T;
    if ((st = bz_snap(s, sk, pos, buf, n, c, nx, ny, h, &zc[cyc])) != GR_OK)
      goto done;
    for (i = 0; i < nx * ny; i++)
      r->savg[i] += gr_sk_values(sk)[i] / c->cycles;
    for (i = 0; i < nx * ny; i++)
      gr_sk_at(sk, i % nx <= nx / 2 ? i % nx : i % nx - nx, i / nx <= ny / 2 ? i / nx : i / nx - ny,
               &fre[(size_t)cyc * nx * ny + i], &fim[(size_t)cyc * nx * ny + i]);
    if ((st = gr_sk_analyse(sk, &rule, &pk)) != GR_OK)
      goto done;
    r->orders[cyc] = pk.order;
    if (c->keep && cyc >= c->cycles - 2)
      memcpy(r->h2 + (size_t)(cyc - (c->cycles - 2)) * nx * ny, h, (size_t)(nx * ny) * sizeof *h);
    if ((st = bz_cycle(s, t0, T, n, &run, &flights, &nflight)) != GR_OK)
      goto done;
    if (cyc == 0) { /* the first flight may have begun before the measurement */
      flights = 0.0;
      nflight = 0.0;
    }
  }
  r->flight = nflight > 0.0 ? flights / nflight : NAN;
  /* the averaged S(k): type, wavelength, order; the peak's phase per cycle */
  gr_sk_load(sk, r->savg);
  if ((st = gr_sk_analyse(sk, &rule, &pk)) != GR_OK)
    goto done;
  r->type = (int)pk.type;
  r->ndir = pk.ndir;
  r->ratio = pk.ratio;
  r->order = pk.order;
  r->lambda = pk.lambda;
  r->lambda_res = pk.lambda_res;
  r->jx = pk.jx;
  r->jy = pk.jy;
  {
    size_t ix = (size_t)(pk.jx < 0 ? pk.jx + nx : pk.jx), iy = (size_t)(pk.jy < 0 ? pk.jy + ny : pk.jy);
    double *are = buf, *aim = buf + c->cycles;
    for (cyc = 0; cyc < c->cycles; cyc++) {
      are[cyc] = fre[(size_t)cyc * nx * ny + iy * nx + ix];
      aim[cyc] = fim[(size_t)cyc * nx * ny + iy * nx + ix];
    }
    r->response = gr_sk_response(are, aim, (size_t)c->cycles, &r->c1, &r->c2, &r->c4);
    r->layer_period = gr_sk_layer_period(zc, (size_t)c->cycles);
  }
  r->pair_pp = (double)gr_ed3_counters(s).pair / n / (c->transient + c->cycles + c->o->phase);
  gr_ed3_overlaps(s, 1e-9); /* adds what it finds to the counter */
  r->overlaps = gr_ed3_counters(s).overlaps;
  r->events = gr_ed3_counters(s).events;
  st = GR_OK;
  if (c->state != NULL) { /* end at a whole cycle: plate phase 0 */
    if ((st = gr_ed3_advance(s, fmin(gr_ed3_time(s) + T / BZ_SUB, ceil(gr_ed3_time(s) / T - 1e-9) * T))) != GR_OK ||
        (st = gr_ed3_advance(s, ceil(gr_ed3_time(s) / T - 1e-9) * T)) != GR_OK ||
        (st = gr_bz_keep(s, c->state, n)) != GR_OK)
      goto done;
  }
done:
  r->status = st;
  if (s != NULL) {
    r->stop_time = gr_ed3_time(s) / T;
    r->overlaps = gr_ed3_counters(s).overlaps;
    r->events = gr_ed3_counters(s).events;
  }
  gr_ed3_free(s);
  gr_sk_free(sk);
  free(buf);
  free(radii);
  free(pos);
  free(h);
  free(fre);
  free(zc);
  return st;
}
