/* granrepro experiment vdw: Sweetman (2003), chapter 5, the Van der Waals
 * force model and its two-particle test.  Shared declarations of vdw.c
 * (registration, Table 5.1, kernels), vdw_pair.c (the two-particle test,
 * figures 5.6-5.16) and vdw_derive.c (the derivation check). */
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

/* Parameters the thesis leaves open (reasons in vdw_pair.c and README). */
#define VDW_RSS 0.4e-9           /* m: r_ss of eq. 5.1 */
#define VDW_GAP 1.0e-7           /* m: initial surface gap */
#define VDW_CUTOFF_FRAC 0.01     /* alpha_cutoff = 1 % of the radius */

/* Mass of one particle: 5026 kg R^3 (Table 5.1). */
double vdw_mass(void);

/* The two-particle test (section 5.4, figures 5.6-5.16). */
int vdw_pair(struct gr_ctx *ctx);

/* The derivation check (section 5.2) by quadrature. */
int vdw_derive(struct gr_ctx *ctx);

#endif
