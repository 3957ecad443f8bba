#!/usr/bin/env bash
# Renders the default demo (the profile header on an iPhone 15 at @3x) into ./frames and makes
# ./demo.gif from it. Installs missing system packages first.
#   scripts/demo.sh [extra render-frames options]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product render-frames
rm -rf frames
.build/release/render-frames --out frames "$@"
bash scripts/make-gif.sh frames demo.gif --width 393
