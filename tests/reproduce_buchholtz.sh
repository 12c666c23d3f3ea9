#!/bin/sh
# granrepro tests: `granrepro check --quick buchholtz-poeschel` reproduces
# Buchholtz & Poeschel (1993) with every published number accounted for,
# the key verdicts of the issue present, the data sets of the figures, the
# documented findings that differ (the pipe's overlaps exceed the 10 %
# section 2 assumes; the variant inside it is not accurate at dt), check exiting 0 on the expected verdicts, every row
# with a kind,
# and bad options: one line, exit 2, the previous report left intact.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
r=$scratch/r
expect_exit 0 "$GRANREPRO" check --quick --no-progress --out "$r" buchholtz-poeschel
summary=$r/buchholtz-poeschel/summary.tsv
assert_file "$summary"
assert_has "$summary" "# experiment: buchholtz-poeschel"
assert_accounted buchholtz1993 "$summary" 5 "buchholtz-poeschel.expected"

# -- every row has a kind; the counts by kind are the ones reviewed (issue 22)
awk -F '\t' '!/^#/ && $1 != "quantity" && $7 !~ /^(result|printed|misprint|check|choice)$/ { print; bad = 1 }
  END { exit bad }' "$summary" || fail "rows without a kind"
kind() { # kind QUANTITY KIND
  awk -F '\t' -v q="$1" -v k="$2" '$1 == q && $7 == k { ok = 1 } END { exit !ok }' "$summary" ||
    fail "$1 is not of kind $2"
}
kind cost/np_coefficient printed
kind lattice/mask_positions check
kind lattice/radius_ratio printed
kind cost/forces-remainder-per-mask-position printed
kind cost/fig3-time-growth-at-fixed-LMAX printed
kind forcelaw/eq18-sign-max-energy-change misprint
kind pipe/max-overlap check
kind waves/no-definite-wavelength result
kind gear/5-value-pipe-energy-ratio-dt-vs-dt4 choice
kind pipe/accurate-at-dt-restitution-error choice
kind regime/pipe/accurate-at-dt-restitution-error choice
kind waves/form-from-homogeneous-start result
kind gear/5-value-printed-corrector-freefall-error misprint
kind gear/6-value-printed-corrector-freefall-error check

# -- exactly two rows differ in a quick run: the overlap finding and the
# variant's restitution at dt (its lighter grains' contacts are too short)
differs=$(awk -F '\t' '!/^#/ && $6 == "differs" { print $1 }' "$summary" | sort | tr '\n' ' ')
[ "$differs" = "pipe/max-overlap regime/pipe/accurate-at-dt-restitution-error " ] ||
  fail "rows that differ: '$differs'"

verdict() { # verdict QUANTITY VERDICT
  awk -F '\t' -v q="$1" -v v="$2" '$1 == q && $6 == v { ok = 1 } END { exit !ok }' "$summary" ||
    { grep "^$1	" "$summary" >&2; fail "$1 is not $2"; }
}
verdict lattice/mask_positions reproduced
verdict lattice/radius_ratio reproduced
verdict lattice/penetration informative
verdict cost/np_coefficient reproduced
verdict cost/forces-remainder-per-mask-position reproduced
verdict cost/fig3-time-growth-at-fixed-LMAX informative
verdict forcelaw/hertz_exponent reproduced
verdict forcelaw/consistent-max-energy-change reproduced
verdict forcelaw/eq18-sign-max-energy-change reproduced
verdict forcelaw/eq20-rotation-max-energy-change reproduced
verdict forcelaw/eq14-tangent-max-energy-change reproduced
verdict forcelaw/restitution-vs-odeiv2 reproduced
verdict gear/c2 reproduced
verdict gear/5-value-freefall-error reproduced
verdict gear/6-value-order-harmonic reproduced
verdict pipe/snapshot_interval reproduced
verdict pipe/lattice-vs-linked-cells-trajectory reproduced
verdict pipe/lattice-counters-in-equivalence-run reproduced
verdict pipe/max-overlap differs
for q in waves/form-from-homogeneous-start waves/no-definite-wavelength \
         waves/move-in-both-directions waves/depend-on-start \
         cost/lattice-loglog-slope-time-vs-NP cost/crossover-loglog-slope-vs-rho \
         gear/5-value-pipe-energy-ratio-dt-vs-dt4 gear/6-value-pipe-energy-ratio-dt-vs-dt4; do
  verdict "$q" informative   # quick: too short, or timing (never judged in quick mode)
done

# -- data sets of the figures, with their headers; the notes rendered
for d in fig6-spacetime:"# snapshot t x y r wall" waves:"# seed t dispersion S1 S2 S3 vmean" \
         fig3-model:"# NP t_vector_LMAX1e4 t_vector_LMAX1e5 t_vector_rho0.1 t_vector_rho0.3 t_scalar_n2" \
         fig4-measured:"# rho NP lattice_ns cells_ns list_ns" \
         forcelaw-variants:"# variant dE_headon dE_spin dE_oblique coulomb_max" \
         gear-orders:"# values order_harmonic order_damped order_damped_zero_start freefall_err printed_freefall_err"; do
  name=${d%%:*}
  assert_file "$r/buchholtz-poeschel/$name.dat"
  [ "$(head -n 1 "$r/buchholtz-poeschel/$name.dat")" = "${d#*:}" ] ||
    fail "$name.dat header: $(head -n 1 "$r/buchholtz-poeschel/$name.dat")"
done
for f in fig3-model fig4-measured fig6-spacetime waves-dispersion waves-sk; do
  assert_file "$r/buchholtz-poeschel/$f.gp"
done
assert_has "$r/buchholtz-poeschel/notes.md" "Which order survives dt = 1e-4 s in the pipe"
assert_lacks "$r/buchholtz-poeschel/notes.md" "{{"

# -- bad options: one line, exit 2, the report left as it was
before=$(tree_state "$r")
for bad in "phi=2" "gear=7" "gear=5.5" "seeds=x" "nosuch=1"; do
  expect_exit 2 "$GRANREPRO" run --quick --no-progress --out "$r" --set "$bad" buchholtz-poeschel
  [ "$(wc -l <"$stderr_file")" -eq 1 ] || { show "$stderr_file"; fail "--set $bad: not one line"; }
  assert_has "$stderr_file" "--set"
done
expect_exit 2 "$GRANREPRO" run --quick --no-progress --out "$r" --set phi buchholtz-poeschel
[ "$(tree_state "$r")" = "$before" ] || fail "a bad option changed the report"

pass
