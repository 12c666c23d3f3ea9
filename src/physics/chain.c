/* granrepro physics: event-driven row of equal spheres (ARGESIM C12).
 * See chain.h for the model and the relative-coordinate representation. */
#include "physics/chain.h"
#include "physics/pmath.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define CHAIN_RESCALE 512   /* rescale a set when its max drops below 2^-512 */
#define CHAIN_REPS 12       /* periods a pattern must repeat before a verdict */
#define CHAIN_CONVERGED 1e-7 /* relative change of the contraction per period */
#define CHAIN_SPEED_BITS 1000 /* default: speeds this many octaves down: collapsed */
#define CHAIN_RECENT 64     /* collisions that make up "recently colliding" */

/* Largest |a_i|, i < m. */
static double chain_maxabs(const double *a, int m)
{
  double mx = 0.0;
  int i;
  for (i = 0; i < m; i++)
    if (fabs(a[i]) > mx)
      mx = fabs(a[i]);
  return mx;
}

/* Keep gaps and speeds away from underflow by exact power-of-two scaling. */
static void chain_rescale(struct gr_chain *c)
{
  int i, m = c->n - 1;
  double mw = chain_maxabs(c->w, m), my = chain_maxabs(c->y, m);
  if (mw > 0.0 && mw < ldexp(1.0, -CHAIN_RESCALE)) {
    for (i = 0; i < m; i++)
      c->w[i] = ldexp(c->w[i], CHAIN_RESCALE);
    c->ew -= CHAIN_RESCALE;
  }
  if (my > 0.0 && my < ldexp(1.0, -CHAIN_RESCALE)) {
    for (i = 0; i < m; i++)
      c->y[i] = ldexp(c->y[i], CHAIN_RESCALE);
    c->ey -= CHAIN_RESCALE;
  }
}

int gr_chain_init(struct gr_chain *c, int n, const double *gap,
                  const double *v, double e)
{
  int i;
  double p = 0.0;
  if (n < 2 || n > GR_CHAIN_MAX || !(e >= 0.0 && e <= 1.0))
    return GR_EINPUT;
  memset(c, 0, offsetof(struct gr_chain, hp));
  c->n = n;
  c->e = e;
  c->h = 0.5 * (1.0 + e);
  for (i = 0; i < n; i++) {
    if (!isfinite(v[i]))
      return GR_EINPUT;
    p += v[i];
  }
  c->vcm = p / n;
  for (i = 0; i < n - 1; i++) {
    if (!(gap[i] >= 0.0) || !isfinite(gap[i]))
      return GR_EINPUT;
    c->y[i] = gap[i];
    c->w[i] = v[i] - v[i + 1];
  }
  p = chain_maxabs(c->w, n - 1);
  c->lw0 = p > 0.0 ? ilogb(p) : 0;
  c->speed_bits = CHAIN_SPEED_BITS;
  return GR_OK;
}

int gr_chain_init_c12(struct gr_chain *c, double gap, double v0, double e)
{
  double g[3], v[4] = {0.0, 0.0, 0.0, 0.0};
  g[0] = g[1] = g[2] = gap;
  v[0] = v0;
  return gr_chain_init(c, 4, g, v, e);
}

/* Stored-unit time to the next collision: min y_i / w_i over w_i > 0.
 * Simultaneous collisions (in practice: pairs in contact after a merged
 * collapse) are taken fastest closing speed first, then lowest index, so a
 * fast pair is never starved by a slow one ringing at zero time. */
static double chain_next_stored(const struct gr_chain *c, int *pair)
{
  double best = INFINITY, dt;
  int i;
  *pair = -1;
  for (i = 0; i < c->n - 1; i++) {
    if (c->w[i] <= 0.0)
      continue;
    dt = c->y[i] / c->w[i];
    if (dt < best || (dt == best && c->w[i] > c->w[*pair])) {
      best = dt;
      *pair = i;
    }
  }
  return best;
}

double gr_chain_next(const struct gr_chain *c, int *pair)
{
  double dt = chain_next_stored(c, pair);
  return *pair < 0 ? INFINITY : ldexp(dt, c->ey - c->ew);
}

/* Free flight by dt in stored units (y_i -= w_i dt, clamped at contact). */
static void chain_advance_stored(struct gr_chain *c, double dts)
{
  int i;
  for (i = 0; i < c->n - 1; i++) {
    c->y[i] -= c->w[i] * dts;
    if (c->y[i] < 0.0)
      c->y[i] = 0.0;
  }
}

