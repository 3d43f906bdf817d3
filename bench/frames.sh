#!/usr/bin/env bash
# Benchmark (not a test): frames/s for a 300-frame 512×512 ring with --jobs 1 and 2, and peak
# memory for 300 and 3,000 frames. Prints figures; asserts nothing.
#   bench/frames.sh            (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product scenec >/dev/null
scenec=.build/release/scenec
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

scene() {  # $1 = seconds at 30 fps (300 frames → 10 s, less one frame with loop)
  cat > "$work/ring.scene.yaml" <<YAML
canvas: {width: 512, height: 512, background: "#1c1c1e"}
views:
  - {id: r, type: ring, frame: {x: 16, y: 16, width: 480, height: 480}, lineWidth: 24, lineCap: round}
timeline:
  fps: 30
  loop: true
  duration: $1s
  animations:
    - {target: r.progress, from: 0, to: 1, duration: $1s, easing: easeInEaseOut}
YAML
}

# Runs scenec, printing wall seconds and the child's peak resident memory.
measure() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys, time
start = time.monotonic()
subprocess.run(sys.argv[1:], check=True)
wall = time.monotonic() - start
peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"{wall:.3f} {peak_kb}")
PY
}

scene 10
for jobs in 1 2; do
  rm -rf "$work/out"
  read -r wall peak < <(measure "$scenec" frames "$work/ring.scene.yaml" -o "$work/out/%04d.png" --jobs "$jobs" --quiet)
  frames=$(ls "$work/out" | wc -l)
  printf 'png 512x512, %d frames, --jobs %d: %.2f s, %.1f frames/s, peak %d MB\n' \
    "$frames" "$jobs" "$wall" "$(echo "$frames / $wall" | bc -l)" "$((peak / 1024))"
done
for seconds in 10 100; do
  scene "$seconds"
  rm -rf "$work/out"
  read -r wall peak < <(measure "$scenec" frames "$work/ring.scene.yaml" -o "$work/out/%05d.png" --jobs 2 --quiet)
  frames=$(ls "$work/out" | wc -l)
  printf 'peak memory for %d frames (--jobs 2): %d MB (%.1f s)\n' "$frames" "$((peak / 1024))" "$wall"
done
