#!/usr/bin/python3
"""Compare in a real browser (issue 28, acceptance 1): headless Chromium at 1400×900 driven by
selenium, pixels probed in screenshots.

Usage: preview_compare_test.py SCENEC_BINARY REPOSITORY_ROOT

`scenec preview` of a canvas-filling blue box with `--vary box.backgroundColor=#ff0000,#00ff00
--vary box.cornerRadius=0,20,40`: "Both" is the first view, and the main picture and all six
cells lie inside the viewport; the column headers are 0 / 20 / 40 under `box.cornerRadius` (said
once), the row headers #ff0000 / #00ff00 beside `box.backgroundColor`; every picture's edge is
drawn. Picture and Grid show one pane each. Pin A (blue), click the red cell: left of the wipe's
divider is blue (A), right of it red (live); the divider dragged with the pointer moves the
boundary, and Shift+← on its knob moves it without nudging a view; the onion skin at 0.5 is the
blend of the two. The file changed on disk redraws A from it (yellow), the live overrides kept.
A keeps its time and appearance: pinned at 0 s in light, the live page at 1 s in dark, a ring's
probes show each. The switches say their state (aria-pressed); a cell is reached with Tab and
picked with Enter; in Grid view Wipe / Onion hide. A file that no cell's values fit any more: each
cell says why in its place. Long addresses and a {light, dark} value as headers wrap, the grid
fitting its pane. A scene opened with errors says it has no picture (no broken-image icon).
Prints one line per check; exits 1 at the first failure.
"""
import os
import shutil
import sys
import tempfile

from browser import fail, ok, start_browser, wait_until
from pngprobe import decode_png
from preview_test import Page, Preview, expect_color, rewrite
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

SCENE = """# The compare test's scene: one box filling the canvas, so a probe anywhere shows its colour.
canvas: {width: 300, height: 200}
views:
  - {id: box, type: group, frame: {x: 0, y: 0, width: 300, height: 200}, backgroundColor: "#0000ff"}
"""

BLUE, RED, YELLOW = (0, 0, 255), (255, 0, 0), (255, 255, 0)


def rect(page, element):
    return page.js("const r = arguments[0].getBoundingClientRect();"
                   "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};",
                   element)


def inside_viewport(page, r):
    width, height = page.js("return [innerWidth, innerHeight]")
    return r["width"] > 0 and r["left"] >= 0 and r["top"] >= 0 and r["right"] <= width and r["bottom"] <= height


def texts(driver, selector):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, selector)]


def pinned_pictures(page):
    return page.js("return window.scenecPreview.compare.stats.pinnedPictures")