void gr_chain_advance(struct gr_chain *c, double dt)
{
  chain_advance_stored(c, ldexp(dt, c->ew - c->ey));
  c->t += dt;
}

void gr_chain_collide(struct gr_chain *c, int i)
{
  double wi = c->w[i];
  c->w[i] = -c->e * wi;
  if (i > 0)
    c->w[i - 1] += c->h * wi;
  if (i < c->n - 2)
    c->w[i + 1] += c->h * wi;
  c->ncoll++;
}

double gr_chain_velocity(const struct gr_chain *c, int i)
{
  /* v_0 - vcm = (1/n) sum_k (n-1-k) w_k; v_{j+1} = v_j - w_j */
  double dev = 0.0;
  int k, n = c->n;
  for (k = 0; k < n - 1; k++)
    dev += (double)(n - 1 - k) * c->w[k];
  dev /= n;
  for (k = 0; k < i; k++)
    dev -= c->w[k];
  return c->vcm + ldexp(dev, c->ew);
}

double gr_chain_gap(const struct gr_chain *c, int i)
{
  return ldexp(c->y[i], c->ey);
}

double gr_chain_energy(const struct gr_chain *c)
{
  double k = 0.0, v;
  int i;
  for (i = 0; i < c->n; i++) {
    v = gr_chain_velocity(c, i);
    k += 0.5 * v * v;
  }
  return k;
}

/* Remember the collision just made; update the periodicity run lengths. */
static void chain_remember(struct gr_chain *c, int pair)
{
  long k = c->ncoll;
  int idx = (int)(k % GR_CHAIN_HIST), p, i;
  c->hp[idx] = (unsigned char)pair;
  c->ht[idx] = c->t;
  for (i = 0; i < c->n - 1; i++)
    c->hw[idx][i] = fabs(c->w[i]);
  c->hew[idx] = c->ew;
  for (p = 1; p <= GR_CHAIN_MAX; p++) {
    if (k > p && c->hp[(idx - p + GR_CHAIN_HIST) % GR_CHAIN_HIST] == pair)
      c->run[p]++;
    else
      c->run[p] = 0;
  }
}

/* History slot of the collision j periods of length p back. */
static int chain_slot(const struct gr_chain *c, int p, int j)
{
  return (int)((c->ncoll - (long)j * p) % GR_CHAIN_HIST);
}

/* log2 of the largest closing speed among the pairs in mask at slot s. */
static double chain_scale(const struct gr_chain *c, unsigned mask, int s)
{
  double m = 0.0;
  int i;
  for (i = 0; i < c->n - 1; i++)
    if ((mask >> i & 1u) && c->hw[s][i] > m)
      m = c->hw[s][i];
  return m > 0.0 ? log2(m) + c->hew[s] : -HUGE_VAL;
}

/* Pairs that collided in the last m collisions, as a bit mask. */
static unsigned chain_recent(const struct gr_chain *c, long m)
{
  unsigned mask = 0;
  long j;
  if (m > c->ncoll)
    m = c->ncoll;
  for (j = 0; j < m; j++)
    mask |= 1u << c->hp[(c->ncoll - j) % GR_CHAIN_HIST];
  return mask;
}

/* Chaotic-collapse test: the recently colliding pairs' closing speeds are
 * speed_bits octaves below the initial ones.  Returns the mask or 0. */
static unsigned chain_speed_collapse(const struct gr_chain *c)
{
  unsigned mask;
  if (c->ew > c->lw0 - c->speed_bits + 64)
    return 0; /* cheap exit: no rescale has brought speeds that low yet */
  mask = chain_recent(c, CHAIN_RECENT);
  if (chain_scale(c, mask, (int)(c->ncoll % GR_CHAIN_HIST)) < c->lw0 - c->speed_bits)
    return mask;
  return 0;
}

/* Collapse test: the pair pattern has repeated CHAIN_REPS times with period
 * p, and the largest closing speed among the pairs of the pattern shrinks
 * by the same factor every period.  Returns p (0 when not collapsing, -1
 * for a chaotic collapse found by chain_speed_collapse) and the collapsing
 * pairs as a bit mask. */
