#!/usr/bin/env bash
# Benchmark (not a test): the Ninja route (`build --emit-ninja`, then ninja) against
# `scenec build`, cold (empty output folder, no .ninja_log), over 500 and 5,000 scenes in 10
# folders, PNG. Prints figures and their ratio; asserts nothing.
#   bench/ninja.sh              (builds the release binary first)
#   bench/ninja.sh 500          (only that size)
# SCENEC=/path/to/scenec bench/ninja.sh  compares another binary (an older one's Ninja file).
source "$(dirname "$0")/prelude.sh"
scenec=${SCENEC:-$scenec}
sizes=("${@:-500 5000}")
read -r -a sizes <<<"${sizes[*]}"
export PATH="$(dirname "$scenec"):$PATH"  # the Ninja file runs the scenec on $PATH

seconds() { printf '%.2f' "$(echo "$2 - $1" | bc -l)"; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; ninja $(ninja --version); -j is ninja's default"
for n in "${sizes[@]}"; do
  rm -rf "$work/tree"
  mkdir -p "$work/tree/scenes"
  for i in $(seq 0 $((n - 1))); do
    dir="$work/tree/scenes/group-$((i % 10))"
    mkdir -p "$dir"
    # Each scene differs, so nothing is shared between them.
    printf 'canvas: {width: 200, height: 200}\nviews:\n  - {type: ring, frame: {x: 10, y: 10, width: 180, height: 180}, progress: 0.%04d}\n' \
      "$i" >"$dir/scene-$i.scene.yaml"
  done
  cd "$work/tree"
  for round in 1 2; do
    rm -rf out nout build.ninja .ninja_log .ninja_deps
    start=$(date +%s.%N)
    "$scenec" build scenes -o out --root . 2>log-build
    end=$(date +%s.%N)
    build=$(seconds "$start" "$end")

    start=$(date +%s.%N)
    "$scenec" build scenes -o nout --root . --emit-ninja build.ninja 2>log-emit
    emitted=$(date +%s.%N)
    ninja -f build.ninja >log-ninja 2>&1
    end=$(date +%s.%N)
    emit=$(seconds "$start" "$emitted")
    total=$(seconds "$start" "$end")
    edges=$(grep -c '^build ' build.ninja)
    printf '%5d scenes, round %d: build %6.2f s (%s) | emit %5.2f s + ninja = %6.2f s (%d edges) | ninja/build %.2f×\n' \
      "$n" "$round" "$build" "$(tail -n 1 log-build | sed 's/^scenec build: //')" "$emit" "$total" "$edges" \
      "$(echo "$total / $build" | bc -l)"
    cmp -s <(cd out && find . -name '*.png' | sort | xargs sha256sum) <(cd nout && find . -name '*.png' | sort | xargs sha256sum) \
      || echo "  (the two folders differ!)"
  done
  cd - >/dev/null
done
