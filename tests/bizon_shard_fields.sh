#!/bin/sh
# granrepro test: docs/bizon-shard-fields.py, which draws the lone units of
# a transient study (docs/bizon-transients.md), writes from a shard's
# journal the same bytes as the report's fig1a-top.dat and fig1a-sk.dat of
# one unsharded run with that seed (quick mode: panel a is unit 1 of 8), in
# a square box and in one of aspect 0.866.
. "$(dirname "$0")/lib.sh"

py=
for p in python3 /usr/bin/python3; do
  command -v "$p" >/dev/null 2>&1 && { py=$p; break; }
done
[ -n "$py" ] || skip "python3 is missing (Debian: python3): the shard decoder not checked"

GNUPLOT=/nonexistent
export GNUPLOT
expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed 5 --shard 1/8 --out "$scratch/s" bizon-patterns
expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed 5 --out "$scratch/r" bizon-patterns
j=$scratch/s/shards/bizon-patterns/1-of-8/journal.txt
expect_exit 0 "$py" "$top_srcdir/docs/bizon-shard-fields.py" "$j" "$scratch/a"
assert_has "$stdout_file" "fig1-a: 8 x 8,"
for k in top sk; do
  cmp "$scratch/a-$k.dat" "$scratch/r/bizon-patterns/fig1a-$k.dat" ||
    fail "the decoded fig1a-$k.dat differs from the report's"
done
# a box that is not square (option aspect), its sides given as LXxLY
set -- --quick --no-progress --seed 5 --set box=10 --set aspect=0.8660254
expect_exit 0 "$GRANREPRO" run "$@" --shard 1/8 --out "$scratch/s2" bizon-patterns
expect_exit 0 "$GRANREPRO" run "$@" --out "$scratch/r2" bizon-patterns
j2=$scratch/s2/shards/bizon-patterns/1-of-8/journal.txt
expect_exit 0 "$py" "$top_srcdir/docs/bizon-shard-fields.py" "$j2" "$scratch/c" 10x8.660254
assert_has "$stdout_file" "fig1-a: 10 x 9,"
for k in top sk; do
  cmp "$scratch/c-$k.dat" "$scratch/r2/bizon-patterns/fig1a-$k.dat" ||
    fail "the decoded fig1a-$k.dat of a 10 x 8.66 box differs from the report's"
done
expect_exit 2 "$py" "$top_srcdir/docs/bizon-shard-fields.py" "$j2" "$scratch/d" 10y8
assert_has "$stderr_file" "not LX or LXxLY"
# a journal of another layout is refused, naming it
sed 's/^abi\t.*/abi\tbe-8-8/' "$j" >"$scratch/be.txt"
expect_exit 2 "$py" "$top_srcdir/docs/bizon-shard-fields.py" "$scratch/be.txt" "$scratch/b"
assert_has "$stderr_file" "not le-8-8"
pass
