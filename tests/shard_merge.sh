#!/bin/sh
# granrepro tests (issue 25): an experiment run as N shards (run --shard
# K/N) and merged gives the bytes of one unsharded run with the same seed
# (summary.tsv, every .dat, notes.md), for N = 1, 2, 3 and each shardable
# experiment tested; a missing, duplicated or foreign shard is one error
# naming it, exit 2, and nothing is merged; a shard run again replaces its
# part and the merge then works.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent # text outputs only: no rendering
export GNUPLOT
SEED=5
EXPS=${SHARD_EXPS:-c12 greenspan wilson-clumping}

# same_report A B EXP: summary.tsv, every .dat and notes.md of A/EXP are in
# B/EXP with the same bytes (and B has no .dat A lacks).
same_report() {
  _files=$(cd "$1/$3" && ls -- *.dat summary.tsv notes.md)
  [ -n "$_files" ] || fail "no report files in $1/$3"
  for _f in $_files; do
    cmp "$1/$3/$_f" "$2/$3/$_f" >&2 || fail "$3: $_f of the merged shards ($2) differs from the unsharded run ($1)"
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

for exp in $EXPS; do
  expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed $SEED --out "$scratch/whole" "$exp"
  for n in 1 2 3; do
    shards "$scratch/n$n" "$exp" $n
    expect_exit 0 "$GRANREPRO" merge --out "$scratch/n$n" "$exp"
    assert_has "$stdout_file" "merged $n shards (seed $SEED, quick)"
    same_report "$scratch/whole" "$scratch/n$n" "$exp"
    no_temporaries "$scratch/n$n"
  done
done

# the merge's record names the host of each shard
assert_has "$(ls "$scratch"/n2/records/*.tsv | tail -n 1)" "/shard-2-of-2@$(hostname | cut -c1-60)"

exp=c12
d=$scratch/err
shards "$d" $exp 3
expect_exit 0 "$GRANREPRO" merge --out "$d" $exp
before=$(tree_state "$d/$exp")

# a missing shard: named, exit 2, the report left as it was
mv "$d/shards/$exp/2-of-3" "$scratch/aside"
expect_exit 2 "$GRANREPRO" merge --out "$d" $exp
assert_has "$stderr_file" "shard 2-of-3 of $exp missing"
[ "$(wc -l <"$stderr_file")" -eq 1 ] || fail "the missing-shard error is not one line"
[ "$(tree_state "$d/$exp")" = "$before" ] || fail "a failed merge changed the report"

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

# an experiment that does not declare its tasks independent is refused
expect_exit 2 "$GRANREPRO" run --quick --no-progress --shard 1/2 --out "$scratch/no" buchholtz-poeschel
assert_has "$stderr_file" "independent"
expect_exit 2 "$GRANREPRO" run --quick --no-progress --shard 3/2 --out "$scratch/no" c12
assert_has "$stderr_file" "K/N"
pass
