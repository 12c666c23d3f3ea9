/* granrepro physics: the body of the pair force of Buchholtz & Poeschel
 * (1993), eqs. 17-21 (see bpforce.h for the convention), as a template:
 * the includer sets GR_BPFORCE_PAIR_NAME and GR_BPFORCE_PAIR_ATTR, so that
 * the lattice pass can carry its own copy built with the pass's
 * optimization options (gcc does not inline across differing ones), and
 * GR_BPFORCE_PAIR_CONSISTENT to 1 for a copy of the consistent law alone
 * (variants == 0: about 14 fewer operations).  No include guard on purpose. */
/* Eqs. 17-21 for the pair (i, j): dx = x_i - x_j, dv = v_i - v_j; on = 1
 * when both cells hold a grain (Test Test{i} of eqs. 12-13), 0 otherwise.
 * Requires m_i + m_j > 0.  One division gives both 1/dist and M_eff
 * (division is the slowest vector operation).  Branch-free: the ternaries become blends when
 * the file is built with -fno-math-errno -fno-trapping-math (Makefile.am).
 * The consistent copy (the lattice pass's; the one the bench times) is
 * arranged for a short dependency chain, which bounds the vectorized pass
 * (bplattice.h): the division q = 1/(d^2 (m_i + m_j)) needs d^2, not the
 * root, so it runs beside the first sqrt and 1/dist = dist (m_i + m_j) q;
 * Test Test{i} gates R_i + R_j (a product by 1 or 0) and the contact gates
 * M_eff (a select), so no product by the contact flag follows the
 * second sqrt.  It agrees with the generic law to round-off, not bit for
 * bit (check_lattice: 1e-12 relative against all pairs); out of contact
 * every term is still +-0 (bplattice_two.h relies on it), and both lattice
 * passes use this one copy, so they keep the same bits. */
GR_BPFORCE_PAIR_ATTR
static inline void GR_BPFORCE_PAIR_NAME(const struct gr_bpforce *p, double dx,
                                        double dy, double dvx, double dvy,
                                        double ri, double rj, double wi, double wj,
                                        double mi, double mj, double on,
                                        struct gr_bpforce_out *o)
{
#if defined GR_BPFORCE_PAIR_CONSISTENT && GR_BPFORCE_PAIR_CONSISTENT
  double d2 = dx * dx + dy * dy, dist = sqrt(d2), d2s = d2 > 0.0 ? d2 : 1.0;
  double ms = mi + mj, q = 1.0 / (d2s * ms), inv = dist * (ms * q), meff = mi * mj * d2s * q;
  double sr = (ri + rj) * on; /* Test Test{k}: no contact with an empty cell */
  double xi = sr - dist, c = xi > 0.0 ? 1.0 : 0.0, xc = xi > 0.0 ? xi : 0.0;
  double mc = xi > 0.0 ? meff : 0.0; /* M_eff in contact, else 0: no damping */
  double nx = dx * inv, ny = dy * inv, tx = -ny, ty = nx;
  double vn = dvx * nx + dvy * ny, vt = dvx * tx + dvy * ty;
  double fn = p->kn * xc * sqrt(xc) - p->gn * mc * vn;
  double vrel = vt - (ri * wi + rj * wj);
  double a = p->gs * mc * fabs(vrel), b = p->mu * fabs(fn);
  double fs = -copysign(a < b ? a : b, vrel), ft = fs;
#else
  double dist = sqrt(dx * dx + dy * dy), ds = dist > 0.0 ? dist : 1.0;
  double ms = mi + mj, q = 1.0 / (ds * ms), inv = ms * q, meff = mi * mj * ds * q;
  double xi = ri + rj - dist, c = xi > 0.0 ? on : 0.0, xc = xi > 0.0 ? xi : 0.0;
  double nx = dx * inv, ny = dy * inv, tx = -ny, ty = nx;
  double vn = dvx * nx + dvy * ny, vt = dvx * tx + dvy * ty;
  double fn = p->kn * xc * sqrt(xc) + p->damp_sign * p->gn * meff * vn;
  double vrel = vt + (p->rot_i * ri * wi + p->rot_j * rj * wj);
  double a = p->gs * meff * fabs(vrel), b = p->mu * fabs(fn);
  double fsc = -copysign(a < b ? a : b, vrel);
  double u = -p->gs * meff * vrel, fsp = u < b ? u : b;
  double fs = c * (fsc + p->min_printed * (fsp - fsc));
  double ft = p->tan_sign * fs - c * p->damp_full * p->gn * meff * vt;
  fn *= c;
#endif
  o->fx = fn * nx + ft * tx;
  o->fy = fn * ny + ft * ty;
  o->ti = -ri * fs;
  o->fn = fn;
  o->fs = fs;
  o->xi = c * xc;
}