def layout_checks(driver, page):
    size = page.js("return [innerWidth, innerHeight]")
    if page.js("return window.scenecPreview.compare.view") != "both":
        fail("with variants the first view should be Both")
    cells = driver.find_elements(By.CSS_SELECTOR, "#variants .cell img")
    if len(cells) != 6:
        fail(f"expected 6 cells, got {len(cells)}")
    wait_until(lambda: all(page.js("return arguments[0].complete && arguments[0].naturalWidth > 0", c) for c in cells),
               "the cells' pictures")
    picture = rect(page, driver.find_element(By.ID, "picture"))
    if not inside_viewport(page, picture):
        fail(f"the main picture {picture} is not inside the {size} viewport")
    for i, cell in enumerate(cells):
        r = rect(page, cell)
        if not inside_viewport(page, r):
            fail(f"cell {i} {r} is not inside the {size} viewport")
        if r["width"] < 80:
            fail(f"cell {i} is only {r['width']} px wide")
    ok(f"at {size[0]}×{size[1]} the picture ({picture['width']:.0f} px wide) and all 6 cells "
       f"({rect(page, cells[0])['width']:.0f} px wide) are in the viewport")

    columns = texts(driver, '#variants th[scope="col"]:not(.axis)')
    rows = texts(driver, '#variants th[scope="row"]')
    axes = texts(driver, "#variants th.axis")
    if columns != ["0", "20", "40"] or rows != ["#ff0000", "#00ff00"] or axes != ["box.cornerRadius", "box.backgroundColor"]:
        fail(f"headers: columns {columns}, rows {rows}, axes {axes}")
    body = driver.find_element(By.ID, "variants").text
    if body.count("box.cornerRadius") != 1 or body.count("box.backgroundColor") != 1:
        fail(f"each address should be written once in the grid: {body!r}")
    ok(f"headers: columns {columns} under {axes[0]}, rows {rows} beside {axes[1]}, each address once")
    # Row #00ff00, column 40 is the last cell: its values in its alt text.
    last = cells[5].get_attribute("alt")
    if last != "box.backgroundColor=#00ff00 · box.cornerRadius=40":
        fail(f"the last cell is {last!r}")

    # The canvas's edge: just outside the picture (clear canvas, light page) a dark outline.
    # (The pixel holding the edge and the one left of it: a picture may start between pixels.)
    _, _, pixels = decode_png(driver.get_screenshot_as_png())

    def left_edge(r):
        y = int(r["top"] + r["height"] / 2)
        return min((pixels(x, y) for x in (int(r["left"]) - 1, int(r["left"]))), key=lambda c: max(c[:3]))
    edge = left_edge(rect(page, driver.find_element(By.ID, "board")))
    cell_edge = left_edge(rect(page, cells[0]))
    if max(edge[:3]) > 215 or max(cell_edge[:3]) > 215:
        fail(f"the canvas edge should be drawn: beside the picture {edge[:3]}, beside a cell {cell_edge[:3]}")
    ok(f"the canvas's edge drawn beside the picture {edge[:3]} and beside a cell {cell_edge[:3]}")

    shared = rect(page, driver.find_element(By.ID, "variants"))
    rect0 = rect(page, cells[0])["width"]
    driver.find_element(By.CSS_SELECTOR, '[data-view="picture"]').click()
    if driver.find_element(By.ID, "variants").is_displayed() or not driver.find_element(By.ID, "picture").is_displayed():
        fail("Picture should show the picture alone")
    driver.find_element(By.CSS_SELECTOR, '[data-view="grid"]').click()
    if not driver.find_element(By.ID, "variants").is_displayed() or driver.find_element(By.ID, "picture").is_displayed():
        fail("Grid should show the grid alone")
    alone = rect(page, driver.find_element(By.ID, "variants"))
    if alone["width"] * alone["height"] <= shared["width"] * shared["height"] or rect(page, cells[0])["width"] < rect0:
        fail(f"the grid alone ({alone}) should have more room than beside the picture ({shared})")
    driver.find_element(By.CSS_SELECTOR, '[data-view="both"]').click()
    if not inside_viewport(page, rect(page, driver.find_element(By.ID, "picture"))):
        fail("back to Both, the picture should be whole again")
    ok(f"Picture and Grid show one pane each (the grid alone {alone['width']:.0f}×{alone['height']:.0f} px)")


def pressed(driver, selector):
    return [(b.text, b.get_attribute("aria-pressed")) for b in driver.find_elements(By.CSS_SELECTOR, selector)]


def keyboard_checks(driver, page):
    """The view switch says its state (aria-pressed), and a cell is reached with Tab and picked
    with Enter, as with a click."""
    views = pressed(driver, "[data-view]")
    if views != [("Picture", "false"), ("Grid", "false"), ("Both", "true")]:
        fail(f"the view switch's aria-pressed: {views}")
    page.js("document.getElementById('pin').focus()")
    for _ in range(30):
        if page.js("return document.activeElement.classList.contains('cell')"):
            break
        ActionChains(driver).send_keys(Keys.TAB).perform()
    else:
        fail("no variant cell is reached with Tab from Pin A")
    ActionChains(driver).send_keys(Keys.TAB).send_keys(Keys.TAB).perform()   # the third cell
    focused = page.js("return document.activeElement.querySelector('img')?.alt")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    page.settle("the cell picked with Enter")
    overrides = page.js("return [...window.scenecPreview.state.overrides]")
    if focused != "box.backgroundColor=#ff0000 · box.cornerRadius=40" or overrides != [["box.backgroundColor", "#ff0000"], ["box.cornerRadius", "40"]]:
        fail(f"Tab to the cell {focused!r} and Enter should make its values the overrides: {overrides}")
    ok(f"the view switch says Both is pressed; Tab reaches the cells, Enter on {focused!r} picks it")
    driver.find_element(By.ID, "reset-all").click()   # back to the file as it is, for what follows
    page.settle("the overrides reset")
    if page.js("return window.scenecPreview.state.overrides.size") != 0:
        fail("Reset all should leave no override")


