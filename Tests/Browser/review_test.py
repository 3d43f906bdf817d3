#!/usr/bin/python3
"""The report of `scenec build --baseline` in a real browser: Debian's headless Chromium driven
by selenium.

Usage: review_test.py REPORT/index.html EXPECTED.json

The index has a row per scene: a link to its page (a.scene-link) and its outputs' paths; every
linked page is opened (when "partial", only those of the outputs EXPECTED names), must show
exactly its row's outputs, and each output's section (section.output, by its data-path) is
looked for on them.

EXPECTED is {"diffs": {PATH: {"changed": [[x0, y0, x1, y1], ...], "color": [r, g, b]}, ...},
"animated": {PATH: FRAMES}, "partial": BOOL, "legend": [[r, g, b], [r, g, b]]}: "diffs" gives
the boxes (end exclusive, in the picture's pixels) where an output's diff picture shows a change,
in the heat colour "color" when given (else any colour but grey), and optionally "wipe":
{"point": [x, y], "before": [r, g, b], "after": [r, g, b]}, a point whose colour tells the two
sides apart; "animated" the number of frames the browser's own decoder (WebCodecs'
ImageDecoder) must find in an output's embedded pictures; "legend" the colours of the heat
legend's two ends. Checks that no page loads anything from outside itself, that exactly those
outputs have diff pictures (only that those do, when "partial"), that each diff picture is
coloured in its boxes and grey elsewhere (read back through a canvas), that the screenshot shows
the colour, that every page with a diff shows the heat legend, pale at its low end and hot at its
high end (a screenshot pixel probe), that the slider wipes from the before to the after, and that
animated pictures are embedded whole. Prints one line per check; exits 1 at the first failure.
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


def open_section(driver, pages, path):
    """Opens the page whose section shows `path` and returns that section."""
    found = [page for page, paths in pages.items() if path in paths]
    if len(found) != 1:
        fail(f"{path}: on {len(found)} pages")
    driver.get(found[0])
    wait_until(lambda: driver.execute_script("return document.readyState === 'complete'"), f"{found[0]} to load")
    sections = [s for s in driver.find_elements(By.CSS_SELECTOR, "section.output")
                if s.get_attribute("data-path") == path]
    if len(sections) != 1:
        fail(f"{path}: {len(sections)} sections")
    return sections[0]


def close(a, b, tolerance=12):
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3]))


def check_legend(driver, page, expected):
    """The heat legend on a page with a diff: pale at 1 of 255, hot at 255, in the screenshot."""
    legends = driver.find_elements(By.CSS_SELECTOR, ".legend .heat")
    if len(legends) != 1:
        fail(f"{page}: {len(legends)} heat legends")
    legend = legends[0]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", legend)
    left, top, width, height = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", legend)
    if width < 100 or height < 8:
        fail(f"{page}: the legend is {width} × {height}")
    w, h, pixels = decode_png(driver.get_screenshot_as_png())
    low = pixels(int(left + 2), int(top + height / 2))
    high = pixels(int(left + width - 3), int(top + height / 2))
    if not (low[0] > 230 and low[1] > 210 and low[2] > 120):
        fail(f"{page}: the legend's low end is {low[:3]}, not a faint pale colour")
    if not (high[0] > 100 and high[1] < 40 and high[2] < 80):
        fail(f"{page}: the legend's high end is {high[:3]}, not a hot dark red")
    if expected and not (close(low, expected[0], 16) and close(high, expected[1], 16)):
        fail(f"{page}: the legend runs {low[:3]} to {high[:3]}, not {expected[0]} to {expected[1]}")
    ok(f"{page}: the heat legend shows faint {low[:3]} at 1 and hot {high[:3]} at 255")


def check_diff(driver, pages, path, expected):
    section = open_section(driver, pages, path)
    images = {name: section.find_elements(By.CSS_SELECTOR, f".pictures img.{name}") for name in ["before", "after", "diff"]}
    if any(len(found) != 1 for found in images.values()):
        fail(f"{path}: before, after and diff should be one picture each: {[len(v) for v in images.values()]}")
    diff = images["diff"][0]
    wait_until(lambda: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", diff),
               f"{path}'s diff picture to decode")
    width, height, data = driver.execute_script(READ_PIXELS, diff)
    boxes, color = expected["changed"], expected.get("color")
    changed = 0
    for y in range(height):
        for x in range(width):
            r, g, b, a = data[(y * width + x) * 4:(y * width + x) * 4 + 4]
            if inside(x, y, boxes):
                if a != 255 or (color and [r, g, b] != color) or (not color and r == g == b):
                    fail(f"{path}: diff pixel ({x}, {y}) is {(r, g, b, a)}, not the heat colour {color or 'of a change'}")
                changed += 1
            elif not (r == g == b and a == 255):
                fail(f"{path}: diff pixel ({x}, {y}) is {(r, g, b, a)}, not grey")
    ok(f"{path}: the diff picture ({width} × {height}) is coloured at exactly its {changed} changed pixels, grey elsewhere")
    x0, y0, x1, y1 = boxes[0]
    shown = screenshot_pixel(driver, diff, (x0 + x1) // 2, (y0 + y1) // 2)
    if (color and not close(shown, color)) or shown[0] == shown[1] == shown[2]:
        fail(f"{path}: the screenshot shows {shown[:3]} where the diff is {color or 'coloured'}")
    outside = screenshot_pixel(driver, diff, x1 + 1 if x1 + 1 < width else x0 - 2, y1 + 1)
    if not (outside[0] == outside[1] == outside[2]):
        fail(f"{path}: the screenshot is coloured outside the changed pixels: {outside[:3]}")
    ok(f"{path}: the screenshot shows the heat colour {shown[:3]} and grey {outside[:3]} beside it")

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


def check_animated(driver, pages, path, frames):
    pictures = open_section(driver, pages, path).find_elements(By.CSS_SELECTOR, ".pictures img.before, .pictures img.after")
    if not pictures:
        fail(f"{path}: no picture shown")
    for picture in pictures:
        wait_until(lambda: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", picture),
                   f"{path}'s picture to decode")
        kind, found = driver.execute_async_script(COUNT_FRAMES, picture)
        if found != frames:
            fail(f"{path}: the embedded {kind} has {found} frames, not {frames}")
        ok(f"{path}: the {picture.get_attribute('class')} picture plays as {kind}, {found} frames")


def load(driver, url):
    driver.get(url)
    wait_until(lambda: driver.execute_script("return document.readyState === 'complete'"), f"{url} to load")
    fetched = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith('data:'))")
    if fetched:
        fail(f"{url} fetched {fetched}")


def main():
    if len(sys.argv) != 3:
        fail("usage: review_test.py REPORT/index.html EXPECTED.json")
    report, expected = os.path.abspath(sys.argv[1]), json.load(open(sys.argv[2]))
    driver = start_browser()
    try:
        index = "file://" + report
        load(driver, index)
        # Each row of the index: its scene's page and the paths of its outputs.
        rows = driver.execute_script(
            "return Array.from(document.querySelectorAll('tr')).filter(r => r.querySelector('a.scene-link'))"
            ".map(r => [r.querySelector('a.scene-link').href, Array.from(r.querySelectorAll('code')).map(c => c.textContent)])")
        diffs = expected.get("diffs", {})
        pages, with_diff = {}, []
        for link, paths in rows:
            if not link.startswith(os.path.dirname(index) + "/scenes/"):
                fail(f"the index links {link}, outside its scenes/ folder")
            if expected.get("partial") and not set(paths) & set(diffs):
                continue  # only the pages the expectations name are opened
            load(driver, link)
            sections = driver.find_elements(By.CSS_SELECTOR, "section.output")
            pages[link] = [s.get_attribute("data-path") for s in sections]
            if sorted(pages[link]) != sorted(paths):
                fail(f"{link} shows {pages[link]}, its row in the index {paths}")
            diffs_here = [s.get_attribute("data-path") for s in sections if s.find_elements(By.CSS_SELECTOR, "img.diff")]
            if diffs_here:
                check_legend(driver, link.rsplit("/", 1)[-1], expected.get("legend"))
            with_diff += diffs_here
        ok(f"the index and its {len(pages)} scene pages load nothing from outside themselves")
        with_diff.sort()
        if expected.get("partial"):
            if not set(diffs) <= set(with_diff):
                fail(f"diff pictures for {with_diff}, expected at least {sorted(diffs)}")
        elif with_diff != sorted(diffs):
            fail(f"diff pictures for {with_diff}, expected {sorted(diffs)}")
        ok(f"diff pictures for {'at least ' + str(sorted(diffs)) if expected.get('partial') else 'exactly ' + str(with_diff)}")
        for path, boxes in diffs.items():
            check_diff(driver, pages, path, boxes)
        for path, frames in expected.get("animated", {}).items():
            check_animated(driver, pages, path, frames)
    finally:
        driver.quit()
    print("all review checks passed", flush=True)


if __name__ == "__main__":
    main()
