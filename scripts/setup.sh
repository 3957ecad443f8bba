#!/usr/bin/env bash
# Installs the Debian packages render-frames needs, if any are missing. Idempotent, and silent
# when everything is already there. Needs root (or sudo) only when something must be installed.
#   scripts/setup.sh            what building, rendering and animations need
#   scripts/setup.sh --test     also Chromium, which the HTML report's test drives headless
#   scripts/setup.sh --runtime  only what an installed render-frames (scripts/install.sh) runs
#                               with, on a machine without Swift: the shared libraries and ffmpeg
# A|B names one library packaged under different names (Debian 12 | Ubuntu 24.04, whose runners
# GitHub's ubuntu-latest is): any installed will do, else the first the package lists know.
set -euo pipefail

# Text: HarfBuzz shapes, FriBidi orders right-to-left runs, libthai finds Thai words (its dictionary is
# libthai-data); Noto fonts are the fallbacks for Arabic,
# Hebrew, Thai, Devanagari, Chinese, Japanese, Korean and color emoji (read at their Debian paths).
# fonts-inter: the system font's other weights and italics; URW base35, DejaVu, Lato and Cantarell:
# the stand-ins of the fonts iOS ships, for UIFont(name:size:) (docs/text.md).
fonts=(fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-inter fonts-urw-base35 fonts-dejavu-core fonts-dejavu-extra
  fonts-lato fonts-cantarell)
packages=(pkg-config libpng-dev zlib1g-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libthai-dev "libjpeg62-turbo-dev|libjpeg-turbo8-dev"
  libdeflate-dev libwebp-dev libxxhash-dev ffmpeg "${fonts[@]}")
# hb-shape: the tests compare our shaping with HarfBuzz's own command; kiwisolver: ConstraintSolver's differential test;
# libcurl: the preview's tests fetch with URLSession (FoundationNetworking); the tool itself serves on sockets of its own.
[ "${1:-}" = "--test" ] && packages+=(chromium python3-pil libharfbuzz-bin python3-kiwisolver libcurl4-openssl-dev)
[ "${1:-}" = "--runtime" ] && packages=("libpng16-16|libpng16-16t64" zlib1g libfreetype6 "libjpeg62-turbo|libjpeg-turbo8"
  libdeflate0 libwebp7 libwebpmux3 libwebpdemux2 "libharfbuzz0b" "libfribidi0" libthai0 libthai-data ffmpeg "${fonts[@]}")
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=()
for spec in "${packages[@]}"; do
  IFS='|' read -ra names <<< "$spec"
  found=""
  for name in "${names[@]}"; do installed "$name" && { found=$name; break; }; done
  [ -n "$found" ] || missing+=("$spec")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
chosen=()
for spec in "${missing[@]}"; do
  IFS='|' read -ra names <<< "$spec"
  pick=""
  for name in "${names[@]}"; do apt-cache show "$name" >/dev/null 2>&1 && { pick=$name; break; }; done
  [ -n "$pick" ] || { echo "setup: no package ${spec//|/ or } in this system's package lists (render-frames needs Debian 12, Ubuntu 24.04 or alike)" >&2; exit 1; }
  chosen+=("$pick")
done
echo "setup: installing ${chosen[*]}" >&2
$sudo apt-get install -y -qq --no-install-recommends "${chosen[@]}" >/dev/null
