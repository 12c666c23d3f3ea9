#!/bin/sh
# granrepro test: `make docs` (docs/generate.sh) rewrites docs/<exp>.md
# from a run's summary.tsv and notes.md when the experiment has a notes
# template, and keeps the hand-moved page of one that has none.
. "$(dirname "$0")/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed 3 --out "$scratch/r" c12 vdw

# a source tree with a template for c12 only
src=$scratch/src
mkdir -p "$src/docs" "$src/reference/argesim-c12" || fail "cannot make $src"
: >"$src/reference/argesim-c12/c12.notes.md.in"
echo "hand-moved vdw text" >"$src/docs/vdw.md"
echo "old c12 text" >"$src/docs/c12.md"
expect_exit 0 sh "$top_srcdir/docs/generate.sh" "$scratch/r" "$src"
assert_has "$stdout_file" "docs/c12.md: rewritten"
assert_has "$stdout_file" "docs/vdw.md: kept"
assert_lacks "$src/docs/c12.md" "old c12 text"
assert_has "$src/docs/c12.md" "# c12: "
assert_has "$src/docs/c12.md" "(quick run, seed 3)"
assert_has "$src/docs/c12.md" "reference/argesim-c12/c12.notes.md.in"
# the counts by kind, as the report's pages show them
"$GRANREPRO" list --out "$scratch/r" >"$scratch/list" || fail "granrepro list failed"
counts=$(sed -n 's/^ *quick run, seed 3: //p' "$scratch/list" | head -n 1)
[ -n "$counts" ] || { show "$scratch/list"; fail "granrepro list shows no counts by kind"; }
assert_has "$src/docs/c12.md" "Verdicts by kind: $counts."
assert_has "$scratch/r/c12/index.html" "$counts"
tail -n +2 "$scratch/r/c12/notes.md" | head -n 3 >"$scratch/notes.part"
while IFS= read -r line; do
  [ -z "$line" ] || assert_has "$src/docs/c12.md" "$line"
done <"$scratch/notes.part"
[ "$(cat "$src/docs/vdw.md")" = "hand-moved vdw text" ] || fail "docs/vdw.md without a template was changed"
[ -z "$(find "$src/docs" -name '.*' -type f)" ] || fail "temporaries left in $src/docs"
expect_exit 2 sh "$top_srcdir/docs/generate.sh" "$scratch/empty" "$src"
pass
