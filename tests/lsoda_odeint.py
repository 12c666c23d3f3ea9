"""granrepro test: src/physics/lsoda.c held to ODEPACK's LSODA as scipy's
odeint wraps it (Hindmarsh 1983, Petzold 1983; the shaken bed of Wilson 2001,
section 4-5 and hpart.f: itask = 1, istate = 1 at every output time,
rtol = atol = tol).

Usage: lsoda_odeint.py DRIVER REFDIR [--report]
DRIVER is tests/lsoda_odeint (reads a problem on stdin, prints its
trajectory and counters); REFDIR holds wilson-2001/bed-constants.tsv.
Exit 0 when every problem agrees as stated below, 1 otherwise.

Agreement criteria (fixed before the runs, see check()):
- counters nst, nfe, nje, nqu, mused and the switch time tsw: equal at every
  output time (the same algorithm in the same IEEE double arithmetic, no
  fused multiply-add, takes the same decisions);
- trajectories: |y_c - y_odeint| <= 1e-9 (rtol |y| + atol) componentwise at
  every output, i.e. far below what either solver guarantees: a difference
  there means a different step, not a different rounding.
"""
import math
import subprocess
import sys

import numpy as np
from scipy.integrate import odeint

TRAJ_TOL = 1e-9  # in units of the error weight rtol |y| + atol


def rober(y, t):
    """Robertson's kinetics, the operations of the C driver."""
    f0 = -0.04 * y[0] + 1.0e4 * y[1] * y[2]
    f2 = 3.0e7 * y[1] * y[1]
    return [f0, -f0 - f2, f2]


def vdp(mu):
    def f(y, t):
        return [y[1], mu * (1.0 - y[0] * y[0]) * y[1] - y[0]]
    return f


WCA_2_1_6 = 1.1224620483093730  # 2^(1/6), as src/physics/wca.c


def wca_force(sigma, r, r0):
    """-dV/dr of eq. 10 with 4 eps = 1 (wca.c gr_wca_force)."""
    if r > r0:
        return 0.0
    s2 = (sigma / r) * (sigma / r)
    s6 = s2 * s2 * s2
    return 4.0 * 0.25 * (12.0 * s6 * s6 - 6.0 * s6) / r


def bed(n, sigma, box, g, amp, w, gamw):
    """The shaken bed of Wilson (2001) eqs. 7-11 + section 5, as hpart.f's
    fcn1 and src/physics/bed.c compute it (pair damping 0 in the plane, walls
    with damping, gravity, shaking amp w^2 cos(w t)), in numpy."""
    a_idx, b_idx = np.triu_indices(n, 1)
    r0 = WCA_2_1_6 * sigma
    r0sq = r0 * r0
    half = 0.5 * r0

    def f(y, t):
        s = y.reshape(n, 4)
        sh = amp * w * w * math.cos(w * t)
        ay = -g + sh
        d = np.empty(4 * n)
        d[0::4] = s[:, 2]
        d[1::4] = s[:, 3]
        ax = np.zeros(n)
        ayv = np.full(n, ay)
        dx = s[a_idx, 0] - s[b_idx, 0]
        dy = s[a_idx, 1] - s[b_idx, 1]
        r2 = dx * dx + dy * dy
        c = r2 < r0sq
        if c.any():
            dx, dy, r2 = dx[c], dy[c], r2[c]
            inv = 1.0 / r2
            s2 = sigma * sigma * inv
            s6 = s2 * s2 * s2
            fo = 4.0 * 0.25 * (12.0 * s6 * s6 - 6.0 * s6) * inv
            idx = np.empty(2 * len(fo), dtype=np.intp)
            idx[0::2] = a_idx[c]
            idx[1::2] = b_idx[c]
            vx = np.empty(2 * len(fo))
            vx[0::2] = fo * dx
            vx[1::2] = -(fo * dx)
            vy = np.empty(2 * len(fo))
            vy[0::2] = fo * dy
            vy[1::2] = -(fo * dy)
            np.add.at(ax, idx, vx)
            np.add.at(ayv, idx, vy)
        acc = [ax, ayv]
        for i in range(n):
            p = s[i]
            if p[0] > half and box - p[0] > half and p[1] > half and box - p[1] > half:
                continue
            for k in range(2):
                for h, sign in ((box - p[k], -1.0), (p[k], 1.0)):
                    if h > half:
                        continue
                    fw = wca_force(sigma, half + h, r0) if h <= half else 0.0
                    acc[k][i] += sign * fw
                    acc[k][i] -= gamw * p[2 + k]
        d[2::4] = ax
        d[3::4] = ayv
        return d
    return f


