/* granrepro experiment greenspan: Greenspan & Rosati, "Computer Generation
 * of Particle Solids" (UW-Madison CS TR 273, 1976).  The readings of the
 * paper and its FORTRAN listing, the bodies, the run loop with the
 * listing's restarts, the benchmark kernel and the registration. */
#include "experiments/greenspan.h"

#include <math.h>
#include <stdlib.h>

#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "harness/report.h"

#define L GR_LEAPFROG_START_FULL
#define T GR_LEAPFROG_START_HALF
#define LS GR_PAIRFORCE_SUM_LISTING

/* Where the text and the listing disagree (see notes in the report):
 * start of the leap-frog (eq. 2.1 vs the listing's full first kick), floor
 * (text: v_y -> -v_y; listing: -.1*VY), G and H (listing: both 2500),
 * force sign (eqs. 2.5-2.6 as printed make H attractive), Table 1's
 * x_20 = -6, the step count (listing's K starts at 1 and each run stops at
 * K = 5000, the state punched in F10.4 for the restart).  The last five
 * rows perturb the first one to measure what is reproducible at all. */
const struct gs_reading gs_readings[] = {
  {"listing", "listing: full first kick, floor -.1 v_y, K counter, restart from F10.4 cards at K = 5000", L, 0.1, 0, 0, 0, 1, 1, 1, LS, 0, 0, 0},
  {"one-run", "listing without the restart (9999 steps)", L, 0.1, 0, 0, 0, 1, 1, 0, LS, 0, 0, 0},
  {"10000-steps", "listing, one run of 10000 steps", L, 0.1, 0, 0, 0, 1, 0, 0, LS, 0, 0, 0},
  {"start-2.1", "listing, but the half first kick of eq. (2.1)", T, 0.1, 0, 0, 0, 1, 1, 1, LS, 0, 0, 0},
  {"floor-text", "listing, but the text's undamped floor v_y -> -v_y", L, 1.0, 0, 0, 0, 1, 1, 1, LS, 0, 0, 0},
  {"GH-listing", "listing, with the listing's G = H = 2500", L, 0.1, 0, 2500, 2500, 1, 1, 1, LS, 0, 0, 0},
  {"table1-printed", "listing, with Table 1 as printed (x_20 = -6)", L, 0.1, 0, 0, 0, 1, 1, 1, LS, 0, 0, 1},
  {"sign-printed", "listing, with the force sign of eqs. (2.5)-(2.6) as printed", L, 0.1, 0, 0, 0, -1, 1, 1, LS, 0, 0, 0},
  {"text", "text only: eq. (2.1), floor -v_y, 10000 steps, one run", T, 1.0, 0, 0, 0, 1, 0, 0, LS, 0, 0, 0},
  {"perturb+1e-8", "sensitivity: listing, x_N + 1e-8 at t = 0", L, 0.1, 0, 0, 0, 1, 1, 1, LS, 0, 1e-8, 0},
  {"perturb-1e-8", "sensitivity: listing, x_N - 1e-8 at t = 0", L, 0.1, 0, 0, 0, 1, 1, 1, LS, 0, -1e-8, 0},
  {"sum-reverse", "sensitivity: listing, pair forces summed in reverse order", L, 0.1, 0, 0, 0, 1, 1, 1, GR_PAIRFORCE_SUM_REVERSE, 0, 0, 0},
  {"sum-exact", "sensitivity: listing, correctly rounded force sums (exactly symmetric)", L, 0.1, 0, 0, 0, 1, 1, 1, GR_PAIRFORCE_SUM_EXACT, 0, 0, 0},
  {"single", "sensitivity: listing, binary32 storage of state and forces", L, 0.1, 0, 0, 0, 1, 1, 1, LS, 1, 0, 0},
};
const size_t gs_nreadings = sizeof gs_readings / sizeof gs_readings[0];
_Static_assert(sizeof gs_readings / sizeof gs_readings[0] == GS_NREADINGS,
               "GS_NREADINGS must count gs_readings[]");

/* Coordinates as exact decimal tenths (k / 10 is correctly rounded, so
 * mirror images are exact negatives). */
static void put(struct gs_body *b, int xtenths, int ytenths)
{
  b->x[b->n] = xtenths / 10.0;
  b->y[b->n] = ytenths / 10.0;
  b->n++;
}

/* Fig. 4.1 / Table 1: rows of 7, 6, ..., 1 particles, base 1.2, height 0.8;
 * eq. (4.1) and the cutoff. */
