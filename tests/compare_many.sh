#!/bin/sh
# granrepro tests (issue 15): `compare R1 R2 R3 ...` on the fixture records
# of tests/fixtures/records/ (hand-written in the real format: alpha, beta
# at half alpha's CPU times, gamma at 1.25x with another compiler and
# revision, delta in quick mode), the figure, grouping by mode and build,
# bad or mismatched records (one line, exit 2, nothing written); and
# `compare --baseline NAME` against the fixture baseline refbox (alpha's
# times, full and quick) with the papers' machines.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

F=$top_srcdir/tests/fixtures/records
o=$scratch/out

# -- three full records and a quick one: rates and ratios to #1
expect_exit 0 "$GRANREPRO" compare --out "$o" "$F/alpha-full.tsv" "$F/beta-full.tsv" "$F/gamma-full.tsv" "$F/delta-quick.tsv"
# c12/sweep: 10001 collisions per run, shortest CPU time per run 0.010 s
# (alpha), 0.005 s (beta), 0.0125 s (gamma)
grep -E '^c12/sweep +collisions/s +1e\+06 x1\.00 +2e\+06 x2\.00 +8e\+05 x0\.80$' "$stdout_file" >/dev/null ||
  { show "$stdout_file"; fail "c12/sweep row is not 1e+06 x1.00, 2e+06 x2.00, 8e+05 x0.80"; }
# greenspan/triangle is not in gamma; vdw/pair-steps only in gamma (and delta)
grep -E '^greenspan/triangle +particle-steps/s +4e\+05 x1\.00 +8e\+05 x2\.00 +-$' "$stdout_file" >/dev/null ||
  { show "$stdout_file"; fail "greenspan/triangle row wrong"; }
grep -E '^vdw/pair-steps +steps/s +- +- +5\.33e\+06$' "$stdout_file" >/dev/null ||
  { show "$stdout_file"; fail "vdw/pair-steps row wrong"; }
# groups: alpha, beta, delta share gcc and revision (a), gamma is b
assert_has "$stdout_file" "#1 [a] $F/alpha-full.tsv"
assert_has "$stdout_file" "#3 [b] $F/gamma-full.tsv"
assert_has "$stdout_file" "#4 [a] $F/delta-quick.tsv"
assert_has "$stdout_file" "[b] revision bbbb33334444, threads 1, compiler clang 16.0.6, flags -O3"
assert_has "$stdout_file" "warning: 2 groups"
assert_has "$stdout_file" "(busy: load above the cores)"
# modes are never mixed: the quick record has its own table
assert_has "$stdout_file" "full mode: rate"
assert_has "$stdout_file" "quick mode: rate"
assert_has "$stdout_file" "(only one quick record: nothing to compare it with)"
sed -n '/^full mode/,/^figure/p' "$stdout_file" >"$scratch/full"
assert_lacks "$scratch/full" "delta"
# the figure: data and script per mode
assert_file "$o/compare/compare-full.dat"
assert_file "$o/compare/compare-full.gp"
assert_file "$o/compare/compare-quick.gp"
grep -E '^0	c12/sweep	1\.0001e\+06	2\.0002e\+06	800080$' "$o/compare/compare-full.dat" >/dev/null ||
  { show "$o/compare/compare-full.dat"; fail "compare-full.dat row 0"; }
assert_has "$o/compare/compare-full.gp" "set logscale y"
assert_has "$o/compare/compare-full.gp" "title '#3 [b] gamma'"
if have_gnuplot; then
  assert_file "$o/compare/compare-full.svg"
  # the front page shows the many-record charts
  expect_exit 0 "$GRANREPRO" report --out "$o"
  assert_has "$o/index.html" '<img src="compare/compare-full.svg"'
  assert_has "$o/index.html" '<img src="compare/compare-quick.svg"'
fi

