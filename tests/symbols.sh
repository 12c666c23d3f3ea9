#!/bin/sh
# granrepro: every symbol the library archives export starts with gr_ (one
# prefix, as REBOUND's CI checks reb_).  Strict for the physics and harness
# archives; the experiments archive joins the strict list (STRICT below)
# once the ports have renamed its cross-file functions gr_<exp>_<verb>;
# until then its count of other names is printed for information, and the
# members of ported experiments are strict one by one (STRICT_MEMBERS).
set -u

STRICT="libgrphysics.a libgrharness.a"
INFO="libgrexperiments.a"
# Members (object files, shell patterns) of the INFO archives that are
# already strict: one pattern per ported experiment folder.
STRICT_MEMBERS="greenspan*.o"
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
# Strict members: each pattern must match a member (else the check would
# pass vacuously), and every name they export starts with gr_.
members() {
  for a in $INFO; do
    nm -g --defined-only -A "$dir/$a" 2>/dev/null |
      awk 'NF == 3 { n = split($1, p, ":"); print p[n - 1], $3 }'
  done | grep -v ' __odr_asan' | sort -u
}
for pat in $STRICT_MEMBERS; do
  found=0 bad=""
  while read -r obj sym; do
    case "$obj" in
      $pat) found=$((found + 1))
            case "$sym" in gr_*) ;; *) bad="$bad $obj:$sym" ;; esac ;;
    esac
  done <<EOF_MEMBERS
$(members)
EOF_MEMBERS
  if [ "$found" -eq 0 ]; then
    echo "symbols: no member of $INFO matches $pat (fix STRICT_MEMBERS)" >&2
    status=1
  elif [ -n "$bad" ]; then
    echo "symbols: $pat exports names without the gr_ prefix (make them static or rename gr_<exp>_<verb>):" >&2
    printf '  %s\n' $bad >&2
    status=1
  else
    echo "symbols: $INFO members $pat: all $found exported names start with gr_"
  fi
done
exit $status
