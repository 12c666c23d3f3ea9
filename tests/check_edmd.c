/* Check suite for src/physics/edtree.c, edrule.c, edmd.c and edevent.c:
 * the event-driven hard-disk engine (Marin, Risso & Cordero; Wilson 2001)
 * against closed forms, invariants, a brute-force scan, and itself on other
 * cell grids. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "physics/edmd.h"
#include "physics/edrule.h"
#include "physics/edtree.h"
#include "physics/granobs.h"
#include "tests/check_run.h"

static double urand(void) { return (double)rand() / RAND_MAX; }

/* A random non-overlapping gas of n disks of diameter d in an l x l box,
 * velocities uniform in [-1, 1] (Wilson's start, section 3). */
static void gas(int n, double d, double l, double *x, double *y, double *vx, double *vy)
{
  int i, j, ok;
  for (i = 0; i < n; i++) {
    do {
      x[i] = 0.5 * d + (l - d) * urand();
      y[i] = 0.5 * d + (l - d) * urand();
      for (ok = 1, j = 0; j < i && ok; j++)
        ok = (x[i] - x[j]) * (x[i] - x[j]) + (y[i] - y[j]) * (y[i] - y[j]) >= d * d;
    } while (!ok);
    vx[i] = 2.0 * urand() - 1.0;
    vy[i] = 2.0 * urand() - 1.0;
  }
}

static struct gr_edmd_params params(int n, double d, double l, enum gr_edrule_kind k, double e)
{
  struct gr_edmd_params p = {0};
  p.n = n;
  p.d = d;
  p.lx = p.ly = l;
  p.rule.kind = k;
  p.rule.e = e;
  return p;
}

/* Every node of level l holds the minimum (lowest index among equals) of
 * its range of 8^l leaves, +inf and INT_MAX past the last leaf. */
static void tree_nodes_ok(const struct gr_edtree *t, const double *key, int n)
{
  int l, m, i, span, best;
  for (l = 1, span = 8; l < t->nlev; l++, span *= 8)
    for (m = 0; m * span < n; m++) {
      for (best = m * span, i = best + 1; i < n && i < (m + 1) * span; i++)
        if (key[i] < key[best])
          best = i;
      ck_assert_int_eq(t->id[l][m], best);
      ck_assert(t->key[l][m] == key[best]);
    }
}

/* The tournament tree's root is always the brute-force minimum (lowest
 * index among equal keys), through random updates with many ties; so is
 * every internal node at the end of each trial. */
START_TEST(test_tree_bruteforce)
{
  struct gr_edtree t;
  double key[257];
  int trial, n, i, k, best;
  srand(7);
  for (trial = 0; trial < 60; trial++) {
    n = 1 + rand() % 257;
    for (i = 0; i < n; i++)
      key[i] = (double)(rand() % 50);
    ck_assert_int_eq(gr_edtree_init(&t, n, key), GR_OK);
    for (k = 0; k < 2000; k++) {
      for (best = 0, i = 1; i < n; i++)
        if (key[i] < key[best])
          best = i;
      gr_ck_each((gr_edtree_min(&t)) == (best), "%lld != %lld", (long long)(gr_edtree_min(&t)), (long long)(best));
      gr_ck_each(gr_edtree_min_key(&t) == key[best], "");
      i = rand() % n;
      key[i] = rand() % 4 == 0 ? HUGE_VAL : (double)(rand() % 50) + 0.5 * (rand() % 2);
      gr_edtree_update(&t, i, key[i]);
    }
    tree_nodes_ok(&t, key, n);
    gr_edtree_free(&t);
  }
  ck_assert_int_eq(gr_edtree_init(&t, 0, key), GR_EINPUT);
}
END_TEST

/* Two disks, impact parameter b, closing speed u along x: they touch
 * when their x distance is sqrt(d^2 - b^2), at t = (dx - sqrt(d^2 - b^2)) / u;
 * the outcome of each rule in closed form (n = unit vector between
 * centres at contact, g = relative normal speed). */
