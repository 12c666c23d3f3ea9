#!/bin/sh
# granrepro: every symbol the library archives export starts with gr_ (one
# prefix, as REBOUND's CI checks reb_), in every archive: physics,
# stats, harness, site, bench and experiments (cross-file functions of an experiment folder are
# gr_<exp>_<verb>).  INFO lists archives only counted, not enforced; an entry
# archive:glob checks only the members matching glob (e.g.
# libgrexperiments.a:c12*.o).
set -u

STRICT="libgrphysics.a libgrbplattice.a libgrstats.a libgrharness.a libgrsite.a libgrbench.a libgrexperiments.a"
INFO=""
dir=${top_builddir:-.}
status=0

# Defined global symbols of an archive (or of its members matching the glob
# after ':'), one per line, without what a compiler adds itself: a
# sanitizer build's __odr_asan.<our global>, clang's OpenMP lock for
# reductions (.gomp_critical_user_.reduction.var).
exported() {
  nm -A -g --defined-only "$dir/${1%%:*}" |
    awk 'NF == 3 { n = split($1, p, ":"); print p[n - 1], $3 }' |
    while read -r member name; do
      case $1 in *:*) case $member in ${1#*:}) ;; *) continue ;; esac ;; esac
      echo "$name"
    done | grep -v '^__odr_asan\|^\.gomp_critical_user_' | sort -u
}

for a in $STRICT $INFO; do
  [ -f "$dir/${a%%:*}" ] || { echo "symbols: $dir/${a%%:*} is missing: run make first" >&2; exit 99; }
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

# The bench's and the site's own prefixes (gr_bench_, gr_site_), and the
# layers: driver -> bench -> site -> harness, experiments -> harness ->
# stats -> physics.  The link order enforces them too; this says which name
# broke one.
own_prefix() { # archive prefix
  bad=$(exported "$1" | grep -v "^$2" || true)
  if [ -n "$bad" ]; then
    echo "symbols: $1 exports names without the $2 prefix:" >&2
    printf '%s\n' "$bad" | sed 's/^/  /' >&2
    status=1
  fi
}
calls_up() { # archive layer-name prefix...
  a=$1 what=$2
  shift 2
  for p in "$@"; do
    up=$(nm -u "$dir/$a" | awk '{print $NF}' | grep "^$p" | sort -u || true)
    if [ -n "$up" ]; then
      echo "symbols: $a calls $what, against the layers:" >&2
      printf '%s\n' "$up" | sed 's/^/  /' >&2
      status=1
    fi
  done
}
own_prefix libgrbench.a gr_bench_
own_prefix libgrsite.a gr_site_
calls_up libgrsite.a "the bench" gr_bench_
for a in libgrharness.a libgrexperiments.a; do
  calls_up "$a" "the bench or the site" gr_bench_ gr_site_
done
# statistics and physics below the harness: nothing of the run context
for a in libgrstats.a libgrphysics.a; do
  calls_up "$a" "the harness or a layer above it" gr_ctx_ gr_report_ gr_site_ gr_bench_
done
exit $status
