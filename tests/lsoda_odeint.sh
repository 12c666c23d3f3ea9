#!/bin/sh
# granrepro tests: src/physics/lsoda*.c held to ODEPACK's LSODA as scipy's
# odeint wraps it (Hindmarsh 1983, Petzold 1983): tests/lsoda_odeint.py
# runs odeint and the C driver tests/lsoda_odeint on Robertson, van der Pol
# (mu = 1000, 1) and the shaken bed of Wilson (2001) as hpart.f calls
# LSODA (itask = 1, istate = 1 at every output time, rtol = atol = tol),
# and asks for the same step counts, orders, methods and switch times and
# the same trajectories (criteria in the script).  Skips (77) only where
# python3 with scipy is missing (Debian: python3-scipy).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

drv=$top_builddir/tests/lsoda_odeint
[ -x "$drv" ] || fail "the driver $drv is not built (make tests/lsoda_odeint)"
py=
for p in python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import numpy, scipy.integrate' >/dev/null 2>&1; then
    py=$p
    break
  fi
done
[ -n "$py" ] || skip "python3 with scipy is missing (apt-get install python3-scipy): LSODA not compared with odeint"
"$py" -W ignore "$top_srcdir/tests/lsoda_odeint.py" "$drv" "$GRANREPRO_REF" >"$scratch/out" 2>"$scratch/err"
rc=$?
cat "$scratch/out"
[ "$rc" -eq 0 ] || { show "$scratch/err"; fail "LSODA differs from odeint (exit $rc)"; }
pass
