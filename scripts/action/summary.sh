#!/usr/bin/env bash
# The action's last step (it runs whatever the others did): the job summary and a Markdown file
# for a pull-request comment. One row per scenario (rendered, matched, differs, error), the worst
# failing frames as expected / actual / diff crops, the animations made, and where the report is.
#
# Inputs, from the environment:
#   RF_OUT          the run step's output folder (default render-frames-output)
#   RF_IMAGE_URL    where the summary's images will be served (a folder URL); empty: words only
#   RF_IMAGE_BRANCH a branch of this repository to push the summary's images to (needs
#                   permissions: contents: write); sets the URL. Empty: not published.
#   RF_ARTIFACT     the artifact the outputs are uploaded as (named in the summary)
#   RENDER_FRAMES   the tool (default: render-frames on the PATH)
#   GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID,
#   GITHUB_RUN_ATTEMPT, GITHUB_TOKEN (for the branch) as GitHub Actions sets them.
# Writes OUT/summary.md (the same as the job summary) and OUT/pr-comment.md (with a marker line
# that finds the comment again), and comment= to $GITHUB_OUTPUT.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin=${RENDER_FRAMES:-render-frames}
out=${RF_OUT:-render-frames-output}
results="$out/results.tsv"
run_url=""
[ -n "${GITHUB_REPOSITORY:-}" ] && [ -n "${GITHUB_RUN_ID:-}" ] && run_url="${GITHUB_SERVER_URL:-https://github.com}/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID"

image_url=${RF_IMAGE_URL:-}
note=""
args=()
# Scenarios that could not be rendered are not in the report: the summary says them first.
if [ -s "$results" ]; then
  while IFS=$'\t' read -r name verdict _; do
    [ "$verdict" = error ] && args+=(--unrendered "$name")
  done < "$results"
fi
if [ -d "$out/report/data" ]; then
  # The few pictured crops, copied flat into OUT/summary-images: what image-url must serve (the
  # artifact has them), or what image-branch pushes.
  rm -rf "$out/summary-images"
  if [ -n "$image_url" ] || [ -n "${RF_IMAGE_BRANCH:-}" ]; then
    "$bin" summary "$out/report" --images-out "$out/summary-images" > /dev/null || note="The pictures could not be copied (see the log)."
  fi
  if [ -n "${RF_IMAGE_BRANCH:-}" ] && [ -d "$out/summary-images" ]; then
    folder="runs/${GITHUB_RUN_ID:-local}-${GITHUB_RUN_ATTEMPT:-1}-${RF_ARTIFACT:-render-frames}"
    remote="${RF_IMAGE_REMOTE:-https://x-access-token:${GITHUB_TOKEN:-}@${GITHUB_SERVER_URL#https://}/${GITHUB_REPOSITORY:-}.git}"
    if bash "$root/scripts/action/publish-images.sh" "$out/summary-images" "$remote" "$RF_IMAGE_BRANCH" "$folder"; then
      image_url="${GITHUB_SERVER_URL:-https://github.com}/${GITHUB_REPOSITORY:-}/raw/$RF_IMAGE_BRANCH/$folder"
    else
      note="The pictures could not be pushed to the branch $RF_IMAGE_BRANCH (the job needs permissions: contents: write); they are in the artifact, under summary-images/."
    fi
  fi
  [ -n "$image_url" ] && args+=(--image-url "$image_url")
  [ -n "$run_url" ] && args+=(--link "$run_url (artifact ${RF_ARTIFACT:-render-frames}: report/index.html)")
fi

summary() {
  local marker=$1
  if [ -d "$out/report/data" ]; then
    "$bin" summary "$out/report" "${args[@]}" ${marker:+--marker "$marker"} \
      || printf '### render-frames\n\nThe report could not be summed up: see the log.\n'
  else
    [ -n "$marker" ] && echo "<!-- $marker -->"
    local errors=0
    [ -s "$results" ] && errors=$(cut -f2 "$results" | grep -c '^error$')
    if [ "$errors" -gt 0 ]; then echo "### render-frames: $errors scenario(s) could not be rendered ⛔"; else echo "### render-frames"; fi
  fi
  [ -n "$note" ] && printf '\n%s\n' "$note"
  if [ -s "$results" ]; then
    # With a report, its table has the goldens' verdicts: here the animations and the errors
    # (at most 40 rows: a comment holds 65,536 characters).
    rows=$(while IFS=$'\t' read -r name verdict path detail; do
      detail=${detail//|/\\|}
      case $verdict in
        ok) [ -d "$out/report/data" ] || echo "| $name | ✅ rendered | $detail |" ;;
        differs) [ -d "$out/report/data" ] || echo "| $name | ❌ goldens differ | $detail |" ;;
        error) echo "| $name | ⛔ not rendered | $detail |" ;;
        animation) echo "| $name | 🎞️ $(basename "$path") | ${detail#"$path": } |" ;;
        animation-error) echo "| $name | ⛔ $(basename "$path") | $detail |" ;;
      esac
    done < "$results")
    if [ -n "$rows" ]; then
      count=$(printf '%s\n' "$rows" | wc -l)
      printf '\n| Scenario | Made | |\n|---|---|---|\n%s\n' "$(printf '%s\n' "$rows" | head -n 40)"
      [ "$count" -le 40 ] || printf '\nAnd %s more rows: see the artifact.\n' "$((count - 40))"
    fi
  else
    printf '\nNothing was rendered: see the run step'"'"'s log.\n'
  fi
}
mkdir -p "$out"
summary "" > "$out/summary.md"
summary "render-frames-comment" > "$out/pr-comment.md"
cat "$out/summary.md" >> "${GITHUB_STEP_SUMMARY:-/dev/null}"
echo "comment=$out/pr-comment.md" >> "${GITHUB_OUTPUT:-/dev/null}"
