/* granrepro physics: one LSODA step (Hindmarsh 1983, Petzold 1983; see
 * lsoda.h), as DSTODA does it: predict with the Pascal triangle on the
 * Nordsieck array, correct (functional iteration for Adams, chord Newton
 * for BDF, at most 3 iterations, convergence by the rate estimate), the
 * local error test in the weighted max norm, the step and order choice at
 * orders q - 1, q, q + 1 (safety 1.3, 1.2, 1.4; no change under a factor
 * 1.1; Adams steps held inside the stability region by the Lipschitz
 * estimate), and every 20 steps the method-switch test of Petzold (1983). */
#include <math.h>

#include "physics/lsoda_priv.h"

#define CCMAX 0.3 /* |rc - 1| beyond which the Newton matrix is redone */
#define MAXCOR 3  /* corrector iterations */
#define MSBP 20   /* steps between Jacobians */
#define MXNCF 10  /* convergence failures per step */
#define RATIO 5.0 /* step advantage the switch to BDF needs */

/* Adams stability: |h| L may not exceed sm1[q] at order q. */
static const double sm1[GR_LSODA_MAXN + 1] = {0.0,  0.5,   0.575, 0.55, 0.45,  0.35, 0.25,
                                              0.20, 0.15, 0.10,  0.075, 0.050, 0.025};

/* Step factor for an error estimate d at exponent 1/e, safety c (c2 =
 * c 1e-6 keeps it finite at d = 0). */
static double factor(double d, int e, double c, double c2)
{
  return 1.0 / (c * pow(d, 1.0 / e) + c2);
}

/* The coefficients of order nq of the current method (DSTODA 150). */
static void set_coef(struct gr_lsoda *s)
{
  int j;
  for (j = 0; j < s->l; j++)
    s->el[j] = s->elco[s->meth - 1][s->nq][j];
  s->rc = s->rc * s->el[0] / s->el0;
  s->el0 = s->el[0];
  s->conit = 0.5 / (s->nq + 2);
}

/* Pascal triangle on yh: sign +1 predicts, -1 retracts. */
static void pascal(struct gr_lsoda *s, double sign)
{
  size_t n = s->n, i;
  int jb, c;
  for (jb = 1; jb <= s->nq; jb++)
    for (c = s->nq - jb; c < s->nq; c++) {
      double *a = s->yh + (size_t)c * n, *b = a + n;
      for (i = 0; i < n; i++)
        a[i] += sign * b[i];
    }
}

/* h *= rh within hmin, rmax, hmax and (Adams) the stability bound, the
 * history rescaled (DSTODA 170-178); withmin: apply hmin. */
static void rescale(struct gr_lsoda *s, double rh, int withmin)
{
  size_t n = s->n, i;
  double r = 1.0;
  int j;
  if (withmin)
    rh = fmax(rh, s->o.hmin / fabs(s->h));
  rh = fmin(rh, s->rmax);
  rh = rh / fmax(1.0, fabs(s->h) * s->hmxi * rh);
  if (s->meth == 1) {
    double pdh = fmax(fabs(s->h) * s->pdlast, 0.000001);
    s->irflag = 0;
    if (rh * pdh * 1.00001 >= sm1[s->nq]) {
      rh = sm1[s->nq] / pdh;
      s->irflag = 1;
    }
  }
  for (j = 1; j < s->l; j++) {
    double *c = s->yh + (size_t)j * n;
    r *= rh;
    for (i = 0; i < n; i++)
      c[i] *= r;
  }
  s->h *= rh;
  s->rc *= rh;
  s->ialth = s->l;
}

/* One corrector pass from the prediction (DSTODA 220-410): 0 converged
 * (del, m set), 1 failed to converge, -1 f failed, 2 P singular. */
