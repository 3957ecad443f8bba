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
swift test --skip-build --disable-swift-testing "$@"
# The example package: your own effect code (Foundation-only formulas) rendered and checked on Linux.
# Its own build of our modules, unoptimised (its tests draw a few frames).
(cd Examples/StretchyHeader && unset RENDER_FRAMES_OPTIMIZE_PIXELS && swift build --build-tests && swift test --skip-build --disable-swift-testing "$@")
# Without arguments (the whole suite): the Swift API's documentation (the DocC catalog
# Sources/RenderFramesKit/RenderFramesKit.docc and the doc comments), a broken link or any other
# warning failing it.
[ $# -gt 0 ] || swift package generate-documentation --target RenderFramesKit --warnings-as-errors
