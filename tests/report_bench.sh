#!/bin/sh
# granrepro tests: bench writes a record with the samples of every kernel;
# compare reads two records and decides per kernel; report rewrites the
# index; without gnuplot a run still succeeds and keeps the scripts.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

kernels="c12/sweep c12/rule-sweep c12/montecarlo"
probe=machine/l3-chase-12MiB
rounds=$(sed -n 's/^#define GR_BENCH_ROUNDS \([0-9][0-9]*\).*/\1/p' "$top_srcdir/src/bench/bench.h")
[ -n "$rounds" ] || fail "GR_BENCH_ROUNDS not found in src/bench/bench.h"

# -- bench: one record, 9 samples (numbered 1..9) of each of the 3 kernels
# and one sample a round (1..GR_BENCH_ROUNDS) of the cache probe
b=$scratch/b
expect_exit 0 "$GRANREPRO" bench --quick --repeat 9 --out "$b" c12
for k in $kernels $probe; do
  assert_has "$stdout_file" "$k"
done
ls "$b/records" >"$scratch/records" || fail "no records folder"
[ "$(wc -l <"$scratch/records")" -eq 1 ] || { show "$scratch/records"; fail "expected one record"; }
rec=$b/records/$(cat "$scratch/records")
case $rec in *-bench.tsv) ;; *) fail "record name $rec does not end in -bench.tsv" ;; esac
assert_has "$stdout_file" "record: $rec"
grep -qx '# kind: bench' "$rec" || fail "record is not a bench record"
grep -qx '# experiment: c12' "$rec" || fail "record does not name c12"
awk -F '\t' -v kernels="$kernels" -v probe="$probe" -v rounds="$rounds" '
  BEGIN { nk = split(kernels, k, " ") }
  /^#/ || $1 == "name" { next }
  NF != 7 || $3 <= 0 || $4 <= 0 || $5 <= 0 || $7 < 1 { print "bad row: " $0; bad = 1 }
  $1 == probe && $6 != "accesses" { print "probe row not in accesses: " $0; bad = 1 }
  { n[$1]++; s[$1, $2] = 1 }
  END {
    for (i = 1; i <= nk; i++) {
      if (n[k[i]] != 9) { print k[i] ": " n[k[i]] + 0 " samples"; bad = 1 }
      for (j = 1; j <= 9; j++) if (!((k[i], j) in s)) { print k[i] ": no sample " j; bad = 1 }
    }
    if (n[probe] != rounds) { print probe ": " n[probe] + 0 " samples, not " rounds; bad = 1 }
    for (j = 1; j <= rounds; j++) if (!((probe, j) in s)) { print probe ": no sample " j; bad = 1 }
    for (x in n) if (x != probe && index(" " kernels " ", " " x " ") == 0) { print "unexpected kernel " x; bad = 1 }
    exit bad
  }
' "$rec" >"$scratch/rec.problems" || { show "$scratch/rec.problems"; fail "bench record is malformed"; }

# -- bench writes the speed page (a section per experiment, kernels
# without a size in its table only) and the front page links it
assert_has "$stdout_file" "speed: $b/speed/index.html"
assert_has "$b/speed/index.html" '<h2 id="c12">c12</h2>'
assert_has "$b/speed/index.html" '<td>montecarlo</td><td>-</td>'
assert_has "$b/speed/index.html" '<h2 id="machine">machine</h2>'
assert_has "$b/speed/index.html" '<td>l3-chase-12MiB</td><td>-</td>'
assert_lacks "$b/speed/index.html" '<!--fig:'
assert_has "$b/index.html" '<a href="speed/index.html">'
no_temporaries "$b"

# -- --kernels: only the kernels matching one of the patterns are timed;
# the cache probe is no kernel and stays
expect_exit 0 "$GRANREPRO" bench --quick --repeat 9 --kernels 'rule-*,nosuch' --out "$scratch/k" c12
assert_has "$stdout_file" "c12/rule-sweep"
assert_lacks "$stdout_file" "c12/montecarlo"
cut -f1 "$scratch/k/records/"*.tsv | grep -v '^#' | sort -u >"$scratch/k.names"
[ "$(cat "$scratch/k.names")" = "$(printf 'c12/rule-sweep\nmachine/l3-chase-12MiB\nname')" ] || { show "$scratch/k.names"; fail "--kernels recorded other kernels or dropped the probe"; }

# -- a kernel takes the paper's numbers from --ref (wilson-bed's reads
# bed-constants.tsv): without the table, one clear line and exit 2
mkdir "$scratch/ref"
cp -R "$top_srcdir/reference/." "$scratch/ref/"
chmod -R u+w "$scratch/ref"
rm "$scratch/ref/wilson-2001/bed-constants.tsv"
expect_exit 2 "$GRANREPRO" bench --quick --ref "$scratch/ref" --kernels verlet-N20 --out "$scratch/kb" wilson-bed
assert_has "$stderr_file" "bed-constants.tsv"
[ "$(wc -l <"$stderr_file")" -eq 1 ] || { show "$stderr_file"; fail "missing table: not one line"; }

# -- compare a record with itself: every kernel "same", chart data written;
# the probe is no kernel of the table but its own line, alike
expect_exit 0 "$GRANREPRO" compare --out "$b" "$rec" "$rec"
assert_has "$stdout_file" "cache probe $probe, CPU ns per access (medians of $rounds and $rounds samples)"
assert_has "$stdout_file" "B/A 1.000: the host's caches alike"
assert_lacks "$stdout_file" "caution:"
assert_lacks "$b/compare/compare.dat" "$probe"
grep -q "^$probe " "$stdout_file" && { show "$stdout_file"; fail "the probe has a row in compare's table"; }
for k in $kernels; do
  awk -v k="$k" '$1 == k && $2 == 9 && $3 == 9 && $9 == "same" { ok = 1 } END { exit !ok }' "$stdout_file" ||
    { show "$stdout_file"; fail "compare does not list $k as 'same'"; }
  awk -F '\t' -v k="$k" '$2 == k && $5 == "same" { ok = 1 } END { exit !ok }' "$b/compare/compare.dat" ||
    { show "$b/compare/compare.dat"; fail "compare.dat has no 'same' row for $k"; }
