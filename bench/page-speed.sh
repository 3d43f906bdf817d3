#!/usr/bin/env bash
# Benchmark (not a test) of the preview page's speed (issue 28, part 5), in headless Chromium on
# the showcase scene, quiet and then under load (3 busy-loop processes this script starts and
# ends, for a load average of about 3 on top of whatever else runs):
#   1. 20 drags of the inspector's progress slider, 15 changes each at 60 Hz, every picture
#      timed in the page (stats.latencies) from the oldest change it shows to its being on
#      screen: p50, p95, max, and the medians of where that time went (stats.breakdown: the
#      wait for the picture before, the request with the server's Server-Timing compile and
#      draw, the body, the decode, the next frame). Three times: with PNGs at the shown scale
#      while the drag lasts, each after the first as the rectangles that changed from the one
#      before (the page's default); with each PNG whole (pictureMode.patches false); with SVGs
#      throughout (quickFormat 'svg').
#   2. Playback, once through, of the showcase with a 2.5 s, 30 fps timeline added (76
#      frames): frames shown (stats.playback) and shown per second.
# Prints figures; asserts nothing.
#   bench/page-speed.sh            (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product scenec >/dev/null
exec /usr/bin/python3 bench/page_speed.py .build/release/scenec scenes/showcase.scene.yaml
