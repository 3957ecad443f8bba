#!/usr/bin/env bash
# The action's main step: renders each scenario, makes its animations, and compares its frames
# with its goldens, adding them to one HTML report. Every scenario is tried, whatever an earlier
# one did, so the summary shows them all.
#
# Inputs, from the environment (action.yml maps its inputs to these):
#   RF_SCENARIOS  scenario files, folders or globs (** too), one a line or space-separated
#   RF_GOLDENS    folder of golden folders: NAME.yaml's goldens are RF_GOLDENS/NAME/ (empty: no comparison)
#   RF_RECORD     never, missing, failed or all (default never: CI records nothing silently)
#   RF_FORMATS    animations of each scenario: any of gif webp mp4 apng (empty: none)
#   RF_WIDTH      the animations' width in pixels (default 360)
#   RF_SCALE      pixels per point for the frames (default: the device's)
#   RF_SHARD      I/N: this job renders the I-th of N contiguous shares of the scenarios
#   RF_OUT        output folder (default render-frames-output): frames/NAME/, animations/,
#                 failures/NAME/ (crops and the worst frames in full), report/index.html, results.tsv
#   RENDER_FRAMES the tool (default: render-frames on the PATH)
# Writes failed=, report=, out= to $GITHUB_OUTPUT. Exit 0 when every scenario rendered and
# matched, 1 when a golden differs or is missing, 2 when a scenario or an input is bad.
set -uo pipefail
bin=${RENDER_FRAMES:-render-frames}
out=${RF_OUT:-render-frames-output}
record=${RF_RECORD:-never}
width=${RF_WIDTH:-360}
fail() { echo "render-frames action: $*" >&2; exit 2; }
# An earlier run's results go first, so a run stopped by bad input never shows them as its own.
if [ -e "$out" ] && [ ! -d "$out" ]; then fail "out: $out is a file, not a folder; choose another out"; fi
rm -rf "$out/report" "$out/failures" "$out/animations" "$out/results.tsv" "$out/summary-images"
mkdir -p "$out/frames" "$out/animations" 2>/dev/null || fail "out: cannot create the folder $out (a file in the way, or no permission); choose another out"
: > "$out/results.tsv"
case $record in never|missing|failed|all) ;; *) fail "record: '$record' is not a record mode; use never, missing, failed or all" ;; esac
[[ $width =~ ^[0-9]+$ ]] && [ "$width" -ge 16 ] && [ "$width" -le 4096 ] || fail "animation-width: '$width' is not a width in pixels (16-4096)"
if [ -n "${RF_SCALE:-}" ]; then
  [[ $RF_SCALE =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v s="$RF_SCALE" 'BEGIN { exit !(s >= 0.25 && s <= 4) }' \
    || fail "scale: '$RF_SCALE' is not pixels per point between 0.25 and 4 (empty: the device's)"
fi
formats=()
for f in ${RF_FORMATS:-}; do
  case $f in gif|webp|mp4|apng) formats+=("$f") ;; *) fail "formats: '$f' is not an animation format; use gif, webp, mp4 or apng" ;; esac
done
command -v "$bin" >/dev/null || fail "$bin: not found; the install step puts render-frames on the PATH"

