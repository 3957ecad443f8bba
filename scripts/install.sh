#!/usr/bin/env bash
# Builds render-frames once, with the Swift standard library and Foundation linked in statically,
# and installs it where a machine without the Swift toolchain can run it:
#
#   scripts/install.sh [--prefix DIR]     (default: /usr/local as root, else ~/.local)
#
# Lays out PREFIX/lib/render-frames/ (the executable beside its resource folders: the fonts and
# the default demo, found next to the binary) and links PREFIX/bin/render-frames to it. The
# installed tree needs only the system libraries (libpng, zlib, FreeType, libjpeg-turbo,
# libdeflate, libwebp; ffmpeg for MP4), which scripts/setup.sh installs; copy PREFIX/lib/render-frames
# to another machine with them and run it from there. Builds in .build-static (git-ignored), so
# the usual .build stays as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=""
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || { echo "install: --prefix needs a folder" >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install: unknown argument $1 (scripts/install.sh [--prefix DIR])" >&2; exit 2 ;;
  esac
done
if [ -z "$prefix" ]; then
  if [ "$(id -u)" = 0 ]; then prefix=/usr/local; else prefix="$HOME/.local"; fi
fi
bash scripts/setup.sh
swift build -c release --product render-frames --static-swift-stdlib --scratch-path .build-static 2>&1 | tail -n 1
bin=$(swift build -c release --static-swift-stdlib --scratch-path .build-static --show-bin-path)
dest="$prefix/lib/render-frames"
mkdir -p "$prefix/bin" "$prefix/lib"
staging="$dest.new.$$"
rm -rf "$staging"
mkdir -p "$staging"
cp "$bin/render-frames" "$staging/"
# Debug symbols are two thirds of the file (84 MB -> 62 MB without them).
if command -v strip >/dev/null; then strip "$staging/render-frames"; fi
# -L: the default demo's resources link into Fixtures; the installed copy holds the files.
cp -RL "$bin/render-frames_Scene.resources" "$bin/render-frames_RenderFramesKit.resources" "$bin/render-frames_RenderFramesPreview.resources" "$staging/"
cp LICENSE NOTICE LICENSE-Phosphor.txt "$staging/"
rm -rf "$dest"
mv "$staging" "$dest"
ln -sfn "../lib/render-frames/render-frames" "$prefix/bin/render-frames"
echo "installed $("$dest/render-frames" --version) in $dest; $prefix/bin/render-frames links to it"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "add $prefix/bin to PATH to run it as render-frames" ;; esac
