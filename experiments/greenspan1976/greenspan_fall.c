/* granrepro experiment greenspan, Section 5: the falling eight-particle
 * body of Fig. 5.1, from the staircase of panel (a) to t_7000 (panels b-g),
 * checked for cohesion and for the fall. */
#include <math.h>

#include "experiments/greenspan1976/greenspan.h"
#include "physics/pmath.h"
#include "harness/ctx.h"
#include "harness/verdict.h"
#include "harness/report.h"

/* One snapshot of Fig. 5.1 as panel k of a 4 x 2 grid (centred on its
 * mean x, panels 6 apart, rows 4 apart): the particles, and the pairs
 * within the cutoff as segments in a second data set. */
static void falling_snapshot(struct gr_data *d, struct gr_data *bonds, const struct gr_psolid *s,
                             long label, int panel)
{
  const struct gr_leapfrog *lf = s->lf;
  unsigned char bond[GS_NMAX * GS_NMAX];
  double ox = 0.0, oy = 4.0 * (1 - panel / 4);
  size_t i, j;
  for (i = 0; i < lf->n; i++)
    ox -= lf->x[i] / (double)lf->n;
  ox += 6.0 * (panel % 4);
  for (i = 0; i < lf->n; i++)
    gr_data_printf(d, "%ld %zu %.10f %.10f %.10f %.10f %.10f %.10f\n", label, i + 1, lf->x[i], lf->y[i],
                   lf->vx[i], lf->vy[i], lf->x[i] + ox, lf->y[i] + oy);
  gr_data_printf(d, "\n\n");
  gr_psolid_bonds(lf->n, lf->x, lf->y, GS_CUTOFF, bond, GS_NMAX);
  for (i = 0; i < lf->n; i++)
    for (j = i + 1; j < lf->n; j++)
      if (bond[i * GS_NMAX + j])
        gr_data_printf(bonds, "%ld %.6f %.6f %.6f %.6f\n", label, lf->x[i] + ox, lf->y[i] + oy,
                       lf->x[j] - lf->x[i], lf->y[j] - lf->y[i]);
  gr_data_printf(bonds, "\n\n");
}

/* Fig. 5.1 (b)-(g) as one figure of seven panels. */
static void falling_figure(struct gr_ctx *ctx)
{
  gr_ctx_figure(ctx, &(const struct gr_figure){
    .name = "fig5-1", .data = "fig5-1",
    .title = "Fig. 5.1: the eight-particle body at t_0 (a) and every 500 steps from t_{4500} (b) to t_{7000} (g)",
    .xlabel = "x - mean x of the snapshot (panels 6 apart)",
    .ylabel = "y (lower row: y + 0, upper row: y + 4)",
    .setup = "set size ratio -1\nset key off\nset xrange [-3:21]\nset yrange [-0.4:7.6]\nset xtics 6\nset ytics 1\n"
             "array lab[7] = ['(a) t_0', '(b) t_{4500}', '(c) t_{5000}', '(d) t_{5500}', '(e) t_{6000}', '(f) t_{6500}', '(g) t_{7000}']\n"
             "do for [k=0:6] { set label k+1 lab[k+1] at 6 * (k % 4), 4 * (1 - k / 4) + 3.2 center }\n"
             "set arrow 1 from -3, 3.8 to 21, 3.8 nohead dt 2 lc rgb '#cccccc'",
    .plot = "for [k=0:6] 'fig5-1-bonds.dat' index k using 2:3:4:5 with vectors nohead lc rgb '#999999' notitle, "
            "for [k=0:6] data index k using 7:8 with points pt 7 ps 1.3 lc k+1 notitle"});
}

/* Run the body to t_7000, snapshots every 500 steps from t_4500; the
 * longest distance reached by a pair bonded at t_0. */
static double falling_run(struct gr_psolid *s, const struct gs_body *b, struct gr_data *d,
                          struct gr_data *bd)
{
  unsigned char bond[GS_NMAX * GS_NMAX];
  double longest = 0.0;
  size_t i, j;
  long n;
  gr_psolid_bonds(b->n, b->x, b->y, GS_CUTOFF, bond, GS_NMAX);
  falling_snapshot(d, bd, s, 0, 0);
  for (n = 2; n <= GS_FALL_T; n++) {
    if (gr_psolid_advance(s, n) != 0)
      break;
    for (i = 0; i < b->n; i++)
      for (j = i + 1; j < b->n; j++)
        if (bond[i * GS_NMAX + j])
          longest = fmax(longest, gr_pmath_hypot(s->lf->x[i] - s->lf->x[j], s->lf->y[i] - s->lf->y[j]));
    if (n >= 4500 && n % 500 == 0)
      falling_snapshot(d, bd, s, n, (int)(n - 4000) / 500);
  }
  return s->diverged ? INFINITY : longest;
}

/* Section 5, Fig. 5.1: the staircase against falling.tsv, then "the body
 * retains its cohesive structure" and falls. */
int gr_greenspan_falling(struct gr_ctx *ctx)
{
  struct gs_body b;
  struct gr_psolid *s;
  struct gr_data *d = gr_ctx_data(ctx, "fig5-1", "t i x y vx vy x_panel y_panel (one block per snapshot: t_0, t_4500, ..., t_7000; panel coordinates for the figure)");
  struct gr_data *bd = gr_ctx_data(ctx, "fig5-1-bonds", "t x_panel y_panel dx dy (pairs within the cutoff, one block per snapshot)");
  double longest, cy0, cy;
  gr_greenspan_staircase_body(&b);
  gr_greenspan_compare_initial(ctx, "falling", &b, "lattice of Fig. 5.1 (a)");
  if (d == NULL || bd == NULL || gr_ctx_error(ctx)->code != GR_OK)
    return gr_ctx_error(ctx)->code;
  if (gr_greenspan_sim(&s, &b, &gr_greenspan_readings[0]) != GR_OK)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  cy0 = gr_psolid_mean(b.n, b.y);
  longest = falling_run(s, &b, d, bd);
  cy = gr_psolid_mean(b.n, s->lf->y);
  gr_ctx_verdict(ctx, GR_KIND_RESULT, "falling/cohesion/longest-initial-bond", longest, gr_test_le(GS_CUTOFF),
                 "Fig. 5.1 (b)-(g): the body retains its cohesive structure; no pair bonded at t_0 is ever farther apart than the cutoff up to t_7000");
  gr_ctx_verdict(ctx, GR_KIND_RESULT, "falling/centre-of-mass-drop", cy0 - cy, gr_test_gt(0.1),
                 "the unsupported body falls: drop of the centre of mass from t_0 to t_7000");
  gr_psolid_free(s);
  falling_figure(ctx);
  return gr_ctx_error(ctx)->code;
}