static int correct(struct gr_lsoda *s, double *del_out, int *m_out)
{
  size_t n = s->n, i;
  double *yh0 = s->yh, *yh1 = s->yh + n;
  double del, delp = 0.0, rate = 0.0;
  int m = 0;
  for (i = 0; i < n; i++)
    s->y[i] = yh0[i];
  if (s->f(s->tn, s->y, s->savf, s->params) != 0)
    return -1;
  s->nfe++;
  if (s->ipup > 0) {
    int e = gr_lsoda_prja(s);
    s->ipup = 0;
    s->rc = 1.0;
    s->nslp = s->nst;
    s->crate = 0.7;
    if (e < 0)
      return -1;
    if (e > 0)
      return 2;
  }
  for (i = 0; i < n; i++)
    s->acor[i] = 0.0;
  for (;;) {
    if (s->miter == 0) { /* functional iteration */
      for (i = 0; i < n; i++) {
        s->savf[i] = s->h * s->savf[i] - yh1[i];
        s->y[i] = s->savf[i] - s->acor[i];
      }
      del = gr_lsoda_mnorm(n, s->y, s->ewt);
      for (i = 0; i < n; i++) {
        s->y[i] = yh0[i] + s->el[0] * s->savf[i];
        s->acor[i] = s->savf[i];
      }
    } else { /* chord Newton */
      for (i = 0; i < n; i++)
        s->y[i] = s->h * s->savf[i] - (yh1[i] + s->acor[i]);
      gr_lsoda_solve(s, s->y);
      del = gr_lsoda_mnorm(n, s->y, s->ewt);
      for (i = 0; i < n; i++) {
        s->acor[i] += s->y[i];
        s->y[i] = yh0[i] + s->el[0] * s->acor[i];
      }
    }
    *del_out = del;
    *m_out = m;
    if (del <= 100.0 * s->pnorm * s->uround)
      return 0;
    if (!(m == 0 && s->meth == 1)) {
      double dcon;
      if (m != 0) {
        double rm = 1024.0;
        if (del <= 1024.0 * delp)
          rm = del / delp;
        rate = fmax(rate, rm);
        s->crate = fmax(0.2 * s->crate, rm);
      }
      dcon = del * fmin(1.0, 1.5 * s->crate) / (s->tesco[s->meth - 1][s->nq][1] * s->conit);
      if (dcon <= 1.0) {
        s->pdest = fmax(s->pdest, rate / fabs(s->h * s->el[0]));
        if (s->pdest != 0.0)
          s->pdlast = s->pdest;
        return 0;
      }
    }
    m++;
    if (m == MAXCOR || (m >= 2 && del > 2.0 * delp))
      return 1;
    delp = del;
    if (s->f(s->tn, s->y, s->savf, s->params) != 0)
      return -1;
    s->nfe++;
  }
}

/* Petzold's switch test after a successful step (DSTODA 470-486): the
 * new method's step factor, or 0 to stay. */
static double switch_test(struct gr_lsoda *s)
{
  double dsm = s->dsm, uround = s->uround;
  if (s->meth == 1) {
    double rh1, rh1it, rh2, pdh;
    int nqm2;
    if (s->nq > 5)
      return 0.0;
    if (!(dsm > 100.0 * s->pnorm * uround && s->pdest != 0.0)) {
      if (s->irflag == 0)
        return 0.0;
      rh2 = 2.0; /* polluted estimates, stability-limited step: double h */
      nqm2 = s->nq < s->o.mxords ? s->nq : s->o.mxords;
    } else {
      rh1 = factor(dsm, s->l, 1.2, 0.0000012);
      rh1it = 2.0 * rh1;
      pdh = s->pdlast * fabs(s->h);
      if (pdh * rh1 > 0.00001)
        rh1it = sm1[s->nq] / pdh;
      rh1 = fmin(rh1, rh1it);
      if (s->nq <= s->o.mxords) {
        double dm2 = dsm * (s->cm1[s->nq] / s->cm2[s->nq]);
        rh2 = factor(dm2, s->l, 1.2, 0.0000012);
        nqm2 = s->nq;
      } else {
        int q = s->o.mxords;
        double dm2 = gr_lsoda_mnorm(s->n, s->yh + (size_t)(q + 1) * s->n, s->ewt) / s->cm2[q];
        rh2 = factor(dm2, q + 1, 1.2, 0.0000012);
        nqm2 = q;
      }
      if (rh2 < RATIO * rh1)
        return 0.0;
    }
    s->meth = 2;
    s->miter = 2;
    s->nq = nqm2;
    s->icount = 20;
    s->pdlast = 0.0;
    s->l = s->nq + 1;
    return rh2;
  } else {
    double rh1, rh1it, rh2, pdh, dm1, exm1;
    int nqm1;
    if (s->o.mxordn >= s->nq) {
      dm1 = dsm * (s->cm2[s->nq] / s->cm1[s->nq]);
      rh1 = factor(dm1, s->l, 1.2, 0.0000012);
      nqm1 = s->nq;
      exm1 = 1.0 / s->l;
    } else {
      int q = s->o.mxordn;
      dm1 = gr_lsoda_mnorm(s->n, s->yh + (size_t)(q + 1) * s->n, s->ewt) / s->cm1[q];
      rh1 = factor(dm1, q + 1, 1.2, 0.0000012);
      nqm1 = q;
      exm1 = 1.0 / (q + 1);
    }
    rh1it = 2.0 * rh1;
    pdh = s->pdnorm * fabs(s->h);
    if (pdh * rh1 > 0.00001)
      rh1it = sm1[nqm1] / pdh;
    rh1 = fmin(rh1, rh1it);
    rh2 = factor(dsm, s->l, 1.2, 0.0000012);
    if (rh1 * RATIO < 5.0 * rh2)
      return 0.0;
    dm1 = pow(fmax(0.001, rh1), exm1) * dm1;
    if (dm1 <= 1000.0 * uround * s->pnorm)
      return 0.0;
    s->meth = 1;
    s->miter = 0;
    s->nq = nqm1;
    s->icount = 20;
    s->pdlast = 0.0;
    s->l = s->nq + 1;
    return rh1;
  }
}