static int chain_collapsing(const struct gr_chain *c, unsigned *mask,
                            double *slope)
{
  int p, j;
  double s[4], s0, s1, s2;
  if ((*mask = chain_speed_collapse(c)) != 0) {
    *slope = 0.0;
    return -1;
  }
  for (p = 1; p <= GR_CHAIN_MAX; p++) {
    if (c->run[p] < CHAIN_REPS * p || (CHAIN_REPS + 1) * p >= GR_CHAIN_HIST)
      continue;
    *mask = chain_recent(c, p);
    for (j = 0; j < 4; j++)
      s[j] = chain_scale(c, *mask, chain_slot(c, p, j));
    s0 = s[0] - s[1];
    s1 = s[1] - s[2];
    s2 = s[2] - s[3];
    if (s[3] == -HUGE_VAL || s[0] == -HUGE_VAL)
      continue;
    if (s0 < 0.0 && fabs(s0 - s1) <= CHAIN_CONVERGED * fabs(s0) &&
        fabs(s1 - s2) <= CHAIN_CONVERGED * fabs(s1)) {
      *slope = s0;
      return p;
    }
  }
  return 0;
}

int gr_chain_step(struct gr_chain *c, struct gr_chain_event *ev)
{
  int pair, i;
  double dts = chain_next_stored(c, &pair);
  if (pair < 0)
    return 0;
  chain_advance_stored(c, dts);
  c->y[pair] = 0.0;
  c->t += ldexp(dts, c->ey - c->ew);
  gr_chain_collide(c, pair);
  chain_remember(c, pair);
  chain_rescale(c);
  if (ev != NULL) {
    ev->t = c->t;
    ev->pair = pair;
    for (i = 0; i < c->n; i++)
      ev->v[i] = gr_chain_velocity(c, i);
  }
  return 1;
}

/* Time still to go until the collapse: the durations of successive periods
 * shrink geometrically, t1 r / (1 - r) with r = t1 / t2. */
static double chain_collapse_rest(const struct gr_chain *c, int p)
{
  double ta = c->ht[chain_slot(c, p, 0)], tb = c->ht[chain_slot(c, p, 1)];
  double td = c->ht[chain_slot(c, p, 2)], t1 = ta - tb, t2 = tb - td, r;
  if (!(t2 > 0.0) || !(t1 < t2))
    return 0.0;
  r = t1 / t2;
  return t1 * r / (1.0 - r);
}

/* Merge a collapsing cluster: fly to the collapse time, then close the
 * cluster's gaps and zero its closing speeds (momentum is untouched: the
 * w_i are relative velocities). */
static void chain_merge(struct gr_chain *c, unsigned mask, int p)
{
  int i;
  if (p > 0)
    gr_chain_advance(c, chain_collapse_rest(c, p));
  for (i = 0; i < c->n - 1; i++)
    if (mask >> i & 1u)
      c->y[i] = c->w[i] = 0.0;
  for (i = 0; i <= GR_CHAIN_MAX; i++)
    c->run[i] = 0;
  if (c->ncollapse++ == 0)
    c->t_collapse = c->t;
}

void gr_chain_solve(struct gr_chain *c, long max_coll,
                    struct gr_chain_result *res)
{
  int i, p;
  unsigned mask;
  double slope = 0.0;
  memset(res, 0, sizeof *res);
  res->end = GR_CHAIN_LIMIT;
  while (c->ncoll < max_coll) {
    if (!gr_chain_step(c, NULL)) {
      res->end = c->ncollapse ? GR_CHAIN_COLLAPSED : GR_CHAIN_SEPARATED;
      break;
    }
    if ((p = chain_collapsing(c, &mask, &slope)) != 0) {
      if (c->ncollapse == 0 && p > 0) {
        res->period = p;
        res->contraction = gr_pmath_exp2(slope);
        for (i = 0; i < p; i++)
          res->pattern[i] = c->hp[(c->ncoll - p + 1 + i) % GR_CHAIN_HIST];
      }
      chain_merge(c, mask, p);
    }
  }
  res->ncoll = c->ncoll;
  res->t_last = c->t;
  res->ncollapse = c->ncollapse;
  res->t_collapse = c->t_collapse;
  for (i = 0; i < c->n; i++) {
    res->v[i] = gr_chain_velocity(c, i);
    if (fabs(res->v[i] - c->vcm) > res->max_dev)
      res->max_dev = fabs(res->v[i] - c->vcm);
  }
}