def compare_checks(driver, page, scene):
    driver.find_element(By.ID, "pin").click()
    wait_until(lambda: page.js("return window.scenecPreview.compare.stats.pinnedShown"), "A to be drawn")
    modes = pressed(driver, "[data-compare]")
    if modes != [("Wipe", "true"), ("Onion", "false")]:
        fail(f"Wipe / Onion's aria-pressed: {modes}")
    # Grid alone has no picture to compare on: the modes and the divider go, Unpin stays.
    driver.find_element(By.CSS_SELECTOR, '[data-view="grid"]').click()
    shown = [driver.find_element(By.CSS_SELECTOR, s).is_displayed()
             for s in ('[data-compare="wipe"]', '[data-compare="onion"]', "#wipe", "#unpin")]
    if shown != [False, False, False, True]:
        fail(f"in Grid view Wipe, Onion and the divider should be hidden, Unpin shown: {shown}")
    driver.find_element(By.CSS_SELECTOR, '[data-view="both"]').click()
    if not driver.find_element(By.ID, "wipe").is_displayed():
        fail("back to Both, the divider should be back")
    ok(f"Wipe / Onion say their state {modes}; in Grid view they and the divider hide")
    # Use the red, square cell: the live state becomes red.
    driver.find_elements(By.CSS_SELECTOR, "#variants .cell")[0].click()
    page.settle("the picked cell")
    overrides = page.js("return [...window.scenecPreview.state.overrides]")
    if overrides != [["box.backgroundColor", "#ff0000"], ["box.cornerRadius", "0"]]:
        fail(f"the picked cell's overrides: {overrides}")
    # Wipe (the first mode): the divider in the middle, A left, live right.
    expect_color(page.probe(75, 100), BLUE, "wipe at 50%, left of the divider (A)")
    expect_color(page.probe(225, 100), RED, "wipe at 50%, right of the divider (live)")
    # Drag the divider to 80% of the width with the pointer.
    board = driver.find_element(By.ID, "board")
    r = rect(page, board)
    handle = driver.find_element(By.ID, "wipe-handle")
    ActionChains(driver).move_to_element(handle).click_and_hold().move_by_offset(int(r["width"] * 0.15), 0) \
        .move_by_offset(int(r["width"] * 0.15), 0).release().perform()
    wipe = page.js("return window.scenecPreview.compare.wipe")
    if not 0.75 <= wipe <= 0.85:
        fail(f"the divider dragged 30% right should be near 0.8, not {wipe}")
    if page.js("return window.scenecPreview.state.selected") is not None:
        fail("dragging the divider selected a view under it")
    expect_color(page.probe(210, 100), BLUE, f"wipe at {wipe:.2f}: 70% across is A")
    expect_color(page.probe(270, 100), RED, f"wipe at {wipe:.2f}: 90% across is live")
    # From the keyboard: Shift+← on the focused knob moves the divider, and nudges no view.
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_LEFT).key_up(Keys.SHIFT).perform()
    moved = page.js("return window.scenecPreview.compare.wipe")
    if abs(moved - (wipe - 0.1)) > 1e-6 or page.js("return [...window.scenecPreview.state.overrides]") != overrides:
        fail(f"Shift+← on the knob should move the divider by 0.1 ({wipe} → {moved}) and change no override")
    ok(f"Shift+← on the knob: the divider {wipe:.2f} → {moved:.2f}, no view nudged")
    # Onion skin: A over the live picture at half opacity.
    driver.find_element(By.CSS_SELECTOR, '[data-compare="onion"]').click()
    expect_color(page.probe(75, 100), (128, 0, 128), "onion at 0.5, left: the blend", tolerance=12)
    expect_color(page.probe(225, 100), (128, 0, 128), "onion at 0.5, right: the blend", tolerance=12)
    page.js("const s = document.getElementById('onion'); s.value = '1'; s.dispatchEvent(new Event('input'));")
    expect_color(page.probe(225, 100), BLUE, "onion at 1: A alone", tolerance=12)

    # The file changes on disk: A is the file's state, so it is drawn again from the new file.
    drawn = pinned_pictures(page)
    rewrite(scene, '"#0000ff"', '"#ffff00"')
    wait_until(lambda: pinned_pictures(page) > drawn, "A to be drawn again from the changed file")
    page.settle("the changed file")
    expect_color(page.probe(150, 100), YELLOW, "A after the file changed", tolerance=12)
    driver.find_element(By.CSS_SELECTOR, '[data-compare="wipe"]').click()
    expect_color(page.probe(280, 100), RED, "the live state keeps its override")
    driver.find_element(By.ID, "unpin").click()
    if driver.find_element(By.ID, "pinned").is_displayed() or driver.find_element(By.ID, "wipe").is_displayed():
        fail("Unpin should remove A and the divider")
    expect_color(page.probe(75, 100), RED, "unpinned: the live picture alone")