/* Order and step choice (DSTODA 520-630) after a successful step
 * (success = 1: order q + 1 considered) or a failed error test: factors
 * rhdn, rhsm, rhup for orders q - 1, q, q + 1, the largest wins.  Returns
 * 1 when h (and maybe q) changed, 0 when the change was under 1.1. */
static int choose(struct gr_lsoda *s, int success)
{
  size_t n = s->n, i;
  const double *tes = s->tesco[s->meth - 1][s->nq];
  double rhup = 0.0, rhdn = 0.0, rhsm, rh, pdh = 0.0;
  int newq;
  if (success && s->l != s->lmax) {
    const double *last = s->yh + (size_t)(s->lmax - 1) * n;
    for (i = 0; i < n; i++)
      s->savf[i] = s->acor[i] - last[i];
    rhup = factor(gr_lsoda_mnorm(n, s->savf, s->ewt) / tes[2], s->l + 1, 1.4, 0.0000014);
  }
  rhsm = factor(s->dsm, s->l, 1.2, 0.0000012);
  if (s->nq != 1)
    rhdn = factor(gr_lsoda_mnorm(n, s->yh + (size_t)s->nq * n, s->ewt) / tes[0], s->nq, 1.3,
                  0.0000013);
  if (s->meth == 1) {
    pdh = fmax(fabs(s->h) * s->pdlast, 0.000001);
    if (s->l < s->lmax)
      rhup = fmin(rhup, sm1[s->l] / pdh);
    rhsm = fmin(rhsm, sm1[s->nq] / pdh);
    if (s->nq > 1)
      rhdn = fmin(rhdn, sm1[s->nq - 1] / pdh);
    s->pdest = 0.0;
  }
  if (rhsm < rhup && rhup > rhdn) { /* order up */
    double r = s->el[s->l - 1] / s->l, *c = s->yh + (size_t)s->l * n;
    if (rhup < 1.1) {
      s->ialth = 3;
      return 0;
    }
    for (i = 0; i < n; i++)
      c[i] = s->acor[i] * r;
    s->nq = s->l;
    s->l = s->nq + 1;
    set_coef(s);
    rescale(s, rhup, 1);
    return 1;
  }
  if (rhsm >= rhup && rhsm >= rhdn) {
    newq = s->nq;
    rh = rhsm;
  } else {
    newq = s->nq - 1;
    rh = rhdn;
    if (s->kflag < 0 && rh > 1.0)
      rh = 1.0;
  }
  if (!(s->meth == 1 && rh * pdh * 1.00001 >= sm1[newq]) && s->kflag == 0 && rh < 1.1) {
    s->ialth = 3;
    return 0;
  }
  if (s->kflag <= -2)
    rh = fmin(rh, 0.2);
  if (newq != s->nq) {
    s->nq = newq;
    s->l = newq + 1;
    set_coef(s);
  }
  rescale(s, rh, 1);
  return 1;
}

/* Start of a step (DSTODA before 200): the first step's state, or the
 * coefficients of a new method after a switch. */
static void begin(struct gr_lsoda *s)
{
  if (s->jstart == 0) {
    s->lmax = s->maxord + 1;
    s->nq = 1;
    s->l = 2;
    s->ialth = 2;
    s->rmax = 10000.0;
    s->rc = 0.0;
    s->el0 = 1.0;
    s->crate = 0.7;
    s->hold = s->h;
    s->nslp = 0;
    s->ipup = s->miter;
    s->icount = 20;
    s->irflag = 0;
    s->pdest = 0.0;
    s->pdlast = 0.0;
    set_coef(s);
  } else if (s->jstart == -1) {
    s->ipup = s->miter;
    s->lmax = s->maxord + 1;
    if (s->ialth == 1)
      s->ialth = 2;
    if (s->meth != s->mused) {
      s->ialth = s->l;
      set_coef(s);
    }
    if (s->h != s->hold) {
      double rh = s->h / s->hold;
      s->h = s->hold;
      s->iredo = 3;
      rescale(s, rh, 0);
    }
  }
}

