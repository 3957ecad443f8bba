#!/usr/bin/env bash
# The action's install step: the system libraries render-frames runs with, then render-frames
# itself, from the cache when an earlier run put it there, else built once into DIR with
# scripts/install.sh (about 3 minutes; the next runs restore it in seconds). Puts DIR/bin on
# $GITHUB_PATH.
#   scripts/action/install.sh DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
prefix=${1:?usage: scripts/action/install.sh DIR}
if [ -x "$prefix/bin/render-frames" ] && version=$("$prefix/bin/render-frames" --version 2>/dev/null); then
  bash "$root/scripts/setup.sh" --runtime
  echo "render-frames: $version from the cache in $prefix"
else
  command -v swift >/dev/null || {
    echo "render-frames: not in the cache, and no Swift toolchain to build it: run the job on a runner or container with Swift 6 (such as container: swift:6.1-bookworm)" >&2
    exit 2
  }
  bash "$root/scripts/install.sh" --prefix "$prefix"
fi
echo "$prefix/bin" >> "${GITHUB_PATH:-/dev/null}"
