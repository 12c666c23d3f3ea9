/* granrepro physics: criteria for the density-wave claims of Buchholtz &
 * Poeschel (1993), section 4, and synthetic profiles to test their power.
 * See bpwaves.h. */
#include "status.h"
#include "physics/bpwaves.h"

#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>

void gr_bpwaves_smooth(const double *c, int nb, int w, double *out)
{
  int j, i;
  for (j = 0; j < nb; j++) {
    out[j] = 0.0;
    for (i = -w; i <= w; i++)
      out[j] += c[((j + i) % nb + nb) % nb];
  }
}

/* Append v to the growing array *sp (doubling its capacity). */
static int bpwaves_push(double **sp, size_t *len, size_t *cap, double v)
{
  if (*len == *cap) {
    size_t c = *cap ? 2 * *cap : 64;
    double *q = realloc(*sp, c * sizeof *q);
    if (q == NULL)
      return GR_ENOMEM;
    *sp = q;
    *cap = c;
  }
  (*sp)[(*len)++] = v;
  return GR_OK;
}

int gr_bpwaves_spacings(const double *p, int nb, double **sp, size_t *len, size_t *cap)
{
  int j, first = -1, last = -1, rc = GR_OK;
  double mean = 0.0;
  if (nb < 1)
    return GR_EINPUT;
  for (j = 0; j < nb; j++)
    mean += p[j] / nb;
  for (j = 0; j < nb && rc == GR_OK; j++)
    if (p[j] > mean && p[j] > p[(j + nb - 1) % nb] && p[j] >= p[(j + 1) % nb]) {
      if (last >= 0)
        rc = bpwaves_push(sp, len, cap, j - last);
      first = first < 0 ? j : first;
      last = j;
    }
  if (rc == GR_OK && first >= 0 && last != first)
    rc = bpwaves_push(sp, len, cap, first + nb - last);
  return rc;
}

/* The dominant mode of profile c: the m in 1..mmax with the largest
 * |sum_j c_j exp(-2 pi i m j / nb)|^2, the lowest on ties; the terms
 * cos and sin(2 pi m j / nb) from the tables cs, sn (row m - 1 of nb),
 * or computed here when cs is NULL (the same values either way). */
static int bpwaves_argmax(const double *c, int nb, int mmax, const double *cs, const double *sn)
{
  double best = -1.0, re, im, p;
  int m, j, arg = 1;
  size_t r;
  for (m = 1; m <= mmax; m++) {
    re = im = 0.0;
    for (j = 0, r = (size_t)(m - 1) * nb; j < nb; j++, r++) {
      re += c[j] * (cs != NULL ? cs[r] : cos(2.0 * M_PI * m * j / nb));
      im -= c[j] * (cs != NULL ? sn[r] : sin(2.0 * M_PI * m * j / nb));
    }
    p = re * re + im * im;
    if (p > best) {
      best = p;
      arg = m;
    }
  }
  return arg;
}

int gr_bpwaves_mode(const double *c, int nb, int mmax)
{
  return bpwaves_argmax(c, nb, mmax, NULL, NULL);
}

/* The dominant modes of nprof profiles into mode[], the terms tabulated
 * once for all of them.  GR_OK or GR_ENOMEM. */
static int bpwaves_modes(const double *prof, int nprof, int nb, int mmax, int *mode)
{
  double *cs = malloc(2 * (size_t)mmax * nb * sizeof *cs), *sn;
  int m, j, k;
  if (cs == NULL)
    return GR_ENOMEM;
  sn = cs + (size_t)mmax * nb;
  for (m = 1; m <= mmax; m++)
    for (j = 0; j < nb; j++) {
      cs[(size_t)(m - 1) * nb + j] = cos(2.0 * M_PI * m * j / nb);
      sn[(size_t)(m - 1) * nb + j] = sin(2.0 * M_PI * m * j / nb);
    }
  for (k = 0; k < nprof; k++)
    mode[k] = bpwaves_argmax(prof + (size_t)k * nb, nb, mmax, cs, sn);
  free(cs);
  return GR_OK;
}

