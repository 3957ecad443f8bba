#!/usr/bin/env bash
# Runs the test suite. Installs missing system packages first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
# The pixel modules (Raster, Scene, GoldenCompare, Animation, RenderFramesKit) optimised (-O, see
# Package.swift) in the debug build, which keeps its testability: the tests draw and compare thousands
# of frames, about five times faster than unoptimised, and most tests, the executables and the
# dependencies compile quickly unoptimised. The DocC step below reuses this build.
export RENDER_FRAMES_OPTIMIZE_PIXELS=1
swift build --build-tests
# The example package: your own effect code (Foundation-only formulas) and UIKit screens rendered and
# checked on Linux. Its own build of our modules, unoptimised (its tests draw a few frames), made while
# our tests run (they leave a core idle much of the time); its output is shown once it is done.
example_log=$(mktemp)
trap 'rm -f "$example_log"' EXIT
(cd Examples/StretchyHeader && unset RENDER_FRAMES_OPTIMIZE_PIXELS && swift build --build-tests) >"$example_log" 2>&1 &
example_build=$!
status=0
swift test --skip-build --disable-swift-testing "$@" || status=$?
example_status=0
wait "$example_build" || example_status=$?
if [ "$example_status" -ne 0 ]; then
    echo "The example package (Examples/StretchyHeader) did not build:" >&2
    cat "$example_log" >&2
    exit "$example_status"
fi
[ "$status" -eq 0 ] || exit "$status"
(cd Examples/StretchyHeader && unset RENDER_FRAMES_OPTIMIZE_PIXELS && swift test --skip-build --disable-swift-testing "$@")
# Without arguments (the whole suite): the Swift API's documentation (the DocC catalog
# Sources/RenderFramesKit/RenderFramesKit.docc and the doc comments), a broken link or any other
# warning failing it.
[ $# -gt 0 ] || swift package generate-documentation --target RenderFramesKit --warnings-as-errors