# -- a folder of records gives the same tables (bad/ is a sub-folder: not read)
expect_exit 0 "$GRANREPRO" compare --out "$scratch/o2" "$F"
assert_has "$stdout_file" "#1 [a] $F/alpha-full.tsv"
assert_has "$stdout_file" "#3 [a] $F/delta-quick.tsv"

# -- bad or mismatched records: one line on stderr, exit 2, nothing written
for bad in negative-time.tsv run-record.tsv disjoint.tsv; do
  rm -rf "$scratch/o3"
  expect_exit 2 "$GRANREPRO" compare --out "$scratch/o3" "$F/alpha-full.tsv" "$F/beta-full.tsv" "$F/bad/$bad"
  [ "$(wc -l <"$stderr_file")" -eq 1 ] || { show "$stderr_file"; fail "$bad: not one line"; }
  [ ! -s "$stdout_file" ] || { show "$stdout_file"; fail "$bad: output printed"; }
  [ ! -e "$scratch/o3/compare" ] || fail "$bad: figure written for a failed comparison"
done
expect_exit 2 "$GRANREPRO" compare --out "$scratch/o3" "$F/alpha-full.tsv" "$F/bad/negative-time.tsv" "$F/beta-full.tsv"
assert_has "$stderr_file" "negative-time.tsv:25: CPU time '-0.022'"
expect_exit 2 "$GRANREPRO" compare --out "$scratch/o3" "$F/alpha-full.tsv" "$F/beta-full.tsv" "$F/bad/disjoint.tsv"
assert_has "$stderr_file" "shares no kernel"
expect_exit 2 "$GRANREPRO" compare --out "$scratch/o3" "$F/alpha-full.tsv" "$F/beta-full.tsv" "$F/bad"
assert_has "$stderr_file" "negative-time.tsv:25"
expect_exit 2 "$GRANREPRO" compare --out "$scratch/o3" "$F/alpha-full.tsv"
expect_exit 2 "$GRANREPRO" compare --out "$scratch/o3" "$F/alpha-full.tsv" "$scratch/none.tsv" "$F/beta-full.tsv"
assert_has "$stderr_file" "not found"

# -- two records keep the A/B comparison with its Mann-Whitney decision
expect_exit 0 "$GRANREPRO" compare --out "$scratch/o4" "$F/alpha-full.tsv" "$F/beta-full.tsv"
grep -E '^c12/sweep .* 0\.500 .* faster' "$stdout_file" >/dev/null || { show "$stdout_file"; fail "A/B: c12/sweep not faster at 0.500"; }

# -- the cache probe (machine/l3-chase-12MiB), on the records of
# tests/fixtures/records/probe/: quiet, contended (the probe 2x quiet's;
# ddc-N1e5 1.3x, rule-sweep 3x, montecarlo 0.5x, sweep 1x) and alike (the
# probe 1.024x quiet's, the kernels as contended's).  The probe is no row
# of the table; its medians and their ratio are one line below it.
P=$F/probe
probe_line() { # A B RATIO: the probe's line of compare A B
  expect_exit 0 "$GRANREPRO" compare --out "$scratch/p" "$P/$1.tsv" "$P/$2.tsv"
  grep -q '^machine/' "$stdout_file" && { show "$stdout_file"; fail "$1 $2: the probe has a row in the table"; }
  assert_has "$stdout_file" "cache probe machine/l3-chase-12MiB, CPU ns per access (medians of 3 and 3 samples): A $4, B $5, B/A $3"
  assert_lacks "$scratch/p/compare/compare.dat" "machine/"
}
# 2x: the caution names the kernel that slowed by no more than the probe
# (ddc 1.3x), not the one beyond it (3x) nor the one that got faster
probe_line quiet contended 2.000 21.6 43.2
grep -E '^wilson-clumping/ddc-N1e5-phi0\.3 .* 1\.300 .* slower' "$stdout_file" >/dev/null || { show "$stdout_file"; fail "ddc not slower"; }
grep -x "caution: the host's caches differed (probe B/A beyond 1.1x): the verdicts of memory-bound kernels in this comparison reflect the host's caches as much as the code; slower by no more than the probe, so possibly the host alone: wilson-clumping/ddc-N1e5-phi0.3 (1.300)" "$stdout_file" >/dev/null ||
  { show "$stdout_file"; fail "quiet against contended: no caution naming ddc alone"; }
