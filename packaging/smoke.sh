#!/bin/sh
# What a CI runner does with the .deb, run where only the package was installed (make
# dist-check runs it inside a bare Debian root, from the repository's root). Only coreutils and
# grep: a minimal Debian has nothing else.
# Usage: packaging/smoke.sh [SHA256]   SHA256: the hash /usr/bin/scenec must have (the one packed)
set -eu
if [ $# -gt 0 ] && [ "$(sha256sum /usr/bin/scenec | cut -d' ' -f1)" != "$1" ]; then
    echo "smoke: /usr/bin/scenec is not the binary just packed" >&2
    exit 1
fi
if command -v swift >/dev/null; then
    echo "smoke: a Swift toolchain is on PATH; this proves nothing" >&2
    exit 1
fi
fail() { echo "smoke: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "\$ scenec --version"
scenec --version

scene=scenes/showcase.scene.yaml
for format in png pdf svg; do
    scenec render "$scene" -o "$tmp/showcase.$format"
done
# A big-endian 4-byte number at an offset of a file.
number() { od -An -tu1 -j"$2" -N4 "$1" | awk '{ print ((($1 * 256) + $2) * 256 + $3) * 256 + $4 }'; }
png=$tmp/showcase.png
[ "$(od -An -tx1 -N8 "$png" | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "showcase.png is not a PNG"
# The showcase canvas is 640 × 400 points at scale 2.
[ "$(number "$png" 16) $(number "$png" 20)" = "1280 800" ] || fail "showcase.png is not 1280 × 800"
[ "$(head -c 5 "$tmp/showcase.pdf")" = "%PDF-" ] || fail "showcase.pdf is not a PDF"
grep -q '<svg' "$tmp/showcase.svg" || fail "showcase.svg is not an SVG"
echo "rendered $scene: showcase.png (PNG, 1280 × 800, $(wc -c < "$png") bytes)," \
     "showcase.pdf ($(wc -c < "$tmp/showcase.pdf") bytes), showcase.svg ($(wc -c < "$tmp/showcase.svg") bytes)"

echo "\$ scenec build scenes -o OUT --formats png   (twice: the second has nothing to do)"
scenec build scenes -o "$tmp/out" --formats png
scenec build scenes -o "$tmp/out" --formats png 2>&1 | tee "$tmp/second"
grep -q ': 0 built, [0-9]* up to date, 0 failed' "$tmp/second" || fail "the second build rebuilt something"
echo "smoke: ok"
