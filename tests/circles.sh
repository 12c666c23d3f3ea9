#!/bin/sh
# granrepro test: no circle of calls between the library's files (issue
# 27, "no circles of includes"): from nm, member A depends on member B when
# A calls (or reads) a name B defines; a cycle A -> B -> ... -> A in that
# graph, within an archive or across archives, fails and is named.  The
# finder is first shown to find a circle in a made-up graph (it can fail).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

ARCHIVES="libgrphysics.a libgrstats.a libgrharness.a libgrsite.a libgrbench.a libgrexperiments.a"

# Edges "from to", one per line, from `nm -A` of the archives: a member's
# undefined name resolved to the member that defines it.
edges() {
  for a in $ARCHIVES; do
    nm -A "$top_builddir/$a" | sed "s|^$top_builddir/||"
  done | awk '
    { n = split($1, p, ":"); m = p[1] ":" p[2] }
    NF == 3 && $2 ~ /^[TDRB]$/ { if (!($3 in def)) def[$3] = m; next }
    NF == 3 && $2 == "U" { use[m, $3] = 1 }
    END { for (k in use) { split(k, q, SUBSEP); if ((q[2] in def) && def[q[2]] != q[1]) print q[1], def[q[2]] } }' |
    sort -u
}

# The cycles of an edge list on stdin, one per line ("a -> b -> a"),
# found by depth-first search.
cycles() {
  awk '
    { adj[$1] = adj[$1] " " $2; node[$1] = 1; node[$2] = 1 }
    function dfs(u, depth,    n, v, i, k, s) {
      color[u] = 1; stack[depth] = u
      n = split(adj[u], v, " ")
      for (i = 1; i <= n; i++) {
        if (color[v[i]] == 1) {
          s = ""
          for (k = 1; k <= depth; k++) if (s != "" || stack[k] == v[i]) s = s stack[k] " -> "
          print s v[i]
        } else if (!color[v[i]]) dfs(v[i], depth + 1)
      }
      color[u] = 2
    }
    END { for (u in node) if (!color[u]) dfs(u, 1) }'
}

# the finder finds a circle where there is one, and none in a chain
found=$(printf 'a.o b.o\nb.o c.o\nc.o a.o\nc.o d.o\n' | cycles)
[ -n "$found" ] || fail "the cycle finder missed a -> b -> c -> a"
[ -z "$(printf 'a.o b.o\nb.o c.o\na.o c.o\n' | cycles)" ] || fail "the cycle finder saw a circle in a chain"

for a in $ARCHIVES; do
  [ -f "$top_builddir/$a" ] || fail "$top_builddir/$a is missing: run make first"
done
edges >"$scratch/edges"
[ -s "$scratch/edges" ] || fail "no calls between files found (nm failed?)"
found=$(cycles <"$scratch/edges")
if [ -n "$found" ]; then
  echo "circles of calls between files (break them: move what both use to a third file, or hand a function over):" >&2
  printf '%s\n' "$found" | sed 's/^/  /' >&2
  fail "$(printf '%s\n' "$found" | wc -l) circle(s) of calls"
fi
echo "circles: $(wc -l <"$scratch/edges") calls between files of $(echo $ARCHIVES | wc -w) archives, no circle"
pass