START_TEST(test_two_disks)
{
  static const enum gr_edrule_kind kinds[] = {GR_EDRULE_ELASTIC, GR_EDRULE_RESTITUTION, GR_EDRULE_WILSON_CODE};
  double d = 0.1, b = 0.06, u = 1.3, x[2] = {2.0, 5.0}, y[2] = {5.0, 5.0 + b};
  double vx[2] = {0.8, 0.8 - u}, vy[2] = {0.3, 0.3}, e = 0.4;
  double tc = (x[1] - x[0] - sqrt(d * d - b * b)) / u, nx, ny, g, h, w;
  struct gr_edmd_params p;
  struct gr_edmd *s;
  struct gr_edmd_event ev;
  size_t k;
  nx = sqrt(d * d - b * b) / d;
  ny = b / d;
  g = -u * nx;  /* (v1 - v0).n */
  for (k = 0; k < 3; k++) {
    p = params(2, d, 10.0, kinds[k], e);
    ck_assert_int_eq(gr_edmd_new(&p, x, y, vx, vy, &s), GR_OK);
    do
      ck_assert_int_eq(gr_edmd_step(s, 10.0, &ev), 1);
    while (ev.type == GR_EDMD_VWC);
    ck_assert_int_eq(ev.type, GR_EDMD_DDC);
    ck_assert_double_eq_tol(ev.t, tc, 1e-14);
    ck_assert(isinf(gr_edmd_pair_time(s, 0, 1)));
    h = kinds[k] == GR_EDRULE_RESTITUTION ? 0.5 * (1.0 + e) : 1.0;
    w = kinds[k] == GR_EDRULE_WILSON_CODE ? e : 1.0;
    ck_assert_double_eq_tol(s->disk[0].vx, w * (vx[0] + h * g * nx), 1e-12);
    ck_assert_double_eq_tol(s->disk[0].vy, w * (vy[0] + h * g * ny), 1e-12);
    ck_assert_double_eq_tol(s->disk[1].vx, w * (vx[1] - h * g * nx), 1e-12);
    ck_assert_double_eq_tol(s->disk[1].vy, w * (vy[1] - h * g * ny), 1e-12);
    ck_assert_double_eq_tol(s->disk[0].x, x[0] + vx[0] * tc, 1e-12);
    ck_assert_double_eq_tol(s->disk[1].y, y[1] + vy[1] * tc, 1e-12);
    gr_edmd_free(s);
  }
}
END_TEST

/* One collision per rule on random contacts: elastic conserves energy and
 * momentum; restitution conserves momentum and loses (1 - e^2) g^2 / 4;
 * the code's rule scales the pair momentum by mu and the energy by mu^2. */
START_TEST(test_rule_invariants)
{
  struct gr_edrule r = {GR_EDRULE_ELASTIC, 1.0, 0.0, 0.0};
  double v[4], w[4], a, nx, ny, g, e0, e1, px, py;
  int trial, kind;
  srand(11);
  for (trial = 0; trial < 3000; trial++) {
    kind = trial % 3;
    r.kind = (enum gr_edrule_kind)kind;
    r.e = urand();
    a = 6.283185307179586 * urand();
    nx = cos(a);
    ny = sin(a);
    for (int i = 0; i < 4; i++)
      v[i] = w[i] = 2.0 * urand() - 1.0;
    g = (v[2] - v[0]) * nx + (v[3] - v[1]) * ny;
    if (g >= 0.0)
      continue;
    gr_edrule_apply(&r, nx, ny, &w[0], &w[1], &w[2], &w[3], -1.0, -1.0, 0.0);
    e0 = 0.5 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
    e1 = 0.5 * (w[0] * w[0] + w[1] * w[1] + w[2] * w[2] + w[3] * w[3]);
    px = w[0] + w[2];
    py = w[1] + w[3];
    if (kind == GR_EDRULE_WILSON_CODE) {
      ck_assert_double_eq_tol(px, r.e * (v[0] + v[2]), 1e-14);
      ck_assert_double_eq_tol(py, r.e * (v[1] + v[3]), 1e-14);
      ck_assert_double_eq_tol(e1, r.e * r.e * e0, 1e-14);
    } else {
      ck_assert_double_eq_tol(px, v[0] + v[2], 1e-14);
      ck_assert_double_eq_tol(py, v[1] + v[3], 1e-14);
      ck_assert_double_eq_tol(e0 - e1, kind == GR_EDRULE_ELASTIC ? 0.0 : 0.25 * (1.0 - r.e * r.e) * g * g, 1e-14);
      /* the normal relative speed is reversed and scaled by e */
      ck_assert_double_eq_tol((w[2] - w[0]) * nx + (w[3] - w[1]) * ny,
                              -(kind == GR_EDRULE_ELASTIC ? 1.0 : r.e) * g, 1e-14);
    }
  }
  /* the cures: within tc of a previous collision, or below vcut: elastic */
  r = (struct gr_edrule){GR_EDRULE_RESTITUTION, 0.3, 0.01, 0.5};
  v[0] = 0.2; v[1] = 0.0; v[2] = -0.1; v[3] = 0.0;
  ck_assert_int_eq(gr_edrule_apply(&r, 1.0, 0.0, &v[0], &v[1], &v[2], &v[3], 0.995, -1.0, 1.0), GR_EDRULE_CURE_TC);
  ck_assert_double_eq_tol(v[0], -0.1, 1e-15);
  ck_assert_int_eq(gr_edrule_apply(&r, -1.0, 0.0, &v[0], &v[1], &v[2], &v[3], 0.5, 0.5, 1.0), GR_EDRULE_CURE_VCUT);
  ck_assert_double_eq_tol(v[0], 0.2, 1e-15);
  v[0] = 1.0; v[2] = -1.0;
  ck_assert_int_eq(gr_edrule_apply(&r, 1.0, 0.0, &v[0], &v[1], &v[2], &v[3], 0.5, 0.5, 1.0), GR_EDRULE_AS_RULE);
  ck_assert_double_eq_tol(v[0], -0.3, 1e-15);
}
END_TEST

