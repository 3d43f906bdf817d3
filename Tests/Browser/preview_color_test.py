#!/usr/bin/python3
"""The preview's colour control keeps a colour's form (issue 23, acceptance 1), in Debian's
headless Chromium driven by selenium.

Usage: preview_color_test.py SCENEC_BINARY REPOSITORY_ROOT

A ring whose progressColor is systemBlue, on black, its track clear: in Dark, move the alpha
to 0.5; switch to Light: each appearance keeps its own blue (control state and screenshot
probes); make it a light/dark pair and give Light its full alpha, Dark keeping its 0.5; "Write
to file" writes the pair by name, and `scenec render --appearance light|dark` of the written
file draws what the page showed; choosing systemRed writes `systemRed`. Prints one line per
check; exits 1 at the first failure.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from browser import fail, ok, start_browser, wait_until
from pngprobe import decode_png
from preview_test import Page, Preview, expect_color, press_write
from selenium.webdriver.common.by import By

SCENE = """canvas: {width: 200, height: 200, background: "#000000"}
views:
  - id: ring
    type: ring
    frame: {x: 20, y: 20, width: 160, height: 160}
    lineWidth: 20
    progress: 0.5
    progressColor: systemBlue
    trackColor: clear
"""

# systemBlue's sides (Apple's values) at full alpha and at 0.5 over black.
LIGHT, DARK = (0, 122, 255), (10, 132, 255)
LIGHT_HALF, DARK_HALF = (0, 61, 128), (5, 66, 128)
SYSTEM_RED_DARK = (255, 69, 58)


class ColorRow:
    """The progressColor row's colour control."""

    def __init__(self, driver, page):
        self.driver, self.page = driver, page

    def element(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, f'#inspector .row[data-name="progressColor"] {css}')

    def state(self):
        return self.page.js("""const row = document.querySelector('#inspector .row[data-name="progressColor"]');
            return {name: row.querySelector('select.color-name').value,
                    alpha: Number(row.querySelector('input[type="range"]').value),
                    paired: row.querySelector('input.color-pair').checked,
                    shown: row.querySelector('.value').textContent};""")

    def set_alpha(self, value):
        self.page.js("arguments[0].value = arguments[1];"
                     "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", self.element('input[type="range"]'), value)

    def toggle_pair(self):
        self.element("input.color-pair").click()

    def choose(self, name):
        self.page.js("arguments[0].value = arguments[1];"
                     "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", self.element("select.color-name"), name)


def override(page):
    return page.js("return window.scenecPreview.state.overrides.get('ring.progressColor') ?? null")


def committed(page, text, what):
    wait_until(lambda: override(page) == text, f"{what}: the override {text!r} (now {override(page)!r})")
    page.settle(what)
    ok(f"{what}: committed {text!r}")


def switch(driver, page, appearance):
    before = page.pictures()
    driver.find_element(By.CSS_SELECTOR, f'[data-appearance="{appearance}"]').click()
    wait_until(lambda: page.pictures() > before, f"the {appearance} picture", timeout=5)
    wait_until(lambda: page.js("return window.scenecPreview.state.doc.appearance") == appearance, f"the {appearance} document")
    page.settle(f"the {appearance} picture")


def expect_state(row, what, **want):
    state = wait_until(lambda: (s := row.state()) and all(
        abs(s[k] - v) < 0.006 if isinstance(v, float) else s[k] == v for k, v in want.items()) and s, f"{what}: control {want}")
    ok(f"{what}: control {state}")


def rendered(binary, scene, appearance, point, work):
    """The colour `scenec render --appearance` draws at canvas point `point` (scale 1)."""
    out = os.path.join(work, f"written-{appearance}.png")
    subprocess.run([binary, "render", scene, "--allow-read", tempfile.gettempdir(), "--appearance", appearance,
                    "-o", out], check=True)
    with open(out, "rb") as f:
        _, _, pixels = decode_png(f.read())
    return pixels(int(point[0]), int(point[1]))


