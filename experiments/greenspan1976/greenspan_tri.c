/* granrepro experiment greenspan, Section 4: the triangular body.  Table 1
 * against the building-block lattice, every reading of gs_readings[] run to
 * t_10000 against Table 2 and the K sequence (the variant table), the
 * sensitivity evidence behind the tolerances, Figs. 4.2 and K(t), and the
 * removal of P_19 from the final body. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "experiments/greenspan1976/greenspan.h"
#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/report.h"

#define GS_NK 20          /* K_500 ... K_10000 */
#define GS_TEND 10000
#define GS_REMOVED 19     /* P_19 */

/* Bounds the sensitivity evidence must stay under: the tolerances of
 * table2.tsv (x,y abs 0.002; vx,vy abs 0.1) and ksequence.tsv (half-unit
 * to t_4500, abs 0.85 after: 0.5 of rounding + this much of sensitivity). */
#define GS_SENS_POS 0.002
#define GS_SENS_VEL 0.1
#define GS_SENS_K_EARLY 0.05
#define GS_SENS_K_LATE 0.35

struct gs_metrics {
  double pos_max, pos_rms, vel_max, vel_rms, asym, k_max, k_rms;
  int k_within;  /* K values within half a unit of the printed ones */
  double K[GS_NK];
  double kt[GS_TEND / 50];  /* K every 50 time units, for the figure */
};

/* Published value of table/row/col (particle row i + 1). */
static double pub(struct gr_ctx *ctx, const char *table, size_t i, const char *col)
{
  char row[32];
  double v = NAN;
  snprintf(row, sizeof row, "%zu", i + 1);
  gr_ctx_published(ctx, table, row, col, &v);
  return v;
}

static double pubk(struct gr_ctx *ctx, int j)
{
  char row[32];
  double v = NAN;
  snprintf(row, sizeof row, "K%d", 500 * (j + 1));
  gr_ctx_published(ctx, "ksequence", row, "value", &v);
  return v;
}

/* Compare a table of initial positions with the lattice rule. */
static int compare_initial(struct gr_ctx *ctx, const char *table, const struct gs_body *b,
                           const char *note)
{
  char row[32];
  size_t i;
  int rc = GR_OK;
  for (i = 0; i < b->n && rc == GR_OK; i++) {
    snprintf(row, sizeof row, "%zu", i + 1);
    rc = gr_ctx_compare(ctx, table, row, "x", b->x[i], 0.0, note);
    if (rc == GR_OK)
      rc = gr_ctx_compare(ctx, table, row, "y", b->y[i], 0.0, note);
  }
  return rc;
}

int gs_compare_state(struct gr_ctx *ctx, const char *table,
                     const struct gs_sim *s, int vel, const char *note)
{
  static const char *const cols[] = {"x", "y", "vx", "vy"};
  const double *q[4];
  char row[32];
  size_t i, c;
  int rc = GR_OK;
  q[0] = s->lf->x;
  q[1] = s->lf->y;
  q[2] = s->lf->vx;
  q[3] = s->lf->vy;
  for (i = 0; i < s->lf->n; i++)
    for (c = 0; c < (vel ? 4u : 2u) && rc == GR_OK; c++) {
      snprintf(row, sizeof row, "%zu", i + 1);
      rc = gr_ctx_compare(ctx, table, row, cols[c], q[c][i], 0.0, note);
    }
  return rc;
}

/* Errors of a final state against a table (positions, velocities). */
static void state_errors(struct gr_ctx *ctx, const char *table, const struct gs_sim *s,
                         struct gs_metrics *m)
{
  size_t i;
  double dp2 = 0.0, dv2 = 0.0;
  m->pos_max = m->vel_max = 0.0;
  for (i = 0; i < s->lf->n; i++) {
    double dx = s->lf->x[i] - pub(ctx, table, i, "x"), dy = s->lf->y[i] - pub(ctx, table, i, "y");
    double dvx = s->lf->vx[i] - pub(ctx, table, i, "vx"), dvy = s->lf->vy[i] - pub(ctx, table, i, "vy");
    m->pos_max = fmax(m->pos_max, fmax(fabs(dx), fabs(dy)));
    m->vel_max = fmax(m->vel_max, fmax(fabs(dvx), fabs(dvy)));
    dp2 += dx * dx + dy * dy;
    dv2 += dvx * dvx + dvy * dvy;
  }
  m->pos_rms = sqrt(dp2 / (2.0 * (double)s->lf->n));
  m->vel_rms = sqrt(dv2 / (2.0 * (double)s->lf->n));
  if (s->diverged)
    m->pos_max = m->pos_rms = m->vel_max = m->vel_rms = INFINITY;
}