/* A whole gas per rule: kinetic energy + energy lost by DDCs = initial,
 * momentum - wall impulses - DDC momentum change = initial; elastic and
 * restitution change no momentum in DDCs, the code's rule does. */
START_TEST(test_gas_balance)
{
  static const enum gr_edrule_kind kinds[] = {GR_EDRULE_ELASTIC, GR_EDRULE_RESTITUTION, GR_EDRULE_WILSON_CODE};
  enum { N = 400 };
  static double x[N], y[N], vx[N], vy[N];
  double e0, px0, py0, px, py;
  struct gr_edmd_params p;
  struct gr_edmd *s;
  size_t k;
  srand(3);
  gas(N, 0.1, 10.0, x, y, vx, vy);
  for (k = 0; k < 3; k++) {
    p = params(N, 0.1, 10.0, kinds[k], 0.9);
    ck_assert_int_eq(gr_edmd_new(&p, x, y, vx, vy, &s), GR_OK);
    e0 = gr_edmd_kinetic(s);
    gr_edmd_momentum(s, &px0, &py0);
    ck_assert_int_eq(gr_edmd_run(s, 10.0, 0), GR_EDMD_DONE);
    ck_assert(s->k.ddc > 1000 && s->k.dwc > 100 && s->k.vwc > 1000);
    gr_edmd_momentum(s, &px, &py);
    ck_assert_double_eq_tol(gr_edmd_kinetic(s) + s->k.e_lost, e0, 1e-11);
    ck_assert_double_eq_tol(px - s->k.wall_px - s->k.ddc_px, px0, 1e-11);
    ck_assert_double_eq_tol(py - s->k.wall_py - s->k.ddc_py, py0, 1e-11);
    if (kinds[k] == GR_EDRULE_ELASTIC)
      ck_assert_double_eq_tol(s->k.e_lost, 0.0, 1e-11);
    if (kinds[k] != GR_EDRULE_WILSON_CODE)
      ck_assert(fabs(s->k.ddc_px) + fabs(s->k.ddc_py) < 1e-11);
    else
      ck_assert(fabs(s->k.ddc_px) + fabs(s->k.ddc_py) > 1e-3);
    gr_edmd_free(s);
  }
}
END_TEST

/* The same collision sequence, bit for bit, on three cell grids (the
 * paper's 10 x 10, the automatic one, and one cell per 2.5 d), elastic and
 * inelastic; only the number of virtual-wall crossings differs. */
