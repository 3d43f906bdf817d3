"""Plays a Lottie file with rlottie (rlottie-python) and compares frames with PNGs.

usage: compare.py [--save DIR] ANIM.json FRAME=PNG [FRAME=PNG ...]

For each FRAME, rlottie renders the animation at that frame number, at the animation's own
size, and the picture is compared with PNG (read by Pillow) pixel by pixel, both premultiplied
by alpha (rlottie gives premultiplied pixels; a PNG holds straight ones). Prints one line per
frame: the frame, the share of pixels where any channel differs by more than 48, and the
largest difference; exits 1 when a share is over 0.5%. With --save, rlottie's frames are also
written to DIR/played-FRAME.png (premultiplied, as played), for tests that probe them.
"""
import json
import sys

from PIL import Image
from rlottie_python import LottieAnimation

THRESHOLD = 48
LIMIT = 0.005


def premultiplied(pixel):
    r, g, b, a = pixel
    return (r * a + 127) // 255, (g * a + 127) // 255, (b * a + 127) // 255, a


def main(argv):
    save = None
    if len(argv) > 2 and argv[1] == "--save":
        save, argv = argv[2], argv[:1] + argv[3:]
    path, pairs = argv[1], argv[2:]
    with open(path, encoding="utf-8") as f:
        data = f.read()
    animation = LottieAnimation.from_data(data)
    width, height = json.loads(data)["w"], json.loads(data)["h"]
    failed = False
    for pair in pairs:
        frame, png = pair.split("=", 1)
        played = animation.render_pillow_frame(int(frame), width=width, height=height).convert("RGBA")
        drawn = Image.open(png).convert("RGBA")
        if save:
            played.save(f"{save}/played-{frame}.png")
        if drawn.size != played.size:
            print(f"frame {frame}: sizes differ: scenec {drawn.size}, rlottie {played.size}")
            failed = True
            continue
        differing = 0
        largest = 0
        for a, b in zip(played.getdata(), drawn.getdata()):
            d = max(abs(x - y) for x, y in zip(a, premultiplied(b)))
            largest = max(largest, d)
            if d > THRESHOLD:
                differing += 1
        share = differing / (width * height)
        print(f"frame {frame}: {share * 100:.3f}% of pixels differ by more than {THRESHOLD} (largest {largest})")
        if share > LIMIT:
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
