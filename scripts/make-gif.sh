#!/usr/bin/env bash
# Joins a folder of numbered PNG frames into a looping GIF with ffmpeg's two-pass palette, then
# checks the result with ffprobe (frame count, every delay, total duration).
#
#   scripts/make-gif.sh FRAMES_DIR OUT.gif [--fps N] [--width PX]
#
# GIF delays are whole centiseconds and browsers show delays under 2 cs as 10 cs, so 60 fps cannot
# be shown: without --fps, sources of 50 fps or more become 50 fps (2 cs a frame, by dropping
# frames), slower sources keep their rate and ffmpeg's 1/100 s time base rounds the delays
# cumulatively (30 fps: 3, 4, 3, 3, 4, 3 cs ...), so the total duration stays right.
set -euo pipefail

usage() { echo "usage: scripts/make-gif.sh FRAMES_DIR OUT.gif [--fps N] [--width PX]" >&2; exit 2; }
[ $# -ge 2 ] || usage
frames=$1; out=$2; shift 2
fps=""; width=""
while [ $# -gt 0 ]; do
  case $1 in
    --fps) fps=${2:-}; shift 2 || usage ;;
    --width) width=${2:-}; shift 2 || usage ;;
    *) echo "make-gif: unknown option $1" >&2; usage ;;
  esac
done
for tool in ffmpeg ffprobe; do
  command -v $tool >/dev/null || { echo "make-gif: $tool is missing; run scripts/setup.sh" >&2; exit 2; }
done
[ -d "$frames" ] || { echo "make-gif: $frames: no such folder" >&2; exit 2; }
manifest="$frames/manifest.json"
[ -f "$manifest" ] || { echo "make-gif: $manifest is missing; render the frames with render-frames first" >&2; exit 2; }

# Source rate from the manifest; frames from the folder (they must be consecutive).
src_fps=$(sed -n 's/^ *"fps" *: *\([0-9.]*\).*/\1/p' "$manifest" | head -n1)
[ -n "$src_fps" ] || { echo "make-gif: no fps in $manifest" >&2; exit 2; }
mapfile -t files < <(cd "$frames" && ls | grep -E '^[0-9]{4,}\.png$' | sort)
[ ${#files[@]} -gt 0 ] || { echo "make-gif: no NNNN.png frames in $frames" >&2; exit 2; }
first=${files[0]%.png}; last=${files[-1]%.png}
digits=${#first}
count=${#files[@]}
if [ $((10#$last - 10#$first + 1)) -ne "$count" ]; then
  echo "make-gif: frames $first..$last are not consecutive ($count files); render a contiguous range" >&2; exit 2
fi

if [ -z "$fps" ]; then
  fps=$(awk -v f="$src_fps" 'BEGIN { print (f >= 50 ? 50 : f) }')
fi
awk -v f="$fps" 'BEGIN { exit !(f > 0 && f <= 50) }' || { echo "make-gif: --fps must be above 0 and at most 50 (GIF delays under 2 cs are not shown as such), got $fps" >&2; exit 2; }

duration=$(awk -v n="$count" -v f="$src_fps" 'BEGIN { printf "%.4f", n / f }')
expected=$(awk -v d="$duration" -v f="$fps" 'BEGIN { printf "%d", d * f + 0.5 }')
# The last frame's delay from the same cumulative schedule (ffmpeg would round it up on its own).
final_delay=$(awk -v n="$expected" -v f="$fps" -v d="$duration" 'BEGIN {
  total = int(d * 100 + 0.5); start = int((n - 1) * 100 / f + 0.5); v = total - start; print (v < 2 ? 2 : v) }')

scale=""
[ -n "$width" ] && scale="scale=${width}:-2:flags=lanczos,"
filter="fps=${fps},${scale}split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle"
tmp="$out.tmp.gif"
ffmpeg -v error -y -framerate "$src_fps" -start_number "$((10#$first))" -i "$frames/%0${digits}d.png" \
  -filter_complex "$filter" -loop 0 -final_delay "$final_delay" "$tmp"

# Check: frame count, each delay at least 2 cs, and the total duration.
delays=$(ffprobe -v error -select_streams v:0 -show_entries packet=duration_time -of csv=p=0 "$tmp")
got=$(echo "$delays" | grep -c .)
total=$(echo "$delays" | awk '{ s += $1 } END { printf "%.4f", s }')
shortest=$(echo "$delays" | sort -g | head -n1)
problems=()
[ $((got - expected)) -le 1 ] && [ $((expected - got)) -le 1 ] || problems+=("$got frames, expected $expected")
awk -v s="$shortest" 'BEGIN { exit !(s >= 0.02) }' || problems+=("a delay of ${shortest}s is under 2 cs")
awk -v t="$total" -v d="$duration" -v f="$fps" 'BEGIN { e = t - d; if (e < 0) e = -e; exit !(e <= 0.0101) }' \
  || problems+=("total duration ${total}s, expected ${duration}s")
if [ ${#problems[@]} -gt 0 ]; then
  rm -f "$tmp"
  echo "make-gif: the GIF failed its check: ${problems[*]}" >&2
  exit 1
fi
mv "$tmp" "$out"
echo "make-gif: $out: $got frames at $fps fps, ${total}s (source: $count frames at $src_fps fps), $(stat -c %s "$out") bytes"
