#!/bin/sh
# granrepro tests: docs/layout.md is what docs/layout.sh makes of the tree
# (every folder holding source files, and each file with its header's
# first sentence), so the map cannot go stale: a new file without
# `make docs-layout` fails here.  Apart from the script, every source file
# (.c, .h, .sh, .py) that find sees under src, experiments, tests, docs and
# slurm must have its row under its folder's heading.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

layout=$top_srcdir/docs/layout.md
sh "$top_srcdir/docs/layout.sh" "$top_srcdir" >"$scratch/layout.md" || fail "docs/layout.sh failed"
if ! cmp -s "$scratch/layout.md" "$layout"; then
  diff "$layout" "$scratch/layout.md" | head -20
  fail "docs/layout.md is stale: run 'make docs-layout' and commit it"
fi

# folder/file of every row of the map, and of every source file of the tree
awk '/^## / { d = $2 } /^\| `[^`]*` \|/ && d != "" { f = $2; gsub(/`/, "", f); print d "/" f }' "$layout" |
  LC_ALL=C sort >"$scratch/listed"
(cd "$top_srcdir" && find src experiments tests docs slurm \( -path tests/tmp -o -path tests/fuzz/obj \) -prune -o \
  -type f \( -name '*.[ch]' -o -name '*.sh' -o -name '*.py' \) -print) | LC_ALL=C sort >"$scratch/tree"
[ -s "$scratch/tree" ] || fail "found no source file under $top_srcdir"
missing=$(LC_ALL=C comm -23 "$scratch/tree" "$scratch/listed")
[ -z "$missing" ] || fail "docs/layout.md does not list: $(echo $missing)"
pass
