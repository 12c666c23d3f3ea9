/* granrepro experiment greenspan: the removal of P_19 in the earlier trials
 * of Section 4 ("Two thousand further iterations resulted in P_23, P_26
 * and P_28 sliding down to replace P_19, P_23 and P_26"; "P_1, P_8 and P_14
 * had moved up the side of the triangle while P_23, P_26, and P_28 had
 * moved down") as a decision with power.
 *
 * The bodies without the cutoff bounce as a whole (the centre of mass of
 * the m = 1 body swings by 0.6 over some 5000 steps), so one removal at
 * t_10000 and "y went up" cannot tell the removal's effect from the body's
 * own motion.  Here each removal is paired with a control run from the
 * same state with P_19 kept, and the effect is the window mean (the last
 * 1000 of the 2000 steps, every 10th) of removal minus control.  The
 * removal is repeated at GS_MEMBERS moments GS_MEMBER_GAP steps apart from
 * t_10000 on (one swing of the body), and a claim holds when its
 * direction is seen in so many that a sign test rejects "the direction is
 * a coin flip" at p < 0.01 (criterion fixed before the data were seen;
 * tests/check_power.c holds its size and power). */
#include <math.h>
#include <string.h>

#include "experiments/greenspan1976/greenspan.h"
#include "status.h"

/* A copy of src's state in a new simulation of body b (same reading). */
static int gs_clone(struct gr_psolid **out, const struct gs_body *b, const struct gr_psolid *src)
{
  const struct gr_leapfrog *a = src->lf;
  struct gr_leapfrog *c;
  int rc = gr_greenspan_sim(out, b, &gr_greenspan_readings[0]);
  if (rc != GR_OK)
    return rc;
  c = (*out)->lf;
  memcpy(c->x, a->x, a->n * sizeof *c->x);
  memcpy(c->y, a->y, a->n * sizeof *c->y);
  memcpy(c->vx, a->vx, a->n * sizeof *c->vx);
  memcpy(c->vy, a->vy, a->n * sizeof *c->vy);
  memcpy(c->fx, a->fx, a->n * sizeof *c->fx);
  memcpy(c->fy, a->fy, a->n * sizeof *c->fy);
  c->k = a->k;
  return GR_OK;
}

/* One member: control C and removal R from base's state, GS_AFTER steps;
 * o gets the window means (indexed by the particle's number - 1 in the
 * full body; P_19 itself only in C).  *last (when not NULL) keeps R. */
static int gs_member(const struct gs_body *b, const struct gr_psolid *base,
                     struct gs_removal *o, struct gr_psolid **last)
{
  struct gr_psolid *c = NULL, *r = NULL;
  long k;
  size_t i, j, ns = 0;
  int rc;
  if ((rc = gs_clone(&c, b, base)) != GR_OK || (rc = gs_clone(&r, b, base)) != GR_OK)
    goto out;
  memset(o, 0, sizeof *o);
  gr_leapfrog_remove(r->lf, GS_P19);
  for (k = 1; k <= GS_AFTER; k++) {
    if (gr_psolid_run(c, 1) != 0 || gr_psolid_run(r, 1) != 0) {
      rc = GR_EFAIL;
      goto out;
    }
    if (k <= GS_AFTER - GS_WINDOW || k % GS_SAMPLE != 0)
      continue;
    ns++;
    for (i = 0; i < b->n; i++) {
      j = i < GS_P19 ? i : i - 1;
      o->cx[i] += c->lf->x[i];
      o->cy[i] += c->lf->y[i];
      if (i != GS_P19) {
        o->dx[i] += r->lf->x[j] - c->lf->x[i];
        o->dy[i] += r->lf->y[j] - c->lf->y[i];
      }
    }
  }
  for (i = 0; i < b->n && ns > 0; i++) {
    o->cx[i] /= (double)ns;
    o->cy[i] /= (double)ns;
    o->dx[i] /= (double)ns;
    o->dy[i] /= (double)ns;
  }
out:
  gr_psolid_free(c);
  if (last != NULL && rc == GR_OK)
    *last = r;
  else
    gr_psolid_free(r);
  return rc;
}

/* The members of one trial from base (at t_10000): member 0 removes P_19
 * at once (its removal run is kept in *first for the figure), member k
 * GS_MEMBER_GAP k steps later.  GR_EFAIL when a run diverged. */
int gr_greenspan_removals(const struct gs_body *b, struct gr_psolid *base,
                          struct gs_removal *o, struct gr_psolid **first)
{
  int k, rc;
  *first = NULL;
  for (k = 0; k < GS_MEMBERS; k++) {
    if (k > 0 && gr_psolid_run(base, GS_MEMBER_GAP) != 0)
      return GR_EFAIL;
    if ((rc = gs_member(b, base, &o[k], k == 0 ? first : NULL)) != GR_OK)
      return rc;
  }
  return GR_OK;
}