# Scenario files from the globs, in a stable order, each once: a folder gives its *.yaml, *.yml
# and *.json; a glob keeps only those (screens/** matches READMEs too).
shopt -s nullglob globstar
all=()
read -ra patterns <<< "$(echo "${RF_SCENARIOS:-}" | tr '\n' ' ')"
[ ${#patterns[@]} -gt 0 ] || fail "scenarios: empty; give scenario files, folders or globs such as scenarios/*.yaml"
is_scenario() { case $1 in *.yaml|*.yml|*.json) return 0 ;; *) return 1 ;; esac; }
for pattern in "${patterns[@]}"; do
  matches=($pattern)
  [ ${#matches[@]} -gt 0 ] && [ -e "${matches[0]}" ] || fail "scenarios: '$pattern' matches no file"
  found=0
  for m in "${matches[@]}"; do
    if [ -d "$m" ]; then
      for f in "${m%/}"/*.yaml "${m%/}"/*.yml "${m%/}"/*.json; do all+=("$f"); found=1; done
    elif [ "$m" = "$pattern" ] || is_scenario "$m"; then
      all+=("$m"); found=1
    fi
  done
  [ $found = 1 ] || fail "scenarios: '$pattern' matches no scenario file (*.yaml, *.yml, *.json)"
done
# One path a file: screens//a.yaml (from screens/**) and screens/a.yaml are one scenario.
for k in "${!all[@]}"; do all[$k]=$(echo "${all[$k]}" | sed 's#//*#/#g; s#^\./##'); done
mapfile -t all < <(printf '%s\n' "${all[@]}" | LC_ALL=C sort -u)
scenarios=("${all[@]}")
if [ -n "${RF_SHARD:-}" ]; then
  [[ $RF_SHARD =~ ^([0-9]+)/([0-9]+)$ ]] || fail "shard: '$RF_SHARD' is not I/N, such as 2/4"
  i=${BASH_REMATCH[1]}; n=${BASH_REMATCH[2]}
  [ "$i" -ge 1 ] && [ "$i" -le "$n" ] || fail "shard: '$RF_SHARD' is not I/N with 1 <= I <= N"
  lo=$(( (i - 1) * ${#all[@]} / n )); hi=$(( i * ${#all[@]} / n ))
  scenarios=("${all[@]:lo:hi-lo}")
fi
names=()
for s in "${scenarios[@]}"; do n=$(basename "$s"); names+=("${n%.*}"); done
dup=$(printf '%s\n' "${names[@]}" | sort | uniq -d | head -n1)
[ -z "$dup" ] || fail "scenarios: two files are named $dup; their frames and goldens would share a folder: rename one"

status=0
# A workflow command's message: %, CR and LF escaped as GitHub reads them.
annotate() { local m=${2//'%'/'%25'}; m=${m//$'\r'/'%0D'}; m=${m//$'\n'/'%0A'}; echo "::error title=render-frames${1:+: $1}::$m"; }
worse() { [ "$1" -gt "$status" ] && status=$1; return 0; }
scale=(); [ -n "${RF_SCALE:-}" ] && scale=(--scale "$RF_SCALE")
for k in "${!scenarios[@]}"; do
  scenario=${scenarios[$k]}; name=${names[$k]}
  args=("$scenario" --out "$out/frames/$name" --quiet "${scale[@]}")
  if [ -n "${RF_GOLDENS:-}" ]; then
    args+=(--golden "$RF_GOLDENS/$name" --record "$record" --diff "$out/failures/$name" --report "$out/report")
  fi
  echo "::group::$name"
  log=$("$bin" "${args[@]}" 2>&1); code=$?
  echo "$log"
  echo "::endgroup::"
  case $code in
    0) verdict=ok; note=$(echo "$log" | grep -E '^[0-9]+ passed, ' | tail -n1) ;;
    1) verdict=differs; note=$(echo "$log" | grep '^FAIL ' | head -n1 | sed 's/^FAIL //') ; worse 1 ;;
    *) verdict=error; note=$(echo "$log" | grep -m1 -i 'error' || echo "$log" | tail -n1); worse 2
       annotate "$name" "$note" ;;
  esac
  [ "$code" = 1 ] && annotate "$name" "$note"
  printf '%s\t%s\t%s\t%s\n' "$name" "$verdict" "$scenario" "${note//$'\t'/ }" >> "$out/results.tsv"
  [ "$code" -le 1 ] || continue
  for f in "${formats[@]}"; do
    ext=$f; extra=(); [ "$f" = apng ] && { ext=png; extra=(--apng); }
    target="$out/animations/$name.$ext"
    if made=$("$bin" encode "$out/frames/$name" "$target" --width "$width" "${extra[@]}" 2>&1); then
      printf '%s\tanimation\t%s\t%s\n' "$name" "$target" "$(echo "$made" | tail -n1)" >> "$out/results.tsv"
    else
      printf '%s\tanimation-error\t%s\t%s\n' "$name" "$target" "$(echo "$made" | tail -n1)" >> "$out/results.tsv"
      annotate "$name.$ext" "$(echo "$made" | tail -n1)"; worse 2
    fi
  done
done
{
  echo "failed=$([ $status -ne 0 ] && echo true || echo false)"
  echo "report=$out/report/index.html"
  echo "out=$out"
} >> "${GITHUB_OUTPUT:-/dev/null}"
exit $status
