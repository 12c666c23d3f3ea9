#!/bin/sh
# granrepro tests: every Check suite tests/check_<module>.c is a program of
# tests/Makefile.inc's check_PROGRAMS (so make check, and CI's sanitizer
# and clang runs of it, run it), and every program listed there has its
# source: a suite added without its line, or a line left after its file
# went, fails here.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

inc=$top_srcdir/tests/Makefile.inc
[ -f "$inc" ] || fail "no tests/Makefile.inc"
(cd "$top_srcdir/tests" && ls check_*.c) | sed 's/\.c$//' | LC_ALL=C sort >"$scratch/files"
# the names in the check_PROGRAMS += block (up to its last continued line)
awk '/^check_PROGRAMS \+=/ { on = 1 } on { print } on && !/\\$/ { on = 0 }' "$inc" |
  grep -o '%reldir%/check_[a-z0-9_]*' | sed 's|%reldir%/||' | LC_ALL=C sort -u >"$scratch/listed"
assert_same_lists "$scratch/files" "$scratch/listed" "not in tests/Makefile.inc's check_PROGRAMS" \
  "listed in tests/Makefile.inc without a tests/<name>.c"
pass
