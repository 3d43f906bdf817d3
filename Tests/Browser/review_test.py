#!/usr/bin/python3
"""The report of `scenec build --baseline` in a real browser: Debian's headless Chromium driven
by selenium.

Usage: review_test.py REPORT.html EXPECTED.json

EXPECTED is {"diffs": {PATH: {"red": [[x0, y0, x1, y1], ...]}, ...}, "animated": {PATH: FRAMES}}:
"diffs" gives the boxes (end exclusive, in the picture's pixels) where an output's diff picture
must be red, and optionally "wipe": {"point": [x, y], "before": [r, g, b], "after": [r, g, b]},
a point whose colour tells the two sides apart; "animated" the number of frames the browser's
own decoder (WebCodecs' ImageDecoder) must find in an output's embedded pictures. Checks that
the page loads nothing from outside itself, that exactly those outputs have diff pictures, that
each diff picture is red in its boxes and grey elsewhere (read back through a canvas), that the
screenshot shows the red, that the slider wipes from the before to the after, and that animated
pictures are embedded whole. Prints one line per check; exits 1 at the first failure.
"""
import json
import os
import sys

from browser import fail, ok, start_browser, wait_until
from pngprobe import decode_png
from selenium.webdriver.common.by import By


def inside(x, y, boxes):
    return any(x0 <= x < x1 and y0 <= y < y1 for x0, y0, x1, y1 in boxes)


# The picture's pixels as the browser decoded them: [r, g, b, a, r, g, b, a, ...].
READ_PIXELS = """
const img = arguments[0], canvas = document.createElement('canvas');
canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
const context = canvas.getContext('2d');
context.drawImage(img, 0, 0);
return [canvas.width, canvas.height, Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data)];
"""


