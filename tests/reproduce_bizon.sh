#!/bin/sh
# granrepro tests: `granrepro run --quick bizon-patterns` (Bizon et al., PRL
# 80, 57 (1998); the inelastic ball; issue 24): every published number of
# reference/bizon1998 accounted for, no unclassified row, the ball map's
# closed-form checks reproduced, the depth formula's misprint expected, no
# overlap in any layer, the notes complete, the same bytes for the same
# seed whatever the thread count, bad options and a corrupted table refused
# with one line and exit 2 and nothing written.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
r=$scratch/r
OMP_NUM_THREADS=2 "$GRANREPRO" run --quick --no-progress --out "$r" bizon-patterns >/dev/null 2>"$scratch/err" ||
  { show "$scratch/err"; fail "quick run failed"; }
summary=$r/bizon-patterns/summary.tsv
assert_file "$summary"
assert_accounted bizon1998 "$summary" 5 "bizon-patterns.expected"

# -- 8 fields, known kinds, none unclassified; the differs rows are the
#    engine's stalls only (named in the note)
awk -F '\t' '/^#/ || $1 == "quantity" { next }
  NF != 8 { print "not 8 fields: " $0; bad = 1 }
  $7 == "unclassified" { print "unclassified: " $0; bad = 1 }
  $6 == "differs" && $1 !~ /layer-run$/ { print "differs: " $0; bad = 1 }
  END { exit bad }' "$summary" >"$scratch/problems" || { show "$scratch/problems"; fail "unexpected rows"; }
verdict() { # verdict QUANTITY VERDICT
  awk -F '\t' -v q="$1" -v v="$2" '$1 == q && $6 == v { ok = 1 } END { exit !ok }' "$summary" ||
    { grep "^$1	" "$summary" >&2; fail "$1 is not $2"; }
}
for q in ball/one-period-gamma-map-vs-closed-form ball/doubling-1-to-2-cycles ball/doubling-2-to-4-cycles \
         onset/gamma_one_period dispersion/lambda_027 dispersion/lambda_038 dispersion/lambda_044 \
         cost/per_particle_a cost/per_particle_b cost/per_particle_g; do
  verdict "$q" reproduced
done
verdict model/depth_formula expected-difference
awk -F '\t' '$1 ~ /overlaps$/ && $6 != "reproduced" { print; bad = 1 } END { exit bad }' "$summary" ||
  fail "a layer overlapped"
for d in ball:"# gamma flight_over_T sticks" ball-layer:"# gamma fstar layer_flight_over_T"; do
  name=${d%%:*}
  assert_file "$r/bizon-patterns/$name.dat"
  [ "$(head -n 1 "$r/bizon-patterns/$name.dat")" = "${d#*:}" ] || fail "$name.dat header"
done
assert_file "$r/bizon-patterns/notes.md"
assert_lacks "$r/bizon-patterns/notes.md" "{{"

# -- same seed, same bytes, one thread or two
OMP_NUM_THREADS=1 "$GRANREPRO" run --quick --no-progress --out "$scratch/again" bizon-patterns >/dev/null 2>&1 ||
  fail "second run failed"
for f in summary.tsv notes.md ball.dat ball-layer.dat fig1b-top.dat fig1b-sk.dat; do
  [ -f "$r/bizon-patterns/$f" ] || continue
  cmp "$r/bizon-patterns/$f" "$scratch/again/bizon-patterns/$f" >&2 || fail "$f differs between 2 and 1 threads"
done

# -- bad options: one line, exit 2, nothing written
for bad in "--set poly=-1" "--set scale=7" "--set aspect=0" "--set nosuch=1" "--set onset_lo=3 --set onset_hi=2"; do
  # shellcheck disable=SC2086
  expect_exit 2 "$GRANREPRO" run --quick --no-progress $bad --out "$scratch/b" bizon-patterns
  [ "$(wc -l <"$stderr_file")" -eq 1 ] || { show "$stderr_file"; fail "$bad: not one line"; }
  [ ! -e "$scratch/b/bizon-patterns" ] || fail "$bad wrote a report"
done

# -- a corrupted reference table: one line, exit 2, the old report intact
ref=$scratch/ref
copy_ref "$ref"
grep -v '^mu	' "$GRANREPRO_REF/bizon1998/model.tsv" >"$ref/bizon1998/model.tsv"
cp "$summary" "$scratch/before.tsv"
expect_exit 2 "$GRANREPRO" run --quick --no-progress --ref "$ref" --out "$r" bizon-patterns
[ "$(wc -l <"$stderr_file")" -eq 1 ] || { show "$stderr_file"; fail "not one line on stderr"; }
cmp "$scratch/before.tsv" "$summary" || fail "a refused run changed the report"

pass
