#!/usr/bin/env bash
# Builds the peer benchmark's cairo + libpng program (Benchmarks/peer/peer.c) into
# .build/peer/render-frames-peer, installing what it needs (libcairo2-dev, libpng-dev,
# libfreetype-dev, pkg-config, a C compiler) with apt-get first if any is missing. Idempotent and
# silent when everything is there and the program is up to date; prints the program's path.
# The program is a benchmark tool only: nothing of render-frames links cairo.
#   Benchmarks/peer/build.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
packages=(libcairo2-dev libpng-dev libfreetype-dev pkg-config gcc)
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "peer: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  echo "peer: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq >/dev/null
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
out=.build/peer/render-frames-peer
source=Benchmarks/peer/peer.c
if [ ! -x "$out" ] || [ "$source" -nt "$out" ]; then
  mkdir -p .build/peer
  # shellcheck disable=SC2046
  gcc -O2 -std=c11 -Wall -Wextra -o "$out" "$source" $(pkg-config --cflags --libs cairo cairo-ft freetype2 libpng) -lm
fi
echo "$out"
