/* granrepro experiment sweetman-neighbors, chapter 2: the Verlet table of
 * section 2.3 rebuilt from the near-neighbour list of Table 2.1 with the
 * thesis's own bookkeeping (physics/vtab.h), compared with Tables 2.2-2.13
 * and the numbers of the text; and the engine's compressed-row list
 * (physics/nbr.h) built from the same pairs, walked in the same order. */
#include <stdio.h>
#include <string.h>

#include "experiments/sweetman-2003/sweetman.h"
#include "harness/ctx.h"
#include "harness/verdict.h"
#include "harness/error.h"
#include "physics/nbr.h"
#include "physics/vtab.h"

#define SW_NP 12       /* particles of Figure 2.3 */
#define SW_MAXPAIR 64

/* Compare the 12 NEBOR entries with a table of section 2.3. */
static void sw_nebor(struct gr_ctx *ctx, const char *table, const struct gr_vtab *t)
{
  char col[48];
  int i;
  for (i = 1; i <= SW_NP; i++) {
    snprintf(col, sizeof col, "i%d", i);
    gr_ctx_compare(ctx, table, "nebor", col, t->nebor[i], 0.0,
                   "NEBOR(I) = jdx of I's first record (0: none)");
  }
}

/* Compare every printed field of every record of a list table: locations
 * of the fields (NDX at idx, reals at jdx+1..jdx+5, NEXT at idx+6, the
 * record's last location idx + 7 i2or1 - 1) and the NDX and NEXT values. */
static void sw_records(struct gr_ctx *ctx, const char *table, const struct gr_vtab *t)
{
  static const char *const cols[] = {"ndx_loc", "ndx", "tf_loc", "tm_loc", "a_loc",
                                     "a0_loc", "sk_loc", "next_loc", "next", "loc2", "end_loc"};
  char row[32];
  int jdx;
  size_t k;
  for (jdx = 1; jdx < t->mt1; jdx += GR_VTAB_RECORD) {
    int idx = gr_vtab_idx(t, jdx);
    double v[11];
    v[0] = idx;
    v[1] = t->ndx[idx];
    for (k = 0; k < 5; k++)
      v[2 + k] = jdx + 1 + (int)k;
    v[7] = idx + 6;
    v[8] = t->next[idx];
    v[9] = idx + 7;
    v[10] = idx + GR_VTAB_RECORD * t->i2or1 - 1;
    snprintf(row, sizeof row, "r%d", idx);
    for (k = 0; k < 11; k++)
      if (gr_ctx_has(ctx, table, row, cols[k]))
        gr_ctx_compare(ctx, table, row, cols[k], v[k], 0.0,
                       "Verlet table rebuilt by the addition of Figure 2.4");
  }
}

/* Table 2.1 as input: pairs in printed order; informative verdicts and the
 * assertion that each pair is listed once (J > I). */
static int sw_table21(struct gr_ctx *ctx, int pairs[][2], int *np)
{
  char row[48], col[48];
  int i, k, ok = 1;
  double j;
  *np = 0;
  for (i = 1; i <= SW_NP; i++)
    for (k = 1; k <= 3; k++) {
      snprintf(row, sizeof row, "p%d", i);
      snprintf(col, sizeof col, "j%d", k);
      if (!gr_ctx_has(ctx, "table-2-1", row, col))
        continue;
      if (gr_ctx_input(ctx, "table-2-1", row, col, &j) != GR_OK)
        return gr_ctx_error(ctx)->code;
      if (j != 0.0 && *np < SW_MAXPAIR) {
        ok = ok && j > i && j <= SW_NP;
        pairs[*np][0] = i;
        pairs[(*np)++][1] = (int)j;
      }
    }
  return gr_ctx_verdict(ctx, GR_KIND_PRINTED, "table-2-1/each-pair-once", ok, gr_test_eq(1.0),
                        "1 when every listed J exceeds its I and is a particle of the system: each pair appears once");
}

/* Build the table of one architecture after `upto` additions. */
static int sw_build(struct gr_vtab *t, int i2or1, int i1or0, int pairs[][2], int np, int upto)
{
  int k;
  if (gr_vtab_init(t, SW_NP, SW_MAXPAIR, i2or1, i1or0) != GR_OK)
    return GR_ENOMEM;
  for (k = 0; k < np && k < upto; k++)
    if (gr_vtab_add(t, pairs[k][0], pairs[k][1], NULL) != GR_OK)
      return GR_EFAIL;
  return GR_OK;
}

