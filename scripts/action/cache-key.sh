#!/usr/bin/env bash
# The action's first step: the cache key of an installed render-frames (the sources and install
# script of this copy of the action, and the system it is built for: an install links the
# distribution's libraries), and this job's artifact name (one a shard).
#   RF_ARTIFACT: the artifact name input; RF_SHARD: I/N or empty; RF_INSTALL_DIR: where to install
#   (empty: $RUNNER_TEMP/render-frames). Writes key=, artifact= and dir= to $GITHUB_OUTPUT (stdout
#   when unset). The folder is worked out here, in the job's own file system, and both the cache
#   and the install step take it from here: in a container job the runner.temp expression names
#   the host's folder, not the container's.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
sources=$(cd "$root" && find Package.swift Sources scripts/install.sh scripts/setup.sh -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)
system=$( (. /etc/os-release 2>/dev/null && echo "${ID:-linux}-${VERSION_ID:-0}") || echo linux)
arch=$(uname -m)
artifact=${RF_ARTIFACT:-render-frames}
if [ -n "${RF_SHARD:-}" ]; then artifact="$artifact-shard-${RF_SHARD/\//-of-}"; fi
{
  echo "key=render-frames-$system-$arch-$sources"
  echo "artifact=$artifact"
  echo "dir=${RF_INSTALL_DIR:-${RUNNER_TEMP:-/tmp}/render-frames}"
} >> "${GITHUB_OUTPUT:-/dev/stdout}"