/* Run one reading to t_10000. */
static struct gs_sim *run_reading(struct gr_ctx *ctx, const struct gs_reading *rd,
                                  const int *partner, struct gs_metrics *m)
{
  struct gs_body b;
  struct gs_sim *s;
  double k2 = 0.0;
  long n;
  int j;
  gs_body_triangle(&b);
  if (rd->table1_printed)
    b.x[19] = pub(ctx, "table1", 19, "x");
  if ((s = gs_sim_new(&b, rd)) == NULL)
    return NULL;
  memset(m, 0, sizeof *m);
  for (n = 50; n <= GS_TEND; n += 50) {
    gs_sim_advance(s, n);
    m->kt[n / 50 - 1] = gr_leapfrog_kinetic(s->lf);
    if (n % 500 == 0) {
      j = (int)(n / 500) - 1;
      m->K[j] = s->diverged ? INFINITY : gr_leapfrog_kinetic(s->lf);
      m->k_max = fmax(m->k_max, fabs(m->K[j] - pubk(ctx, j)));
      k2 += (m->K[j] - pubk(ctx, j)) * (m->K[j] - pubk(ctx, j));
      m->k_within += fabs(m->K[j] - pubk(ctx, j)) <= 0.5;
    }
  }
  m->k_rms = sqrt(k2 / GS_NK);
  state_errors(ctx, "table2", s, m);
  m->asym = gs_sim_asymmetry(s, partner);
  return s;
}

/* Largest difference of two final states (positions / velocities) and,
 * when with_k, of their K sequences up to t_4500 and after. */
static void spread(const struct gs_sim *a, const struct gs_metrics *ma,
                   const struct gs_sim *b, const struct gs_metrics *mb, int with_k,
                   double out[4])
{
  size_t i;
  int j;
  for (i = 0; i < a->lf->n; i++) {
    out[0] = fmax(out[0], fmax(fabs(a->lf->x[i] - b->lf->x[i]), fabs(a->lf->y[i] - b->lf->y[i])));
    out[1] = fmax(out[1], fmax(fabs(a->lf->vx[i] - b->lf->vx[i]), fabs(a->lf->vy[i] - b->lf->vy[i])));
  }
  for (j = 0; j < GS_NK && with_k; j++)
    out[j < 9 ? 2 : 3] = fmax(out[j < 9 ? 2 : 3], fabs(ma->K[j] - mb->K[j]));
}

/* The variant table: one data row and one markdown row per reading. */
static int variant_table(struct gr_ctx *ctx, const struct gs_metrics *m)
{
  struct gr_data *d = gr_ctx_data(ctx, "triangle-variants",
                                  "reading pos_max pos_rms vel_max vel_rms asymmetry K_max K_rms K_within_half_unit");
  char buf[8192];
  size_t i, len = 0;
  if (d == NULL)
    return gr_ctx_error(ctx)->code;
  len += (size_t)snprintf(buf + len, sizeof buf - len,
                          "Variant table, triangular body at t_10000 against Table 2 and the K sequence "
                          "(position and velocity errors max and RMS over all printed coordinates; asymmetry: largest "
                          "|q_i -/+ q_mirror(i)|; K: max and RMS error over the 20 printed values, and how many are "
                          "within half a unit):\n\n| reading | what | pos max | pos RMS | vel max | vel RMS | asymmetry | K max | K RMS | K within 0.5 |\n|---|---|---|---|---|---|---|---|---|---|\n");
  for (i = 0; i < gs_nreadings; i++) {
    gr_data_printf(d, "%s %.3g %.3g %.3g %.3g %.3g %.3g %.3g %d\n", gs_readings[i].name, m[i].pos_max,
                   m[i].pos_rms, m[i].vel_max, m[i].vel_rms, m[i].asym, m[i].k_max, m[i].k_rms, m[i].k_within);
    if (len < sizeof buf)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "| %s | %s | %.2g | %.2g | %.2g | %.2g | %.2g | %.3g | %.3g | %d/20 |\n",
                              gs_readings[i].name, gs_readings[i].what, m[i].pos_max, m[i].pos_rms,
                              m[i].vel_max, m[i].vel_rms, m[i].asym, m[i].k_max, m[i].k_rms, m[i].k_within);
  }
  return gr_ctx_note(ctx, "%s", buf);
}

