/* granrepro experiment greenspan, Section 4: the triangular body.  Table 1
 * against the building-block lattice, every reading of
 * gr_greenspan_readings[] run to t_10000 against Table 2 and the K
 * sequence, the oscillations of the final body (greenspan_steady.c), and
 * the removal of P_19 from the final body.  The variant
 * table, sensitivity rows and K(t) figure are in greenspan_tri_report.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "experiments/greenspan1976/greenspan.h"
#include "physics/pmath.h"
#include "harness/ctx.h"
#include "harness/verdict.h"

#define GS_REMOVED 19     /* P_19 */

/* The K sequence K_500 .. K_10000 as printed in Section 4 in k; GR_OK,
 * else the run failed (a missing table or cell). */
static int pub_ksequence(struct gr_ctx *ctx, double k[GS_NK])
{
  char row[32];
  int j, rc = GR_OK;
  for (j = 0; j < GS_NK && rc == GR_OK; j++) {
    snprintf(row, sizeof row, "K%d", 500 * (j + 1));
    rc = gr_ctx_published(ctx, "ksequence", row, "value", &k[j]);
  }
  return rc;
}

/* Errors of a final state against a published one (positions, velocities). */
static void state_errors(const struct gs_pub *pub, const struct gr_psolid *s, struct gs_metrics *m)
{
  const struct gr_leapfrog *lf = s->lf;
  size_t i;
  double dp2 = 0.0, dv2 = 0.0;
  m->pos_max = m->vel_max = 0.0;
  for (i = 0; i < lf->n; i++) {
    double dx = lf->x[i] - pub->x[i], dy = lf->y[i] - pub->y[i];
    double dvx = lf->vx[i] - pub->vx[i];
    double dvy = lf->vy[i] - pub->vy[i];
    m->pos_max = fmax(m->pos_max, fmax(fabs(dx), fabs(dy)));
    m->vel_max = fmax(m->vel_max, fmax(fabs(dvx), fabs(dvy)));
    dp2 += dx * dx + dy * dy;
    dv2 += dvx * dvx + dvy * dvy;
  }
  m->pos_rms = sqrt(dp2 / (2.0 * (double)lf->n));
  m->vel_rms = sqrt(dv2 / (2.0 * (double)lf->n));
  if (s->diverged)
    m->pos_max = m->pos_rms = m->vel_max = m->vel_rms = INFINITY;
}

/* What a reading is measured against: Table 1 as printed, Table 2, the
 * K sequence. */
struct tri_pub {
  double x20;        /* Table 1's x_20 as printed */
  struct gs_pub t2;  /* Table 2 */
  double k[GS_NK];   /* K_500 .. K_10000 */
};

/* Run one reading to t_10000, recording K every 50 steps (against the
 * published values pub) and, when w is not NULL, the oscillations of the
 * last steps (every step); NULL when out of memory. */
static struct gr_psolid *run_reading(const struct gs_reading *rd, const int *partner,
                                     const struct tri_pub *pub, struct gs_metrics *m,
                                     struct gs_window *w)
{
  struct gs_body b;
  struct gr_psolid *s;
  double k2 = 0.0, dk;
  long n;
  int j;
  gr_greenspan_triangle_body(&b);
  if (rd->table1_printed)
    b.x[19] = pub->x20;
  if (gr_greenspan_sim(&s, &b, rd) != GR_OK)
    return NULL;
  memset(m, 0, sizeof *m);
  if (w != NULL)
    gr_greenspan_window_init(w, b.n, GS_TEND);
  for (n = 1; n <= GS_TEND; n++) {
    if (w == NULL && n % 50 != 0)
      continue;
    if (gr_psolid_advance(s, n) != 0)
      s->diverged = 1; /* the K rows and the errors below read it */
    if (w != NULL)
      gr_greenspan_window_add(w, s, n);
    if (n % 50 != 0)
      continue;
    m->kt[n / 50 - 1] = gr_leapfrog_kinetic(s->lf);
    if (n % 500 == 0) {
      j = (int)(n / 500) - 1;
      m->K[j] = s->diverged ? INFINITY : gr_leapfrog_kinetic(s->lf);
      dk = m->K[j] - pub->k[j];
      m->k_max = fmax(m->k_max, fabs(dk));
      k2 += dk * dk;
      m->k_within += fabs(dk) <= 0.5;
    }
  }
  m->k_rms = sqrt(k2 / GS_NK);
  state_errors(&pub->t2, s, m);
  m->asym = gr_psolid_asymmetry(s, partner);
  return s;
}

/* The K sequence and Table 2 against the listing reading. */
static void compare_listing(struct gr_ctx *ctx, const struct gs_metrics *m, const struct gr_psolid *s)
{
  char row[32];
  int j;
  for (j = 0; j < GS_NK; j++) {
    snprintf(row, sizeof row, "K%d", 500 * (j + 1));
    gr_ctx_compare(ctx, "ksequence", row, "value", m->K[j], 0.0,
                   "listing reading: ENERGY of the half-step velocities at the listing's K = n");
  }
  gr_greenspan_compare_state(ctx, "table2", s, 1,
                             "listing reading: two runs of 4999 steps, state punched F10.4 between them");
}

/* Section 4, last paragraph: remove P_19 from the final body, 2000 more
 * steps, no structural change. */
