#!/usr/bin/env bash
# Runs the peer benchmark (ours against cairo + libpng, docs/performance.md) with two builds of
# the benchmark in turn, RUNS times each (alternated, as the shared machine's load drifts), and
# prints each run's table row and one SHA-256 over our PNGs of each run: equal hashes show that
# a speed change left every byte of the frames as it was.
#   scripts/peer-runs.sh BEFORE_BINARY AFTER_BINARY [RUNS] [EVERY]
#   scripts/peer-runs.sh --help
# A binary copied out of .build needs its resource bundles (*.resources) beside it.
set -euo pipefail
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ] || [ $# -lt 2 ]; then
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  [ $# -ge 2 ] || [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]
  exit $?
fi
cd "$(dirname "$0")/.."
before=$1 after=$2 runs=${3:-3} every=${4:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for ((run = 1; run <= runs; run++)); do
  for side in before after; do
    binary=$before
    [ "$side" = after ] && binary=$after
    folder="$out/$side-$run"
    "$binary" --peer --peer-every "$every" --peer-out "$folder" >"$folder.txt"
    row=$(grep '^| ours |' "$folder.txt")
    peer=$(grep '^| cairo + libpng |' "$folder.txt" | cut -d'|' -f6 | tr -d ' ')
    ratio=$(grep '^| peer / ours |' "$folder.txt" | sed 's/.*\*\*\(.*\)\*\*.*/\1/')
    hash=$(cd "$folder/ours" && sha256sum -- *.png | sha256sum | cut -c1-16)
    echo "$side run $run: $row cairo + libpng $peer ms, peer/ours $ratio, frames $hash"
    # The floor (memcpy, our filters, our deflate, libdeflate) of this run.
    grep -E '^\| (memcpy|our |libdeflate)' "$folder.txt" | sed "s/^/  $side run $run floor: /"
  done
done
