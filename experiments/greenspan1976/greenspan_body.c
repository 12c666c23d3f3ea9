/* granrepro experiment greenspan: the readings and the shared reporting
 * of Greenspan & Rosati (1976).  The readings of the paper and its
 * FORTRAN listing; a body (greenspan_shapes.c) under one reading as a
 * src/physics/psolid.h simulation; the published states and the
 * reporting against the paper's tables of particles (Tables 1-4). */
#include <math.h>
#include <stdio.h>

#include "experiments/greenspan1976/greenspan.h"
#include "physics/pmath.h"
#include "harness/ctx.h"
#include "harness/report.h"

#define L GR_LEAPFROG_START_FULL
#define T GR_LEAPFROG_START_HALF
#define LS GR_PAIRFORCE_SUM_LISTING

/* Where the text and the listing disagree (see the notes template): start
 * of the leap-frog (eq. 2.1 vs the listing's full first kick), floor (text:
 * v_y -> -v_y; listing: -.1*VY), G and H (listing: both 2500), force sign
 * (eqs. 2.5-2.6 as printed make H attractive), Table 1's x_20 = -6, the
 * step count (the listing's K starts at 1 and each run stops at K = 5000,
 * the state punched in F10.4 for the restart).  The last six rows perturb
 * the first one to measure what is reproducible at all.  Fields left out
 * are 0 (G, H: the scenario's; floor_kx: v_x -> 0). */
const struct gs_reading gr_greenspan_readings[GS_NREADINGS] = {
  {.name = "listing", .what = "listing: full first kick, floor -.1 v_y, K counter, restart from F10.4 cards at K = 5000",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "one-run", .what = "listing without the restart (9999 steps)",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 0, .sum = LS},
  {.name = "10000-steps", .what = "listing, one run of 10000 steps",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 0, .restart = 0, .sum = LS},
  {.name = "start-2.1", .what = "listing, but the half first kick of eq. (2.1)",
   .start = T, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "floor-text", .what = "listing, but the text's floor as printed, v_y -> (-1) v_y (undamped; likely -.1 with its point lost)",
   .start = L, .floor_e = 1.0, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "GH-listing", .what = "listing, with the listing's G = H = 2500",
   .start = L, .floor_e = 0.1, .G = 2500, .H = 2500, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "table1-printed", .what = "listing, with Table 1 as printed (x_20 = -6)",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS, .table1_printed = 1},
  {.name = "sign-printed", .what = "listing, with the force sign of eqs. (2.5)-(2.6) as printed",
   .start = L, .floor_e = 0.1, .sign = -1, .listing_counter = 1, .restart = 1, .sum = LS},
  {.name = "text", .what = "text only: eq. (2.1), floor -v_y, 10000 steps, one run",
   .start = T, .floor_e = 1.0, .sign = 1, .listing_counter = 0, .restart = 0, .sum = LS},
  {.name = "perturb+1e-8", .what = "sensitivity: listing, x_N + 1e-8 at t = 0",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS, .perturb = 1e-8,
   .sensitivity = 1},
  {.name = "perturb-1e-8", .what = "sensitivity: listing, x_N - 1e-8 at t = 0",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS, .perturb = -1e-8,
   .sensitivity = 1},
  {.name = "dt-literal", .what = "sensitivity: listing, dt = .0001 rounded to binary32 (a proxy for FORTRAN's single-precision .0001: the UNIVAC 1110 had a 27-bit mantissa)",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS, .dt = (double)1e-4f,
   .sensitivity = 1},
  {.name = "sum-reverse", .what = "sensitivity: listing, pair forces summed in reverse order",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = GR_PAIRFORCE_SUM_REVERSE,
   .sensitivity = 1},
  {.name = "sum-exact", .what = "sensitivity: listing, correctly rounded force sums (exactly symmetric)",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = GR_PAIRFORCE_SUM_EXACT,
   .sensitivity = 1},
  {.name = "single", .what = "sensitivity: listing, binary32 storage of state and forces",
   .start = L, .floor_e = 0.1, .sign = 1, .listing_counter = 1, .restart = 1, .sum = LS, .single = 1,
   .sensitivity = 1},
};
#undef L
#undef T
#undef LS

