#!/bin/sh
# granrepro tests: `granrepro check --quick c12` reproduces ARGESIM C12 with
# every published number accounted for, and writes the report, the run
# record and the sweep data in the documented shape.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

r=$scratch/r
expect_exit 0 "$GRANREPRO" check --strict --quick --no-progress --out "$r" c12
summary=$r/c12/summary.tsv
assert_file "$summary"
assert_has "$stdout_file" "c12"

# -- summary.tsv: the header, 7 fields a row, known verdicts, no "differs"
# and no "not computed" row.
assert_summary_clean "$summary"
assert_has "$summary" "# experiment: c12"
assert_has "$summary" "# mode: quick"

# -- every published number of every reference table is a quantity row
assert_accounted argesim-c12 "$summary" 3

# -- the report page
assert_file "$r/index.html"
assert_has "$r/index.html" '<a href="c12/index.html">c12</a>'
assert_file "$r/c12/index.html"
assert_has "$r/index.html" "c12"

# -- the run record
ls "$r/records" >"$scratch/records" || fail "no records folder"
[ "$(wc -l <"$scratch/records")" -eq 1 ] || { show "$scratch/records"; fail "expected one run record"; }
rec=$r/records/$(cat "$scratch/records")
case $rec in *-c12.tsv) ;; *) fail "run record name $rec does not end in -c12.tsv" ;; esac
for key in "# granrepro record" "# kind: run" "# experiment: c12" "# cpu: " "# gsl: " "# revision: " "# mode: quick" "# seed: 1"; do
  grep -q "^$key" "$rec" || { show "$rec"; fail "run record lacks '$key'"; }
done
awk -F '\t' '$1 == "c12/total" && NF == 7 && $2 == 0 && $3 > 0 && $7 == 1 { ok = 1 } END { exit !ok }' "$rec" ||
  { show "$rec"; fail "run record has no c12/total row"; }

# -- the sweep of task b: e = 0, 0.0001, ..., 1 and 8 columns in the fixed
# order; every run ended separated or collapsed.
dat=$r/c12/task-b-sweep.dat
assert_file "$dat"
[ "$(head -n 1 "$dat")" = "# e collisions v1 v2 v3 v4 t_last end" ] ||
  fail "task-b-sweep.dat header is '$(head -n 1 "$dat")'"
awk '
  /^#/ { next }
  { n++ }
  NF != 8 { print "line " NR ": " NF " fields"; bad = 1 }
  $1 != sprintf("%.4f", (n - 1) / 10000) { print "line " NR ": e = " $1; bad = 1 }
  $2 !~ /^[0-9]+$/ || $2 + 0 < 1 { print "line " NR ": collisions " $2; bad = 1 }
  $8 != "separated" && $8 != "collapsed" { print "line " NR ": end " $8; bad = 1 }
  $8 == "separated" { sep++ }
  $8 == "collapsed" { col++ }
  END { if (n != 10001) { print n " data rows, expected 10001"; bad = 1 }
        if (!sep || !col) { print "separated " sep + 0 ", collapsed " col + 0; bad = 1 }
        exit bad }
' "$dat" >"$scratch/sweep.problems" || { head -n 20 "$scratch/sweep.problems" >&2; fail "task-b-sweep.dat is malformed"; }

# -- a published number the experiment never computes is a finding: run
# still exits 0, check exits 1, and the row says "not computed".
ref=$scratch/ref-extra
copy_ref "$ref"
printf 'extra_row\t1.5\t-\t-\n' >>"$ref/argesim-c12/task-b.tsv"
GNUPLOT=/nonexistent
export GNUPLOT
expect_exit 0 "$GRANREPRO" run --quick --no-progress --ref "$ref" --out "$scratch/x" c12
expect_exit 1 "$GRANREPRO" check --strict --quick --no-progress --ref "$ref" --out "$scratch/x" c12
assert_has "$stderr_file" "check failed"
awk -F '\t' '$1 ~ /^task-b\/extra_row/ && $2 == "1.5" && $6 == "differs" && /not computed/ { ok = 1 } END { exit !ok }' \
  "$scratch/x/c12/summary.tsv" || { show "$scratch/x/c12/summary.tsv"; fail "no 'not computed' row for extra_row"; }

pass
