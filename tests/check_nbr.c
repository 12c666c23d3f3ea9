/* Check suite for src/physics/nbr.c, cells.c, cellsort.c and vtab.c: the
 * N-squared, chain-cell (Sweetman 2003, ch. 3) and sorted-cell searches
 * give bit-identical pair lists on random configurations, on cell borders,
 * at walls and across periodic boundaries; eq. 3.1 and the MAP of eq. 3.5
 * against Tables 3.1 and 3.5 (read from reference/, never typed here);
 * contact history carried across rebuilds; no allocation once capacity is
 * reached; renumbering a list (gr_nbr_renumber). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/error.h"
#include "harness/ref.h"
#include "physics/cells.h"
#include "physics/cellsort.h"
#include "physics/nbr.h"
#include "physics/vtab.h"
#include "tests/check_run.h"

static double urand(void)
{
  return (double)rand() / ((double)RAND_MAX + 1.0);
}

static int same_list(const struct gr_nbr *a, const struct gr_nbr *b)
{
  return a->cur.n == b->cur.n && a->cur.npair == b->cur.npair &&
         memcmp(a->cur.start, b->cur.start, (a->cur.n + 1) * sizeof *a->cur.start) == 0 &&
         memcmp(a->cur.j, b->cur.j, a->cur.npair * sizeof *a->cur.j) == 0;
}

/* Independent reference: every pair, every periodic image -1, 0, 1 per
 * periodic axis, the nearest one (no use of gr_box_delta). */
static size_t brute_count(const struct gr_box *b, const double *x, size_t n, double cut)
{
  size_t i, j, cnt = 0;
  int k, s;
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n; j++) {
      double d2 = 0.0;
      for (k = 0; k < 3; k++) {
        double best = fabs(x[3 * i + k] - x[3 * j + k]);
        if (b->periodic[k])
          for (s = -1; s <= 1; s += 2)
            best = fmin(best, fabs(x[3 * i + k] - x[3 * j + k] + s * b->len[k]));
        d2 += best * best;
      }
      cnt += d2 < cut * cut;
    }
  return cnt;
}

/* Marks the record as flipped (see check_renumber). */
static void flip_mark(struct gr_nbr_hist *h)
{
  h->h[2] = -h->h[2];
}

/* gr_nbr_renumber by a random permutation: the list of the permuted
 * positions, in canonical order, each record following its pair and
 * flipped exactly where the lower member changed. */
static void check_renumber(struct gr_nbr *v, const struct gr_box *box, const double *x, size_t n,
                           double cut)
{
  uint32_t *pos = malloc(n * sizeof *pos), t;
  double *y = malloc(3 * n * sizeof *y);
  struct gr_nbr c;
  size_t i, q, k;
  for (i = 0; i < n; i++)
    pos[i] = (uint32_t)i;
  for (i = n - 1; i > 0; i--) {
    k = (size_t)(urand() * (double)(i + 1));
    t = pos[i];
    pos[i] = pos[k];
    pos[k] = t;
  }
  for (i = 0; i < n; i++) {
    memcpy(y + 3 * (size_t)pos[i], x + 3 * i, 3 * sizeof *y);
    for (q = v->cur.start[i]; q < v->cur.start[i + 1]; q++) {
      v->cur.hist[q].h[0] = (double)i;
      v->cur.hist[q].h[1] = (double)v->cur.j[q];
      v->cur.hist[q].h[2] = 1.0;
    }
  }
  ck_assert_int_eq(gr_nbr_renumber(v, pos, flip_mark), 0);
  gr_nbr_init(&c);
  ck_assert_int_eq(gr_nbr_nsquared(&c, box, y, n, cut * cut), 0);
  ck_assert(same_list(v, &c));
  for (i = 0; i < n; i++)
    for (q = v->cur.start[i]; q < v->cur.start[i + 1]; q++) {
      const double *h = v->cur.hist[q].h;
      uint32_t a = pos[(size_t)h[0]], b = pos[(size_t)h[1]];
      ck_assert_uint_eq(a < b ? a : b, i);
      ck_assert_uint_eq(a < b ? b : a, v->cur.j[q]);
      ck_assert_double_eq(h[2], a < b ? 1.0 : -1.0);
    }
  gr_nbr_free(&c);
  free(pos);
  free(y);
}

