/* granrepro experiment buchholtz-poeschel: the density waves of section
 * 4, measured.  Every claim of the text gets a number:
 * waves form from a homogeneous start (dispersion index Var(n)/<n> of the
 * counts in bins one pipe width long, against its start value and 1 for a
 * random gas); no definite wavelength (the dominant low-k mode of S(k)
 * changes); they move in both directions (velocity from the shift that
 * best correlates successive profiles); they depend on the start
 * (profiles of different seeds uncorrelated).  Formation and directions
 * are shown, not judged (no synthetic test of their criteria); quick runs
 * are too short: their claim rows are informative. */
#include "experiments/buchholtz1993/bp_pipe.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness/report.h"
#include "stats/stats.h"
#include "physics/bpwaves.h"
#include "status.h"

/* Data and figures: dispersion and S(k) against time, every seed. */
static int bp_curves(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_run *runs)
{
  struct gr_data *d = gr_ctx_data(ctx, "waves", "seed t dispersion S1 S2 S3 vmean");
  struct gr_figure f1 = {"waves-dispersion", "waves", "Dispersion index Var(n)/<n>, bins one pipe width",
    "t (s)", "Var(n)/<n>", "set key top left",
    "data using 2:($1 == 0 ? $3 : 1/0) with lines title 'seed 0', "
    "data using 2:($1 == 1 ? $3 : 1/0) with lines title 'seed 1', 1 with lines dt 2 title 'random gas'"};
  struct gr_figure f2 = {"waves-sk", "waves", "Low-k structure factor S(k_m), k_m = 2 pi m / L, seed 0",
    "t (s)", "S(k)", "set logscale y\nset format y '10^{%T}'\nset key top left",
    "data using 2:($1 == 0 ? $4 : 1/0) with lines title 'm = 1', "
    "data using 2:($1 == 0 ? $5 : 1/0) with lines title 'm = 2', "
    "data using 2:($1 == 0 ? $6 : 1/0) with lines title 'm = 3'"};
  int i, k;
  if (d == NULL)
    return gr_ctx_error(ctx)->code;
  for (i = 0; i < o->seeds; i++)
    for (k = 0; k < runs[i].nrec; k++)
      gr_data_printf(d, "%d %.4f %.6g %.6g %.6g %.6g %.6g\n", i, runs[i].t[k], runs[i].disp[k],
                     runs[i].sk[3 * k], runs[i].sk[3 * k + 1], runs[i].sk[3 * k + 2], runs[i].vmean[k]);
  if (gr_ctx_figure(ctx, &f1) != GR_OK || gr_ctx_figure(ctx, &f2) != GR_OK)
    return gr_ctx_error(ctx)->code;
  return GR_OK;
}

/* Claim 1: dispersion late > start, > 1.  The records of one start are
 * correlated (0.05 s apart): the standard error is the spread of the
 * per-start time means across the starts (independent seeds).  Shown, not
 * judged: no synthetic test shows the criterion able to fail at this size,
 * and its reading depends on the open mass (the pipe passes it, the
 * variant inside the 10 % does not). */
static int bp_form(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_run *runs)
{
  double x[BP_MAXSEEDS], mean, se, start = 0.0;
  int i, k;
  for (i = 0; i < o->seeds; i++) {
    int k0 = gr_bp_late(&runs[i], o->t_start);
    start += runs[i].disp[0] / o->seeds;
    x[i] = 0.0;
    for (k = k0; k < runs[i].nrec; k++)
      x[i] += runs[i].disp[k] / (runs[i].nrec - k0);
  }
  if (o->seeds < 2 || gr_stats_mean_se(x, (size_t)o->seeds, &mean, &se) != GR_OK)
    return gr_ctx_fail(ctx, GR_EFAIL, "too few pipe starts for the dispersion index");
  gr_bp_value(ctx, o, "disp_start", start);
  gr_bp_value(ctx, o, "disp_late", mean);
  gr_bp_value(ctx, o, "disp_late_se", se);
  gr_bp_value(ctx, o, "disp_bound", fmax(1.0, start));
  return gr_bp_inform(ctx, o, GR_KIND_RESULT, "waves/form-from-homogeneous-start", mean - 3.0 * se,
                      "dispersion index from t_start, mean over starts - 3 SE (spread of the per-start "
                      "means); waves formed if above the larger of 1 (random gas) and its value at t = 0. "
                      "Informative: the criterion has no synthetic test showing it can fail, and its "
                      "reading depends on the grains' mass, which the paper leaves open");
}