START_TEST(test_cells_same_sequence)
{
  enum { N = 500, M = 20000 };
  static double x[N], y[N], vx[N], vy[N];
  static struct gr_edmd_event seq[3][M];
  static const int grids[3] = {10, 0, 40};
  struct gr_edmd_params p;
  struct gr_edmd *s;
  struct gr_edmd_event ev;
  long long vwc[3];
  int g, m, r;
  srand(5);
  gas(N, 0.1, 10.0, x, y, vx, vy);
  for (r = 0; r < 2; r++) {
    for (g = 0; g < 3; g++) {
      p = params(N, 0.1, 10.0, r ? GR_EDRULE_RESTITUTION : GR_EDRULE_ELASTIC, 0.7);
      p.ncx = p.ncy = grids[g];
      ck_assert_int_eq(gr_edmd_new(&p, x, y, vx, vy, &s), GR_OK);
      for (m = 0; m < M;) {
        gr_ck_each((gr_edmd_step(s, HUGE_VAL, &ev)) == (1), "expected %lld", (long long)(1));
        if (ev.type != GR_EDMD_VWC)
          seq[g][m++] = ev;
      }
      vwc[g] = s->k.vwc;
      gr_edmd_free(s);
    }
    for (g = 1; g < 3; g++) {
      gr_ck_each(vwc[g] != vwc[0], "");
      for (m = 0; m < M; m++) {
        gr_ck_each((seq[g][m].type) == (seq[0][m].type), "%lld != %lld", (long long)(seq[g][m].type), (long long)(seq[0][m].type));
        if (seq[0][m].type == GR_EDMD_DDC) { /* the pair, found in either list */
          ck_assert_int_eq(seq[g][m].i < seq[g][m].j ? seq[g][m].i : seq[g][m].j,
                           seq[0][m].i < seq[0][m].j ? seq[0][m].i : seq[0][m].j);
          gr_ck_each((seq[g][m].i + seq[g][m].j) == (seq[0][m].i + seq[0][m].j), "%lld != %lld", (long long)(seq[g][m].i + seq[g][m].j), (long long)(seq[0][m].i + seq[0][m].j));
        } else {
          gr_ck_each((seq[g][m].i) == (seq[0][m].i), "%lld != %lld", (long long)(seq[g][m].i), (long long)(seq[0][m].i));
          gr_ck_each((seq[g][m].j) == (seq[0][m].j), "%lld != %lld", (long long)(seq[g][m].j), (long long)(seq[0][m].j));
        }
        ck_assert(seq[g][m].t == seq[0][m].t);
      }
    }
  }
}
END_TEST

/* Disk d's list must hold, newest first, the finite predictions against
 * every other disk of its 3 x 3 cells, met in row order of the cells and
 * list order within a cell (what one sweep of section 2.3 gives). */
static void list_ok(const struct gr_edmd *s, int d)
{
  int want[64], nw = 0, cx = s->disk[d].cell % s->p.ncx, cy = s->disk[d].cell / s->p.ncx;
  int x, y, j, k;
  double t;
  for (y = cy - 1; y <= cy + 1; y++)
    for (x = cx - 1; x <= cx + 1; x++)
      if (x >= 0 && y >= 0 && x < s->p.ncx && y < s->p.ncy)
        for (j = s->head[y * s->p.ncx + x]; j >= 0; j = s->disk[j].next)
          if (j != d && gr_edmd_pair_time(s, d < j ? d : j, d < j ? j : d) < HUGE_VAL) {
            ck_assert_int_lt(nw, 64);
            want[nw++] = j;
          }
  for (k = s->disk[d].list; k >= 0; k = s->pool[k].next) {
    ck_assert_int_gt(nw, 0);
    j = want[--nw];
    ck_assert_int_eq(s->pool[k].partner, j);
    ck_assert_uint_eq(s->pool[k].c, s->disk[j].c);
    t = gr_edmd_pair_time(s, d < j ? d : j, d < j ? j : d);
    ck_assert(s->pool[k].t == (t < s->t ? s->t : t));
  }
  ck_assert_int_eq(nw, 0);
}

/* After each disk-disk collision both disks' lists (built while their old
 * lists wait to be freed, edevent.c) are those of a sweep of their cells;
 * on a grid of cells 1 d wide, the automatic one and a coarse one, with the
 * prefetching path (mlp) on and off. */
START_TEST(test_collision_lists)
{
  enum { N = 400, M = 4000 };
  static double x[N], y[N], vx[N], vy[N];
  static const int grids[3] = {40, 0, 10};
  struct gr_edmd_params p;
  struct gr_edmd *s;
  struct gr_edmd_event ev;
  int g, m;
  srand(7);
  gas(N, 1.0, 40.0, x, y, vx, vy);
  for (g = 0; g < 6; g++) {
    p = params(N, 1.0, 40.0, GR_EDRULE_RESTITUTION, 0.9);
    p.ncx = p.ncy = grids[g % 3];
    ck_assert_int_eq(gr_edmd_new(&p, x, y, vx, vy, &s), GR_OK);
    s->mlp = g >= 3;
    for (m = 0; m < M; m++) {
      ck_assert_int_eq(gr_edmd_step(s, HUGE_VAL, &ev), 1);
      if (ev.type == GR_EDMD_DDC) {
        list_ok(s, ev.i);
        list_ok(s, ev.j);
      }
    }
    gr_edmd_free(s);
  }
}
END_TEST

