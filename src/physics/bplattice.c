/* granrepro physics: the lattice algorithm of Buchholtz & Poeschel (1993),
 * section 2 (steps 3-4, eqs. 8-16, Fig. 2).  See bplattice.h. */
#include "compiler.h"
#include "status.h"
#include "physics/bplattice.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BP_BLOCK 2048 /* cells per block: the accumulators stay in L1 */
#define BP_AHEAD 16   /* grains ahead for the index step's prefetch */

/* Both copies: the same options but vectorization.  schedule-insns with
 * sched-pressure (pre-allocation scheduling, off at -O2 on x86) puts the
 * loads and square roots of an iteration first: the pass is bound by the
 * out-of-order window (bplattice.h), so the order matters (llvm-mca
 * -mcpu=znver3: 70 cycles per iteration against 81). */
#define BP_SCHED "schedule-insns", "sched-pressure"
#define BP_VEC_OPT                                                            \
  GR_GCC_OPTIMIZE("tree-vectorize", "vect-cost-model=dynamic", "fp-contract=off", BP_SCHED)
#define BP_NOVEC_OPT GR_GCC_OPTIMIZE("no-tree-vectorize", "fp-contract=off", BP_SCHED)
#define GR_BPPASS_NAME bp_vec
#define GR_BPPASS_ATTR __attribute__((GR_CLONES_AVX2, BP_VEC_OPT))
#define GR_BPPASS_PAIR_ATTR __attribute__((always_inline, BP_VEC_OPT))
#include "physics/bplattice_pass.h"
#include "physics/bplattice_two.h"
#undef GR_BPPASS_NAME
#undef GR_BPPASS_ATTR
#undef GR_BPPASS_PAIR_ATTR
#define GR_BPPASS_NAME bp_novec
#define GR_BPPASS_ATTR __attribute__((BP_NOVEC_OPT))
#define GR_BPPASS_PAIR_ATTR __attribute__((always_inline, BP_NOVEC_OPT))
#include "physics/bplattice_pass.h"
#include "physics/bplattice_two.h"

/* Flat offset of (dx, dy) in the padded row-major lattice. */
long gr_bplattice_offset(const struct gr_bplattice *L, int dx, int dy)
{
  return (long)dy * L->stride + dx;
}

/* Fig. 2: the mask positions (Chebyshev distance 1..h) and the outer ring
 * (h+1..halo), in row order. */
static void bp_masks(struct gr_bplattice *L)
{
  int dx, dy, a;
  L->nmask = L->nring = L->nhalf = 0;
  for (dy = -L->halo; dy <= L->halo; dy++)
    for (dx = -L->halo; dx <= L->halo; dx++) {
      a = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
      if (a >= 1 && a <= L->h)
        L->mask[L->nmask++] = gr_bplattice_offset(L, dx, dy);
      if (a >= 1 && a <= L->h && (dy > 0 || (dy == 0 && dx > 0)))
        L->half[L->nhalf++] = gr_bplattice_offset(L, dx, dy);
      else if (a > L->h)
        L->ring[L->nring++] = gr_bplattice_offset(L, dx, dy);
    }
}

/* Cells per axis and the ghost width (section 2's two rules). */
static int bp_geometry(struct gr_bplattice *L, double d, double rmax)
{
  int k, reach;
  for (k = 0; k < 2; k++) {
    double len = L->box.len[k];
    if (L->box.periodic[k]) {
      L->n[k] = (int)floor(len / d);
      L->d[k] = L->n[k] > 0 ? len / L->n[k] : d;
    } else {
      L->n[k] = (int)ceil(len / d);
      L->d[k] = d;
    }
  }
  reach = (int)ceil(2.0 * rmax / (L->d[0] < L->d[1] ? L->d[0] : L->d[1]));
  L->halo = reach > L->h + 1 ? reach : L->h + 1;
  if (L->halo > 6)
    return GR_EINPUT;
  for (k = 0; k < 2; k++)
    if (L->n[k] < 1 || (L->box.periodic[k] && L->n[k] < 2 * L->halo + 1))
      return GR_EINPUT;
  return GR_OK;
}

/* The lattice vectors of step 3, all of length ncell; empty cells hold
 * r = 0, 1/r = 0, m = 1 (so that M_eff stays finite under Test = 0). */
