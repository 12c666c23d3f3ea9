/* granrepro experiment greenspan, Sections 4 and 5: how still the final
 * bodies are.  "Particle oscillations showed changes in position
 * coordinates in only the third decimal place" (the triangle at t_10000)
 * and "most position coordinates were changing in the third decimal place
 * only, a few still showed changes in the second" (the rectangle after
 * 32000 steps), judged on the ranges of the coordinates over the last
 * GS_OSC_STEPS steps of the runs that are compared with Tables 2 and 4
 * (criteria: physics/psclaim.h, reference/greenspan1976/oscillations.tsv). */
#include <math.h>
#include <stdio.h>

#include "experiments/greenspan1976/greenspan.h"
#include "physics/psclaim.h"
#include "harness/ctx.h"
#include "harness/verdict.h"

void gr_greenspan_window_init(struct gs_window *w, size_t n, long to)
{
  w->to = to;
  w->n = n;
  gr_psclaim_range_reset(n, w->lo, w->hi);
  gr_psclaim_range_reset(n, w->plo, w->phi);
}

void gr_greenspan_window_add(struct gs_window *w, const struct gr_psolid *s, long t)
{
  if (t < w->to - GS_OSC_STEPS || t > w->to)
    return;
  gr_psclaim_range_add(w->n, s->lf->x, s->lf->y, w->lo, w->hi);
  if (t % GS_KPRINT == 0)
    gr_psclaim_range_add(w->n, s->lf->x, s->lf->y, w->plo, w->phi);
}

int gr_greenspan_advance_window(struct gr_psolid *s, struct gs_window *w)
{
  long t;
  if (gr_psolid_advance(s, w->to - GS_OSC_STEPS) != 0)
    return 1;
  for (t = w->to - GS_OSC_STEPS; t <= w->to; t++) {
    if (gr_psolid_advance(s, t) != 0)
      return 1;
    gr_greenspan_window_add(w, s, t);
  }
  return 0;
}

double gr_greenspan_bond_omega(const struct gs_body *b)
{
  double r0 = pow(b->H / b->G, 1.0 / (b->alpha - b->beta));
  double k = b->m * b->m * (b->alpha - b->beta) * b->G / pow(r0, b->beta + 1);
  return sqrt(2.0 * k / b->m);
}

/* What the printed velocities of a final body (table) say about its
 * oscillations: the largest speed v, the bond frequency omega, the
 * amplitude v / omega of a harmonic swing at that speed, for the notes as
 * oscillation/<key>/table-vmax, bond-omega, table-amplitude. */
static void table_speed(struct gr_ctx *ctx, const char *key, const char *table, const struct gs_body *b)
{
  struct gs_pub p;
  char name[96];
  double v = 0.0, om = gr_greenspan_bond_omega(b);
  size_t i;
  if (gr_greenspan_pub(ctx, table, b->n, 1, &p) != GR_OK)
    return;
  for (i = 0; i < b->n; i++)
    v = fmax(v, fmax(fabs(p.vx[i]), fabs(p.vy[i])));
  snprintf(name, sizeof name, "oscillation/%s/table-vmax", key);
  gr_ctx_value(ctx, name, v);
  snprintf(name, sizeof name, "oscillation/%s/bond-omega", key);
  gr_ctx_value(ctx, name, om);
  snprintf(name, sizeof name, "oscillation/%s/bond-period-steps", key);
  gr_ctx_value(ctx, name, 2.0 * acos(-1.0) / om / GS_DT);
  snprintf(name, sizeof name, "oscillation/%s/table-amplitude", key);
  gr_ctx_value(ctx, name, v / om);
}

/* The places of a window, every step (pl) and at the prints (pp); the
 * coordinate of the largest change as "P_i x" in at. */
static void window_places(const struct gs_window *w, struct gr_psclaim_places *pl,
                          struct gr_psclaim_places *pp, char *at, size_t nat)
{
  size_t c, best = 0;
  gr_psclaim_places(w->n, w->lo, w->hi, pl);
  gr_psclaim_places(w->n, w->plo, w->phi, pp);
  for (c = 1; c < 2 * w->n; c++)
    if (w->hi[c] - w->lo[c] > w->hi[best] - w->lo[best])
      best = c;
  snprintf(at, nat, "P_%zu %s", best % w->n + 1, best < w->n ? "x" : "y");
}

/* Hand a window's places to the notes as oscillation/<key>/...: the
 * largest change, its coordinate, the places, the counts by place (first,
 * second, third, finer) and the same at the prints. */