def color_checks(driver, binary, work):
    scene = os.path.join(work, "colors.scene.yaml")
    with open(scene, "w") as f:
        f.write(SCENE)
    preview = Preview(binary, scene, work)
    page = Page(driver)
    row = ColorRow(driver, page)
    try:
        driver.get(preview.url)
        page.settle("the colour scene to load")
        driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="ring"]').click()
        switch(driver, page, "dark")
        expect_state(row, "dark, as in the file", name="systemBlue", alpha=1.0, paired=False)
        point = page.ring_point("ring", 0)   # 3 o'clock: on the progress arc (0.5 runs 12 → 6)
        expect_color(page.probe(*point), DARK, "dark: systemBlue's dark side", tolerance=2)

        # Alpha moved in Dark: a named colour with its own alpha, both sides still their own blue.
        row.set_alpha(0.5)
        committed(page, "{color: systemBlue, alpha: 0.5}", "alpha 0.5 in dark")
        expect_color(page.probe(*point), DARK_HALF, "dark: the dark blue at 0.5", tolerance=2)
        switch(driver, page, "light")
        expect_state(row, "light after the dark edit", name="systemBlue", alpha=0.5, paired=False)
        expect_color(page.probe(*point), LIGHT_HALF, "light: the light blue (not the dark one) at 0.5", tolerance=2)

        # A light/dark pair: only the shown appearance's side is edited.
        row.toggle_pair()
        committed(page, "{light: {color: systemBlue, alpha: 0.5}, dark: {color: systemBlue, alpha: 0.5}}", "pair made in light")
        row.set_alpha(1)
        committed(page, "{light: systemBlue, dark: {color: systemBlue, alpha: 0.5}}", "full alpha in light only")
        light_shown = page.probe(*point)
        expect_color(light_shown, LIGHT, "light: systemBlue at full alpha", tolerance=2)
        switch(driver, page, "dark")
        expect_state(row, "dark keeps its side", name="systemBlue", alpha=0.5, paired=True)
        dark_shown = page.probe(*point)
        expect_color(dark_shown, DARK_HALF, "dark: still the dark blue at 0.5", tolerance=2)

        # Write to file: the pair by name, and the file draws what the page showed.
        status = press_write(driver, page)
        if status != 200:
            fail(f"Write to file answered {status}")
        with open(scene) as f:
            text = f.read()
        if "progressColor: {light: systemBlue, dark: {color: systemBlue, alpha: 0.5}}\n" not in text or "#" in text.split("views:")[1]:
            fail(f"the file should hold the named pair, no hex:\n{text}")
        ok("written: progressColor: {light: systemBlue, dark: {color: systemBlue, alpha: 0.5}}")
        for appearance, shown in (("light", light_shown), ("dark", dark_shown)):
            expect_color(rendered(binary, scene, appearance, point, work), shown[:3],
                         f"render --appearance {appearance} of the written file draws what the page showed", tolerance=2)

        # One colour again, then systemRed chosen by name: written as `systemRed`.
        expect_state(row, "after the write, from the file", name="systemBlue", alpha=0.5, paired=True)
        row.toggle_pair()
        committed(page, "{color: systemBlue, alpha: 0.5}", "pair undone in dark")
        row.choose("systemRed")
        committed(page, "systemRed", "systemRed chosen")
        expect_color(page.probe(*point), SYSTEM_RED_DARK, "dark: systemRed's dark side", tolerance=2)
        if press_write(driver, page) != 200:
            fail("the second write was refused")
        with open(scene) as f:
            text = f.read()
        if "    progressColor: systemRed\n" not in text:
            fail(f"the file should say progressColor: systemRed:\n{text}")
        ok("written: progressColor: systemRed")
    finally:
        preview.stop()


def main():
    if len(sys.argv) != 3:
        fail("usage: preview_color_test.py SCENEC_BINARY REPOSITORY_ROOT")
    binary = sys.argv[1]
    work = tempfile.mkdtemp(prefix="scenec-colors-")
    driver = start_browser()
    try:
        color_checks(driver, binary, work)
    finally:
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    print("all colour checks passed", flush=True)


if __name__ == "__main__":
    main()
