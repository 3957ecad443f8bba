#!/usr/bin/env bash
# Renders every scenario, makes and checks its GIF, and compares its golden frames without
# recording: one command for CI, for this repository's scenarios or your own.
#
#   scripts/ci-demo.sh [--out DIR] [--shard I/N] [--goldens DIR] [SCENARIOS...]
#
# SCENARIOS are scenario files or folders of them (default Fixtures/scenarios). The goldens of
# scenario NAME.yaml are GOLDENS/NAME/ (default Fixtures/golden), rendered at scale 1 (record them
# with render-frames NAME.yaml --scale 1 --frames LIST --layout --golden GOLDENS/NAME --record all).
# Output in DIR (default ci-demo): gifs/<name>.gif, frames/<name>/, failures/<name>/ (expected /
# actual / diff images of frames that differ), report/index.html (the HTML report), summary.txt.
# Run again into the same DIR, scenarios whose frames are up to date are skipped (their GIFs kept).
# With --shard I/N only the I-th of N contiguous blocks of the scenarios is done (a CI matrix;
# each shard has its own DIR). The tool is $RENDER_FRAMES if set, else built here. Exit 1 when a
# golden differs or a GIF fails its check, 2 on bad input.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out=ci-demo; shard=""; goldens=""; inputs=()
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    --shard) shard=${2:?--shard needs I/N}; shift 2 ;;
    --goldens) goldens=${2:?--goldens needs a folder}; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "ci-demo: unknown option $1 (use --out DIR, --shard I/N, --goldens DIR, then scenario files or folders)" >&2; exit 2 ;;
    *) inputs+=("$1"); shift ;;
  esac
done
[ ${#inputs[@]} -gt 0 ] || inputs=("$root/Fixtures/scenarios")
[ -n "$goldens" ] || goldens="$root/Fixtures/golden"
all=()
for input in "${inputs[@]}"; do
  if [ -d "$input" ]; then
    mapfile -t found < <(find "$input" -maxdepth 1 -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) | sort)
    [ ${#found[@]} -gt 0 ] || { echo "ci-demo: $input: no scenario files (*.yaml, *.yml, *.json) in this folder" >&2; exit 2; }
    all+=("${found[@]}")
  elif [ -f "$input" ]; then
    all+=("$input")
  else
    echo "ci-demo: $input: no such scenario file or folder" >&2; exit 2
  fi
done
if [ -n "${RENDER_FRAMES:-}" ]; then
  bin=$RENDER_FRAMES
else
  (cd "$root" && bash scripts/setup.sh && swift build -c release --product render-frames >/dev/null)
  bin="$root/.build/release/render-frames"
fi

scenarios=("${all[@]}")
if [ -n "$shard" ]; then
  i=${shard%/*}; n=${shard#*/}
  if ! [[ $i =~ ^[0-9]+$ && $n =~ ^[0-9]+$ ]] || [ "$i" -lt 1 ] || [ "$i" -gt "$n" ]; then
    echo "ci-demo: --shard $shard is not I/N with 1 <= I <= N" >&2; exit 2
  fi
  lo=$(( (i - 1) * ${#all[@]} / n )); hi=$(( i * ${#all[@]} / n ))
  scenarios=("${all[@]:lo:hi-lo}")
fi

# Frames and GIFs stay between runs: a scenario whose frames are up to date (same scenario,
# images, settings and tool) is not rendered again, nor its GIF made again.
rm -rf "$out/failures" "$out/report" "$out/summary.txt"
mkdir -p "$out/gifs" "$out/frames" "$out/failures"
status=0
summary="$out/summary.txt"
: > "$summary"
for scenario in "${scenarios[@]}"; do
  name=$(basename "$scenario"); name=${name%.*}
  # The demo at scale 1 for the GIF (the README's size), checked by make-gif.
  rendered=$("$bin" "$scenario" --scale 1 --out "$out/frames/$name" 2>&1) || { echo "$rendered" >&2; exit 2; }
  if [[ $rendered == "up to date:"* ]] && [ -s "$out/gifs/$name.gif" ]; then
    echo "$name: unchanged (frames up to date; $out/gifs/$name.gif kept)" >> "$summary"
  elif gif=$(RENDER_FRAMES="$bin" bash "$root/scripts/make-gif.sh" "$out/frames/$name" "$out/gifs/$name.gif" --fps 25 --width 300 2>&1); then
    echo "$name: $gif" >> "$summary"
  else
    rm -f "$out/gifs/$name.gif"
    echo "$name: GIF FAILED: $gif" >> "$summary"; status=1
  fi
  # Golden frames, compared and never recorded.
  golden="$goldens/$name"
  if [ -d "$golden" ]; then
    list=$(ls "$golden" | grep -E '^[0-9]{4,}\.png$' | sed 's/\.png$//; s/^0*\([0-9]\)/\1/' | paste -sd, -)
    if result=$("$bin" "$scenario" --scale 1 --frames "$list" --layout --quiet --out "$out/golden-frames/$name" \
        --golden "$golden" --record never --diff "$out/failures/$name" --report "$out/report" 2>&1); then
      echo "$name: goldens: $(echo "$result" | tail -n1)" >> "$summary"
    else
      echo "$name: GOLDENS DIFFER:" >> "$summary"; echo "$result" | sed 's/^/  /' >> "$summary"; status=1
    fi
  else
    echo "$name: no goldens in $golden" >> "$summary"
  fi
done
echo "report: $out/report/index.html" >> "$summary"
cat "$summary"
exit $status
