#!/bin/sh
# granrepro tests: `granrepro check --quick wilson-bed` reproduces Wilson
# (2001) sections 4-5 (the time-driven shaken bed, hpart.f): every
# published number accounted for, every row of a kind (no unclassified),
# the verdicts of the issues present, the known findings (loose tolerances
# keep momentum; in full mode the longest interval hpart runs at the printed
# tolerance does not raise the energy in a clear majority of starts) the
# only "differs", the data sets and notes complete, the same bytes for
# the same seed, a corrupted reference table refused with exit 2 and the
# previous report left intact, a wrong published number flagged.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
r=$scratch/r
expect_exit 0 "$GRANREPRO" check --quick --no-progress --out "$r" wilson-bed
summary=$r/wilson-bed/summary.tsv
assert_file "$summary"
assert_has "$summary" "# experiment: wilson-bed"

# -- 8 fields a row, known verdicts and kinds, the only differs are the known findings
awk -F '\t' '/^#/ || $1 == "quantity" { next }
  NF != 8 { print "not 8 fields: " $0; bad = 1 }
  $6 !~ /^(reproduced|differs|expected-difference|informative)$/ { print "bad verdict: " $0; bad = 1 }
  $7 !~ /^(result|printed|misprint|check|choice)$/ { print "bad kind: " $0; bad = 1 }
  $6 == "differs" && $1 != "energy/increases-at-long-output-interval" &&
    $1 != "momentum/lost-at-loose-tolerance" { print "differs: " $0; bad = 1 }
  /not computed/ { print "not computed: " $0; bad = 1 }
  END { exit bad }' "$summary" >"$scratch/problems" || { show "$scratch/problems"; fail "unexpected rows"; }
assert_accounted wilson-2001 "$summary" 2 "fig4 clumping-inputs wilson-bed.expected wilson-clumping.expected"

# -- the verdicts of the issue
verdict() { # verdict QUANTITY VERDICT
  awk -F '\t' -v q="$1" -v v="$2" '$1 == q && $6 == v { ok = 1 } END { exit !ok }' "$summary" ||
    { grep "^$1	" "$summary" >&2; fail "$1 is not $2"; }
}
for q in contact/restitution-low-speed-vs-closed-form contact/contact-time-low-speed-vs-closed-form \
         contact/resting-height-run-vs-force-balance contact/disk-overlaps-floor-at-rest \
         flight/rk8pd-tol1e-10-max-error flight/msadams-tol1e-10-max-error \
         flight/msbdf-tol1e-10-max-error flight/verlet-dt1e-3-max-error flight/lsoda-tol1e-10-max-error \
         fig8/V-at-sigma-equals-eps fig8/V-at-cutoff-zero eq10/purely-repulsive \
         eq10/listing-force-is-gradient-of-energy eq10/listing-energy-vanishes-at-cutoff \
         fig9/disks-overlap-each-other fig9/disks-overlap-walls fig9/random-starts-do-not-overlap \
         energy/pair-interactions-conserve-rk8pd energy/balance-closes-rk8pd \
         energy/disk-disk-elastic-as-printed bed-claims/energy_per_collision_pct \
         variants/summed-printed-sign-injects-energy variants/dissipative-sign-dissipates \
         bed-constants/cutoff_factor bed-constants/lrw bed-constants/liw bed-constants/epsilon \
         bed-constants/n_disks bed-constants/tolerance bed-constants/n_max; do
  verdict "$q" reproduced
done
verdict momentum/lost-at-loose-tolerance differs
for q in fig9/mean-height fig9/kinetic-per-disk fig9/closest-pair fig9/closest-wall \
         memory/max-N-for-stiff-switch cost/pair-checks-slope-vs-N momentum/walls-change-it-rk8pd \
         variants/freq-2-pi-f/E-over-E0 variants/listing-as-printed/listing-E-pct \
         variants/msadams-stand-in/E-over-E0 flight/msadams-tol1e-6-overshoot-max-error \
         collisions/msadams-tol1e-6-max-pct energy/increases-at-loose-tolerance-msadams \
         energy/increases-at-loose-tolerance collisions/forced-lsoda-tol1e-6-dtout1-max-pct; do
  verdict "$q" informative
done
# -- the kinds of the paper's claims; one row per fact
kind() { # kind QUANTITY KIND
  awk -F '\t' -v q="$1" -v k="$2" '$1 == q && $7 == k { ok = 1 } END { exit !ok }' "$summary" ||
    { grep "^$1	" "$summary" >&2; fail "$1 is not of kind $2"; }
}
for q in fig9/disks-overlap-each-other fig9/disks-overlap-walls \
         energy/increases-at-long-output-interval energy/increases-at-loose-tolerance \
         bed-claims/energy_per_collision_pct momentum/lost-at-loose-tolerance; do
  kind "$q" result
