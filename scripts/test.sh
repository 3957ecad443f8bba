#!/usr/bin/env bash
# Runs the test suite. Installs missing system packages first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
# Optimised (-O) but with the debug configuration's testability: the tests draw and compare
# thousands of frames, about five times faster than unoptimised, for a build that takes longer.
swift build --build-tests -Xswiftc -O
swift test --skip-build --disable-swift-testing "$@"
# The example package: your own effect code (Foundation-only formulas) rendered and checked on Linux.
(cd Examples/StretchyHeader && swift build --build-tests && swift test --skip-build --disable-swift-testing "$@")
# Without arguments (the whole suite): the Swift API's documentation (the DocC catalog
# Sources/RenderFramesKit/RenderFramesKit.docc and the doc comments), a broken link or any other
# warning failing it.
[ $# -gt 0 ] || swift package generate-documentation --target RenderFramesKit --warnings-as-errors
# Without arguments (the whole suite): the installed binary runs with the Swift toolchain hidden.
[ $# -gt 0 ] || bash scripts/check-install.sh
