#!/usr/bin/env bash
# Renders the default demo (the profile header on an iPhone 15 at @3x) into ./frames, then makes
# ./demo.webp and ./demo.gif from it at a README width (360 px, 25 fps: under 2 MB and 5 MB).
# Installs missing system packages first.
#   scripts/demo.sh [extra render-frames options]
#   scripts/demo.sh --help
set -euo pipefail
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product render-frames
rm -rf frames
.build/release/render-frames --out frames "$@"
# Its first line says the route: the frames drawn again from the scenario (its inputs unchanged since
# the render just made), or the PNGs decoded, and why.
.build/release/render-frames encode frames demo.webp demo.gif
