#!/usr/bin/env bash
# Benchmark (not a test): each animated format of scenes/anim-ring-fill.scene.yaml (61 frames)
# at scale 1 and 2 — seconds, peak memory and bytes, beside the PNG sequence. Prints figures;
# asserts nothing.
#   bench/animation.sh        (builds the release binary first)
source "$(dirname "$0")/prelude.sh"
for scale in 1 2; do
  printf '%-6s %-9s %8s %8s %10s\n' scale output seconds "peak MB" bytes
  for out in 'png/%03d.png' anim.gif anim.apng anim.webp anim.mp4 anim.webm; do
    rm -rf "$work/png" "$work/anim".*
    /usr/bin/time -f '%e %M' -o "$work/time" "$scenec" frames scenes/anim-ring-fill.scene.yaml -o "$work/$out" \
      --scale "$scale" --quiet
    read -r seconds kb < "$work/time"
    bytes=$(cat "$work"/png/*.png "$work"/anim.* 2>/dev/null | wc -c) || true
    printf '%-6s %-9s %8s %8d %10d\n' "$scale" "${out##*/}" "$seconds" $((kb / 1024)) "$bytes"
  done
done
