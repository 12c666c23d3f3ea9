/* granrepro experiment buchholtz-poeschel: V. Buchholtz and T. Poeschel,
 * "A vectorized algorithm for molecular dynamics of short range interacting
 * particles", Int. J. Mod. Phys. C 4, 1049 (1993).  Registration, the
 * options (the parameters the paper leaves open) and the pipe set-up
 * shared by the tasks.  The analysis text is
 * reference/buchholtz1993/buchholtz-poeschel.notes.md.in. */
#include "experiments/buchholtz1993/bp.h"

#include <gsl/gsl_math.h>
#include <string.h>

#include "harness/experiment.h"
#include "harness/rng.h"
#include "status.h"

/* Defaults, each with its reason (the notes list them):
 * r0 1 cm and mass0 1e-5 kg: with k_N = 100 N/m^1.5 and dt = 1e-4 s a
 *   contact must last >= ~20 steps and overlaps should stay near 10 %;
 *   millimetre glass beads would overlap by more than their radius;
 * spread 3 %, cut 3 sigma, wall 0.9 r0: largest/smallest radius
 *   1.09/0.9 = 1.21 < 1.8/sqrt(2), inside the lattice window;
 * width 10 r0 (wall centre lines): four grains across, "only a few";
 * length 100 r0 (60 quick): ten pipe widths, l >> d;
 * phi 0.5: half the free area covered, a flowing (not jammed) pipe;
 * jitter 0.02 r0: a homogeneous start that is not exactly periodic. */
void gr_bp_options(const struct gr_ctx *ctx, struct bp_opts *o)
{
  int quick = gr_ctx_quick(ctx);
  struct gr_bppipe_spec sp = {0.01, 0.03, 3.0, 0.9, 0.0, 10.0, quick ? 60.0 : 100.0, 0.5, 0.02};
  o->mass0 = 1e-5;
  sp.density = o->mass0 / (4.0 / 3.0 * M_PI * sp.r0 * sp.r0 * sp.r0);
  o->pipe = sp;
  o->nv = 5;
  o->seeds = quick ? 2 : 3;
  o->t_start = quick ? 0.5 : 10.0;
  o->nsnap = quick ? 10 : 40;
  o->t_survive = quick ? 0.2 : 1.0;
  o->search = GR_BPSIM_CELLS;
}

int gr_bp_law(struct gr_ctx *ctx, struct bp_law *law)
{
  if (gr_ctx_published(ctx, BP_TABLE_PIPE, "k_n", "value", &law->kn) != GR_OK ||
      gr_ctx_published(ctx, BP_TABLE_PIPE, "gamma_n", "value", &law->gn) != GR_OK ||
      gr_ctx_published(ctx, BP_TABLE_PIPE, "gamma_s", "value", &law->gs) != GR_OK ||
      gr_ctx_published(ctx, BP_TABLE_PIPE, "mu", "value", &law->mu) != GR_OK ||
      gr_ctx_published(ctx, BP_TABLE_PIPE, "dt", "value", &law->dt) != GR_OK)
    return gr_ctx_error(ctx)->code;
  return GR_OK;
}

void gr_bp_pipe_params(const struct bp_law *law, const struct bp_opts *o, int nv,
                       double dt, int search, struct gr_bpsim_params *p)
{
  (void)o;
  memset(p, 0, sizeof *p);
  p->g[0] = 9.81, p->dt = dt, p->nv = nv, p->search = search, p->mask_h = 2, p->vectorized = 1;
  gr_bpforce_init(&p->force, law->kn, law->gn, law->gs, law->mu, 0);
}

/* A fresh stream per call (rng.h: seeded from --seed and the name), so
 * that runs named alike start alike. */
int gr_bp_pipe_new(struct gr_ctx *ctx, const struct bp_opts *o,
                   struct gr_bpsim_params *p, const char *stream,
                   struct gr_bpsim *s)
{
  gsl_rng *rng = gr_rng_stream(gr_ctx_seed(ctx), stream);
  int rc;
  if (rng == NULL)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  rc = gr_bppipe_init(s, p, &o->pipe, rng);
  gsl_rng_free(rng);
  if (rc == GR_OK)
    rc = gr_bpsim_start(s);
  if (rc != GR_OK)
    return gr_ctx_fail(ctx, rc, "pipe set-up failed (status %d): check the pipe options", rc);
  return GR_OK;
}

static const struct gr_task bp_tasks[] = {
    {"tables", gr_bp_tables}, {"variants", gr_bp_variants}, {"pipe", gr_bp_pipe},
    {"gear-survival", gr_bp_survive}, {"cost", gr_bp_cost}};

/* The experiment: its tasks in order, each a timed phase. */
static int bp_run(struct gr_ctx *ctx)
{
  return gr_ctx_run_tasks(ctx, bp_tasks, sizeof bp_tasks / sizeof bp_tasks[0]);
}

const struct gr_experiment gr_exp_buchholtz_poeschel = {
  .key = "buchholtz-poeschel",
  .title = "Buchholtz & Poeschel 1993: lattice MD algorithm, Gear predictor-corrector, "
           "density waves in a pipe",
  .citation = "V. Buchholtz and T. Poeschel, A vectorized algorithm for molecular dynamics "
              "of short range interacting particles, Int. J. Mod. Phys. C 4, 1049 (1993), "
              "sections 2-4, eqs. 8-21, Figs. 1-6, Appendix A",
  .refdir = "buchholtz1993",
  .run = bp_run,
  .kernels = gr_bp_kernels,
  .nkernels = GR_BP_NKERNELS,
};
