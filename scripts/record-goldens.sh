#!/usr/bin/env bash
# Re-records the golden frames with the tool itself, through the path users' goldens take:
# renders each golden scenario at scale 1, only the frames listed below, and records them with
# `--golden Fixtures/golden/<scenario> --record all`. Look at the PNGs before committing them.
# (The tests check them through the same GoldenCheck; RENDER_FRAMES_RECORD=all swift test
# --filter GoldenFrameTests records from there.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --product render-frames
# scenario : frames (rest, pulled 120 pt, half way to the stop, just past the stop,
#            title sliding in, title and blur fully in)
record() {
  local name=$1 frames=$2
  local out
  out=$(mktemp -d)
  rm -rf "Fixtures/golden/$name"
  .build/debug/render-frames "Fixtures/scenarios/$name.yaml" --scale 1 --frames "$frames" --layout --quiet \
    --out "$out" --golden "Fixtures/golden/$name" --record all
  rm -rf "$out"
}
record profile "0,66,170,193,203,240"
# pulling (finger down), released at the deepest pull, springing back, the fling up under the
# finger, coasting past the stop, nearly stopped with the title in, bouncing at the top, at rest
record profile-gestures "0,50,84,100,146,200,290,320,380"
record profile-dark "0,15,60,74"
# rest, pulled (photo taller), shrinking, the bar fading in (alpha 0.32), the bar in, bouncing at
# the bottom, bouncing at the top
record stretchy-table "0,75,170,200,250,300,430"
# rest, pulled (deltaY 130 and 161), springing back, coasting through the grid, at the bottom,
# bouncing at the top
record stretchy-collection "0,50,75,100,175,250,300"
# rest (6 rows measured), the 7th measured, coasting (12 measured), all 24 measured, at the bottom,
# bouncing at the top with every row measured
record self-sizing-mail "0,87,144,207,240,330"
# Scenes written only in the layer language.
# rest, pulled (the photo stretched to 436 pt), springing back, scrolled (parallax at half speed),
# furthest up, on the way back
record parallax-header "0,54,90,150,190,260"
# rest, pulled (the large title grown), collapsing, collapsed (bar and inline title in), half way
# back (the inline title fading), at rest again
record collapsing-large-title "0,48,110,160,190,245"
# rest, the first card leaving under the bar, the drag's end, coasting back, bouncing at the top
record cards-scroll-transition "0,40,70,120,200,300"
# The classic 20 pt status bar (carrier, custom time, charging): at rest, pulled, the bar in, at rest
record classic-status-bar "0,18,80,130"
# Issue 14's screens. Settings: at rest (large title, search bar), pulled (the title grown), the
# search field shrinking, the large title half gone, collapsed (inline title, material), coasting
record settings-grouped "0,50,90,100,120,200"
# A plain table: rest, a header pinned, the next header pushing it up, a later header pinned
record table-sticky-headers "0,24,30,100"
# Every variant (iPhone and iPad, light and dark): rest, pulled, the segments pinned, coasting
record tabbed-profile "0,45,105,150"
# Four scripts and emoji at two text sizes: at rest, pushed up (the header stuck, the rows under it)
record international "0,120"
# A paging carousel layer (scroll:) over the vertical scroll: rest, mid sideways drag, on the
# second card (dots follow), mid fling to the third, the screen scrolling under a finger, at rest
record carousel "0,9,30,38,60,90"
# a profile block laid out by height: fit and stack: at rest, dragged past its end under the bar
record fitted-profile "0,30"
# Animations a scenario starts (over: tap, over: time): rest, the Follow button's tap (finger
# down), its spring and colour change mid-way, the banner sliding in, overshooting, the tap on
# the banner (finger down), the banner fading
record tap-animations "0,16,20,50,54,76,84"
# A toggled tap and a long press (toggle, begin: current, over: longPress): rest, following and
# swelling, just after the second tap (still widest), turning back, unfollowed at rest, the card
# lifting under the held finger, lifted
record tap-toggles "0,16,22,25,45,84,95"
