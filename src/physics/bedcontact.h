/* granrepro physics: closed forms for one disk against a wall of the
 * shaken bed (Wilson 2001, section 5 and hpart.f's walls, txt 1560-1578).
 *
 * Near the onset of contact (h = r0/2) the wall force of eq. 10 is a
 * linear spring of stiffness k = V''(r0) = 72 eps / r0^2 in the
 * penetration d = r0/2 - h, and the wall damping is -gamma_w v:
 *     d'' = -k d - gamma_w d' + g,   d(0) = 0, d'(0) = v0 > 0,
 * (g: gravity pressing the disk into the floor).  Contact ends when d
 * returns to 0 (the listing's test is on the position).  Without gravity,
 * with w0 = sqrt(k), zeta = gamma_w / (2 w0), wd = w0 sqrt(1 - zeta^2):
 *     t_c = pi / wd,   e = exp(-zeta w0 t_c) = exp(-pi zeta/sqrt(1-zeta^2)),
 * independent of v0: the low-speed limit of the nonlinear contact.
 */
#ifndef GR_BEDCONTACT_H
#define GR_BEDCONTACT_H

#include "physics/wca.h"

/* Restitution e and contact time tc of the linear contact (underdamped,
 * zeta < 1) entered at speed v0 > 0, with gravity g >= 0 pressing in.
 * When the disk never leaves (captured): e = 0, tc = INFINITY.  Returns
 * GR_OK, or GR_EINPUT for k <= 0, gamma < 0, zeta >= 1 or v0 <= 0. */
int gr_bedcontact_linear(double k, double gamma, double g, double v0,
                         double *e, double *tc) GR_MUST_CHECK;

/* Resting height of a disk on the floor under gravity g > 0: the h with
 * wall force(h) = g (wca.h), found by bisection on (-r0/2, r0/2]. */
double gr_bedcontact_rest_height(const struct gr_wca *w, double g);

#endif
