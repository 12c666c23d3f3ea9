#!/bin/sh
# granrepro test: `granrepro speed` draws the speed page of an existing
# bench record and fills the findings template (make docs-speed); the
# numbers are the record's medians; docs/speed.md is what it makes of the
# shipped record; bad input is one line and exit 2, nothing written.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
rec=$GRANREPRO_REF/machines/vm-epyc-2core/full.tsv
out=$scratch/s
expect_exit 0 "$GRANREPRO" speed --out "$out" "$rec"
assert_has "$stdout_file" "speed: $out/speed.md"
assert_file "$out/speed.md"
assert_file "$out/speed/index.html"
assert_lacks "$out/speed.md" "{{"
assert_has "$out/speed.md" "*Figure sweetman-neighbors-cost not drawn: gnuplot was not found"
# a table row carries the median wall ns per unit of the record's samples
for k in sweetman-neighbors/dem-step-1e6 wilson-clumping/ddc-N1e5-phi0.3 buchholtz-poeschel/lattice2-1e6; do
  med=$(awk -F '\t' -v k="$k" '$1 == k { v[++n] = 1e9 * $3 / $5 }
    END { for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j] < v[j - 1]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
          m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2; printf "%.4g", m }' "$rec")
  assert_has "$out/speed.md" "| ${k#*/} | 1e+0"
  grep -F "| ${k#*/} | " "$out/speed.md" | grep -F " | 1 | $med | [" >/dev/null ||
    { show "$out/speed.md"; fail "$k: no row with median $med"; }
done
# the committed page is the generator's, figures aside
page=$top_srcdir/docs/speed.md
if [ -f "$page" ]; then
  grep -v '^!\[\|^\*Figure ' "$page" >"$scratch/committed"
  grep -v '^!\[\|^\*Figure ' "$out/speed.md" >"$scratch/generated"
  cmp -s "$scratch/committed" "$scratch/generated" ||
    { diff "$scratch/committed" "$scratch/generated" >&2; fail "docs/speed.md differs from what make docs-speed makes of $rec (run make docs-speed)"; }
fi
# bad input
expect_exit 2 "$GRANREPRO" speed --out "$scratch/n"
assert_has "$stderr_file" "name one bench record"
expect_exit 2 "$GRANREPRO" speed --out "$scratch/n" "$rec" "$rec"
expect_exit 2 "$GRANREPRO" speed --out "$scratch/n" "$scratch/missing.tsv"
sed 's/^# kind: bench$/# kind: run/' "$rec" >"$scratch/run.tsv"
expect_exit 2 "$GRANREPRO" speed --out "$scratch/n" "$scratch/run.tsv"
assert_has "$stderr_file" "is not a bench record"
# the page's skeleton is a template installed with the data
mkdir -p "$scratch/nohtml/machines"
cp "$GRANREPRO_REF/machines/speed.md.in" "$scratch/nohtml/machines/"
expect_exit 2 "$GRANREPRO" speed --ref "$scratch/nohtml" --out "$scratch/n" "$rec"
assert_has "$stderr_file" "machines/speed.html.in' not found"
[ "$(wc -l <"$stderr_file")" -eq 1 ] || fail "more than one line on stderr"
[ ! -e "$scratch/n" ] || fail "a failed speed wrote $scratch/n"
sed 's/<h1>Speed:/<h1>Altered speed:/' "$GRANREPRO_REF/machines/speed.html.in" >"$scratch/nohtml/machines/speed.html.in"
expect_exit 0 "$GRANREPRO" speed --ref "$scratch/nohtml" --out "$scratch/alt" "$rec"
assert_has "$scratch/alt/speed/index.html" "<h1>Altered speed:"
assert_has "$scratch/alt/speed/index.html" 'id="sweetman-neighbors"'
printf '{{nothing}}\n' >"$scratch/nohtml/machines/speed.html.in"
expect_exit 2 "$GRANREPRO" speed --ref "$scratch/nohtml" --out "$scratch/bad" "$rec"
assert_has "$stderr_file" "unknown placeholder"
mkdir -p "$scratch/noref"
expect_exit 2 "$GRANREPRO" speed --ref "$scratch/noref" --out "$scratch/n" "$rec"
assert_has "$stderr_file" "machines/speed.md.in' not found"
[ ! -e "$scratch/n" ] || fail "a failed speed wrote $scratch/n"
[ "$(wc -l <"$stderr_file")" -eq 1 ] || fail "more than one line on stderr"
pass