/* After a successful step: update the history, test the method switch,
 * choose h and q (DSTODA 450-490, 690-720). */
static void accept(struct gr_lsoda *s)
{
  size_t n = s->n, i;
  int j;
  double rh;
  s->kflag = 0;
  s->iredo = 0;
  s->nst++;
  s->hu = s->h;
  s->nqu = s->nq;
  s->mused = s->meth;
  for (j = 0; j < s->l; j++) {
    double *c = s->yh + (size_t)j * n;
    for (i = 0; i < n; i++)
      c[i] += s->el[j] * s->acor[i];
  }
  s->icount--;
  if (s->icount < 0 && (rh = switch_test(s)) > 0.0) {
    rescale(s, rh, 1);
    s->rmax = 10.0;
  } else {
    s->ialth--;
    if (s->ialth == 0) {
      if (choose(s, 1))
        s->rmax = 10.0;
    } else if (s->ialth == 1 && s->l != s->lmax) {
      double *c = s->yh + (size_t)(s->lmax - 1) * n;
      for (i = 0; i < n; i++)
        c[i] = s->acor[i];
    }
  }
  s->hold = s->h;
  s->jstart = 1;
}

/* After a failed error test (DSTODA 500-515, 640-650): 0 to retry, else
 * kflag -1 (give up) or -3 (f failed). */
static int reject(struct gr_lsoda *s)
{
  size_t n = s->n, i;
  double rh;
  s->kflag--;
  if (fabs(s->h) <= s->o.hmin * 1.00001)
    return -1;
  if (s->kflag > -3) {
    s->iredo = 2;
    (void)choose(s, 0);
    return 0;
  }
  if (s->kflag == -10)
    return -1;
  rh = fmax(s->o.hmin / fabs(s->h), 0.1);
  s->h *= rh;
  for (i = 0; i < n; i++)
    s->y[i] = s->yh[i];
  if (s->f(s->tn, s->y, s->savf, s->params) != 0)
    return -3;
  s->nfe++;
  for (i = 0; i < n; i++)
    s->yh[n + i] = s->h * s->savf[i];
  s->ipup = s->miter;
  s->ialth = 5;
  if (s->nq != 1) {
    s->nq = 1;
    s->l = 2;
    set_coef(s);
  }
  return 0;
}

int gr_lsoda_step(struct gr_lsoda *s)
{
  double told = s->tn;
  int ncf = 0;
  s->kflag = 0;
  s->jcur = 0;
  begin(s);
  for (;;) {
    double del = 0.0;
    int m = 0, c;
    if (fabs(s->rc - 1.0) > CCMAX)
      s->ipup = s->miter;
    if (s->nst >= s->nslp + MSBP)
      s->ipup = s->miter;
    s->tn += s->h;
    pascal(s, 1.0);
    s->pnorm = gr_lsoda_mnorm(s->n, s->yh, s->ewt);
    c = correct(s, &del, &m);
    while (c == 1 && s->miter != 0 && s->jcur != 1) { /* retry with a new Jacobian */
      s->ipup = s->miter;
      c = correct(s, &del, &m);
    }
    if (c != 0) { /* convergence failure: retract, h / 4 */
      ncf++;
      s->rmax = 2.0;
      s->tn = told;
      pascal(s, -1.0);
      if (c < 0)
        return -3;
      if (fabs(s->h) <= s->o.hmin * 1.00001 || ncf == MXNCF)
        return -2;
      s->ipup = s->miter;
      s->iredo = 1;
      rescale(s, 0.25, 1);
      continue;
    }
    s->jcur = 0;
    s->dsm = (m == 0 ? del : gr_lsoda_mnorm(s->n, s->acor, s->ewt)) /
             s->tesco[s->meth - 1][s->nq][1];
    if (s->dsm <= 1.0) {
      accept(s);
      return 0;
    }
    s->tn = told;
    pascal(s, -1.0);
    s->rmax = 2.0;
    c = reject(s);
    if (c != 0)
      return c;
  }
}