/* Run all three searches on x and check they agree bit for bit. */
static void three_agree(const struct gr_box *box, const double *x, size_t n, double cut,
                        const int m[3], size_t *npair)
{
  struct gr_nbr a, b, c;
  struct gr_cells cc;
  struct gr_cellsort cs;
  size_t k;
  gr_nbr_init(&a);
  gr_nbr_init(&b);
  gr_nbr_init(&c);
  ck_assert_int_eq(gr_nbr_nsquared(&a, box, x, n, cut * cut), 0);
  ck_assert_int_eq(gr_cells_init(&cc, box, m), 0);
  ck_assert_int_eq(gr_cells_fill(&cc, x, n), 0);
  ck_assert_int_eq(gr_cells_search(&cc, box, x, cut * cut), 0);
  ck_assert_int_eq(gr_nbr_from_pairs(&b, n, &cc.pairs), 0);
  ck_assert_int_eq(gr_cellsort_init(&cs, box, m), 0);
  ck_assert_int_eq(gr_cellsort_fill(&cs, x, n), 0);
  ck_assert_int_eq(gr_cellsort_search(&cs, &c, cut * cut), 0);
  ck_assert(same_list(&a, &b));
  ck_assert(same_list(&a, &c));
  /* canonical: rows ascending, j > i strictly ascending */
  for (k = 0; k < n; k++) {
    size_t p;
    for (p = a.cur.start[k]; p < a.cur.start[k + 1]; p++) {
      ck_assert_uint_gt(a.cur.j[p], k);
      if (p > a.cur.start[k])
        ck_assert_uint_gt(a.cur.j[p], a.cur.j[p - 1]);
    }
  }
  *npair = a.cur.npair;
  check_renumber(&a, box, x, n, cut);
  gr_cells_free(&cc);
  gr_cellsort_free(&cs);
  gr_nbr_free(&a);
  gr_nbr_free(&b);
  gr_nbr_free(&c);
}

/* Random configurations: walled, periodic, mixed boxes; the list equals
 * an independent brute-force count. */
START_TEST(test_random_agree)
{
  size_t n = 400, i, np;
  int trial, k, m[3];
  double *x = malloc(3 * n * sizeof *x), cut;
  srand(42);
  for (trial = 0; trial < 24; trial++) {
    struct gr_box box;
    for (k = 0; k < 3; k++) {
      box.len[k] = 4.0 + 6.0 * urand();
      box.periodic[k] = (trial >> k) & 1;
    }
    cut = 0.6 + 0.6 * urand();
    for (i = 0; i < 3 * n; i++)
      x[i] = urand() * box.len[i % 3];
    gr_cells_choose(&box, cut, m);
    for (k = 0; k < 3; k++)
      ck_assert_int_ge(m[k], 3);
    three_agree(&box, x, n, cut, m, &np);
    ck_assert_uint_eq(np, brute_count(&box, x, n, cut));
    ck_assert_uint_gt(np, 0);
  }
  free(x);
}
END_TEST

/* Issue 14: the sorted-cell walk on 1, 2, 3 and 7 threads (slabs of z
 * layers, 6000 particles: above the one-thread size) gives the list of the
 * N-squared search, walled and periodic. */
