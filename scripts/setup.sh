#!/usr/bin/env bash
# Installs the Debian packages render-frames needs, if any are missing. Idempotent, and silent
# when everything is already there. Needs root (or sudo) only when something must be installed.
#   scripts/setup.sh            what building, rendering and animations need
#   scripts/setup.sh --test     also Chromium, which the HTML report's test drives headless
#   scripts/setup.sh --runtime  only what an installed render-frames (scripts/install.sh) runs
#                               with, on a machine without Swift: the shared libraries and ffmpeg
set -euo pipefail

packages=(pkg-config libpng-dev zlib1g-dev libfreetype-dev libjpeg62-turbo-dev libdeflate-dev libwebp-dev ffmpeg)
[ "${1:-}" = "--test" ] && packages+=(chromium python3-pil)
[ "${1:-}" = "--runtime" ] && packages=(libpng16-16 zlib1g libfreetype6 libjpeg62-turbo libdeflate0 libwebp7 libwebpmux3 libwebpdemux2 ffmpeg)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