/* Pairs within the cutoff, as a bitmap over i < j (n <= GS_NMAX). */
static void bonds(const struct gr_leapfrog *lf, unsigned char *bond)
{
  size_t i, j;
  for (i = 0; i < lf->n; i++)
    for (j = 0; j < lf->n; j++)
      bond[i * GS_NMAX + j] = hypot(lf->x[i] - lf->x[j], lf->y[i] - lf->y[j]) <= GS_CUTOFF;
}

/* Section 4, last paragraph: remove P_19 from the final body, 2000 more
 * steps, no structural change. */
static int removal(struct gr_ctx *ctx, struct gs_sim *s)
{
  static unsigned char before[GS_NMAX * GS_NMAX], after[GS_NMAX * GS_NMAX];
  double x0[GS_NMAX], y0[GS_NMAX], move = 0.0;
  size_t i;
  int k, changed = 0;
  gr_leapfrog_remove(s->lf, GS_REMOVED - 1);
  memcpy(x0, s->lf->x, s->lf->n * sizeof *x0);
  memcpy(y0, s->lf->y, s->lf->n * sizeof *y0);
  bonds(s->lf, before);
  for (k = 0; k < 2000 && !s->diverged; k++)
    s->diverged = gr_leapfrog_step(s->lf) != 0;
  bonds(s->lf, after);
  for (i = 0; i < s->lf->n; i++)
    move = fmax(move, hypot(s->lf->x[i] - x0[i], s->lf->y[i] - y0[i]));
  for (i = 0; i < GS_NMAX * GS_NMAX; i++)
    changed += before[i] != after[i];
  gr_ctx_informative(ctx, "triangle/remove-P19/max-displacement", move,
                     "largest displacement of any remaining particle in the 2000 steps after P_19 is removed from the final body");
  return gr_ctx_assert(ctx, "triangle/remove-P19/bonds-changed", changed / 2, 0, changed == 0 && !s->diverged,
                       "\"Removal of particle P_19 resulted in no additional structural change in two thousand additional time steps\": "
                       "the set of pairs within the cutoff 1.5 is the same before and after");
}

/* A final body beside a table of published positions (Figs. 4.2, 5.2). */
int gs_state_figure(struct gr_ctx *ctx, const char *name, const char *title,
                    const char *table, const struct gs_sim *s)
{
  struct gr_data *d = gr_ctx_data(ctx, name, "i x y vx vy x_published y_published");
  struct gr_figure f = {0};
  char plot[256];
  size_t i;
  if (d == NULL)
    return gr_ctx_error(ctx)->code;
  for (i = 0; i < s->lf->n; i++)
    gr_data_printf(d, "%zu %.6f %.6f %.6f %.6f %.4f %.4f\n", i + 1, s->lf->x[i], s->lf->y[i], s->lf->vx[i],
                   s->lf->vy[i], pub(ctx, table, i, "x"), pub(ctx, table, i, "y"));
  snprintf(plot, sizeof plot, "data using 2:3 with points pt 7 ps 2.2 lc rgb '#4477aa' title 'granrepro', "
           "'' using 2:3:1 with labels font ',8' tc rgb 'white' notitle, "
           "data using 6:7 with points pt 6 ps 2.8 lc rgb '#cc3311' title 'published (%s.tsv)'", table);
  f.name = name;
  f.data = name;
  f.title = title;
  f.xlabel = "x";
  f.ylabel = "y";
  f.setup = "set size ratio -1\nset key outside bottom center horizontal\nset xrange [-4:4]\nset yrange [-0.5:6]";
  f.plot = plot;
  return gr_ctx_figure(ctx, &f);
}

