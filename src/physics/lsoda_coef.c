/* granrepro physics: LSODA's coefficients, norms and Newton matrix
 * (Hindmarsh 1983; Petzold 1983; see lsoda.h).
 *
 * The method coefficients l_j of the Nordsieck corrector and the error
 * constants come from the polynomials of Hindmarsh's DCFODE construction:
 * Adams order q from prod_{i=1}^{q-1} (x + i) integrated over [-1, 0],
 * BDF order q from prod_{i=1}^{q} (x + i) normalised by its linear term.
 * tesco[q][0..2] are the test constants for orders q - 1, q, q + 1. */
#include <math.h>
#include <string.h>

#include "physics/lsoda_priv.h"

/* Adams-Moulton, orders 1-12. */
static void coef_adams(double elco[][GR_LSODA_MAXN + 1], double tesco[][3])
{
  double pc[GR_LSODA_MAXN + 1];
  double rqfac = 1.0;
  int nq;
  elco[1][0] = 1.0;
  elco[1][1] = 1.0;
  tesco[1][0] = 0.0;
  tesco[1][1] = 2.0;
  tesco[2][0] = 1.0;
  tesco[GR_LSODA_MAXN][2] = 0.0;
  pc[0] = 1.0;
  for (nq = 2; nq <= GR_LSODA_MAXN; nq++) {
    double rq1fac = rqfac;
    double fnqm1 = nq - 1;
    double pint, xpin, tsign = 1.0, agamq;
    int i;
    rqfac = rqfac / nq;
    /* p(x) (x + nq - 1): pc holds p's coefficients, lowest first */
    pc[nq - 1] = 0.0;
    for (i = nq - 1; i >= 1; i--)
      pc[i] = pc[i - 1] + fnqm1 * pc[i];
    pc[0] = fnqm1 * pc[0];
    /* integrals over [-1, 0] of p(x) and x p(x) */
    pint = pc[0];
    xpin = pc[0] / 2.0;
    for (i = 2; i <= nq; i++) {
      tsign = -tsign;
      pint += tsign * pc[i - 1] / i;
      xpin += tsign * pc[i - 1] / (i + 1);
    }
    elco[nq][0] = pint * rq1fac;
    elco[nq][1] = 1.0;
    for (i = 2; i <= nq; i++)
      elco[nq][i] = rq1fac * pc[i - 1] / i;
    agamq = rqfac * xpin;
    tesco[nq][1] = 1.0 / agamq;
    if (nq < GR_LSODA_MAXN)
      tesco[nq + 1][0] = 1.0 / agamq * rqfac / (nq + 1);
    tesco[nq - 1][2] = 1.0 / agamq;
  }
}

/* Backward differentiation formulas, orders 1-5. */
static void coef_bdf(double elco[][GR_LSODA_MAXN + 1], double tesco[][3])
{
  double pc[GR_LSODA_MAXS + 2];
  double rq1fac = 1.0;
  int nq, i;
  pc[0] = 1.0;
  for (nq = 1; nq <= GR_LSODA_MAXS; nq++) {
    double fnq = nq;
    /* p(x) (x + nq) */
    pc[nq] = 0.0;
    for (i = nq; i >= 1; i--)
      pc[i] = pc[i - 1] + fnq * pc[i];
    pc[0] = fnq * pc[0];
    for (i = 0; i <= nq; i++)
      elco[nq][i] = pc[i] / pc[1];
    elco[nq][1] = 1.0;
    tesco[nq][0] = rq1fac;
    tesco[nq][1] = (nq + 1) / elco[nq][0];
    tesco[nq][2] = (nq + 2) / elco[nq][0];
    rq1fac /= fnq;
  }
}

void gr_lsoda_coef(struct gr_lsoda *s)
{
  int q;
  memset(s->elco, 0, sizeof s->elco);
  memset(s->tesco, 0, sizeof s->tesco);
  coef_adams(s->elco[0], s->tesco[0]);
  coef_bdf(s->elco[1], s->tesco[1]);
  for (q = 1; q <= GR_LSODA_MAXN; q++)
    s->cm1[q] = s->tesco[0][q][1] * s->elco[0][q][q];
  for (q = 1; q <= GR_LSODA_MAXS; q++)
    s->cm2[q] = s->tesco[1][q][1] * s->elco[1][q][q];
}

