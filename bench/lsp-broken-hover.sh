#!/usr/bin/env bash
# Benchmark (not a test): `scenec lsp` hover latency on a 1,000-view scene with a half-typed line
# above the view asked about (issue 30; target ≤ 100 ms), over real pipes. Prints medians and
# maxima; asserts nothing.
#   bench/lsp-broken-hover.sh [ROUNDS]
source "$(dirname "$0")/prelude.sh"
/usr/bin/python3 bench/lsp_broken_hover.py "$scenec" "$work" "${1:-20}"