START_TEST(test_cellsort_threads)
{
  static const int nt[] = {1, 2, 3, 7};
  size_t n = 6000, i;
  int per, k, t, m[3];
  double *x = malloc(3 * n * sizeof *x);
  srand(7);
  for (per = 0; per <= 1; per++) {
    struct gr_box box = {{16.0, 15.0, 14.0}, {per, per, per}};
    struct gr_nbr a, c;
    struct gr_cellsort cs;
    for (i = 0; i < 3 * n; i++)
      x[i] = urand() * box.len[i % 3];
    gr_cells_choose(&box, 1.1, m);
    gr_nbr_init(&a);
    ck_assert_int_eq(gr_nbr_nsquared(&a, &box, x, n, 1.21), 0);
    ck_assert_uint_gt(a.cur.npair, n);
    for (t = 0; t < 4; t++) {
      gr_nbr_init(&c);
      ck_assert_int_eq(gr_cellsort_init(&cs, &box, m), 0);
      cs.threads = nt[t];
      for (k = 0; k < 2; k++) { /* twice: the buffers are reused */
        ck_assert_int_eq(gr_cellsort_fill(&cs, x, n), 0);
        ck_assert_int_eq(gr_cellsort_search(&cs, &c, 1.21), 0);
        ck_assert(same_list(&a, &c));
      }
      gr_cellsort_free(&cs);
      gr_nbr_free(&c);
    }
    gr_nbr_free(&a);
  }
  free(x);
}
END_TEST

/* A search that asks for 2 threads from inside another parallel region
 * gets the team OpenMP gives there (one thread: nesting is off by
 * default) and still the whole list: two outer threads search at once,
 * each its own struct, as sweetman's drift run steps its two runs.  (The
 * slabs were once split for the threads asked for, and a team of one
 * walked only the lower half of the box.) */
START_TEST(test_cellsort_nested)
{
  size_t n = 6000, i;
  int k, m[3], ok[2] = {0, 0};
  double *x = malloc(3 * n * sizeof *x);
  struct gr_box box = {{16.0, 15.0, 14.0}, {0, 0, 0}};
  struct gr_nbr a, c[2];
  struct gr_cellsort cs[2];
  srand(11);
  for (i = 0; i < 3 * n; i++)
    x[i] = urand() * box.len[i % 3];
  gr_cells_choose(&box, 1.1, m);
  gr_nbr_init(&a);
  ck_assert_int_eq(gr_nbr_nsquared(&a, &box, x, n, 1.21), 0);
  for (k = 0; k < 2; k++) {
    gr_nbr_init(&c[k]);
    ck_assert_int_eq(gr_cellsort_init(&cs[k], &box, m), 0);
    cs[k].threads = 2;
  }
#ifdef _OPENMP
#pragma omp parallel for num_threads(2) schedule(static, 1)
#endif
  for (k = 0; k < 2; k++)
    ok[k] = gr_cellsort_fill(&cs[k], x, n) == 0 && gr_cellsort_search(&cs[k], &c[k], 1.21) == 0;
  for (k = 0; k < 2; k++) {
    ck_assert(ok[k]);
    ck_assert(same_list(&a, &c[k]));
    gr_cellsort_free(&cs[k]);
    gr_nbr_free(&c[k]);
  }
  gr_nbr_free(&a);
  free(x);
}
END_TEST

/* Particles exactly on cell borders (multiples of the cell edge), on the
 * walls (0 and len), and pairs exactly at the cutoff across a periodic
 * boundary: all methods decide alike. */
