#!/bin/sh
# granrepro test: no verdict row of the quick run of the experiments named
# in GR_CLASSIFIED ("all" or keys; Makefile.am sets it, empty until every
# experiment gives each row a kind) is 'unclassified' (issue 22).  Skipped
# while GR_CLASSIFIED is empty.
. "$(dirname "$0")/lib.sh"

[ -n "${GR_CLASSIFIED:-}" ] || skip "GR_CLASSIFIED is empty (set it to 'all' in Makefile.am once every experiment is migrated)"
GNUPLOT=/nonexistent
export GNUPLOT
# shellcheck disable=SC2086
expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$scratch/r" $GR_CLASSIFIED
for s in "$scratch"/r/*/summary.tsv; do
  awk -F '\t' -v f="$s" '/^#/ || !h++ { next } $7 != "result" && $7 != "printed" && $7 != "misprint" &&
    $7 != "check" && $7 != "choice" { print f ": " $1 ": kind '"'"'" $7 "'"'"'"; bad = 1 } END { exit bad }' "$s" ||
    bad=1
done >"$scratch/unclassified"
[ ! -s "$scratch/unclassified" ] || { show "$scratch/unclassified"; fail "rows without a kind (give each a kind: docs/reference-tables.md)"; }
pass
