#!/usr/bin/env bash
# Fuzzes the scenario parser, the image decoders and the PNG encoder with libFuzzer and
# AddressSanitizer for a bounded time each, starting from the repository's fixtures, and prints
# executions per harness.
#
#   scripts/fuzz.sh [SECONDS_PER_HARNESS [HARNESS...]]   (default 60; scenario image encoder)
#
# The encoder harness writes an image of its input with the settings its input picks, then decodes
# it with libdeflate and with libpng: a file either decoder reads differently is a crash.
#
# Harnesses live in Fuzz/ (a package of their own, built with -sanitize=fuzzer,address). Inputs
# that crash are written to Fuzz/crashes/ and the script exits 1: fix the crash and add the input
# to the fixtures a test replays (Fixtures/bad-scenarios with its .expected message, or
# Fixtures/images/corpus through scripts/make-image-corpus.py). The growing corpora stay in
# Fuzz/.corpus/ between runs (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
[[ $seconds =~ ^[0-9]+$ ]] || { echo "fuzz: seconds must be a whole number, got $seconds" >&2; exit 2; }
shift $(( $# > 0 ? 1 : 0 ))
if [ $# -gt 0 ]; then harnesses=("$@"); else harnesses=(scenario image encoder); fi
for harness in "${harnesses[@]}"; do
  case $harness in scenario|image|encoder) ;; *) echo "fuzz: no harness called $harness (scenario, image, encoder)" >&2; exit 2 ;; esac
done
bash scripts/setup.sh
swift build --package-path Fuzz -c debug -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address \
  2>&1 | grep -vE "warning: Cannot export local symbol" | tail -n 1
bin=$(swift build --package-path Fuzz -c debug --show-bin-path)
mkdir -p Fuzz/crashes
status=0
printf '%-9s %8s %12s %9s %8s %s\n' harness seconds executions "execs/s" corpus result
for harness in "${harnesses[@]}"; do
  corpus=Fuzz/.corpus/$harness
  mkdir -p "$corpus"
  case $harness in
    scenario) exe=$bin/FuzzScenario; seeds=(Fixtures/scenarios Fixtures/bad-scenarios); max_len=8192 ;;
    image) exe=$bin/FuzzImage; seeds=(Fixtures/images/corpus); max_len=65536 ;;
    encoder) exe=$bin/FuzzEncoder; seeds=(); max_len=4096 ;;
  esac
  log=Fuzz/crashes/$harness.log
  set +e
  "$exe" -max_total_time="$seconds" -max_len=$max_len -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="Fuzz/crashes/$harness-" "$corpus" ${seeds[@]+"${seeds[@]}"} > "$log" 2>&1
  code=$?
  set -e
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  files=$(ls "$corpus" | wc -l)
  if [ $code -eq 0 ]; then result=ok; else result="CRASH (exit $code): see $log and Fuzz/crashes/$harness-*"; status=1; fi
  printf '%-9s %8s %12s %9s %8s %s\n' "$harness" "$seconds" "${runs:-?}" "${rate:-?}" "$files" "$result"
done
exit $status
