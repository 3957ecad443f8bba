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
# The example package: your own effect code (Foundation-only formulas) and UIKit screens rendered and
# checked on Linux. Its own build of our modules, unoptimised (its tests draw a few frames), built and
# tested beside our build and tests (each leaves a core idle much of the time); its output is shown
# after ours.
example_log=$(mktemp)
trap 'rm -f "$example_log"' EXIT
(cd Examples/StretchyHeader && unset RENDER_FRAMES_OPTIMIZE_PIXELS && swift build --build-tests &&
    swift test --skip-build --disable-swift-testing "$@") >"$example_log" 2>&1 &
example=$!
swift build --build-tests
status=0
if [ $# -gt 0 ]; then
    swift test --skip-build --disable-swift-testing "$@" || status=$?
else
    # The whole suite: the Swift API's documentation (the DocC catalog
    # Sources/RenderFramesKit/RenderFramesKit.docc and the doc comments) is built beside the tests, a
    # broken link or any other warning failing it. The tests run from their binary (SwiftPM's lock
    # is the documentation's meanwhile) in two processes of about equal length: the command-line
    # tests, which mostly wait for the processes they start, beside all the others (with the
    # command-line tests' determinism check, the longest).
    tests="$(swift build --show-bin-path)/render-framesPackageTests.xctest"
    docs_log=$(mktemp) cli_log=$(mktemp)
    trap 'rm -f "$example_log" "$docs_log" "$cli_log"' EXIT
    swift package generate-documentation --target RenderFramesKit --warnings-as-errors >"$docs_log" 2>&1 &
    docs=$!
    classes=$("$tests" --list-tests | grep / | sed 's#/.*##' | sort -u)
    cli_classes=$(grep '^CLITests\.' <<<"$classes" | grep -v '^CLITests\.DeterminismTests$')
    "$tests" "$(paste -sd, - <<<"$cli_classes")" >"$cli_log" 2>&1 &
    cli=$!
    "$tests" "$(grep -vxF "$cli_classes" <<<"$classes" | paste -sd, -)" || status=$?
    wait "$cli" || status=$?
    echo "The command-line tests (CLITests):"
    cat "$cli_log"
fi
example_status=0
wait "$example" || example_status=$?
echo "The example package (Examples/StretchyHeader):"
cat "$example_log"
docs_status=0
if [ $# -eq 0 ]; then
    wait "$docs" || docs_status=$?
    echo "The documentation (swift package generate-documentation --target RenderFramesKit):"
    cat "$docs_log"
fi
[ "$status" -eq 0 ] || exit "$status"
[ "$example_status" -eq 0 ] || exit "$example_status"
[ "$docs_status" -eq 0 ] || exit "$docs_status"
