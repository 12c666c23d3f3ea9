#!/bin/sh
# granrepro test: reports/index.html opened in a real browser (headless
# Chromium): the page renders, the verdict table and the figures are in the
# DOM after layout, and a screenshot is taken.  Skipped without chromium.
. "$(dirname "$0")/lib.sh"

browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || skip "chromium not installed (apt-get install chromium)"
have_gnuplot || skip "gnuplot not installed: no figures to show"

flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync
  --user-data-dir=$scratch/profile"

expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$scratch/r" c12
page="file://$scratch/r/index.html"

# shellcheck disable=SC2086
timeout 120 "$browser" $flags --dump-dom "$page" >"$scratch/dom.html" 2>"$scratch/browser.log" ||
  { show "$scratch/browser.log"; fail "chromium could not load $page"; }
assert_has "$scratch/dom.html" '<td class="reproduced">reproduced</td>'
assert_has "$scratch/dom.html" 'c12/task-b-fig2-collisions.svg'
assert_has "$scratch/dom.html" 'task-c/c1.e'

# shellcheck disable=SC2086
timeout 120 "$browser" $flags --window-size=1600,1200 --screenshot="$scratch/index.png" "$page" \
  >>"$scratch/browser.log" 2>&1 || { show "$scratch/browser.log"; fail "no screenshot"; }
size=$(wc -c <"$scratch/index.png")
[ "$size" -gt 50000 ] || fail "screenshot of the report is suspiciously small ($size bytes)"
pass
