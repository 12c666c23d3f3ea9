#!/bin/sh
# granrepro test: `make docs-bizon-published` (docs/bizon-published.sh)
# writes docs/bizon-published.md and its figures from a bizon-patterns
# report in the published geometry, and refuses any other report (exit 2,
# nothing written).  The real page needs about an hour on two cores
# (--set scale=2); here a
# quick run stands in, its options lines made to say scale 2 and box 100
# and its figures stood in for by files of the report's names.
. "$(dirname "$0")/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed 3 --out "$scratch/r" bizon-patterns
src=$scratch/src
mkdir -p "$src/docs" || fail "cannot make $src"

# a quick run (scale 0) is refused, and nothing is written
expect_exit 2 sh "$top_srcdir/docs/bizon-published.sh" "$scratch/r" "$src"
assert_has "$stderr_file" "not a run in the published geometry"
[ -z "$(ls -A "$src/docs")" ] || fail "the refused report left files in $src/docs"
expect_exit 2 sh "$top_srcdir/docs/bizon-published.sh" "$scratch/none" "$src"
assert_has "$stderr_file" "no bizon-patterns report"

# the same report, said to be scale 2 in a 100 box, with its figures
d=$scratch/r/bizon-patterns
sed -i 's/^- scale = 0:/- scale = 2:/; s/^- box = 0, aspect = 1:/- box = 100, aspect = 0.866025:/' "$d/notes.md" || fail "sed"
# a box that is not square (option aspect) is not the published geometry
expect_exit 2 sh "$top_srcdir/docs/bizon-published.sh" "$scratch/r" "$src"
assert_has "$stderr_file" "not a run in the published geometry"
sed -i 's/^- box = 100, aspect = 0.866025:/- box = 100, aspect = 1:/' "$d/notes.md" || fail "sed"
expect_exit 2 sh "$top_srcdir/docs/bizon-published.sh" "$scratch/r" "$src"
assert_has "$stderr_file" "no figures"
for p in a b c e f g h; do
  echo "top $p" >"$d/fig1$p-top.png"
  echo "sk $p" >"$d/fig1$p-sk.png"
done
expect_exit 0 sh "$top_srcdir/docs/bizon-published.sh" "$scratch/r" "$src"
page=$src/docs/bizon-published.md
assert_has "$page" "# bizon-patterns in the published geometry"
assert_has "$page" "The run: seed 3,"
assert_has "$page" "## Fig. 1: the patterns by type"
assert_lacks "$page" "## Onset"
for p in a b c e f g h; do
  assert_has "$page" "![fig1$p top views](bizon-published/fig1$p-top.png)"
  [ "$(cat "$src/docs/bizon-published/fig1$p-sk.png")" = "sk $p" ] || fail "fig1$p-sk.png not copied"
done
# every Fig. 1 type row of the summary is in the page, with its kind
awk -F '\t' '$1 ~ /^fig1\/[a-h]\/type$/ { print "| " $1 " | " $7 " | " $2 " |" }' "$d/summary.tsv" >"$scratch/rows"
[ "$(wc -l <"$scratch/rows")" -eq 7 ] || fail "the quick run has not 7 type rows"
while IFS= read -r line; do
  assert_has "$page" "$line"
done <"$scratch/rows"
[ -z "$(find "$src/docs" -name '.*' -o -name '*.tmp')" ] || fail "temporaries left in $src/docs"
pass
