#!/bin/sh
# granrepro: every symbol the library archives export starts with gr_ (one
# prefix, as REBOUND's CI checks reb_).  Strict for the physics and harness
# archives; the experiments archive joins the strict list (STRICT below)
# once the ports have renamed its cross-file functions gr_<exp>_<verb>;
# until then its count of other names is printed for information.
set -u

STRICT="libgrphysics.a libgrharness.a"
INFO="libgrexperiments.a"
# Members of the experiments archive already ported (shell patterns of
# object names, one entry per port): strict now, before the whole archive.
STRICT_MEMBERS="sweetman*.o vdw*.o"
dir=${top_builddir:-.}
status=0

# Defined global symbols of an archive, one per line (no file headers),
# without what a sanitizer build adds itself (__odr_asan.<our global>).
exported() {
  nm -g --defined-only "$dir/$1" | awk 'NF == 3 { print $3 }' |
    grep -v '^__odr_asan' | sort -u
}

for a in $STRICT $INFO; do
  [ -f "$dir/$a" ] || { echo "symbols: $dir/$a is missing: run make first" >&2; exit 99; }
  total=$(exported "$a" | wc -l)
  [ "$total" -gt 0 ] || { echo "symbols: $a exports nothing (nm failed?)" >&2; exit 99; }
  bad=$(exported "$a" | grep -v '^gr_' || true)
  n=$(printf '%s' "$bad" | grep -c . || true)
  case " $STRICT " in
    *" $a "*)
      if [ "$n" -gt 0 ]; then
        echo "symbols: $a exports $n name(s) without the gr_ prefix (make them static or rename gr_<module>_<verb>):" >&2
        printf '%s\n' "$bad" | sed 's/^/  /' >&2
        status=1
      else
        echo "symbols: $a: all $total exported names start with gr_"
      fi ;;
    *) echo "symbols: $a: $n of $total exported names lack the gr_ prefix (information; not yet enforced)" ;;
  esac
done
# Defined global symbols of the archive members matching STRICT_MEMBERS.
members_exported() {
  nm -g --defined-only "$dir/$1" | awk -v pats="$STRICT_MEMBERS" '
    function glob(s, p) { gsub(/\./, "\\.", p); gsub(/\*/, ".*", p); return s ~ ("^" p "$") }
    /:$/ { m = substr($0, 1, length($0) - 1); ok = 0; n = split(pats, ps, " ")
           for (i = 1; i <= n; i++) if (glob(m, ps[i])) ok = 1; next }
    ok && NF == 3 { print m ": " $3 }' | grep -v ': __odr_asan' | sort -u
}

total=$(members_exported libgrexperiments.a | wc -l)
[ "$total" -gt 0 ] || { echo "symbols: no member of libgrexperiments.a matches $STRICT_MEMBERS" >&2; exit 99; }
bad=$(members_exported libgrexperiments.a | grep -v ': gr_' || true)
if [ -n "$bad" ]; then
  echo "symbols: ported members of libgrexperiments.a ($STRICT_MEMBERS) export names without the gr_ prefix:" >&2
  printf '%s\n' "$bad" | sed 's/^/  /' >&2
  status=1
else
  echo "symbols: libgrexperiments.a members $STRICT_MEMBERS: all $total exported names start with gr_"
fi
exit $status