START_TEST(test_borders_walls_wrap)
{
  size_t n = 0, np;
  int a, b, c, m[3] = {4, 4, 4}, per;
  double x[3 * 300], h = 1.0;
  for (per = 0; per <= 1; per++) {
    struct gr_box box = {{4.0, 4.0, 4.0}, {per, per, per}};
    n = 0;
    /* the 5 x 5 x 5 grid of cell corners, walls included (0 .. 4) */
    for (a = 0; a <= 4; a++)
      for (b = 0; b <= 4; b++)
        for (c = 0; c <= 4; c++) {
          x[3 * n] = a * h;
          x[3 * n + 1] = b * h;
          x[3 * n + 2] = c * h;
          n++;
        }
    /* a pair straddling the periodic boundary in x, at distance 0.5 */
    x[3 * n] = 0.25; x[3 * n + 1] = 2.5; x[3 * n + 2] = 2.5; n++;
    x[3 * n] = 3.75; x[3 * n + 1] = 2.5; x[3 * n + 2] = 2.5; n++;
    /* cutoff exactly the lattice spacing (excluded: d^2 < cut^2 is strict)
     * and just above it (included) */
    three_agree(&box, x, n, 1.0, m, &np);
    ck_assert_uint_eq(np, brute_count(&box, x, n, 1.0));
    ck_assert_uint_gt(np, 0);
    three_agree(&box, x, n, 1.0 + 1e-9, m, &np);
    ck_assert_uint_eq(np, brute_count(&box, x, n, 1.0 + 1e-9));
  }
}
END_TEST

/* A periodic axis with only 1 or 2 cells (sorted cells handle it with the
 * full-shell walk; the chain cells' MAP needs 3), and walled axes with 1
 * or 2 cells (half-shell walk), still give the N-squared list. */
START_TEST(test_few_cells_periodic)
{
  struct gr_box box = {{2.5, 5.0, 1.2}, {1, 1, 1}};
  int m[3], i;
  size_t n = 200;
  double x[600];
  struct gr_nbr a, c;
  struct gr_cellsort cs;
  srand(7);
  for (i = 0; i < 600; i++)
    x[i] = urand() * box.len[i % 3];
  gr_cells_choose(&box, 1.2, m);
  ck_assert_int_eq(m[0], 2);
  ck_assert_int_eq(m[2], 1);
  gr_nbr_init(&a);
  gr_nbr_init(&c);
  ck_assert_int_eq(gr_nbr_nsquared(&a, &box, x, n, 0.36), 0);
  ck_assert_int_eq(gr_cellsort_init(&cs, &box, m), 0);
  ck_assert_int_eq(gr_cellsort_fill(&cs, x, n), 0);
  ck_assert_int_eq(gr_cellsort_search(&cs, &c, 0.36), 0);
  ck_assert(same_list(&a, &c));
  gr_cellsort_free(&cs);
  /* walled axes with 1 and 2 cells take the half-shell walk */
  {
    struct gr_box wb = {{1.1, 2.5, 6.0}, {0, 0, 0}};
    for (i = 0; i < 600; i++)
      x[i] = urand() * wb.len[i % 3];
    gr_cells_choose(&wb, 1.0, m);
    ck_assert_int_eq(m[0], 1);
    ck_assert_int_eq(m[1], 2);
    ck_assert_int_eq(gr_nbr_nsquared(&a, &wb, x, n, 1.0), 0);
    ck_assert_int_eq(gr_cellsort_init(&cs, &wb, m), 0);
    ck_assert_int_eq(gr_cellsort_fill(&cs, x, n), 0);
    ck_assert_int_eq(gr_cellsort_search(&cs, &c, 1.0), 0);
    ck_assert(same_list(&a, &c));
    ck_assert_uint_eq(a.cur.npair, brute_count(&wb, x, n, 1.0));
    gr_cellsort_free(&cs);
  }
  gr_nbr_free(&a);
  gr_nbr_free(&c);
}
END_TEST

/* Load a reference table of the thesis. */
static struct gr_reftable *load(const char *name)
{
  char path[1024];
  struct gr_reftable *t = NULL;
  struct gr_error err;
  gr_error_clear(&err);
  snprintf(path, sizeof path, "%s/sweetman-2003/%s", GR_REFDIR_SRC, name);
  ck_assert_msg(gr_ref_load(path, &t, &err) == GR_OK, "%s", err.msg);
  return t;
}

