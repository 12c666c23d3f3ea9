#!/bin/sh
# granrepro test: the report as a whole is never half-written (issue 13,
# "The report"):
#  - a run killed with SIGTERM at any instant leaves a report whose front
#    page and experiment pages name only files that exist (no broken image
#    or link), and the results of the experiments that finished are on
#    stdout (flushed per experiment) and in the front page;
#  - stale .<exp>.new-<pid> / .<exp>.old-<pid> folders of dead runs are
#    cleaned at the start of the next run (those of live runs are kept);
#  - --out R with R/index.html a folder fails (exit 2) before any
#    experiment folder changes; R/records a file is an error (exit 2);
#  - a failed run does not leave behind an empty --out folder.
# Each item is a function; ITEMS="killed stale" runs only those (to show
# that an item fails with an older binary: GRANREPRO=old ITEMS=... sh ...).
. "$(dirname "$0")/lib.sh"

# links_ok PAGE: every relative src= and href= of PAGE names an existing
# file or folder (relative to the page's folder).
links_ok() {
  _dir=$(dirname "$1")
  grep -o -e 'src="[^"]*"' -e 'href="[^"#]*"' "$1" | sed 's/^[a-z]*="//; s/"$//' |
    while IFS= read -r _l; do
      case $_l in http:* | https:* | '') continue ;; esac
      [ -e "$_dir/$_l" ] || echo "$1: broken link $_l"
    done >"$scratch/broken"
  [ ! -s "$scratch/broken" ] || { show "$scratch/broken"; fail "broken links in $1 ($2)"; }
}

