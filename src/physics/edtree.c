/* granrepro physics: tournament-tree future-event list (Marin, Risso &
 * Cordero 1993; Wilson 2001, section 2.2), 8-ary and stored level by level.
 * See edtree.h. */
#include "physics/edtree.h"
#include "physics/edmem.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The match of the 8 children with keys k[0..7] (64-byte aligned): the
 * position of the smallest key, the leftmost among equals (= the lowest disk
 * index, see edtree.h).  With SSE2: the minimum by packed min, then the first
 * lane equal to it, without branches. */
static inline int edtree_winner8(const double *k)
{
#ifdef __SSE2__
  __m128d a = _mm_load_pd(k), b = _mm_load_pd(k + 2), c = _mm_load_pd(k + 4), d = _mm_load_pd(k + 6);
  __m128d m = _mm_min_pd(_mm_min_pd(a, b), _mm_min_pd(c, d));
  int mask;
  m = _mm_min_pd(m, _mm_shuffle_pd(m, m, 1));
  /* the 4 compare masks (all-ones lanes) packed with saturation into 16
   * bytes, two per key, in key order: one movemask for all 8 */
  mask = _mm_movemask_epi8(_mm_packs_epi16(
      _mm_packs_epi32(_mm_castpd_si128(_mm_cmpeq_pd(a, m)), _mm_castpd_si128(_mm_cmpeq_pd(b, m))),
      _mm_packs_epi32(_mm_castpd_si128(_mm_cmpeq_pd(c, m)), _mm_castpd_si128(_mm_cmpeq_pd(d, m)))));
  return __builtin_ctz((unsigned)mask) >> 1;
#else
  int w = 0, j;
  for (j = 1; j < GR_EDTREE_ARITY; j++)
    if (k[j] < k[w])
      w = j;
  return w;
#endif
}

/* The disk that won node w of level l: a leaf is its own disk (level 0 has
 * no index array, one cache miss less per update). */
static inline int edtree_id(const struct gr_edtree *t, int l, int w)
{
  return l == 0 ? w : t->id[l][w];
}

/* Play node k of level l (> 0) from its children. */
static inline void edtree_play(struct gr_edtree *t, int l, int k)
{
  int w = GR_EDTREE_ARITY * k + edtree_winner8(t->key[l - 1] + GR_EDTREE_ARITY * k);
  t->key[l][k] = t->key[l - 1][w];
  t->id[l][k] = edtree_id(t, l - 1, w);
}

/* create_cbt of the paper's listing: fill the leaves, then play each level
 * from the one below up to a root of one node (at least one level above the
 * leaves); a level of m nodes is padded to a multiple of 8 with nodes that
 * never win (key +inf, after every real node; index INT_MAX). */
int gr_edtree_init(struct gr_edtree *t, int n, const double *keys)
{
  int l, m, k, size;
  t->n = 0;
  t->nlev = 0;
  if (n < 1)
    return GR_EINPUT;
  for (m = n, l = 0; l < GR_EDTREE_MAXLEV; l++) {
    size = (m + GR_EDTREE_ARITY - 1) / GR_EDTREE_ARITY * GR_EDTREE_ARITY;
    t->key[l] = gr_edmem_alloc((size_t)size * sizeof **t->key);
    t->id[l] = l == 0 ? NULL : gr_edmem_alloc((size_t)size * sizeof **t->id);
    t->nlev = l + 1;
    if (t->key[l] == NULL || (l > 0 && t->id[l] == NULL)) {
      gr_edtree_free(t);
      return GR_ENOMEM;
    }
    for (k = 0; k < size; k++) {
      if (k >= m) {
        t->key[l][k] = HUGE_VAL;
        if (l > 0)
          t->id[l][k] = INT_MAX;
      } else if (l == 0) {
        t->key[l][k] = keys[k];
      } else {
        edtree_play(t, l, k);
      }
    }
    if (m == 1 && l > 0)
      break;
    m = (m + GR_EDTREE_ARITY - 1) / GR_EDTREE_ARITY;
  }
  t->n = n;
  return GR_OK;
}

void gr_edtree_free(struct gr_edtree *t)
{
  int l;
  for (l = 0; l < t->nlev; l++) {
    free(t->key[l]);
    free(t->id[l]);
  }
  t->nlev = 0;
  t->n = 0;
}

/* update_cbt: replay the match of each node on the leaf's path.  The replay
 * stops early once a node comes out unchanged (same winner, same key):
 * then every ancestor is unchanged too. */
void gr_edtree_update(struct gr_edtree *t, int i, double key)
{
  unsigned u = (unsigned)i, w;
  int l, id;
  double k;
  t->key[0][u] = key;
  w = (u & ~(GR_EDTREE_ARITY - 1u)) + (unsigned)edtree_winner8(t->key[0] + (u & ~(GR_EDTREE_ARITY - 1u)));
  for (l = 1; ; l++) { /* w: the winning child of node u / 8 of level l */
    k = t->key[l - 1][w];
    id = l == 1 ? (int)w : t->id[l - 1][w];
    u /= GR_EDTREE_ARITY;
    if (id == t->id[l][u] && k == t->key[l][u])
      return;
    t->key[l][u] = k;
    t->id[l][u] = id;
    if (l + 1 >= t->nlev)
      return;
    w = (u & ~(GR_EDTREE_ARITY - 1u));
    w += (unsigned)edtree_winner8(t->key[l] + w);
  }
}
