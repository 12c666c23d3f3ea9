/* granrepro experiment greenspan, Section 5: the rectangular body (Tables
 * 3-4, Fig. 5.2) under the floor rules the text, the listing and Table 4
 * suggest. */
#include <math.h>
#include <stdio.h>

#include "experiments/greenspan1976/greenspan.h"
#include "harness/ctx.h"
#include "harness/verdict.h"

#define L GR_LEAPFROG_START_FULL
#define LS GR_PAIRFORCE_SUM_LISTING

/* Readings of the rectangle run: floor rules and restarts.  [0] is the
 * reading whose floor rows look like Table 4's (v_y -> 0, v_x kept); it
 * and [1], the listing's floor, step through the last GS_OSC_STEPS for
 * the oscillations of Section 5 (greenspan_steady.c). */
static const struct gs_reading rect_readings[] = {
  {.name = "rect-floor-slip", .what = "listing, but floor v_y -> 0 keeping v_x (as Table 4's floor rows suggest)",
   .start = L, .floor_e = 0.0, .floor_kx = 1.0, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "rect-listing", .what = "listing: floor v_y -> -.1 v_y, v_x -> 0, restarts",
   .start = L, .floor_e = 0.1, .floor_kx = 0.0, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "rect-floor-text", .what = "listing, but the text's floor as printed, v_y -> (-1) v_y (likely -.1 with its point lost), v_x -> 0",
   .start = L, .floor_e = 1.0, .floor_kx = 0.0, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "rect-slip-damped", .what = "listing, floor v_y -> -.1 v_y keeping v_x",
   .start = L, .floor_e = 0.1, .floor_kx = 1.0, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "rect-slip-one-run", .what = "floor-slip, one run of 32000 steps (no restarts)",
   .start = L, .floor_e = 0.0, .floor_kx = 1.0, .sign = 1, .listing_counter = 0, .restart = 0, .sum = LS},
  {.name = "rect-slip-2.1", .what = "floor-slip with the half first kick of eq. (2.1)",
   .start = GR_LEAPFROG_START_HALF, .floor_e = 0.0, .floor_kx = 1.0, .sign = 1, .listing_counter = 1, .restart = 1,
   .sum = LS},
  {.name = "rect-slip-perturb", .what = "sensitivity: floor-slip, x_46 + 1e-6 at t = 0",
   .start = L, .floor_e = 0.0, .floor_kx = 1.0, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS,
   .perturb = 1e-6, .sensitivity = 1},
};
#define NRECT (sizeof rect_readings / sizeof rect_readings[0])

/* Position errors against Table 4 (t4: max, RMS) and the largest velocity error. */
static void rect_errors(const struct gs_pub *t4, const struct gr_psolid *s, double e[3])
{
  const struct gr_leapfrog *lf = s->lf;
  size_t i;
  double d2 = 0.0;
  e[0] = e[1] = e[2] = 0.0;
  for (i = 0; i < lf->n; i++) {
    double dx = lf->x[i] - t4->x[i], dy = lf->y[i] - t4->y[i];
    double dvx = lf->vx[i] - t4->vx[i];
    double dvy = lf->vy[i] - t4->vy[i];
    e[0] = fmax(e[0], fmax(fabs(dx), fabs(dy)));
    e[2] = fmax(e[2], fmax(fabs(dvx), fabs(dvy)));
    d2 += dx * dx + dy * dy;
  }
  e[1] = sqrt(d2 / (2.0 * (double)lf->n));
  if (s->diverged)
    e[0] = e[1] = e[2] = INFINITY;
}

/* Pairs within the cutoff that differ between the run and Table 4 (t4). */
static int bond_differences(const struct gs_pub *t4, const struct gr_psolid *s)
{
  static unsigned char run[GS_NMAX * GS_NMAX], pub[GS_NMAX * GS_NMAX];
  size_t i, j, n = s->lf->n;
  int nd = 0;
  gr_psolid_bonds(n, s->lf->x, s->lf->y, GS_CUTOFF, run, GS_NMAX);
  gr_psolid_bonds(n, t4->x, t4->y, GS_CUTOFF, pub, GS_NMAX);
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n; j++)
      nd += run[i * GS_NMAX + j] != pub[i * GS_NMAX + j];
  return nd;
}

