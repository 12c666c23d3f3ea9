/* granrepro physics: the collision operator of the 3D event-driven engine
 * (ed3.h): rough inelastic spheres after Bizon et al., PRL 80, 57 (1998)
 * (velocity-dependent normal restitution) and O. R. Walton, in Particulate
 * Two-Phase Flow, ed. M. C. Roco (1993), ch. 25 (tangential restitution
 * with a Coulomb limit), derived here for two spheres of any masses and
 * radii, or a sphere and an infinitely heavy flat surface (plate, wall,
 * lid: inverse mass 0).
 *
 * With n the unit normal from body a to body b at the contact, the slip
 * velocity of a's surface against b's is
 *   u = v_a - v_b + (r_a w_a + r_b w_b) x n,  u_n = u.n (> 0: approaching),
 *   u_t = u - u_n n.
 * The impulse J on a (-J on b) makes u_n -> -e u_n and u_t -> -beta u_t:
 *   J = -(1 + e) u_n n / (1/m_a + 1/m_b)
 *       - (1 + beta) u_t / ((1/m_a + 1/m_b)(1 + 1/K)),
 * v_a += J / m_a, v_b -= J / m_b, w_a += (n x J) / (K m_a r_a),
 * w_b += (n x J) / (K m_b r_b)  (I = K m r^2); this conserves linear
 * momentum and the angular momentum about the contact point exactly, and
 * the tangential impulse is bounded by mu |J_n| when
 *   beta = beta0                                   if R >= 1 + beta0 (sticking),
 *   beta = -1 + R                                  otherwise (sliding),
 *   R = mu (1 + e)(1 + 1/K) |u_n| / |u_t|.
 * e(u_n) = e0 for u_n >= v0, 1 - (1 - e0)(u_n / v0)^ex below (Bizon et al.).
 */
#ifndef GR_ED3COLL_H
#define GR_ED3COLL_H

struct gr_ed3_law {
  double e0, v0, ex;    /* restitution law */
  double mu, beta0, K;  /* Walton's operator */
};

enum gr_ed3_regime {
  GR_ED3_NONE = 0,      /* not approaching: no impulse */
  GR_ED3_STICK = 1,     /* beta = beta0 (or no slip at all) */
  GR_ED3_SLIDE = 2      /* beta from the Coulomb limit */
};

/* e(u_n) for an approach speed u_n >= 0. */
double gr_ed3_restitution(const struct gr_ed3_law *law, double un);

/* Collide body a (inverse mass ima > 0, radius ra, velocity va, spin wa)
 * with body b (inverse mass imb >= 0: 0 for a surface, whose va-like
 * velocity vb is then the surface's and wb is not changed; rb its radius,
 * 0 for a surface) across the unit normal n from a to b.  Velocities and
 * spins are changed in place.  Returns the regime; *beta_out (may be NULL)
 * the beta applied. */
int gr_ed3_collide(const struct gr_ed3_law *law, const double n[3],
                   double ima, double ra, double va[3], double wa[3],
                   double imb, double rb, double vb[3], double wb[3], double *beta_out);

#endif