/* K(t) of the listing reading and of the text's reading (block 0), with
 * the published sequence (block 1). */
static int k_figure(struct gr_ctx *ctx, const struct gs_metrics *listing,
                    const struct gs_metrics *text)
{
  struct gr_data *d = gr_ctx_data(ctx, "kinetic-energy", "t K_listing K_text (block 1: t K_published)");
  struct gr_figure f = {0};
  int j;
  if (d == NULL)
    return gr_ctx_error(ctx)->code;
  for (j = 0; j < GS_TEND / 50; j++)
    gr_data_printf(d, "%d %.6f %.6f\n", 50 * (j + 1), listing->kt[j], text->kt[j]);
  gr_data_printf(d, "\n\n");
  for (j = 0; j < GS_NK; j++)
    gr_data_printf(d, "%d %g\n", 500 * (j + 1), pubk(ctx, j));
  f.name = "kinetic-energy";
  f.data = "kinetic-energy";
  f.title = "Kinetic energy K(t_n) of the triangular body";
  f.xlabel = "time step n (the paper's t_n)";
  f.ylabel = "K";
  f.setup = "set key top right\nset xrange [0:10000]";
  f.plot = "data index 0 using 1:3 with lines lc rgb '#bbbbbb' title 'text reading (eq. 2.1, floor -v_y)', "
           "data index 0 using 1:2 with lines lw 1.5 lc rgb '#4477aa' title 'granrepro, listing reading', "
           "data index 1 using 1:2 with points pt 7 ps 1.3 lc rgb '#cc3311' title 'Section 4 sequence'";
  return gr_ctx_figure(ctx, &f);
}

/* The K sequence and Table 2 against the listing reading. */
static int compare_listing(struct gr_ctx *ctx, const struct gs_metrics *m, const struct gs_sim *s)
{
  char row[32];
  int j, rc = GR_OK;
  for (j = 0; j < GS_NK && rc == GR_OK; j++) {
    snprintf(row, sizeof row, "K%d", 500 * (j + 1));
    rc = gr_ctx_compare(ctx, "ksequence", row, "value", m->K[j], 0.0,
                        "listing reading: ENERGY of the half-step velocities at the listing's K = n");
  }
  if (rc == GR_OK)
    rc = gs_compare_state(ctx, "table2", s, 1,
                          "listing reading: two runs of 4999 steps, state punched F10.4 between them");
  return rc;
}

/* Sensitivity evidence: the spread of the sensitivity readings around the
 * listing reading, checked against the tolerances it justifies. */
static int sensitivity(struct gr_ctx *ctx, struct gs_sim *const *s, const struct gs_metrics *m)
{
  double sp[4] = {0, 0, 0, 0}, sk[4] = {0, 0, 0, 0};
  size_t i;
  int rc;
  for (i = 1; i < gs_nreadings; i++)
    if (strncmp(gs_readings[i].what, "sensitivity", 11) == 0) {
      spread(s[0], &m[0], s[i], &m[i], !gs_readings[i].single, sp);
      if (gs_readings[i].single)
        spread(s[0], &m[0], s[i], &m[i], 1, sk);
    }
  rc = gr_ctx_assert(ctx, "sensitivity/table2/positions", sp[0], GS_SENS_POS, sp[0] <= GS_SENS_POS,
                     "largest change of a final coordinate under a 1e-8 start perturbation, another summation order or binary32 storage; table2.tsv tolerance x,y abs 0.002");
  if (rc == GR_OK)
    rc = gr_ctx_assert(ctx, "sensitivity/table2/velocities", sp[1], GS_SENS_VEL, sp[1] <= GS_SENS_VEL,
                       "the same for the velocities; table2.tsv tolerance vx,vy abs 0.1");
  if (rc == GR_OK)
    rc = gr_ctx_assert(ctx, "sensitivity/ksequence/to-t4500", sp[2], GS_SENS_K_EARLY, sp[2] <= GS_SENS_K_EARLY,
                       "largest change of K_500..K_4500 under the double-precision perturbations (1e-8 start, summation order): the half-unit tolerance of those rows is not eaten by round-off");
  if (rc == GR_OK)
    rc = gr_ctx_assert(ctx, "sensitivity/ksequence/after-t4500", sp[3], GS_SENS_K_LATE, sp[3] <= GS_SENS_K_LATE,
                       "largest change of K_5000..K_10000 under the same perturbations; those rows carry abs 0.85 = half-unit + 0.35");
  if (rc == GR_OK)
    rc = gr_ctx_informative(ctx, "sensitivity/ksequence/binary32", fmax(sk[2], sk[3]),
                            "largest change of any K under binary32 storage (the listing declares IMPLICIT DOUBLE PRECISION, so this bounds a much coarser arithmetic than the published run's; not used for the tolerance)");
  return rc;
}

