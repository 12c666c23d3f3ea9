/* granrepro physics: the event machinery of the hard-disk engine (edmd.h),
 * shared by edmd.c and edevent.c only: predictions (section 2.3,
 * PREDICTIONS), the local lists and minima, and the processing of each
 * event type (the SWITCH of MAIN FUNCTION). */
#ifndef GR_EDEVENT_H
#define GR_EDEVENT_H

#include "status.h"
#include "physics/edmd.h"

/* Clear disk i's DDC list, predict it against its 9 cells and the walls,
 * set its local minimum (the queue not updated).  GR_ENOMEM when the pool cannot grow. */
int gr_edevent_predict(struct gr_edmd *s, int i) GR_MUST_CHECK;

/* Process events of each type at time t (queue updated).  GR_ENOMEM: no memory. */
int gr_edevent_ddc(struct gr_edmd *s, int i, int j, double t, int *cure) GR_MUST_CHECK;
int gr_edevent_dwc(struct gr_edmd *s, int i, double t) GR_MUST_CHECK;
int gr_edevent_vwc(struct gr_edmd *s, int i) GR_MUST_CHECK;

/* Drop the stale DDC at disk i's local minimum and find its next one. */
void gr_edevent_stale(struct gr_edmd *s, int i);

#endif
