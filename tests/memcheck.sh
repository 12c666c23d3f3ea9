#!/bin/sh
# granrepro test: the quick run of every experiment under valgrind memcheck,
# two at a time; any use of an uninitialised value (or an invalid read or
# write) fails it.  Leaks are not checked here: the sanitizer build's
# LeakSanitizer covers them in CI, and memcheck's leak report would also
# count libgomp's and GSL's process-lifetime allocations.  First the canary
# (tests/memcheck_canary, a scratch experiment built only for make check)
# must fail on a deliberately uninitialised value reaching a verdict and
# pass with the value set.  Skipped where valgrind is absent, and in a
# sanitizer build (valgrind cannot run ASan binaries).
. "$(dirname "$0")/lib.sh"

command -v valgrind >/dev/null 2>&1 || skip "valgrind not found (install it: apt-get install valgrind)"
grep -q __asan_init "$GRANREPRO" 2>/dev/null && skip "a sanitizer build (valgrind cannot run it; the plain build runs this test)"
[ "${GR_NO_MEMCHECK:-0}" = 1 ] && skip "GR_NO_MEMCHECK=1: CI runs memcheck once, in the main build"
canary=$top_builddir/tests/memcheck_canary
[ -x "$canary" ] || fail "$canary not built (make check builds it)"
GNUPLOT=/nonexistent
OMP_WAIT_POLICY=passive # no re-exec of the driver (cli_passive_wait) under valgrind
GR_TIMER_ONCE=1 # one timed call per timing (harness/timer.h): the repeats were 3.1 of the quick runs' 20.7 s natively
export GNUPLOT OMP_WAIT_POLICY GR_TIMER_ONCE
vg() {
  valgrind --tool=memcheck --error-exitcode=99 --leak-check=no --track-origins=no -q "$@"
}
mkdir -p "$scratch/canary" "$scratch/ref/canary" || fail "cannot make $scratch"

# the canary: an uninitialised value reaching a verdict fails memcheck
expect_exit 0 vg "$canary" "$scratch/canary" "$scratch/ref" init
expect_exit 99 vg "$canary" "$scratch/canary" "$scratch/ref" uninit
assert_has "$stderr_file" "uninitialised value"

# every experiment's quick run, two at a time
"$GRANREPRO" list | awk '/^[^ ]/ { print $1 }' >"$scratch/exps" || fail "granrepro list failed"
[ -s "$scratch/exps" ] || fail "granrepro list named no experiment"
# the longest first, so that the two lanes end together (wall seconds under
# memcheck on the 2-core AMD EPYC guest in CI, 2026-11-28: buchholtz-poeschel
# 299 at its quick size, greenspan 149, wilson-bed 103, bizon-patterns 78,
# wilson-clumping 44, vdw 30, sweetman-neighbors 18, c12 16; in list order
# they took 618 s on 2026-11-27)
slow="greenspan buchholtz-poeschel wilson-bed bizon-patterns wilson-clumping vdw sweetman-neighbors c12"
awk -v slow="$slow" 'BEGIN { n = split(slow, s, " "); for (i = 1; i <= n; i++) rank[s[i]] = i }
  { e[NR] = $1 } END { for (i = 1; i <= n; i++) for (j = 1; j <= NR; j++) if (e[j] == s[i]) print e[j]
                       for (j = 1; j <= NR; j++) if (!(e[j] in rank)) print e[j] }' "$scratch/exps" >"$scratch/order" ||
  fail "cannot order the experiments"
[ "$(sort "$scratch/order")" = "$(sort "$scratch/exps")" ] || fail "the ordered list lost an experiment"
# buchholtz-poeschel's quick run is the slowest under memcheck (its AVX2
# pair kernel costs valgrind 75 times its native time, the others 30 to
# 45), so here its pipe is shorter, with fewer snapshots: 1.6 s natively
# instead of 4.3 (three runs each, 2026-11-29).  The run writes the same
# rows and files as the quick run, every value computed and none NaN, so
# memcheck follows the same code on less data.
BP_SMALL="--set length=30 --set t_start=0.15 --set snapshots=3"
export BP_SMALL
start=$(date +%s)
xargs -P 2 -I EXP sh -c '
  t0=$(date +%s)
  case EXP in buchholtz-poeschel) small=$BP_SMALL ;; *) small= ;; esac
  # shellcheck disable=SC2086
  valgrind --tool=memcheck --error-exitcode=99 --leak-check=no --track-origins=no -q \
    "$1" run --quick --no-progress $small --out "$2/r-EXP" EXP >"$2/EXP.log" 2>&1
  echo "$? $(($(date +%s) - t0))" >"$2/EXP.rc"' sh "$GRANREPRO" "$scratch" <"$scratch/order"
bad=""
while read -r e; do
  set -- $(cat "$scratch/$e.rc" 2>/dev/null) none -
  echo "memcheck $e: exit $1 ($2 s wall)"
  [ "$1" = 0 ] || { show "$scratch/$e.log"; bad="$bad $e"; }
done <"$scratch/exps"
echo "memcheck of the quick runs: $(($(date +%s) - start)) s wall"
[ -z "$bad" ] || fail "memcheck found errors (or the run failed) in:$bad"
pass
