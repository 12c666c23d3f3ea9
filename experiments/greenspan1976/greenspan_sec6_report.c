/* granrepro experiment greenspan, Section 6 "Remarks": the rows and the
 * notes' tables of the runs of greenspan_sec6.c.  Claims are judged in
 * full runs and informative in quick ones (the published start of the
 * triangle alone is one run, no count). */
#include <math.h>
#include <stdio.h>

#include "experiments/greenspan1976/greenspan.h"
#include "physics/psclaim.h"
#include "harness/ctx.h"
#include "harness/verdict.h"

static const char *const cond_name[S6_NCOND] = {"control: the listing reading", "dt of remarks.tsv",
                                                "undamped floor, v_y -> -v_y"};
static const char *const cond_key[S6_NCOND] = {"control", "large-dt", "undamped-floor"};

/* A claim: judged in full runs, informative in quick ones. */
static void s6_claim(struct gr_ctx *ctx, enum gr_kind kind, const char *q, double v, struct gr_test t,
                     const char *note)
{
  char buf[1024];
  if (!gr_ctx_quick(ctx)) {
    gr_ctx_verdict(ctx, kind, q, v, t, note);
    return;
  }
  snprintf(buf, sizeof buf, "quick run (the published start of the triangle only, no count): full runs judge it; %s", note);
  gr_ctx_inform(ctx, kind, q, v, buf);
}

/* Unstable runs of n; the first failure (earliest) in *first. */
static size_t unstable(const struct s6_run *run, size_t n, const struct s6_run **first)
{
  size_t j, k = 0;
  for (j = 0; j < n; j++)
    if (run[j].state > 0) {
      k++;
      if (*first == NULL || run[j].t_fail < (*first)->t_fail)
        *first = &run[j];
    }
  return k;
}

/* The closest pair of n runs at their checks while they held. */
static double closest(const struct s6_run *run, size_t n)
{
  double d = INFINITY;
  size_t j;
  for (j = 0; j < n; j++)
    d = fmin(d, run[j].d_min);
  return d;
}

/* "k/n; K max 512, closest 0.91 (first: P_28 detached at t_4050; held
 * at the end: 2 of 2)": K max and the closest pair over the runs and
 * their checks before a failure; "-" for a body not run. */
static void cell(char *out, size_t n, const struct s6_run *run, size_t nrun)
{
  const struct s6_run *first = NULL;
  double kmax = 0.0;
  size_t k, j, back = 0;
  if (nrun == 0) {
    snprintf(out, n, "-");
    return;
  }
  k = unstable(run, nrun, &first);
  for (j = 0; j < nrun; j++) {
    kmax = fmax(kmax, run[j].k_max);
    back += run[j].state > 0 && run[j].end_state == GR_PSCLAIM_HELD;
  }
  if (first == NULL)
    snprintf(out, n, "%zu/%zu; K max %.0f, closest %.2f", k, nrun, kmax, closest(run, nrun));
  else
    snprintf(out, n, "%zu/%zu; K max %.0f, closest %.2f (first: P_%zu %s at t_%ld; held at the end: %zu of %zu)", k,
             nrun, kmax, closest(run, nrun), first->who, gr_psclaim_state_name(first->state), first->t_fail, back, k);
}

