#!/bin/sh
# granrepro CI: compare two report folders of the same source and seed made
# on two architectures (x86-64 native, aarch64 under qemu-user; issue 26).
#
#   tests/cross_arch.sh [--same-bytes] REPORT_A REPORT_B
#
# Every verdict row must be the same in both (quantity and verdict, by the
# columns' names): exit 1 naming the rows that are not.  Then the text
# outputs (*.dat, summary.tsv, notes.md) are compared byte for byte and
# every file that differs is listed, marked "(measured times)" where it
# holds timings that differ between any two runs (README: determinism);
# the last line counts the identical files.  With --same-bytes (two builds
# on one architecture: gcc and clang) a differing file that holds no
# measured times is an error too.  Not part of make check: CI runs it
# after the quick runs (.ci/aarch64, .ci/tsan).
set -u
strict=0
[ "${1:-}" = --same-bytes ] && { strict=1; shift; }
a=${1:?usage: cross_arch.sh [--same-bytes] REPORT_A REPORT_B}
b=${2:?usage: cross_arch.sh [--same-bytes] REPORT_A REPORT_B}

# quantity<TAB>verdict of a summary.tsv, by the header's column names.
verdicts() {
  awk -F '\t' '/^#/ { next } !h++ { for (i = 1; i <= NF; i++) if ($i == "verdict") c = i; next }
    { print $1 "\t" $c }' "$1"
}

# Files that hold measured times (README, "--seed N"): they differ anyway.
timed() {
  case $1 in
  */sweetman-neighbors/fig-4-[123].dat | */sweetman-neighbors/table-4-2.dat) return 0 ;;
  */sweetman-neighbors/summary.tsv | */sweetman-neighbors/notes.md) return 0 ;;
  */buchholtz-poeschel/fig4-measured.dat) return 0 ;;
  */buchholtz-poeschel/summary.tsv | */buchholtz-poeschel/notes.md) return 0 ;;
  esac
  return 1
}

status=0
for s in "$a"/*/summary.tsv; do
  exp=$(basename "$(dirname "$s")")
  if [ ! -f "$b/$exp/summary.tsv" ]; then
    echo "cross_arch: $exp has no summary.tsv in $b"
    status=1
    continue
  fi
  verdicts "$s" >"${TMPDIR:-/tmp}/xa.$$.a"
  verdicts "$b/$exp/summary.tsv" >"${TMPDIR:-/tmp}/xa.$$.b"
  if cmp -s "${TMPDIR:-/tmp}/xa.$$.a" "${TMPDIR:-/tmp}/xa.$$.b"; then
    echo "verdicts equal: $exp ($(wc -l <"${TMPDIR:-/tmp}/xa.$$.a") rows)"
  else
    echo "verdicts DIFFER: $exp"
    diff "${TMPDIR:-/tmp}/xa.$$.a" "${TMPDIR:-/tmp}/xa.$$.b" | sed 's/^/  /'
    status=1
  fi
done
rm -f "${TMPDIR:-/tmp}/xa.$$.a" "${TMPDIR:-/tmp}/xa.$$.b"

n=0
same=0
timedn=0
bytes=0
for f in $(cd "$a" && find . -type f \( -name '*.dat' -o -name summary.tsv -o -name notes.md \) | LC_ALL=C sort); do
  n=$((n + 1))
  if cmp -s "$a/$f" "$b/$f"; then
    same=$((same + 1))
  elif timed "$f"; then
    timedn=$((timedn + 1))
    echo "bytes differ: ${f#./} (measured times)"
  else
    echo "bytes differ: ${f#./}"
    bytes=1
  fi
done
echo "cross_arch: $same of $n files byte-identical; $timedn more hold measured times; verdicts $([ $status -eq 0 ] && echo equal || echo DIFFER)"
[ "$strict" = 1 ] && [ "$bytes" = 1 ] && { echo "cross_arch: --same-bytes: the files above differ"; status=1; }
exit $status
