/* granrepro physics: the vibrating plate and its contact prediction
 * (Bizon et al., PRL 80, 57 (1998); see ed3plate.h for the method). */
#include "physics/ed3plate.h"
#include "physics/ed3.h"

#include <math.h>
#include <stddef.h>

#define ED3P_TWO_PI 6.283185307179586
#define ED3P_PI 3.141592653589793
#define ED3P_MAXIT 200

/* Time into the cycle s in [0, T) and the cycle count k of time t. */
static inline double ed3p_split(const struct gr_ed3_plate *pl, double t, double *k)
{
  double c = floor(t / pl->period), s = fma(-c, pl->period, t);
  if (s < 0.0) {
    c -= 1.0;
    s = fma(-c, pl->period, t);
  } else if (s >= pl->period) {
    c += 1.0;
    s = fma(-c, pl->period, t);
  }
  *k = c;
  return s;
}

double gr_ed3_plate_phase(const struct gr_ed3_plate *pl, double t)
{
  double k, th = pl->omega * ed3p_split(pl, t, &k) + pl->phase0;
  return th >= ED3P_TWO_PI ? th - ED3P_TWO_PI : th;
}

/* z_p, z_p', z_p'' at phase th in [0, 2 pi): the sine, or the two
 * parabolic halves z_p = +-A phi (pi - phi) / 2. */
static inline void ed3p_at(const struct gr_ed3_plate *pl, double th, double *z, double *v, double *a)
{
  double sn, cs, f;
  if (pl->kind == GR_ED3_PLATE_SINE) {
    sn = sin(th);
    cs = cos(th);
    *z = pl->amp * sn;
    *v = pl->amp * pl->omega * cs;
    *a = -pl->acc * sn;
  } else if (th < ED3P_PI) {
    *z = 0.5 * pl->amp * th * (ED3P_PI - th);
    *v = pl->amp * pl->omega * (0.5 * ED3P_PI - th);
    *a = -pl->acc;
  } else {
    f = th - ED3P_PI;
    *z = -0.5 * pl->amp * f * (ED3P_PI - f);
    *v = -pl->amp * pl->omega * (0.5 * ED3P_PI - f);
    *a = pl->acc;
  }
}

void gr_ed3_plate_eval(const struct gr_ed3_plate *pl, double t, double *z, double *v, double *a)
{
  double zz, vv, aa;
  ed3p_at(pl, gr_ed3_plate_phase(pl, t), &zz, &vv, &aa);
  if (z != NULL)
    *z = zz;
  if (v != NULL)
    *v = vv;
  if (a != NULL)
    *a = aa;
}

/* The time into the cycle at which the phase is th. */
static double ed3p_cut(const struct gr_ed3_plate *pl, double th)
{
  double s = fmod(th - pl->phase0, ED3P_TWO_PI);
  if (s < 0.0)
    s += ED3P_TWO_PI;
  s /= pl->omega;
  return s >= pl->period ? 0.0 : s;
}

int gr_ed3_plate_init(struct gr_ed3_plate *pl, int kind, double amp, double omega,
                      double phase0, double g)
{
  double th[2], hdd[2] = {0.0, 0.0}, gam, c;
  int cv[2], k;
  if (!(omega > 0.0) || !(amp >= 0.0) || !(g >= 0.0) || !isfinite(omega) || !isfinite(amp) ||
      !isfinite(g) || !isfinite(phase0) || (kind != GR_ED3_PLATE_SINE && kind != GR_ED3_PLATE_PARABOLIC))
    return GR_EINPUT;
  pl->kind = kind;
  pl->amp = amp;
  pl->omega = omega;
  pl->g = g;
  pl->phase0 = fmod(phase0, ED3P_TWO_PI);
  if (pl->phase0 < 0.0)
    pl->phase0 += ED3P_TWO_PI;
  if (pl->phase0 >= ED3P_TWO_PI)
    pl->phase0 = 0.0;
  pl->period = ED3P_TWO_PI / omega;
  pl->acc = amp * omega * omega;
  if (kind == GR_ED3_PLATE_SINE) {
    pl->zmax = amp;
    gam = g > 0.0 ? pl->acc / g : HUGE_VAL;
    if (gam > 1.0) { /* h'' = -g + A omega^2 sin(th) > 0 between the cuts */
      th[0] = asin(1.0 / gam);
      th[1] = ED3P_PI - th[0];
      cv[0] = 0; /* the piece ending at th[0] is concave */
      cv[1] = 1;
    } else {
      th[0] = 0.5 * ED3P_PI;
      th[1] = 1.5 * ED3P_PI;
      cv[0] = cv[1] = 0;
    }
  } else {
    pl->zmax = amp * ED3P_PI * ED3P_PI / 8.0;
    th[0] = ED3P_PI;  /* end of the first half: h'' = -g + A omega^2 */
    th[1] = 0.0;      /* end of the second: h'' = -g - A omega^2 */
    cv[0] = pl->acc > g;
    cv[1] = 0;
    hdd[0] = -g + pl->acc;
    hdd[1] = -g - pl->acc;
  }
  pl->zmin = -pl->zmax;
  for (k = 0; k < 2; k++) {
    pl->cut[k] = ed3p_cut(pl, th[k]);
    pl->convex[k] = cv[k];
    pl->hdd[k] = hdd[k];
  }
  if (pl->cut[1] < pl->cut[0]) {
    c = pl->cut[0];
    pl->cut[0] = pl->cut[1];
    pl->cut[1] = c;
    k = pl->convex[0];
    pl->convex[0] = pl->convex[1];
    pl->convex[1] = k;
    c = pl->hdd[0];
    pl->hdd[0] = pl->hdd[1];
    pl->hdd[1] = c;
  }
  return GR_OK;
}

