#!/usr/bin/env bash
# Joins a folder of numbered PNG frames into a looping GIF, then checks it (frame count, total
# duration). Kept for scripts that call it: it runs `render-frames encode`, which writes GIF, WebP,
# MP4 and APNG (see README, "render-frames encode").
#
#   scripts/make-gif.sh FRAMES_DIR OUT.gif [--fps N] [--width PX] [--max-bytes SIZE]
#
# GIF delays are whole centiseconds and browsers show delays under 2 cs as 10 cs, so GIF plays at
# most 50 fps; the default is 25 fps (4 cs a frame) and 360 px wide, fitted under 10 MB.
set -euo pipefail
cd_root="$(cd "$(dirname "$0")/.." && pwd)"

if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
[ $# -ge 2 ] || { echo "usage: scripts/make-gif.sh FRAMES_DIR OUT.gif [--fps N] [--width PX] [--max-bytes SIZE]" >&2; exit 2; }
case $2 in
  *.gif|*.GIF) ;;
  *) echo "make-gif: $2: the output must end in .gif (for .webp, .mp4 or .apng use render-frames encode FRAMES OUT)" >&2; exit 2 ;;
esac
# The binary: $RENDER_FRAMES, else a built one, else one on PATH, else build it.
bin=${RENDER_FRAMES:-}
for candidate in "$cd_root/.build/release/render-frames" "$cd_root/.build/debug/render-frames" "$(command -v render-frames || true)"; do
  [ -n "$bin" ] && break
  [ -n "$candidate" ] && [ -x "$candidate" ] && bin=$candidate
done
if [ -z "$bin" ]; then
  (cd "$cd_root" && swift build -c release --product render-frames >&2)
  bin="$cd_root/.build/release/render-frames"
fi
exec "$bin" encode "$@"
