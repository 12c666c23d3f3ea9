/* granrepro experiment vdw: Sweetman (2003), chapter 5, the Van der Waals
 * force model and its two-particle test.  Private header of vdw.c
 * (registration, Table 5.1, kernels), vdw_pair.c (the two-particle test),
 * vdw_pair_report.c (its verdicts, data and figures 5.6-5.16) and
 * vdw_derive.c (the derivation check).  Cross-file names are gr_vdwexp_*
 * (physics/vdw.h owns gr_vdw_*). */
#ifndef GR_EXP_VDW_H
#define GR_EXP_VDW_H

struct gr_ctx;

/* Table 5.1 as printed, except the spring constant (see
 * reference/sweetman-2003/table-5.1.tsv): these are the run's inputs and
 * are compared with the table in vdw.c. */
#define VDW_DT 2.82e-10          /* s */
#define VDW_K1 1.0e7             /* N/m: printed 1e-7, implied 1e7 */
#define VDW_E 0.95
#define VDW_MASS_UNIT 5026.0     /* kg for a particle of radius 1 m */
#define VDW_HAMAKER 1.0e-18      /* J */
#define VDW_RADIUS 3.175e-5      /* m */
#define VDW_STEPS 30.0           /* n of eq. 2.23 implied by the table */

/* Parameters the thesis leaves open (reasons in vdw_pair.c and the notes). */
#define VDW_RSS 0.4e-9           /* m: r_ss of eq. 5.1 */
#define VDW_GAP 1.0e-7           /* m: initial surface gap */
#define VDW_CUTOFF_FRAC 0.01     /* alpha_cutoff = 1 % of the radius */

/* Mass of one particle: 5026 kg R^3 (Table 5.1); inline, so that the
 * experiment's files share it without calling into vdw.c. */
static inline double gr_vdwexp_mass(void)
{
  return VDW_MASS_UNIT * VDW_RADIUS * VDW_RADIUS * VDW_RADIUS;
}

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

struct gr_vdw_model;

/* The verdicts, collision table and figures of a finished test
 * (vdw_pair_report.c). */
int gr_vdwexp_pair_report(struct gr_ctx *ctx, const struct gr_vdw_model *m,
                          const struct vdw_run *r);

/* The verdict rows of a run, named pre + "pair/..." (pre "": the run of
 * Table 5.1, whose first-contact restitution is compared with the table). */
void gr_vdwexp_pair_verdicts(struct gr_ctx *ctx, const struct gr_vdw_model *m,
                             const struct vdw_run *r, const char *pre);

/* The recommended range of section 2.5 ("between forty and sixty", Kim
 * 1992) for the steps per collision n of eq. 2.23; Table 5.1's dt is n = 30. */
#define VDW_N_LO 40.0
#define VDW_N_HI 60.0

#endif
