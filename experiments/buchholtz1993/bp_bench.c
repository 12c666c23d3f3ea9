/* granrepro experiment buchholtz-poeschel: bench kernels (granrepro bench
 * buchholtz-poeschel).  One setup/run pair serves every kernel through
 * the kernel's arg (struct bp_karg): the lattice force pass (index step
 * included) at N = 1e3, 1e4, 1e5 and 1e6 (rho = 0.2; the quick bench runs
 * each kernel at the size its name says or skips it: 1e5, 1e6 and the N^2
 * list are full-mode only, as sweetman's 1e6), the same pass built without
 * tree vectorization, the half mask (12 positions, Newton's third law),
 * linked cells at rho = 0.28, and the N^2 neighbour list (one build and
 * ten force passes per cycle).  lattice2-*: the two-stage reformulation
 * (bplattice_two.h: contact bits, then eqs. 8-16 only where a bit is set;
 * the same forces bit for bit) at the same sizes and rho, stage 2 in its
 * Newton form (each pair once), and without vectorization (both stages);
 * lattice2s / lattice2q: stage 2 as a scalar loop over the bits / a
 * vectorized loop over a list of the contacts, each with its novec copy. */
#include "experiments/buchholtz1993/bp.h"

#include <stdlib.h>

#include "experiments/buchholtz1993/bp_config.h"
#include "harness/benchref.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "status.h"

struct bp_karg {
  double rho;
  long np;
  int full_only; /* 1: skipped by the quick bench (too slow to set up or run) */
  int method; /* 0 lattice, 2 cells, 3 list */
  int mode;   /* the lattice's GR_BPLATTICE_* bits */
};

struct bp_kstate {
  struct bp_config c;
  int method;
  long steps;
};

/* The paper's force constants (pipe.tsv, as gr_bp_law reads them). */
static int bp_klaw(struct gr_bpforce *f, struct gr_error *err)
{
  static const char *rows[] = {"k_n", "gamma_n", "gamma_s", "mu"};
  double v[4];
  int i, rc = GR_OK;
  for (i = 0; i < 4 && rc == GR_OK; i++)
    rc = gr_benchref_published(BP_TABLE_PIPE, rows[i], "value", &v[i], err);
  if (rc == GR_OK && gr_bpforce_init(f, v[0], v[1], v[2], v[3], 0) != GR_OK)
    rc = gr_error_set(err, GR_EINPUT, "pipe.tsv: the force constants are not valid (negative or not finite)");
  return rc;
}

static int bp_ksetup(void **state, const void *arg, int quick, unsigned long seed,
                     struct gr_error *err)
{
  const struct bp_karg *a = arg;
  struct bp_kstate *s;
  struct gr_bpforce f;
  int rc;
  if (quick && a->full_only) {
    *state = NULL; /* skipped */
    return GR_OK;
  }
  if ((rc = bp_klaw(&f, err)) != GR_OK)
    return rc;
  if ((s = calloc(1, sizeof *s)) == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  rc = gr_bp_config_new(&s->c, a->rho, a->np, seed, &f);
  if (rc != GR_OK) {
    free(s);
    return gr_error_set(err, rc, "bench packing failed (status %d)", rc);
  }
  s->method = a->method;
  s->c.mode = a->mode;
  s->steps = a->method == 3 ? 10 : 1;
  *state = s;
  return GR_OK;
}

/* One sample: particle-steps done. */
static double bp_krun(void *state)
{
  struct bp_kstate *s = state;
  if (s->method == 0)
    gr_bp_config_lattice(&s->c);
  else if (s->method == 2)
    gr_bp_config_cells(&s->c);
  else
    gr_bp_config_list(&s->c);
  return (double)s->steps * (double)s->c.g.n;
}

static void bp_kfree(void *state)
{
  struct bp_kstate *s = state;
  gr_bp_config_free(&s->c);
  free(s);
}

enum { BP_V = GR_BPLATTICE_VECTOR, BP_2 = GR_BPLATTICE_TWOSTAGE | GR_BPLATTICE_NEWTON,
       BP_2S = GR_BPLATTICE_TWOSTAGE, BP_2Q = GR_BPLATTICE_TWOSTAGE | GR_BPLATTICE_QUEUE };
static const struct bp_karg bp_args[GR_BP_NKERNELS] = {
    {0.2, 1000, 0, 0, BP_V}, {0.2, 10000, 0, 0, BP_V}, {0.2, 100000, 1, 0, BP_V},
    {0.2, 1000000, 1, 0, BP_V}, {0.2, 10000, 0, 0, 0}, {0.28, 10000, 0, 2, 0},
    {0.2, 4000, 1, 3, 0}, {0.2, 10000, 0, 0, BP_V | GR_BPLATTICE_HALF},
    {0.2, 1000, 0, 0, BP_V | BP_2}, {0.2, 10000, 0, 0, BP_V | BP_2},
    {0.2, 100000, 1, 0, BP_V | BP_2}, {0.2, 1000000, 1, 0, BP_V | BP_2},
    {0.2, 10000, 0, 0, BP_2}, {0.2, 10000, 0, 0, BP_V | BP_2S},
    {0.2, 10000, 0, 0, BP_2S}, {0.2, 10000, 0, 0, BP_V | BP_2Q},
    {0.2, 10000, 0, 0, BP_2Q}};

#define BP_K(name, i) {name, "particle-steps", bp_ksetup, bp_krun, bp_kfree, &bp_args[i]}
const struct gr_kernel gr_bp_kernels[GR_BP_NKERNELS] = {
    BP_K("lattice-1e3", 0), BP_K("lattice-1e4", 1), BP_K("lattice-1e5", 2),
    BP_K("lattice-1e6", 3), BP_K("lattice-novec-1e4", 4), BP_K("cells-1e4-rho0.28", 5),
    BP_K("nsq-list-4e3", 6), BP_K("lattice-half-1e4", 7), BP_K("lattice2-1e3", 8),
    BP_K("lattice2-1e4", 9), BP_K("lattice2-1e5", 10), BP_K("lattice2-1e6", 11),
    BP_K("lattice2-novec-1e4", 12), BP_K("lattice2s-1e4", 13), BP_K("lattice2s-novec-1e4", 14),
    BP_K("lattice2q-1e4", 15), BP_K("lattice2q-novec-1e4", 16)};
