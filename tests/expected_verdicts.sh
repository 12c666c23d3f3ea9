#!/bin/sh
# granrepro test: `granrepro check --quick all` holds every experiment's
# verdicts to reference/<paper>/<exp>.expected.tsv and exits 0; in a copy
# of reference/ a verdict changed by hand, a row removed and a row added
# each make it exit 1 naming the row; --update-expected writes the file
# back (atomically) so that check passes again; --strict exits 1 on any
# 'differs'.  The same run's verdict rows each say what kind of thing they
# test (issue 22: result, printed, misprint, check, choice; never
# 'unclassified'), and a row without a kind is caught.
. "$(dirname "$0")/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
expect_exit 0 "$GRANREPRO" check --quick --no-progress --out "$scratch/all" all

# unkinded SUMMARY...: print each verdict row whose kind (column 7) is none
# of the five; exit 1 when there is one
unkinded() {
  _bad=0
  for _s in "$@"; do
    awk -F '\t' -v f="$_s" '/^#/ || !h++ { next } $7 != "result" && $7 != "printed" && $7 != "misprint" &&
      $7 != "check" && $7 != "choice" { print f ": " $1 ": kind '"'"'" $7 "'"'"'"; bad = 1 } END { exit bad }' "$_s" ||
      _bad=1
  done
  return $_bad
}
set -- "$scratch"/all/*/summary.tsv
nexp=$("$GRANREPRO" list | awk '/^[^ ]/ { n++ } END { print n + 0 }')
[ $# -eq "$nexp" ] || fail "check --quick all wrote $# summaries for $nexp experiments"
unkinded "$@" >"$scratch/unkinded" ||
  { show "$scratch/unkinded"; fail "rows without a kind (give each a kind: docs/reference-tables.md)"; }
# the test can fail: a row's kind blanked in a copy
awk -F '\t' 'BEGIN { OFS = "\t" } !/^#/ && n++ == 1 { $7 = "unclassified" } { print }' \
  "$scratch/all/c12/summary.tsv" >"$scratch/blanked.tsv" || fail "cannot write $scratch/blanked.tsv"
unkinded "$scratch/blanked.tsv" >"$scratch/unkinded" && fail "a row of kind 'unclassified' passed"
assert_has "$scratch/unkinded" "kind 'unclassified'"

# one verdict changed by hand in a copy of reference/
copy_ref "$scratch/ref"
exp=$scratch/ref/argesim-c12/c12.expected.tsv
set -- $(awk -F '\t' '/^#/ || $1 == "quantity" { next } { print $1, $2; exit }' "$exp")
q=$1
old=$2
new=reproduced
[ "$old" = reproduced ] && new=differs
awk -F '\t' -v q="$q" -v v="$new" 'BEGIN { OFS = "\t" } $1 == q { $2 = v } { print }' "$exp" >"$exp.new" &&
  mv "$exp.new" "$exp" || fail "cannot edit $exp"
expect_exit 1 "$GRANREPRO" check --quick --no-progress --ref "$scratch/ref" --out "$scratch/c" c12
assert_has "$stdout_file" "c12: $q: $new -> $old"
assert_has "$stderr_file" "check failed: 1 verdict(s) changed"

# a row missing from the file, and one the run lacks
grep -v "^$q	" "$exp" >"$exp.new" && printf 'no/such-row\treproduced\t-\n' >>"$exp.new" &&
  mv "$exp.new" "$exp" || fail "cannot edit $exp"
expect_exit 1 "$GRANREPRO" check --quick --no-progress --ref "$scratch/ref" --out "$scratch/c" c12
assert_has "$stdout_file" "c12: $q: (no expected verdict) -> $old"
assert_has "$stdout_file" "c12: no/such-row: reproduced -> (no such row in the run)"

# --update-expected writes it back: the file equals the shipped one again
expect_exit 0 "$GRANREPRO" check --quick --update-expected --no-progress --ref "$scratch/ref" --out "$scratch/c" c12
# (the quick column: the row removed above loses its full verdict, which a
# quick run cannot write back)
cut -f1,2 "$exp" >"$scratch/got.quick" && cut -f1,2 "$GRANREPRO_REF/argesim-c12/c12.expected.tsv" >"$scratch/want.quick" ||
  fail "cannot cut $exp"
cmp "$scratch/got.quick" "$scratch/want.quick" || fail "--update-expected did not restore $exp"
no_temporaries "$scratch/ref"
expect_exit 0 "$GRANREPRO" check --quick --no-progress --ref "$scratch/ref" --out "$scratch/c" c12

# a malformed file: one line naming it, exit 2
printf 'quantity\tquick\n' >"$exp"
expect_exit 2 "$GRANREPRO" check --quick --no-progress --ref "$scratch/ref" --out "$scratch/c" c12
assert_has "$stderr_file" "c12.expected.tsv:1:"

# --strict: exit 1 on any 'differs' (an experiment that has one, if any)
d=$(grep -l '	differs	' "$scratch"/all/*/summary.tsv | head -n 1)
if [ -n "$d" ]; then
  d=$(basename "$(dirname "$d")")
  expect_exit 1 "$GRANREPRO" check --quick --strict --no-progress --out "$scratch/s" "$d"
  assert_has "$stderr_file" "verdict(s) 'differs'"
fi
pass