/* Eqs. (2.1)-(2.8) with the reading's choices (psolid.h). */
int gr_greenspan_sim(struct gr_psolid **s, const struct gs_body *b, const struct gs_reading *rd)
{
  const struct gr_psolid_opts o = {
    .pf = {.G = rd->G > 0 ? rd->G : b->G, .H = rd->H > 0 ? rd->H : b->H, .alpha = b->alpha,
           .beta = b->beta, .cutoff = b->cutoff, .sign = rd->sign, .sum = rd->sum},
    .lf = {.dt = rd->dt > 0.0 ? rd->dt : GS_DT, .g = GS_GRAVITY, .start = rd->start, .floor = 1, .floor_e = rd->floor_e,
           .floor_kx = rd->floor_kx, .single = rd->single},
    .listing_counter = rd->listing_counter,
    .restart = rd->restart,
  };
  int rc;
  if ((rc = gr_psolid_new(s, b->n, b->x, b->y, b->m, &o)) != GR_OK)
    return rc;
  (*s)->lf->x[b->n - 1] += rd->perturb;
  return GR_OK;
}

/* A published state of Tables 1-4 or falling.tsv (greenspan.h). */
int gr_greenspan_pub(struct gr_ctx *ctx, const char *table, size_t n, int vel, struct gs_pub *p)
{
  char row[32];
  size_t i;
  int rc = GR_OK;
  if (n > GS_NMAX)
    return gr_ctx_fail(ctx, GR_EINPUT, "greenspan: %zu particles, at most %d", n, GS_NMAX);
  p->n = n;
  for (i = 0; i < n && rc == GR_OK; i++) {
    snprintf(row, sizeof row, "%zu", i + 1);
    if ((rc = gr_ctx_published(ctx, table, row, "x", &p->x[i])) != GR_OK ||
        (rc = gr_ctx_published(ctx, table, row, "y", &p->y[i])) != GR_OK || !vel)
      continue;
    if ((rc = gr_ctx_published(ctx, table, row, "vx", &p->vx[i])) == GR_OK)
      rc = gr_ctx_published(ctx, table, row, "vy", &p->vy[i]);
  }
  return rc;
}

/* Tables 1 and 3, Fig. 5.1 (a): initial positions against the lattice. */
void gr_greenspan_compare_initial(struct gr_ctx *ctx, const char *table,
                                  const struct gs_body *b, const char *note)
{
  char row[32];
  size_t i;
  for (i = 0; i < b->n; i++) {
    snprintf(row, sizeof row, "%zu", i + 1);
    gr_ctx_compare(ctx, table, row, "x", b->x[i], 0.0, note);
    gr_ctx_compare(ctx, table, row, "y", b->y[i], 0.0, note);
  }
}

/* Mirror partner of each printed position: the particle nearest to its
 * mirror image (x -> -x), within 0.1 (the particles are 1 apart), else -1;
 * nearest rather than exact, so that a misprinted coordinate still finds
 * its partner and shows up in the printed row. */
static void mirror_partners(size_t n, const double *x, const double *y, int *partner)
{
  size_t i, j;
  double d, best;
  for (i = 0; i < n; i++) {
    partner[i] = -1;
    best = 0.1;
    for (j = 0; j < n; j++)
      if ((d = gr_pmath_hypot(x[j] + x[i], y[j] - y[i])) < best) {
        best = d;
        partner[i] = (int)j;
      }
  }
}

/* Tables 2 and 4: the final state, particle by particle.  The tables and
 * the runs are mirror symmetric, so the two rows of a mirror pair are one
 * fact: the first particle of a pair is compared with the run, the second
 * with the mirror image of its partner as printed (the table's own
 * consistency; x and v_x change sign).  A particle on the axis is its own
 * partner: its y and v_y are compared with the run, its x and v_x (0 by
 * symmetry) with their own mirror image as printed. */
