#!/bin/sh
# granrepro tests: docs/layout.md is what docs/layout.sh makes of the tree
# (every source folder and file with its header's first sentence), so the
# map cannot go stale: a new file without `make docs-layout` fails here.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

sh "$top_srcdir/docs/layout.sh" "$top_srcdir" >"$scratch/layout.md" || fail "docs/layout.sh failed"
if ! cmp -s "$scratch/layout.md" "$top_srcdir/docs/layout.md"; then
  diff "$top_srcdir/docs/layout.md" "$scratch/layout.md" | head -20
  fail "docs/layout.md is stale: run 'make docs-layout' and commit it"
fi
pass
