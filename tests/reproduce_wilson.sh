#!/bin/sh
# granrepro tests: `granrepro check --quick wilson-clumping` passes with
# every published number accounted for, writes Figs. 4-7 and the series, and
# its data and summary do not depend on the thread count.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
r=$scratch/r
expect_exit 0 "$GRANREPRO" check --strict --quick --no-progress --threads 2 --out "$r" wilson-clumping
summary=$r/wilson-clumping/summary.tsv
assert_file "$summary"
assert_has "$summary" "# experiment: wilson-clumping"

# -- no "differs", no "not computed"; the reference verdicts are there
awk -F '\t' '
  /^#/ { next }
  !hdr { hdr = 1; next }
  { rows++ }
  NF != 8 { print "not 8 fields: " $0; bad = 1 }
  $6 == "differs" || /not computed/ { print "bad: " $0; bad = 1 }
  $1 ~ /elastic\/energy-balance$/ && $6 == "reproduced" { energy++ }
  $1 ~ /elastic\/momentum-balance$/ && $6 == "reproduced" { mom++ }
  $1 ~ /clumps-more-than-elastic$/ && $6 == "reproduced" { clump++ }
  $1 ~ /haff-early$/ && $6 == "reproduced" { haff++ }
  $1 ~ /^fig4\/(iterations_to_t10|max_particles)$/ { fig4++ }
  END {
    if (energy < 2 || mom < 2) { print "elastic conservation rows: " energy + 0 ", " mom + 0; bad = 1 }
    if (clump < 8) { print "clumping rows reproduced: " clump + 0; bad = 1 }
    if (haff < 8) { print "Haff rows reproduced: " haff + 0; bad = 1 }
    if (fig4 != 2) { print "Fig. 4 published numbers: " fig4 + 0; bad = 1 }
    exit bad }
' "$summary" >"$scratch/problems" || { show "$scratch/problems"; fail "summary.tsv lacks verdicts"; }

# -- the collapse watchdog fired on the pure restitution runs (quick: N = 2000 to t = 40)
awk -F '\t' '$1 == "N2000-D0.1/restitution/collapses-to-t40" && $3 + 0 >= 1 && /disks:/ { ok = 1 } END { exit !ok }' "$summary" ||
  { show "$summary"; fail "no collapse report for the restitution runs"; }

# -- figures and data: Figs. 4-7 and the time series
for f in fig4-events fig5-N1000 fig6-N1000 fig7-N1000 fig5-N2000 fig6-N2000 fig7-N2000 series-N1000-D0.1 series-N2000-D0.1; do
  assert_file "$r/wilson-clumping/$f.dat"
done
for f in fig5-N1000 fig6-N2000 fig7-N2000 temperature-N1000-D0.1 clustering-N2000-D0.1 enskog-N1000-D0.1 fig4-events; do
  assert_file "$r/wilson-clumping/$f.gp"
done
[ "$(grep -vc '^#' "$r/wilson-clumping/fig5-N1000.dat")" -eq 1000 ] || fail "fig5-N1000.dat does not hold 1000 disks"

# -- the same bytes with one thread
expect_exit 0 "$GRANREPRO" run --quick --no-progress --threads 1 --out "$scratch/t1" wilson-clumping
for f in "$r"/wilson-clumping/*.dat "$r"/wilson-clumping/summary.tsv "$r"/wilson-clumping/notes.md; do
  cmp "$f" "$scratch/t1/wilson-clumping/$(basename "$f")" >&2 || fail "$(basename "$f") differs between --threads 2 and 1"
done
pass
