#!/usr/bin/env python3
"""Exact rational-arithmetic solution of the ARGESIM C12 row (four spheres,
gaps 1, v0 = 1) for a rational restitution coefficient e: the collision
count and final relative speeds with no round-off at all.  Used to derive
the exact collision counts asserted in tests/check_chain.c:

    python3 tests/exact_chain.py 0.172 0.173 0.174 0.175 0.176 0.177

prints e, collisions, how the run ended.  (Below e* = 3 - 2 sqrt 2 the
row collapses and the count exceeds the budget given by --max.)"""
import sys
from fractions import Fraction as F


def run(e, max_coll):
    y = [F(1)] * 3           # gaps
    w = [F(1), F(0), F(0)]   # closing speeds v_i - v_{i+1}
    h = (1 + e) / 2
    n = 0
    while n < max_coll:
        best = None
        for i in range(3):
            if w[i] > 0:
                dt = y[i] / w[i]
                if best is None or dt < best[0]:
                    best = (dt, i)
        if best is None:
            return n, "separated"
        dt, i = best
        for k in range(3):
            y[k] -= w[k] * dt
        wi = w[i]
        w[i] = -e * wi
        if i > 0:
            w[i - 1] += h * wi
        if i < 2:
            w[i + 1] += h * wi
        n += 1
    return n, "budget"


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    for a in args:
        n, how = run(F(a), 400)
        print(a, n, how)