def bed_constants(refdir):
    """The thesis's values from reference/wilson-2001/bed-constants.tsv."""
    v = {}
    with open(refdir + "/wilson-2001/bed-constants.tsv") as fh:
        for line in fh:
            if line.startswith("#") or line.startswith("quantity"):
                continue
            c = line.rstrip("\n").split("\t")
            v[c[0]] = float(c[1])
    return v


def bed_start(n, box, vmax, seed):
    """Disks on the canonical lattice (spacing 2, no contact), seeded
    velocities in [-vmax, vmax]."""
    nx = int(math.ceil(math.sqrt(1.25 * n) - 1e-9))
    rng = np.random.default_rng(seed)
    y = np.zeros(4 * n)
    for k in range(n):
        y[4 * k] = 1.0 + 2.0 * (k % nx)
        y[4 * k + 1] = 1.0 + 2.0 * (k // nx)
    y[2::4] = vmax * (2.0 * rng.random(n) - 1.0)
    y[3::4] = vmax * (2.0 * rng.random(n) - 1.0)
    assert 2.0 * max(nx, (n + nx - 1) // nx) <= box
    return y


def run_odeint(f, y0, ts, mode, rtol, atol, mxstep):
    """Rows (t, y, nst, nfe, nje, nqu, hu, mused, tsw) of odeint: one call
    over all times (cont) or one fresh call per interval (fresh, istate 1)."""
    rows = []
    kw = dict(rtol=rtol, atol=atol, mxstep=mxstep, full_output=True)
    if mode == "cont":
        ys, info = odeint(f, y0, ts, **kw)
        for k in range(1, len(ts)):
            rows.append((ts[k], ys[k], info["nst"][k - 1], info["nfe"][k - 1],
                         info["nje"][k - 1], info["nqu"][k - 1], info["hu"][k - 1],
                         info["mused"][k - 1], info["tsw"][k - 1]))
            if info["message"] != "Integration successful." and k == len(ts) - 1:
                pass
        return rows, info["message"]
    y = np.array(y0, dtype=float)
    msg = "Integration successful."
    for k in range(1, len(ts)):
        ys, info = odeint(f, y, [ts[k - 1], ts[k]], **kw)
        y = ys[1]
        rows.append((ts[k], y, info["nst"][0], info["nfe"][0], info["nje"][0],
                     info["nqu"][0], info["hu"][0], info["mused"][0], info["tsw"][0]))
        if info["message"] != "Integration successful.":
            msg = info["message"]
            break
    return rows, msg


def run_c(driver, head, mode, y0, ts, rtol, atol, mxstep):
    inp = "%s\n%s %r %r %d\n%d %s\n%d %s\n" % (
        head, mode, rtol, atol, mxstep, len(y0), " ".join(repr(float(v)) for v in y0),
        len(ts), " ".join(repr(float(v)) for v in ts))
    out = subprocess.run([driver], input=inp, capture_output=True, text=True, check=True).stdout
    rows = []
    n = len(y0)
    for line in out.splitlines():
        c = line.split()
        rows.append((float(c[0]), np.array([float(v) for v in c[1:1 + n]]),
                     int(c[n + 1]), int(c[n + 2]), int(c[n + 3]), int(c[n + 4]),
                     float(c[n + 5]), int(c[n + 6]), float(c[n + 7]), int(c[n + 8])))
    return rows


def check(name, cr, pr, rtol, atol):
    """Compares the two runs; returns (ok, summary line)."""
    ok = len(cr) == len(pr)
    worst_w = worst_rel = 0.0
    first_bad = None
    cnt = {"nst": [0, 0], "nfe": [0, 0], "nje": [0, 0]}
    sw_c, sw_p = set(), set()
    for k in range(min(len(cr), len(pr))):
        c, p = cr[k], pr[k]
        dy = np.abs(c[1] - p[1])
        w = rtol * np.abs(p[1]) + atol
        worst_w = max(worst_w, float(np.max(dy / w)))
        big = np.abs(p[1]) > atol
        if big.any():
            worst_rel = max(worst_rel, float(np.max(dy[big] / np.abs(p[1][big]))))
        same = (c[2], c[3], c[4], c[5], c[7]) == tuple(int(v) for v in (p[2], p[3], p[4], p[5], p[7]))
        same = same and c[8] == p[8]
        if (not same or np.max(dy / w) > TRAJ_TOL) and first_bad is None:
            first_bad = (k, c, p)
        for i, key in enumerate(("nst", "nfe", "nje")):
            cnt[key][0] += c[2 + i]
            cnt[key][1] += int(p[2 + i])
        sw_c.add(c[8])
        sw_p.add(float(p[8]))
    ok = ok and first_bad is None
    line = ("%-28s outputs %4d/%4d  max |dy|/(rtol|y|+atol) %.2e  max rel %.2e  "
            "sum nst %d/%d nfe %d/%d nje %d/%d  switch times C %s odeint %s  %s"
            % (name, len(cr), len(pr), worst_w, worst_rel, cnt["nst"][0], cnt["nst"][1],
               cnt["nfe"][0], cnt["nfe"][1], cnt["nje"][0], cnt["nje"][1],
               fmt_sw(sw_c), fmt_sw(sw_p), "agree" if ok else "DIFFER"))
    if first_bad is not None:
        k, c, p = first_bad
        line += ("\n    first difference at output %d t=%.6g: C nst %d nfe %d nje %d nqu %d "
                 "mused %d tsw %.9g | odeint nst %d nfe %d nje %d nqu %d mused %d tsw %.9g"
                 % (k, c[0], c[2], c[3], c[4], c[5], c[7], c[8], p[2], p[3], p[4], p[5],
                    p[7], p[8]))
    return ok, line


def fmt_sw(s):
    v = sorted(x for x in s if x != 0.0)
    if len(v) > 4:
        return "%d distinct (last %.6g)" % (len(v), v[-1])
    return "[" + ", ".join("%.6g" % x for x in v) + "]"


def problems(refdir):
    """(name, C head, f, y0, times, mode, rtol, atol, mxstep)."""
    ps = []
    ts = [0.0] + [0.4 * 10.0 ** k for k in range(11)]
    ps.append(("robertson", "rober", rober, [1.0, 0.0, 0.0], ts, "cont", 1e-4, 1e-8, 500))
    ps.append(("vdp mu=1000", "vdp 1000", vdp(1000.0), [2.0, 0.0],
               [100.0 * k for k in range(31)], "cont", 1e-6, 1e-6, 500))
    ps.append(("vdp mu=1", "vdp 1", vdp(1.0), [2.0, 0.0],
               [0.5 * k for k in range(41)], "cont", 1e-8, 1e-8, 500))
    c = bed_constants(refdir)
    for n, tend, dtout, tol, mxstep in ((3, 5.0, 0.1, c["tolerance"], 500),
                                        (3, 5.0, 1.0, 1e-3, 500),
                                        (c["n_disks"], 2.0, 0.1, c["tolerance"], 500),
                                        (4, 5.0, 1.0, c["tolerance"], 100)):
        n = int(n)
        f = bed(n, c["diameter"], c["box"], c["gravity"], c["amplitude"], c["frequency"],
                c["gamma_wall"])
        head = "bed %d %r %r %r %r %r %r" % (n, c["diameter"], c["box"], c["gravity"],
                                             c["amplitude"], c["frequency"], c["gamma_wall"])
        y0 = bed_start(n, c["box"], c["velocity_max"], 2001 + n)
        tsb = [0.0]
        while tsb[-1] < tend - 0.5 * dtout:  # hpart: tend = tbgn + dtout
            tsb.append(tsb[-1] + dtout)
        name = "bed n=%d tol=%g dtout=%g%s" % (n, tol, dtout,
                                                " mxstep=%d" % mxstep if mxstep != 500 else "")
        ps.append((name, head, f, y0, tsb, "fresh", tol, tol, mxstep))
    return ps


def main():
    driver, refdir = sys.argv[1], sys.argv[2]
    allok = True
    for name, head, f, y0, ts, mode, rtol, atol, mxstep in problems(refdir):
        pr, msg = run_odeint(f, np.array(y0, dtype=float), ts, mode, rtol, atol, mxstep)
        cr = run_c(driver, head, mode, y0, ts, rtol, atol, mxstep)
        failed = msg != "Integration successful."
        if failed:  # odeint stopped (istate < 0): compare up to there
            pr = pr[:len(pr) - 1]
            c_fail = cr[-1][9] if cr else 0
            cr = cr[:len(cr) - 1]
        ok, line = check(name, cr, pr, rtol, atol)
        if failed:
            ok = ok and c_fail == -1
            line += "  (both stop: odeint '%s', C istate %d)" % (msg.strip(), c_fail)
        print(line)
        allok = allok and ok
    return 0 if allok else 1


if __name__ == "__main__":
    sys.exit(main())