# the other way round: 0.5x, ddc faster by no more than the probe
probe_line contended quiet 0.500 43.2 21.6
assert_has "$stdout_file" "faster by no more than the probe, so possibly the host alone: wilson-clumping/ddc-N1e5-phi0.3 (0.769)"
# the probes agree (1.024x): the same verdicts, no caution
probe_line quiet alike 1.024 21.6 22.1
assert_has "$stdout_file" "B/A 1.024: the host's caches alike"
grep -E '^c12/rule-sweep .* 3\.000 .* slower' "$stdout_file" >/dev/null || { show "$stdout_file"; fail "rule-sweep not slower"; }
assert_lacks "$stdout_file" "caution"
# a record from before the probe: one line, the table as before
expect_exit 0 "$GRANREPRO" compare --out "$scratch/p" "$F/alpha-full.tsv" "$P/quiet.tsv"
assert_has "$stdout_file" "no cache probe in A (a record from before machine/l3-chase-12MiB)"
[ "$(grep -c 'cache probe' "$stdout_file")" -eq 1 ] || { show "$stdout_file"; fail "more than one probe line"; }
expect_exit 0 "$GRANREPRO" compare --out "$scratch/p" "$F/alpha-full.tsv" "$F/beta-full.tsv"
assert_lacks "$stdout_file" "cache probe"

# -- against a baseline: refbox holds alpha's times (full) and a quick record
ref=$scratch/ref
mkdir -p "$ref/machines" "$ref/sweetman-2003"
cp -R "$top_srcdir/tests/fixtures/baseline/machines/refbox" "$ref/machines/" || fail "cannot copy the baseline"
cp "$GRANREPRO_REF/machines/papers.tsv" "$ref/machines/" || fail "no reference/machines/papers.tsv"
cp "$GRANREPRO_REF/sweetman-2003/table-4-2.tsv" "$ref/sweetman-2003/"
mkdir -p "$ref/buchholtz1993"
cp "$GRANREPRO_REF/buchholtz1993/cost.tsv" "$ref/buchholtz1993/"
expect_exit 0 "$GRANREPRO" compare --ref "$ref" --baseline refbox "$F/beta-full.tsv"
# beta's CPU times are half refbox's: median ratio 0.500, all 9 below all 9
# (exact Mann-Whitney p = 2 / C(18, 9) = 4.1e-05): faster
grep -E '^c12/sweep +9 +9 +0\.500 +\[ *0\.[0-9]+, *0\.[0-9]+\] +0\.500 +4\.1e-05 +faster$' "$stdout_file" >/dev/null ||
  { show "$stdout_file"; fail "baseline row of c12/sweep"; }
