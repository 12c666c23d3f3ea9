/* granrepro physics: numerical Hamaker integrals over molecule-wall,
 * sphere-wall, wall-wall and sphere-sphere geometries (Sweetman 2003,
 * section 5.2; Israelachvili 1992).  See hamaker.h. */
#include "physics/hamaker.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>

#define GR_HAMAKER_LEVELS 3
#define GR_HAMAKER_LIMIT 2000
#define GR_HAMAKER_PTS 64

/* One workspace per nesting level: level 0 is the outermost integral. */
struct gr_hamaker {
  gsl_integration_workspace *ws[GR_HAMAKER_LEVELS];
  double epsrel;
  int nested;
  gsl_error_handler_t *old_handler; /* restored by gr_hamaker_free */
  /* parameters of the integrand being evaluated */
  int n;
  double r, alpha, d, a;
};

struct gr_hamaker *gr_hamaker_new(double epsrel, int nested)
{
  struct gr_hamaker *h = calloc(1, sizeof *h);
  int i;
  if (h == NULL)
    return NULL;
  h->old_handler = gsl_set_error_handler_off();
  for (i = 0; i < GR_HAMAKER_LEVELS; i++)
    if ((h->ws[i] = gsl_integration_workspace_alloc(GR_HAMAKER_LIMIT)) == NULL) {
      gr_hamaker_free(h);
      return NULL;
    }
  h->epsrel = epsrel;
  h->nested = nested;
  return h;
}

void gr_hamaker_free(struct gr_hamaker *h)
{
  int i;
  if (h == NULL)
    return;
  for (i = 0; i < GR_HAMAKER_LEVELS; i++)
    if (h->ws[i] != NULL)
      gsl_integration_workspace_free(h->ws[i]);
  gsl_set_error_handler(h->old_handler);
  free(h);
}

/* Inner levels ask for ten times the accuracy of the level above. */
static double hk_eps(const struct gr_hamaker *h, int level)
{
  return h->epsrel * pow(0.1, level);
}

/* ---- molecule and wall (eq. 5.9) -------------------------------------- */

struct hk_ring { int n; double z; };

/* 2 pi x / (z^2 + x^2)^(n/2): molecules on a ring of radius x. */
static double hk_ring_f(double x, void *p)
{
  const struct hk_ring *q = p;
  return 2.0 * M_PI * x * pow(q->z * q->z + x * x, -0.5 * q->n);
}

/* Inner integral of eq. 5.9 over the plane at depth z (closed form
 * 2 pi / ((n - 2) z^(n-2)), eq. 5.10), numerically at the given level. */
static double hk_plane(struct gr_hamaker *h, int level, int n, double z)
{
  struct hk_ring q = {n, z};
  gsl_function f = {hk_ring_f, &q};
  double v = 0.0, err;
  /* scale x by z: the integrand lives on x ~ z */
  gsl_integration_qagiu(&f, 0.0, 0.0, hk_eps(h, level), GR_HAMAKER_LIMIT,
                        h->ws[level], &v, &err);
  return v;
}

struct hk_mw { struct gr_hamaker *h; int level; int n; };

static double hk_plane_f(double z, void *p)
{
  const struct hk_mw *q = p;
  return hk_plane(q->h, q->level, q->n, z);
}

/* Eq. 5.9 numerically, outer level `level`, inner level + 1. */
static int hk_mw(struct gr_hamaker *h, int level, int n, double s, double *val)
{
  struct hk_mw q = {h, level + 1, n};
  gsl_function f = {hk_plane_f, &q};
  double err;
  return gsl_integration_qagiu(&f, s, 0.0, hk_eps(h, level), GR_HAMAKER_LIMIT,
                               h->ws[level], val, &err);
}

int gr_hamaker_molecule_wall(struct gr_hamaker *h, int n, double alpha,
                             double *val)
{
  return hk_mw(h, GR_HAMAKER_LEVELS - 2, n, alpha, val);
}

/* Molecule-wall potential for the outer integrals: numeric or eq. 5.11. */
static double hk_mw_at(struct gr_hamaker *h, int level, int n, double s)
{
  double v = 0.0;
  if (!h->nested)
    return gr_hamaker_eq511(n, s);
  hk_mw(h, level, n, s, &v);
  return v;
}

