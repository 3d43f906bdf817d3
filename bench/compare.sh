#!/usr/bin/env bash
# Benchmark (not a test): two scenec binaries, old and new, on the normal path — a 300-frame
# ring (frames, --jobs 1) and a 500-scene build (cold, then warm; --jobs 2) — in ROUNDS (5)
# interleaved rounds, so load from other work falls on both alike. Prints each median and the
# ratio new/old; asserts nothing.
#   bench/compare.sh OLD_SCENEC NEW_SCENEC
set -euo pipefail
old=$(realpath "$1"); new=$(realpath "$2")
rounds=${ROUNDS:-5}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Outside any git work tree, so the project root of both binaries is the scratch folder.
cd "$work"
python3 "$repo/bench/frames.py" --scene 300 ring.scene.yaml
mkdir scenes
for i in $(seq 0 499); do
  mkdir -p "scenes/group-$((i % 10))"
  { cat "$repo/scenes/showcase.scene.yaml"; printf '# variant %d\n' "$i"; } > "scenes/group-$((i % 10))/scene-$i.scene.yaml"
done

source "$repo/bench/rounds.sh"
declare -A runs
for round in $(seq "$rounds"); do
  for which in old new; do
    bin=${!which}
    rm -rf frames out
    runs[$which.frames]+="$(seconds "$bin" frames ring.scene.yaml -o 'frames/f-%04d.png' --jobs 1 --quiet) "
    runs[$which.cold]+="$(seconds "$bin" build scenes -o out --jobs 2) "
    runs[$which.warm]+="$(seconds "$bin" build scenes -o out --jobs 2) "
  done
done
printf 'load average before: %s; %d interleaved rounds, medians\n' "$(cut -d' ' -f1 /proc/loadavg)" "$rounds"
printf '%-34s %9s %9s %7s\n' case old new new/old
for case in frames cold warm; do
  o=$(echo "${runs[old.$case]}" | median); n=$(echo "${runs[new.$case]}" | median)
  label=$(case $case in frames) echo "frames: 300-frame ring, --jobs 1";; cold) echo "build: 500 scenes cold, --jobs 2";; warm) echo "build: 500 scenes warm, --jobs 2";; esac)
  printf '%-34s %8.3fs %8.3fs %7.3f\n' "$label" "$o" "$n" "$(echo "$n / $o" | bc -l)"
done
