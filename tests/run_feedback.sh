#!/bin/sh
# granrepro test: what a run tells the user while and after it works
# (issue 13, "Speed and feedback of a run"):
#  - the time printed per experiment includes writing and rendering the
#    report (it is the record's total, which has a row <exp>/report);
#  - on a terminal, the progress line is ended before the result line
#    (sweetman-neighbors' was not) and rendering shows progress;
#  - the figures drawn by the batch gnuplot processes of a run are the
#    figures each script draws on its own (no state leaks between figures),
#    and a failing script is named.
# (Results flushed per experiment: tests/report_integrity.sh.)
. "$(dirname "$0")/lib.sh"

out=$scratch/r
expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$out" c12
printed=$(sed -n 's/^c12 .*(\([0-9.]*\) s).*/\1/p' "$stdout_file")
[ -n "$printed" ] || { show "$stdout_file"; fail "no time on c12's result line"; }
rec=$(ls "$out"/records/*-c12.tsv)
total=$(awk -F '\t' '$1 == "c12/total" { printf "%.3f", $3 }' "$rec")
report=$(awk -F '\t' '$1 == "c12/report" { print $3 }' "$rec")
[ -n "$report" ] || { show "$rec"; fail "the run record has no c12/report row (writing and rendering)"; }
[ "$printed" = "$total" ] || fail "printed time $printed s is not the record's total $total s"

if have_gnuplot; then
  for gp in "$out"/c12/*.gp; do
    stem=$(basename "$gp" .gp)
    data=$(sed -n 's/^# data: //p' "$gp")
    (cd "$out/c12" && gnuplot -c "$stem.gp" "$data" "$scratch/alone.svg") 2>"$scratch/gnuplot.err" ||
      { show "$scratch/gnuplot.err"; fail "gnuplot -c $stem.gp failed"; }
    cmp -s "$scratch/alone.svg" "$out/c12/$stem.svg" || fail "$stem.svg differs from what its script draws alone"
  done
  # a failing script among good ones is named (the batch falls back to
  # one process per figure), and no temporary is left
  printf 'set output ARG2\nplot undefined_function_xyz(x)\n' >"$out/c12/task-b-zz-broken.gp"
  expect_exit 2 "$GRANREPRO" report --out "$out"
  assert_has "$stderr_file" "task-b-zz-broken.gp"
  [ -z "$(find "$out" -name '.*' ! -name '.')" ] || fail "hidden files left: $(find "$out" -name '.*' ! -name '.')"
  rm "$out/c12/task-b-zz-broken.gp"
fi

command -v script >/dev/null 2>&1 || skip "script (util-linux) not installed: no terminal to test the progress line"
# shellcheck disable=SC2016
script -qec "\"$GRANREPRO\" run --quick --out \"$scratch/t\" sweetman-neighbors" /dev/null \
  </dev/null >"$scratch/tty.raw" 2>&1 || { show "$scratch/tty.raw"; fail "run on a terminal failed"; }
tr '\r' '\n' <"$scratch/tty.raw" >"$scratch/tty.txt"
grep -q '^sweetman-neighbors .*reproduced' "$scratch/tty.txt" ||
  { show "$scratch/tty.txt"; fail "no result line at the start of a line"; }
if grep -E '%[^ ]' "$scratch/tty.txt" >"$scratch/glued"; then
  show "$scratch/glued"
  fail "the progress line is not ended before the next output"
fi
if have_gnuplot; then
  assert_has "$scratch/tty.txt" "sweetman-neighbors: rendering figures"
fi
pass