/* Three disks on a line with e below McNamara & Young's 7 - 4 sqrt 3
 * collapse: the watchdog stops the run and names exactly those disks. */
START_TEST(test_collapse_watchdog)
{
  double x[4] = {4.0, 4.5, 5.2, 8.0}, y[4] = {5.0, 5.0, 5.0, 2.0};
  double vx[4] = {1.0, 0.0, -0.5, 0.0}, vy[4] = {0.0, 0.0, 0.0, 0.3};
  struct gr_edmd_params p = params(4, 0.1, 10.0, GR_EDRULE_RESTITUTION, 0.05);
  struct gr_edmd *s;
  int k, seen = 0;
  ck_assert_int_eq(gr_edmd_new(&p, x, y, vx, vy, &s), GR_OK);
  ck_assert_int_eq(gr_edmd_run(s, 100.0, 10000000), GR_EDMD_COLLAPSE);
  ck_assert(s->k.ddc < 100000);
  ck_assert_int_eq(s->collapse.ndisks, 3);
  for (k = 0; k < 3; k++)
    seen |= 1 << s->collapse.disk[k];
  ck_assert_int_eq(seen, 7);
  ck_assert(s->collapse.t > 0.8 && s->collapse.t < 0.9);
  ck_assert_int_eq(gr_edmd_step(s, 100.0, NULL), -1);
  gr_edmd_free(s);
  /* with the TC model the same start does not collapse */
  p.rule.tc = 1e-3;
  ck_assert_int_eq(gr_edmd_new(&p, x, y, vx, vy, &s), GR_OK);
  ck_assert_int_eq(gr_edmd_run(s, 100.0, 10000000), GR_EDMD_DONE);
  ck_assert(s->k.cure_tc > 0);
  gr_edmd_free(s);
}
END_TEST

/* Bad input is refused: overlap, outside the box, cells narrower than d,
 * e outside [0, 1]. */
START_TEST(test_bad_input)
{
  double x[2] = {1.0, 1.05}, y[2] = {1.0, 1.0}, v[2] = {0.0, 0.0};
  struct gr_edmd_params p = params(2, 0.1, 10.0, GR_EDRULE_ELASTIC, 1.0);
  struct gr_edmd *s;
  ck_assert_int_eq(gr_edmd_new(&p, x, y, v, v, &s), GR_EINPUT);
  x[1] = 9.99;
  ck_assert_int_eq(gr_edmd_new(&p, x, y, v, v, &s), GR_EINPUT);
  x[1] = 2.0;
  p.ncx = 200;
  ck_assert_int_eq(gr_edmd_new(&p, x, y, v, v, &s), GR_EINPUT);
  p.ncx = 0;
  p.rule.e = 1.5;
  ck_assert_int_eq(gr_edmd_new(&p, x, y, v, v, &s), GR_EINPUT);
  p.rule.e = 1.0;
  p.queue = GR_EDMD_CALENDAR + 1;
  ck_assert_int_eq(gr_edmd_new(&p, x, y, v, v, &s), GR_EINPUT);
  for (p.queue = GR_EDMD_AUTO; p.queue <= GR_EDMD_CALENDAR; p.queue++) {
    ck_assert_int_eq(gr_edmd_new(&p, x, y, v, v, &s), GR_OK);
    ck_assert_ptr_nonnull(s);
    /* disks at rest: no event ever, even with an infinite horizon */
    ck_assert_int_eq(gr_edmd_step(s, HUGE_VAL, NULL), 0);
    ck_assert_int_eq(gr_edmd_run(s, HUGE_VAL, 10), GR_EDMD_DONE);
    gr_edmd_free(s);
  }
}
END_TEST

/* eqs. (5)-(6) with the exchange: tangential parts kept, normal parts
 * exchanged and scaled by mu, so the pair's normal momentum is scaled by
 * mu and its tangential momentum kept; mu = 1 is the elastic exchange. */
