/* granrepro experiment vdw: Sweetman (2003), chapter 5, the Van der Waals
 * force model and its two-particle test.  Private header of vdw.c
 * (registration, Table 5.1 checked, kernels), vdw_params.c (Table 5.1
 * read as inputs, the model built from it), vdw_pair.c (the two-particle test),
 * vdw_pair_report.c (its verdicts, data and figures 5.6-5.16) and
 * vdw_derive.c (the derivation check).  Cross-file names are gr_vdwexp_*
 * (physics/vdw.h owns gr_vdw_*). */
#ifndef GR_EXP_VDW_H
#define GR_EXP_VDW_H

struct gr_ctx;

/* Table 5.1 (reference/sweetman-2003/table-5.1.tsv), read at the start of
 * each task (gr_vdwexp_params) and of the bench kernel's setup: the run's
 * inputs, SI units.  The spring constant is the table's reading of its
 * misprint (printed 1e-7, read 1e7: gr_ctx_input). */
#define VDW_TABLE "table-5.1"
struct vdw_params {
  double dt;         /* time_step (s) */
  double k1;         /* spring_constant as read (N/m) */
  double e;          /* restitution */
  double mass_unit;  /* mass_unit_radius: kg for a particle of radius 1 m */
  double hamaker;    /* hamaker (J) */
  double radius;     /* radius (m) */
  double steps;      /* n of eq. 2.23 the table implies (whole number) */
};

/* Parameters the thesis leaves open (reasons in vdw_pair.c and the notes). */
#define VDW_RSS 0.4e-9           /* m: r_ss of eq. 5.1 */
#define VDW_GAP 1.0e-7           /* m: initial surface gap */
#define VDW_CUTOFF_FRAC 0.01     /* alpha_cutoff = 1 % of the radius */

/* Mass of one particle: mass_unit R^3 (Table 5.1); inline, so that the
 * experiment's files share it without calling into vdw.c. */
static inline double gr_vdwexp_mass(const struct vdw_params *p)
{
  return p->mass_unit * p->radius * p->radius * p->radius;
}

/* Table 5.1 as the run's inputs (vdw_params.c); a missing or malformed
 * table fails the run. */
int gr_vdwexp_params(struct gr_ctx *ctx, struct vdw_params *p);

struct gr_error;

/* The same for the bench kernel, which has no run context (benchref.h). */
int gr_vdwexp_bench_params(struct vdw_params *p, struct gr_error *err);

struct gr_vdw_model;

/* The combined model of eq. 5.29 for the test's particles: Table 5.1 and
 * the open parameters above (vdw_params.c). */
int gr_vdwexp_model(const struct vdw_params *p, struct gr_vdw_model *m);

/* The two-particle test (section 5.4, figures 5.6-5.16). */
int gr_vdwexp_pair(struct gr_ctx *ctx);

/* The derivation check (section 5.2) by quadrature. */
int gr_vdwexp_derive(struct gr_ctx *ctx);

/* Per-collision record of the two-particle test. */
struct vdw_coll {
  double t0;      /* time of the first overlapping step */
  double vin;     /* closing speed before contact */
  double vout;    /* opening speed after contact */
  double fpeak;   /* largest spring force */
  double dmax;    /* largest overlap */
  double amax;    /* largest separation before the next contact */
  int steps;      /* overlapping steps */
};

#define VDW_MAXCOLL 400

/* What the two-particle test recorded. */
struct vdw_run {
  struct vdw_coll c[VDW_MAXCOLL];
  int ncoll;
  long nsteps;
  double maxrel_f;     /* largest relative deviation from the formulas */
  double maxmom;       /* largest |v0 + v1| / largest |v| */
  double vmax;
  double e0, e1;       /* energy at start and just before the first contact */
  double n;            /* steps per collision of eq. 2.23 behind the run's dt */
};

/* The verdicts, collision table and figures of a finished test
 * (vdw_pair_report.c). */
int gr_vdwexp_pair_report(struct gr_ctx *ctx, const struct vdw_params *p,
                          const struct gr_vdw_model *m, const struct vdw_run *r);

/* The verdict rows of a run, named pre + "pair/..." (pre "": the run of
 * Table 5.1, whose first-contact restitution is compared with the table). */
void gr_vdwexp_pair_verdicts(struct gr_ctx *ctx, const struct vdw_params *p,
                             const struct gr_vdw_model *m, const struct vdw_run *r,
                             const char *pre);

/* Section 2.5's recommended range of the steps per collision n of eq. 2.23
 * ("between forty and sixty", Kim 1992; Table 5.1's dt is n = 30): the
 * table of its two ends, inputs of the n = 40 and 60 runs. */
#define VDW_NTABLE "text-2-5"

/* The range's two ends into ns (vdw_params.c), checked: whole, >= 1. */
int gr_vdwexp_steps_range(struct gr_ctx *ctx, double ns[2]);

#endif