/* Smoothed fine profile of record k (circular box of 2 w + 1 bins). */
static void bp_smooth(const struct bp_run *r, int k, int w, double *out)
{
  gr_bpwaves_smooth(r->fine + (size_t)k * r->nbf, r->nbf, w, out);
}

/* Room for n fine profiles of the longest run (the caller frees it). */
static double *bp_profiles(const struct bp_opts *o, const struct bp_run *runs, int n)
{
  int i, nb = 1;
  for (i = 0; i < o->seeds; i++)
    nb = runs[i].nbf > nb ? runs[i].nbf : nb;
  return malloc((size_t)n * (size_t)nb * sizeof(double));
}

/* The distances between density maxima (coefficient of variation of the
 * spacings, records from t_start on, all seeds) and the share of the
 * strongest of S(k_1..3): shown; the claim is decided in bp_wavecrit.c. */
static int bp_wavelength(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_run *runs)
{
  double *p = bp_profiles(o, runs, 1), *sp = NULL, mean, se, sd, mode = 0;
  size_t n = 0, cap = 0;
  int i, k, nrec = 0, rc = p == NULL ? GR_ENOMEM : GR_OK;
  int w = (int)lround(0.25 * o->pipe.width); /* half a pipe width each side, 2 r0 bins */
  for (i = 0; i < o->seeds && rc == GR_OK; i++)
    for (k = gr_bp_late(&runs[i], o->t_start); k < runs[i].nrec && rc == GR_OK; k++) {
      const double *s = runs[i].sk + 3 * k;
      bp_smooth(&runs[i], k, w, p);
      rc = gr_bpwaves_spacings(p, runs[i].nbf, &sp, &n, &cap);
      mode += s[0] >= s[1] && s[0] >= s[2];
      nrec++;
    }
  free(p);
  if (rc == GR_OK && (n < 3 || gr_stats_mean_se(sp, n, &mean, &se) != GR_OK))
    rc = GR_EFAIL;
  free(sp);
  if (rc != GR_OK)
    return gr_ctx_fail(ctx, rc, rc == GR_EFAIL ? "too few density maxima in the pipe records"
                                               : "out of memory for the density maxima");
  sd = se * sqrt((double)n);
  gr_bp_value(ctx, o, "peak_spacing_mean", mean * 2.0 / o->pipe.width);
  gr_bp_value(ctx, o, "peak_spacing_cv", sd / mean);
  gr_bp_value(ctx, o, "peak_n", (double)n);
  gr_bp_value(ctx, o, "mode_frac", nrec ? mode / nrec : 0.0);
  return gr_bp_inform(ctx, o, GR_KIND_RESULT, "waves/strongest-mode-is-k1-share", nrec ? mode / nrec : 0.0,
                       "share of records whose strongest of S(k_1..3) is the longest wave, k_1 = 2 pi / L");
}

/* Claim 3: wave velocities of both signs (lab frame), from the shift of
 * best correlation between successive records (0.05 s apart).  Shown, not
 * judged: the bound 0.05 on the rarer sign has no synthetic test, and the
 * seed count was raised after 3 seeds left the share within one SE of it. */
