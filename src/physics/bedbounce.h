/* granrepro physics: one disk bouncing on the floor of the shaken bed
 * (Wilson 2001, hpart.f's wall, txt 1571-1578), integrated: the measured
 * restitution and contact time, to set beside bedcontact.h's closed form.
 *
 * The disk starts at the onset of contact (h = r0/2) moving down at v0, no
 * shaking, gravity g (0 for none), wall damping gamma_w; it is integrated
 * with rk8pd at tolerance tol in output intervals of 0.01 until it is out
 * of contact and rising.  The exit is found exactly by running the
 * ballistic flight back to h = r0/2.
 */
#ifndef GR_BEDBOUNCE_H
#define GR_BEDBOUNCE_H

#include "physics/wca.h"

/* e = exit speed / v0 and tc = time in contact; e = 0 and tc = INFINITY
 * when the disk has not left the floor by t = 200.  GR_OK, GR_EINPUT for
 * v0 <= 0 or tol <= 0, GR_ENOMEM, GR_EFAIL when the stepper fails. */
int gr_bedbounce(const struct gr_wca *w, double gamma_w, double g, double v0,
                 double tol, double *e, double *tc) GR_MUST_CHECK;

#endif