START_TEST(test_edrule_text)
{
  double nx = 0.6, ny = 0.8, vi[2] = {1.0, 0.3}, vj[2] = {-0.5, -0.8}, e[2][2];
  double pn = (vi[0] + vj[0]) * nx + (vi[1] + vj[1]) * ny, pt = -(vi[0] + vj[0]) * ny + (vi[1] + vj[1]) * nx;
  struct gr_edrule r = {GR_EDRULE_ELASTIC, 1.0, 0.0, 0.0};
  gr_edrule_text(0.4, nx, ny, &vi[0], &vi[1], &vj[0], &vj[1]);
  ck_assert_double_eq_tol((vi[0] + vj[0]) * nx + (vi[1] + vj[1]) * ny, 0.4 * pn, 1e-15);
  ck_assert_double_eq_tol(-(vi[0] + vj[0]) * ny + (vi[1] + vj[1]) * nx, pt, 1e-15);
  e[0][0] = e[1][0] = 1.0;
  e[0][1] = e[1][1] = 0.3;
  vi[0] = vj[0] = -0.5;
  vi[1] = vj[1] = -0.8;
  gr_edrule_text(1.0, nx, ny, &e[0][0], &e[0][1], &vi[0], &vi[1]);
  gr_edrule_apply(&r, nx, ny, &e[1][0], &e[1][1], &vj[0], &vj[1], 0.0, 0.0, 1.0);
  ck_assert_double_eq_tol(e[0][0], e[1][0], 1e-15);
  ck_assert_double_eq_tol(e[0][1], e[1][1], 1e-15);
  ck_assert_double_eq_tol(vi[0], vj[0], 1e-15);
  ck_assert_double_eq_tol(vi[1], vj[1], 1e-15);
}
END_TEST

/* Kinetic theory and observables (granobs.c) against closed forms: Haff's
 * T(t0) = T0/4; t0 for restitution and the code rule; Henderson's g at
 * phi = 0 is 1; the Enskog rate's sqrt T scaling; the clustering index of
 * a perfect lattice (0) and of all points in one box (m^2 - 1); the
 * temperature ignores a common drift. */
START_TEST(test_granobs)
{
  struct gr_edrule r = {GR_EDRULE_RESTITUTION, 0.6, 0.0, 0.0};
  double x[100], y[100], vx[4] = {1.5, 0.5, 1.0, 1.0}, vy[4] = {2.0, 2.0, 2.5, 1.5};
  int counts[100], i;
  ck_assert_double_eq_tol(gr_granobs_haff(2.0, 0.7, 0.7), 0.5, 1e-15);
  ck_assert_double_eq_tol(gr_granobs_haff_t0(&r, 3.0), 4.0 / (0.64 * 3.0), 1e-14);
  r.kind = GR_EDRULE_WILSON_CODE;
  ck_assert_double_eq_tol(gr_granobs_haff_t0(&r, 3.0), 8.0 / (5.0 * 0.64 * 3.0), 1e-14);
  r.kind = GR_EDRULE_ELASTIC;
  ck_assert(isinf(gr_granobs_haff_t0(&r, 3.0)));
  ck_assert_double_eq_tol(gr_granobs_contact_g(0.0), 1.0, 1e-15);
  ck_assert_double_eq_tol(gr_granobs_contact_g(0.5), (1.0 - 7.0 / 32.0) / 0.25, 1e-14);
  ck_assert_double_eq_tol(gr_granobs_enskog(2.0, 0.1, 4.0) / gr_granobs_enskog(2.0, 0.1, 1.0), 2.0, 1e-14);
  for (i = 0; i < 100; i++) {
    x[i] = 0.5 + i % 10;
    y[i] = 0.5 + i / 10;
  }
  ck_assert_double_eq_tol(gr_granobs_cluster_index(x, y, 100, 10.0, 10.0, 10, counts), 0.0, 1e-15);
  for (i = 0; i < 100; i++)
    x[i] = y[i] = 0.3;
  ck_assert_double_eq_tol(gr_granobs_cluster_index(x, y, 100, 10.0, 10.0, 10, counts), 99.0, 1e-12);
  ck_assert_double_eq_tol(gr_granobs_temperature(vx, vy, 4), 0.5 * (0.25 + 0.25 + 0.25 + 0.25) / 4.0, 1e-15);
}
END_TEST

/* The edmd suite. */
static Suite *edmd_suite(void)
{
  Suite *su = suite_create("edmd");
  TCase *tc = tcase_create("events-invariants-collapse");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_tree_bruteforce);
  tcase_add_test(tc, test_two_disks);
  tcase_add_test(tc, test_rule_invariants);
  tcase_add_test(tc, test_gas_balance);
  tcase_add_test(tc, test_cells_same_sequence);
  tcase_add_test(tc, test_collision_lists);
  tcase_add_test(tc, test_collapse_watchdog);
  tcase_add_test(tc, test_bad_input);
  tcase_add_test(tc, test_granobs);
  tcase_add_test(tc, test_edrule_text);
  suite_add_tcase(su, tc);
  return su;
}

GR_CHECK_MAIN(edmd_suite, 0)