int gs_triangle(struct gr_ctx *ctx)
{
  struct gs_sim *s[GS_NREADINGS] = {0};
  struct gs_metrics m[GS_NREADINGS];
  struct gs_body b;
  int partner[GS_NMAX], rc;
  size_t i, text = 0;
  gs_body_triangle(&b);
  gs_body_mirror(&b, partner);
  rc = compare_initial(ctx, "table1", &b, "building-block lattice: rows of 7..1 particles, base 1.2, height 0.8");
  for (i = 0; i < gs_nreadings && rc == GR_OK; i++) {
    gr_ctx_progress(ctx, gs_readings[i].name, (double)i / (double)gs_nreadings);
    s[i] = run_reading(ctx, &gs_readings[i], partner, &m[i]);
    if (strcmp(gs_readings[i].name, "text") == 0)
      text = i;
    if (s[i] == NULL)
      rc = gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  }
  if (rc == GR_OK)
    rc = compare_listing(ctx, &m[0], s[0]);
  if (rc == GR_OK)
    rc = sensitivity(ctx, s, m);
  if (rc == GR_OK)
    rc = variant_table(ctx, m);
  if (rc == GR_OK)
    rc = gr_ctx_note(ctx, "Triangle (Section 4, Table 2). The reading that reproduces Table 2 is the FORTRAN listing taken "
                     "literally: full first kick (not eq. 2.1), floor v_y -> -.1 v_y with v_x -> 0 (not the text's -v_y), "
                     "G = 2500, H = 2900 (the text, not the listing's H = 2500), repulsive H (the listing's direction, not "
                     "eqs. 2.5-2.6 as printed), and the listing's bookkeeping: K starts at 1, so t_n is n - 1 steps, and "
                     "a run stops at K = 5000 and punches the state with FORMAT (5F10.4), so t_10000 is two runs of 4999 "
                     "steps with the state rounded to four decimals between them. That reading is %.1e from every printed "
                     "coordinate (RMS %.1e) and gets %d of the 20 K values to their printed digits; without the restart "
                     "the error is %.1e (RMS %.1e). K_2000 is the exception: %.2f, printed 345 (a misprint: no "
                     "perturbation moves it by 0.05 and all its neighbours agree).",
                     m[0].pos_max, m[0].pos_rms, m[0].k_within, m[1].pos_max, m[1].pos_rms, m[0].K[3]);
  for (i = 0; i < gs_nreadings && rc == GR_OK; i++)
    if (gs_readings[i].sum == GR_PAIRFORCE_SUM_EXACT)
      rc = gr_ctx_assert(ctx, "triangle/mirror-symmetry/exact-sums", m[i].asym, 0.0, m[i].asym == 0.0,
                         "with correctly rounded force sums the symmetric body stays exactly mirror symmetric for 10000 steps (restarts included)");
  if (rc == GR_OK)
    rc = gr_ctx_informative(ctx, "triangle/mirror-symmetry/listing-sums", m[0].asym,
                            "asymmetry |q_i -/+ q_mirror(i)| at t_10000 with the listing's running sums: round-off breaks the symmetry, the restart cards and the dynamics keep it small");
  if (rc == GR_OK)
    rc = gs_state_figure(ctx, "fig4-2", "Fig. 4.2: triangular body at t_{10000} (listing reading)", "table2", s[0]);
  if (rc == GR_OK)
    rc = k_figure(ctx, &m[0], &m[text]);
  if (rc == GR_OK)
    rc = removal(ctx, s[0]);
  for (i = 0; i < gs_nreadings; i++)
    gs_sim_free(s[i]);
  return rc;
}
