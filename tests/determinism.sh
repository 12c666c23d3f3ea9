#!/bin/sh
# granrepro tests: the same seed gives the same bytes whatever the number
# of threads (data, summary, notes, figure scripts); another seed changes
# the Monte Carlo histogram.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

# Only the text outputs are compared: no need to render.
GNUPLOT=/nonexistent
export GNUPLOT

# run_seed_threads SEED THREADS: a quick run into $scratch/s<SEED>-t<THREADS>.
run_seed_threads() {
  expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed "$1" --threads "$2" \
    --out "$scratch/s$1-t$2" c12
  assert_file "$scratch/s$1-t$2/c12/summary.tsv"
  # the run really used that many threads (its record says so), unless
  # the build has no OpenMP at all (every record says 1)
  grep -qx "# threads: $2" "$scratch/s$1-t$2"/records/*.tsv ||
    grep -qx "# threads: 1" "$scratch/s$1-t$2"/records/*.tsv ||
    fail "the run record of --threads $2 says $(grep '^# threads:' "$scratch/s$1-t$2"/records/*.tsv)"
}

# The files compared: *.dat, summary.tsv, notes.md, *.gp.
outputs() {
  (cd "$1/c12" && ls -- *.dat *.gp summary.tsv notes.md) | LC_ALL=C sort
}

run_seed_threads 7 1
run_seed_threads 7 2
run_seed_threads 7 3
outputs "$scratch/s7-t1" >"$scratch/files-t1" || fail "outputs missing in s7-t1"
[ "$(grep -c '\.dat$' "$scratch/files-t1")" -ge 5 ] || fail "too few .dat files: $(cat "$scratch/files-t1")"
[ "$(grep -c '\.gp$' "$scratch/files-t1")" -ge 5 ] || fail "too few .gp files: $(cat "$scratch/files-t1")"
grep -qx 'task-c2-histogram.dat' "$scratch/files-t1" || fail "no task-c2-histogram.dat"
for t in 2 3; do
  outputs "$scratch/s7-t$t" >"$scratch/files-t$t" || fail "outputs missing in s7-t$t"
  cmp -s "$scratch/files-t1" "$scratch/files-t$t" ||
    { diff "$scratch/files-t1" "$scratch/files-t$t" >&2; fail "--threads 1 and $t write different files"; }
  while IFS= read -r f; do
    cmp "$scratch/s7-t1/c12/$f" "$scratch/s7-t$t/c12/$f" >&2 ||
      fail "$f differs between --threads 1 and --threads $t"
  done <"$scratch/files-t1"
done
assert_has "$scratch/s7-t1/c12/summary.tsv" "# seed: 7"

# Another seed: another Monte Carlo sample, so another histogram (and the
# run still says which seed it used).
run_seed_threads 8 2
if cmp -s "$scratch/s7-t2/c12/task-c2-histogram.dat" "$scratch/s8-t2/c12/task-c2-histogram.dat"; then
  fail "--seed 7 and --seed 8 give the same task-c2-histogram.dat"
fi
assert_has "$scratch/s8-t2/c12/summary.tsv" "# seed: 8"

if grep -qx "# threads: 1" "$scratch/s7-t3"/records/*.tsv; then
  skip "built without OpenMP: --threads has no effect (seed checks passed)"
fi
pass
