/* granrepro experiment vdw: M. Sweetman (2003), chapter 5, Table 5.1 as
 * the run's and the bench kernel's inputs (read from
 * reference/sweetman-2003/table-5.1.tsv and checked usable), section 2.5's
 * steps per collision (text-2-5.tsv), and the
 * combined model of eq. 5.29 built from them.  A file of its own so that
 * vdw.c, vdw_pair.c and vdw_derive.c all call it without calling each
 * other (tests/circles.sh). */
#include "experiments/sweetman-2003/vdw.h"

#include <math.h>
#include <stdio.h>

#include "harness/benchref.h"
#include "harness/ctx.h"
#include "harness/error.h"
#include "physics/vdwpair.h"

/* The rows of Table 5.1 the run takes as inputs, in the order of
 * vdw_param_slot. */
static const char *const vdw_rows[] = {"time_step", "spring_constant", "restitution",
                                       "mass_unit_radius", "hamaker", "radius"};
#define VDW_NROWS (sizeof vdw_rows / sizeof vdw_rows[0])

/* Where row i of vdw_rows goes. */
static double *vdw_param_slot(struct vdw_params *p, size_t i)
{
  double *slot[VDW_NROWS] = {&p->dt, &p->k1, &p->e, &p->mass_unit, &p->hamaker, &p->radius};
  return slot[i];
}

/* Eq. 2.23 solved for n with the table's dt and K1 as read: the whole
 * number of steps per collision behind the printed dt (30.01 -> 30). */
static void vdw_params_steps(struct vdw_params *p)
{
  p->steps = nearbyint(gr_contact_n_from_dt(gr_vdwexp_mass(p), p->k1, p->e, p->dt));
}

/* The inputs the run cannot work with: dt > 0, 0 < e <= 1 and at least
 * one step per collision; 0 when they are usable, else 1 with the reason
 * in msg. */
static int vdw_params_bad(const struct vdw_params *p, char *msg, size_t n)
{
  if (!(p->dt > 0.0))
    snprintf(msg, n, "time_step = %g: give a time step above 0", p->dt);
  else if (!(p->e > 0.0 && p->e <= 1.0))
    snprintf(msg, n, "restitution = %g: give a restitution above 0 and at most 1", p->e);
  else if (!(p->steps >= 1.0))
    snprintf(msg, n, "time_step = %g with spring_constant = %g gives %g steps per collision (eq. 2.23): give at least 1",
             p->dt, p->k1, p->steps);
  else
    return 0;
  return 1;
}

/* Table 5.1 as the run's inputs; each row is compared in vdw_table51. */
int gr_vdwexp_params(struct gr_ctx *ctx, struct vdw_params *p)
{
  char msg[200];
  size_t i;
  for (i = 0; i < VDW_NROWS; i++)
    if (gr_ctx_input(ctx, VDW_TABLE, vdw_rows[i], "value", vdw_param_slot(p, i)) != GR_OK)
      return gr_ctx_error(ctx)->code;
  vdw_params_steps(p);
  if (vdw_params_bad(p, msg, sizeof msg))
    return gr_ctx_fail(ctx, GR_EINPUT, "sweetman-2003/%s.tsv: %s", VDW_TABLE, msg);
  return GR_OK;
}

/* Section 2.5's range of steps per collision n (text-2-5.tsv), each a
 * whole number of at least 1; handed to the notes as steps_low/high. */
int gr_vdwexp_steps_range(struct gr_ctx *ctx, double ns[2])
{
  static const char *const rows[2] = {"steps_low", "steps_high"};
  int i;
  for (i = 0; i < 2; i++) {
    if (gr_ctx_input(ctx, VDW_NTABLE, rows[i], "value", &ns[i]) != GR_OK)
      return gr_ctx_error(ctx)->code;
    if (!(ns[i] >= 1.0) || ns[i] != nearbyint(ns[i]))
      return gr_ctx_fail(ctx, GR_EINPUT, "sweetman-2003/%s.tsv: %s = %g: give a whole number of steps per collision, at least 1",
                         VDW_NTABLE, rows[i], ns[i]);
    gr_ctx_value(ctx, rows[i], ns[i]);
  }
  return GR_OK;
}

/* Table 5.1 for the kernel, read as gr_vdwexp_params reads it for the
 * run (benchref.h: the bench names reference/sweetman-2003/ first). */
int gr_vdwexp_bench_params(struct vdw_params *p, struct gr_error *err)
{
  size_t i;
  int rc = GR_OK;
  char msg[200];
  for (i = 0; i < VDW_NROWS && rc == GR_OK; i++)
    rc = gr_benchref_input(VDW_TABLE, vdw_rows[i], "value", vdw_param_slot(p, i), err);
  if (rc != GR_OK)
    return rc;
  vdw_params_steps(p);
  if (vdw_params_bad(p, msg, sizeof msg))
    return gr_error_set(err, GR_EINPUT, "sweetman-2003/%s.tsv: %s", VDW_TABLE, msg);
  return GR_OK;
}

/* Eq. 5.29 for two equal spheres of Table 5.1 (R_eff of eq. 5.28), with
 * r_ss, alpha_min at the zero of eq. 5.28 and the cut-off as chosen. */
int gr_vdwexp_model(const struct vdw_params *p, struct gr_vdw_model *m)
{
  return gr_vdw_model_init(m, p->hamaker, gr_vdw_reff(p->radius, p->radius), VDW_RSS,
                           VDW_CUTOFF_FRAC * p->radius, gr_vdw_zero_separation(VDW_RSS),
                           p->k1, p->e);
}
