#!/bin/sh
# granrepro tests: every bad input exits with status 2, prints exactly one
# line on stderr naming the problem, nothing on stdout, and writes nothing;
# a failed run leaves the previous report byte for byte as it was.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

# Nothing is rendered here: keeps the good run fast and gnuplot-independent.
GNUPLOT=/nonexistent
export GNUPLOT

# Commands run in the empty folder $w (so a default --out "reports" would
# land there) and every --out points into it: it must stay empty.
w=$scratch/w
mkdir "$w" || fail "cannot create $w"
cd "$w" || fail "cannot enter $w"
afile=$scratch/afile
: >"$afile"

# bad WORD ARGS...: granrepro ARGS exits 2 with one line "granrepro: ..."
# on stderr containing WORD, nothing on stdout, and nothing written in $w.
bad() {
  _word=$1
  shift
  expect_exit 2 "$GRANREPRO" "$@"
  [ "$(wc -l <"$stderr_file")" -eq 1 ] && [ "$(awk 'END { print NR }' "$stderr_file")" -eq 1 ] ||
    { show "$stderr_file"; fail "'$*': stderr is not exactly one line"; }
  case $(cat "$stderr_file") in
  "granrepro: "*) ;;
  *) show "$stderr_file"; fail "'$*': message does not start with 'granrepro: '" ;;
  esac
  assert_has "$stderr_file" "$_word"
  [ ! -s "$stdout_file" ] || { show "$stdout_file"; fail "'$*' printed on stdout"; }
  [ -z "$(ls -A "$w")" ] || fail "'$*' wrote into the working folder: $(ls -A "$w")"
}

# -- command line
bad "unknown experiment 'nosuch'" run --out "$w/out" nosuch
bad "'--bogus'" run --bogus --out "$w/out" c12
bad "unknown command 'frobnicate'" frobnicate
bad "--seed 'abc'" run --seed abc --out "$w/out" c12
bad "--seed '-1'" run --seed -1 --out "$w/out" c12
bad "--set nope=1: no selected experiment has an option" run --set nope=1 --out "$w/out" c12
bad "--set phi=0.3: no selected experiment has an option" run --quick --set phi=0.3 --out "$w/out" c12 greenspan
bad "--seed '99999999999'" run --seed 99999999999 --out "$w/out" c12
bad "--threads '-1'" run --threads -1 --out "$w/out" c12
bad "--threads '0'" run --threads 0 --out "$w/out" c12
bad "--threads '1.5'" run --threads 1.5 --out "$w/out" c12
bad "--seed needs a value" run --out "$w/out" c12 --seed
bad "--out needs a value" run c12 --out
bad "name the experiments" run --out "$w/out"
bad "name the experiments" check
bad "--out needs a folder name" run --out "" c12
bad "--repeat '3'" bench --repeat 3 --out "$w/out" c12
bad "--kernels 'zzz*' matches no kernel" bench --kernels 'zzz*' --out "$w/out" c12
bad "report takes no experiment names" report --out "$w/out" c12
bad "report folder '$w/out' not found" report --out "$w/out"
# (issue 13) unknown commands fail even with --help; every command takes
# only its own options and operands; 52 'all' overflowed a stack buffer
bad "unknown command 'frob'" frob --help
bad "unknown command 'frob'" help frob
bad "one too many" help run extra
bad "--quick does not apply" list --quick
bad "list takes no experiment names" list extra
bad "--repeat does not apply" run --repeat 9 --out "$w/out" c12
bad "--ref does not apply" report --ref "$w" --out "$w/out"
bad "--against does not apply" run --against x --out "$w/out" c12
bad "$afile:1:" compare --out "$w/out" "$afile" "$afile" "$afile"
bad "reference folder '/nonexistent' not found" run --ref /nonexistent --out "$w/out" $(yes all | head -52)
# (review of the cli-fixes branch) no command at all; a whole-number
# option given a fraction (it was truncated: scale=1.5 ran scale 1); a
# --set key twice; a 17th --set; --shard and merge refused after the
# --out folder was created; records that are not there; list --out FILE
bad "no command given"
bad "scale must be a whole number" run --quick --set scale=1.5 --out "$w/out" bizon-patterns
bad "nfreq must be a whole number" run --quick --set nfreq=4.5 --out "$w/out" bizon-patterns
bad "seeds must be a whole number" run --quick --set seeds=2.5 --out "$w/out" buchholtz-poeschel
# a bad value for a later experiment stops the run before the first one
bad "bizon-patterns: --set scale=9: give a whole number from 0 to 2" run --quick --set scale=9 --out "$w/out" c12 bizon-patterns
bad "buchholtz-poeschel: --set seeds=2.5" run --quick --set seeds=2.5 --out "$w/out" vdw buchholtz-poeschel
bad "--set scale=2: scale is given twice" run --quick --set scale=1 --set scale=2 --out "$w/out" bizon-patterns
bad "at most 16 --set options are allowed" run --quick $(seq -f '--set o%g=1' 17) --out "$w/out" bizon-patterns
bad "--shard takes one experiment" run --quick --shard 1/2 --out "$w/o19" vdw
bad "--shard takes one experiment" run --quick --shard 1/2 --out "$w/o20" c12 greenspan
bad "no shards of c12" merge --out "$w/o21" c12
bad "give a record written by 'granrepro bench'" compare "$w/missing1.tsv" "$w/missing2.tsv"
bad "give a record written by 'granrepro bench'" compare "$w/missing1.tsv" "$w/missing2.tsv" "$w/missing3.tsv"
bad "give a record written by 'granrepro bench'" speed "$w/missing.tsv"
bad "--out '$afile' is not a folder" list --out "$afile"

