#!/bin/sh
# granrepro tests: `granrepro check --quick buchholtz-poeschel` reproduces
# Buchholtz & Poeschel (1993) with every published number accounted for,
# the key verdicts of the issue present, the data sets of the figures, the
# one documented finding that differs (the pipe's overlaps exceed the 10 %
# section 2 assumes: check exits 1 because of it and of nothing else),
# and bad options: one line, exit 2, the previous report left intact.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
r=$scratch/r
expect_exit 1 "$GRANREPRO" check --strict --quick --no-progress --out "$r" buchholtz-poeschel
summary=$r/buchholtz-poeschel/summary.tsv
assert_file "$summary"
assert_has "$summary" "# experiment: buchholtz-poeschel"
assert_accounted buchholtz1993 "$summary" 5

# -- exactly one row differs, the overlap finding
differs=$(awk -F '\t' '!/^#/ && $6 == "differs" { print $1 }' "$summary")
[ "$differs" = "pipe/max-overlap" ] || fail "rows that differ: '$differs' (want pipe/max-overlap only)"

verdict() { # verdict QUANTITY VERDICT
  awk -F '\t' -v q="$1" -v v="$2" '$1 == q && $6 == v { ok = 1 } END { exit !ok }' "$summary" ||
    { grep "^$1	" "$summary" >&2; fail "$1 is not $2"; }
}
verdict lattice/mask_positions reproduced
verdict lattice/radius_ratio reproduced
verdict lattice/penetration reproduced
verdict cost/np_coefficient reproduced
verdict cost/forces_per_mask_position reproduced
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
         fig3-model:"# NP t_vector_rho0.1 t_vector_rho0.3 t_scalar_n2" \
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