static void hand_places(struct gr_ctx *ctx, const char *key, const struct gs_window *w)
{
  static const char *const names[6] = {"largest", "coarsest", "median", "prints-largest", "prints-coarsest",
                                       "prints-median"};
  struct gr_psclaim_places pl, pp;
  char name[96], at[32], counts[96];
  double v[6];
  size_t finer = 0, i;
  int p;
  window_places(w, &pl, &pp, at, sizeof at);
  for (p = 4; p <= GR_PSCLAIM_NONE; p++)
    finer += pl.count[p];
  snprintf(counts, sizeof counts, "%zu, %zu, %zu and %zu", pl.count[0] + pl.count[1], pl.count[2], pl.count[3], finer);
  snprintf(name, sizeof name, "oscillation_%s_counts", key);
  gr_ctx_text(ctx, name, counts);
  snprintf(name, sizeof name, "oscillation_%s_at", key);
  gr_ctx_text(ctx, name, at);
  v[0] = pl.largest, v[1] = pl.coarsest, v[2] = pl.median;
  v[3] = pp.largest, v[4] = pp.coarsest, v[5] = pp.median;
  for (i = 0; i < 6; i++) {
    snprintf(name, sizeof name, "oscillation/%s/%s", key, names[i]);
    gr_ctx_value(ctx, name, v[i]);
  }
}

/* Section 4: the coarsest place of the triangle's changes is the third. */
void gr_greenspan_oscillation_triangle(struct gr_ctx *ctx, const struct gs_window *w)
{
  struct gr_psclaim_places pl, pp;
  struct gs_body b;
  char note[320], at[32];
  window_places(w, &pl, &pp, at, sizeof at);
  snprintf(note, sizeof note,
           "listing reading, t_%ld..t_%ld every step: the largest change of the %zu coordinates is %.4f (%s), "
           "so it shows in decimal place %d (%d at the listing's prints every %d steps, %.4f)",
           w->to - GS_OSC_STEPS, w->to, pl.ncoord, pl.largest, at, pl.coarsest, pp.coarsest, GS_KPRINT, pp.largest);
  gr_ctx_compare(ctx, "oscillations", "triangle_coarsest", "value", pl.coarsest, 0.0, note);
  hand_places(ctx, "triangle", w);
  gr_greenspan_triangle_body(&b);
  table_speed(ctx, "triangle", "table2", &b);
  gr_ctx_value(ctx, "oscillation/steps", GS_OSC_STEPS);
  gr_ctx_value(ctx, "oscillation/kprint", GS_KPRINT);
}

/* Section 5: most of the rectangle's coordinates change in the third
 * place, a few (1 to a quarter) in the second, none coarser. */
void gr_greenspan_oscillation_rectangle(struct gr_ctx *ctx, const struct gs_window *w,
                                        const struct gs_window *wl)
{
  struct gr_psclaim_places pl, pp;
  struct gs_body b;
  char note[320], at[32];
  double second;
  size_t few = 0, nc;
  if (gr_ctx_published(ctx, "oscillations", "rectangle_coarsest", "value", &second) != GR_OK)
    return;
  window_places(w, &pl, &pp, at, sizeof at);
  nc = gr_psclaim_count_coarse(&pl, (int)second);
  snprintf(note, sizeof note,
           "floor-slip reading, t_%ld..t_%ld every step: more than half of the %zu coordinates change in place %d "
           "or a finer one (%d at the listing's prints every %d steps)",
           w->to - GS_OSC_STEPS, w->to, pl.ncoord, pl.median, pp.median, GS_KPRINT);
  gr_ctx_compare(ctx, "oscillations", "rectangle_median", "value", pl.median, 0.0, note);
  snprintf(note, sizeof note, "floor-slip reading, the same window: the largest change is %.4f (%s), decimal place %d "
           "(%d at the prints, %.4f)", pl.largest, at, pl.coarsest, pp.coarsest, pp.largest);
  gr_ctx_compare(ctx, "oscillations", "rectangle_coarsest", "value", pl.coarsest, 0.0, note);
  few = gr_psclaim_few_max(pl.ncoord);
  snprintf(note, sizeof note, "\"a few still showed changes in the second\": coordinates that change by %g or more "
           "(place %.0f or coarser), a few = 1 to a quarter of the %zu (our reading of the word, physics/psclaim.h)",
           pow(10.0, -second), second, pl.ncoord);
  gr_ctx_verdict(ctx, GR_KIND_RESULT, "oscillation/rectangle/coarse-count", (double)nc,
                 gr_test_range(1.0, (double)few), note);
  hand_places(ctx, "rectangle", w);
  hand_places(ctx, "rectangle-listing", wl);
  gr_greenspan_rectangle_body(&b);
  table_speed(ctx, "rectangle", "table4", &b);
}
