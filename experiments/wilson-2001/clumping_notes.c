/* granrepro experiment wilson-clumping: the analysis paragraphs of the
 * report (misprints of the converted text and how they were found, what
 * each collision rule does, how the clumping is measured). */
#include "experiments/wilson-2001/clumping.h"
#include "harness/ctx.h"

int wc_notes(struct gr_ctx *ctx)
{
  static const char *const notes[] = {
    "Engine. src/physics/edmd.c and edevent.c implement the algorithm of sections 2.1-2.3 as the listing (appendix A.1) does it: "
    "cells at least D wide with virtual-wall crossings (VWC) as events, after which only the three newly adjacent cells are "
    "searched; one local event list per disk (its disk-disk events plus its wall or virtual-wall event); the local minima; a "
    "tournament tree over the disks (edtree.c, Figs. 1-2; 8-ary and stored level by level rather than the paper's complete binary "
    "tree of 2P - 1 nodes: the same winner, a third of the cache lines per update); delayed states (a disk is advanced "
    "only at its own hard collisions, never at a VWC); collision counters c_i stored with each predicted disk-disk event and "
    "compared when it comes up (stale events are discarded and counted). Pair predictions and collisions are computed with the "
    "lower disk index first, so the collision sequence is the same bits for every cell grid (fig4/same-collisions-both-grids; "
    "tests/check_edmd.c compares 20000 hard collisions on three grids). The paper's fixed 10 x 10 grid is an option. Its 1 x 1 cells (10 D) need "
    "fewer main-loop iterations than our default cells of 1-2 D (fewer crossings, fig4-events.dat), but every hard collision "
    "predicts against all disks of 9 cells, ~N/11 of them: pair predictions per hard collision grow as N with the paper's "
    "grid (174 at N = 1000, 327 at N = 2000) and stay flat with ours (12, 9), same file. The wall time of each Fig. 4 run is in the run record (phases fig4-N*-paper-grid and -auto-grid).",
    "Misprints and slips of the text, and how we know. (1) Eqs. (3) and (4) are printed identically, v_inew = v_inorm + v_itang, "
    "which leaves the velocity unchanged (no collision at all; the disks would pass through each other). The listing's diskev "
    "exchanges the normal components, v1' = v1tang + v2norm, v2' = v2tang + v1norm, the only form that changes anything while "
    "conserving energy and momentum as the text says: eq. (3) must read v_inew = v_jnorm + v_itang and eq. (4) v_jnew = v_inorm + "
    "v_jtang. (2) Eqs. (5)-(6) give both disks mu v_inorm; by (1) the normal parts must be exchanged. Even so the text's claim "
    "'Momentum is conserved with this model' is false for a scaled exchange (the pair's normal momentum is multiplied by mu), "
    "and the listing does something else again: COEFF multiplies the whole post-collision velocity (tangential parts too), so a "
    "collision scales the pair's momentum by mu and its energy by mu^2 (measured: rows */wilson-code/ddc-momentum-change; "
    "the check suite verifies both factors). We run this code rule as Wilson's inelastic model and the momentum-conserving "
    "restitution e = 0.4 beside it. (3) The listing's D = 0.09, COEFF = 1 and N_PARTICLES = 300 differ from the text's runs "
    "(D = 0.1, mu = 0.4, N = 1000, 2000): a listing of another configuration; full mode also runs D = 0.09. (4) The guard "
    "int(4*X_SPACING*Y_SPACING/PI*pow(D,2))+1 > NARR_LENGTH computes 4 D^2 / pi (= 0.01) instead of 4 X Y / (pi D^2) (= 157 disks "
    "per cell) by operator precedence, so it can never fire; with CELLMATRIX_LENGTH = 100 per cell, int_insert silently drops "
    "disks from a crowded cell. (5) Scan damage in the listing (COEff for COEFF, a missing semicolon after COEFF = 1, a line of "
    "diskev displaced, 'elsef' for else{) is obvious from C syntax and does not change the algorithm. (6) In the pseudo-code "
    "'event_clear(partner)' stands for event_clear(local_partner) and 'updat_cbt' for update_cbt (the listing's next_event).",
    "Clumping in numbers. Clustering index = variance / mean of the disk counts in the 100 boxes of 1 x 1 (1 for independent "
    "points; below 1 for an elastic hard-disk fluid, whose compressibility is low). Every inelastic rule ends above every elastic "
    "run by many standard errors (rows */clumps-more-than-elastic): Wilson's visual finding (Figs. 6 vs 7) holds. Collision rate: "
    "the elastic rate matches Enskog's 2 n D g(D) sqrt(pi T) per disk with Henderson's g(D) to within a percent; the inelastic "
    "runs end above it when clusters raise the local density (restitution), or below it with the code rule, whose velocity "
    "scaling also damps relative motion inside clusters. Haff's law T0 / (1 + t/t0)^2 with t0 from kinetic theory holds while "
    "T >= T0/2 (within a few per cent); later the gas cools more slowly than Haff (restitution) as velocity correlations and "
    "clusters build up, and the code rule mostly faster than its own Haff estimate. Our first criterion, t <= t0, fails at N = 2000 by "
    "14% (rows haff-to-t0, informative): e = 0.4 is strongly inelastic and the homogeneous stage lasts only about one "
    "collision per disk. The start is not Maxwellian (uniform square: <g^3> is 5.6% below a Maxwellian's), which slows the "
    "first cooling by a few per cent.",
    "Collapse. To t = 10 (at most ~15 collisions per disk) collapse is rare (full mode, seed 1: one of the 64 pure-restitution "
    "runs, N = 2000, D = 0.09, stopped between t = 7.4 and 7.6). Continued to t = 100 (quick: N = 2000 to t = 40) most restitution e = 0.4 runs "
    "collapse (full mode, seed 1: 15, 16, 11 and 16 of 16 for (N, D) = (1000, 0.1), (2000, 0.1), (1000, 0.09), (2000, 0.09)): the watchdog stops them when the "
    "last 32 disk-disk collisions come 1e4 times faster than the run's average and names the few disks involved, often against "
    "a wall (rows collapses-to-*). Raising the factor to 1e10 in a test shows the same runs then stall at one instant "
    "(collisions at identical times): a true inelastic collapse, not a false alarm. The TC model (tc = 1e-3) and the velocity "
    "cutoff (0.05) carry every one of the same starts through to t = 100, and so does Wilson's code rule, which "
    "removes energy so fast that the gas freezes before collisions can cascade.",
  };
  size_t i;
  int rc = 0;
  for (i = 0; i < sizeof notes / sizeof notes[0] && rc == 0; i++)
    rc = gr_ctx_note(ctx, "%s", notes[i]);
  return rc;
}