# report_ok DIR LABEL: the front page and every experiment page link only
# to existing files; every experiment folder on disk is linked from the
# front page.
report_ok() {
  [ -f "$1/index.html" ] || fail "$2: no front page $1/index.html"
  links_ok "$1/index.html" "$2"
  for _s in "$1"/*/summary.tsv; do
    [ -f "$_s" ] || continue
    _e=$(basename "$(dirname "$_s")")
    assert_has "$1/index.html" "href=\"$_e/"
    [ ! -f "$1/$_e/index.html" ] || links_ok "$1/$_e/index.html" "$2"
  done
}

# dead_pid: the pid of a process that has exited.
dead_pid() {
  sh -c 'exit 0' &
  _p=$!
  wait "$_p"
  echo "$_p"
}

# a killed run: first an older report whose c12 page shows a figure
# that the next run does not produce.
item_killed() {
  rep=$scratch/rep
  expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$rep" c12 vdw
  for x in svg png gp; do
    cp "$rep/c12/task-c2-histogram.$x" "$rep/c12/zz-old-figure.$x" || fail "cannot copy a figure"
  done
  expect_exit 0 "$GRANREPRO" report --out "$rep"
  grep -q 'src="[a-z0-9/]*zz-old-figure.svg"' "$rep/index.html" "$rep/c12/index.html" 2>/dev/null ||
    fail "the old report does not show the extra figure"
  report_ok "$rep" "the old report"

  : >"$rep/vdw/zz-marker" || fail "cannot mark vdw's folder"
  "$GRANREPRO" run --quick --no-progress --out "$rep" c12 vdw greenspan \
    >"$scratch/killed.out" 2>"$scratch/killed.err" &
  pid=$!
  # kill once c12's result is on stdout, or at the latest when vdw's
  # folder has been replaced too (a run that does not flush per experiment)
  i=0
  until grep -q '^c12 ' "$scratch/killed.out" 2>/dev/null || [ ! -e "$rep/vdw/zz-marker" ]; do
    i=$((i + 1))
    [ $i -le 3000 ] || { kill -TERM $pid; fail "c12 and vdw not finished after 300 s"; }
    sleep 0.1
  done
  kill -TERM $pid 2>/dev/null
  wait $pid
  report_ok "$rep" "SIGTERM after c12"
  [ ! -e "$rep/c12/zz-old-figure.svg" ] || fail "c12 was not replaced"
  grep -q '^c12 ' "$scratch/killed.out" ||
    { show "$scratch/killed.out"; fail "c12's result line is not on stdout after SIGTERM (stdout not flushed per experiment)"; }

  # at other instants (startup, computing, rendering, between experiments)
  for delay in 0.05 0.3 0.7 1.2 2 3; do
    "$GRANREPRO" run --quick --no-progress --out "$rep" c12 vdw >/dev/null 2>&1 &
    pid=$!
    sleep $delay
    kill -TERM $pid 2>/dev/null
    wait $pid
    report_ok "$rep" "SIGTERM after $delay s"
  done
}

# stale temporaries: those of dead runs go, those of live runs stay
item_stale() {
  [ -d "$rep/c12" ] && [ -d "$rep/vdw" ] ||
    expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$rep" c12 vdw
  dead=$(dead_pid)
  kill -0 "$dead" 2>/dev/null && fail "pid $dead still alive"
  sleep 60 &
  live=$!
  mkdir "$rep/.c12.new-$dead" "$rep/.c12.old-$dead" "$rep/.vdw.new-$live" "$rep/.c12.old-$dead.x" &&
    : >"$rep/.c12.new-$dead/summary.tsv" || fail "cannot make temporaries"
  rm -rf "$rep/vdw" && cp -R "$rep/c12" "$rep/.vdw.old-$dead" || fail "cannot make an interrupted swap"
  expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$rep" c12
  [ ! -e "$rep/.c12.new-$dead" ] || fail "stale .c12.new-$dead not removed"
  [ ! -e "$rep/.c12.old-$dead" ] || fail "stale .c12.old-$dead not removed"
  [ ! -e "$rep/.vdw.old-$dead" ] || fail "stale .vdw.old-$dead not handled"
  [ -f "$rep/vdw/summary.tsv" ] || fail "the folder of an interrupted swap (.vdw.old-$dead) was not put back"
  [ -d "$rep/.vdw.new-$live" ] || fail "the temporary folder of a live run (.vdw.new-$live) was removed"
  [ -d "$rep/.c12.old-$dead.x" ] || fail "a folder not named like a temporary was removed"
  kill $live
  rmdir "$rep/.vdw.new-$live" "$rep/.c12.old-$dead.x"
  report_ok "$rep" "after cleaning"
  no_temporaries "$rep"
}

# R/index.html a folder: exit 2 before anything changes
item_bad_index() {
  bad_out=$scratch/bad-index
  expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$bad_out" c12
  rm "$bad_out/index.html" && mkdir "$bad_out/index.html" || fail "cannot make index.html a folder"
  tree_state "$bad_out" >"$scratch/before"
  expect_exit 2 "$GRANREPRO" run --quick --no-progress --out "$bad_out" c12
  assert_has "$stderr_file" "$bad_out/index.html"
  tree_state "$bad_out" >"$scratch/after"
  cmp -s "$scratch/before" "$scratch/after" ||
    { diff "$scratch/before" "$scratch/after" >&2; fail "index.html a folder: the report was changed"; }
  expect_exit 2 "$GRANREPRO" report --out "$bad_out"
  assert_has "$stderr_file" "$bad_out/index.html"
}

# R/records a file: exit 2 before anything changes
item_records_file() {
  bad_out=$scratch/bad-records
  expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$bad_out" c12
  rm -r "$bad_out/records" && echo "not a folder" >"$bad_out/records" || fail "cannot make records a file"
  tree_state "$bad_out" >"$scratch/before"
  expect_exit 2 "$GRANREPRO" run --quick --no-progress --out "$bad_out" c12
  assert_has "$stderr_file" "$bad_out/records"
  tree_state "$bad_out" >"$scratch/after"
  cmp -s "$scratch/before" "$scratch/after" || fail "records a file: the report was changed"
}

# a failed run leaves no empty --out folder (nor its new parents)
item_failed_run() {
  ref=$scratch/ref-broken
  copy_ref "$ref"
  rm "$ref/argesim-c12/task-b.tsv" || fail "cannot remove task-b.tsv"
  expect_exit 2 "$GRANREPRO" run --quick --no-progress --ref "$ref" --out "$scratch/fresh/report" c12
  [ ! -e "$scratch/fresh" ] || fail "a failed run left the folder $scratch/fresh behind"
  mkdir "$scratch/kept" || fail "cannot mkdir"
  expect_exit 2 "$GRANREPRO" run --quick --no-progress --ref "$ref" --out "$scratch/kept" c12
  [ -d "$scratch/kept" ] || fail "a failed run removed an --out folder it did not create"
  no_temporaries "$scratch"
}

rep=$scratch/rep
for item in ${ITEMS:-killed stale bad_index records_file failed_run}; do
  "item_$item"
done
pass
