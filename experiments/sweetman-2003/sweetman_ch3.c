/* granrepro experiment sweetman-neighbors, chapter 3: the worked example of
 * the chain-cell linked list (Tables 3.1-3.4), the neighbour-cell map for
 * M = 5 (Table 3.5) and the search order (Tables 3.6-3.7), rebuilt with
 * physics/cells.h and compared entry by entry. */
#include <stdio.h>
#include <string.h>

#include "experiments/sweetman-2003/sweetman.h"
#include "harness/ctx.h"
#include "harness/verdict.h"
#include "harness/error.h"
#include "physics/cells.h"

#define SW_NEX 25 /* particles of Table 3.1 */

/* LIST, HEAD, CELL after the first n particles (Tables 3.2-3.4; a table
 * prints rows I = 1..rows). */
static int sw_arrays(struct gr_ctx *ctx, const char *table, struct gr_cells *c,
                     const double *x, size_t n, int rows)
{
  char row[48];
  int i;
  if (gr_cells_fill(c, x, n) != GR_OK)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  for (i = 1; i <= rows; i++) {
    snprintf(row, sizeof row, "i%d", i);
    gr_ctx_compare(ctx, table, row, "list", (size_t)i <= n ? c->list[i] : 0, 0.0, "LIST(I)");
    gr_ctx_compare(ctx, table, row, "head", c->head[i], 0.0, "HEAD(I)");
    gr_ctx_compare(ctx, table, row, "cell", (size_t)i <= n ? c->cell[i] : 0, 0.0, "CELL(I)");
  }
  return gr_ctx_error(ctx)->code;
}

/* Tables 3.1-3.4: the 2-D example, unit square, M = 5 (eq. 3.2 is eq. 3.1
 * with one cell along z). */
static int sw_example(struct gr_ctx *ctx, struct gr_cells *c, double *x)
{
  struct gr_box box = {{1.0, 1.0, 1.0}, {0, 0, 0}};
  const int m[3] = {5, 5, 1};
  char row[48];
  int i, rc;
  for (i = 1; i <= SW_NEX; i++) {
    snprintf(row, sizeof row, "p%d", i);
    if ((rc = gr_ctx_input(ctx, "table-3-1", row, "x", &x[3 * (i - 1)])) != GR_OK ||
        (rc = gr_ctx_input(ctx, "table-3-1", row, "y", &x[3 * (i - 1) + 1])) != GR_OK)
      return rc;
    x[3 * (i - 1) + 2] = 0.0;
  }
  if (gr_cells_init(c, &box, m) != GR_OK)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  for (i = 1; i <= SW_NEX; i++) {
    snprintf(row, sizeof row, "p%d", i);
    gr_ctx_compare(ctx, "table-3-1", row, "cell", (double)gr_cells_index(c, x + 3 * (i - 1)),
                   0.0, "ICELL of eq. 3.2 in double precision, CELLI = 5, from the printed x, y (inputs)");
  }
  sw_arrays(ctx, "table-3-2", c, x, 1, 1);
  sw_arrays(ctx, "table-3-3", c, x, 2, 2);
  return sw_arrays(ctx, "table-3-4", c, x, SW_NEX, SW_NEX);
}

/* Table 3.5: eq. 3.5 for M = 5 and the 27 MAP entries of cell 1. */
static int sw_map(struct gr_ctx *ctx)
{
  struct gr_box box = {{1.0, 1.0, 1.0}, {1, 1, 1}};
  const int m[3] = {5, 5, 5};
  struct gr_cells c;
  char row[48];
  int ix, iy, iz;
  if (gr_cells_init(&c, &box, m) != GR_OK)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  gr_ctx_compare(ctx, "table-3-5", "icell", "value", gr_cells_icell(m, 1, 1, 1), 0.0,
                 "eq. 3.5 at IX = IY = IZ = 1");
  for (ix = 0; ix <= 2; ix++)
    for (iy = 0; iy <= 2; iy++)
      for (iz = 0; iz <= 2; iz++) {
        int lex = 9 * ix + 3 * iy + iz; /* position in the listing's order */
        int k = lex < 13 ? lex + 1 : (lex == 13 ? 27 : lex);
        snprintf(row, sizeof row, "%d.%d.%d", ix, iy, iz);
        gr_ctx_compare(ctx, "table-3-5", row, "value", c.map[k], 0.0,
                       "MAP(imap + k) of cell 1, built by the FORTRAN loop of section 3.3");
      }
  gr_cells_free(&c);
  return gr_ctx_error(ctx)->code;
}

/* One trace entry against a table of the search order; its misprint
 * cells are one slip, judged once per table (row <table>/row-slip);
 * entries the table does not print become informative rows. */
static int sw_trace_item(struct gr_ctx *ctx, const char *table, const char *key, int value,
                         const char *what)
{
  char q[96], note[160];
  if (gr_ctx_has(ctx, table, key, "value"))
    return gr_ctx_compare_in(ctx, table, key, "value", value, "row-slip", what);
  snprintf(q, sizeof q, "%s/%s", table, key);
  snprintf(note, sizeof note, "%s; not printed: the table omits it (see the table's notes)", what);
  return gr_ctx_inform(ctx, GR_KIND_MISPRINT, q, value, note);
}

/* Tables 3.6 (primary 3 only) and 3.7 (all of cell 1). */
static int sw_order(struct gr_ctx *ctx, const struct gr_cells *c, const char *table, int nprimary)
{
  struct gr_cells_visit v[256];
  size_t nv = gr_cells_trace(c, 1, v, 256), a;
  char key[48];
  int np = 0, nc = 0, k = 0, lastp = -1, lastc = -1;
  if (nv > 256)
    return gr_ctx_fail(ctx, GR_EFAIL, "search-order trace longer than expected");
  sw_trace_item(ctx, table, "cell", v[0].cell, "outermost loop");
  for (a = 0; a < nv; a++) {
    if (v[a].primary != lastp) {
      if (np == nprimary)
        break;
      lastp = v[a].primary;
      lastc = -1;
      nc = 0;
      snprintf(key, sizeof key, "primary.%d", ++np);
      sw_trace_item(ctx, table, key, lastp, "primary particle, down the chain of cell 1");
    }
    if (v[a].nbrcell != lastc) {
      lastc = v[a].nbrcell;
      k = 0;
      snprintf(key, sizeof key, "p%d.n%d", lastp, ++nc);
      sw_trace_item(ctx, table, key, lastc, "neighbouring cell searched");
    }
    snprintf(key, sizeof key, "p%d.c%d.k%d", lastp, lastc, ++k);
    sw_trace_item(ctx, table, key, v[a].particle,
                  "particle met (HEAD, then LIST, of Table 3.4; 0 = empty cell)");
  }
  return gr_ctx_slip_row(ctx, table, "row-slip",
                         "one slip, counted once: the entries of cells 6 and 7, wrong in the same way for every "
                         "primary (the printed 0 and 20 are HEAD(5) and HEAD(6) of Table 3.4, one row above); its cells");
}

/* Section 3.2-3.3: Tables 3.1-3.7. */
int gr_sweetman_chapter3(struct gr_ctx *ctx)
{
  struct gr_cells c;
  double x[3 * SW_NEX];
  memset(&c, 0, sizeof c);
  if (sw_example(ctx, &c, x) == GR_OK) {
    sw_order(ctx, &c, "table-3-6", 1);
    sw_order(ctx, &c, "table-3-7", 3);
  }
  gr_cells_free(&c);
  return sw_map(ctx);
}
