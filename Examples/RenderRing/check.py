"""Reads back what the RenderRing example wrote, with readers that are not scenec's: Pillow for
the PNGs, xmllint and rsvg-convert for the SVG. The probed pixels are ones the ring's geometry
fixes (Sources/RenderRing/main.swift): a ring 80 pt across at (10, 10), its 10 pt band from 10
to 20 pt inside its frame, filled clockwise from 12 o'clock. Exits 1 on the first mismatch.

usage: check.py OUTPUT-DIRECTORY (holding the example's files and its stdout.txt)
"""
import os
import subprocess
import sys

from PIL import Image

out = sys.argv[1]
BLUE, WHITE, RED, GREEN = (0x1E, 0x6F, 0xD9), (255, 255, 255), (255, 0, 0), (0, 0xC0, 0)
failures = []


def near(a, b):
    return all(abs(x - y) <= 2 for x, y in zip(a, b))


def probe(path, scale, expected_size, points):
    """points: (x, y) in points → the colour expected there."""
    image = Image.open(path).convert("RGB")
    if image.size != expected_size:
        failures.append(f"{path}: {image.size[0]}×{image.size[1]} pixels, expected {expected_size[0]}×{expected_size[1]}")
        return
    for (x, y), colour in points.items():
        got = image.getpixel((int(x * scale), int(y * scale)))
        if not near(got, colour):
            failures.append(f"{path}: pixel at ({x}, {y}) pt is {got}, expected {colour}")


RIGHT, LEFT, TOP, CENTRE, CORNER = (85, 50), (15, 50), (50, 15), (50, 50), (3, 3)

# Diagnostics: both mistakes, located, with the source line and a caret.
stdout = open(os.path.join(out, "stdout.txt"), encoding="utf-8").read()
for expected in ["misspelt.scene.yaml:3:74: error: unknown attribute 'progres' for ring 'ring'; did you mean 'progress'?",
                 "found: misspelt.scene.yaml:3:74 error unknown attribute 'progres'",
                 "found: misspelt.scene.yaml:3:100 error ",
                 "2 errors in misspelt.scene.yaml",
                 "ring.scene.yaml: 100.0×100.0 pt, 1.0 s, 0 warnings"]:
    if expected not in stdout:
        failures.append(f"stdout.txt lacks {expected!r}")
if "\n" + " " * 73 + "^~~~~~~\n" not in stdout:
    failures.append("stdout.txt lacks the caret under 'progres'")

# The PNG file: at 0.5 s (half filled: the right side, not the left), green, at scale 3.
probe(os.path.join(out, "ring.png"), 3, (300, 300),
      {RIGHT: GREEN, LEFT: WHITE, TOP: GREEN, CENTRE: BLUE, CORNER: BLUE})

# The SVG bytes: well-formed XML, and drawn by librsvg as the same half-filled ring in red.
svg = os.path.join(out, "ring.svg")
subprocess.run(["xmllint", "--noout", svg], check=True)
drawn = os.path.join(out, "ring.svg.png")
subprocess.run(["rsvg-convert", "-o", drawn, svg], check=True)
probe(drawn, 1, (100, 100), {RIGHT: RED, LEFT: WHITE, CENTRE: BLUE, CORNER: BLUE})

# The frames at 4 fps over 1 s: five, from empty to full.
frames = sorted(f for f in os.listdir(out) if f.startswith("frame-"))
if frames != [f"frame-{i}.png" for i in range(5)]:
    failures.append(f"frames written: {frames}, expected frame-0.png … frame-4.png")
else:
    probe(os.path.join(out, "frame-0.png"), 1, (100, 100), {RIGHT: WHITE, LEFT: WHITE, TOP: WHITE})
    probe(os.path.join(out, "frame-2.png"), 1, (100, 100), {RIGHT: RED, LEFT: WHITE})
    probe(os.path.join(out, "frame-4.png"), 1, (100, 100), {RIGHT: RED, LEFT: RED, CENTRE: BLUE})

for failure in failures:
    print("RenderRing:", failure, file=sys.stderr)
if failures:
    sys.exit(1)
print(f"RenderRing: the example's PNG, SVG and {len(frames)} frames read back as expected")