done
for q in eq10/purely-repulsive energy/disk-disk-elastic-as-printed; do
  kind "$q" printed
done
for q in energy/pair-interactions-conserve-rk8pd fig9/mean-height fig9/kinetic-per-disk \
         fig9/closest-pair fig9/closest-wall cost/pair-checks-slope-vs-N; do
  kind "$q" check
done
kind variants/summed-printed-sign-injects-energy misprint
kind bed-constants/cutoff_factor printed
for q in bed-constants/fig8_rmax collisions/within-0.8pct-at-tol1e-6 variants/printed-loop-equals-no-damping; do
  ! grep -q "^$q	" "$summary" || fail "$q: a fact counted twice is back"
done

# -- data sets with their headers, figure scripts, a complete notes file
for d in restitution:"# v0 e_g0 tc_g0 e_lin_g0 tc_lin_g0 e_g tc_g e_lin_g tc_lin_g" \
         variants:"# reading E_over_E0 listing_E_pct D_pair D_wall W_shake min_pair status" \
         energy-balance:"# t kinetic pair wall gravity D_pair D_wall W_shake residual listing_E_pct" \
         energy-table:"# tol dtout drift_final drift_max listing_E_pct max_steps_per_interval status drift_final_msadams drift_max_msadams max_steps_msadams bdf_intervals" \
         collision-errors:"# tol dtout max_err_pct mean_err_pct max_err_pct_msadams mean_err_pct_msadams max_err_pct_forced mean_err_pct_forced" fig9a:"# x y radius" fig9b:"# x y radius" \
         fig8:"# r V minus_dVdr" memory:"# N neq lrn lrs lrs_MB listing_lrw stiff_fits"; do
  name=${d%%:*}
  assert_file "$r/wilson-bed/$name.dat"
  [ "$(head -n 1 "$r/wilson-bed/$name.dat")" = "${d#*:}" ] || fail "$name.dat header: $(head -n 1 "$r/wilson-bed/$name.dat")"
done
[ "$(grep -c . "$r/wilson-bed/variants.dat")" -eq 13 ] || fail "variants.dat: expected 12 readings"
for f in restitution contact-time free-flight fig8a-potential fig8b-potential fig9a-start fig9b-final \
         energy-balance energy-tolerance collision-error variants; do
  assert_file "$r/wilson-bed/$f.gp"
done
assert_file "$r/wilson-bed/notes.md"
assert_lacks "$r/wilson-bed/notes.md" "{{"
assert_has "$r/wilson-bed/notes.md" "exp(-pi zeta / sqrt(1 - zeta^2))"

# -- same seed, same bytes (data, summary, notes)
expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$scratch/again" wilson-bed
for f in summary.tsv notes.md variants.dat energy-table.dat fig9b.dat cost.dat; do
  cmp "$r/wilson-bed/$f" "$scratch/again/wilson-bed/$f" >&2 || fail "$f differs between two runs"
done

# -- a corrupted reference table: one line, exit 2, the old report intact
ref=$scratch/ref
copy_ref "$ref"
grep -v '^diameter	' "$GRANREPRO_REF/wilson-2001/bed-constants.tsv" >"$ref/wilson-2001/bed-constants.tsv"
cp "$r/wilson-bed/summary.tsv" "$scratch/before.tsv"
expect_exit 2 "$GRANREPRO" run --quick --no-progress --ref "$ref" --out "$r" wilson-bed
[ "$(wc -l <"$stderr_file")" -eq 1 ] || { show "$stderr_file"; fail "not one line on stderr"; }
assert_has "$stderr_file" "diameter"
cmp "$scratch/before.tsv" "$r/wilson-bed/summary.tsv" || fail "a refused run changed the report"
expect_exit 2 "$GRANREPRO" run --quick --bogus --out "$scratch/b" wilson-bed
[ ! -e "$scratch/b/wilson-bed" ] || fail "a bad option wrote a report"

# -- a wrong published number is a finding
copy_ref "$scratch/ref2"
sed 's/^lrw	96022	/lrw	96020	/' "$GRANREPRO_REF/wilson-2001/bed-constants.tsv" >"$scratch/ref2/wilson-2001/bed-constants.tsv"
expect_exit 1 "$GRANREPRO" check --strict --quick --no-progress --ref "$scratch/ref2" --out "$scratch/x" wilson-bed
awk -F '\t' '$1 == "bed-constants/lrw" && $6 == "differs" { ok = 1 } END { exit !ok }' \
  "$scratch/x/wilson-bed/summary.tsv" || fail "a wrong lrw was not flagged"

pass
