/* granrepro physics: portable hypot, cbrt and exp2.
 *
 * glibc's hypot, cbrt and exp2 give results one ulp apart on x86-64 and
 * aarch64 for some arguments (issue 26: measured on Debian 12, glibc 2.36),
 * and a printed value that passes through one then differs in its last
 * digits between the two machines.  These versions use only the operations
 * IEEE 754 rounds correctly on every machine (+, -, *, /, sqrt, and the
 * exact scalings frexp/ldexp), with the project built with
 * -ffp-contract=off, so they give the same bits everywhere.  Each corrects
 * its first result with an exact (double-double, Dekker 1971) residual,
 * which makes it correctly rounded in all but rare halfway cases: within
 * one ulp always (tests/check_pmath.c against long double).
 *
 * T. J. Dekker, "A floating-point technique for extending the available
 * precision", Numer. Math. 18, 224 (1971). */
#ifndef GR_PMATH_H
#define GR_PMATH_H

/* sqrt(x^2 + y^2) without undue overflow or underflow; inf if either is
 * infinite, NaN if either is NaN and neither infinite (C99 F.10.4.3). */
double gr_pmath_hypot(double x, double y);

/* The real cube root (odd: cbrt(-x) = -cbrt(x)). */
double gr_pmath_cbrt(double x);

/* 2^x. */
double gr_pmath_exp2(double x);

#endif
