#!/bin/sh
# granrepro tests (issue 13): bench is trustworthy on a shared machine.
# While a busy loop keeps another core busy, the same binary benched as A
# and as B compares as "same" for every kernel: OpenMP threads wait
# passively (recorded), samples last >= 20 ms of CPU time (iterations
# recorded), and compare decides on CPU time per run.  Before, two runs of
# c12 one second apart gave rule-sweep "56.682 slower".  The experiments
# benched are $BENCH_STABLE_EXPERIMENTS (default: c12 greenspan vdw, whose
# kernels include the parallel ones; 'all' takes minutes on a loaded
# machine), 9 samples a kernel and round.
#
# A and B are benched in alternating rounds (a b a b a b), each side's
# rounds pooled into one record, as a comparison of two builds is taken
# on a shared machine.  One A run then one B run is not enough on the
# 2-core KVM guest (AMD EPYC) of 2026-11-27: its core speed shifts by
# some 12 % between runs seconds apart (c12/montecarlo's CPU time per run:
# 7.2-7.3 ms through one run, 8.1-8.4 ms through the next), and for a
# few runs at a time it halves (4.0 ms): in the CI's clang build both
# attempts found one kernel 'slower' or 'faster' (montecarlo 1.62x slower,
# p 0.0012; sweep 0.80x, p 0.0004), the same binary against itself.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
exps=${BENCH_STABLE_EXPERIMENTS:-c12 greenspan vdw}

# The premise is one busy loop beside the bench on an otherwise quiet
# machine.  On a machine already loaded beyond its cores (other jobs:
# seen at load 3-4 on 2 cores, c12/sweep's shortest CPU time 1.5x between
# two runs of one binary) the CPU time itself drifts by 20-60 %
# over seconds (seen on the shared 2-core VM at load 10-19: c12/montecarlo
# 0.61x, rule-sweep 1.19x between two runs of one binary), and no
# estimator inside one run can undo that: skip, saying so, unless
# BENCH_STABLE_FORCE=1.
skip_when_busy BENCH_STABLE_FORCE "to test bench stability"

# The busy loop: bounded in time, and killed whatever happens.
start_busy_loop 900

# pool OUT REC...: the records' samples in one record (the first's header,
# each kernel's samples numbered on across the records; phase rows, sample
# 0, from the first record only).
pool() {
  _out=$1; shift
  awk -F '\t' -v OFS='\t' 'FNR == 1 { f++ }
    /^#/ || $1 == "name" { if (f == 1) print; next }
    $2 == 0 { if (f == 1) print; next }
    { $2 = ++k[$1]; print }' "$@" >"$_out" || fail "cannot pool records into $_out"
}

# One attempt: three rounds of bench A then bench B, each side pooled,
# compared; 0 when every kernel is 'same'.  Benches run with the user's
# wait policy unset, as a user would.
attempt() {
  for round in 1 2 3; do
    for run in a b; do
      d=$scratch/$1$run$round
      expect_exit 0 env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT "$GRANREPRO" bench --quick --repeat 9 --out "$d" $exps
      set -- "$1" "$d"/records/*-bench.tsv
      [ $# -eq 2 ] && [ -f "$2" ] || fail "bench $1$run$round did not write one record"
      # a sanitizer build's timings are not the program's
      if grep -q '^# cflags: .*-fsanitize' "$2"; then
        kill "$busy" 2>/dev/null
        skip "sanitizer build: its timings are not the program's (bench itself ran)"
      fi
      # The records say how they were taken.
      for key in "# wait_policy: passive" "# threads: " "# load_start: " "# load_end: "; do
        grep -q "^$key" "$2" || { show "$2"; fail "record lacks '$key'"; }
      done
      # (a kernel's sample of several runs was calibrated to >= 20 ms: allow
      # for noise; the cache probe's is two passes, some 8 ms, by design)
      awk -F '\t' '!/^#/ && $1 != "name" && $1 !~ /^machine\// && !($7 >= 1 && ($4 >= 0.01 || $7 == 1)) { print; bad = 1 } END { exit bad }' "$2" >"$scratch/short" ||
        { show "$scratch/short"; fail "samples of several runs shorter than 10 ms of CPU time"; }
    done
  done
  for run in a b; do
    pool "$scratch/$1$run.tsv" "$scratch/$1${run}1"/records/*-bench.tsv "$scratch/$1${run}2"/records/*-bench.tsv "$scratch/$1${run}3"/records/*-bench.tsv
  done
  expect_exit 0 "$GRANREPRO" compare --out "$scratch/$1c" "$scratch/$1a.tsv" "$scratch/$1b.tsv"
  cp "$stdout_file" "$scratch/compare$1.txt"
  cat "$scratch/compare$1.txt"
  # every kernel row of the table (between its header and the legend), 27
  # samples on each side
  awk '/^kernel / { t = 1; next } t && NF == 0 { t = 0 } t { n++; if ($2 != 27 || $3 != 27) { print "not 27 samples:", $0; bad = 1 } else if ($9 != "same") { print; bad = 1 } }
       END { if (n == 0) { print "no kernel rows"; bad = 1 } exit bad }' "$scratch/compare$1.txt" >"$scratch/notsame$1"
}

# Another attempt only when one found a kernel not 'same'; the test fails
# when three do.  On the KVM guest above, one attempt in seven of the
# interleaved design still found one (c12/montecarlo: B's median 0.66 of
# A's, its minimum 0.90, p 0.008: the fast spell fell in B's rounds).
for try in 1 2 3; do
  attempt "$try" && break
  echo "attempt $try: not 'same':"; cat "$scratch/notsame$try"
  [ "$try" -lt 3 ] ||
    { kill "$busy" 2>/dev/null; show "$scratch/notsame1"; show "$scratch/notsame2"; show "$scratch/notsame3";
      fail "the same binary is not 'same' for every kernel under load, in three attempts"; }
done
kill "$busy" 2>/dev/null
pass