/* The first piece end after t and its index j (pl->cut[j]). */
static double ed3p_next_cut(const struct gr_ed3_plate *pl, double t, int *piece)
{
  double k, s = ed3p_split(pl, t, &k), tc;
  int j;
  for (;;) {
    for (j = 0; j < 2; j++) {
      tc = fma(k, pl->period, pl->cut[j]);
      if (pl->cut[j] > s && tc > t) {
        *piece = j;
        return tc;
      }
    }
    k += 1.0;
    s = -1.0;
  }
}

double gr_ed3_plate_takeoff(const struct gr_ed3_plate *pl, double t)
{
  double tc = t;
  int piece, k;
  if (pl->convex[0] == pl->convex[1])
    return HUGE_VAL;
  for (k = 0; k < 2; k++) { /* two piece ends: one of them is the take-off */
    tc = ed3p_next_cut(pl, tc, &piece);
    if (!pl->convex[piece])
      return tc;
  }
  return HUGE_VAL;
}

/* The sphere and the gap: z(t) = z + vz (t - tau) - g (t - tau)^2 / 2. */
struct ed3p_gap {
  const struct gr_ed3_plate *pl;
  double tau, z, vz, r, level;
  long long n;
};

/* The sphere's height at t (no plate: no trigonometry). */
static inline double ed3p_zc(const struct ed3p_gap *q, double t)
{
  double s = t - q->tau;
  return q->z + q->vz * s - 0.5 * q->pl->g * s * s;
}

/* The gap above the contact level and its first two derivatives at t. */
static inline void ed3p_h(struct ed3p_gap *q, double t, double *h, double *hd, double *hdd)
{
  double zp, vp, ap, s = t - q->tau;
  gr_ed3_plate_eval(q->pl, t, &zp, &vp, &ap);
  q->n++;
  *h = q->z + q->vz * s - 0.5 * q->pl->g * s * s - q->r - zp - q->level;
  *hd = q->vz - q->pl->g * s - vp;
  if (hdd != NULL)
    *hdd = -q->pl->g - ap;
}

/* A zero of h' in [lo, hi], where h' changes sign once (monotone):
 * safeguarded Newton with h'' and bisection. */
static double ed3p_turn(struct ed3p_gap *q, double lo, double hi)
{
  double h, hd, hdd, x, xn, dlo;
  int it;
  ed3p_h(q, lo, &h, &dlo, NULL);
  x = 0.5 * (lo + hi);
  for (it = 0; it < ED3P_MAXIT; it++) {
    ed3p_h(q, x, &h, &hd, &hdd);
    if (hd == 0.0)
      return x;
    if ((hd < 0.0) == (dlo < 0.0))
      lo = x;
    else
      hi = x;
    xn = hdd != 0.0 ? x - hd / hdd : 0.5 * (lo + hi);
    if (!(xn > lo && xn < hi))
      xn = lo + 0.5 * (hi - lo);
    if (xn == lo || xn == hi || xn == x)
      return x;
    x = xn;
  }
  return x;
}

/* The crossing of the contact level in [lo, hi] where h decreases through
 * it (h(lo) >= 0 > h(hi)): Newton from the side of monotone convergence
 * (left when convex), safeguarded by the bracket; once Newton stalls, the
 * bracket is closed to adjacent doubles by probes and bisection.  Returns
 * the last time found with h >= 0. */
