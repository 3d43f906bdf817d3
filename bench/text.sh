#!/usr/bin/env bash
# Benchmark (not a test): text with the default fonts' fallbacks (issue 26). Two binaries, old
# and new, render a 1,000-label Latin scene (PNG, SVG, PDF) in ROUNDS (5) interleaved rounds;
# then the new one renders a 1,000-label scene of Chinese, Arabic, Devanagari, Cyrillic and
# colour emoji. Prints medians and new/old (target: no more than 1.5); asserts nothing.
#   bench/text.sh OLD_SCENEC NEW_SCENEC
set -euo pipefail
old=$(realpath "$1"); new=$(realpath "$2")
repo=$(cd "$(dirname "$0")/.." && pwd)
rounds=${ROUNDS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Outside any git work tree, so the project root of both binaries is the scratch folder.
cd "$work"

# 1,000 labels in a 25 × 40 grid of 40 × 20 pt frames, each text different.
labels() {
  printf 'canvas: {width: 1000, height: 800, background: white}\nviews:\n'
  for i in $(seq 0 999); do
    printf '  - {type: label, frame: {x: %d, y: %d, width: 40, height: 20}, fontSize: 9, text: "%s %d"}\n' \
      $((i % 25 * 40)) $((i / 25 * 20)) "$1" "$i"
  done
}
labels "Tag" > latin.scene.yaml  # "Tag 999" fits its 40 × 20 frame on one line: no overflow to clip
labels "你好 مرحبا नमस्ते Привет 🙂👍" > world.scene.yaml

source "$repo/bench/rounds.sh"
declare -A runs
for round in $(seq "$rounds"); do
  for which in old new; do
    bin=${!which}
    for format in png svg pdf; do
      runs[$which.latin.$format]+="$(seconds "$bin" render latin.scene.yaml -o "latin-$which.$format") "
    done
  done
  for format in png svg pdf; do
    runs[new.world.$format]+="$(seconds "$new" render world.scene.yaml -o "world.$format") "
  done
done
for format in png svg pdf; do
  cmp -s "latin-old.$format" "latin-new.$format" && same=yes || same=no
  printf 'latin %s byte-identical old/new: %s\n' "$format" "$same"
done
printf 'load average before: %s; %d interleaved rounds, medians\n' "$(cut -d' ' -f1 /proc/loadavg)" "$rounds"
printf '%-44s %9s %9s %7s\n' case old new new/old
for format in png svg pdf; do
  o=$(echo "${runs[old.latin.$format]}" | median); n=$(echo "${runs[new.latin.$format]}" | median)
  printf '%-44s %8.3fs %8.3fs %7.3f\n' "1,000 Latin labels, render $format" "$o" "$n" "$(echo "$n / $o" | bc -l)"
done
for format in png svg pdf; do
  n=$(echo "${runs[new.world.$format]}" | median)
  printf '%-44s %9s %8.3fs\n' "1,000 CJK/Arabic/Devanagari/emoji labels, $format" - "$n"
done
