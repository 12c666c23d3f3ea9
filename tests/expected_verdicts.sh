#!/bin/sh
# granrepro test: `granrepro check --quick all` holds every experiment's
# verdicts to reference/<paper>/<exp>.expected.tsv and exits 0; in a copy
# of reference/ a verdict changed by hand, a row removed and a row added
# each make it exit 1 naming the row; --update-expected writes the file
# back (atomically) so that check passes again; --strict exits 1 on any
# 'differs'.
. "$(dirname "$0")/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
expect_exit 0 "$GRANREPRO" check --quick --no-progress --out "$scratch/all" all

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
cmp "$exp" "$GRANREPRO_REF/argesim-c12/c12.expected.tsv" || fail "--update-expected did not restore $exp"
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
