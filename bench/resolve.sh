#!/usr/bin/env bash
# Benchmark (not a test): two scenec binaries, old and new, on the paths the resolved model of
# issue 23 touches — `check` and `inspect` of a 1,000-view scene (every kind, styles, ids,
# `{id.attr}` bindings, a timeline) and 5 frames of that scene animated — counted in
# instructions by callgrind, which other work on the machine does not disturb. Prints each
# count and the ratio new/old; asserts nothing.
#   bench/resolve.sh OLD_SCENEC NEW_SCENEC
set -euo pipefail
old=$(realpath "$1"); new=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# 1,000 views in a 40-column grid of frames: rings with labels, pies, indicators, clocks and
# labels whose text binds to the ring beside them; 100 animations driving a tenth of the rings.
python3 - <<'PY'
kinds = ["ring", "pie", "indicator", "clock", "label"]
lines = ['canvas: {width: 2000, height: 1250}',
         'styles:',
         '  brand: {progressColor: systemBlue, trackColor: "rgba(255, 255, 255, 0.15)", lineWidth: 4}',
         'views:']
for i in range(1000):
    x, y = (i % 40) * 50, (i // 40) * 50
    frame = f'frame: {{x: {x}, y: {y}, width: 48, height: 48}}'
    kind = kinds[i % 5]
    if kind == "ring":
        lines.append(f'  - {{id: v{i}, type: ring, style: brand, progress: {(i % 10) / 10}, label: percent, {frame}}}')
    elif kind == "pie":
        lines.append(f'  - {{id: v{i}, type: pie, progress: 0.4, borderColor: {{light: systemGreen, dark: "#30d158"}}, {frame}}}')
    elif kind == "indicator":
        lines.append(f'  - {{id: v{i}, type: indicator, on: {str(i % 2 == 0).lower()}, {frame}}}')
    elif kind == "clock":
        lines.append(f'  - {{id: v{i}, type: clock, time: "10:09:30", {frame}}}')
    else:
        lines.append(f'  - {{id: v{i}, type: label, text: "{{v{i - 4}.progress:percent}} done", fontSize: 9, {frame}}}')
lines.append('timeline:')
lines.append('  duration: 2')
lines.append('  animations:')
for i in range(0, 1000, 50):
    lines.append(f'    - {{target: v{i}.progress, from: 0, to: 1, duration: 2, easing: easeInEaseOut}}')
    lines.append(f'    - target: v{i + 5}.progress')
    lines.append(f'      keyframes: [{{at: 0, value: 0}}, {{at: 1, value: 0.8}}, {{at: 2, value: 0.2}}]')
open("big.scene.yaml", "w").write("\n".join(lines) + "\n")
PY

count() { # instructions the command runs, all threads
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>&1 || true
  callgrind_annotate "$work/cg.out" 2>/dev/null | awk '/PROGRAM TOTALS/ && !done {gsub(",", "", $1); print $1; done = 1}'
}
printf '%-44s %15s %15s %7s\n' case old new new/old
run() { # label, then the arguments after the binary
  local label=$1; shift
  local o n
  o=$(count "$old" "$@"); rm -rf frames; n=$(count "$new" "$@"); rm -rf frames
  printf '%-44s %15s %15s %7.3f\n' "$label" "$o" "$n" "$(echo "$n / $o" | bc -l)"
}
run "check: 1,000 views" check big.scene.yaml
run "inspect: 1,000 views" inspect big.scene.yaml
# valgrind runs ~50× slower: lift the scene's time bound so every frame is drawn
run "frames: 1,000 views, 5 frames, --jobs 1" frames big.scene.yaml -o 'frames/f-%03d.png' --fps 2 --jobs 1 --quiet --scene-timeout 3600
