/* granrepro physics: LSODA's state, shared by lsoda.c (the driver, as
 * DLSODA with itask = 1), lsoda_step.c (one step, as DSTODA) and
 * lsoda_coef.c (coefficients as DCFODE, norms, the Newton matrix as DPRJA
 * with jt = 2).  Hindmarsh (1983), Petzold (1983): see lsoda.h. */
#ifndef GR_LSODA_PRIV_H
#define GR_LSODA_PRIV_H

#include <stddef.h>

#include "physics/lsoda.h"

#define GR_LSODA_MAXN 12 /* highest Adams order */
#define GR_LSODA_MAXS 5  /* highest BDF order */

struct gr_lsoda {
  size_t n;
  struct gr_lsoda_opts o; /* defaults resolved */
  gr_lsoda_fn f;
  void *params;
  int ferr; /* f returned nonzero */
  double *yh;  /* Nordsieck array, column j (z_j = h^j y^(j)/j!) at yh + j n */
  double *ewt; /* inverse error weights 1/(rtol |y| + atol) */
  double *y, *savf, *acor, *ftem; /* work vectors */
  double *pm;  /* Newton matrix P = I - h el0 J, LU in place (column major) */
  size_t *ipvt;
  /* coefficient sets: elco[meth][q][j], tesco[meth][q][k] (q = order) */
  double elco[2][GR_LSODA_MAXN + 1][GR_LSODA_MAXN + 1];
  double tesco[2][GR_LSODA_MAXN + 1][3];
  double cm1[GR_LSODA_MAXN + 1], cm2[GR_LSODA_MAXS + 1];
  double el[GR_LSODA_MAXN + 1];
  /* step state (DSTODA's) */
  double tn, h, hold, hu, rc, el0, crate, rmax, conit, pdest, pdlast, pdnorm;
  double tsw, tolsf, hmxi, uround, pnorm, dsm;
  int nq, l, lmax, maxord, ialth, ipup, meth, miter, mused, nqu, jstart;
  int icount, irflag, iredo, kflag, jcur, ierpj;
  unsigned long nst, nfe, nje, nslast, nslp;
  int istate; /* of the last call */
  int live;   /* a history to continue (istate = 2) */
};

/* DCFODE: both coefficient sets, and cm1, cm2 of the switch test. */
void gr_lsoda_coef(struct gr_lsoda *s);

/* DMNORM: max_i |v_i| w_i. */
double gr_lsoda_mnorm(size_t n, const double *v, const double *w);

/* DPRJA (jt = 2): P = I - h el0 J with J by forward differences at (tn,
 * y) given savf = f(tn, y); its weighted norm (pdnorm) and LU.  Returns 0,
 * 1 when P is singular, -1 when f failed. */
int gr_lsoda_prja(struct gr_lsoda *s);

/* DSOLSY: solves P x = b in place with the LU of prja. */
void gr_lsoda_solve(const struct gr_lsoda *s, double *b);

/* DSTODA: one step from tn; returns kflag: 0 success, -1 repeated error
 * test failures (or |h| = hmin), -2 repeated convergence failures, -3 f
 * failed. */
int gr_lsoda_step(struct gr_lsoda *s);

#endif
