/* granrepro experiment wilson-bed: the readings of Wilson (2001) where the
 * text and the listing disagree or the listing is ambiguous, each run from
 * the canonical start with the section 5 setting and compared in one table:
 * the pair damping loop as printed (eq. 11, txt 1546-1555), the printed and
 * the dissipative sign, none; the frequency as angular (listing) or 2 pi f
 * (text); gravity and shaking on or off (plain = 1 in the listing); lossy
 * walls; the energy routine's "do j=1+1,np" read literally; all with the
 * real LSODA driven as hpart drives it, and the section 5 setting again
 * with the GSL stand-in (msadams).
 * The figure variants: the final energies of every reading. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "experiments/wilson-2001/bed.h"
#include "harness/ctx.h"
#include "harness/report.h"

struct va_reading {
  const char *name;
  int damp, freq, gravity, shake, lossy, literal, standin;
};

static const struct va_reading va_readings[] = {
    {"listing-as-printed", GR_BED_DAMP_PRINTED, GR_BED_FREQ_ANGULAR, 0, 0, 1, 0, 0},
    {"section5-fig9", GR_BED_DAMP_PRINTED, GR_BED_FREQ_ANGULAR, 1, 1, 1, 0, 0},
    {"damp-printed-d2", GR_BED_DAMP_PRINTED_D2, GR_BED_FREQ_ANGULAR, 1, 1, 1, 0, 0},
    {"damp-summed-printed-sign", GR_BED_DAMP_SUMMED, GR_BED_FREQ_ANGULAR, 1, 1, 1, 0, 0},
    {"damp-dissipative", GR_BED_DAMP_DISSIPATIVE, GR_BED_FREQ_ANGULAR, 1, 1, 1, 0, 0},
    {"damp-none", GR_BED_DAMP_NONE, GR_BED_FREQ_ANGULAR, 1, 1, 1, 0, 0},
    {"freq-2-pi-f", GR_BED_DAMP_PRINTED, GR_BED_FREQ_CYCLES, 1, 1, 1, 0, 0},
    {"gravity-only", GR_BED_DAMP_PRINTED, GR_BED_FREQ_ANGULAR, 1, 0, 1, 0, 0},
    {"shaking-only", GR_BED_DAMP_PRINTED, GR_BED_FREQ_ANGULAR, 0, 1, 1, 0, 0},
    {"walls-lossless", GR_BED_DAMP_PRINTED, GR_BED_FREQ_ANGULAR, 1, 1, 0, 0, 0},
    {"energy-loop-literal-1+1", GR_BED_DAMP_PRINTED, GR_BED_FREQ_ANGULAR, 1, 1, 1, 1, 0},
    {"msadams-stand-in", GR_BED_DAMP_PRINTED, GR_BED_FREQ_ANGULAR, 1, 1, 1, 0, 1}};
#define VA_N (sizeof va_readings / sizeof va_readings[0])

struct va_out {
  const struct gr_bed_model *m;
  int literal, status;
  double e0, el0, ratio, listing_pct, min_pair, y[83];
};

static int va_sample(void *arg, double t, const double *y)
{
  struct va_out *o = arg;
  double pair, wall;
  gr_bed_closest(o->m, y, &pair, &wall);
  if (t == 0.0) {
    o->e0 = gr_bed_energy(o->m, y);
    o->el0 = gr_bed_energy_listing(o->m, y, o->literal);
  }
  o->min_pair = fmin(o->min_pair, pair);
  o->ratio = gr_bed_energy(o->m, y) / o->e0;
  o->listing_pct = 100.0 * gr_bed_energy_listing(o->m, y, o->literal) / o->el0;
  memcpy(o->y, y, sizeof o->y);
  return GR_OK;
}

/* Run one reading; the accumulators are o->y[80..82]. */
static void va_run(const struct bed_par *p, const struct va_reading *v, double tend,
                   struct va_out *o)
{
  struct bed_fig9 f;
  struct bed_run r;
  double y[83] = {0};
  gr_wilson_bed_fig9_setup(p, 0, &f);
  r = f.r;
  r.tend = tend;
  r.m.damp = v->damp;
  r.m.freq_reading = v->freq;
  r.m.gravity = v->gravity;
  r.m.shake = v->shake;
  r.m.lossy = v->lossy;
  r.m.augment = 1;
  if (v->standin)
    r.o = gr_wilson_bed_standin(p->tol);
  memset(o, 0, sizeof *o);
  o->m = &r.m;
  o->literal = v->literal;
  o->min_pair = INFINITY;
  gr_wilson_bed_canonical(y, 20);
  o->status = gr_wilson_bed_run(&r, y, va_sample, o, NULL);
  if (o->status != GR_OK) /* the state where the integrator stopped */
    va_sample(o, 1.0, y);
}

