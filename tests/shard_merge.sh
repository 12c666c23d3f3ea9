#!/bin/sh
# granrepro tests (issue 25): an experiment run as N shards (run --shard
# K/N) and merged gives the bytes of one unsharded run with the same seed
# (summary.tsv, every .dat, notes.md), for N = 1, 3 and one more than
# the run's units (tasks and conditions: an empty shard), for each
# shardable experiment tested: c12 and greenspan (tasks), wilson-clumping
# (its groups' seeds as conditions), bizon-patterns (its Fig. 1 panels and
# the ball map as conditions; a quick run has no sweep), sweetman-neighbors
# (tasks; its measured times left out of the comparison as for any two
# runs: docs/usage.md).  A missing, duplicated or foreign shard is one error
# naming it, exit 2, and nothing is merged; a shard run again replaces its
# part and the merge then works.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent # text outputs only: no rendering
export GNUPLOT
SEED=5
EXPS=${SHARD_EXPS:-c12 greenspan wilson-clumping bizon-patterns sweetman-neighbors}

# untimed EXP FILE: the file without what holds measured times (the list of
# docs/usage.md): sweetman-neighbors' timing rows, and the numbers of the
# two notes paragraphs that quote them.
untimed() {
  case $1/$(basename "$2") in
  sweetman-neighbors/summary.tsv)
    awk -F '\t' '$1 !~ /^chapter4\/(ns-per-particle\/|slope-rebuild-|.*-over-|update-share-|table-4-1-grids-slope)/ &&
      $1 !~ /^figures-4\/slope_/ && $1 !~ /^table-4-2\/.*\/(hours_|improvement_pct)/' "$2" ;;
  sweetman-neighbors/notes.md)
    sed '/^Chapter 4 timing\|^Table 4\.2 and Figs/s/-\{0,1\}[0-9][0-9.]*/#/g' "$2" ;; # a loaded quick run's gain may be negative
  *) cat "$2" ;;
  esac
}

# timed EXP FILE: 0 when the file holds measured times only (docs/usage.md).
timed() {
  case $1/$2 in
  sweetman-neighbors/fig-4-[123].dat | sweetman-neighbors/table-4-2.dat) return 0 ;;
  esac
  return 1
}

# same_report A B EXP: summary.tsv, every .dat and notes.md of A/EXP are in
# B/EXP with the same bytes (and B has no .dat A lacks), measured times
# aside.
same_report() {
  _files=$(cd "$1/$3" && ls -- *.dat summary.tsv notes.md)
  [ -n "$_files" ] || fail "no report files in $1/$3"
  for _f in $_files; do
    timed "$3" "$_f" && continue
    untimed "$3" "$1/$3/$_f" >"$scratch/same.a"
    untimed "$3" "$2/$3/$_f" >"$scratch/same.b"
    cmp "$scratch/same.a" "$scratch/same.b" >&2 || fail "$3: $_f of the merged shards ($2) differs from the unsharded run ($1)"
  done
  [ "$(cd "$2/$3" && ls -- *.dat)" = "$(cd "$1/$3" && ls -- *.dat)" ] || fail "$3: the merged report has other .dat files"
}

# shards DIR EXP N: run shards 1..N of EXP into DIR.
shards() {
  _k=1
  while [ "$_k" -le "$3" ]; do
    expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed $SEED --shard "$_k/$3" --out "$1" "$2"
    assert_file "$1/shards/$2/$_k-of-$3/journal.txt"
    _k=$((_k + 1))
  done
}

# whole EXP: the unsharded run of EXP into $scratch/whole (once).
whole() {
  [ -d "$scratch/whole/$1" ] || expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed $SEED --out "$scratch/whole" "$1"
}

for exp in $EXPS; do
  whole "$exp"
  for n in 1 3 more; do
    if [ $n = more ]; then
      # the run's units (a shard's journal counts them), which its notes state
      units=$(awk -F '\t' '$1 == "tasks" { print $2 }' "$scratch/n1-$exp/shards/$exp/1-of-1/journal.txt")
      assert_has "$scratch/whole/$exp/notes.md" "this run splits into $units independent"
      n=$((units + 1))
    fi
    shards "$scratch/n$n-$exp" "$exp" $n
    expect_exit 0 "$GRANREPRO" merge --out "$scratch/n$n-$exp" "$exp"
    assert_has "$stdout_file" "merged $n shards (seed $SEED, quick)"
    same_report "$scratch/whole" "$scratch/n$n-$exp" "$exp"
    no_temporaries "$scratch/n$n-$exp"
  done
done

# the merge's record names the host of each shard
assert_has "$(ls "$scratch"/n3-"${EXPS%% *}"/records/*.tsv | tail -n 1)" "/shard-3-of-3@$(hostname | cut -c1-60)"

