#!/usr/bin/env bash
# Checks scripts/install.sh the way a CI machine without Swift would use it: installs into a
# temporary prefix, checks that the binary links no Swift library (ldd), then hides the Swift
# toolchain (a private mount namespace with an empty folder over it) and, from a copy of the
# installed tree moved elsewhere, renders frames of the bundled default demo and of a fixture,
# encodes a WebP, validates a scenario and serves its preview's page. Exit 1 on any failure. Run by .ci/run after the test command.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash scripts/install.sh --prefix "$work/prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
exe="$work/prefix/lib/render-frames/render-frames"
if ldd "$exe" | grep -i swift; then echo "check-install: the installed binary links Swift libraries (above)" >&2; exit 1; fi
cp -R "$work/prefix/lib/render-frames" "$work/moved"
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")   # e.g. /opt/swift/usr
scenario="$PWD/Fixtures/scenarios/stretchy-table.yaml"
# Each step returns on failure: run's status is not only its last line's.
run() {
  cd "$work" || return 1
  "$work/prefix/bin/render-frames" -q -o "$work/demo" --scale 0.25 --frames 0-3 || return 1
  "$work/moved/render-frames" "$scenario" -q -o "$work/table" --scale 0.25 || return 1
  "$work/moved/render-frames" encode "$work/table" "$work/table.webp" >/dev/null || return 1
  "$work/moved/render-frames" validate "$scenario" >/dev/null || return 1
  # The preview's page comes from the resources installed beside the binary; Ctrl-C stops it (exit 0).
  "$work/moved/render-frames" preview "$scenario" --scale 0.25 >"$work/preview.txt" &
  local pid=$!
  for _ in $(seq 100); do grep -qs http "$work/preview.txt" && break; sleep 0.1; done
  python3 -c "import re, sys, urllib.request; url = re.search(r'http://\S+', open(sys.argv[1]).read()).group(0); sys.exit(0 if b'/preview.js' in urllib.request.urlopen(url).read() else 1)" "$work/preview.txt" ||
    { echo "check-install: the installed preview did not serve its page" >&2; kill "$pid"; return 1; }
  kill -INT "$pid" && wait "$pid" || { echo "check-install: the preview did not stop on Ctrl-C with exit 0" >&2; return 1; }
  test -f "$work/demo/0003.png" && test -s "$work/table.webp"
}
if unshare -m true 2>/dev/null; then
  export -f run; export work scenario
  unshare -m bash -c "mount -t tmpfs none '$toolchain' && test -z \"\$(ls '$toolchain')\" && run"
  how="with $toolchain hidden"
else
  run
  how="(unshare is not permitted here, so with the toolchain present, but no libswift linked)"
fi
echo "check-install: $("$exe" --version) installed, no Swift library linked, renders and encodes $how"