def cell_problem_checks(driver, page, scene):
    """The file changes so that no cell's values apply (the view they address is renamed): each
    cell says why in its place, the main picture still draws; renamed back, the pictures return."""
    driver.find_element(By.ID, "reset-all").click()   # the page's own overrides address box too
    page.settle("the overrides reset")
    rewrite(scene, "id: box,", "id: crate,")
    wait_until(lambda: len([t for t in texts(driver, "#variants .cell-problem") if "box" in t]) == 6,
               "each cell to say why it cannot be drawn")
    said = driver.find_elements(By.CSS_SELECTOR, "#variants .cell-problem")[0].text
    if any(i.is_displayed() for i in driver.find_elements(By.CSS_SELECTOR, "#variants .cell img")):
        fail("a cell that cannot be drawn should not show a (broken) picture")
    rewrite(scene, "id: crate,", "id: box,")
    wait_until(lambda: all(i.is_displayed() for i in driver.find_elements(By.CSS_SELECTOR, "#variants .cell img"))
               and not any(p.is_displayed() for p in driver.find_elements(By.CSS_SELECTOR, "#variants .cell-problem")),
               "the cells' pictures back")
    ok(f"a cell the file refuses says so in its place ({said.splitlines()[0]!r}); fixed, the pictures return")


LONG = """# A view with the long id designers give views, and a {light, dark} value among the columns.
canvas: {width: 300, height: 200}
views:
  - {id: circularProgressView, type: group, frame: {x: 0, y: 0, width: 300, height: 200}, backgroundColor: "#0000ff"}
"""


def long_header_checks(driver, binary, work):
    """Long addresses and a {light, dark} value as headers (D5): in Both side by side the table
    fits its pane (no side scroll), the cells fill it rather than shrinking under the headers,
    and each header's whole text is in its title."""
    scene = os.path.join(work, "long.scene.yaml")
    with open(scene, "w") as f:
        f.write(LONG)
    dark = '{light: "#000000", dark: "#ffffff"}'
    preview = Preview(binary, scene, work, ["--vary", "circularProgressView.cornerRadius=0,20",
                                            "--vary", f"circularProgressView.backgroundColor=#ff0000,systemBlue,{dark}"])
    try:
        driver.get(preview.url)
        page = Page(driver)
        page.settle("the long headers")
        grid = driver.find_element(By.ID, "variants")
        wait_until(lambda: all(page.js("return arguments[0].complete && arguments[0].naturalWidth > 0", c)
                               for c in driver.find_elements(By.CSS_SELECTOR, "#variants .cell img")), "the cells")
        over = page.js("const v = arguments[0]; return [v.scrollWidth - v.clientWidth, v.scrollHeight - v.clientHeight]", grid)
        if over[0] > 0 or over[1] > 0:
            fail(f"the grid scrolls by {over} px with long headers")
        widths = [rect(page, c)["width"] for c in driver.find_elements(By.CSS_SELECTOR, "#variants .cell img")]
        pane = rect(page, grid)
        # The cells are as large as the pane allows one way or the other (before, the headers
        # left 54 px cells in a half-empty pane).
        table = rect(page, driver.find_element(By.CSS_SELECTOR, "#variants table"))
        if max(table["width"] / pane["width"], table["height"] / pane["height"]) < 0.85 or min(widths) < 100:
            fail(f"cells {widths} leave the {pane['width']:.0f}×{pane['height']:.0f} pane empty "
                 f"(table {table['width']:.0f}×{table['height']:.0f}): the headers took the room")
        titles = [t.get_attribute("title") for t in driver.find_elements(By.CSS_SELECTOR, "#variants th")]
        if not any(dark in t for t in titles) or not any("circularProgressView.backgroundColor" in t for t in titles):
            fail(f"the headers' whole texts should be in their titles: {titles}")
        for th in driver.find_elements(By.CSS_SELECTOR, "#variants th"):
            if page.js("return arguments[0].scrollWidth > arguments[0].clientWidth + 1", th):
                fail(f"the header {th.get_attribute('title')!r} is cut")
        ok(f"long headers wrap: the grid fits its {pane['width']:.0f} px pane, cells {min(widths):.0f} px wide")
    finally:
        preview.stop()