done
assert_file "$b/compare/compare.dat"
assert_file "$b/compare/compare.gp"
assert_has "$b/compare/compare.gp" "plot "

# -- compare against a copy whose wall and CPU times are halved (set to fixed,
# distinct values so the decision does not depend on timing noise):
# B is "faster", and A against B is "slower".
awk -F '\t' -v OFS='\t' -v f=1 '!/^#/ && $1 != "name" { $3 = $4 = f * (1 + $2 / 100) } { print }' "$rec" >"$scratch/a.tsv"
awk -F '\t' -v OFS='\t' -v f=0.5 '!/^#/ && $1 != "name" { $3 = $4 = f * (1 + $2 / 100) } { print }' "$rec" >"$scratch/half.tsv"
expect_exit 0 "$GRANREPRO" compare --out "$scratch/c" "$scratch/a.tsv" "$scratch/half.tsv"
for k in $kernels; do
  awk -v k="$k" '$1 == k && $6 == "0.500" && $9 == "faster" { ok = 1 } END { exit !ok }' "$stdout_file" ||
    { show "$stdout_file"; fail "halved wall times of $k are not 'faster'"; }
done
# (the probe's times halved too: the host's caches differed, and every
# kernel got faster by no more than the probe did)
assert_has "$stdout_file" "B/A 0.500"
assert_has "$stdout_file" "caution: the host's caches differed"
expect_exit 0 "$GRANREPRO" compare --out "$scratch/c" "$scratch/half.tsv" "$scratch/a.tsv"
for k in $kernels; do
  awk -v k="$k" '$1 == k && $6 == "2.000" && $9 == "slower" { ok = 1 } END { exit !ok }' "$stdout_file" ||
    { show "$stdout_file"; fail "doubled wall times of $k are not 'slower'"; }
done

# -- without gnuplot: the run succeeds, says so once, keeps the scripts,
# renders nothing, and the experiment's page says the figures were not
# rendered.
n=$scratch/nognuplot
expect_exit 0 env GNUPLOT=/nonexistent "$GRANREPRO" run --quick --no-progress --out "$n" c12
[ "$(grep -c 'gnuplot not found' "$stdout_file")" -eq 1 ] ||
  { show "$stdout_file"; fail "run without gnuplot does not print one 'gnuplot not found' line"; }
ngp=$(find "$n/c12" -name '*.gp' | wc -l)
[ "$ngp" -ge 5 ] || fail "run without gnuplot left $ngp .gp scripts"
[ -z "$(find "$n" -name '*.svg' -o -name '*.png')" ] || fail "images written without gnuplot"
assert_has "$n/c12/index.html" "Figures not rendered"
assert_has "$n/c12/index.html" "task-b-fig2-collisions.gp"
no_temporaries "$n"

# -- report: rewrites the front page and the experiment pages of a report
# folder (gnuplot still absent)
echo "stale page" >"$n/index.html"
echo "stale page" >"$n/c12/index.html"
expect_exit 0 env GNUPLOT=/nonexistent "$GRANREPRO" report --out "$n"
assert_has "$stdout_file" "gnuplot not found"
assert_lacks "$n/index.html" "stale page"
assert_lacks "$n/c12/index.html" "stale page"
assert_has "$n/index.html" '<a href="c12/index.html">'
assert_has "$n/c12/index.html" "Figures not rendered"
assert_has "$stdout_file" "report: $n/index.html"

# -- with gnuplot: report renders every script of that folder, a run
# renders its figures, compare renders its chart.
if ! have_gnuplot; then
  skip "gnuplot is not installed: rendering not tested (the rest passed)"
fi
echo "stale page" >"$n/index.html"
echo "stale page" >"$n/c12/index.html"
expect_exit 0 "$GRANREPRO" report --out "$n"
assert_has "$stdout_file" "rendered $ngp figures"
[ "$(find "$n/c12" -name '*.svg' | wc -l)" -eq "$ngp" ] || fail "report did not render every script to .svg"
[ "$(find "$n/c12" -name '*.png' | wc -l)" -eq "$ngp" ] || fail "report did not render every script to .png"
assert_lacks "$n/index.html" "stale page"
assert_lacks "$n/c12/index.html" "Figures not rendered"
assert_has "$n/c12/index.html" 'src="task-b-fig2-collisions.svg"'
[ -z "$(find "$n" -name '.*' ! -name '.')" ] || fail "hidden files left by rendering: $(find "$n" -name '.*' ! -name '.')"

g=$scratch/gnuplot
expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$g" c12
assert_lacks "$stdout_file" "gnuplot not found"
[ "$(find "$g/c12" -name '*.svg' | wc -l)" -eq "$ngp" ] || fail "run did not render every script to .svg"
assert_has "$g/c12/index.html" ".svg"
no_temporaries "$g"

expect_exit 0 "$GRANREPRO" compare --out "$b" "$rec" "$rec"
assert_file "$b/compare/compare.svg"
assert_file "$b/compare/compare.png"

# -- report shows the chart of the last compare on the front page
rm "$b/compare/compare.svg"
expect_exit 0 "$GRANREPRO" report --out "$b"
assert_file "$b/compare/compare.svg"
assert_has "$b/index.html" '<img src="compare/compare.svg"'

pass