static void removal(struct gr_ctx *ctx, struct gr_psolid *s)
{
  static unsigned char before[GS_NMAX * GS_NMAX], after[GS_NMAX * GS_NMAX];
  double x0[GS_NMAX], y0[GS_NMAX], move = 0.0;
  size_t i;
  int changed = 0;
  gr_leapfrog_remove(s->lf, GS_REMOVED - 1);
  memcpy(x0, s->lf->x, s->lf->n * sizeof *x0);
  memcpy(y0, s->lf->y, s->lf->n * sizeof *y0);
  gr_psolid_bonds(s->lf->n, s->lf->x, s->lf->y, GS_CUTOFF, before, GS_NMAX);
  if (gr_psolid_run(s, 2000) != 0)
    s->diverged = 1;
  gr_psolid_bonds(s->lf->n, s->lf->x, s->lf->y, GS_CUTOFF, after, GS_NMAX);
  for (i = 0; i < s->lf->n; i++)
    move = fmax(move, gr_pmath_hypot(s->lf->x[i] - x0[i], s->lf->y[i] - y0[i]));
  for (i = 0; i < GS_NMAX * GS_NMAX; i++)
    changed += before[i] != after[i];
  gr_ctx_inform(ctx, GR_KIND_CHECK, "triangle/remove-P19/max-displacement", move,
                "largest displacement of any remaining particle in the 2000 steps after P_19 is removed from the final body");
  if (s->diverged) {
    gr_ctx_not_computed(ctx, GR_KIND_RESULT, "triangle/remove-P19/bonds-changed", "the body diverged after the removal");
    return;
  }
  gr_ctx_verdict(ctx, GR_KIND_RESULT, "triangle/remove-P19/bonds-changed", changed / 2, gr_test_eq(0.0),
                 "\"Removal of particle P_19 resulted in no additional structural change in two thousand additional time steps\": "
                 "the set of pairs within the cutoff 1.5 is the same before and after");
}

/* Mirror symmetry of the final bodies: exact with exact sums, round-off
 * with the listing's. */
static void symmetry(struct gr_ctx *ctx, const struct gs_metrics *m)
{
  size_t i;
  for (i = 0; i < GS_NREADINGS; i++)
    if (gr_greenspan_readings[i].sum == GR_PAIRFORCE_SUM_EXACT)
      gr_ctx_verdict(ctx, GR_KIND_CHECK, "triangle/mirror-symmetry/exact-sums", m[i].asym, gr_test_eq(0.0),
                     "with correctly rounded force sums the symmetric body stays exactly mirror symmetric for 10000 steps (restarts included)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "triangle/mirror-symmetry/listing-sums", m[0].asym,
                "asymmetry |q_i -/+ q_mirror(i)| at t_10000 with the listing's running sums: round-off breaks the symmetry, the restart cards and the dynamics keep it small");
}

/* Section 4: Table 1 against the lattice, every reading to t_10000, Table 2
 * and the K sequence against the listing reading, sensitivity, variant
 * table, symmetry, Fig. 4.2, K(t), removal of P_19. */
int gr_greenspan_triangle(struct gr_ctx *ctx)
{
  struct gs_metrics m[GS_NREADINGS];
  struct gr_psolid *s[GS_NREADINGS] = {0};
  struct gs_body b;
  int partner[GS_NMAX];
  struct tri_pub pub;
  struct gs_window w;
  size_t i, text = 0;
  gr_greenspan_triangle_body(&b);
  if (pub_ksequence(ctx, pub.k) != GR_OK || gr_greenspan_pub(ctx, "table2", b.n, 1, &pub.t2) != GR_OK ||
      gr_ctx_published(ctx, "table1", "20", "x", &pub.x20) != GR_OK)
    return gr_ctx_error(ctx)->code;
  gr_psolid_mirror(b.n, b.x, b.y, partner);
  gr_greenspan_compare_initial(ctx, "table1", &b, "building-block lattice: rows of 7..1 particles, base 1.2, height 0.8");
  for (i = 0; i < GS_NREADINGS && gr_ctx_error(ctx)->code == GR_OK; i++) {
    gr_ctx_progress(ctx, gr_greenspan_readings[i].name, (double)i / (double)GS_NREADINGS);
    if ((s[i] = run_reading(&gr_greenspan_readings[i], partner, &pub, &m[i], i == 0 ? &w : NULL)) == NULL)
      gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
    if (strcmp(gr_greenspan_readings[i].name, "text") == 0)
      text = i;
  }
  if (gr_ctx_error(ctx)->code == GR_OK) {
    compare_listing(ctx, &m[0], s[0]);
    gr_greenspan_oscillation_triangle(ctx, &w);
    gr_greenspan_sensitivity(ctx, s, m);
    gr_greenspan_variant_table(ctx, m);
    symmetry(ctx, m);
    gr_greenspan_state_figure(ctx, "fig4-2", "Fig. 4.2: triangular body at t_{10000} (listing reading)", "table2", s[0]);
    gr_greenspan_k_figure(ctx, &m[0], &m[text], pub.k);
    removal(ctx, s[0]);
  }
  for (i = 0; i < GS_NREADINGS; i++)
    gr_psolid_free(s[i]);
  return gr_ctx_error(ctx)->code;
}
