/* granrepro experiment vdw: the report of the two-particle test of
 * Sweetman (2003), section 5.4 (vdw_pair.c runs it): the verdicts against
 * Table 5.1 and the properties of the run, the collision table, and
 * figures 5.6-5.16. */
#include <math.h>
#include <stdio.h>

#include "experiments/sweetman-2003/vdw.h"
#include "harness/ctx.h"
#include "harness/verdict.h"
#include "harness/report.h"
#include "physics/vdw.h"

/* Figures 5.6-5.16 (the thesis' insets are separate "detail" figures):
 * name, data, title, x label, y label, setup, plot. */
#define VDW_FV "Van der Waals force (N), negative = attraction"
#define VDW_FT "total force (N), positive = repulsive"
static const struct gr_figure vdw_figs[] = {
  {"fig5.6-vdw-force", "approach", "Fig. 5.6: Van der Waals force vs separation (0-100 nm)",
   "separation alpha (m)", VDW_FV, "set xrange [0:1e-7]\nset yrange [*:0]",
   "data using 2:4 with linespoints pt 7 ps 0.5 title 'computed (eq. 5.29)'"},
  {"fig5.7-vdw-force", "approach", "Fig. 5.7: Van der Waals force vs separation (0-10 nm)",
   "separation alpha (m)", VDW_FV, "set xrange [0:1e-8]\nset yrange [*:0]",
   "data using 2:4 with linespoints pt 7 ps 0.5 title 'computed (eq. 5.29)'"},
  {"fig5.8-vdw-force", "approach", "Fig. 5.8: Van der Waals force vs separation (0-1 nm)",
   "separation alpha (m)", VDW_FV, "set xrange [0:1e-9]",
   "data using 2:4 with linespoints pt 7 ps 0.5 title 'computed (eq. 5.29)'"},
  {"fig5.9-vdw-vs-theory", "approach",
   "Fig. 5.9: computed force and eq. 5.28 with its repulsive term",
   "separation (% of radius)", VDW_FV,
   "set xrange [0:0.005]\nset yrange [-4e-5:1e-5]\nset key bottom right",
   "data using 3:5 with lines lw 2 title 'eq. 5.28 (attractive + repulsive)', "
   "data using 3:4 with points pt 7 ps 0.6 title 'computed (eq. 5.29)'"},
  {"fig5.10-vdw-vs-attractive", "approach",
   "Fig. 5.10: computed force and eq. 5.28 without its repulsive term",
   "separation (% of radius)", VDW_FV,
   "set xrange [0:0.005]\nset yrange [-1e-4:1e-5]\nset key bottom right",
   "data using 3:6 with lines lw 2 title 'eq. 5.28, attractive part only', "
   "data using 3:4 with points pt 7 ps 0.6 title 'computed (eq. 5.29)'"},
  {"fig5.11-spring-force", "collision", "Fig. 5.11: spring force vs separation, first collision",
   "separation alpha (m), negative = overlap", "spring force (N)", "set key top right",
   "data using ($2<0 && $8==1 ? $2 : 1/0):4 with linespoints pt 7 title 'loading (K1)', "
   "data using ($2<0 && $8==0 ? $2 : 1/0):4 with linespoints pt 5 title 'unloading (K2 = K1/e^2)'"},
  {"fig5.12-total-force-vs-separation", "collision",
   "Fig. 5.12: total force vs separation, one collision", "separation alpha (m)", VDW_FT,
   "set xrange [-1e-10:1.5e-9]\nset key top right", "data using 2:5 with linespoints pt 7 ps 0.4 title 'total (eq. 5.29)'"},
  {"fig5.13-total-force-vs-time", "collision",
   "Fig. 5.13: total force vs time, one collision (steps within 0.2 nm of contact)",
   "time (ns)", VDW_FT, "set key top right",
   "data using (abs($2) < 2e-10 ? $1*1e9 : 1/0):5 with linespoints pt 7 ps 0.5 "
   "title 'total (eq. 5.29)'"},
  {"fig5.14-total-force-many", "oscillation", "Fig. 5.14: total force vs time, many collisions (from 5 nm before the first contact)",
   "time (us)", VDW_FT, "set key top right",
   "data using ($1*1e6):3 with lines title 'total force'"},
  {"fig5.14-detail", "collision",
   "Fig. 5.14 (detail): total force around the first contact, Van der Waals scale",
   "time (us)", VDW_FT, "set yrange [-4e-5:1e-5]\nset key bottom right",
   "data using ($1*1e6):5 with linespoints pt 7 ps 0.4 title 'total force'"},
  {"fig5.15-velocity-one-collision", "collision", "Fig. 5.15: velocity vs time, one collision",
   "time (us)", "velocity (m/s)", "set key top right",
   "data using ($1*1e6):6 with lines lw 2 title 'particle 1', "
   "data using ($1*1e6):7 with lines title 'particle 2'"},
  {"fig5.16-velocity-many", "oscillation",
   "Fig. 5.16: velocity of particle 1 vs time, many collisions (from 5 nm before the first contact)",
   "time (us)", "velocity (m/s)", "set yrange [-0.01:0.01]\nset key top right",
   "data using ($1*1e6):4 with lines title 'particle 1'"},
};