BROKEN = """# A scene opened with errors: there is no good picture to keep.
canvas: {width: 300, height: 200}
views:
  - {id: box, type: group, frame: {x: 0, y: 0, width: 300, height: 200}, backgroundColor: 12}
"""


def broken_scene_checks(driver, binary, work):
    """A scene that has errors when the page opens has no last good picture: the page says so and
    shows no broken-image icon."""
    scene = os.path.join(work, "broken.scene.yaml")
    with open(scene, "w") as f:
        f.write(BROKEN)
    preview = Preview(binary, scene, work)
    try:
        driver.get(preview.url)
        page = Page(driver)
        wait_until(lambda: driver.find_element(By.ID, "errors").is_displayed(), "the errors")
        title = driver.find_element(By.ID, "errors-title").text
        if "last good picture" in title or "no picture" not in title:
            fail(f"opened with errors, the box says {title!r}")
        if page.js("return getComputedStyle(document.getElementById('picture')).visibility") != "hidden":
            fail("with no picture yet the picture should not show (a broken-image icon)")
        ok(f"opened with errors: {title!r}, no broken picture")
    finally:
        preview.stop()


ANIMATED = """# A ring filling in one second, its colours {light, dark}: A pinned at 0 s in light keeps both.
canvas: {width: 200, height: 200, background: "#ffffff"}
views:
  - {id: r, type: ring, frame: {x: 20, y: 20, width: 160, height: 160}, lineWidth: 40, progress: 0,
     progressColor: {light: "#ff0000", dark: "#00ff00"}, trackColor: {light: "#0000ff", dark: "#ffff00"}}
timeline:
  animations:
    - {target: r.progress, from: 0, to: 1, duration: 1s}
"""


def time_and_appearance_checks(driver, binary, work):
    """A is the time and the appearance too: pinned at 0 s in light (an empty ring, its light
    track blue), the live page at 1 s in dark (a full ring, green): the wipe shows both."""
    scene = os.path.join(work, "animated.scene.yaml")
    with open(scene, "w") as f:
        f.write(ANIMATED)
    preview = Preview(binary, scene, work)
    try:
        driver.get(preview.url)
        page = Page(driver)
        page.settle("the animated scene")
        if driver.find_element(By.ID, "view-switch").is_displayed():
            fail("without --vary there is no view switch")
        driver.find_element(By.ID, "pin").click()
        wait_until(lambda: page.js("return window.scenecPreview.compare.stats.pinnedShown"), "A to be drawn")
        page.js("const s = document.getElementById('scrubber'); s.value = s.max; s.dispatchEvent(new Event('input'));")
        driver.find_element(By.CSS_SELECTOR, '[data-appearance="dark"]').click()
        page.settle("1 s in dark")
        # 9 o'clock is left of the divider (A), 3 o'clock right of it (live).
        expect_color(page.probe(40, 100), BLUE, "A at 0 s in light: the empty ring's light track")
        expect_color(page.probe(160, 100), (0, 255, 0), "live at 1 s in dark: the full ring's dark progress")
        label = driver.find_element(By.ID, "pin-label").text
        if label != "A: the file as it is · 0 s · light":
            fail(f"the pin's label says {label!r}")
        ok(f"the pin's label: {label!r}")
    finally:
        preview.stop()


def main():
    if len(sys.argv) != 3:
        fail("usage: preview_compare_test.py SCENEC_BINARY REPOSITORY_ROOT")
    binary = sys.argv[1]
    work = tempfile.mkdtemp(prefix="scenec-compare-")
    scene = os.path.join(work, "compare.scene.yaml")
    with open(scene, "w") as f:
        f.write(SCENE)
    driver = start_browser()
    preview = Preview(binary, scene, work, ["--vary", "box.backgroundColor=#ff0000,#00ff00",
                                            "--vary", "box.cornerRadius=0,20,40"])
    try:
        driver.get(preview.url)
        page = Page(driver)
        page.settle("the page with variants")
        layout_checks(driver, page)
        keyboard_checks(driver, page)
        compare_checks(driver, page, scene)
        cell_problem_checks(driver, page, scene)
        preview.stop()
        preview = None
        time_and_appearance_checks(driver, binary, work)
        long_header_checks(driver, binary, work)
        broken_scene_checks(driver, binary, work)
    finally:
        if preview:
            preview.stop()
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    print("all compare checks passed", flush=True)


if __name__ == "__main__":
    main()
