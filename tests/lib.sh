# granrepro tests: helpers sourced by the shell tests (POSIX sh).
#
# Environment (set by Makefile.am's AM_TESTS_ENVIRONMENT, or by hand):
#   GRANREPRO      the binary          (default $top_builddir/granrepro)
#   GRANREPRO_REF  the reference folder (default $top_srcdir/reference)
#   top_srcdir, top_builddir
# Each test gets a fresh scratch folder $scratch under
# $top_builddir/tests/tmp/<testname>, removed when the test passes and kept
# for inspection when it fails.  Exit status: 0 pass, 1 fail, 77 skip.

set -u

top_srcdir=${top_srcdir:-$(dirname "$0")/..}
top_builddir=${top_builddir:-.}
GRANREPRO=${GRANREPRO:-$top_builddir/granrepro}
GRANREPRO_REF=${GRANREPRO_REF:-$top_srcdir/reference}
testname=$(basename "$0" .sh)

# Absolute form of a path (the tests change folder).
abspath() {
  case $1 in
  /*) printf '%s\n' "$1" ;;
  *) printf '%s/%s\n' "$(pwd)" "$1" ;;
  esac
}

GRANREPRO=$(abspath "$GRANREPRO")
GRANREPRO_REF=$(abspath "$GRANREPRO_REF")
top_srcdir=$(abspath "$top_srcdir")
top_builddir=$(abspath "$top_builddir")

# fail MSG: report a failure and stop (the scratch folder is kept).
fail() {
  echo "FAIL: $*"
  echo "  ($testname; scratch folder kept: $scratch)"
  exit 1
}

# skip MSG: the test cannot run here.
skip() {
  # CI names the tests that must run (GR_MUST_RUN="browser_report ..."):
  # there a skip is a test that did not run, so it fails.
  case " ${GR_MUST_RUN:-} " in
  *" $testname "*) fail "required by GR_MUST_RUN, but it would skip: $*" ;;
  esac
  echo "SKIP: $*"
  rm -rf "$scratch"
  exit 77
}

# pass: every check held; remove the scratch folder.
pass() {
  echo "PASS: $testname"
  rm -rf "$scratch"
  exit 0
}

# Show a captured file on stderr (for the log of a failing test).
show() {
  echo "---- $1:" >&2
  cat "$1" >&2 2>/dev/null
  echo "----" >&2
}

scratch=$top_builddir/tests/tmp/$testname
rm -rf "$scratch" || { echo "FAIL: cannot clean $scratch"; exit 1; }
mkdir -p "$scratch" || { echo "FAIL: cannot create $scratch"; exit 1; }
scratch=$(cd "$scratch" && pwd)
stdout_file=$scratch/stdout
stderr_file=$scratch/stderr

[ -x "$GRANREPRO" ] || fail "GRANREPRO '$GRANREPRO' is not an executable (build it first)"
[ -d "$GRANREPRO_REF" ] || fail "GRANREPRO_REF '$GRANREPRO_REF' is not a folder"

# expect_exit CODE CMD...: run CMD with stdout and stderr captured in
# $stdout_file and $stderr_file; fail unless it exits with CODE.
expect_exit() {
  _want=$1
  shift
  "$@" >"$stdout_file" 2>"$stderr_file"
  _got=$?
  if [ "$_got" -ne "$_want" ]; then
    show "$stdout_file"
    show "$stderr_file"
    fail "'$*' exited with $_got, expected $_want"
  fi
}

# assert_file PATH: a regular, non-empty file.
assert_file() {
  [ -f "$1" ] || fail "missing file $1"
  [ -s "$1" ] || fail "empty file $1"
}

# assert_has FILE TEXT: FILE contains the fixed string TEXT.
assert_has() {
  grep -F -e "$2" "$1" >/dev/null 2>&1 || { show "$1"; fail "'$2' not found in $1"; }
}

# assert_lacks FILE TEXT: FILE does not contain the fixed string TEXT.
assert_lacks() {
  if grep -F -e "$2" "$1" >/dev/null 2>&1; then
    show "$1"
    fail "'$2' unexpectedly found in $1"
  fi
}

# tree_state DIR: every path under DIR and the checksum of every file, in
# a stable order (compare two snapshots with cmp).
tree_state() {
  (
    cd "$1" || exit 1
    find . -print | LC_ALL=C sort
    find . -type f -print | LC_ALL=C sort | while IFS= read -r _f; do
      cksum "$_f"
    done
  )
}

# no_temporaries DIR: no temporary files or folders left anywhere under DIR.
no_temporaries() {
  _left=$(find "$1" \( -name '*.tmp*' -o -name '*.new-*' -o -name '*.old-*' \) -print)
  [ -z "$_left" ] || fail "temporary files left under $1: $_left"
}

# copy_ref DEST: a writable copy of the reference tree.
copy_ref() {
  rm -rf "$1"
  cp -R "$GRANREPRO_REF" "$1" || fail "cannot copy $GRANREPRO_REF"
  chmod -R u+w "$1"
}

# have_gnuplot: can the binary find gnuplot ($GNUPLOT, configure's path,
# or PATH, as gr_report_gnuplot looks)?
have_gnuplot() {
  if [ -n "${GNUPLOT:-}" ]; then
    [ -x "$GNUPLOT" ]
    return
  fi
  if command -v gnuplot >/dev/null 2>&1; then
    return 0
  fi
  _gp=$(sed -n 's/^#define GR_GNUPLOT "\(.*\)"$/\1/p' "$top_builddir/config.h" 2>/dev/null)
  [ -n "$_gp" ] && [ -x "$_gp" ]
}

# assert_same_lists FILES LISTED UNLISTED ORPHANS: the sorted name lists
# FILES (what is there) and LISTED (what a makefile names) are equal; a
# name only in FILES fails with "UNLISTED: names", one only in LISTED
# with "ORPHANS: names".
assert_same_lists() {
  [ -s "$1" ] || fail "nothing found to compare with the list ($1 is empty)"
  _only=$(LC_ALL=C comm -23 "$1" "$2")
  [ -z "$_only" ] || fail "$3: $(echo $_only)"
  _only=$(LC_ALL=C comm -13 "$1" "$2")
  [ -z "$_only" ] || fail "$4: $(echo $_only)"
}

# assert_accounted REFSUBDIR SUMMARY NTABLES: every published number of
# every table in $GRANREPRO_REF/REFSUBDIR (at least NTABLES of them) is a
# quantity row of SUMMARY, with the number as printed in the table:
# "<table>/<row>" for the column "value", "<table>/<row>/<column>" for
# others; the reserved columns "tolerance", "kind" and "note" and the empty cells
# "-" hold no numbers.  An optional fourth argument lists table names
# (without .tsv) of the folder that belong to another experiment.
assert_accounted() {
  _ntables=0
  : >"$scratch/published"
  for f in "$GRANREPRO_REF/$1"/*.tsv; do
    [ -f "$f" ] || fail "no reference tables in $GRANREPRO_REF/$1"
    case " ${4:-} " in *" $(basename "$f" .tsv) "*) continue ;; esac
    case $f in *.expected.tsv) continue ;; esac # expected verdicts, not published numbers
    _ntables=$((_ntables + 1))
    awk -F '\t' -v table="$(basename "$f" .tsv)" '
      { sub(/\r$/, "") }
      /^#/ || /^[ \t]*$/ { next }
      !ncols { ncols = NF; for (i = 1; i <= NF; i++) col[i] = $i; next }
      { for (i = 2; i <= NF; i++) {
          if (col[i] == "tolerance" || col[i] == "kind" || col[i] == "note" || $i == "-")
            continue
          q = table "/" $1
          if (col[i] != "value")
            q = q "/" col[i]
          print q "\t" $i
          n++
        } }
      END { if (n == 0) { print "no numbers in " FILENAME > "/dev/stderr"; exit 1 } }
    ' "$f" >>"$scratch/published" || fail "cannot parse $f"
  done
  [ "$_ntables" -ge "$3" ] || fail "expected $3 tables in $1, found $_ntables"
  awk -F '\t' '
    FNR == NR { pub[$1] = $2; want[$1] = 1; next }
    /^#/ { next }
    { seen[$1]++; got[$1] = $2 }
    END {
      for (q in want) {
        if (!(q in seen)) { print "missing: " q; bad = 1 }
        else if (seen[q] != 1) { print "listed " seen[q] " times: " q; bad = 1 }
        else if (got[q] != pub[q] && index(got[q], pub[q] " (misprint") != 1) {
          print q ": published " pub[q] ", summary says " got[q]; bad = 1 }
      }
      exit bad
    }
  ' "$scratch/published" "$2" >"$scratch/unaccounted" ||
    { show "$scratch/unaccounted"; fail "published numbers not accounted for in summary.tsv"; }
}

# assert_summary_clean SUMMARY: the summary.tsv header, 8 fields a row,
# known verdicts and kinds, no "differs" and no "not computed" row.
assert_summary_clean() {
  awk -F '\t' '
    /^#/ { next }
    !hdr { hdr = 1
           if ($0 != "quantity\tpublished\treproduced\tdelta\ttest\tverdict\tkind\tnote") {
             print "bad header: " $0; bad = 1 }
           next }
    { rows++ }
    NF != 8 { print "not 8 fields: " $0; bad = 1 }
    $6 !~ /^(reproduced|differs|expected-difference|informative)$/ { print "bad verdict: " $0; bad = 1 }
    $7 !~ /^(result|printed|misprint|check|choice|unclassified)$/ { print "bad kind: " $0; bad = 1 }
    $6 == "differs" { print "differs: " $0; bad = 1 }
    /not computed/ { print "not computed: " $0; bad = 1 }
    END { if (rows == 0) { print "no rows"; bad = 1 } exit bad }
  ' "$1" >"$scratch/summary.problems" ||
    { show "$scratch/summary.problems"; fail "summary.tsv has bad rows"; }
}

# How many cores other jobs keep busy now: /proc/stat over one second (the
# load average lags by minutes and counts the tests that just finished).
# For timing tests whose premise is an otherwise quiet machine.
cpu_busy() {
  _cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
  _a=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat 2>/dev/null)
  sleep 1
  _b=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat 2>/dev/null)
  echo "$_a $_b" | awk -v c="$_cores" 'NF == 4 && $3 + $4 > $1 + $2 {
    printf "%.2f\n", c * ($3 - $1) / ($3 + $4 - $1 - $2); exit } { print 0 }'
}

# skip_when_busy FORCEVAR WHAT: skip, saying so, when other jobs keep
# more than half a core busy before a timing test (CPU time itself drifts
# by 20-60 % then), unless the variable named FORCEVAR is 1.
skip_when_busy() {
  _busy=$(cpu_busy)
  eval "_force=\${$1:-0}"
  if [ "$_force" != 1 ] && awk -v b="$_busy" 'BEGIN { exit !(b > 0.5) }'; then
    skip "other jobs keep $_busy cores busy before the test: too loaded $2 ($1=1 runs it anyway)"
  fi
}

# start_busy_loop SECONDS: one core kept busy for at most SECONDS, its
# pid in $busy, killed when the test exits.
start_busy_loop() {
  timeout "$1" sh -c 'while :; do :; done' &
  busy=$!
  trap 'kill "$busy" 2>/dev/null' EXIT INT TERM
}