/* The conditions: a row each and the notes' table. */
static void s6_conditions(struct gr_ctx *ctx, const struct s6 *r)
{
  char buf[2048], c[S6_NBODY][160], q[64], note[768], claim[320];
  size_t i, k, nrun = r->nbody * r->nstart, len = 0, tot;
  for (i = 0; i < S6_NCOND; i++) {
    const struct s6_run *first = NULL;
    for (tot = 0, k = 0; k < S6_NBODY; k++) {
      cell(c[k], sizeof c[k], r->cond[i][k], k < r->nbody ? r->nstart : 0);
      tot += k < r->nbody ? unstable(r->cond[i][k], r->nstart, &first) : 0;
    }
    if (len < sizeof buf)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "| %s | %s | %s | %s | %zu/%zu |\n", cond_name[i], c[0],
                              c[1], c[2], tot, nrun);
    if (i == S6_CONTROL)
      snprintf(claim, sizeof claim, "the same starts under the listing reading unchanged (dt = %g, floor -.1 v_y): "
               "the criterion does not call the paper's own runs unstable", GS_DT);
    else if (i == S6_DT)
      snprintf(claim, sizeof claim, "\"Increasing dt to %g often yielded physical instability\": runs of the listing "
               "reading with dt = %g (remarks.tsv; the same step counts)", r->dt, r->dt);
    else
      snprintf(claim, sizeof claim, "\"as did undamped reflection from the X-axis in the Y direction\": runs of the "
               "listing reading with the floor v_y -> -v_y (v_x -> 0 kept)");
    snprintf(q, sizeof q, "section6/k-end/%s", cond_key[i]);
    gr_ctx_value(ctx, q, r->cond[i][0][0].k_end); /* the triangle's published start */
    snprintf(q, sizeof q, "section6/%s/unstable-runs", cond_key[i]);
    snprintf(note, sizeof note, "%s; unstable (diverged, a particle with no other within the cutoff, two closer than %g) at a check every %d steps, "
             "of %zu runs (the triangle, the staircase and the rectangle, each from the published start and %d perturbed by up to %g)%s",
             claim, S6_OVERLAP, S6_CHECK, nrun, S6_STARTS - 1, S6_PERTURB, i == S6_CONTROL ? "" : "; often = at least a quarter");
    s6_claim(ctx, i == S6_CONTROL ? GR_KIND_CHECK : GR_KIND_RESULT, q, (double)tot,
             i == S6_CONTROL ? gr_test_eq(0.0) : gr_test_ge((double)gr_psclaim_often_min(nrun)), note);
  }
  gr_ctx_text(ctx, "section6_conditions", buf);
  gr_ctx_value(ctx, "section6/runs", (double)nrun);
  gr_ctx_value(ctx, "section6/often-min", (double)gr_psclaim_often_min(nrun));
}

/* The recount of the unstable set against the judged count last, in
 * words for the notes (section6_recount, section6_conclusion). */
static void s6_recount(struct gr_ctx *ctx, const struct s6 *r, size_t last)
{
  const struct s6_run *first = NULL;
  size_t k = unstable(r->set[r->nset - 1], r->nmore, &first), hm = gr_psclaim_half_min(r->nmore);
  size_t half = gr_psclaim_half_min(r->nstart);
  char t[160];
  snprintf(t, sizeof t, "the recount %s (%zu of %zu)", k >= hm ? "agrees" : "would not", k, r->nmore);
  gr_ctx_text(ctx, "section6_recount", t);
  gr_ctx_text(ctx, "section6_conclusion",
              last < half ? "Our runs do not separate the two neighbouring sets as the sentence does."
              : k >= hm   ? "Our runs separate the two neighbouring sets as the sentence does."
              : last == half ? "So the verdict rests on a count at its threshold: our runs separate the two neighbouring sets, but less sharply than the sentence suggests."
                             : "So the verdict rests on the judged starts: our runs separate the two neighbouring sets, but less sharply than the sentence suggests.");
}

/* The exponent sets: the family's failed sets, the unstable set, the
 * recount of the sets at the boundary, the notes' table (K and the
 * coarsest place of the last steps of the published start). */