static int vdw_pair_figures(struct gr_ctx *ctx)
{
  size_t i;
  for (i = 0; i < sizeof vdw_figs / sizeof vdw_figs[0]; i++)
    gr_ctx_figure(ctx, &vdw_figs[i]);
  return gr_ctx_error(ctx)->code;
}

/* Collision table and its figure. */
static int vdw_coll_data(struct gr_ctx *ctx, const struct vdw_run *r, double amin, double e)
{
  struct gr_data *d = gr_ctx_data(ctx, "collisions",
                                  "k t0 v_in v_out e_measured F_peak overlap_max alpha_max_after steps");
  struct gr_figure f = {0};
  char setup[256];
  int k;
  if (d == NULL)
    return gr_ctx_error(ctx)->code;
  for (k = 0; k < r->ncoll; k++)
    gr_data_printf(d, "%d %.10e %.10e %.10e %.10f %.10e %.10e %.10e %d\n", k + 1,
                   r->c[k].t0, r->c[k].vin, r->c[k].vout, r->c[k].vout / r->c[k].vin,
                   r->c[k].fpeak, r->c[k].dmax, r->c[k].amax, r->c[k].steps);
  f.name = "collisions-decay"; f.data = "collisions";
  f.title = "Decay of the oscillation, relative to the first collision";
  f.xlabel = "collision k"; f.ylabel = "value / value at k = 1";
  snprintf(setup, sizeof setup,
           "set logscale y\nset format y '10^{%%T}'\nset key top right\n"
           "v1 = %.10e\nf1 = %.10e\na1 = %.10e\namin = %.10e\ne = %g",
           r->c[0].vin, r->c[0].fpeak, r->c[0].amax, amin, e);
  f.setup = setup;
  f.plot = "data using 1:($3/v1) with points pt 7 title 'impact speed', "
           "data using 1:($6/f1) with points pt 5 title 'peak spring force', "
           "data using 1:(($8-amin)/(a1-amin)) with points pt 9 "
           "title 'rebound height above alpha_{min}', "
           "e**(x-1) with lines lw 2 title 'e^{k-1}'";
  return gr_ctx_figure(ctx, &f);
}

/* Verdicts of a run (section 5.4; Table 5.1's restitution for the run
 * itself, pre ""), rows named pre + "pair/...". */
