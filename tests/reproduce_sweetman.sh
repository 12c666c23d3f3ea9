#!/bin/sh
# granrepro tests: `granrepro check --quick sweetman-neighbors` reproduces
# the worked tables of Sweetman 2003, chapters 2-3, with every published
# number accounted for, the documented misprints as expected-difference,
# and the timing data of chapter 4 in the documented shape.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
r=$scratch/r
expect_exit 0 "$GRANREPRO" check --strict --quick --no-progress --out "$r" sweetman-neighbors
summary=$r/sweetman-neighbors/summary.tsv
assert_file "$summary"
assert_summary_clean "$summary"
assert_has "$summary" "# experiment: sweetman-neighbors"
# Table 2.1 (the pair list), Table 3.1's x, y and section 4.1's particles
# and seconds (text-4-1) are inputs (gr_ctx_input,
# no rows); Table 3.1's 25 cells are results
assert_accounted sweetman-2003 "$summary" 20 "table-5.1 eq5-constants text-2-5 table-2-1 table-3-1 text-4-1 sweetman-neighbors.expected vdw.expected"
[ "$(grep -c '^table-3-1/p[0-9]*/cell	' "$summary")" -eq 25 ] || fail "Table 3.1: not 25 cell rows"
! grep -q '^table-3-1/p[0-9]*/[xy]	\|^table-2-1/p' "$summary" || fail "an input of Table 2.1 or 3.1 has a verdict row"

# -- the misprints found are reported as such (expected-difference), and
# nothing else is: one slip in each of Tables 3.6-3.7 (row-slip: cells 6
# and 7, three cells per primary, judged once per table) and two numbers
# of the text; the slip's 12 cells keep informative rows that name it.
awk -F '\t' '$6 == "expected-difference" { n++; if ($1 !~ /^(table-3-[67]\/row-slip|text-2-3\/(i1or0_sgi_first|mt1_after_two))$/) { print "unexpected: " $1; bad = 1 } }
  $1 ~ /^table-3-[67]\/p[123]\.c[67]\.k[12]$/ && $2 ~ /misprint/ { c++; if ($6 != "informative" || $5 !~ /^informative \(judged in table-3-[67]\/row-slip: /) { print "slip cell: " $0; bad = 1 } }
  $1 == "table-3-6/row-slip" && $3 != 3 || $1 == "table-3-7/row-slip" && $3 != 9 { print "slip size: " $0; bad = 1 }
  END { if (n != 4) { print n " expected-difference rows, want 4"; bad = 1 }
        if (c != 12) { print c " slip cells, want 12"; bad = 1 } exit bad }' \
  "$summary" >"$scratch/mis" || { show "$scratch/mis"; fail "misprint rows are not the documented ones"; }

# -- the three searches agree, history is carried, slopes are finite
for q in chapter4/lists-identical-nsq-chain-sort chapter4/lists-identical-chain-sort \
  chapter2/engine-list-equals-verlet-table chapter4/dem-trajectories-bitwise-identical \
  chapter4/dem-energy-rise chapter4/dem-drift-orders-differ; do
  awk -F '\t' -v q="$q" '$1 == q && $6 == "reproduced" { ok = 1 } END { exit !ok }' "$summary" ||
    { show "$summary"; fail "$q is not reproduced"; }
done

# section 4.1's drift: in quick mode (1000 particles) the claim's row is
# informative, kind result; the time of the first bitwise difference is a
# number (-1: none), and the data cover the run
awk -F '\t' '$1 == "chapter4/dem-drift-same-within-span" && $6 == "informative" && $7 == "result" { ok = 1 } END { exit !ok }' \
  "$summary" || { show "$summary"; fail "chapter4/dem-drift-same-within-span is not an informative result row in quick mode"; }
assert_file "$r/sweetman-neighbors/dem-drift.dat"
assert_file "$r/sweetman-neighbors/dem-drift.gp"

# quick mode shows the N-squared timing slope without a verdict (too short a
# range for one); it must still look like an N-squared search
awk -F '\t' '$1 == "figures-4/slope_nsq" && $6 == "informative" && $3 > 1.3 && $3 < 2.7 { ok = 1 } END { exit !ok }' \
  "$summary" || { show "$summary"; fail "figures-4/slope_nsq is not an informative slope near 2 in quick mode"; }

# -- timing data: N ascending, positive times, the cell data up to 1e5
dat=$r/sweetman-neighbors/fig-4-2.dat
assert_file "$dat"
awk '/^#/ { next } { n++; if ($1 <= last || $2 <= 0 || $5 <= 0 || NF != 9) bad = 1; last = $1 }
  END { exit bad || n != 7 || last != 100000 }' "$dat" || { show "$dat"; fail "fig-4-2.dat is malformed"; }
for f in fig-4-1 fig-4-2 fig-4-3 rebuild-per-particle; do
  assert_file "$r/sweetman-neighbors/$f.gp"
done

# -- a changed published entry is caught: HEAD(2) of Table 3.4 set to 18
ref=$scratch/ref
copy_ref "$ref"
sed 's/^i2\t1\t19\t1$/i2\t1\t18\t1/' "$GRANREPRO_REF/sweetman-2003/table-3-4.tsv" >"$ref/sweetman-2003/table-3-4.tsv"
expect_exit 1 "$GRANREPRO" check --strict --quick --no-progress --ref "$ref" --out "$scratch/x" sweetman-neighbors
awk -F '\t' '$1 == "table-3-4/i2/head" && $6 == "differs" { ok = 1 } END { exit !ok }' \
  "$scratch/x/sweetman-neighbors/summary.tsv" || fail "a wrong HEAD(2) was not flagged"

# -- a count of Table 4.1 that does not factor is not timed: the run goes
# on and table-4-1/near-cubic-grids differs (not "out of memory")
sed 's/^n10000\t47952$/n10000\t47953/' "$GRANREPRO_REF/sweetman-2003/table-4-1.tsv" >"$ref/sweetman-2003/table-4-1.tsv"
cp "$GRANREPRO_REF/sweetman-2003/table-3-4.tsv" "$ref/sweetman-2003/table-3-4.tsv"
expect_exit 1 "$GRANREPRO" check --strict --quick --no-progress --ref "$ref" --out "$scratch/y" sweetman-neighbors
awk -F '\t' '$1 == "table-4-1/near-cubic-grids" && $3 == 9 && $6 == "differs" { ok = 1 } END { exit !ok }' \
  "$scratch/y/sweetman-neighbors/summary.tsv" || fail "a count of Table 4.1 that does not factor did not make near-cubic-grids differ"

# -- section 4.1's particles must be a whole number: one line, exit 2, no report
cp "$GRANREPRO_REF/sweetman-2003/table-4-1.tsv" "$ref/sweetman-2003/table-4-1.tsv"
sed 's/^particles	20000$/particles	2000.5/' "$GRANREPRO_REF/sweetman-2003/text-4-1.tsv" >"$ref/sweetman-2003/text-4-1.tsv"
expect_exit 2 "$GRANREPRO" run --quick --no-progress --ref "$ref" --out "$scratch/z" sweetman-neighbors
assert_has "$stderr_file" "particles = 2000.5: give a whole number from 2 to 1e7"
[ "$(wc -l <"$stderr_file")" -eq 1 ] || { show "$stderr_file"; fail "the refusal is not one line"; }
[ ! -e "$scratch/z/sweetman-neighbors" ] || fail "a refused run left a report"

pass