/* ---- sphere and wall (eq. 5.12) -------------------------------------- */

/* pi (2R - z) z rho w(alpha + z): a slice of the sphere (chord theorem,
 * eq. 5.7, exact form). */
static double hk_sw_f(double z, void *p)
{
  struct gr_hamaker *h = p;
  return M_PI * (2.0 * h->r - z) * z * hk_mw_at(h, 1, h->n, h->alpha + z);
}

/* Slice times the molecule-wall force -dw/ds = plane integral at s. */
static double hk_swf_f(double z, void *p)
{
  struct gr_hamaker *h = p;
  double s = h->alpha + z;
  double g = h->nested ? hk_plane(h, 1, h->n, s)
                       : 2.0 * M_PI / ((h->n - 2) * pow(s, h->n - 2));
  return M_PI * (2.0 * h->r - z) * z * g;
}

/* Integral of f over [0, b] whose integrand varies on the scale `scale`
 * near 0: breakpoints at 0, scale, 4 scale, 16 scale, ... keep every
 * subinterval well resolved however small scale / b is. */
static int hk_qag0(gsl_function *f, double b, double scale, double eps,
                   gsl_integration_workspace *ws, double *val)
{
  double pts[GR_HAMAKER_PTS], x, err;
  size_t np = 0;
  pts[np++] = 0.0;
  for (x = scale; x < b && np < GR_HAMAKER_PTS - 1; x *= 4.0)
    pts[np++] = x;
  pts[np++] = b;
  return gsl_integration_qagp(f, pts, np, 0.0, eps, GR_HAMAKER_LIMIT, ws, val,
                              &err);
}

static int hk_outer_finite(struct gr_hamaker *h, double (*fn)(double, void *),
                           double b, double *val)
{
  gsl_function f = {fn, h};
  return hk_qag0(&f, b, h->alpha, hk_eps(h, 0), h->ws[0], val);
}

int gr_hamaker_sphere_wall(struct gr_hamaker *h, int n, double r,
                           double alpha, double *val)
{
  h->n = n; h->r = r; h->alpha = alpha;
  return hk_outer_finite(h, hk_sw_f, 2.0 * r, val);
}

int gr_hamaker_sphere_wall_force(struct gr_hamaker *h, int n, double r,
                                 double alpha, double *val)
{
  h->n = n; h->r = r; h->alpha = alpha;
  return hk_outer_finite(h, hk_swf_f, 2.0 * r, val);
}

/* ---- two walls (eq. 5.15-5.16) --------------------------------------- */

static double hk_ww_f(double z, void *p)
{
  struct gr_hamaker *h = p;
  return hk_mw_at(h, 1, h->n, z);
}

int gr_hamaker_wall_wall(struct gr_hamaker *h, int n, double alpha, double *val)
{
  gsl_function f = {hk_ww_f, h};
  double err;
  h->n = n;
  return gsl_integration_qagiu(&f, alpha, 0.0, hk_eps(h, 0), GR_HAMAKER_LIMIT,
                               h->ws[0], val, &err);
}

/* ---- two equal spheres ------------------------------------------------ */

/* Shells of radii a and b, centres d apart, potential C / r^n averaged
 * over both (shell theorem twice), times their areas:
 *   16 pi^2 a^2 b^2 K,  K = G(d) / (4 a b d (n-2)(n-3)),
 *   G = (d-a-b)^(3-n) - (d+b-a)^(3-n) - (d-b+a)^(3-n) + (d+a+b)^(3-n).
 * The force kernel is -d/dd of it.  Variables u = R - a, v = R - b put
 * the contact region at the origin. */
static double hk_pw(double x, int k) { return pow(x, (double)k); }

static double hk_ss_kernel(const struct gr_hamaker *h, double u, double v,
                           int force)
{
  double a = h->r - u, b = h->r - v, d = h->d;
  /* the four distances, formed without cancellation */
  double s1 = h->alpha + u + v, s2 = 2.0 * h->r + h->alpha + u - v;
  double s3 = 2.0 * h->r + h->alpha - u + v, s4 = d + a + b;
  int n = h->n;
  double g = hk_pw(s1, 3 - n) - hk_pw(s2, 3 - n) - hk_pw(s3, 3 - n) +
             hk_pw(s4, 3 - n);
  double c = 4.0 * M_PI * M_PI * a * b / ((n - 2.0) * (n - 3.0));
  double gp;
  if (!force)
    return c * g / d;
  gp = (3.0 - n) * (hk_pw(s1, 2 - n) - hk_pw(s2, 2 - n) - hk_pw(s3, 2 - n) +
                    hk_pw(s4, 2 - n));
  return c * (g / (d * d) - gp / d);
}