int gr_bpwaves_mode_share(const double *prof, int nprof, int nb, int mmax, double *share)
{
  int *count, *mode, k, m, most = 0;
  if (nprof < 1 || nb < 1 || mmax < 1)
    return GR_EINPUT;
  count = calloc((size_t)mmax + 1, sizeof *count);
  mode = malloc((size_t)nprof * sizeof *mode);
  if (count == NULL || mode == NULL || bpwaves_modes(prof, nprof, nb, mmax, mode) != GR_OK) {
    free(count);
    free(mode);
    return GR_ENOMEM;
  }
  for (k = 0; k < nprof; k++)
    count[mode[k]]++;
  for (m = 1; m <= mmax; m++)
    most = count[m] > most ? count[m] : most;
  free(count);
  free(mode);
  *share = (double)most / nprof;
  return GR_OK;
}

int gr_bpwaves_mode_agreement(const double *prof, int nseed, int nrec, int nb, int mmax,
                              double *agree)
{
  long same = 0, n = 0;
  int k, s, u, *mode;
  if (nseed < 2 || nrec < 1 || nb < 1 || mmax < 1)
    return GR_EINPUT;
  if ((mode = malloc((size_t)nseed * nrec * sizeof *mode)) == NULL ||
      bpwaves_modes(prof, nseed * nrec, nb, mmax, mode) != GR_OK) {
    free(mode);
    return GR_ENOMEM;
  }
  for (k = 0; k < nrec; k++)
    for (s = 0; s < nseed; s++)
      for (u = s + 1; u < nseed; u++) {
        same += mode[s * nrec + k] == mode[u * nrec + k];
        n++;
      }
  free(mode);
  *agree = (double)same / n;
  return GR_OK;
}

/* n grains on nb bins by rejection from density dens(x) <= top. */
static void bp_drop(gsl_rng *rng, int n, int nb, double (*dens)(double, const double *),
                    const double *par, double top, double *counts)
{
  int i, j;
  for (j = 0; j < nb; j++)
    counts[j] = 0.0;
  for (i = 0; i < n; i++) {
    double x;
    do
      x = gsl_rng_uniform(rng);
    while (top * gsl_rng_uniform(rng) > dens(x, par));
    j = (int)(x * nb);
    counts[j < nb ? j : nb - 1] += 1.0;
  }
}

/* 1 + a cos(2 pi m x + phase): par = {m, a, phase}. */
static double bp_wave(double x, const double *par)
{
  return 1.0 + par[1] * cos(2.0 * M_PI * par[0] * x + par[2]);
}

void gr_bpwaves_definite(gsl_rng *rng, int n, int nb, int m, double a, double phase,
                         double *counts)
{
  double par[3] = {m, a, phase};
  bp_drop(rng, n, nb, bp_wave, par, 1.0 + fabs(a), counts);
}

/* 0.1 + sum of clusters: par = {K, (centre, height, width) x K}, periodic. */
static double bp_clusters(double x, const double *par)
{
  double d = 0.1;
  int k, K = (int)par[0];
  for (k = 0; k < K; k++) {
    double u = x - par[1 + 3 * k];
    u -= floor(u + 0.5);
    d += par[2 + 3 * k] * exp(-0.5 * u * u / (par[3 + 3 * k] * par[3 + 3 * k]));
  }
  return d;
}

void gr_bpwaves_irregular(gsl_rng *rng, int n, int nb, int kmax, double wmin, double wmax,
                          double *counts)
{
  double par[1 + 3 * 16], top = 0.1;
  int k, K = 1 + (int)gsl_rng_uniform_int(rng, (unsigned long)(kmax < 16 ? kmax : 16));
  par[0] = K;
  for (k = 0; k < K; k++) {
    par[1 + 3 * k] = gsl_rng_uniform(rng);
    par[2 + 3 * k] = 0.5 + gsl_rng_uniform(rng);
    par[3 + 3 * k] = wmin + (wmax - wmin) * gsl_rng_uniform(rng);
    top += par[2 + 3 * k];
  }
  bp_drop(rng, n, nb, bp_clusters, par, top, counts);
}