double gr_lsoda_mnorm(size_t n, const double *v, const double *w)
{
  double vm = 0.0;
  size_t i;
  for (i = 0; i < n; i++) {
    double a = fabs(v[i]) * w[i];
    if (a > vm)
      vm = a;
  }
  return vm;
}

/* DFNORM: the weighted max norm of an n x n matrix (column major),
 * max_i w_i sum_j |a_ij| / w_j. */
static double fnorm(size_t n, const double *a, const double *w)
{
  double an = 0.0;
  size_t i, j;
  for (i = 0; i < n; i++) {
    double sum = 0.0;
    for (j = 0; j < n; j++)
      sum += fabs(a[j * n + i]) / w[j];
    if (sum * w[i] > an)
      an = sum * w[i];
  }
  return an;
}

/* LU with partial pivoting (largest |a| of the column, first of equals),
 * column oriented, multipliers stored negated below the diagonal. */
static int lu_factor(size_t n, double *a, size_t *ipvt)
{
  size_t k, i, j;
  int info = 0;
  for (k = 0; k < n; k++) {
    double *ck = a + k * n;
    double piv = fabs(ck[k]), t;
    size_t p = k;
    for (i = k + 1; i < n; i++)
      if (fabs(ck[i]) > piv) {
        piv = fabs(ck[i]);
        p = i;
      }
    ipvt[k] = p;
    if (ck[p] == 0.0) {
      info = 1;
      continue;
    }
    if (p != k) {
      t = ck[p];
      ck[p] = ck[k];
      ck[k] = t;
    }
    t = -1.0 / ck[k];
    for (i = k + 1; i < n; i++)
      ck[i] *= t;
    for (j = k + 1; j < n; j++) {
      double *cj = a + j * n;
      t = cj[p];
      if (p != k) {
        cj[p] = cj[k];
        cj[k] = t;
      }
      for (i = k + 1; i < n; i++)
        cj[i] += t * ck[i];
    }
  }
  return info;
}

void gr_lsoda_solve(const struct gr_lsoda *s, double *b)
{
  size_t n = s->n, k, i;
  const double *a = s->pm;
  for (k = 0; k + 1 < n; k++) { /* L y = P b */
    size_t p = s->ipvt[k];
    double t = b[p];
    if (p != k) {
      b[p] = b[k];
      b[k] = t;
    }
    for (i = k + 1; i < n; i++)
      b[i] += t * a[k * n + i];
  }
  for (k = n; k-- > 0;) { /* U x = y */
    double t;
    b[k] /= a[k * n + k];
    t = -b[k];
    for (i = 0; i < k; i++)
      b[i] += t * a[k * n + i];
  }
}

int gr_lsoda_prja(struct gr_lsoda *s)
{
  size_t n = s->n, i, j;
  double hl0 = s->h * s->el0;
  double fac = gr_lsoda_mnorm(n, s->savf, s->ewt);
  double r0 = 1000.0 * fabs(s->h) * s->uround * (double)n * fac;
  double srur = sqrt(s->uround);
  s->nje++;
  s->jcur = 1;
  if (r0 == 0.0)
    r0 = 1.0;
  for (j = 0; j < n; j++) {
    double yj = s->y[j];
    double r = fmax(srur * fabs(yj), r0 / s->ewt[j]);
    double *col = s->pm + j * n;
    s->y[j] += r;
    fac = -hl0 / r;
    if (s->f(s->tn, s->y, s->ftem, s->params) != 0) {
      s->ferr = 1;
      return -1;
    }
    for (i = 0; i < n; i++)
      col[i] = (s->ftem[i] - s->savf[i]) * fac;
    s->y[j] = yj;
  }
  s->nfe += n;
  s->pdnorm = fnorm(n, s->pm, s->ewt) / fabs(hl0);
  for (i = 0; i < n; i++)
    s->pm[i * n + i] += 1.0;
  return lu_factor(n, s->pm, s->ipvt);
}