static void s6_exponents(struct gr_ctx *ctx, const struct s6 *r)
{
  char buf[2048], c[160], more[32], k_end[32], place[32], note[768];
  size_t len = 0, half = gr_psclaim_half_min(r->nstart), failed = 0, last = 0, nm;
  double kmin = INFINITY, kmax = -INFINITY;
  int i;
  for (i = 0; i < r->nset; i++) {
    const struct s6_run *p = &r->set[i][0], *first = NULL;
    if (p->state < 0) {
      if (len < sizeof buf)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "| %d | %d | not run (quick) | | | |\n", r->a[i], r->b[i]);
      continue;
    }
    nm = i >= r->nset - 2 ? r->nmore : 0;
    cell(c, sizeof c, r->set[i], r->nstart);
    snprintf(more, sizeof more, "-");
    snprintf(k_end, sizeof k_end, "-");
    snprintf(place, sizeof place, "-");
    if (nm)
      snprintf(more, sizeof more, "%zu/%zu", unstable(r->set[i], nm, &first), nm);
    if (p->state == GR_PSCLAIM_HELD) {
      snprintf(k_end, sizeof k_end, "%.1f", p->k_end);
      snprintf(place, sizeof place, "%d", p->coarsest);
    }
    if (len < sizeof buf)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "| %d | %d | %s | %s | %s | %s |\n", r->a[i], r->b[i], c,
                              more, k_end, place);
    last = unstable(r->set[i], r->nstart, &first);
    failed += i < r->nset - 1 && last >= half;
    if (i < r->nset - 1 && p->state == GR_PSCLAIM_HELD) {
      kmin = fmin(kmin, p->k_end);
      kmax = fmax(kmax, p->k_end);
    }
    if (nm)
      gr_ctx_inform(ctx, GR_KIND_CHOICE, i == r->nset - 1 ? "section6/exponents/recount/unstable-set" : "section6/exponents/recount/high-end",
                    (double)unstable(r->set[i], nm, &first),
                    "unstable starts of the set among the judged starts and more (informative: the judged rows use the first ones; the recount shows how firm a count at the boundary is)");
  }
  gr_ctx_text(ctx, "section6_exponents", buf);
  snprintf(note, sizeof note, "\"Variation of alpha and beta from alpha = %d to alpha = %d and beta = %d to beta = %d were successful to varying degrees\": "
           "sets of the family (notes) unstable in at least half of their %zu starts; the triangle with eq. (4.1)'s G and H, the listing reading, to t_10000 (body and constants our choice)",
           r->a[0], r->a[r->nset - 2], r->b[0], r->b[r->nset - 2], r->nstart);
  s6_claim(ctx, GR_KIND_CHOICE, "section6/exponents/failed-sets", (double)failed, gr_test_eq(0.0), note);
  snprintf(note, sizeof note, "\"the set alpha = %d, beta = %d yielded instability\": unstable starts of %zu, at least half; the same runs as the family's",
           r->a[r->nset - 1], r->b[r->nset - 1], r->nstart);
  s6_claim(ctx, GR_KIND_CHOICE, "section6/exponents/unstable-set/unstable-starts", (double)last,
           gr_test_ge((double)half), note);
  s6_recount(ctx, r, last);
  gr_ctx_value(ctx, "section6/family-k-min", kmin);
  gr_ctx_value(ctx, "section6/family-k-max", kmax);
  gr_ctx_value(ctx, "section6/starts", (double)r->nstart);
  gr_ctx_value(ctx, "section6/perturbed-starts", S6_STARTS - 1);
  gr_ctx_value(ctx, "section6/more", (double)r->nmore);
  gr_ctx_value(ctx, "section6/half-min", (double)half);
}

/* The leap-frog's limit at dt of the law of body b with exponents alpha,
 * beta (physics/psclaim.h) and the pull of two particles at the cutoff,
 * for the notes as section6/limit/<key> and section6/pull/<key>. */
static void s6_limit(struct gr_ctx *ctx, const char *key, const struct gs_body *b, int alpha, int beta, double dt)
{
  const struct gr_pairforce p = {.G = b->G, .H = b->H, .alpha = alpha, .beta = beta, .cutoff = b->cutoff, .sign = 1};
  char name[64];
  snprintf(name, sizeof name, "section6/limit/%s", key);
  gr_ctx_value(ctx, name, gr_psclaim_leapfrog_limit(alpha, beta, b->G, b->H, b->m, dt));
  snprintf(name, sizeof name, "section6/pull/%s", key);
  gr_ctx_value(ctx, name, -b->m * b->m * gr_pairforce_magnitude(&p, b->cutoff));
}

void gr_greenspan_remarks_report(struct gr_ctx *ctx, const struct s6 *r)
{
  struct gs_body b, rect;
  size_t k;
  double d = INFINITY;
  s6_conditions(ctx, r);
  s6_exponents(ctx, r);
  gr_greenspan_triangle_body(&b);
  gr_greenspan_rectangle_body(&rect);
  gr_ctx_text(ctx, "section6_quick", gr_ctx_quick(ctx) ? " Quick mode: the published start of the triangle only, "
              "one run a condition and of the family only its ends; the rows are informative, and the sentences that "
              "judge below describe the full run." : "");
  gr_ctx_value(ctx, "section6/dt", r->dt);
  gr_ctx_value(ctx, "section6/omega-dt", gr_greenspan_bond_omega(&b) * r->dt);
  s6_limit(ctx, "triangle", &b, b.alpha, b.beta, r->dt);
  s6_limit(ctx, "rectangle", &rect, rect.alpha, rect.beta, r->dt);
  s6_limit(ctx, "unstable-set", &b, r->a[r->nset - 1], r->b[r->nset - 1], r->dt);
  s6_limit(ctx, "high-end", &b, r->a[r->nset - 2], r->b[r->nset - 2], r->dt);
  for (k = 0; k < r->nbody; k++)
    d = fmin(d, closest(r->cond[S6_DT][k], r->nstart));
  gr_ctx_value(ctx, "section6/closest/large-dt", d);
  gr_ctx_value(ctx, "section6/closest/unstable-set", closest(r->set[r->nset - 1], r->nmore));
  gr_ctx_value(ctx, "section6/overlap", S6_OVERLAP);
  gr_ctx_value(ctx, "section6/perturb", S6_PERTURB);
  gr_ctx_value(ctx, "section6/check", S6_CHECK);
}
