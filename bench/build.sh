#!/usr/bin/env bash
# Benchmark (not a test): scenec build over 200 scenes, cold (empty output) and warm (all up
# to date), PNG and SVG. Prints figures; asserts nothing.
#   bench/build.sh            (builds the release binary first)
source "$(dirname "$0")/prelude.sh"

mkdir -p "$work/scenes"
for i in $(seq 0 199); do
  dir="$work/scenes/group-$((i % 10))"
  mkdir -p "$dir"
  cp scenes/showcase.scene.yaml "$dir/scene-$i.scene.yaml"
  # Each scene differs, so nothing is shared between them.
  printf '# variant %d\n' "$i" >> "$dir/scene-$i.scene.yaml"
done

time_build() {
  local start end
  start=$(date +%s.%N)
  "$scenec" build "$work/scenes" -o "$work/out" --formats png,svg --jobs "$1" --root "$work" 2>"$work/log"
  end=$(date +%s.%N)
  printf '%.2f s (%s)\n' "$(echo "$end - $start" | bc -l)" "$(tail -n 1 "$work/log")"
}

for jobs in 1 2; do
  rm -rf "$work/out"
  printf '200 showcase scenes (640×400 at 2×), png+svg, --jobs %d, cold: ' "$jobs"
  time_build "$jobs"
  printf '200 showcase scenes, --jobs %d, warm (all up to date): ' "$jobs"
  time_build "$jobs"
done
