/* granrepro physics: private to the DEM engine (dem.c): the per-particle
 * pair lists of the force sum and the cell-order renumbering (see dem.h). */
#ifndef GR_DEMORDER_H
#define GR_DEMORDER_H

#include "status.h"

#include "physics/dem.h"

/* Each particle's pairs (aq, apart, astart) in the order of its partners'
 * original numbers, from the current list; GR_ENOMEM (top bit of aq) when
 * the list holds 2^31 pairs or more. */
int gr_dem_adjacency(struct gr_dem *d) GR_MUST_CHECK;

/* Renumber the particles in the order of the filled sorted cells: state,
 * wall records, original numbers, the list (records flipped where their
 * lower member changes) and the cells themselves; GR_OK or GR_ENOMEM. */
int gr_dem_reorder(struct gr_dem *d) GR_MUST_CHECK;

#endif
