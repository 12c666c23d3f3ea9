/* granrepro test driver: src/physics/lsoda.c on the problems of
 * tests/lsoda_odeint.py, which runs scipy's odeint (ODEPACK's LSODA) on the
 * same and compares (Hindmarsh 1983, Petzold 1983; Wilson 2001 hpart.f
 * for the shaken bed).  Reads from standard input:
 *
 *   rober | vdp MU | bed N SIGMA BOX G AMP FREQ GAMMA_WALL
 *   cont|fresh RTOL ATOL MXSTEP
 *   NEQ y0...
 *   M t0 t1 ... t(M-1)
 *
 * cont: one history through all output times (istate 2 after the first);
 * fresh: istate 1 at every output time, as hpart calls LSODA.  Prints per
 * output time: t, y..., nst nfe nje nqu hu mused tsw istate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "physics/bed.h"
#include "physics/lsoda.h"

/* Robertson's chemical kinetics (the stiff test of Hindmarsh 1983). */
static int rober(double t, const double *y, double *f, void *p)
{
  (void)t;
  (void)p;
  f[0] = -0.04 * y[0] + 1.0e4 * y[1] * y[2];
  f[2] = 3.0e7 * y[1] * y[1];
  f[1] = -f[0] - f[2];
  return 0;
}

/* van der Pol: y0' = y1, y1' = mu (1 - y0^2) y1 - y0. */
static int vdp(double t, const double *y, double *f, void *p)
{
  double mu = *(const double *)p;
  (void)t;
  f[0] = y[1];
  f[1] = mu * (1.0 - y[0] * y[0]) * y[1] - y[0];
  return 0;
}

/* The shaken bed of Wilson (2001) through the project's model. */
static int bed(double t, const double *y, double *f, void *p)
{
  (void)gr_bed_deriv(p, NULL, t, y, f, NULL);
  return 0;
}

static int bad(const char *what)
{
  fprintf(stderr, "lsoda_odeint: bad input: %s\n", what);
  return 2;
}

int main(void)
{
  char prob[16], mode[16];
  struct gr_bed_model m;
  struct gr_lsoda_opts o;
  struct gr_lsoda *s;
  gr_lsoda_fn f;
  void *par = NULL;
  double mu, *y, *ts, t;
  size_t neq, nt, i, k;
  memset(&m, 0, sizeof m);
  memset(&o, 0, sizeof o);
  if (scanf("%15s", prob) != 1)
    return bad("problem");
  if (strcmp(prob, "rober") == 0) {
    f = rober;
  } else if (strcmp(prob, "vdp") == 0) {
    if (scanf("%lf", &mu) != 1)
      return bad("vdp MU");
    f = vdp;
    par = &mu;
  } else if (strcmp(prob, "bed") == 0) {
    if (scanf("%zu %lf %lf %lf %lf %lf %lf", &m.n, &m.wca.sigma, &m.box, &m.g, &m.amp, &m.freq,
              &m.gamma_wall) != 7)
      return bad("bed N SIGMA BOX G AMP FREQ GAMMA_WALL");
    m.wca.eps = 0.25; /* 4 eps = 1 (wca.h) */
    m.damp = GR_BED_DAMP_PRINTED;
    m.freq_reading = GR_BED_FREQ_ANGULAR;
    m.gravity = m.shake = m.lossy = 1;
    f = bed;
    par = &m;
  } else {
    return bad("problem: rober, vdp or bed");
  }
  if (scanf("%15s %lf %lf %lu", mode, &o.rtol, &o.atol, &o.mxstep) != 4 ||
      (strcmp(mode, "cont") != 0 && strcmp(mode, "fresh") != 0))
    return bad("cont|fresh RTOL ATOL MXSTEP");
  if (scanf("%zu", &neq) != 1 || neq == 0 || neq > 100000)
    return bad("NEQ");
  y = malloc(neq * sizeof *y);
  for (i = 0; y && i < neq; i++)
    if (scanf("%lf", y + i) != 1)
      return bad("y0");
  if (!y || scanf("%zu", &nt) != 1 || nt < 2 || nt > 1000000)
    return bad("M");
  ts = malloc(nt * sizeof *ts);
  for (k = 0; ts && k < nt; k++)
    if (scanf("%lf", ts + k) != 1)
      return bad("times");
  s = gr_lsoda_new(neq, &o);
  if (!ts || !s)
    return bad("options");
  t = ts[0];
  for (k = 1; k < nt; k++) {
    struct gr_lsoda_stats st;
    int e = gr_lsoda_run(s, f, par, &t, ts[k], y, (k == 1 || mode[0] == 'f') ? 1 : 2);
    gr_lsoda_stats(s, &st);
    printf("%.17g", t);
    for (i = 0; i < neq; i++)
      printf(" %.17g", y[i]);
    printf(" %lu %lu %lu %d %.17g %d %.17g %d\n", st.nst, st.nfe, st.nje, st.nqu, st.hu,
           st.mused, st.tsw, st.istate);
    if (e != GR_OK)
      break;
  }
  gr_lsoda_free(s);
  free(ts);
  free(y);
  return 0;
}