# -- output folder that cannot be created (below a regular file: this stops
# root too, unlike permissions)
bad "$afile" run --quick --out "$afile/sub" c12
bad "$afile" bench --quick --out "$afile/sub" c12
[ -f "$afile" ] && [ ! -s "$afile" ] || fail "the regular file $afile was changed"

# -- reference folder
bad "reference folder '/nonexistent' not found" run --quick --ref /nonexistent --out "$w/out" c12
bad "reference folder '/nonexistent' not found" check --quick --ref /nonexistent --out "$w/out" c12
bad "reference folder '$afile' is not a folder" run --quick --ref "$afile" --out "$w/out" c12

# -- compare
bad "two or more records" compare --out "$w/out" "$afile"
bad "takes one record" compare --baseline x --out "$w/out" "$afile" "$afile"
bad "baseline name '../x' is not a plain name" bench --quick --against ../x --out "$w/out" c12
bad "baseline 'nosuch' not found" bench --against nosuch --out "$w/out" c12
bad "$afile:1:" compare --baseline x --out "$w/out" "$afile"
bad "$afile:1:" compare --out "$w/out" "$afile" "$afile"
bad "$afile:1:" compare "$afile" "$afile"

# (issue 13) records that cannot be compared: impossible times, sample
# numbers, NUL bytes, over-long names (line 5 is the first row), other
# modes, no kernel in common
recs=$scratch/recs
mkdir "$recs" || fail "cannot create $recs"
# record NAME MODE KERNEL [ROW]: 9 samples of KERNEL, then ROW if given.
record() {
  {
    printf '# granrepro record\n# kind: bench\n# mode: %s\n' "$2"
    printf 'name\tsample\twall_s\tcpu_s\twork\tunit\n'
    [ -z "${4:-}" ] || printf '%s\n' "$4"
    for i in 1 2 3 4 5 6 7 8 9; do printf '%s\t%d\t0.5\t0.5\t10\truns\n' "$3" "$i"; done
  } >"$recs/$1.tsv"
}
record good quick x/k
record full full x/k
record other quick x/other
record inf quick x/k "x/k	10	inf	0.5	10	runs"
record neg quick x/k "x/k	10	0.5	-0.5	10	runs"
record zero quick x/k "x/k	10	0	0.5	10	runs"
record range quick x/k "x/k	100001	0.5	0.5	10	runs"
record long quick x/k "$(printf 'k%.0s' $(seq 200))	1	0.5	0.5	10	runs"
record nul quick x/k "x/k	10	0.5	0.5	10	runs"
printf '\000x/k\t11\t0.5\t0.5\t10\truns\n' >>"$recs/nul.tsv"
for r in inf neg zero range long; do
  bad "$recs/$r.tsv:5:" compare --out "$w/out" "$recs/good.tsv" "$recs/$r.tsv"
done
bad "$recs/nul.tsv:15: NUL byte" compare --out "$w/out" "$recs/good.tsv" "$recs/nul.tsv"
bad "is a quick record and '$recs/full.tsv' a full one" compare --out "$w/out" "$recs/good.tsv" "$recs/full.tsv"
bad "share no kernel" compare --out "$w/out" "$recs/good.tsv" "$recs/other.tsv"

# -- broken reference files: first a good report, then failed runs into the
# same folder must leave it exactly as it was.
rep=$scratch/rep
expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$rep" c12
assert_file "$rep/c12/summary.tsv"
[ "$(find "$rep/c12" -type f | wc -l)" -gt 5 ] || fail "the good run wrote too few files"
tree_state "$rep" >"$scratch/rep.before" || fail "cannot checksum $rep"