static int bp_alloc(struct gr_bplattice *L)
{
  double **v[] = {&L->test, &L->x, &L->y, &L->vx, &L->vy, &L->w, &L->r, &L->ir,
                  &L->m, &L->fx, &L->fy, &L->tq, &L->ov, &L->hx, &L->hy, &L->ht, &L->in};
  size_t i, k, nv = sizeof v / sizeof v[0], span = (L->ncell + 511) / 512 * 512 + 8 * nv;
  /* One block, each vector on its own 64-byte offset modulo 4 KB: equal
   * page-aligned vectors would make every load of x[c + o] alias the
   * stores to fx[c] (4K aliasing), which cost up to 2x in the bench. */
  if ((L->block = calloc(span * nv, sizeof(double))) == NULL)
    return GR_ENOMEM;
  for (k = 0; k < nv; k++)
    *v[k] = L->block + k * span + 8 * k;
  L->qcap = (long)BP_BLOCK * L->nmask; /* touched only as far as contacts go */
  L->bits = malloc(BP_BLOCK * sizeof *L->bits);
  L->lo = malloc(L->qcap * sizeof *L->lo);
  L->lst = malloc(L->qcap * sizeof *L->lst);
  L->hb = malloc(L->ncell * sizeof *L->hb);
  L->qf = malloc(5 * L->qcap * sizeof *L->qf);
  for (L->bcap = 1; L->bcap < L->half[L->nhalf - 1] + 1; L->bcap *= 2)
    ;
  L->pcap = L->bcap * L->nhalf; /* >= the live window's results */
  L->pf = malloc(4 * L->pcap * sizeof *L->pf);
  L->pbase = malloc(L->bcap * sizeof *L->pbase);
  if ((L->gsrc = malloc(L->ncell * sizeof *L->gsrc)) == NULL || L->bits == NULL ||
      L->lo == NULL || L->lst == NULL || L->qf == NULL || L->hb == NULL ||
      L->pf == NULL || L->pbase == NULL)
    return GR_ENOMEM;
  for (i = 0; i < L->ncell; i++) {
    long col = ((long)i - L->pad) % L->stride, row = ((long)i - L->pad) / L->stride;
    L->m[i] = 1.0;
    L->gsrc[i] = -1;
    L->in[i] = (long)i >= L->pad && row >= L->halo && row < L->halo + L->n[1] &&
               col >= L->halo && col < L->halo + L->n[0];
  }
  return GR_OK;
}

int gr_bplattice_init(struct gr_bplattice *L, const struct gr_box *box,
                      double d, int h, double rmax)
{
  memset(L, 0, sizeof *L);
  L->box = *box;
  L->h = h;
  if (!(d > 0.0) || !(rmax > 0.0) || (h != 2 && h != 3) || !isfinite(d) ||
      !(box->len[0] > 0.0) || !(box->len[1] > 0.0) ||
      box->len[0] / d > 1e8 || box->len[1] / d > 1e8)
    return GR_EINPUT;
  if (bp_geometry(L, d, rmax) != GR_OK)
    return GR_EINPUT;
  L->stride = L->n[0] + 2L * L->halo;
  L->pad = L->halo;
  if ((double)L->stride * (L->n[1] + 2.0 * L->halo) > 4e8)
    return GR_EINPUT;
  L->ncell = (size_t)(2 * L->pad + L->stride * (L->n[1] + 2L * L->halo));
  L->c0 = L->pad + L->halo * L->stride;
  L->c1 = L->pad + (L->halo + L->n[1]) * L->stride;
  bp_masks(L);
  if (bp_alloc(L) != GR_OK) {
    gr_bplattice_free(L);
    return GR_ENOMEM;
  }
  return GR_OK;
}

void gr_bplattice_free(struct gr_bplattice *L)
{
  free(L->block);
  free(L->cell);
  free(L->gsrc);
  free(L->bits);
  free(L->lo);
  free(L->lst);
  free(L->qf);
  free(L->hb);
  free(L->pf);
  free(L->pbase);
  memset(L, 0, sizeof *L);
}