/* Eq. 3.1 (3.2 in 2-D) against Table 3.1: M = 5 on the unit square. */
START_TEST(test_eq31_table31)
{
  struct gr_reftable *t = load("table-3-1.tsv");
  struct gr_box box = {{1.0, 1.0, 1.0}, {0, 0, 0}};
  const int m[3] = {5, 5, 1};
  struct gr_cells c;
  size_t r;
  ck_assert_int_eq(gr_cells_init(&c, &box, m), 0);
  ck_assert_uint_eq(t->nrows, 25);
  for (r = 0; r < t->nrows; r++) {
    double p[3] = {gr_ref_cell(t, t->rowkeys[r], "x")->value, gr_ref_cell(t, t->rowkeys[r], "y")->value, 0.0};
    ck_assert_int_eq(gr_cells_index(&c, p), (long)gr_ref_cell(t, t->rowkeys[r], "cell")->value);
  }
  gr_cells_free(&c);
  gr_ref_free(t);
}
END_TEST

/* gr_cells_work on closed forms, a 3 x 3 x 3 periodic grid (26 distinct
 * MAP neighbours): n particles in one cell, 27 + n (n - 1) / 2; one in
 * every cell, 27 (1 + 26) = 729. */
START_TEST(test_cells_work)
{
  struct gr_box box = {{3.0, 3.0, 3.0}, {1, 1, 1}};
  int m[3] = {3, 3, 3}, i, j, k;
  double x[3 * 27], w = -1.0;
  struct gr_cells c;
  ck_assert_int_eq(gr_cells_init(&c, &box, m), 0);
  for (i = 0; i < 5; i++) {
    x[3 * i] = 0.1 + 0.1 * i;
    x[3 * i + 1] = 0.5;
    x[3 * i + 2] = 0.5;
  }
  ck_assert_int_eq(gr_cells_fill(&c, x, 5), 0);
  ck_assert_int_eq(gr_cells_work(&c, &w), GR_OK);
  ck_assert(w == 27.0 + 10.0);
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      for (k = 0; k < 3; k++) {
        double *p = x + 3 * (9 * i + 3 * j + k);
        p[0] = i + 0.5;
        p[1] = j + 0.5;
        p[2] = k + 0.5;
      }
  ck_assert_int_eq(gr_cells_fill(&c, x, 27), 0);
  ck_assert_int_eq(gr_cells_work(&c, &w), GR_OK);
  ck_assert(w == 729.0);
  gr_cells_free(&c);
}
END_TEST

/* The MAP of cell 1 for M = 5 against Table 3.5, and for every cell of
 * several grids: 27 distinct cells, the cell itself last, each neighbour
 * relation mutual, each entry the eq. 3.5 cell of its offset. */
START_TEST(test_map)
{
  struct gr_reftable *t = load("table-3-5.tsv");
  struct gr_box box = {{1.0, 1.0, 1.0}, {1, 1, 1}};
  int m[3] = {5, 5, 5}, ix, iy, iz, g;
  struct gr_cells c;
  char key[48];
  ck_assert_int_eq(gr_cells_init(&c, &box, m), 0);
  ck_assert_int_eq(gr_cells_icell(m, 1, 1, 1), (long)gr_ref_cell(t, "icell", "value")->value);
  for (ix = 0; ix <= 2; ix++)
    for (iy = 0; iy <= 2; iy++)
      for (iz = 0; iz <= 2; iz++) {
        int lex = 9 * ix + 3 * iy + iz, k = lex < 13 ? lex + 1 : (lex == 13 ? 27 : lex);
        snprintf(key, sizeof key, "%d.%d.%d", ix, iy, iz);
        gr_ck_each((c.map[k]) == ((int)gr_ref_cell(t, key, "value")->value), "%lld != %lld", (long long)(c.map[k]), (long long)((int)gr_ref_cell(t, key, "value")->value));
      }
  gr_cells_free(&c);
  gr_ref_free(t);
  for (g = 0; g < 3; g++) {
    int mm[3] = {3 + g, 4, 3 + 2 * g};
    long cell, k, q;
    gr_ck_each((gr_cells_init(&c, &box, mm)) == (0), "expected %lld", (long long)(0));
    for (cell = 1; cell <= c.ncell; cell++) {
      const int *e = c.map + (cell - 1) * 27;
      gr_ck_each((e[27]) == (cell), "%lld != %lld", (long long)(e[27]), (long long)(cell));
      for (k = 1; k <= 27; k++) {
        int found = 0;
        for (q = 1; q < k; q++)
          ck_assert_int_ne(e[q], e[k]);
        for (q = 1; q <= 27; q++)
          found |= c.map[(e[k] - 1) * 27 + q] == cell;
        ck_assert(found);
      }
    }
    gr_cells_free(&c);
  }
}
END_TEST