static double ed3p_polish(struct ed3p_gap *q, double lo, double hi, int from_left)
{
  double h, hd, x = from_left ? lo : hi, xn, step, mid, u;
  int it;
  for (it = 0; it < ED3P_MAXIT; it++) {
    ed3p_h(q, x, &h, &hd, NULL);
    if (h >= 0.0)
      lo = x > lo ? x : lo;
    else
      hi = x < hi ? x : hi;
    mid = lo + 0.5 * (hi - lo);
    if (mid <= lo || mid >= hi)
      return lo;
    xn = hd < 0.0 ? x - h / hd : mid;
    step = fabs(xn - x);
    u = 4.0 * nextafter(fabs(x), HUGE_VAL) - 4.0 * fabs(x);
    if (!(xn > lo && xn < hi) || step <= u) {
      /* Newton stalled or left the bracket: probe just across, then bisect */
      if (h >= 0.0) {
        xn = lo + (step > u ? step : u);
        xn = xn < hi ? xn : mid;
      } else {
        xn = hi - (step > u ? step : u);
        xn = xn > lo ? xn : mid;
      }
      if (xn <= lo || xn >= hi)
        xn = mid;
    }
    x = xn;
  }
  return lo;
}

/* The earliest approaching zero of an exact quadratic h(a + s) =
 * h0 + h1 s + h2 s^2 / 2 in (0, smax], h0 >= 0: closed form (parabolic
 * plate).  Returns -1 when there is none. */
static double ed3p_quad(double h0, double h1, double h2, double smax)
{
  double disc, qq, r1, r2, lo, hi;
  if (h2 == 0.0)
    return h1 < 0.0 && -h0 / h1 <= smax ? -h0 / h1 : -1.0;
  disc = h1 * h1 - 2.0 * h2 * h0;
  if (disc <= 0.0)
    return -1.0; /* no zero, or a graze */
  qq = -0.5 * (h1 + copysign(sqrt(disc), h1));
  r1 = qq / (0.5 * h2);
  r2 = qq != 0.0 ? h0 / qq : r1;
  lo = r1 < r2 ? r1 : r2;
  hi = r1 < r2 ? r2 : r1;
  if (lo >= 0.0 && h1 + h2 * lo < 0.0 && !(lo == 0.0 && h1 >= 0.0))
    return lo <= smax ? lo : -1.0;
  if (hi > 0.0 && h1 + h2 * hi < 0.0)
    return hi <= smax ? hi : -1.0;
  return -1.0;
}

int gr_ed3_plate_contact(const struct gr_ed3_plate *pl, double tau, double z, double vz,
                         double r, double t0, double t_end, double *t_hit, long long *nfun)
{
  struct ed3p_gap q = {pl, tau, z, vz, r, 0.0, 0};
  double a = t0, b, ha, hda, hb, hdb, s, lo, tm, hm, dum, top;
  int piece, convex, found = 0;
  top = pl->zmax + r; /* above it the sphere cannot touch (the parabola is concave) */
  if (ed3p_zc(&q, t0) > top && ed3p_zc(&q, t_end) > top)
    goto out;
  ed3p_h(&q, t0, &ha, &hda, NULL);
  q.level = ha < 0.0 ? ha : 0.0;
  top += q.level;
  while (a < t_end && !found) {
    b = ed3p_next_cut(pl, a, &piece);
    convex = pl->convex[piece];
    if (b > t_end)
      b = t_end;
    if (ed3p_zc(&q, a) > top && ed3p_zc(&q, b) > top) {
      a = b;
      continue;
    }
    ed3p_h(&q, a, &ha, &hda, NULL);
    if (ha <= 0.0 && hda < 0.0) { /* at the contact level and approaching */
      *t_hit = a;
      found = 1;
      break;
    }
    s = b - a;
    if (ha >= 0.0 && ha + s * (hda - 0.5 * (pl->g + pl->acc) * s) > 0.0) {
      a = b; /* the lower bound of h stays positive */
      continue;
    }
    if (pl->kind == GR_ED3_PLATE_PARABOLIC) {
      s = ed3p_quad(ha > 0.0 ? ha : 0.0, hda, pl->hdd[piece], b - a);
      if (s >= 0.0) {
        *t_hit = a + s;
        found = 1;
      }
      a = b;
      continue;
    }
    ed3p_h(&q, b, &hb, &hdb, NULL);
    if (!convex) {
      if (hb < 0.0) {
        lo = hda > 0.0 && hdb < 0.0 ? ed3p_turn(&q, a, b) : a;
        ed3p_h(&q, lo, &hm, &dum, NULL);
        if (hm < 0.0) /* the maximum is below the level: only at round-off */
          lo = a;
        *t_hit = ed3p_polish(&q, lo, b, 0);
        found = 1;
      }
    } else if (hb < 0.0) {
      *t_hit = ed3p_polish(&q, a, b, 1);
      found = 1;
    } else if (hda < 0.0 && hdb > 0.0) {
      tm = ed3p_turn(&q, a, b);
      ed3p_h(&q, tm, &hm, &dum, NULL);
      if (hm < 0.0) {
        *t_hit = ed3p_polish(&q, a, tm, 1);
        found = 1;
      }
    }
    a = b;
  }
out:
  if (nfun != NULL)
    *nfun += q.n;
  return found;
}
