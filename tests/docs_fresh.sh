#!/bin/sh
# granrepro test: every generated findings page docs/<exp>.md holds the
# fixed text of its notes template reference/<paper>/<exp>.notes.md.in, so
# that a template edited without `make docs` (a full run) cannot leave its
# page saying the old thing.  Of each template line, the longest stretch of
# text between placeholders (at least 30 characters) must be in the page;
# the numbers come from a run and are not checked here.  The page of the
# published geometry, docs/bizon-published.md, holds the Fig. 1 section of
# the bizon-patterns template and is checked for that section alone.
. "$(dirname "$0")/lib.sh"

# stretches: the longest literal stretch of each line of the
# template text on stdin ({{...}} cut out, \{{ read as {{)
stretches() {
  awk '{ gsub(/\\\{\{/, "{{"); n = split($0, part, /\{\{[^}]*\}\}/); best = ""
         for (i = 1; i <= n; i++) if (length(part[i]) > length(best)) best = part[i]
         if (length(best) >= 30) print best }'
}

# found PAGE TEMPLATE HOW: each stretch in $scratch/stretches is in PAGE
found() {
  while IFS= read -r s; do
    grep -F -e "$s" "$1" >/dev/null 2>&1 ||
      fail "$1 lacks its template's text '$s' ($2): regenerate the page ($3)"
    n=$((n + 1))
  done <"$scratch/stretches"
}

n=0
for tmpl in "$top_srcdir"/reference/*/*.notes.md.in; do
  exp=$(basename "$tmpl" .notes.md.in)
  page=$top_srcdir/docs/$exp.md
  [ -f "$page" ] || fail "docs/$exp.md missing for its template $tmpl (make docs)"
  stretches <"$tmpl" >"$scratch/stretches"
  found "$page" "$tmpl" "make docs, or docs/generate.sh on a full run"
done
tmpl=$top_srcdir/reference/bizon1998/bizon-patterns.notes.md.in
sed -n '/^## Fig\. 1/,/^## /p' "$tmpl" | sed '$d' | stretches >"$scratch/stretches"
[ -s "$scratch/stretches" ] || fail "no Fig. 1 section in $tmpl"
found "$top_srcdir/docs/bizon-published.md" "$tmpl, its Fig. 1 section" "make docs-bizon-published"
[ "$n" -gt 50 ] || fail "only $n template lines checked"
echo "$n stretches of template text found in their pages"
pass