/* Contact history: marks survive a rebuild for persisting pairs, new pairs
 * start at zero, broken pairs are gone; no buffer moves once grown. */
START_TEST(test_history)
{
  struct gr_box box = {{8.0, 8.0, 8.0}, {1, 0, 1}};
  size_t n = 600, i, p, persist = 0, fresh = 0;
  int m[3], k;
  double *x = malloc(3 * n * sizeof *x), *y = malloc(3 * n * sizeof *y), cut = 1.0;
  struct gr_nbr v, ref;
  struct gr_cellsort cs;
  void *bufs[6];
  srand(3);
  for (i = 0; i < 3 * n; i++)
    x[i] = urand() * 8.0;
  gr_cells_choose(&box, cut, m);
  gr_nbr_init(&v);
  ck_assert_int_eq(gr_cellsort_init(&cs, &box, m), 0);
  ck_assert_int_eq(gr_cellsort_fill(&cs, x, n), 0);
  ck_assert_int_eq(gr_cellsort_search(&cs, &v, cut * cut), 0);
  ck_assert_uint_eq(v.carried, 0);
  for (i = 0; i < n; i++)
    for (p = v.cur.start[i]; p < v.cur.start[i + 1]; p++) {
      for (k = 0; k < GR_NBR_HIST; k++)
        ck_assert(v.cur.hist[p].h[k] == 0.0);
      v.cur.hist[p].h[0] = (double)i;
      v.cur.hist[p].h[GR_NBR_HIST - 1] = (double)v.cur.j[p] + 0.5;
    }
  /* move every particle a little (y stays inside the walled axis) */
  for (i = 0; i < 3 * n; i++) {
    y[i] = x[i] + 0.3 * (urand() - 0.5);
    if (i % 3 == 1)
      y[i] = fmin(fmax(y[i], 0.0), 7.999);
    else
      y[i] = fmod(y[i] + 8.0, 8.0);
  }
  ck_assert_int_eq(gr_cellsort_fill(&cs, y, n), 0);
  ck_assert_int_eq(gr_cellsort_search(&cs, &v, cut * cut), 0);
  gr_nbr_init(&ref);
  ck_assert_int_eq(gr_nbr_nsquared(&ref, &box, y, n, cut * cut), 0);
  ck_assert(same_list(&v, &ref));
  for (i = 0; i < n; i++)
    for (p = v.cur.start[i]; p < v.cur.start[i + 1]; p++) {
      size_t j = v.cur.j[p];
      const double *a = x + 3 * i, *b = x + 3 * j;
      int was = gr_box_dist2(&box, a[0], a[1], a[2], b[0], b[1], b[2]) < cut * cut;
      if (was) {
        ck_assert(v.cur.hist[p].h[0] == (double)i);
        ck_assert(v.cur.hist[p].h[GR_NBR_HIST - 1] == (double)j + 0.5);
        persist++;
      } else {
        for (k = 0; k < GR_NBR_HIST; k++)
          ck_assert(v.cur.hist[p].h[k] == 0.0);
        fresh++;
      }
    }
  ck_assert_uint_eq(v.carried, persist);
  ck_assert_uint_gt(persist, 0);
  ck_assert_uint_gt(fresh, 0);
  ck_assert_ptr_null(gr_nbr_find(&v, 5, 5));
  /* once grown, rebuilds reuse the same two buffers (no allocation) */
  ck_assert_int_eq(gr_cellsort_search(&cs, &v, cut * cut), 0);
  bufs[0] = v.cur.j; bufs[1] = v.nxt.j; bufs[2] = v.cur.hist;
  bufs[3] = v.nxt.hist; bufs[4] = v.cur.start; bufs[5] = v.nxt.start;
  for (k = 0; k < 4; k++) {
    ck_assert_int_eq(gr_cellsort_fill(&cs, k % 2 ? x : y, n), 0);
    ck_assert_int_eq(gr_cellsort_search(&cs, &v, cut * cut), 0);
  }
  ck_assert(((void *)v.cur.j == bufs[0] && (void *)v.nxt.j == bufs[1]) ||
            ((void *)v.cur.j == bufs[1] && (void *)v.nxt.j == bufs[0]));
  ck_assert(((void *)v.cur.hist == bufs[2] && (void *)v.nxt.hist == bufs[3]) ||
            ((void *)v.cur.hist == bufs[3] && (void *)v.nxt.hist == bufs[2]));
  ck_assert(((void *)v.cur.start == bufs[4] && (void *)v.nxt.start == bufs[5]) ||
            ((void *)v.cur.start == bufs[5] && (void *)v.nxt.start == bufs[4]));
  gr_cellsort_free(&cs);
  gr_nbr_free(&v);
  gr_nbr_free(&ref);
  free(x);
  free(y);
}
END_TEST

