#!/usr/bin/python3
"""Components in the preview (issue 29): `preview scenes/meters.scene.yaml` in headless Chromium.

Usage: preview_components_test.py SCENEC_BINARY REPOSITORY_ROOT

On a copy of the scene and its library: the instances draw (each meter's ring in its own
colour, to its own value, at the poster's moment); a drag of a view inside an instance
(`cpu.ring`) is refused when written, with edit's message on the page and the file byte for
byte as it was; an argument of an instance changed in the inspector's Arguments section
(`cpu.value`) redraws the ring and "Write to file" writes `value:` in the instance, nothing else.
Prints one line per check; exits 1 at the first failure.
"""
import os
import shutil
import sys
import tempfile

from browser import fail, ok, start_browser, wait_until
from preview_canvas_test import drag_on_board, read
from preview_test import Page, Preview, expect_color, press_write
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

GREEN, ORANGE, TRACK = (52, 199, 89), (255, 149, 0), (44, 44, 46)


def instance_checks(driver, page):
    """At the poster (1.6 s) every ring has reached its value: cpu (0.42, green) is drawn at 3
    o'clock and not at 9; gpu (0.8, orange) at 9 o'clock too."""
    if page.view("cpu.ring") is None or page.view("meter3.caption") is None:
        fail("the page lacks the instances' views cpu.ring and meter3.caption")
    expect_color(page.ring_color("cpu.ring", 0), GREEN, "cpu (0.42) drawn at 3 o'clock")
    expect_color(page.ring_color("cpu.ring", 180), TRACK, "cpu (0.42) not drawn at 9 o'clock", tolerance=12)
    expect_color(page.ring_color("gpu.ring", 180), ORANGE, "gpu (0.8) drawn at 9 o'clock")
    driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="gpu.ring"]').click()
    source = wait_until(lambda: driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progress"] .source').text,
                        "gpu.ring's progress row")
    if not (source.startswith("timeline · Meter's animation (") and source.endswith("lib/meters.yaml line 31)")):
        fail(f"an instance's animated progress should name its definition's animation, not {source!r}")
    ok(f"gpu.ring's progress comes from {source!r}")


def drag_refused_checks(driver, page, scene):
    before = read(scene)
    ring = page.view("cpu.ring")["frame"]
    drag_on_board(driver, page, (ring["x"] + ring["width"] / 2, ring["y"] + 20), (30, 0))
    wait_until(lambda: page.js("return window.scenecPreview.state.overrides.get('cpu.ring.frame.x') ?? null") is not None,
               "the drag's override of cpu.ring.frame.x")
    page.settle("the dragged picture")
    status = press_write(driver, page)
    text = driver.find_element(By.ID, "status").text
    if status == 200 or "inside the instance 'cpu'" not in text:
        fail(f"writing a drag inside an instance should be refused with edit's message, got {status} {text!r}")
    if read(scene) != before:
        fail("a refused write changed the file")
    ok(f"a drag of cpu.ring is refused when written ({status}): {text!r}; the file is byte-identical")


def argument_checks(driver, page, scene):
    before = read(scene)
    driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="cpu"]').click()
    field = wait_until(lambda: driver.find_element(By.CSS_SELECTOR, '#inspector .argument[data-name="value"] input'),
                       "cpu's argument 'value' in the inspector")
    if field.get_attribute("value") != "0.42":
        fail(f"the value argument should show 0.42, not {field.get_attribute('value')!r}")
    source = driver.find_element(By.CSS_SELECTOR, '#inspector .argument[data-name="value"] .source').text
    if "file line 10" not in source:
        fail(f"the argument's source should say file line 10, not {source!r}")
    ok(f"cpu's argument value shows 0.42 from {source!r}")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("0.1", Keys.ENTER)
    wait_until(lambda: page.js("return window.scenecPreview.state.overrides.get('cpu.value') ?? null") == "0.1",
               "the override cpu.value")
    page.settle("the picture with cpu.value 0.1")
    expect_color(page.ring_color("cpu.ring", 0), TRACK, "cpu.value 0.1: no longer drawn at 3 o'clock", tolerance=12)
    status = press_write(driver, page)
    after = read(scene)
    if status != 200:
        fail(f"writing the argument answered {status}: {driver.find_element(By.ID, 'status').text!r}")
    if after != before.replace(b"    value: 0.42\n", b"    value: 0.1\n", 1) or after == before:
        fail(f"the file should differ in cpu's value only:\n{after.decode()}")
    ok("the argument is written: value: 0.1 in the instance, nothing else changed")


def main():
    if len(sys.argv) != 3:
        fail("usage: preview_components_test.py SCENEC_BINARY REPOSITORY_ROOT")
    binary, root = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="scenec-components-")
    os.mkdir(os.path.join(work, "lib"))
    scene = os.path.join(work, "meters.scene.yaml")
    shutil.copy(os.path.join(root, "scenes", "meters.scene.yaml"), scene)
    shutil.copy(os.path.join(root, "scenes", "lib", "meters.yaml"), os.path.join(work, "lib", "meters.yaml"))
    driver = start_browser()
    preview = Preview(binary, scene, work)
    try:
        page = Page(driver)
        driver.get(preview.url)
        page.settle("the meters to load")
        instance_checks(driver, page)
        drag_refused_checks(driver, page, scene)
        driver.refresh()  # the page again, without the refused override (same URL: get would not reload)
        page.settle("the meters again")
        if page.js("return window.scenecPreview.state.overrides.size") != 0:
            fail("the reloaded page should hold no overrides")
        argument_checks(driver, page, scene)
    finally:
        preview.stop()
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    print("all component checks passed", flush=True)


if __name__ == "__main__":
    main()