/* The engine's list holds the same pairs in the same walk order. */
static int sw_same_walk(struct gr_ctx *ctx, const struct gr_vtab *t, int pairs[][2], int np)
{
  struct gr_nbr v;
  uint32_t pa[SW_MAXPAIR], pb[SW_MAXPAIR];
  struct gr_pairs pp = {pa, pb, 0, SW_MAXPAIR};
  int k, i, got[8], n, ok = 1, rc;
  size_t a;
  for (k = 0, rc = GR_OK; k < np && rc == GR_OK; k++)
    rc = gr_pairs_push(&pp, (uint32_t)(pairs[k][0] - 1), (uint32_t)(pairs[k][1] - 1));
  gr_nbr_init(&v);
  if (rc != GR_OK || (rc = gr_nbr_from_pairs(&v, SW_NP, &pp)) != GR_OK)
    goto fail;
  for (i = 1; i <= SW_NP && rc == GR_OK; i++) {
    n = gr_vtab_partners(t, i, got, 8);
    ok = ok && (size_t)n == v.cur.start[i] - v.cur.start[i - 1];
    for (a = v.cur.start[i - 1]; ok && a < v.cur.start[i]; a++)
      ok = got[a - v.cur.start[i - 1]] == (int)v.cur.j[a] + 1;
  }
fail:
  gr_nbr_free(&v);
  if (rc != GR_OK)
    return gr_ctx_fail(ctx, GR_ENOMEM, "out of memory");
  return gr_ctx_verdict(ctx, GR_KIND_CHECK, "chapter2/engine-list-equals-verlet-table", ok, gr_test_eq(1.0),
                        "1 when the force routine's walk of NEBOR/NEXT and the compressed rows of physics/nbr.h give the same partners in the same order");
}

/* The numbers of the text of section 2.3 (i2or1, i1or0 as used; MT1;
 * the idx of jdx 8). */
static void sw_text23(struct gr_ctx *ctx, const int mt1[2])
{
  struct gr_vtab t;
  if (gr_vtab_init(&t, 1, 1, 2, 1) != GR_OK) {
    gr_ctx_fail(ctx, GR_EFAIL, "sweetman-neighbors: the V table of section 2.3 could not be built");
    return;
  }
  gr_ctx_compare(ctx, "text-2-3", "i2or1_equal", "value", 1, 0.0, "used for Tables 2.2-2.7");
  gr_ctx_compare(ctx, "text-2-3", "i1or0_equal", "value", 0, 0.0, "used for Tables 2.2-2.7");
  gr_ctx_compare(ctx, "text-2-3", "i2or1_sgi", "value", t.i2or1, 0.0, "used for Tables 2.8-2.13");
  gr_ctx_compare(ctx, "text-2-3", "i1or0_sgi_first", "value", t.i1or0, 0.0, "the value that makes idx = 2 jdx - 1");
  gr_ctx_compare(ctx, "text-2-3", "i1or0_sgi", "value", t.i1or0, 0.0, "used for Tables 2.8-2.13");
  gr_ctx_compare(ctx, "text-2-3", "mt1_after_one", "value", mt1[0], 0.0, "MT1 after the first addition");
  gr_ctx_compare(ctx, "text-2-3", "mt1_after_two", "value", mt1[1], 0.0, "MT1 after the second addition");
  gr_ctx_compare(ctx, "text-2-3", "jdx_second_record_sgi", "value", 1 + GR_VTAB_RECORD, 0.0, "MT1 when the second record is added");
  gr_ctx_compare(ctx, "text-2-3", "idx_second_record_sgi", "value", gr_vtab_idx(&t, 1 + GR_VTAB_RECORD), 0.0, "idx = 2 jdx - 1");
  gr_vtab_free(&t);
}

/* Section 2.3: Tables 2.1-2.13 and the numbers of the text. */
int gr_sweetman_chapter2(struct gr_ctx *ctx)
{
  static const struct { int i2or1, i1or0, upto; const char *nebor, *list; } steps[] = {
    {1, 0, 1, "table-2-2", "table-2-3"}, {1, 0, 2, "table-2-4", "table-2-5"},
    {1, 0, SW_MAXPAIR, "table-2-6", "table-2-7"}, {2, 1, 1, "table-2-8", "table-2-9"},
    {2, 1, 2, "table-2-10", "table-2-11"}, {2, 1, SW_MAXPAIR, "table-2-12", "table-2-13"}};
  int pairs[SW_MAXPAIR][2], np, rc, s, mt1[2] = {0, 0};
  struct gr_vtab t;
  if ((rc = sw_table21(ctx, pairs, &np)) != GR_OK)
    return rc;
  for (s = 0; s < 6; s++) {
    if ((rc = sw_build(&t, steps[s].i2or1, steps[s].i1or0, pairs, np, steps[s].upto)) != GR_OK) {
      gr_vtab_free(&t);
      return gr_ctx_fail(ctx, rc, "Verlet table of the example: out of memory or full");
    }
    if (s < 2)
      mt1[s] = t.mt1;
    sw_nebor(ctx, steps[s].nebor, &t);
    sw_records(ctx, steps[s].list, &t);
    if (s == 5)
      sw_same_walk(ctx, &t, pairs, np);
    gr_vtab_free(&t);
  }
  sw_text23(ctx, mt1);
  return gr_ctx_error(ctx)->code;
}
