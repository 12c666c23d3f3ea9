#!/bin/sh
# granrepro test: the report site opened in a real browser (headless
# Chromium): the front page (reports/index.html) lists the experiments with
# links to their pages; an experiment's page renders its verdict tables,
# figures and analysis (notes.md's Markdown as HTML); every image of both
# pages loaded (naturalWidth > 0, read by a small script appended to a copy
# of the page); a page with a missing image is caught (so the check can
# fail); a screenshot is taken.  Skipped
# without chromium or gnuplot.
. "$(dirname "$0")/lib.sh"

browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || skip "chromium not installed (apt-get install chromium)"
have_gnuplot || skip "gnuplot not installed: no figures to show"

flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync
  --user-data-dir=$scratch/profile"

# dom PAGE OUT: the DOM of PAGE after load, in OUT.
dom() {
  # shellcheck disable=SC2086
  timeout 120 "$browser" $flags --virtual-time-budget=10000 --dump-dom "file://$1" >"$2" 2>>"$scratch/browser.log" ||
    { show "$scratch/browser.log"; fail "chromium could not load $1"; }
}

# images PAGE: "images N broken K: srcs" as the browser saw PAGE (a copy
# with a script that counts the images that did not load).
images() {
  _copy=$(dirname "$1")/.imgcheck.html
  cat "$1" - >"$_copy" <<'EOF'
<script>
window.addEventListener('load', function () {
  var imgs = document.images, bad = [], i, p;
  for (i = 0; i < imgs.length; i++)
    if (!(imgs[i].complete && imgs[i].naturalWidth > 0))
      bad.push(imgs[i].getAttribute('src'));
  p = document.createElement('pre');
  p.id = 'imgcheck';
  p.textContent = 'images ' + imgs.length + ' broken ' + bad.length + ': ' + bad.join(' ');
  document.body.appendChild(p);
});
</script>
EOF
  dom "$_copy" "$scratch/imgcheck.html"
  rm -f "$_copy"
  sed -n 's/.*<pre id="imgcheck">\([^<]*\)<.*/\1/p' "$scratch/imgcheck.html"
}

# all_loaded PAGE MIN: at least MIN images, every one loaded.
all_loaded() {
  _seen=$(images "$1")
  echo "$1: $_seen"
  case $_seen in
  "images "*" broken 0: ") ;;
  *) fail "$1: not every image loaded ($_seen)" ;;
  esac
  _n=$(echo "$_seen" | sed 's/images \([0-9]*\) .*/\1/')
  [ "$_n" -ge "$2" ] || fail "$1: $_n images, expected at least $2"
}

expect_exit 0 "$GRANREPRO" run --quick --no-progress --out "$scratch/r" c12 vdw

# the front page: one row per experiment, linking to its page
dom "$scratch/r/index.html" "$scratch/index.dom"
assert_has "$scratch/index.dom" '<a href="c12/index.html">c12</a>'
assert_has "$scratch/index.dom" '<a href="vdw/index.html">vdw</a>'
assert_has "$scratch/index.dom" '<th>paper results</th><th>other rows, by kind</th>'
all_loaded "$scratch/r/index.html" 0

# an experiment's page: verdict tables beside their figures, the analysis
dom "$scratch/r/c12/index.html" "$scratch/c12.dom"
assert_has "$scratch/c12.dom" '<td class="reproduced">reproduced</td>'
assert_has "$scratch/c12.dom" 'task-c/c1.e'
assert_has "$scratch/c12.dom" '<img src="task-b-fig2-collisions.svg"'
assert_has "$scratch/c12.dom" '<a href="../index.html">'
assert_has "$scratch/c12.dom" '<h2>Analysis</h2>'
assert_has "$scratch/c12.dom" '<code>granrepro run --shard K/N c12</code>'
nfig=$(find "$scratch/r/c12" -name '*.svg' | wc -l)
[ "$nfig" -ge 5 ] || fail "c12 rendered only $nfig figures"
all_loaded "$scratch/r/c12/index.html" "$nfig"
all_loaded "$scratch/r/vdw/index.html" 5

# the check itself: a page whose image file is gone is caught
cp -R "$scratch/r/c12" "$scratch/r/broken" || fail "cannot copy c12"
rm "$scratch/r/broken/task-b-fig2-collisions.svg"
seen=$(images "$scratch/r/broken/index.html")
case $seen in
*" broken 1: task-b-fig2-collisions.svg") ;;
*) fail "a missing image was not detected ($seen)" ;;
esac
rm -r "$scratch/r/broken"

# shellcheck disable=SC2086
timeout 120 "$browser" $flags --window-size=1600,1200 --screenshot="$scratch/page.png" "file://$scratch/r/c12/index.html" \
  >>"$scratch/browser.log" 2>&1 || { show "$scratch/browser.log"; fail "no screenshot"; }
size=$(wc -c <"$scratch/page.png")
[ "$size" -gt 50000 ] || fail "screenshot of the c12 page is suspiciously small ($size bytes)"
pass
