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
# Beside our tests, in turn (each needs SwiftPM's lock, which our tests, run from their binary, do
# not): the example package, your own effect code (Foundation-only formulas) and UIKit screens
# rendered and checked on Linux, a package of its own that depends on ours by path as yours would
# (its build reuses this one's modules: the same scratch folder and settings, so it compiles only
# its own code); then, for the whole suite, the Swift API's documentation (the DocC catalog
# Sources/RenderFramesKit/RenderFramesKit.docc and the doc comments), a broken link or any other
# warning failing it. Their output is shown after ours.
side_log=$(mktemp) cli_log=$(mktemp)
trap 'rm -f "$side_log" "$cli_log"' EXIT
(
    status=0
    echo "The example package (Examples/StretchyHeader), in Swift 6 language mode, then in Swift 5 mode (an app's) and tested:"
    (cd Examples/StretchyHeader && STRETCHY_HEADER_SWIFT_6=1 swift build --build-tests --scratch-path ../../.build &&
        swift build --build-tests --scratch-path ../../.build &&
        swift test --skip-build --scratch-path ../../.build --disable-swift-testing "$@") || status=$?
    echo "The storyboard app (Examples/ProfileApp) ported again by render-frames port, built and tested against its goldens:"
    ("$(swift build --show-bin-path)/render-frames" port Examples/ProfileApp/ProfileApp --out Examples/ProfileApp/ProfileApp-Linux \
        --screen ProfileViewController && cd Examples/ProfileApp/ProfileApp-Linux &&
        swift build --build-tests --scratch-path ../../../.build &&
        swift test --skip-build --scratch-path ../../../.build --disable-swift-testing "$@") || status=$?
    if [ $# -eq 0 ]; then
        echo "The documentation (swift package generate-documentation --target RenderFramesKit):"
        swift package generate-documentation --target RenderFramesKit --warnings-as-errors || status=$?
    fi
    exit "$status"
) >"$side_log" 2>&1 &
side=$!
status=0
tests="$(swift build --show-bin-path)/render-framesPackageTests.xctest"
if [ $# -gt 0 ]; then
    swift test --skip-build --disable-swift-testing "$@" || status=$?
else
    # The whole suite, from the test binary, in two processes of about equal length: the
    # command-line tests, which mostly wait for the processes they start, beside all the others
    # (with the command-line tests' determinism check, the longest).
    classes=$("$tests" --list-tests | grep / | sed 's#/.*##' | sort -u)
    cli_classes=$(grep '^CLITests\.' <<<"$classes" | grep -v '^CLITests\.DeterminismTests$')
    "$tests" "$(paste -sd, - <<<"$cli_classes")" >"$cli_log" 2>&1 &
    cli=$!
    "$tests" "$(grep -vxF "$cli_classes" <<<"$classes" | paste -sd, -)" || status=$?
    wait "$cli" || status=$?
    echo "The command-line tests (CLITests):"
    cat "$cli_log"
fi
side_status=0
wait "$side" || side_status=$?
cat "$side_log"
[ "$status" -eq 0 ] || exit "$status"
[ "$side_status" -eq 0 ] || exit "$side_status"