/* Irregular clusters of the Monte Carlo: up to 4, sigma 0.02 to 0.15 of
 * the pipe (the stripes of a 10-width pipe are 0.2 to 1.5 widths). */
#define BP_KMAX 4
#define BP_WMIN 0.02
#define BP_WMAX 0.15

/* One draw of the alternative into prof (nseed x nrec x nb). */
static void bp_draw(gsl_rng *rng, enum gr_bpwaves_alt alt, int n, int nb, int nseed, int nrec,
                    int mmax, double a, double *prof)
{
  int m = 1 + (int)gsl_rng_uniform_int(rng, (unsigned long)(mmax / 2 > 1 ? mmax / 2 : 1));
  unsigned long common = gsl_rng_get(rng);
  int s, k;
  for (s = 0; s < nseed; s++) {
    double phase = 2.0 * M_PI * gsl_rng_uniform(rng);
    for (k = 0; k < nrec; k++) {
      double *p = prof + ((size_t)s * nrec + k) * nb;
      if (alt == GR_BPWAVES_DEFINITE) {
        gr_bpwaves_definite(rng, n, nb, m, a, phase + 0.3 * k, p);
      } else if (alt == GR_BPWAVES_IRREGULAR) {
        gr_bpwaves_irregular(rng, n, nb, BP_KMAX, BP_WMIN, BP_WMAX, p);
      } else {
        /* identical starts: the same profile for every start at time k */
        gsl_rng *h = gsl_rng_clone(rng);
        gsl_rng_set(h, common + (unsigned long)k);
        gr_bpwaves_irregular(h, n, nb, BP_KMAX, BP_WMIN, BP_WMAX, p);
        gsl_rng_free(h);
      }
    }
  }
}

/* The seed of draw r from the call's base (splitmix64's finaliser: the
 * generators' low 32 bits differ from draw to draw). */
static unsigned long bpwaves_seed(unsigned long base, int r)
{
  unsigned long long z = (unsigned long long)base + 0x9e3779b97f4a7c15ULL * (unsigned long long)(r + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return (unsigned long)(z ^ (z >> 31));
}

int gr_bpwaves_power(gsl_rng *rng, enum gr_bpwaves_alt alt, int n, int nb, int nseed, int nrec,
                     int mmax, int reps, double a, double share_max, double agree_max,
                     double out[2])
{
  const unsigned long base = gsl_rng_get(rng); /* the call's one draw from rng */
  double pass0 = 0.0, pass1 = 0.0;
  int r, bad = GR_OK;
  out[0] = 0.0;
  out[1] = 0.0;
#pragma omp parallel reduction(+ : pass0, pass1) reduction(| : bad)
  {
    double *prof = malloc((size_t)nseed * nrec * nb * sizeof *prof);
    gsl_rng *h = gsl_rng_alloc(rng->type);
    bad |= prof == NULL || h == NULL ? GR_ENOMEM : GR_OK;
    /* draw r from its own generator: the same shares whatever the threads */
#pragma omp for schedule(dynamic, 4)
    for (r = 0; r < reps; r++) {
      double share, agree;
      int rc;
      if (bad != GR_OK)
        continue;
      gsl_rng_set(h, bpwaves_seed(base, r));
      bp_draw(h, alt, n, nb, nseed, nrec, mmax, a, prof);
      if ((rc = gr_bpwaves_mode_share(prof, nseed * nrec, nb, mmax, &share)) != GR_OK ||
          (rc = gr_bpwaves_mode_agreement(prof, nseed, nrec, nb, mmax, &agree)) != GR_OK) {
        bad |= rc;
        continue;
      }
      pass0 += share < share_max;
      pass1 += agree < agree_max;
    }
    free(prof);
    gsl_rng_free(h);
  }
  if (bad != GR_OK)
    return bad & GR_ENOMEM ? GR_ENOMEM : GR_EINPUT;
  out[0] = pass0 / reps;
  out[1] = pass1 / reps;
  return GR_OK;
}