void gs_body_triangle(struct gs_body *b)
{
  int r, j;
  b->n = 0;
  for (r = 0; r < 7; r++)
    for (j = 0; j < 7 - r; j++)
      put(b, -36 + 6 * r + 12 * j, 8 * r);
  b->m = 1.0;
  b->G = 2500.0;
  b->H = 2900.0;
  b->alpha = 6;
  b->beta = 4;
  b->cutoff = GS_CUTOFF;
}

/* Table 3: rows of 7 and 6 particles alternately, seven rows; eq. (5.1). */
void gs_body_rectangle(struct gs_body *b)
{
  int r, j;
  b->n = 0;
  for (r = 0; r < 7; r++)
    for (j = 0; j < (r % 2 ? 6 : 7); j++)
      put(b, (r % 2 ? -30 : -36) + 12 * j, 8 * r);
  b->m = 1.0;
  b->G = 2540.0;
  b->H = 2940.0;
  b->alpha = 10;
  b->beta = 7;
  b->cutoff = GS_CUTOFF;
}

/* Fig. 5.1 (a): two particles a row, each row shifted by half a base. */
void gs_body_staircase(struct gs_body *b)
{
  int r, j;
  gs_body_triangle(b);
  b->n = 0;
  for (r = 0; r < 4; r++)
    for (j = 0; j < 2; j++)
      put(b, -36 + 6 * r + 12 * j, 8 * r);
}

void gs_body_mirror(const struct gs_body *b, int *partner)
{
  size_t i, j;
  for (i = 0; i < b->n; i++) {
    partner[i] = -1;
    for (j = 0; j < b->n; j++)
      if (b->x[j] == -b->x[i] && b->y[j] == b->y[i])
        partner[i] = (int)j;
  }
}

static int gs_force(void *arg, size_t n, const double *x, const double *y,
                    const double *m, double *fx, double *fy)
{
  struct gs_sim *s = arg;
  return gr_pairforce_total(&s->pf, s->ws, n, x, y, m, fx, fy) == GR_PAIRFORCE_NOWS;
}

struct gs_sim *gs_sim_new(const struct gs_body *b, const struct gs_reading *rd)
{
  struct gs_sim *s = calloc(1, sizeof *s);
  struct gr_leapfrog_opts o;
  size_t i;
  if (s == NULL)
    return NULL;
  s->rd = *rd;
  s->pf.G = rd->G > 0 ? rd->G : b->G;
  s->pf.H = rd->H > 0 ? rd->H : b->H;
  s->pf.alpha = b->alpha;
  s->pf.beta = b->beta;
  s->pf.cutoff = b->cutoff;
  s->pf.sign = rd->sign;
  s->pf.sum = rd->sum;
  o.dt = GS_DT;
  o.g = GS_GRAVITY;
  o.start = rd->start;
  o.floor = 1;
  o.floor_e = rd->floor_e;
  o.floor_kx = rd->floor_kx;
  o.single = rd->single;
  s->ws = gr_pairforce_ws_new(b->n);
  s->lf = gr_leapfrog_new(b->n, &o, gs_force, s);
  if (s->ws == NULL || s->lf == NULL) {
    gs_sim_free(s);
    return NULL;
  }
  for (i = 0; i < b->n; i++) {
    s->lf->x[i] = b->x[i];
    s->lf->y[i] = b->y[i];
    s->lf->m[i] = b->m;
  }
  s->lf->x[b->n - 1] += rd->perturb;
  return s;
}

void gs_sim_free(struct gs_sim *s)
{
  if (s == NULL)
    return;
  gr_leapfrog_free(s->lf);
  gr_pairforce_ws_free(s->ws);
  free(s);
}

/* The listing counts K = 1, 2, ... with K = 2 after the first step and
 * stops at K = 5000 (4999 steps); a restart begins again at K = 1 from the
 * punched state.  So t_n of a restarted run is n - 1 - (n - 1) / 5000
 * steps (t_10000: 9998, t_32000: 31993). */
long gs_steps_for(const struct gs_reading *rd, long n)
{
  long q;
  if (!rd->listing_counter)
    return n;
  if (!rd->restart)
    return n - 1;
  q = (n - 1) / GS_KSTOP;
  return q * (GS_KSTOP - 1) + (n - 1 - q * GS_KSTOP);
}

/* PUNCH 10 with FORMAT (5F10.4): four decimals, rounded. */
static double punch(double v)
{
  return round(v * 1e4) / 1e4;
}

