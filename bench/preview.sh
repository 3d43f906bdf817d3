#!/usr/bin/env bash
# Benchmark (not a test) of `scenec preview` on the showcase scene. Prints figures; asserts nothing.
#   1. /api/render.svg with random overrides from 4 concurrent clients: responses/s, and the
#      server's resident memory after 1,000 and after 10,000 requests.
#   2. In headless Chromium: 100 changes of the inspector's progress control, each timed in
#      the page with performance.now() from the change to its picture on screen; p50 and p95.
#   bench/preview.sh            (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product scenec >/dev/null
exec /usr/bin/python3 bench/preview.py .build/release/scenec scenes/showcase.scene.yaml