# missing DIR EXP K ASIDE: three shards of EXP merged into DIR (a copy of
# the loop's, when it ran EXP; the report's state in $before), then shard K
# of 3 moved to ASIDE: the merge names it, exit 2, one line, the report
# left as it was.
missing() {
  if [ -d "$scratch/n3-$2" ]; then cp -R "$scratch/n3-$2" "$1"; else shards "$1" "$2" 3; fi
  expect_exit 0 "$GRANREPRO" merge --out "$1" "$2"
  before=$(tree_state "$1/$2")
  mv "$1/shards/$2/$3-of-3" "$4"
  expect_exit 2 "$GRANREPRO" merge --out "$1" "$2"
  assert_has "$stderr_file" "shard $3-of-3 of $2 missing"
  [ "$(wc -l <"$stderr_file")" -eq 1 ] || fail "the missing-shard error is not one line"
  [ "$(tree_state "$1/$2")" = "$before" ] || fail "a failed merge changed the report"
}

exp=c12
d=$scratch/err
whole $exp
missing "$d" $exp 2 "$scratch/aside"

# a duplicated shard (a copy under another name): named, exit 2
mv "$scratch/aside" "$d/shards/$exp/2-of-3"
cp -R "$d/shards/$exp/2-of-3" "$d/shards/$exp/2-of-3-copy"
expect_exit 2 "$GRANREPRO" merge --out "$d" $exp
assert_has "$stderr_file" "shard 2-of-3 duplicated"
assert_has "$stderr_file" "2-of-3-copy"
[ "$(tree_state "$d/$exp")" = "$before" ] || fail "a failed merge changed the report"
rm -rf "$d/shards/$exp/2-of-3-copy"

# a shard of another sweep (other seed; other N): named, exit 2
expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed 6 --shard 1/3 --out "$scratch/other" $exp
mv "$d/shards/$exp/1-of-3" "$scratch/aside1"
cp -R "$scratch/other/shards/$exp/1-of-3" "$d/shards/$exp/1-of-3"
expect_exit 2 "$GRANREPRO" merge --out "$d" $exp
assert_has "$stderr_file" "seed differs"
expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed $SEED --shard 1/2 --out "$d" $exp
expect_exit 2 "$GRANREPRO" merge --out "$d" $exp
assert_has "$stderr_file" "number of shards N differs"
rm -rf "$d/shards/$exp/1-of-2"
[ "$(tree_state "$d/$exp")" = "$before" ] || fail "a failed merge changed the report"

# a truncated journal (a shard killed while copied): named, exit 2
head -n 20 "$scratch/aside1/journal.txt" >"$d/shards/$exp/1-of-3/journal.txt"
expect_exit 2 "$GRANREPRO" merge --out "$d" $exp
assert_has "$stderr_file" "1-of-3/journal.txt"
[ "$(tree_state "$d/$exp")" = "$before" ] || fail "a failed merge changed the report"

# rerun the failed shard, merge again: the bytes of the unsharded run
expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed $SEED --shard 1/3 --out "$d" $exp
expect_exit 0 "$GRANREPRO" merge --out "$d" $exp
same_report "$scratch/whole" "$d" $exp
no_temporaries "$d"

# the same for shards of conditions (wilson-clumping's seeds): a missing
# or duplicated shard, a condition's result that does not fit this build
exp=wilson-clumping
d=$scratch/cond
whole $exp
missing "$d" $exp 3 "$scratch/aside3"
cp -R "$scratch/aside3" "$d/shards/$exp/3-of-3"
cp -R "$scratch/aside3" "$d/shards/$exp/3-again"
expect_exit 2 "$GRANREPRO" merge --out "$d" $exp
assert_has "$stderr_file" "shard 3-of-3 duplicated"
rm -rf "$d/shards/$exp/3-again"
# a result of another size (a shard of another build): named, exit 2
awk -F '\t' 'BEGIN { OFS = "\t" } $1 == "cond" && !done { $4 = $4 + 8; done = 1 } { print }' \
  "$scratch/aside3/journal.txt" >"$d/shards/$exp/3-of-3/journal.txt"
expect_exit 2 "$GRANREPRO" merge --out "$d" $exp
assert_has "$stderr_file" "3-of-3/journal.txt:"
assert_has "$stderr_file" "rerun shard 3"
[ "$(wc -l <"$stderr_file")" -eq 1 ] || fail "the bad-condition error is not one line"
[ "$(tree_state "$d/$exp")" = "$before" ] || fail "a failed merge changed the report"
expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed $SEED --shard 3/3 --out "$d" $exp
expect_exit 0 "$GRANREPRO" merge --out "$d" $exp
same_report "$scratch/whole" "$d" $exp
no_temporaries "$d"

# an experiment that does not declare its tasks independent is refused
expect_exit 2 "$GRANREPRO" run --quick --no-progress --shard 1/2 --out "$scratch/no" buchholtz-poeschel
assert_has "$stderr_file" "independent"
expect_exit 2 "$GRANREPRO" run --quick --no-progress --shard 3/2 --out "$scratch/no" c12
assert_has "$stderr_file" "K/N"
pass
