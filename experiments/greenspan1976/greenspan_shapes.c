/* granrepro experiment greenspan: the bodies of Greenspan & Rosati
 * (1976), as scenario data: Fig. 4.1 / Table 1 (the triangle), Table 3
 * (the rectangle) and Fig. 5.1 (a) (the staircase), each with its force
 * law (eqs. (2.5)-(2.6) with the constants of eq. (4.1) or (5.1)). */
#include "experiments/greenspan1976/greenspan.h"

/* Coordinates as exact decimal tenths (k / 10 is correctly rounded, so
 * mirror images are exact negatives). */
static void put(struct gs_body *b, int xtenths, int ytenths)
{
  b->x[b->n] = xtenths / 10.0;
  b->y[b->n] = ytenths / 10.0;
  b->n++;
}

/* The force law of a body: unit masses, eqs. (2.5)-(2.6), the cutoff. */
static void law(struct gs_body *b, double G, double H, int alpha, int beta)
{
  b->m = 1.0;
  b->G = G;
  b->H = H;
  b->alpha = alpha;
  b->beta = beta;
  b->cutoff = GS_CUTOFF;
}

/* Fig. 4.1 / Table 1: rows of 7, 6, ..., 1 particles, base 1.2, height 0.8;
 * eq. (4.1) and the cutoff. */
void gr_greenspan_triangle_body(struct gs_body *b)
{
  int r, j;
  b->n = 0;
  for (r = 0; r < 7; r++)
    for (j = 0; j < 7 - r; j++)
      put(b, -36 + 6 * r + 12 * j, 8 * r);
  law(b, 2500.0, 2900.0, 6, 4);
}

/* Table 3: rows of 7 and 6 particles alternately, seven rows; eq. (5.1). */
void gr_greenspan_rectangle_body(struct gs_body *b)
{
  int r, j;
  b->n = 0;
  for (r = 0; r < 7; r++)
    for (j = 0; j < (r % 2 ? 6 : 7); j++)
      put(b, (r % 2 ? -30 : -36) + 12 * j, 8 * r);
  law(b, 2540.0, 2940.0, 10, 7);
}

/* Fig. 5.1 (a): two particles a row, each row shifted by half a base;
 * the constants of the triangle. */
void gr_greenspan_staircase_body(struct gs_body *b)
{
  int r, j;
  gr_greenspan_triangle_body(b);
  b->n = 0;
  for (r = 0; r < 4; r++)
    for (j = 0; j < 2; j++)
      put(b, -36 + 6 * r + 12 * j, 8 * r);
}
