#!/usr/bin/env bash
# Pushes the files of SOURCE into FOLDER on BRANCH of REMOTE (the branch is made, without
# history, when it does not exist), so a job summary or pull-request comment can show them by URL.
# Each run has its own folder; delete the branch to clear them all.
#   scripts/action/publish-images.sh SOURCE REMOTE BRANCH FOLDER
set -euo pipefail
source_dir=${1:?usage: publish-images.sh SOURCE REMOTE BRANCH FOLDER}; remote=${2:?}; branch=${3:?}; folder=${4:?}
[ -d "$source_dir" ] || { echo "publish-images: $source_dir: no such folder" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$work" init -q
git -C "$work" remote add origin "$remote"
# Shards push at the same moment: whoever loses takes the winner's commit and adds its own again.
for attempt in 1 2 3 4 5; do
  if git -C "$work" fetch -q --depth 1 origin "$branch" 2>/dev/null; then
    git -C "$work" checkout -q -f -B "$branch" FETCH_HEAD
  else
    git -C "$work" checkout -q -f --orphan "$branch"
    git -C "$work" rm -rfq --cached . 2>/dev/null || true
  fi
  mkdir -p "$work/$folder"
  cp -R "$source_dir"/. "$work/$folder/"
  git -C "$work" add -A "$folder"
  if git -C "$work" diff --cached --quiet; then echo "publish-images: $branch/$folder already there"; exit 0; fi
  git -C "$work" -c user.name="render-frames" -c user.email="render-frames@users.noreply.github.com" \
    commit -q -m "render-frames images: $folder"
  if git -C "$work" push -q origin "HEAD:refs/heads/$branch" 2>/dev/null; then
    echo "publish-images: $branch/$folder"
    exit 0
  fi
  sleep "$attempt"
done
echo "publish-images: could not push to $branch of the repository (is the job allowed to write: permissions: contents: write?)" >&2
exit 1