void gr_vdwexp_pair_verdicts(struct gr_ctx *ctx, const struct vdw_params *p,
                             const struct gr_vdw_model *m, const struct vdw_run *r,
                             const char *pre)
{
  double emax = 0.0, e1 = r->c[0].vout / r->c[0].vin, drift;
  int k, nonmono = 0, unbound = 0, worst = 0;
  /* the claims at Table 5.1's own dt are the thesis's results; the same
   * claims at our n = 40, 60 variants depend on that choice */
  enum gr_kind claim = *pre == '\0' ? GR_KIND_RESULT : GR_KIND_CHOICE;
  char note[512], q[96];
  for (k = 0; k < r->ncoll; k++) {
    double e = r->c[k].vout / r->c[k].vin;
    if (fabs(e - p->e) > emax) {
      emax = fabs(e - p->e);
      worst = k + 1;
    }
    if (k > 0 && !(r->c[k].vin < r->c[k - 1].vin && r->c[k].fpeak < r->c[k - 1].fpeak &&
                   r->c[k].amax < r->c[k - 1].amax))
      nonmono++;
    if (!(r->c[k].amax < VDW_GAP && r->c[k].amax < m->cutoff))
      unbound++;
  }
  if (*pre == '\0')
    gr_ctx_compare(ctx, "table-5.1", "restitution", "value", e1, 0.0,
                   "measured: opening / closing speed of the first contact (eq. 2.2)");
  else {
    snprintf(q, sizeof q, "%spair/restitution-first-contact", pre);
    gr_ctx_verdict(ctx, GR_KIND_CHECK, q, e1, gr_test_abs(p->e, 5e-3),
                   "measured: opening / closing speed of the first contact (eq. 2.2), half a unit of the printed .95");
  }
  snprintf(note, sizeof note,
           "largest |e_measured - e| over all %d contacts (collision %d); leap-frog with "
           "n = %.0f steps per contact resolves the two spring branches to O(dt)",
           r->ncoll, worst, r->n);
  snprintf(q, sizeof q, "%spair/restitution-all-contacts", pre);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, q, emax, gr_test_le(5e-3), note);
  snprintf(q, sizeof q, "%spair/force-points-vs-formulas", pre);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, q, r->maxrel_f, gr_test_le(1e-13),
                 "largest deviation of every computed Van der Waals and spring force from eq. 5.28/5.29 "
                 "and eq. 2.1 written out independently (delta0 = (1-e^2) delta_max), relative to "
                 "the peak attraction and to K1 delta_max");
  snprintf(q, sizeof q, "%spair/momentum", pre);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, q, r->maxmom / r->vmax, gr_test_le(1e-15),
                 "largest |v1 + v2| / largest |v1|: velocities equal and opposite at every step");
  snprintf(q, sizeof q, "%spair/bound", pre);
  gr_ctx_verdict(ctx, claim, q, (double)unbound, gr_test_eq(0.0),
                 "section 5.4, Fig. 5.16: \"the particles should not be able to escape the attractive "
                 "Van der Waals force\": rebounds that reach the starting gap or the cut-off");
  snprintf(note, sizeof note, "section 5.4, Fig. 5.14: \"the force decreasing in magnitude with each "
           "oscillation\": collisions after which impact speed, peak spring force or rebound height "
           "did not decrease, over %d collisions (at least 10 needed)", r->ncoll);
  snprintf(q, sizeof q, "%spair/monotone-decay", pre);
  gr_ctx_verdict(ctx, claim, q, r->ncoll >= 10 ? (double)nonmono : NAN,
                 gr_test_eq(0.0), note);
  drift = fabs(r->e1 - r->e0) / (0.25 * gr_vdwexp_mass(p) * r->c[0].vin * r->c[0].vin);
  snprintf(q, sizeof q, "%spair/energy-first-approach", pre);
  gr_ctx_verdict(ctx, GR_KIND_CHECK, q, drift, gr_test_le(1e-3),
                 "|E(before first contact) - E(start)| / kinetic energy at impact: the leap-frog "
                 "conserves energy during the approach (potential of eq. 5.28 with the hold)");
}

/* The open parameters and the numbers of the first collision, as rows
 * and as values of the notes template. */