def screenshot_pixel(driver, element, x, y):
    """The screenshot's colour at pixel (x, y) of a picture, however the page scaled it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    left, top, width, natural = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, arguments[0].naturalWidth];",
        element)
    scale = width / natural
    w, h, pixels = decode_png(driver.get_screenshot_as_png())
    return pixels(int(left + (x + 0.5) * scale), int(top + (y + 0.5) * scale))


def check_diff(driver, path, expected):
    sections = [s for s in driver.find_elements(By.CSS_SELECTOR, "section.output")
                if s.get_attribute("data-path") == path]
    if len(sections) != 1:
        fail(f"{path}: {len(sections)} sections")
    section = sections[0]
    images = {name: section.find_elements(By.CSS_SELECTOR, f".pictures img.{name}") for name in ["before", "after", "diff"]}
    if any(len(found) != 1 for found in images.values()):
        fail(f"{path}: before, after and diff should be one picture each: {[len(v) for v in images.values()]}")
    diff = images["diff"][0]
    wait_until(lambda: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", diff),
               f"{path}'s diff picture to decode")
    width, height, data = driver.execute_script(READ_PIXELS, diff)
    boxes = expected["red"]
    red = 0
    for y in range(height):
        for x in range(width):
            r, g, b, a = data[(y * width + x) * 4:(y * width + x) * 4 + 4]
            if inside(x, y, boxes):
                if (r, g, b, a) != (255, 0, 0, 255):
                    fail(f"{path}: diff pixel ({x}, {y}) is {(r, g, b, a)}, not red")
                red += 1
            elif not (r == g == b and a == 255):
                fail(f"{path}: diff pixel ({x}, {y}) is {(r, g, b, a)}, not grey")
    ok(f"{path}: the diff picture ({width} × {height}) is red at exactly its {red} changed pixels, grey elsewhere")
    x0, y0, x1, y1 = boxes[0]
    shown = screenshot_pixel(driver, diff, (x0 + x1) // 2, (y0 + y1) // 2)
    if not (shown[0] > 200 and shown[1] < 60 and shown[2] < 60):
        fail(f"{path}: the screenshot shows {shown[:3]} where the diff is red")
    outside = screenshot_pixel(driver, diff, x1 + 1 if x1 + 1 < width else x0 - 2, y1 + 1)
    if outside[0] > 200 and outside[1] < 60:
        fail(f"{path}: the screenshot is red outside the changed pixels: {outside[:3]}")
    ok(f"{path}: the screenshot shows the red {shown[:3]} and grey {outside[:3]} beside it")

    if "wipe" in expected:
        wipe = expected["wipe"]
        slider = section.find_element(By.CSS_SELECTOR, ".wipe input[type=range]")
        stage = section.find_element(By.CSS_SELECTOR, ".wipe .wipe-after")
        for value, side in [("100", "before"), ("0", "after")]:
            driver.execute_script("arguments[0].value = arguments[1];"
                                  "arguments[0].dispatchEvent(new Event('input'))", slider, value)
            got = screenshot_pixel(driver, stage, *wipe["point"])
            if any(abs(a - b) > 8 for a, b in zip(got[:3], wipe[side])):
                fail(f"{path}: with the slider at {value} the wipe shows {got[:3]}, not the {side} {wipe[side]}")
        ok(f"{path}: the slider wipes from the before {wipe['before']} to the after {wipe['after']}")


# How many frames the browser finds in a picture's data: URI.
COUNT_FRAMES = """
const img = arguments[0], done = arguments[arguments.length - 1];
const comma = img.src.indexOf(','), type = img.src.slice(5, img.src.indexOf(';'));
const bytes = Uint8Array.from(atob(img.src.slice(comma + 1)), c => c.charCodeAt(0));
try {
  const decoder = new ImageDecoder({data: bytes, type});
  decoder.tracks.ready.then(() => done([type, decoder.tracks.selectedTrack.frameCount])).catch(e => done([type, String(e)]));
} catch (e) { done([type, String(e)]); }
"""


def check_animated(driver, path, frames):
    sections = [s for s in driver.find_elements(By.CSS_SELECTOR, "section.output")
                if s.get_attribute("data-path") == path]
    if len(sections) != 1:
        fail(f"{path}: {len(sections)} sections")
    pictures = sections[0].find_elements(By.CSS_SELECTOR, ".pictures img.before, .pictures img.after")
    if not pictures:
        fail(f"{path}: no picture shown")
    for picture in pictures:
        wait_until(lambda: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", picture),
                   f"{path}'s picture to decode")
        kind, found = driver.execute_async_script(COUNT_FRAMES, picture)
        if found != frames:
            fail(f"{path}: the embedded {kind} has {found} frames, not {frames}")
        ok(f"{path}: the {picture.get_attribute('class')} picture plays as {kind}, {found} frames")


def main():
    if len(sys.argv) != 3:
        fail("usage: review_test.py REPORT.html EXPECTED.json")
    report, expected = os.path.abspath(sys.argv[1]), json.load(open(sys.argv[2]))
    driver = start_browser()
    try:
        driver.get("file://" + report)
        wait_until(lambda: driver.execute_script("return document.readyState === 'complete'"), "the page to load")
        fetched = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith('data:'))")
        if fetched:
            fail(f"the report fetched {fetched}")
        ok("the report loads nothing from outside itself")
        with_diff = sorted(s.get_attribute("data-path") for s in driver.find_elements(By.CSS_SELECTOR, "section.output")
                           if s.find_elements(By.CSS_SELECTOR, "img.diff"))
        diffs = expected.get("diffs", {})
        if with_diff != sorted(diffs):
            fail(f"diff pictures for {with_diff}, expected {sorted(diffs)}")
        ok(f"diff pictures for exactly {with_diff}")
        for path, boxes in diffs.items():
            check_diff(driver, path, boxes)
        for path, frames in expected.get("animated", {}).items():
            check_animated(driver, path, frames)
    finally:
        driver.quit()
    print("all review checks passed", flush=True)


if __name__ == "__main__":
    main()
