#!/usr/bin/env bash
# Renders every scenario in Fixtures/scenarios, makes and checks its GIF, and compares its golden
# frames (Fixtures/golden/<name>) without recording: one command for CI.
#
#   scripts/ci-demo.sh [--out DIR] [--shard I/N]
#
# Output in DIR (default ci-demo): gifs/<name>.gif, frames/<name>/, failures/<name>/ (expected /
# actual / diff images of frames that differ), report/index.html (the HTML report), summary.txt. With --shard I/N only the I-th of N
# contiguous blocks of the scenarios is done (a CI matrix; each shard has its own DIR). Exit 1 when
# a golden differs or a GIF fails its check, 2 on bad input.
set -euo pipefail
cd "$(dirname "$0")/.."
out=ci-demo; shard=""
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    --shard) shard=${2:?--shard needs I/N}; shift 2 ;;
    *) echo "ci-demo: unknown option $1 (use --out DIR, --shard I/N)" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh
swift build -c release --product render-frames >/dev/null
bin=.build/release/render-frames

mapfile -t all < <(ls Fixtures/scenarios/*.yaml | sort)
scenarios=("${all[@]}")
if [ -n "$shard" ]; then
  i=${shard%/*}; n=${shard#*/}
  if ! [[ $i =~ ^[0-9]+$ && $n =~ ^[0-9]+$ ]] || [ "$i" -lt 1 ] || [ "$i" -gt "$n" ]; then
    echo "ci-demo: --shard $shard is not I/N with 1 <= I <= N" >&2; exit 2
  fi
  lo=$(( (i - 1) * ${#all[@]} / n )); hi=$(( i * ${#all[@]} / n ))
  scenarios=("${all[@]:lo:hi-lo}")
fi

rm -rf "$out"; mkdir -p "$out/gifs" "$out/frames" "$out/failures"
status=0
summary="$out/summary.txt"
: > "$summary"
for scenario in "${scenarios[@]}"; do
  name=$(basename "$scenario" .yaml)
  # The demo at scale 1 for the GIF (the README's size), checked by make-gif.
  "$bin" "$scenario" --scale 1 --out "$out/frames/$name" --quiet
  if gif=$(RENDER_FRAMES="$bin" bash scripts/make-gif.sh "$out/frames/$name" "$out/gifs/$name.gif" --fps 25 --width 300 2>&1); then
    echo "$name: $gif" >> "$summary"
  else
    echo "$name: GIF FAILED: $gif" >> "$summary"; status=1
  fi
  # Golden frames, compared and never recorded.
  golden="Fixtures/golden/$name"
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
