#!/usr/bin/env bash
# Benchmark (not a test): `scenec fmt` over 1,000 scenes (issue 30). Copies every scene of
# scenes/ (the showcase, the seeds, the animated ones) into a scratch folder until there are
# 1,000, then times, in ROUNDS (3) rounds each: `fmt --check` of the unformatted copies (read,
# format, read back, diff), `fmt` writing them, and `fmt --check` of the formatted ones. Prints
# the median of each and the time per scene; asserts nothing.
#   bench/fmt.sh [SCENEC]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=$(realpath "${1:-$repo/.build/release/scenec}")
rounds=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sources=("$repo"/scenes/*.scene.yaml)
fill() {
  rm -rf "$work/scenes"
  mkdir -p "$work/scenes"
  for i in $(seq 0 999); do
    cp "${sources[$((i % ${#sources[@]}))]}" "$work/scenes/$(printf '%04d' "$i").scene.yaml"
  done
}
median() { tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || true  # --check exits 1 on unformatted files: that is its answer
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
check_before="" write="" check_after=""
for _ in $(seq "$rounds"); do
  fill
  check_before+="$(seconds "$bin" fmt --check "$work/scenes") "
  write+="$(seconds "$bin" fmt "$work/scenes") "
  check_after+="$(seconds "$bin" fmt --check "$work/scenes") "
done
printf '1,000 scenes (copies of the %d in scenes/), median of %d rounds\n' "${#sources[@]}" "$rounds"
for name in check_before write check_after; do
  m=$(echo "${!name}" | median)
  printf '  %-32s %6.2f s  %6.2f ms a scene\n' "$(echo "$name" | sed 's/check_before/fmt --check (unformatted)/; s/^write$/fmt (writing)/; s/check_after/fmt --check (formatted)/')" \
    "$m" "$(echo "$m * 1000 / 1000" | bc -l)"
done
