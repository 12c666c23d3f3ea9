#!/bin/sh
# granrepro tests (issue 13): .gitignore covers every program `make` and
# `make check` build (every tests/check_* and fuzz program,
# the driver, the libraries) and their logs and objects, so an in-tree
# build leaves `git status` clean; sources stay visible.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

command -v git >/dev/null 2>&1 || skip "git is not installed"
git -C "$top_srcdir" rev-parse --git-dir >/dev/null 2>&1 || skip "$top_srcdir is not a git checkout"
# make distcheck unpacks the tarball inside the checkout (ignored as a whole)
[ "$(cd "$top_srcdir" && pwd -P)" = "$(cd "$(git -C "$top_srcdir" rev-parse --show-toplevel)" && pwd -P)" ] ||
  skip "$top_srcdir is not the top of its git checkout (make distcheck's copy)"

# ignored PATH: git would not offer PATH (relative to the source tree).
ignored() {
  git -C "$top_srcdir" check-ignore -q --no-index "$1" || fail "'$1' is not ignored by .gitignore"
}
# kept PATH: git would offer PATH.
kept() {
  ! git -C "$top_srcdir" check-ignore -q --no-index "$1" || fail "'$1' is ignored by .gitignore"
}

# the programs tests/Makefile.inc and tests/fuzz/Makefile.inc build:
# tests/check_<module> from each tests/check_<module>.c, a replay_<target>
# from each fuzz_<target>.c
progs=$(cd "$top_srcdir" && {
  ls tests/check_*.c | sed 's/\.c$//'
  ls tests/fuzz/fuzz_*.c | grep -v 'fuzz_fail' | sed 's|fuzz/fuzz_\(.*\)\.c$|fuzz/replay_\1|'
})
[ -n "$progs" ] || fail "no test programs found in tests/"
for p in $progs granrepro tests/fuzz/fuzz_ref tests/fuzz/fuzz_record tests/fuzz/fuzz_cli; do
  ignored "$p"
  ignored "$p.o"
  ignored "$p.log"
  ignored "$p.trs"
done
for p in libgranrepro.a test-suite.log config.h config.log tests/fuzz/obj/src_cli.o \
  tests/fuzz/work/ref/0123abcd tests/fuzz/crashes/cli/crash-0123abcd tests/tmp/x/y \
  tests/determinism.sh.log tests/.dirstamp src/harness/.deps/ref.Po; do
  ignored "$p"
done
for p in tests/check_ref.c tests/check_run.h tests/fuzz/replay.c tests/fuzz/fuzz_ref.c \
  tests/fuzz/fuzz.h tests/fuzz/corpus/cli/seed-run tests/gitignore.sh; do
  kept "$p"
done
pass
