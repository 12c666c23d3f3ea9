/* granrepro experiment greenspan, Section 4: reporting of the triangular
 * body.  The sensitivity evidence behind the tolerances of table2.tsv and
 * ksequence.tsv, the variant table (data set and the rows of the notes
 * template's table), and the K(t) figure beside the Section 4 sequence. */
#include <math.h>
#include <stdio.h>

#include "experiments/greenspan1976/greenspan.h"
#include "harness/ctx.h"
#include "harness/verdict.h"
#include "harness/report.h"

/* The tolerances of table2.tsv are half a unit (5e-5) + the spread of the
 * final state under arithmetic-scale perturbations (x,y abs 0.0013; vx,vy
 * abs 0.05): the spread must stay under tolerance - half-unit. */
#define GS_SENS_POS (0.0013 - 5e-5)
#define GS_SENS_VEL (0.05 - 5e-5)

/* Largest difference of two final states (positions / velocities) and,
 * when with_k, of their K sequences up to t_4500 and after. */
static void spread(const struct gr_psolid *a, const struct gs_metrics *ma,
                   const struct gr_psolid *b, const struct gs_metrics *mb, int with_k,
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

/* Sensitivity evidence: the spread of the arithmetic-scale readings (1e-8
 * start perturbations, the dt literal, summation orders) around the
 * listing reading, checked against the tolerances it justifies; binary32
 * storage (not the published arithmetic) and the K spreads are shown. */
void gr_greenspan_sensitivity(struct gr_ctx *ctx, struct gr_psolid *const *s, const struct gs_metrics *m)
{
  double sp[4] = {0, 0, 0, 0}, sk[4] = {0, 0, 0, 0};
  size_t i;
  for (i = 1; i < GS_NREADINGS; i++)
    if (gr_greenspan_readings[i].sensitivity)
      spread(s[0], &m[0], s[i], &m[i], 1, gr_greenspan_readings[i].single ? sk : sp);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "sensitivity/table2/positions", sp[0], gr_test_le(GS_SENS_POS),
                 "largest change of a final coordinate under a 1e-8 start perturbation, the single-precision dt literal or another summation order; table2.tsv: x,y abs 0.0013 = half-unit + this");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "sensitivity/table2/velocities", sp[1], gr_test_le(GS_SENS_VEL),
                 "the same for the velocities; table2.tsv: vx,vy abs 0.05 = half-unit + this");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "sensitivity/ksequence/to-t4500", sp[2],
                "largest change of K_500..K_4500 under the same perturbations: small against the half-unit tolerance (0.5)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "sensitivity/ksequence/after-t4500", sp[3],
                "largest change of K_5000..K_10000 under the same perturbations: near the half-unit, which the listing reading nevertheless meets (ksequence.tsv)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "sensitivity/binary32", fmax(sk[0], fmax(sk[2], sk[3])),
                "largest change of a coordinate or K under binary32 storage (the listing declares IMPLICIT DOUBLE PRECISION, so this bounds a much coarser arithmetic than the published run's; not used for the tolerances)");
  gr_ctx_value(ctx, "sensitivity/binary32/pos", sk[0]);
  gr_ctx_value(ctx, "sensitivity/binary32/vel", sk[1]);
}

/* Hand the scores of one reading to the notes as triangle/<reading>/<score>. */
static void hand_metrics(struct gr_ctx *ctx, const char *reading, const struct gs_metrics *m)
{
  const double v[] = {m->pos_max, m->pos_rms, m->vel_max, m->vel_rms, m->asym, m->k_max, m->k_rms, m->k_within};
  static const char *const names[] = {"pos_max", "pos_rms", "vel_max", "vel_rms", "asymmetry", "K_max", "K_rms",
                                      "K_within"};
  char name[96];
  size_t i;
  for (i = 0; i < sizeof v / sizeof v[0]; i++) {
    snprintf(name, sizeof name, "triangle/%s/%s", reading, names[i]);
    gr_ctx_value(ctx, name, v[i]);
  }
}

/* The variant table: one data row per reading, and the same rows for the
 * table in the notes template ({{triangle_variants}}). */
void gr_greenspan_variant_table(struct gr_ctx *ctx, const struct gs_metrics *m)
{
  struct gr_data *d = gr_ctx_data(ctx, "triangle-variants",
                                  "reading pos_max pos_rms vel_max vel_rms asymmetry K_max K_rms K_within_half_unit");
  char buf[8192];
  size_t i, len = 0;
  if (d == NULL)
    return;
  for (i = 0; i < GS_NREADINGS; i++) {
    const struct gs_reading *rd = &gr_greenspan_readings[i];
    gr_data_printf(d, "%s %.3g %.3g %.3g %.3g %.3g %.3g %.3g %d\n", rd->name, m[i].pos_max,
                   m[i].pos_rms, m[i].vel_max, m[i].vel_rms, m[i].asym, m[i].k_max, m[i].k_rms, m[i].k_within);
    if (len < sizeof buf)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "| %s | %s | %.2g | %.2g | %.2g | %.2g | %.2g | %.3g | %.3g | %d/20 |\n",
                              rd->name, rd->what, m[i].pos_max, m[i].pos_rms, m[i].vel_max, m[i].vel_rms,
                              m[i].asym, m[i].k_max, m[i].k_rms, m[i].k_within);
    hand_metrics(ctx, rd->name, &m[i]);
  }
  gr_ctx_text(ctx, "triangle_variants", buf);
}

/* K(t) of the listing reading and of the text's reading (block 0), with
 * the published sequence kpub (block 1). */
void gr_greenspan_k_figure(struct gr_ctx *ctx, const struct gs_metrics *listing,
                           const struct gs_metrics *text, const double *kpub)
{
  struct gr_data *d = gr_ctx_data(ctx, "kinetic-energy", "t K_listing K_text (block 1: t K_published)");
  int j;
  if (d == NULL)
    return;
  for (j = 0; j < GS_TEND / 50; j++)
    gr_data_printf(d, "%d %.6f %.6f\n", 50 * (j + 1), listing->kt[j], text->kt[j]);
  gr_data_printf(d, "\n\n");
  for (j = 0; j < GS_NK; j++)
    gr_data_printf(d, "%d %g\n", 500 * (j + 1), kpub[j]);
  gr_ctx_figure(ctx, &(const struct gr_figure){
    .name = "kinetic-energy", .data = "kinetic-energy",
    .title = "Kinetic energy K(t_n) of the triangular body",
    .xlabel = "time step n (the paper's t_n)", .ylabel = "K",
    .setup = "set key top right\nset xrange [0:10000]",
    .plot = "data index 0 using 1:3 with lines lc rgb '#bbbbbb' title 'text reading (eq. 2.1, floor -v_y)', "
            "data index 0 using 1:2 with lines lw 1.5 lc rgb '#4477aa' title 'granrepro, listing reading', "
            "data index 1 using 1:2 with points pt 7 ps 1.3 lc rgb '#cc3311' title 'Section 4 sequence'"});
}