int gs_sim_advance(struct gs_sim *s, long n)
{
  struct gr_leapfrog *lf = s->lf;
  long target = gs_steps_for(&s->rd, n);
  size_t i;
  while (!s->diverged && lf->k < target) {
    if (s->rd.restart && lf->k > 0 && lf->k % (GS_KSTOP - 1) == 0)
      for (i = 0; i < lf->n; i++) {
        lf->x[i] = punch(lf->x[i]);
        lf->y[i] = punch(lf->y[i]);
        lf->vx[i] = punch(lf->vx[i]);
        lf->vy[i] = punch(lf->vy[i]);
      }
    if (gr_leapfrog_step(lf) != 0)
      s->diverged = 1;
    for (i = 0; i < lf->n; i++)
      if (!isfinite(lf->x[i]) || !isfinite(lf->y[i]) || !isfinite(lf->vx[i]) || !isfinite(lf->vy[i]))
        s->diverged = 1;
  }
  return s->diverged;
}

double gs_sim_asymmetry(const struct gs_sim *s, const int *partner)
{
  const struct gr_leapfrog *lf = s->lf;
  double a = 0.0;
  size_t i;
  for (i = 0; i < lf->n; i++) {
    size_t j;
    if (partner[i] < 0)
      continue;
    j = (size_t)partner[i];
    a = fmax(a, fabs(lf->x[i] + lf->x[j]));
    a = fmax(a, fabs(lf->y[i] - lf->y[j]));
    a = fmax(a, fabs(lf->vx[i] + lf->vx[j]));
    a = fmax(a, fabs(lf->vy[i] - lf->vy[j]));
  }
  return s->diverged ? INFINITY : a;
}

void gs_write_positions(struct gr_data *d, const struct gs_sim *s, long label)
{
  size_t i;
  for (i = 0; i < s->lf->n; i++)
    gr_data_printf(d, "%ld %zu %.10f %.10f %.10f %.10f\n", label, i + 1, s->lf->x[i],
                   s->lf->y[i], s->lf->vx[i], s->lf->vy[i]);
  gr_data_printf(d, "\n\n");
}

/* ---- benchmark kernel ------------------------------------------------- */

struct gs_bench {
  struct gs_body body;
  long n;
};

static int gs_bench_setup(void **state, const void *arg, int quick,
                          unsigned long seed, struct gr_error *err)
{
  struct gs_bench *b = calloc(1, sizeof *b);
  (void)arg;
  (void)seed;
  if (b == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  gs_body_triangle(&b->body);
  b->n = quick ? 2000 : 10000;
  *state = b;
  return GR_OK;
}

/* The triangular body of Section 4 under the listing's reading: particle
 * steps done. */
static double gs_bench_triangle(void *state)
{
  struct gs_bench *b = state;
  struct gs_sim *s = gs_sim_new(&b->body, &gs_readings[0]);
  double work;
  if (s == NULL)
    return 0.0;
  gs_sim_advance(s, b->n);
  work = (double)s->lf->k * (double)s->lf->n;
  gs_sim_free(s);
  return work;
}

static void gs_bench_teardown(void *state)
{
  free(state);
}

static const struct gr_kernel gs_kernels[] = {
  {.name = "triangle", .unit = "particle-steps", .setup = gs_bench_setup, .run = gs_bench_triangle, .teardown = gs_bench_teardown},
};

static const struct gr_task gs_tasks[] = {
    {"constants", gs_constants}, {"triangle", gs_triangle},
    {"falling", gs_falling}, {"rectangle", gs_rectangle}, {"trials", gs_trials}};

/* The experiment: its tasks in order, each a timed phase. */
static int gs_run(struct gr_ctx *ctx)
{
  return gr_ctx_run_tasks(ctx, gs_tasks, sizeof gs_tasks / sizeof gs_tasks[0]);
}

const struct gr_experiment gr_exp_greenspan = {
  "greenspan",
  "Greenspan & Rosati 1976: computer generation of particle solids",
  "D. Greenspan, M. Rosati, Computer Generation of Particle Solids, "
  "Computer Sciences TR 273, University of Wisconsin-Madison, 1976 "
  "(Tables 1-4, Section 4 K sequence, Figs. 4.2, 5.1, 5.2)",
  "greenspan1976",
  gs_run,
  gs_kernels,
  sizeof gs_kernels / sizeof gs_kernels[0],
};