/* Step 3: a position folded into [0, len) on a periodic axis k. */
static inline double bp_fold_q(const struct gr_bplattice *L, int k, double q)
{
  double len = L->box.len[k];
  if (L->box.periodic[k]) {
    q -= len * floor(q / len);
    if (q >= len) /* -tiny folds to len */
      q = 0.0;
  }
  return q;
}

/* Cell index along axis k of position q (folded first); counts grains
 * outside a walled axis. */
static long bp_axis(struct gr_bplattice *L, int k, double q)
{
  long i = (long)floor(bp_fold_q(L, k, q) / L->d[k]);
  if (i < 0 || i >= L->n[k]) {
    L->nlost++;
    i = i < 0 ? 0 : L->n[k] - 1;
  }
  return i;
}

/* Copy cell s to cell t with the position shifted by (sx, sy). */
static void bp_copy(struct gr_bplattice *L, long t, long s, double sx, double sy)
{
  L->test[t] = L->test[s];
  L->x[t] = L->x[s] + sx;
  L->y[t] = L->y[s] + sy;
  L->vx[t] = L->vx[s];
  L->vy[t] = L->vy[s];
  L->w[t] = L->w[s];
  L->r[t] = L->r[s];
  L->ir[t] = L->ir[s];
  L->m[t] = L->m[s];
  L->gsrc[t] = L->gsrc[s] >= 0 ? L->gsrc[s] : s; /* corners: the interior source */
}

/* Ghost cells of the periodic axes: first columns of the interior rows,
 * then whole rows (corners included); walled axes keep empty ghosts. */
static void bp_ghosts(struct gr_bplattice *L)
{
  long row, g, nx = L->n[0], ny = L->n[1], hl = L->halo;
  if (L->box.periodic[0])
    for (row = hl; row < hl + ny; row++) {
      long base = L->pad + row * L->stride + hl;
      for (g = 1; g <= hl; g++) {
        bp_copy(L, base - g, base + nx - g, -L->box.len[0], 0.0);
        bp_copy(L, base + nx - 1 + g, base + g - 1, L->box.len[0], 0.0);
      }
    }
  if (L->box.periodic[1])
    for (g = 1; g <= hl; g++) {
      long c, lo = L->pad + (hl - g) * L->stride, hi = L->pad + (hl + ny - 1 + g) * L->stride;
      for (c = 0; c < L->stride; c++) {
        bp_copy(L, lo + c, lo + c + ny * L->stride, 0.0, -L->box.len[1]);
        bp_copy(L, hi + c, hi + c - ny * L->stride, 0.0, L->box.len[1]);
      }
    }
}

/* Step 3: the lines of cell c in the lattice vectors it writes, fetched. */
static inline void bp_prefetch(const struct gr_bplattice *L, long c)
{
  const double *v[] = {L->test, L->x, L->y, L->vx, L->vy, L->w, L->r, L->ir, L->m};
  for (int k = 0; k < 9; k++)
    __builtin_prefetch(v[k] + c, 1);
}

/* Step 3 of section 2: Test and the lattice vectors (the cells first,
 * then the scatter, each cell's lines fetched BP_AHEAD grains ahead). */
int gr_bplattice_index(struct gr_bplattice *L, const struct gr_bpgrains *g)
{
  size_t i;
  if (g->n > L->ncap) {
    long *c = realloc(L->cell, g->n * sizeof *c);
    if (c == NULL)
      return GR_ENOMEM;
    L->cell = c;
    L->ncap = g->n;
  }
  memset(L->test, 0, L->ncell * sizeof *L->test);
  for (i = 0; i < g->n; i++) {
    long ix = bp_axis(L, 0, g->x[i]), iy = bp_axis(L, 1, g->y[i]);
    L->cell[i] = L->pad + (iy + L->halo) * L->stride + ix + L->halo;
  }
  for (i = 0; i < g->n; i++) {
    long c = L->cell[i];
    if (i + BP_AHEAD < g->n) /* grains in random order: a line per vector */
      bp_prefetch(L, L->cell[i + BP_AHEAD]);
    L->ndouble += L->test[c] > 0.0;
    L->test[c] = 1.0;
    L->x[c] = bp_fold_q(L, 0, g->x[i]);
    L->y[c] = bp_fold_q(L, 1, g->y[i]);
    L->vx[c] = g->vx[i];
    L->vy[c] = g->vy[i];
    L->w[c] = g->w[i];
    L->r[c] = g->r[i];
    L->ir[c] = 1.0 / g->r[i];
    L->m[c] = g->m[i];
  }
  bp_ghosts(L);
  return GR_OK;
}

