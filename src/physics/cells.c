/* granrepro physics: the chain-cell linked list of Sweetman 2003, chapter 3
 * (HEAD/LIST/CELL, eq. 3.1; MAP, eq. 3.5; the search of section 3.3). */
#include "physics/cells.h"

#include <stdlib.h>
#include <string.h>

void gr_cells_free(struct gr_cells *c)
{
  free(c->head);
  free(c->list);
  free(c->cell);
  free(c->map);
  gr_pairs_free(&c->pairs);
  memset(c, 0, sizeof *c);
}

void gr_cells_choose(const struct gr_box *box, double cut, int m[3])
{
  int k;
  for (k = 0; k < 3; k++) {
    double q = box->len[k] / cut;
    m[k] = q >= 1.0 ? (q < 1e9 ? (int)q : 1000000000) : 1;
  }
}

/* Eq. 3.5: ICELL = 1 + MOD(IX-1+M, M) + MOD(IY-1+M, M) M
 *                    + MOD(IZ-1+M, M) M^2 (M per axis here). */
long gr_cells_icell(const int m[3], int ix, int iy, int iz)
{
  return 1 + (long)((ix - 1 + m[0]) % m[0]) +
         (long)((iy - 1 + m[1]) % m[1]) * m[0] +
         (long)((iz - 1 + m[2]) % m[2]) * m[0] * m[1];
}

/* The FORTRAN loop of section 3.3: MAP(imap+1..26) in the order of the
 * listing (x offset slowest, z fastest), MAP(imap+27) the cell itself. */
static void cells_map(struct gr_cells *c)
{
  int ix, iy, iz, dx, dy, dz, k;
  for (iz = 1; iz <= c->m[2]; iz++)
    for (iy = 1; iy <= c->m[1]; iy++)
      for (ix = 1; ix <= c->m[0]; ix++) {
        long imap = (gr_cells_icell(c->m, ix, iy, iz) - 1) * 27;
        k = 1;
        for (dx = -1; dx <= 1; dx++)
          for (dy = -1; dy <= 1; dy++)
            for (dz = -1; dz <= 1; dz++)
              if (dx || dy || dz)
                c->map[imap + k++] = (int)gr_cells_icell(c->m, ix + dx, iy + dy, iz + dz);
        c->map[imap + 27] = (int)gr_cells_icell(c->m, ix, iy, iz);
      }
}

int gr_cells_init(struct gr_cells *c, const struct gr_box *box,
                  const int m[3])
{
  int k;
  memset(c, 0, sizeof *c);
  for (k = 0; k < 3; k++) {
    if (m[k] < 1)
      return GR_EINPUT;
    c->m[k] = m[k];
    c->celli[k] = m[k] / box->len[k];
    c->periodic[k] = box->periodic[k];
  }
  c->ncell = (long)m[0] * m[1] * m[2];
  if ((double)m[0] * m[1] * m[2] * 27.0 > 2147483647.0)
    return GR_EINPUT;
  c->head = calloc((size_t)c->ncell + 1, sizeof *c->head);
  c->map = calloc((size_t)c->ncell * 27 + 1, sizeof *c->map);
  if (c->head == NULL || c->map == NULL) {
    gr_cells_free(c);
    return GR_ENOMEM;
  }
  cells_map(c);
  return GR_OK;
}

/* Eq. 3.1: ICELL = 1 + INT(RX CELLI) + INT(RY CELLI) M + INT(RZ CELLI) M^2. */
long gr_cells_index(const struct gr_cells *c, const double r[3])
{
  long id[3];
  int k;
  for (k = 0; k < 3; k++)
    id[k] = gr_box_cell(r[k] * c->celli[k], c->m[k], c->periodic[k]);
  return 1 + id[0] + id[1] * c->m[0] + id[2] * c->m[0] * c->m[1];
}

int gr_cells_fill(struct gr_cells *c, const double *x, size_t n)
{
  size_t i;
  if ((uint64_t)n >= INT32_MAX)
    return GR_EINPUT;
  if (n + 1 > c->ncap) {
    int *l = realloc(c->list, (n + 1) * sizeof *l), *cl;
    if (l == NULL)
      return GR_ENOMEM;
    c->list = l;
    if ((cl = realloc(c->cell, (n + 1) * sizeof *cl)) == NULL)
      return GR_ENOMEM;
    c->cell = cl;
    c->ncap = n + 1;
  }
  /* step 1: zero the arrays */
  memset(c->head, 0, ((size_t)c->ncell + 1) * sizeof *c->head);
  memset(c->list, 0, (n + 1) * sizeof *c->list);
  memset(c->cell, 0, (n + 1) * sizeof *c->cell);
  /* steps 2-6 */
  for (i = 1; i <= n; i++) {
    long ic = gr_cells_index(c, x + 3 * (i - 1));
    c->list[i] = c->head[ic];
    c->head[ic] = (int)i;
    c->cell[i] = (int)ic;
  }
  c->n = n;
  return GR_OK;
}