static int bp_directions(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_run *runs,
                         double *cw, double *vg)
{
  struct gr_data *d = gr_ctx_data(ctx, o->tag[0] ? "regime-wave-velocities" : "wave-velocities",
                                  "seed t c corr vgrains");
  double *a = bp_profiles(o, runs, 2), *b, pos = 0, neg = 0, n = 0, csum = 0, vsum = 0, rpos = 0, rneg = 0;
  int i, k;
  if (d == NULL || a == NULL) {
    free(a);
    return d == NULL ? gr_ctx_error(ctx)->code : gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  }
  for (i = 0; i < o->seeds; i++)
    for (k = gr_bp_late(&runs[i], o->t_start) + 1; k < runs[i].nrec; k++) {
      double corr, c;
      b = a + runs[i].nbf;
      bp_smooth(&runs[i], k - 1, 1, a);
      bp_smooth(&runs[i], k, 1, b);
      c = gr_bppipe_speed(&o->pipe, a, b, runs[i].nbf, runs[i].t[k] - runs[i].t[k - 1], &corr);
      gr_data_printf(d, "%d %.4f %.6g %.4f %.6g\n", i, runs[i].t[k], c, corr, runs[i].vmean[k]);
      if (corr < 0.3)
        continue;
      n++;
      pos += c > 0;
      neg += c < 0;
      csum += c;
      vsum += runs[i].vmean[k];
      rpos += c > runs[i].vmean[k];
      rneg += c < runs[i].vmean[k];
    }
  free(a);
  *cw = n ? csum / n : 0.0;
  *vg = n ? vsum / n : 0.0;
  gr_bp_value(ctx, o, "vel_n", n);
  gr_bp_value(ctx, o, "vel_pos", n ? pos / n : 0);
  gr_bp_value(ctx, o, "vel_neg", n ? neg / n : 0);
  /* binomial standard error of the rarer sign's share */
  gr_bp_value(ctx, o, "vel_rarer_se", n ? sqrt(fmin(pos, neg) / n * (1.0 - fmin(pos, neg) / n) / n) : 0);
  gr_bp_value(ctx, o, "vel_wave_mean", n ? csum / n : 0);
  gr_bp_value(ctx, o, "vel_grain_mean", n ? vsum / n : 0);
  gr_bp_value(ctx, o, "vel_ratio", n && vsum != 0.0 ? csum / vsum : 0);
  gr_bp_value(ctx, o, "vel_rel_pos", n ? rpos / n : 0);
  gr_bp_value(ctx, o, "vel_rel_neg", n ? rneg / n : 0);
  gr_bp_inform(ctx, o, GR_KIND_RESULT, "waves/relative-to-grains-rarer-sign-share", n ? fmin(rpos, rneg) / n : 0,
                "the same velocities relative to the mean grain velocity");
  return gr_bp_inform(ctx, o, GR_KIND_RESULT, "waves/move-in-both-directions", n ? fmin(pos, neg) / n : 0,
                      "share of the rarer sign among wave velocities in the pipe frame (correlation >= 0.3). "
                      "Informative: the bound 0.05 it was held to had no synthetic test showing it can fail, "
                      "and the seeds were raised from 3 to 6 after seeing the share near it");
}

/* The best-shift correlation of the last coarse profiles of different
 * seeds (the criterion until issue 22), shown. */
static int bp_start(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_run *runs)
{
  double sum = 0, corr;
  int i, j, n = 0;
  for (i = 0; i < o->seeds; i++)
    for (j = i + 1; j < o->seeds; j++) {
      const struct bp_run *a = &runs[i], *b = &runs[j];
      int sh = gr_bppipe_shift(a->coarse + (size_t)(a->nrec - 1) * a->nbc,
                               b->coarse + (size_t)(b->nrec - 1) * b->nbc, a->nbc, &corr);
      (void)sh;
      sum += corr;
      n++;
    }
  gr_bp_value(ctx, o, "seed_corr", n ? sum / n : 1.0);
  return GR_OK;
}

int gr_bp_waves(struct gr_ctx *ctx, const struct bp_opts *o, const struct bp_law *law,
                const struct bp_run *runs)
{
  double cw = 0.0, vg = 0.0;
  int rc;
  (void)law;
  if (o->tag[0] == '\0' && (rc = bp_curves(ctx, o, runs)) != GR_OK)
    return rc;
  if ((rc = gr_bp_overlap(ctx, o, runs)) != GR_OK)
    return rc;
  if ((rc = bp_form(ctx, o, runs)) != GR_OK)
    return rc;
  if ((rc = bp_wavelength(ctx, o, runs)) != GR_OK)
    return rc;
  if ((rc = bp_directions(ctx, o, runs, &cw, &vg)) != GR_OK)
    return rc;
  if (o->tag[0] == '\0' && (rc = gr_bp_fig6(ctx, o, &runs[0], cw, vg)) != GR_OK)
    return rc;
  if ((rc = bp_start(ctx, o, runs)) != GR_OK)
    return rc;
  return gr_bp_criteria(ctx, o, runs);
}