static const struct gr_figure va_fig = {
    "variants", "variants",
    "Readings of the listing, section 5 setting, 20 disks: energy at the end of the run",
    "reading", "energy ratio",
    "set logscale y\nset yrange [0.01:*]\nset style fill solid 0.5\nset boxwidth 0.4\n"
    "set xtics rotate by -35 font ',9'\nset key outside top center horizontal\n"
    "set bmargin 9\nset rmargin 10",
    "data u ($0-0.2):2:xtic(1) w boxes t 'E/E0, full energy (kinetic + pair + wall + gravity)', "
    "data u ($0+0.2):($3/100) w boxes t \"the listing's E/iE, kinetic + pair only\", "
    "1 w l dt 2 lc 'black' t 'no change'"};

/* The rows the readings decide: the printed sign of eq. 11 injects
 * energy (a misprint), the dissipative one dissipates (our correction);
 * the printed loop equals no damping bit for bit (for the notes: the row
 * is energy/disk-disk-elastic-as-printed). */
static void va_rows(struct gr_ctx *ctx, const struct va_out *o)
{
  gr_ctx_verdict(ctx, GR_KIND_MISPRINT, "variants/summed-printed-sign-injects-energy", o[3].y[80],
                 gr_test_lt(0.0), "energy 'dissipated' by eq. 11 summed with the printed sign");
  gr_ctx_verdict(ctx, GR_KIND_CHECK, "variants/dissipative-sign-dissipates", o[4].y[80],
                 gr_test_gt(0.0), "energy dissipated by the Aoki-Akiyama sign");
  gr_ctx_text(ctx, "printed_equals_none",
              memcmp(o[1].y, o[5].y, sizeof o[1].y) == 0 ? "bit-identical" : "not identical");
}

int gr_wilson_bed_variants(struct gr_ctx *ctx)
{
  static struct va_out o[VA_N];
  struct bed_par p;
  struct gr_data *d;
  char q[96];
  size_t i;
  if (gr_wilson_bed_params(ctx, &p) != GR_OK)
    return gr_ctx_error(ctx)->code;
  d = gr_ctx_data(ctx, "variants", "reading E_over_E0 listing_E_pct D_pair D_wall W_shake min_pair status");
  for (i = 0; i < VA_N && d != NULL; i++) {
    va_run(&p, &va_readings[i], gr_ctx_quick(ctx) ? 5.0 : 20.0, &o[i]);
    gr_data_printf(d, "%s %.6g %.6g %.6g %.6g %.6g %.6g %d\n", va_readings[i].name, o[i].ratio,
                   o[i].listing_pct, o[i].y[80], o[i].y[81], o[i].y[82], o[i].min_pair, o[i].status);
    snprintf(q, sizeof q, "variants/%s/listing-E-pct", va_readings[i].name);
    gr_ctx_inform(ctx, GR_KIND_CHOICE, q, o[i].listing_pct, o[i].status == GR_OK ? "(E/iE)*100 at the end"
                  : "integrator failed; value at the failure");
    snprintf(q, sizeof q, "variants/%s/E-over-E0", va_readings[i].name);
    gr_ctx_inform(ctx, GR_KIND_CHOICE, q, o[i].ratio, "full energy (kinetic + pair + wall + gravity)");
  }
  va_rows(ctx, o);
  return gr_ctx_figure(ctx, &va_fig);
}