/* The N-squared and chain-cell rebuilds, too, reuse their buffers once
 * grown: after two rebuilds (both list buffers filled), more rebuilds of
 * configurations of the same size move no buffer. */
START_TEST(test_no_alloc)
{
  struct gr_box box = {{9.0, 9.0, 9.0}, {1, 1, 0}};
  size_t n = 700, i;
  int m[3], k, meth;
  double *x = malloc(3 * n * sizeof *x);
  srand(5);
  gr_cells_choose(&box, 1.0, m);
  for (meth = 0; meth < 2; meth++) {
    struct gr_nbr v;
    struct gr_cells c;
    void *p[5] = {0};
    gr_nbr_init(&v);
    ck_assert_int_eq(gr_cells_init(&c, &box, m), 0);
    for (k = 0; k < 8; k++) {
      for (i = 0; i < 3 * n; i++)
        x[i] = urand() * 9.0;
      if (meth == 0) {
        ck_assert_int_eq(gr_nbr_nsquared(&v, &box, x, n, 1.0), 0);
      } else {
        ck_assert_int_eq(gr_cells_fill(&c, x, n), 0);
        ck_assert_int_eq(gr_cells_search(&c, &box, x, 1.0), 0);
        ck_assert_int_eq(gr_nbr_from_pairs(&v, n, &c.pairs), 0);
      }
      if (k == 2) /* capacity for any of these (about 1400 pairs each) */
        ck_assert_int_eq(gr_nbr_reserve(&v, n, 8192), 0);
      if (k == 3) {
        p[0] = v.cur.j; p[1] = v.nxt.j; p[2] = c.list; p[3] = c.pairs.a; p[4] = c.head;
      }
      if (k > 3) {
        ck_assert((void *)v.cur.j == p[0] || (void *)v.cur.j == p[1]);
        ck_assert((void *)v.nxt.j == p[0] || (void *)v.nxt.j == p[1]);
        ck_assert(meth == 0 || ((void *)c.list == p[2] && (void *)c.pairs.a == p[3]));
        ck_assert((void *)c.head == p[4]);
      }
    }
    gr_cells_free(&c);
    gr_nbr_free(&v);
  }
  free(x);
}
END_TEST

/* HEAD/LIST: every particle is in exactly one chain, that of its cell,
 * and chains run from higher to lower particle numbers (section 3.2). */