void gr_greenspan_compare_state(struct gr_ctx *ctx, const char *table,
                                const struct gr_psolid *s, int vel, const char *note)
{
  static const char *const cols[] = {"x", "y", "vx", "vy"};
  static const double sign[] = {-1.0, 1.0, -1.0, 1.0};
  const double *q[4] = {s->lf->x, s->lf->y, s->lf->vx, s->lf->vy};
  struct gs_pub pub;
  const double *pq[4] = {pub.x, pub.y, pub.vx, pub.vy};
  int partner[GS_NMAX];
  char row[32], mnote[160];
  size_t i, c, n = s->lf->n < GS_NMAX ? s->lf->n : GS_NMAX;
  if (gr_greenspan_pub(ctx, table, n, vel, &pub) != GR_OK)
    return;
  mirror_partners(n, pub.x, pub.y, partner);
  for (i = 0; i < n; i++) {
    int p = partner[i];
    snprintf(row, sizeof row, "%zu", i + 1);
    snprintf(mnote, sizeof mnote, (size_t)p == i ? "on the axis: its own mirror image as printed (0 by symmetry)"
                                                 : "mirror image of P_%d as printed (one fact with its row)", p + 1);
    for (c = 0; c < (vel ? 4u : 2u); c++)
      if (p >= 0 && ((size_t)p < i || ((size_t)p == i && sign[c] < 0.0)))
        gr_ctx_compare(ctx, table, row, cols[c], sign[c] * pq[c][p] + 0.0, 0.0, mnote); /* + 0.0: no -0 */
      else
        gr_ctx_compare(ctx, table, row, cols[c], q[c][i], 0.0, note);
  }
}

/* Figs. 4.2 and 5.2: a final body beside the published positions. */
void gr_greenspan_state_figure(struct gr_ctx *ctx, const char *name, const char *title,
                               const char *table, const struct gr_psolid *s)
{
  struct gr_data *d = gr_ctx_data(ctx, name, "i x y vx vy x_published y_published");
  struct gs_pub pub;
  char plot[256];
  size_t i;
  if (d == NULL || gr_greenspan_pub(ctx, table, s->lf->n, 0, &pub) != GR_OK)
    return;
  for (i = 0; i < s->lf->n; i++)
    gr_data_printf(d, "%zu %.6f %.6f %.6f %.6f %.4f %.4f\n", i + 1, s->lf->x[i], s->lf->y[i], s->lf->vx[i],
                   s->lf->vy[i], pub.x[i], pub.y[i]);
  snprintf(plot, sizeof plot, "data using 2:3 with points pt 7 ps 2.2 lc rgb '#4477aa' title 'granrepro', "
           "'' using 2:3:1 with labels font ',8' tc rgb 'white' notitle, "
           "data using 6:7 with points pt 6 ps 2.8 lc rgb '#cc3311' title 'published (%s.tsv)'", table);
  gr_ctx_figure(ctx, &(const struct gr_figure){
    .name = name, .data = name, .title = title, .xlabel = "x", .ylabel = "y",
    .setup = "set size ratio -1\nset key outside bottom center horizontal\nset xrange [-4:4]\nset yrange [-0.5:6]",
    .plot = plot});
}

/* One block "t i x y vx vy" of a state (the trials' data sets). */
void gr_greenspan_write_positions(struct gr_data *d, const struct gr_psolid *s, long label)
{
  size_t i;
  for (i = 0; i < s->lf->n; i++)
    gr_data_printf(d, "%ld %zu %.10f %.10f %.10f %.10f\n", label, i + 1, s->lf->x[i],
                   s->lf->y[i], s->lf->vx[i], s->lf->vy[i]);
  gr_data_printf(d, "\n\n");
}