static void vdw_pair_numbers(struct gr_ctx *ctx, const struct vdw_params *p,
                             const struct gr_vdw_model *m, const struct vdw_run *r)
{
  gr_ctx_inform(ctx, GR_KIND_CHOICE, "open/r_ss", VDW_RSS,
                "not given: 0.4 nm, a molecular equilibrium distance (minimum of eq. 5.1)");
  gr_ctx_inform(ctx, GR_KIND_CHOICE, "open/alpha_min", m->amin,
                "not given: r_ss / 60^(1/6), the zero of eq. 5.28 (section 5.3: minimum "
                "separation at the point of zero force); within the quoted 0.1-1 nm");
  gr_ctx_inform(ctx, GR_KIND_CHOICE, "open/alpha_cutoff", m->cutoff,
                "not given: 1% of R; eq. 5.28 within 2% of the exact force, attraction "
                "there 1e-6 of its peak (the size of the jump)");
  gr_ctx_inform(ctx, GR_KIND_CHOICE, "open/initial_gap", VDW_GAP,
                "not given: 100 nm, inside the cut-off (\"under a slight attractive force\"); "
                "Figs. 5.6-5.8, each ten times narrower, then end at 1 nm");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "pair/impact-speed", r->c[0].vin,
                "closing speed at the first contact (m/s)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "pair/peak-spring-force", r->c[0].fpeak,
                "largest spring force of the first collision (N)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "pair/max-overlap", r->c[0].dmax,
                "largest overlap of the first collision (m): smaller than alpha_min");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "pair/contact-steps", (double)r->c[0].steps,
                "overlapping steps of the first collision: eq. 2.23's n = 30 is half a "
                "period of K2; the force acts (1+e)/(2e) of that = 30.8 steps, and the "
                "surfaces fly free for about one more step from delta0 back to contact");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "pair/rebound-height", r->c[0].amax,
                "largest separation after the first collision (m)");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "pair/steps", (double)r->nsteps, "time steps simulated");
  gr_ctx_value(ctx, "pair_radius", p->radius);
  gr_ctx_value(ctx, "pair_mass", gr_vdwexp_mass(p));
  gr_ctx_value(ctx, "pair_hamaker", p->hamaker);
  gr_ctx_value(ctx, "pair_k1", p->k1);
  gr_ctx_value(ctx, "pair_e", p->e);
  gr_ctx_value(ctx, "pair_dt", p->dt);
  gr_ctx_value(ctx, "pair_rss", VDW_RSS);
  gr_ctx_value(ctx, "pair_amin", m->amin);
  gr_ctx_value(ctx, "pair_cutoff", m->cutoff);
  gr_ctx_value(ctx, "pair_gap", VDW_GAP);
  gr_ctx_value(ctx, "pair_vin", r->c[0].vin);
  gr_ctx_value(ctx, "pair_fpeak", r->c[0].fpeak);
  gr_ctx_value(ctx, "pair_csteps", (double)r->c[0].steps);
  gr_ctx_value(ctx, "pair_dmax", r->c[0].dmax);
  gr_ctx_value(ctx, "pair_amax", r->c[0].amax);
  gr_ctx_value(ctx, "pair_ncoll", (double)r->ncoll);
  gr_ctx_value(ctx, "pair_nsteps", (double)r->nsteps);
  gr_ctx_value(ctx, "pair_time", (double)r->nsteps * p->dt);
  gr_ctx_value(ctx, "pair_decay", r->c[r->ncoll - 1].vin / r->c[0].vin);
  gr_ctx_value(ctx, "pair_e_measured", r->c[0].vout / r->c[0].vin);
}

/* Verdicts, numbers, collision table and figures of the finished test. */
int gr_vdwexp_pair_report(struct gr_ctx *ctx, const struct vdw_params *p,
                          const struct gr_vdw_model *m, const struct vdw_run *r)
{
  gr_vdwexp_pair_verdicts(ctx, p, m, r, "");
  vdw_pair_numbers(ctx, p, m, r);
  vdw_coll_data(ctx, r, m->amin, p->e);
  return vdw_pair_figures(ctx);
}