/* The rows of the rectangle's variant table for the notes template
 * ({{rectangle_variants}}), and the quick-mode remark of its heading. */
static void rect_table(struct gr_ctx *ctx, double e[][3], size_t nrun)
{
  char buf[4096];
  size_t j, len = 0;
  buf[0] = '\0';
  for (j = 0; j < nrun && len < sizeof buf; j++)
    len += (size_t)snprintf(buf + len, sizeof buf - len, "| %s | %s | %.3g | %.3g | %.3g |\n", rect_readings[j].name,
                            rect_readings[j].what, e[j][0], e[j][1], e[j][2]);
  gr_ctx_text(ctx, "rectangle_variants", buf);
  gr_ctx_text(ctx, "rectangle_subset", nrun < NRECT ? " (quick mode: the first two readings only)" : "");
}

/* Section 5: Table 3 against the lattice, the readings to t_32000, Table 4
 * against the floor-slip reading, symmetry, bonds, Fig. 5.2. */
int gr_greenspan_rectangle(struct gr_ctx *ctx)
{
  struct gs_body b;
  struct gs_pub t4;
  struct gr_psolid *s[NRECT] = {0};
  struct gs_window w[2];
  double e[NRECT][3], asym;
  int partner[GS_NMAX], nd;
  size_t i, nrun = gr_ctx_quick(ctx) ? 2 : NRECT;
  gr_greenspan_rectangle_body(&b);
  gr_psolid_mirror(b.n, b.x, b.y, partner);
  gr_greenspan_compare_initial(ctx, "table3", &b, "lattice: rows of 7 and 6 particles, spacing 1.2, 0.8 apart");
  if (gr_greenspan_pub(ctx, "table4", b.n, 1, &t4) != GR_OK)
    return gr_ctx_error(ctx)->code;
  for (i = 0; i < nrun && gr_ctx_error(ctx)->code == GR_OK; i++) {
    gr_ctx_progress(ctx, rect_readings[i].name, (double)i / (double)nrun);
    if (gr_greenspan_sim(&s[i], &b, &rect_readings[i]) != GR_OK) {
      gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
      break;
    }
    if (i < 2)
      gr_greenspan_window_init(&w[i], b.n, GS_RECT_T);
    if ((i < 2 ? gr_greenspan_advance_window(s[i], &w[i]) : gr_psolid_advance(s[i], GS_RECT_T)) != 0) {
      gr_ctx_fail(ctx, GR_EFAIL, "greenspan: the rectangle diverged under the reading %s", rect_readings[i].name);
      break;
    }
    rect_errors(&t4, s[i], e[i]);
  }
  if (gr_ctx_error(ctx)->code == GR_OK) {
    gr_greenspan_compare_state(ctx, "table4", s[0], 1, "floor-slip reading; not reproduced, see the variant table and the table's notes");
    asym = gr_psolid_asymmetry(s[0], partner);
    gr_ctx_verdict(ctx, GR_KIND_CHECK, "rectangle/mirror-symmetry", asym, gr_test_le(1e-6),
                   "the run stays mirror symmetric (so Table 4's printed v_x,45 = -.6164 must read +.6164, the negative of v_x,41)");
    nd = bond_differences(&t4, s[0]);
    gr_ctx_verdict(ctx, GR_KIND_RESULT, "rectangle/bonds-differing-from-table4", nd, gr_test_eq(0.0),
                   "pairs within the cutoff 1.5 in one of (run, Table 4) but not the other: the run ends with the same bond network as the published body (the shape of Fig. 5.2), though not at the same coordinates");
    gr_greenspan_oscillation_rectangle(ctx, &w[0], &w[1]);
    rect_table(ctx, e, nrun);
    gr_greenspan_state_figure(ctx, "fig5-2", "Fig. 5.2: rectangular body at t_{32000} (floor v_y -> 0, v_x kept)", "table4", s[0]);
  }
  for (i = 0; i < NRECT; i++)
    gr_psolid_free(s[i]);
  return gr_ctx_error(ctx)->code;
}
