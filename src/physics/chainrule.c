/* granrepro physics: the published ARGESIM C12 program's stopping rule
 * (see chainrule.h). */
#include "physics/chainrule.h"

#include <math.h>
#include <string.h>

const struct gr_chainrule gr_chainrule_published = {
  GR_CHAINRULE_GAPS, GR_CHAINRULE_WEIGHTS, 1, 1
};

/* Partially elastic collision of equal spheres, in the chosen spelling. */
static void rule_collide(enum gr_chainrule_formula f, double e, double *a,
                         double *b)
{
  double va = *a, vb = *b, u;
  switch (f) {
  case GR_CHAINRULE_IMPULSE:
    u = 0.5 * (1.0 + e) * (va - vb);
    *a = va - u;
    *b = vb + u;
    break;
  case GR_CHAINRULE_MEAN:
    *a = (va + vb - e * (va - vb)) / 2.0;
    *b = (va + vb + e * (va - vb)) / 2.0;
    break;
  default:
    *a = (1.0 - e) / 2.0 * va + (1.0 + e) / 2.0 * vb;
    *b = (1.0 + e) / 2.0 * va + (1.0 - e) / 2.0 * vb;
    break;
  }
}

/* Distance between spheres i and i+1 as the program sees it. */
static double rule_dist(const struct gr_chainrule *r, const double *x,
                        const double *d, double diameter, int i)
{
  return r->coords == GR_CHAINRULE_POSITIONS ? x[i + 1] - x[i] - diameter : d[i];
}

/* Next pair by the published rule: the approaching candidate whose
 * d / v_rel (negative) is largest, i.e. soonest.  Returns the pair, -1 when
 * none approaches, -2 on a tie. */
static int rule_next(const struct gr_chainrule *r, const double *x,
                     const double *d, const double *v, double diameter,
                     int last, double *dt)
{
  int i, best = -1, tie = 0;
  double key, bkey = -INFINITY, vr;
  for (i = 0; i < 3; i++) {
    if (r->exclude_last && i == last)
      continue;
    vr = v[i + 1] - v[i];
    if (!(vr < 0.0))
      continue;
    key = rule_dist(r, x, d, diameter, i) / vr;
    if (best < 0 || key > bkey) {
      tie = 0;
      bkey = key;
      best = i;
    } else if (key == bkey) {
      tie = 1;
    }
  }
  *dt = -bkey;
  return (tie && r->stop_on_tie) ? -2 : best;
}

void gr_chainrule_run_c12(const struct gr_chainrule *r, double gap,
                          double diameter, double v0, double e, long max_coll,
                          struct gr_chain_result *res)
{
  double x[4], d[3], v[4] = {0.0, 0.0, 0.0, 0.0}, dt, t = 0.0;
  int i, k, last = -1;
  memset(res, 0, sizeof *res);
  v[0] = v0;
  for (i = 0; i < 4; i++)
    x[i] = i * (gap + diameter);
  for (i = 0; i < 3; i++)
    d[i] = gap;
  res->end = GR_CHAIN_LIMIT;
  while (res->ncoll < max_coll) {
    k = rule_next(r, x, d, v, diameter, last, &dt);
    if (k < 0) {
      res->end = k == -1 ? GR_CHAIN_SEPARATED : GR_CHAIN_AMBIGUOUS;
      break;
    }
    for (i = 0; i < 4; i++)
      x[i] += v[i] * dt;
    for (i = 0; i < 3; i++)
      d[i] += (v[i + 1] - v[i]) * dt;
    d[k] = 0.0;
    t += dt;
    rule_collide(r->formula, e, &v[k], &v[k + 1]);
    last = k;
    res->ncoll++;
  }
  res->t_last = t;
  for (i = 0; i < 4; i++) {
    res->v[i] = v[i];
    if (fabs(v[i] - 0.25 * (v[0] + v[1] + v[2] + v[3])) > res->max_dev)
      res->max_dev = fabs(v[i] - 0.25 * (v[0] + v[1] + v[2] + v[3]));
  }
}