/* The half mask's reactions: ghosts folded into their sources, then
 * added to the cell's own sums. */
static void bp_fold(struct gr_bplattice *L)
{
  size_t i;
  for (i = 0; i < L->ncell; i++)
    if (L->gsrc[i] >= 0) {
      long s = L->gsrc[i];
      L->hx[s] += L->hx[i];
      L->hy[s] += L->hy[i];
      L->ht[s] += L->ht[i];
    }
  for (i = 0; i < L->ncell; i++) {
    L->fx[i] += L->hx[i];
    L->fy[i] += L->hy[i];
    L->tq[i] += L->ht[i];
  }
}

/* Step 4: zero the accumulators, run the pass (the paper's one-stage or
 * the two-stage one, bplattice_two.h) block by block, gather.
 * The half mask falls back to the full one for eq. 20 as printed (not
 * antisymmetric). */
void gr_bplattice_forces(struct gr_bplattice *L, const struct gr_bpforce *p,
                         const struct gr_bpgrains *g, int mode, double *fx,
                         double *fy, double *tq, double *maxov)
{
  double *acc[] = {L->fx, L->fy, L->tq, L->hx, L->hy, L->ht};
  int half = (mode & GR_BPLATTICE_HALF) && !(p->variants & GR_BPFORCE_EQ20_ROT), k;
  int cons = p->variants == 0, ov = maxov != NULL || !cons;
  int pass = 3 * half + (cons ? 1 + (maxov != NULL) : 0);
  int two = (mode & GR_BPLATTICE_TWOSTAGE) != 0;
  int form = mode & GR_BPLATTICE_QUEUE ? GR_BPLATTICE_QUEUE : mode & GR_BPLATTICE_NEWTON;
  long b;
  size_t i;
  double mo = 0.0;
  for (k = 0; k < (half ? 6 : 3); k++)
    memset(acc[k], 0, L->ncell * sizeof(double));
  if (ov)
    memset(L->ov, 0, L->ncell * sizeof(double));
  L->ppos = 0;
  for (b = L->c0; b < L->c1; b += BP_BLOCK) {
    long e = b + BP_BLOCK < L->c1 ? b + BP_BLOCK : L->c1;
    if (two)
      (mode & GR_BPLATTICE_VECTOR ? bp_vec_two : bp_novec_two)(L, p, b, e, half, cons, ov, form);
    else
      (mode & GR_BPLATTICE_VECTOR ? bp_vec_passes : bp_novec_passes)[pass](L, p, b, e);
  }
  if (half)
    bp_fold(L);
  for (i = 0; i < g->n; i++) {
    long c = L->cell[i];
    if (i + BP_AHEAD < g->n) {
      long a = L->cell[i + BP_AHEAD];
      __builtin_prefetch(L->fx + a);
      __builtin_prefetch(L->fy + a);
      __builtin_prefetch(L->tq + a);
    }
    fx[i] = L->fx[c];
    fy[i] = L->fy[c];
    tq[i] = L->tq[c];
  }
  if (maxov != NULL) {
    for (i = 0; i < g->n; i++)
      mo = L->ov[L->cell[i]] > mo ? L->ov[L->cell[i]] : mo;
    *maxov = mo;
  }
}

/* Contacts in the outer ring: Test Test{k} (dist < R + R{k}), halved. */
long gr_bplattice_outside(struct gr_bplattice *L)
{
  long c, twice = 0;
  int k;
  for (k = 0; k < L->nring; k++) {
    long o = L->ring[k];
    for (c = L->c0; c < L->c1; c++) {
      double dx = L->x[c] - L->x[c + o], dy = L->y[c] - L->y[c + o],
             s = L->r[c] + L->r[c + o];
      long col = (c - L->pad) % L->stride;
      if (col < L->halo || col >= L->halo + L->n[0])
        continue;
      twice += L->test[c] * L->test[c + o] > 0.0 && dx * dx + dy * dy < s * s;
    }
  }
  L->noutside += twice / 2;
  return twice / 2;
}
