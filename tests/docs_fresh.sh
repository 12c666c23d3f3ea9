#!/bin/sh
# granrepro test: every generated findings page docs/<exp>.md holds the
# fixed text of its notes template reference/<paper>/<exp>.notes.md.in, so
# that a template edited without `make docs` (a full run) cannot leave its
# page saying the old thing.  Of each template line, the longest stretch of
# text between placeholders (at least 30 characters) must be in the page;
# the numbers come from a run and are not checked here.
. "$(dirname "$0")/lib.sh"

n=0
for tmpl in "$top_srcdir"/reference/*/*.notes.md.in; do
  exp=$(basename "$tmpl" .notes.md.in)
  page=$top_srcdir/docs/$exp.md
  [ -f "$page" ] || fail "docs/$exp.md missing for its template $tmpl (make docs)"
  # the longest literal stretch of each line ({{...}} cut out, \{{ read as {{)
  awk '{ gsub(/\\\{\{/, "{{"); n = split($0, part, /\{\{[^}]*\}\}/); best = ""
         for (i = 1; i <= n; i++) if (length(part[i]) > length(best)) best = part[i]
         if (length(best) >= 30) print best }' "$tmpl" >"$scratch/stretches"
  while IFS= read -r s; do
    grep -F -e "$s" "$page" >/dev/null 2>&1 ||
      fail "docs/$exp.md lacks its template's text '$s' ($tmpl): regenerate the page (make docs, or docs/generate.sh on a full run)"
    n=$((n + 1))
  done <"$scratch/stretches"
done
[ "$n" -gt 50 ] || fail "only $n template lines checked"
echo "$n stretches of template text found in their pages"
pass