/* Distance test of 1-based particles p, q (order-independent, box.h). */
static int cells_near(const struct gr_box *box, const double *x, int p,
                      int q, double cut2)
{
  const double *a = x + 3 * (size_t)(p - 1), *b = x + 3 * (size_t)(q - 1);
  return gr_box_dist2(box, a[0], a[1], a[2], b[0], b[1], b[2]) < cut2;
}

/* Section 3.3: outer loop over cells, the primary particle down the chain,
 * the 27 cells of MAP, the particles of each chain.  Within its own cell a
 * primary meets only the particles after it in the chain (lower numbers,
 * "already checked" otherwise); a pair in two cells is met from both and
 * kept from the side of its lower-numbered particle. */
int gr_cells_search(struct gr_cells *c, const struct gr_box *box,
                    const double *x, double cut2)
{
  long icell;
  int k;
  if (c->m[0] < 3 || c->m[1] < 3 || c->m[2] < 3)
    return GR_EINPUT;
  c->pairs.n = 0;
  for (icell = 1; icell <= c->ncell; icell++) {
    const int *map = c->map + (icell - 1) * 27;
    int i, j;
    for (i = c->head[icell]; i != 0; i = c->list[i]) {
      for (j = c->list[i]; j != 0; j = c->list[j])
        if (cells_near(box, x, i, j, cut2) && gr_pairs_push(&c->pairs, (uint32_t)(j - 1), (uint32_t)(i - 1)) != GR_OK)
          return GR_ENOMEM;
      for (k = 1; k <= 26; k++)
        for (j = c->head[map[k]]; j != 0; j = c->list[j])
          if (j > i && cells_near(box, x, i, j, cut2) && gr_pairs_push(&c->pairs, (uint32_t)(i - 1), (uint32_t)(j - 1)) != GR_OK)
            return GR_ENOMEM;
    }
  }
  return GR_OK;
}

/* Tables 3.6-3.7 (see cells.h). */
size_t gr_cells_trace(const struct gr_cells *c, int cell,
                      struct gr_cells_visit *v, size_t max)
{
  size_t nv = 0;
  int i, j, nb[27], nnb = 0, a, b, k, ix, iy, iz, dx, dy, dz;
  ix = (cell - 1) % c->m[0];
  iy = (cell - 1) / c->m[0] % c->m[1];
  iz = (cell - 1) / (c->m[0] * c->m[1]);
  for (dz = -1; dz <= 1; dz++)
    for (dy = -1; dy <= 1; dy++)
      for (dx = -1; dx <= 1; dx++) {
        int x2 = ix + dx, y2 = iy + dy, z2 = iz + dz;
        if ((dx || dy || dz) && x2 >= 0 && x2 < c->m[0] && y2 >= 0 &&
            y2 < c->m[1] && z2 >= 0 && z2 < c->m[2])
          nb[nnb++] = 1 + x2 + y2 * c->m[0] + z2 * c->m[0] * c->m[1];
      }
  for (a = 1; a < nnb; a++) /* ascending cell numbers (insertion sort) */
    for (b = a; b > 0 && nb[b - 1] > nb[b]; b--) {
      k = nb[b];
      nb[b] = nb[b - 1];
      nb[b - 1] = k;
    }
#define VISIT(nc, p)                                               \
  do {                                                             \
    if (nv < max) {                                                \
      struct gr_cells_visit t = {cell, i, (nc), (p)};              \
      v[nv] = t;                                                   \
    }                                                              \
    nv++;                                                          \
  } while (0)
  for (i = c->head[cell]; i != 0; i = c->list[i]) {
    for (j = i; j != 0; j = c->list[j])
      VISIT(cell, j);
    for (k = 0; k < nnb; k++) {
      if (c->head[nb[k]] == 0)
        VISIT(nb[k], 0);
      for (j = c->head[nb[k]]; j != 0; j = c->list[j])
        VISIT(nb[k], j);
    }
  }
#undef VISIT
  return nv;
}

/* The work of one chain-cell search (section 3.3; see cells.h) on the
 * filled HEAD/LIST: every cell visited, and per primary particle the rest
 * of its own chain and every particle of the 26 cells of MAP.  A count of
 * the algorithm's steps, not a time: no machine load moves it.  The count
 * in *work; GR_OK or GR_ENOMEM. */
int gr_cells_work(const struct gr_cells *c, double *work)
{
  int *count = calloc((size_t)c->ncell + 1, sizeof *count), i, k;
  double w = 0.0;
  long icell;
  if (count == NULL)
    return GR_ENOMEM;
  for (icell = 1; icell <= c->ncell; icell++)
    for (i = c->head[icell]; i != 0; i = c->list[i])
      count[icell]++;
  for (icell = 1; icell <= c->ncell; icell++) {
    double nb = 0.0, nc = count[icell];
    for (k = 1; k <= 26; k++)
      nb += count[c->map[(icell - 1) * 27 + k]];
    w += 1.0 + 0.5 * nc * (nc - 1.0) + nc * nb;
  }
  free(count);
  *work = w;
  return GR_OK;
}