struct hk_ss { struct gr_hamaker *h; double u; int force; };

static double hk_ss_inner(double v, void *p)
{
  const struct hk_ss *q = p;
  return hk_ss_kernel(q->h, q->u, v, q->force);
}

static double hk_ss_outer(double u, void *p)
{
  struct hk_ss *q = p;
  struct hk_ss qi = {q->h, u, q->force};
  gsl_function f = {hk_ss_inner, &qi};
  double v = 0.0;
  hk_qag0(&f, q->h->r, q->h->alpha + u, hk_eps(q->h, 1), q->h->ws[1], &v);
  return v;
}

static int hk_ss(struct gr_hamaker *h, int n, double r, double alpha,
                 int force, double *val)
{
  struct hk_ss q = {h, 0.0, force};
  gsl_function f = {hk_ss_outer, &q};
  h->n = n; h->r = r; h->alpha = alpha; h->d = 2.0 * r + alpha;
  return hk_qag0(&f, r, alpha, hk_eps(h, 0), h->ws[0], val);
}

int gr_hamaker_sphere_sphere(struct gr_hamaker *h, int n, double r,
                             double alpha, double *val)
{
  return hk_ss(h, n, r, alpha, 0, val);
}

int gr_hamaker_sphere_sphere_force(struct gr_hamaker *h, int n, double r,
                                   double alpha, double *val)
{
  return hk_ss(h, n, r, alpha, 1, val);
}

/* ---- closed forms ------------------------------------------------------ */

/* Eq. 5.11: 2 pi rho C / ((n-2)(n-3) alpha^(n-3)). */
double gr_hamaker_eq511(int n, double alpha)
{
  return 2.0 * M_PI / ((n - 2.0) * (n - 3.0) * pow(alpha, n - 3));
}

/* Eq. 5.14: 4 pi^2 rho^2 C R / ((n-2)(n-3)(n-4)(n-5) alpha^(n-5)). */
double gr_hamaker_eq514(int n, double r, double alpha)
{
  return 4.0 * M_PI * M_PI * r /
         ((n - 2.0) * (n - 3.0) * (n - 4.0) * (n - 5.0) * pow(alpha, n - 5));
}

/* -d/dalpha of eq. 5.14. */
double gr_hamaker_eq514_force(int n, double r, double alpha)
{
  return 4.0 * M_PI * M_PI * r /
         ((n - 2.0) * (n - 3.0) * (n - 4.0) * pow(alpha, n - 4));
}

/* Eq. 5.17: 2 pi rho^2 C / ((n-2)(n-3)(n-4) alpha^(n-4)). */
double gr_hamaker_eq517(int n, double alpha)
{
  return 2.0 * M_PI / ((n - 2.0) * (n - 3.0) * (n - 4.0) * pow(alpha, n - 4));
}

/* Hamaker (1937): U = (A/6) [R/D + R/(D+2R) + ln(D/(D+2R))], A = pi^2,
 * with the sign of C = +1. */
double gr_hamaker_exact6_sphere_wall(double r, double alpha)
{
  return M_PI * M_PI / 6.0 *
         (r / alpha + r / (alpha + 2.0 * r) + log(alpha / (alpha + 2.0 * r)));
}

/* Hamaker (1937), equal spheres, centre distance d = 2R + D:
 * U = (A/6) [2R^2/(d^2-4R^2) + 2R^2/d^2 + ln(1 - 4R^2/d^2)]. */
double gr_hamaker_exact6_sphere_sphere(double r, double alpha)
{
  double d = 2.0 * r + alpha, q = 4.0 * r * r;
  return M_PI * M_PI / 6.0 *
         (2.0 * r * r / (d * d - q) + 2.0 * r * r / (d * d) +
          log1p(-q / (d * d)));
}
