#!/bin/sh
# granrepro tests (issue 13): a timing-based result holds under load.
# While a busy loop keeps another core busy, three quick runs of
# sweetman-neighbors each measure the N-squared rebuild's log-log slope
# (Fig. 4.1: CPU time, minimum over interleaved rounds) within the
# tolerance abs 0.15 of the published slope (reference/sweetman-2003/
# figures-4.tsv, row slope_nsq, informative since issue 22).  Quick mode: N = 500-4000; the full run (N up to
# 40000, about two minutes) applies the same estimator and compares.
# Under load the old estimator (minimum of 3 back-to-back passes per N)
# gave 1.52 and 1.71.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT

ref=$GRANREPRO_REF/sweetman-2003/figures-4.tsv
published=$(awk -F '\t' '$1 == "slope_nsq" { print $2 }' "$ref")
# the row is informative since issue 22 (no verdict may depend on load);
# the estimator is still held to the tolerance it was compared with
tol=0.15
[ -n "$published" ] || fail "no slope_nsq row in $ref"

# What is tested is the estimator beside one busy core; other jobs on the
# machine before the test make CPU time itself drift by 20-60 % (see
# bench_stable.sh), so the test skips then, saying so.
skip_when_busy TIMING_LOAD_FORCE "for a timing test"

# The busy loop: bounded in time, and killed whatever happens.
start_busy_loop 600

# One run (its report in $scratch/r$1); s = the slope it measured.
slope_run() {
  expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$scratch/r$1" sweetman-neighbors
  s=$(awk -F '\t' '$1 == "figures-4/slope_nsq" { print $3 }' "$scratch/r$1/sweetman-neighbors/summary.tsv")
}

within() {
  awk -v s="$1" -v p="$published" -v t="$tol" 'BEGIN { d = s - p; if (d < 0) d = -d; exit !(d <= t) }'
}

for i in 1 2 3; do
  slope_run "$i"
  # a sanitizer build's timings are not the program's (the shadow memory
  # changes what fits in the caches): its record's cflags say so
  if grep -q '^# cflags: .*-fsanitize' "$scratch/r$i"/records/*.tsv; then
    kill "$busy" 2>/dev/null
    skip "sanitizer build: its timings are not the program's (the run itself passed)"
  fi
  [ -n "$s" ] || fail "no figures-4/slope_nsq row in run $i"
  echo "run $i under load: slope_nsq $s (published $published, tolerance abs $tol)"
  if ! within "$s"; then
    # a job that starts on the machine during the test adds its load to
    # the busy loop's; a run outside the tolerance is repeated once
    slope_run "$i-again"
    echo "run $i again: slope_nsq $s"
    within "$s" || fail "run $i under load: slope_nsq $s is not within $tol of $published (twice)"
  fi
done
kill "$busy" 2>/dev/null
pass