assert_has "$stdout_file" "c12                  median B/A 0.500, min B/A 0.500 over 1 kernel: this machine runs at 2.00x the speed of refbox"
# Sweetman Table 4.2, N = 10000 chain cells: 17.62 h = 6.34 s per particle
# per run; beta: shortest 0.025 s per run of 2e6 particle-steps
assert_has "$stdout_file" "(N = 10000, 17.62 h): 6.34 CPU s per particle per run there, 1.25e-08 s per particle-step here"
assert_has "$stdout_file" "this machine is 5.07e+08 / S times the paper's"
# Buchholtz & Poeschel's model, index and force parts at NP = 1e4, rho =
# 0.2, D = 20: (12 x 10020 + 1656 x 50020) / 1e4 = 8295.3 clock periods per
# particle-step; beta: shortest 1.0e-3 s per run of 1e4 particle-steps
assert_has "$stdout_file" "(NP = 10000, rho = 0.2): 8295 clock periods per particle-step there, 1e-07 s here"
assert_has "$stdout_file" "this machine is tau / 0.0121 ns times the paper's"
grep -E '^buchholtz-poeschel/lattice-1e4 +not in the baseline$' "$stdout_file" >/dev/null || fail "lattice-1e4 not named as missing from the baseline"
assert_lacks "$stdout_file" "cache probe"
# the interval holds the ratio and is the same bytes twice
awk '/^c12\/sweep/ { gsub(/[\[\],]/, " "); if (!($5 <= $4 && $4 <= $6)) exit 1 }' "$stdout_file" || fail "interval does not hold the ratio"
cp "$stdout_file" "$scratch/against1"
expect_exit 0 "$GRANREPRO" compare --ref "$ref" --baseline refbox "$F/beta-full.tsv"
cmp "$stdout_file" "$scratch/against1" >/dev/null || fail "baseline comparison not deterministic"
# a record with the cache probe against a baseline without: one line, no row
expect_exit 0 "$GRANREPRO" compare --ref "$ref" --baseline refbox "$P/quiet.tsv"
assert_has "$stdout_file" "no cache probe in A (a record from before machine/l3-chase-12MiB)"
assert_lacks "$stdout_file" "machine/l3-chase-12MiB  not in the baseline"
# like with like: quick against the quick record; a mode the baseline lacks
expect_exit 0 "$GRANREPRO" compare --ref "$ref" --baseline refbox "$F/delta-quick.tsv"
assert_has "$stdout_file" "refbox-quick.tsv"
rm "$ref/machines/refbox/refbox-quick.tsv"
expect_exit 2 "$GRANREPRO" compare --ref "$ref" --baseline refbox "$F/delta-quick.tsv"
assert_has "$stderr_file" "baseline 'refbox' has no quick record (it has: full)"
expect_exit 2 "$GRANREPRO" compare --ref "$ref" --baseline nosuch "$F/beta-full.tsv"
assert_has "$stderr_file" "baseline 'nosuch' not found"
assert_has "$stderr_file" "refbox"
expect_exit 2 "$GRANREPRO" bench --quick --ref "$ref" --against refbox --out "$scratch/o5" c12
assert_has "$stderr_file" "has no quick record"
[ ! -e "$scratch/o5/records" ] || fail "bench ran although the baseline has no record of its mode"
# the help lists the baselines found
GRANREPRO_REF=$ref expect_exit 0 "$GRANREPRO" bench --help
assert_has "$stdout_file" "refbox: refbox, Intel Xeon E5-2680, modes full"

# -- the shipped baseline (reference/machines/vm-epyc-2core, taken with
# 'granrepro bench --quick all'): bench c12 against it.  The verdicts depend
# on this machine and its load: only the table's presence is checked.
expect_exit 0 "$GRANREPRO" bench --quick --against vm-epyc-2core --out "$scratch/o6" c12
assert_has "$stdout_file" "A, baseline: $GRANREPRO_REF/machines/vm-epyc-2core/quick.tsv"
for k in c12/sweep c12/rule-sweep c12/montecarlo; do
  grep -E "^$k +9 +9 +[0-9.]+ +\[ *[0-9.]+, *[0-9.]+\] +[0-9.]+ +[0-9.e+-]+ +(faster|slower|same)$" "$stdout_file" >/dev/null ||
    { show "$stdout_file"; fail "no row for $k against the shipped baseline"; }
done
grep -E '^  c12 +median B/A [0-9.]+, min B/A [0-9.]+ over 3 kernels: this machine runs at [0-9.]+x the speed of vm-epyc-2core' "$stdout_file" >/dev/null ||
  { show "$stdout_file"; fail "no summary line for c12 against the shipped baseline"; }
expect_exit 0 "$GRANREPRO" bench --help
assert_has "$stdout_file" "vm-epyc-2core: vm, AMD EPYC, modes full quick"

pass