# unchanged LABEL: $rep is byte-identical to the snapshot, no temporaries.
unchanged() {
  tree_state "$rep" >"$scratch/rep.after" || fail "cannot checksum $rep"
  cmp -s "$scratch/rep.before" "$scratch/rep.after" ||
    { diff "$scratch/rep.before" "$scratch/rep.after" >&2; fail "$1: the previous report was changed"; }
  no_temporaries "$rep"
  no_temporaries "$scratch"
}

# A missing table, each in turn (task-a fails at once, task-c late).
for t in task-a task-b task-c; do
  ref=$scratch/ref-no-$t
  copy_ref "$ref"
  rm "$ref/argesim-c12/$t.tsv" || fail "cannot remove $t.tsv"
  bad "$t.tsv" run --quick --no-progress --ref "$ref" --out "$rep" c12
  unchanged "missing $t.tsv"
  bad "$t.tsv" check --quick --no-progress --ref "$ref" --out "$rep" c12
  unchanged "missing $t.tsv (check)"
done

# The front page's skeleton missing: refused before anything runs.
ref=$scratch/ref-no-index
copy_ref "$ref"
rm "$ref/report/index.html.in" || fail "cannot remove report/index.html.in"
bad "$ref/report/index.html.in' not found" run --quick --no-progress --ref "$ref" --out "$rep" c12
unchanged "missing report/index.html.in"

# first_row FILE: line number of the first data row (after the header).
first_row() {
  awk '/^#/ { next } { n++ } n == 2 { print NR; exit }' "$1"
}

# A row with the wrong field count (an extra field), each table in turn:
# the message names "file.tsv:LINE:".
for t in task-a task-b task-c; do
  ref=$scratch/ref-bad-$t
  copy_ref "$ref"
  f=$ref/argesim-c12/$t.tsv
  line=$(first_row "$f")
  [ -n "$line" ] || fail "no data row in $f"
  awk -v l="$line" 'NR == l { $0 = $0 "\textra" } { print }' "$f" >"$f.broken" &&
    mv "$f.broken" "$f" || fail "cannot corrupt $f"
  bad "$t.tsv:$line:" run --quick --no-progress --ref "$ref" --out "$rep" c12
  unchanged "corrupt $t.tsv"
done

# A cell that is not a number, in the last table the run reads.
ref=$scratch/ref-nan
copy_ref "$ref"
f=$ref/argesim-c12/task-c.tsv
line=$(awk -F '\t' '$1 == "c2.ci_high" { print NR }' "$f")
[ -n "$line" ] || fail "no row c2.ci_high in $f"
awk -F '\t' -v OFS='\t' '$1 == "c2.ci_high" { $2 = "0.42x6936" } { print }' "$f" >"$f.broken" &&
  mv "$f.broken" "$f" || fail "cannot corrupt $f"
bad "task-c.tsv:$line:" run --quick --no-progress --ref "$ref" --out "$rep" c12
unchanged "task-c.tsv with a non-number"

# (issue 13) a NUL byte (it hid the rest of the table), a control byte in
# a note (it went into the HTML), a FIFO (the run hung): refused, named.
# corrupt NAME TABLE CODE: $ref is a fresh copy of the reference tree in
# which argesim-c12/TABLE.tsv ($f) is replaced by what CODE prints ($1 in
# CODE is the table's path).
corrupt() {
  ref=$scratch/ref-$1
  copy_ref "$ref"
  f=$ref/argesim-c12/$2.tsv
  sh -c "$3" sh "$f" >"$f.broken" && mv "$f.broken" "$f" || fail "cannot corrupt $f"
}
corrupt nul task-a "cat \"\$1\"; printf '\\000 and a bad row hidden behind it\\n'"
bad "task-a.tsv:$(wc -l <"$f"): NUL byte" run --quick --no-progress --ref "$ref" --out "$rep" c12
unchanged "task-a.tsv with a NUL byte"
corrupt ctl task-b "head -n 2 \"\$1\"; printf '# note: a bell \\007 here\\n'; tail -n +3 \"\$1\""
bad "task-b.tsv:3: control byte 0x07" run --quick --no-progress --ref "$ref" --out "$rep" c12
unchanged "task-b.tsv with a control byte"
ref=$scratch/ref-fifo
copy_ref "$ref"
f=$ref/argesim-c12/task-a.tsv
rm "$f" && mkfifo "$f" || fail "cannot make a FIFO $f"
expect_exit 2 timeout 60 "$GRANREPRO" run --quick --no-progress --ref "$ref" --out "$rep" c12
assert_has "$stderr_file" "task-a.tsv': not a regular file"
unchanged "task-a.tsv a FIFO"

pass
