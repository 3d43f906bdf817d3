#!/usr/bin/env bash
# Benchmark (not a test) of the preview's canvas: in headless Chromium, 100 drags of the
# showcase's `header` card (the stack holding the `download` ring, which a stack places and so
# moves only by reordering), each a real pointer drag through selenium; every picture's time
# from the change it shows to its being on screen, measured in the page (stats.latencies);
# p50 and p95. Prints figures; asserts nothing.
#   bench/drag.sh            (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product scenec >/dev/null
exec /usr/bin/python3 bench/drag.py .build/release/scenec scenes/showcase.scene.yaml
