#!/bin/sh
# granrepro tests: every file under reference/ is listed in
# reference/Makefile.inc (so `make install` puts it beside the program and
# `make dist` ships it: an unlisted table fails only in distcheck, where
# the run reads it from the tarball), and every listed file exists.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

inc=$top_srcdir/reference/Makefile.inc
[ -f "$inc" ] || fail "no reference/Makefile.inc"
(cd "$top_srcdir/reference" && find . -type f ! -name Makefile.inc | sed 's|^\./||') | LC_ALL=C sort >"$scratch/files"
grep -o '%reldir%/[^ \\]*' "$inc" | sed 's|%reldir%/||' | LC_ALL=C sort -u >"$scratch/listed"
assert_same_lists "$scratch/files" "$scratch/listed" "not in reference/Makefile.inc (add each to nobase_dist_ref_DATA)" \
  "listed in reference/Makefile.inc but absent"
pass
