/* granrepro physics: the top-surface height field of a vibrated granular
 * layer and its structure factor S(k), the pattern analysis of Bizon et
 * al., PRL 80, 57 (1998) (Fig. 1's patterns, their wavelengths, the onset
 * order parameter and the response period f/2, f/4).
 *
 * Height field: the box [0, lx) x [0, ly) is cut into nx x ny cells; a
 * cell's height is the highest sphere centre in it (the top surface seen
 * from above, as Bizon's Fig. 1 colours it); empty cells take the mean of
 * the filled ones.  S(k) = |sum_r (h(r) - <h>) e^{-i k.r}|^2 / (nx ny) on
 * the k grid k = 2 pi (jx / lx, jy / ly), by GSL's mixed-radix FFT.
 *
 * The stated test (fixed before any layer was run; tests/check_sk.c shows
 * each branch deciding and failing on synthetic fields):
 *  - ratio = S_max / <S> over k != 0.  Flat when ratio < flat_ratio (20:
 *    white noise on 64 x 64 gives about ln(2048) + 0.58 = 8.2).
 *  - the ring: modes with |k| within the larger of ring_width grid steps
 *    and 15 % of the strongest mode's |k| (in a box of two wavelengths,
 *    where that mode sits 1.4 to 2.2 steps out, a square pattern's
 *    combination modes fall inside it).  Directions: ring modes with S >=
 *    peak_frac S_max (0.3), taken strongest first, a new direction when its
 *    angle (mod 180 degrees) is more than merge_deg (20) from every one
 *    already taken.
 *  - one direction: stripes; two at 90 +- angle_tol (15) degrees: squares;
 *    three with every pair at 60 +- angle_tol degrees: hexagons; anything
 *    else: other.
 * The order parameter Q = (S(k*) + S(-k*)) / sum_{k != 0} S(k): the
 * fraction of the height variance in the strongest standing wave (about
 * ln(N) / N for noise, 1 for one pure mode).
 * Response period: from the complex amplitude F_c at the peak's k in
 * successive drive cycles c (same drive phase), the correlations
 * C(m) = Re sum_c F_{c+m} conj(F_c) / sum_c (|F_c|^2 + |F_{c+m}|^2) / 2:
 * the period is the least m of 1, 2, 4 with C(m) >= 1/2 (1: f, 2: f/2,
 * 4: f/4), else 0 (none).
 */
#ifndef GR_SK_H
#define GR_SK_H

#include <stddef.h>

#include "status.h"

/* Height field of the top surface (above): pos holds n spheres, x y z at
 * pos[i * stride + 0, 1, 2]; x, y wrapped into the box.  h has nx ny
 * cells, h[iy * nx + ix].  GR_EINPUT on sizes <= 0 or n == 0. */
int gr_sk_height(const double *pos, size_t stride, size_t n, double lx, double ly, size_t nx,
                 size_t ny, double *h) GR_MUST_CHECK;

struct gr_sk; /* FFT workspace and the last S(k) */

/* A workspace for nx x ny fields over lx x ly; GR_ENOMEM, GR_EINPUT. */
int gr_sk_new(struct gr_sk **out, size_t nx, size_t ny, double lx, double ly) GR_MUST_CHECK;
void gr_sk_free(struct gr_sk *sk);

/* S(k) of the field h (mean removed); GR_EFAIL when an FFT fails. */
int gr_sk_compute(struct gr_sk *sk, const double *h) GR_MUST_CHECK;

/* S at signed mode indices (jx, jy) of the last field, and its complex
 * amplitude; |jx| <= nx / 2, |jy| <= ny / 2. */
double gr_sk_at(const struct gr_sk *sk, int jx, int jy, double *re, double *im);

/* Replace the last S(k) by s (nx ny values in the FFT ordering, e.g. an
 * average over cycles) for gr_sk_analyse; the amplitudes are kept. */
void gr_sk_load(struct gr_sk *sk, const double *s);

/* The last S(k), nx ny values, index [iy * nx + ix] with FFT ordering. */
const double *gr_sk_values(const struct gr_sk *sk);

struct gr_sk_rule {
  double flat_ratio;    /* 20 */
  double peak_frac;     /* 0.3 */
  double merge_deg;     /* 20 */
  double angle_tol_deg; /* 15 */
  double ring_width;    /* 1 grid step */
};
/* The stated rule's values (above). */
struct gr_sk_rule gr_sk_rule_default(void);

enum gr_sk_type { GR_SK_FLAT, GR_SK_STRIPES, GR_SK_SQUARES, GR_SK_HEXAGONS, GR_SK_OTHER };

/* Name of a type: "flat", "stripes", "squares", "hexagons", "other". */
const char *gr_sk_type_name(enum gr_sk_type t);

struct gr_sk_peak {
  int jx, jy;          /* the strongest mode's indices (jy >= 0) */
  double k, lambda;    /* its |k|; lambda = 2 pi / k_w, k_w the S-weighted |k| of the ring's peaks */
  double lambda_res;   /* the k grid's step in lambda at the peak: lambda^2 dk / (2 pi),
                          dk = max(|cos a| 2 pi / lx, |sin a| 2 pi / ly), a its angle */
  double smax, ratio;  /* S_max, S_max / <S> */
  double order;        /* Q above */
  enum gr_sk_type type;
  int ndir;            /* directions found (at most 6 kept) */
  double angle[6];     /* their angles in degrees, [0, 180) */
};

/* Peak, wavelength, order parameter and type of the last S(k) by rule r. */
int gr_sk_analyse(const struct gr_sk *sk, const struct gr_sk_rule *r, struct gr_sk_peak *p) GR_MUST_CHECK;

/* Response period from amplitudes re[c], im[c] of n >= 5 successive
 * cycles (above); c1, c2, c4 receive C(1), C(2), C(4) (C(4) = 0 when
 * n < 5).  Returns 1, 2, 4 or 0. */
int gr_sk_response(const double *re, const double *im, size_t n, double *c1, double *c2,
                   double *c4);

/* The period of a flat layer (Bizon's Fig. 1e, bouncing every other
 * cycle) from its centre-of-mass height z[c] at the same drive phase in n
 * successive cycles: with d1 = sum |z[c+1] - z[c]| and d2 = sum |z[c+2] -
 * z[c]| over c + 2 < n, period 2 when the layer alternates (d1 > 3 d2)
 * by more than 0.1 sigma a cycle on average (d1 > 0.1 (n - 2)), else 1
 * (also when n < 3).  Stated with the pattern test, before any layer was
 * run; tests/check_sk.c shows it deciding and refusing on synthetic
 * series. */
int gr_sk_layer_period(const double *z, size_t n);

#endif