START_TEST(test_chains)
{
  struct gr_box box = {{6.0, 5.0, 4.0}, {0, 0, 0}};
  const int m[3] = {6, 5, 4};
  struct gr_cells c;
  size_t n = 500, i;
  double x[1500];
  int *seen = calloc(n + 1, sizeof *seen);
  long cell;
  srand(11);
  for (i = 0; i < 1500; i++)
    x[i] = urand() * box.len[i % 3];
  ck_assert_int_eq(gr_cells_init(&c, &box, m), 0);
  ck_assert_int_eq(gr_cells_fill(&c, x, n), 0);
  for (cell = 1; cell <= c.ncell; cell++) {
    int p, last = (int)n + 1;
    for (p = c.head[cell]; p != 0; p = c.list[p]) {
      ck_assert_int_lt(p, last);
      ck_assert_int_eq(c.cell[p], cell);
      ck_assert_int_eq(gr_cells_index(&c, x + 3 * (p - 1)), cell);
      seen[p]++;
      last = p;
    }
  }
  for (i = 1; i <= n; i++)
    ck_assert_int_eq(seen[i], 1);
  free(seen);
  gr_cells_free(&c);
}
END_TEST

/* The thesis's Verlet table: MT1 advances by 7, idx = i2or1 jdx - i1or0,
 * and the NEBOR/NEXT walk returns the partners in insertion order. */
START_TEST(test_vtab)
{
  struct gr_vtab t;
  int arch, k, got[16], n;
  for (arch = 1; arch <= 2; arch++) {
    int jdx[4];
    ck_assert_int_eq(gr_vtab_init(&t, 10, 20, arch, arch - 1), GR_OK);
    ck_assert_int_eq(gr_vtab_add(&t, 3, 9, &jdx[0]), GR_OK);
    ck_assert_int_eq(gr_vtab_add(&t, 1, 4, &jdx[1]), GR_OK);
    ck_assert_int_eq(gr_vtab_add(&t, 3, 5, &jdx[2]), GR_OK);
    ck_assert_int_eq(gr_vtab_add(&t, 3, 7, &jdx[3]), GR_OK);
    ck_assert_int_eq(jdx[0], 1);
    ck_assert_int_eq(jdx[1], 8);
    ck_assert_int_eq(jdx[2], 15);
    ck_assert_int_eq(jdx[3], 22);
    ck_assert_int_eq(gr_vtab_idx(&t, 8), arch == 1 ? 8 : 15);
    n = gr_vtab_partners(&t, 3, got, 16);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(got[0], 9);
    ck_assert_int_eq(got[1], 5);
    ck_assert_int_eq(got[2], 7);
    ck_assert_int_eq(gr_vtab_partners(&t, 2, got, 16), 0);
    for (k = 0; k < 16; k++)
      ck_assert_int_eq(gr_vtab_add(&t, 2, k + 1, NULL), GR_OK);
    ck_assert_int_eq(gr_vtab_add(&t, 2, 1, NULL), GR_EINPUT); /* full: 20 records */
    ck_assert_int_eq(gr_vtab_add(&t, 11, 1, NULL), GR_EINPUT); /* no particle 11 */
    gr_vtab_free(&t);
  }
}
END_TEST

/* The nbr suite. */
static Suite *nbr_suite(void)
{
  Suite *s = suite_create("nbr");
  TCase *tc = tcase_create("neighbour-lists-agree");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_random_agree);
  tcase_add_test(tc, test_cellsort_threads);
  tcase_add_test(tc, test_cellsort_nested);
  tcase_add_test(tc, test_borders_walls_wrap);
  tcase_add_test(tc, test_few_cells_periodic);
  tcase_add_test(tc, test_eq31_table31);
  tcase_add_test(tc, test_map);
  tcase_add_test(tc, test_history);
  tcase_add_test(tc, test_chains);
  tcase_add_test(tc, test_cells_work);
  tcase_add_test(tc, test_no_alloc);
  tcase_add_test(tc, test_vtab);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(nbr_suite, 0)
