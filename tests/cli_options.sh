#!/bin/sh
# granrepro tests (issue 13): the command line does what --help says.
# Every command accepts exactly the options its usage line shows; help
# works for every command; an experiment named twice runs once;
# --name=value is --name value; `list` keeps its columns aligned for long
# keys; compare warns about kernels that do different work per sample in
# the two records.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

GNUPLOT=/nonexistent
export GNUPLOT
cd "$scratch" || fail "cannot enter $scratch"

# -- help: every command, both spellings, exit 0, the usage on stdout
expect_exit 0 "$GRANREPRO" help
cp "$stdout_file" "$scratch/help"
for c in list run check report bench compare; do
  assert_has "$scratch/help" "granrepro $c"
  expect_exit 0 "$GRANREPRO" help "$c"
  head -n 1 "$stdout_file" | grep -q "^granrepro $c" || { show "$stdout_file"; fail "'help $c' does not start with its usage"; }
  cp "$stdout_file" "$scratch/help-$c"
  expect_exit 0 "$GRANREPRO" "$c" --help
  cmp -s "$stdout_file" "$scratch/help-$c" || fail "'$c --help' and 'help $c' differ"
done
# 'help --help' is help too (it said "unknown command '--help'")
expect_exit 0 "$GRANREPRO" help --help
cmp -s "$stdout_file" "$scratch/help" || fail "'help --help' and 'help' differ"

# -- an option is accepted by a command exactly when its usage shows it
# (check says "[run options]": it takes run's)
value() {
  case $1 in
  --seed) echo 3 ;; --threads) echo 1 ;; --repeat) echo 9 ;;
  --out) echo "$scratch/o" ;; --ref) echo "$GRANREPRO_REF" ;; --set) echo "x=1" ;; *) echo "" ;;
  esac
}
for c in list run check report bench compare; do
  u=$c
  [ "$c" = check ] && u=run
  # the synopsis: the first line and its continuations ("   [...")
  awk 'NR == 1 || /^ +\[/' "$scratch/help-$u" >"$scratch/synopsis-$u"
  for o in --quick --seed --threads --repeat --out --ref --no-progress --set; do
    v=$(value "$o")
    if grep -q -e "\[$o[] ]" "$scratch/synopsis-$u"; then
      expect_exit 0 "$GRANREPRO" "$c" "$o" ${v:+"$v"} --help
      cmp -s "$stdout_file" "$scratch/help-$c" || fail "'$c $o $v --help' did not print $c's usage"
    else
      expect_exit 2 "$GRANREPRO" "$c" "$o" ${v:+"$v"} --help
      assert_has "$stderr_file" "$o does not apply"
    fi
  done
done
# what --help promises about --no-progress, bench's --seed and --threads,
# and the GRANREPRO_REF and GNUPLOT overrides
assert_has "$scratch/help-run" "shown only when stderr is a"
assert_has "$scratch/help-run" "GRANREPRO_REF=DIR is the default of --ref"
assert_has "$scratch/help-run" "GNUPLOT=PROGRAM"
assert_has "$scratch/help-report" "GNUPLOT=PROGRAM"
assert_has "$scratch/help-bench" "--seed N"
assert_has "$scratch/help-bench" "--threads N"
# GRANREPRO_REF is the default of --ref (a missing folder names it)
expect_exit 2 env GRANREPRO_REF="$scratch/nosuch" "$GRANREPRO" run --quick --out "$scratch/o" c12
assert_has "$stderr_file" "'$scratch/nosuch' not found"

# -- an experiment named twice (or also by 'all') runs once
expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$scratch/twice" c12 c12
n=$(grep -c '^c12 .* reproduced' "$stdout_file")
[ "$n" -eq 1 ] || { show "$stdout_file"; fail "c12 named twice ran $n times"; }

# -- an option's value joined by '=' is the same option: the same bytes
expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed 4 --out "$scratch/sp" c12
expect_exit 0 "$GRANREPRO" run --quick --no-progress --seed=4 --out="$scratch/eq" c12
cmp -s "$scratch/sp/c12/summary.tsv" "$scratch/eq/c12/summary.tsv" ||
  fail "--seed=4 --out=DIR and --seed 4 --out DIR give different summaries"
expect_exit 2 "$GRANREPRO" run --quick --seed=abc --out "$scratch/o" c12
assert_has "$stderr_file" "--seed 'abc' is not a whole number"
expect_exit 2 "$GRANREPRO" run --quick=1 --out "$scratch/o" c12
assert_has "$stderr_file" "unknown option '--quick=1'"

# -- list: the title, citation and kernels lines of every experiment start
# in one column, after the longest key
expect_exit 0 "$GRANREPRO" list
awk '
  /^[^ ]/ { match($0, /^[^ ]+ +/); col[RLENGTH]++; next }
  { match($0, /^ +/); col[RLENGTH]++ }
  END { n = 0; for (c in col) n++; if (n != 1) { for (c in col) print "column " c ": " col[c] " lines"; exit 1 } }
' "$stdout_file" >"$scratch/list.columns" || { show "$stdout_file"; show "$scratch/list.columns"; fail "list is not aligned"; }

# -- compare: a kernel with other work per sample in B is not judged
r=$scratch/recs
mkdir "$r" || fail "cannot create $r"
for w in 10 25; do
  {
    printf '# granrepro record\n# kind: bench\n# mode: quick\nname\tsample\twall_s\tcpu_s\twork\tunit\n'
    for i in 1 2 3 4 5 6 7 8 9; do
      printf 'x/same\t%d\t0.5\t0.5\t10\truns\nx/grown\t%d\t0.5\t0.5\t%d\truns\n' "$i" "$i" "$w"
    done
  } >"$r/w$w.tsv"
done
expect_exit 0 "$GRANREPRO" compare --out "$scratch/o" "$r/w10.tsv" "$r/w25.tsv"
awk '$1 == "x/same" && $9 == "same" { a = 1 } $1 == "x/grown" && $9 == "work-differs" { b = 1 } END { exit !(a && b) }' "$stdout_file" ||
  { show "$stdout_file"; fail "compare does not set x/grown apart"; }
assert_has "$stdout_file" "warning: A and B count different work per run"
assert_has "$stdout_file" "  x/grown: 10 runs in A, 25 in B"

pass
