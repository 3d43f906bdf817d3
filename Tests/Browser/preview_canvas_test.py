#!/usr/bin/python3
"""The preview's canvas in a real browser (issue 27, acceptance 1, 2 and 3): real pointer drags
through selenium's ActionChains on headless Chromium, the scene file read back and compared byte
for byte.

Usage: preview_canvas_test.py SCENEC_BINARY REPOSITORY_ROOT

At 1×: with Snap off, a box at x: 100 dragged 40 px right and written is `x: 140`, nothing else
in the file changed; arrows nudge by 1, Shift+arrows by 10; with Snap on, a drag ending 3 pt from
a sibling's edge snaps onto it, the guide (#ff2d92) found in a screenshot during the drag; undo
after the write restores the file byte for byte. Resize handles
keep a percent frame a percent expression and move a centerX frame's centre; the rotate handle
writes degrees. A stack's child is read-only in the geometry rows with the reason, does not move
on the board, and dragging it in the tree writes the children's new order; Alt+↓ pressed twice
on a tree item moves it twice (the item keeps the focus), and the undo and redo of those moves
keep its index-addressed override and the selection on it. Issue 27's second readers: a drag
follows the pointer when the page moves under it, the status line stays one line, no /api/scene
during a drag; overridden geometry rows are marked with the file's value and a reset, and a frame
override the file refuses is shown and dropped there; hidden views are not hit, turned ones are
hit, resized in their own axes and outlined inside a turned group, whose child is not dragged; a
click inside the selection keeps it; resizes and typed sizes. Prints one line per check; exits 1
at the first failure.
"""
import os
import shutil
import sys
import tempfile

from browser import fail, ok, start_browser, wait_until
from pngprobe import decode_png
from preview_test import Page, Preview
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

SCENE = """# The canvas test's scene.
canvas: {width: 400, height: 300, background: "#ffffff"}
views:
  # the box dragged about
  - id: box
    type: group
    backgroundColor: "#0000ff"
    frame: {x: 100, y: 50, width: 80, height: 60}   # where it starts
  - id: mark
    type: group
    backgroundColor: "#00aa00"
    frame: {x: 183, y: 200, width: 50, height: 40}
  - id: wide
    type: group
    backgroundColor: "#888888"
    frame: {x: "50%", y: "100% - 40", width: "50% - 20", height: 30}
  - id: dot
    type: group
    backgroundColor: "#ff9900"
    frame: {centerX: 330, centerY: 60, width: 20, height: 20}
  - id: row
    type: stack
    axis: horizontal
    spacing: 4
    frame: {x: 10, y: 150, width: 150, height: 40}
    children:
      - {id: first, type: indicator, size: 20}
      - {id: second, type: indicator, size: 20}
      - {id: third, type: indicator, size: 20}
  # hidden over dot: a click there reaches dot
  - {id: cover, type: group, hidden: true, backgroundColor: "#ff0000", frame: {x: 310, y: 40, width: 40, height: 40}}
  # turned a quarter: drawn 290...310 x 80...180
  - {id: spin, type: group, rotation: 90deg, backgroundColor: "#00cccc", frame: {x: 250, y: 120, width: 100, height: 20}}
  # a turned group: its child is drawn at 50...70 x 0...20
  - id: tilt
    type: group
    rotation: 90deg
    backgroundColor: "#cccc00"
    frame: {x: 10, y: 20, width: 80, height: 40}
    children:
      - {id: inner, type: group, backgroundColor: "#6600cc", frame: {x: 0, y: 0, width: 20, height: 20}}
  - {id: title, type: label, text: "Hello there", frame: {x: 20, y: 120}}
"""

GUIDE = (0xff, 0x2d, 0x92)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def override(page, key):
    return page.js("return window.scenecPreview.state.overrides.get(arguments[0]) ?? null", key)


def board_point(page, x, y):
    """Offsets from the board's centre (what ActionChains measures from) of canvas point (x, y)."""
    width, height, scale = page.js("const r = document.getElementById('board').getBoundingClientRect();"
                                   "return [r.width, r.height, r.width / window.scenecPreview.state.doc.canvas.width];")
    return round(x * scale - width / 2), round(y * scale - height / 2)


def drag_on_board(driver, page, start, by, release=True):
    """Presses at canvas point `start`, moves by `by` screen pixels in four moves of whole
    pixels (each a pointermove), and lets go unless `release` is False."""
    board = driver.find_element(By.ID, "board")
    chain = ActionChains(driver).move_to_element_with_offset(board, *board_point(page, *start)).click_and_hold()
    done = [0, 0]
    for i in range(1, 5):
        step = [round(by[k] * i / 4) - done[k] for k in (0, 1)]
        chain.move_by_offset(*step)
        done = [done[k] + step[k] for k in (0, 1)]
    if release:
        chain.release()
    chain.perform()


def drag_handle(driver, name, by):
    """Drags a resize handle by `by` screen pixels, in two moves of whole pixels."""
    handle = driver.find_element(By.CSS_SELECTOR, f"#handles .handle.{name}")
    ActionChains(driver).move_to_element(handle).click_and_hold().move_by_offset(by[0] // 2, by[1] // 2) \
        .move_by_offset(by[0] - by[0] // 2, by[1] - by[1] // 2).release().perform()


def select(driver, page, view_id):
    driver.find_element(By.CSS_SELECTOR, f'#tree button[data-id="{view_id}"]').click()
    wait_until(lambda: page.js("return window.scenecPreview.state.selected") == page.view(view_id)["address"],
               f"{view_id} to be selected")


def press_write(driver, page, scene, before):
    """Presses "Write to file" (and the dialog's Write, where the page asks first); waits for
    the file to change and the page to settle."""
    driver.find_element(By.ID, "write").click()

    def confirmed():
        for dialog in driver.find_elements(By.CSS_SELECTOR, "dialog[open]"):
            for button in dialog.find_elements(By.TAG_NAME, "button"):
                if button.text.strip() == "Write":
                    button.click()
        return read(scene) != before
    wait_until(confirmed, "the file to be written")
    page.settle("the page after the write")
    return read(scene)


def expect_file(actual, expected, what):
    if actual != expected:
        fail(f"{what}: the file is not as expected byte for byte:\n--- got\n{actual.decode()}\n--- wanted\n{expected.decode()}")
    ok(f"{what}: the file is byte for byte as expected ({len(actual)} bytes)")


def guide_columns(driver, page, y):
    """The screenshot's columns (canvas x) on canvas row `y` of the board coloured as a guide."""
    left, top, scale = page.js("const r = document.getElementById('board').getBoundingClientRect();"
                               "return [r.left, r.top, r.width / window.scenecPreview.state.doc.canvas.width];")
    width, _, pixels = decode_png(driver.get_screenshot_as_png())
    py = int(top + y * scale)
    found = []
    for px in range(int(left), min(width, int(left + 400 * scale))):
        if all(abs(a - b) <= 12 for a, b in zip(pixels(px, py)[:3], GUIDE)):
            found.append(round((px - left) / scale))
    return found


def move_checks(driver, page, scene):
    """Acceptance 1: a drag without snapping, arrows, a snapped drag with its guide, undo."""
    original = read(scene)
    driver.find_element(By.CSS_SELECTOR, '[data-zoom="1"]').click()
    board_width = lambda: page.js("return document.getElementById('board').getBoundingClientRect().width")
    widths = [board_width()]
    for step in ("zoomIn", "zoomOut", "zoomOut", "zoomIn"):
        page.js(f"window.scenecPreview.canvas.{step}()")
        widths.append(board_width())
    if widths != [400, 800, 400, 200, 400]:
        fail(f"1×, zoom in, out, out, in should make the board 400, 800, 400, 200, 400 px wide, not {widths}")
    ok("canvas.zoomIn()/zoomOut() step 1× → 2× → 1× → 0.5× → 1×")
    snap = driver.find_element(By.ID, "snap")
    if snap.is_selected():
        snap.click()
    select(driver, page, "box")
    drag_on_board(driver, page, (140, 80), (40, 0))
    wait_until(lambda: override(page, "box.frame.x") == "140", "box.frame.x = 140 after a 40 px drag")
    if override(page, "box.frame.y") is not None:
        fail(f"a horizontal drag set y: {override(page, 'box.frame.y')}")
    page.settle("the dragged picture")
    ok("snap off, 1×: a 40 px drag sets box.frame.x = 140 and nothing else")
    written = press_write(driver, page, scene, original)
    expect_file(written, original.replace(b"frame: {x: 100, y: 50,", b"frame: {x: 140, y: 50,"), "written after the drag")
    if page.view("box")["frame"]["x"] != 140:
        fail(f"the page should show the written frame, not {page.view('box')['frame']}")

    # Arrows on the board: 1 pt, Shift 10 pt, one override each time.
    page.js("document.getElementById('board').focus()")
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    wait_until(lambda: override(page, "box.frame.x") == "141", "→ to nudge x to 141")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.SHIFT).perform()
    wait_until(lambda: override(page, "box.frame.x") == "151", "Shift+→ to nudge x to 151")
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    wait_until(lambda: override(page, "box.frame.y") == "51", "↓ to nudge y to 51")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_UP).key_up(Keys.SHIFT).perform()
    wait_until(lambda: override(page, "box.frame.y") == "41", "Shift+↑ to nudge y to 41")
    ok("arrows nudge by 1 pt, Shift+arrows by 10 pt")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("the overrides reset")

    # Snap on; held Alt turns it off for the drag: 4 pt right puts the box's centre (184) 1 pt
    # from mark's left edge (183).
    snap.click()
    drag_on_board(driver, page, (180, 80), (4, 0), release=False)
    wait_until(lambda: override(page, "box.frame.x") == "143", "box.frame.x to snap to 143 (centre on 183)")
    ActionChains(driver).key_down(Keys.ALT).move_by_offset(-1, 0).move_by_offset(1, 0).perform()
    wait_until(lambda: override(page, "box.frame.x") == "144", "Alt: box.frame.x = 144, not snapped")
    ActionChains(driver).release().key_up(Keys.ALT).perform()
    ok("snapping pulls the centre onto a sibling's edge; holding Alt drags without snapping")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("the overrides reset")

    # The box's left edge, dragged to 180, is 3 pt from mark's left edge (183).
    drag_on_board(driver, page, (180, 80), (40, 0), release=False)
    wait_until(lambda: override(page, "box.frame.x") == "183", "box.frame.x to snap to 183")
    page.settle("the snapped picture")
    columns = guide_columns(driver, page, 20)
    if not columns or any(abs(c - 183) > 1 for c in columns):
        fail(f"a guide should be drawn at x = 183 only, found at {columns}")
    ok(f"snap on: x snaps to the sibling's edge 183, the guide is on screen at x = {columns}")
    ActionChains(driver).release().perform()
    wait_until(lambda: not guide_columns(driver, page, 20), "the guide to go when the drag ends")
    ok("the guide goes when the drag ends")
    snapped = press_write(driver, page, scene, written)
    expect_file(snapped, written.replace(b"frame: {x: 140, y: 50,", b"frame: {x: 183, y: 50,"), "written after the snapped drag")

    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    wait_until(lambda: read(scene) == written, "undo to restore the file as it was before the write")
    ok("undo after the write restores the file byte for byte")
    page.settle("the page after the undo")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("the overrides reset")


def resize_checks(driver, page, scene):
    """Acceptance 2: handles write width/height in the form written."""
    before = read(scene)
    snap = driver.find_element(By.ID, "snap")
    if snap.is_selected():
        snap.click()
    select(driver, page, "wide")
    drag_handle(driver, "w", (10, 0))
    wait_until(lambda: override(page, "wide.frame.x") == "50% + 10" and override(page, "wide.frame.width") == "50% - 30",
               "the left handle: x 50% + 10, width 50% - 30")
    page.settle("the resized picture")
    drag_handle(driver, "e", (-20, 0))
    wait_until(lambda: override(page, "wide.frame.width") == "50% - 50", "the right handle: width 50% - 50")
    page.settle("the resized picture")
    drag_handle(driver, "n", (0, -10))
    wait_until(lambda: override(page, "wide.frame.y") == "100% - 50" and override(page, "wide.frame.height") == "40",
               "the top handle: y 100% - 50, height 40")
    ok("left, right and top handles keep the percent expressions")
    select(driver, page, "dot")
    # A size stops at 0: the left handle dragged past the right edge; Esc puts it back.
    handle = driver.find_element(By.CSS_SELECTOR, "#handles .handle.w")
    ActionChains(driver).move_to_element(handle).click_and_hold().move_by_offset(40, 0).move_by_offset(40, 0).perform()
    wait_until(lambda: override(page, "dot.frame.width") == "0", "the width to stop at 0")
    ok("a size stops at 0, never negative")
    ActionChains(driver).send_keys(Keys.ESCAPE).release().perform()
    wait_until(lambda: override(page, "dot.frame.width") is None and override(page, "dot.frame.centerX") is None,
               "Esc to put the frame back")
    page.settle("the cancelled resize")
    ok("Esc during a drag puts the frame back")
    drag_handle(driver, "e", (10, 0))
    wait_until(lambda: override(page, "dot.frame.width") == "30" and override(page, "dot.frame.centerX") == "335",
               "a centerX frame resized from the right: width 30, centerX 335")
    ok("a centerX frame resized from its right edge gets its new centre")
    written = press_write(driver, page, scene, before)
    expected = before.replace(b'frame: {x: "50%", y: "100% - 40", width: "50% - 20", height: 30}',
                              b'frame: {x: "50% + 10", y: "100% - 50", width: "50% - 50", height: 40}')
    expected = expected.replace(b"frame: {centerX: 330, centerY: 60, width: 20, height: 20}",
                                b"frame: {centerX: 335, centerY: 60, width: 30, height: 20}")
    expect_file(written, expected, "written after the resizes")

    # The geometry rows: the frame in the parent's coordinates, a typed value written in the
    # frame's form.
    select(driver, page, "wide")
    fields = {f.get_attribute("aria-label"): f for f in driver.find_elements(By.CSS_SELECTOR, "#geometry input")}
    shown = {k: fields[k].get_attribute("value") for k in ("X", "Y", "Width", "Height")}
    if shown != {"X": "210", "Y": "250", "Width": "150", "Height": "40"}:
        fail(f"wide's geometry rows should say X 210, Y 250, Width 150, Height 40, not {shown}")
    fields["Width"].send_keys(Keys.CONTROL, "a")
    fields["Width"].send_keys("100", Keys.ENTER)
    wait_until(lambda: override(page, "wide.frame.width") == "50% - 100", "Width 100 typed: width 50% - 100")
    fields["X"].send_keys(Keys.CONTROL, "a")
    fields["X"].send_keys("20", Keys.ENTER)
    wait_until(lambda: override(page, "wide.frame.x") == "50% - 180", "X 20 typed: x 50% - 180")
    page.settle("the typed geometry")
    frame = page.view("wide")["frame"]
    if (frame["x"], frame["width"]) != (20, 100):
        fail(f"the typed geometry should place wide at x 20, width 100, not {frame}")
    ok(f"geometry rows: {shown}; typing Width 100 and X 20 sets width 50% - 100, x 50% - 180")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("the overrides reset")

    # The rotate handle: Shift snaps to 15°.
    select(driver, page, "box")
    handle = driver.find_element(By.CSS_SELECTOR, "#handles .handle.rotate")
    ActionChains(driver).move_to_element(handle).click_and_hold().key_down(Keys.SHIFT) \
        .move_by_offset(30, 10).move_by_offset(30, 10).release().key_up(Keys.SHIFT).perform()
    wait_until(lambda: (override(page, "box.rotation") or "").endswith("deg"), "a rotation override")
    degrees = float(override(page, "box.rotation")[:-3])
    if degrees == 0 or degrees % 15 != 0:
        fail(f"Shift while rotating should give a multiple of 15°, not {degrees}")
    ok(f"the rotate handle sets rotation {override(page, 'box.rotation')} (Shift: steps of 15°)")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("the overrides reset")


def hold_drag(driver, page, start, first):
    """Presses at canvas point `start` and moves by `first` screen pixels, holding the button."""
    board = driver.find_element(By.ID, "board")
    ActionChains(driver).move_to_element_with_offset(board, *board_point(page, *start)).click_and_hold() \
        .move_by_offset(first[0] // 2, first[1] // 2).move_by_offset(first[0] - first[0] // 2, first[1] - first[1] // 2).perform()


def click_board(driver, page, x, y, double=False):
    board = driver.find_element(By.ID, "board")
    chain = ActionChains(driver).move_to_element_with_offset(board, *board_point(page, x, y))
    (chain.double_click() if double else chain.click()).perform()


def selected_id(page):
    return page.js("const a = window.scenecPreview.state.selected; if (!a) return null;"
                   "for (const s = [...window.scenecPreview.state.doc.views]; s.length;) { const v = s.pop();"
                   " if (v.address === a) return v.id ?? v.address; s.push(...v.children); } return null;")


def steady_checks(driver, page, scene):
    """The drag follows the pointer when the page moves under it; the status line never grows the
    toolbar; the document is not asked for during a drag; the geometry rows mark an overridden
    frame, with the file's value and a reset, and show a frame override the file refuses."""
    driver.find_element(By.CSS_SELECTOR, '[data-zoom="1"]').click()
    snap = driver.find_element(By.ID, "snap")
    if snap.is_selected():
        snap.click()
    heights = page.js("const t = document.getElementById('toolbar'); const h = t.offsetHeight;"
                      "document.getElementById('status').textContent = 'a long status line that goes on '.repeat(40);"
                      "return [h, t.offsetHeight];")
    if heights[0] != heights[1]:
        fail(f"a long status should not change the toolbar's height: {heights[0]} → {heights[1]} px")
    ok(f"a long status line stays one line: the toolbar stays {heights[0]} px high")

    select(driver, page, "box")
    scenes = "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/scene')).length"
    asked = page.js(scenes)
    hold_drag(driver, page, (140, 80), (20, 0))
    wait_until(lambda: override(page, "box.frame.x") == "120", "box.frame.x = 120 half way")
    page.settle("the picture half way")
    # The page moves the board 30 px down under the held pointer, then the drag goes on.
    page.js("document.getElementById('toolbar').style.paddingTop = '36px'")
    ActionChains(driver).move_by_offset(10, 0).move_by_offset(10, 0).perform()
    wait_until(lambda: override(page, "box.frame.x") == "140", "box.frame.x = 140 after 40 px")
    page.settle("the dragged picture")
    if override(page, "box.frame.y") is not None:
        fail(f"the board moving under the pointer moved the view: box.frame.y = {override(page, 'box.frame.y')}")
    during = page.js(scenes) - asked
    ActionChains(driver).release().perform()
    page.js("document.getElementById('toolbar').style.paddingTop = ''")
    wait_until(lambda: page.js(scenes) > asked + during, "the document after the drag")
    page.settle("the page after the drag")
    if during != 0:
        fail(f"the page asked /api/scene {during} time(s) during the drag; only the pictures should be drawn")
    ok("the page moving 36 px under a drag does not move the view; no /api/scene during the drag, one after")

    # The geometry rows: X overridden, marked, with the file's value, and a reset.
    x_label = driver.find_element(By.CSS_SELECTOR, '#geometry input[data-key="x"]').find_element(By.XPATH, "..")
    if "overridden" not in x_label.get_attribute("class"):
        fail("the X row should be marked overridden after a drag")
    note = driver.find_element(By.CSS_SELECTOR, '#geometry .note[data-key="frame.x"]')
    if "140" not in note.text:
        fail(f"the X row's note should say the override 140: {note.text!r}")
    if (page.view("box").get("fileValues") or {}).get("frame.x") is not None and "file: 100" not in note.text:
        fail(f"the X row's note should give the file's value 100: {note.text!r}")
    if driver.find_elements(By.CSS_SELECTOR, '#geometry .note[data-key="frame.y"]'):
        fail("the Y row has a note, but y is not overridden")
    ok(f"the geometry rows mark the overridden X: {note.text!r}")
    note.find_element(By.CSS_SELECTOR, "button.reset").click()
    wait_until(lambda: override(page, "box.frame.x") is None, "the X row's reset to remove box.frame.x")
    page.settle("the reset")
    x_label = driver.find_element(By.CSS_SELECTOR, '#geometry input[data-key="x"]').find_element(By.XPATH, "..")
    if "overridden" in x_label.get_attribute("class"):
        fail("the X row is still marked after its reset")
    ok("the X row's reset removes the override")

    # The file's frame rewritten around its centre while x is overridden: the X row says the
    # server's refusal and drops the override.
    page.js("window.scenecPreview.canvas.page.changeOverrides('x', (m) => m.set('box.frame.x', '150'))")
    page.settle("the x override")
    text = read(scene)
    with open(scene, "wb") as f:
        f.write(text.replace(b"frame: {x: 100, y: 50,", b"frame: {centerX: 140, y: 50,"))
    wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, '#geometry .note[data-key="frame.x"] .problem'),
               "the X row to show the refused override")
    note = driver.find_element(By.CSS_SELECTOR, '#geometry .note[data-key="frame.x"]')
    said = note.text
    if "centerX" not in said or "drop" not in said:
        fail(f"the X row should say the file now writes centerX, with a drop button: {said!r}")
    note.find_element(By.CSS_SELECTOR, "button.reset").click()
    wait_until(lambda: override(page, "box.frame.x") is None, "drop to remove the refused override")
    page.settle("the page after the drop")
    if page.view("box")["frameForm"]["x"]["key"] != "centerX":
        fail("after the drop the page should show the file's centerX frame")
    ok(f"a frame override the file refuses is shown at the X row ({said!r}) and dropped from there")
    with open(scene, "wb") as f:
        f.write(text)
    wait_until(lambda: page.view("box")["frameForm"]["x"]["key"] == "x", "the file back")
    page.settle("the file back")


def typed_size_checks(driver, page):
    """A width typed for a centerX frame keeps the centre; a value not applied as typed (below 0)
    shows what was applied though the field keeps the focus."""
    select(driver, page, "dot")
    width = driver.find_element(By.CSS_SELECTOR, '#geometry input[data-key="width"]')
    width.send_keys(Keys.CONTROL, "a")
    width.send_keys("40", Keys.ENTER)
    wait_until(lambda: override(page, "dot.frame.width") == "40", "Width 40 typed for dot")
    if override(page, "dot.frame.centerX") is not None:
        fail(f"a width typed for a centerX frame should keep the centre, not set centerX {override(page, 'dot.frame.centerX')}")
    ok("a width typed for a centerX frame keeps its centre")
    width.send_keys(Keys.CONTROL, "a")
    width.send_keys("-20", Keys.ENTER)
    wait_until(lambda: override(page, "dot.frame.width") == "0", "Width -20 typed: width 0")
    page.settle("the typed width")
    shown = page.js("const i = document.querySelector('#geometry input[data-key=\"width\"]'); return [i.value, document.activeElement === i];")
    if shown != ["0", True]:
        fail(f"the focused Width field should show the 0 applied, not {shown}")
    ok("a typed width below 0 is applied as 0, and the field says so while it keeps the focus")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("the overrides reset")


def rotation_checks(driver, page, scene):
    """Hidden views are not hit; rotation is hit-tested, resized in the view's own axes, outlined
    inside a turned group, and a turned group's child is not dragged."""
    driver.find_element(By.CSS_SELECTOR, '[data-zoom="1"]').click()
    snap = driver.find_element(By.ID, "snap")
    if snap.is_selected():
        snap.click()
    page.js("window.scenecPreview.canvas.select(null)")
    click_board(driver, page, 335, 65)
    wait_until(lambda: selected_id(page) == "dot", "a click on the hidden cover to select dot under it")
    ok("a click where a hidden view lies selects the view drawn there")
    click_board(driver, page, 300, 170)
    wait_until(lambda: selected_id(page) == "spin", "a click inside spin's turned shape to select it")
    click_board(driver, page, 262, 130)
    wait_until(lambda: selected_id(page) is None, "a click inside spin's frame but outside its shape to select nothing")
    ok("hit-testing follows rotation: inside the turned shape selects, inside the unturned frame does not")

    # spin at 90°: its right (e) handle is at the bottom on screen; 20 px down widens it by 20,
    # and the left (w) handle, now on top, stays where it is.
    select(driver, page, "spin")
    where = "const r = document.querySelector('#handles .handle.w').getBoundingClientRect(); return [r.x, r.y];"
    before = page.js(where)
    drag_handle(driver, "e", (0, 20))
    wait_until(lambda: override(page, "spin.frame.width") == "120", "spin.frame.width = 120 from its e handle moved down")
    page.settle("the resized spin")
    got = {k: override(page, f"spin.frame.{k}") for k in ("x", "y")}
    if got != {"x": "240", "y": "130"}:
        fail(f"the turned resize should place spin at x 240, y 130 (its top edge fixed on screen), not {got}")
    after = page.js(where)
    if abs(after[0] - before[0]) > 1 or abs(after[1] - before[1]) > 1:
        fail(f"the opposite handle should stay on screen: {before} → {after}")
    ok(f"a turned view's handle works in its own axes: width 120, {got}, the opposite handle stays at {after}")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("the overrides reset")

    # A click inside the selected group keeps it; a double-click reaches the child; the
    # child of a turned group is outlined where it is drawn and is not dragged.
    select(driver, page, "tilt")
    click_board(driver, page, 60, 10)
    page.settle("the click")
    if selected_id(page) != "tilt":
        fail(f"a click inside the selected group should keep it selected, not select {selected_id(page)}")
    ok("a click inside the selected view keeps the selection")
    click_board(driver, page, 60, 10, double=True)
    wait_until(lambda: selected_id(page) == "inner", "a double-click to select the turned group's child")
    box = page.js("const o = document.getElementById('outline').getBoundingClientRect();"
                  "const b = document.getElementById('board').getBoundingClientRect();"
                  "return [o.left - b.left, o.top - b.top, o.width, o.height];")
    if any(abs(a - b) > 1.5 for a, b in zip(box, [50, 0, 20, 20])):
        fail(f"inner's outline should be drawn where it is, at 50, 0, 20 × 20, not {box}")
    ok(f"a double-click selects the turned group's child, outlined where it is drawn: {box}")
    drag_on_board(driver, page, (60, 10), (30, 0))
    wait_until(lambda: "rotated group 'tilt'" in driver.find_element(By.ID, "status").get_attribute("title"),
               "the status to say why inner does not move")
    if page.js("return window.scenecPreview.state.overrides.size") != 0:
        fail("a drag of a turned group's child set an override")
    ok("dragging a turned group's child says why and changes nothing")

    # A label sized to its text: a resize writes whole points.
    select(driver, page, "title")
    drag_handle(driver, "e", (30, 0))
    wait_until(lambda: override(page, "title.frame.width") is not None, "a width for the label")
    width = override(page, "title.frame.width")
    if not width.isdigit():
        fail(f"a resized label's width should be whole points, not {width}")
    ok(f"a label sized to its text resized: width {width}, whole points")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("the overrides reset")


def stack_checks(driver, page, scene):
    """Acceptance 3: a stack's child is read-only; the tree reorders it."""
    select(driver, page, "second")
    fields = driver.find_elements(By.CSS_SELECTOR, "#geometry input")
    names = [f.get_attribute("aria-label") for f in fields]
    if names != ["X", "Y", "Width", "Height", "Rotation"]:
        fail(f"the geometry rows should be X, Y, Width, Height, Rotation, not {names}")
    if not all(f.get_attribute("readonly") for f in fields[:4]):
        fail("a stack's child should have read-only X, Y, Width, Height")
    reason = driver.find_element(By.CSS_SELECTOR, "#geometry .reason").text
    if "placed by stack 'row'" not in reason:
        fail(f"the geometry rows should say why they are read-only: {reason!r}")
    ok(f"a stack's child: geometry read-only, {reason!r}")
    f = page.view("second")["frame"]
    drag_on_board(driver, page, (f["x"] + f["width"] / 2, f["y"] + f["height"] / 2), (30, 0))
    wait_until(lambda: "placed by stack 'row'" in driver.find_element(By.ID, "status").text, "the status to say why it does not move")
    if page.js("return window.scenecPreview.state.overrides.size") != 0:
        fail("a drag of a stack's child set an override")
    ok("dragging a stack's child on the board says why and changes nothing")

    # Drag `third` above `first` in the tree; an override addressed by index (first's) and the
    # selection (second) follow their views.
    page.js("window.scenecPreview.canvas.page.changeOverrides('on', (m) => m.set('views[4].children[0].on', 'true'))")
    page.settle("the index-addressed override")
    before = read(scene)
    third = driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="third"]')
    first = driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="first"]')
    height = first.size["height"]
    ActionChains(driver).move_to_element(third).click_and_hold().move_by_offset(0, -6) \
        .move_to_element_with_offset(first, 0, -height // 2 + 2).move_by_offset(0, 1).release().perform()
    wait_until(lambda: read(scene) != before, "the tree drag to write the file")
    page.settle("the reordered scene")
    lines = before.split(b"\n")
    children = [i for i, line in enumerate(lines) if b"{id: first" in line or b"{id: second" in line or b"{id: third" in line]
    order = [lines[children[2]], lines[children[0]], lines[children[1]]]
    expected = b"\n".join(lines[:children[0]] + order + lines[children[2] + 1:])
    expect_file(read(scene), expected, "the tree drag writes the children as third, first, second")
    tree = page.js("return [...document.querySelectorAll('#tree button[data-id]')].map(b => b.dataset.id)")
    if [t for t in tree if t in ("first", "second", "third")] != ["third", "first", "second"]:
        fail(f"the tree should show the new order, not {tree}")
    keys = page.js("return [...window.scenecPreview.state.overrides.keys()]")
    if keys != ["views[4].children[1].on"]:
        fail(f"first's override should follow it to views[4].children[1], not {keys}")
    if page.js("return window.scenecPreview.state.selected") != "views[4].children[2]":
        fail("the selection should follow second to views[4].children[2]")
    ok("an override addressed by index and the selection follow their views")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("the overrides reset")

    # Alt+↓ on a focused tree item moves it one place down, and the item keeps the focus, so
    # Alt+↓ again moves it on. Its override (addressed by index) and the selection follow it,
    # through the moves, their undo and their redo.
    before = read(scene)
    lines = before.split(b"\n")
    in_order = lambda *k: b"\n".join(lines[:children[0]] + [lines[children[i]] for i in k] + lines[children[2] + 1:])
    select(driver, page, "third")
    page.js("window.scenecPreview.canvas.page.changeOverrides('on', (m) => m.set('views[4].children[0].on', 'true'))")
    page.settle("third's override, addressed by index")
    focused = lambda: page.js("return document.activeElement?.dataset?.id ?? document.activeElement?.tagName")

    def follows(where, what):
        keys = page.js("return [...window.scenecPreview.state.overrides.keys()]")
        selected = page.js("return window.scenecPreview.state.selected")
        if keys != [f"views[4].children[{where}].on"] or selected != f"views[4].children[{where}]" \
                or page.view("third")["address"] != selected:
            fail(f"{what}: third's override and the selection should be at children[{where}], not {keys}, {selected}")

    def alt(key, what):
        wait_until(lambda: focused() == "third", f"third's tree item to have the focus ({what})")
        ActionChains(driver).key_down(Keys.ALT).send_keys(key).key_up(Keys.ALT).perform()

    def keys(*combo):
        chain = ActionChains(driver)
        for k in combo[:-1]:
            chain.key_down(k)
        chain.send_keys(combo[-1])
        for k in reversed(combo[:-1]):
            chain.key_up(k)
        chain.perform()

    driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="third"]').send_keys(Keys.ALT, Keys.ARROW_DOWN)
    wait_until(lambda: read(scene) != before, "Alt+↓ to write the file")
    page.settle("the reordered scene")
    expect_file(read(scene), in_order(1, 0, 2), "Alt+↓ writes first, third, second")
    follows(1, "Alt+↓")
    alt(Keys.ARROW_DOWN, "the second Alt+↓")
    wait_until(lambda: read(scene) == in_order(1, 2, 0), "the second Alt+↓ to write first, second, third")
    page.settle("the scene reordered twice")
    follows(2, "Alt+↓ twice")
    ok("Alt+↓ twice: the moved item keeps the focus, its override and the selection follow it")
    keys(Keys.CONTROL, "z")
    wait_until(lambda: read(scene) == in_order(1, 0, 2), "undo to put back the second move")
    page.settle("the page after the undo")
    follows(1, "undo of the second move")
    keys(Keys.CONTROL, "z")
    wait_until(lambda: read(scene) == before, "undo to put the order back")
    page.settle("the page after the second undo")
    follows(0, "undo of both moves")
    ok("undo of a reorder restores the file byte for byte, the override and the selection back on third")
    keys(Keys.CONTROL, Keys.SHIFT, "z")
    wait_until(lambda: read(scene) == in_order(1, 0, 2), "redo to move third again")
    page.settle("the page after the redo")
    follows(1, "redo of the move")
    ok("redo of a reorder: the override and the selection move with third again")


def main():
    if len(sys.argv) != 3:
        fail("usage: preview_canvas_test.py SCENEC_BINARY REPOSITORY_ROOT")
    binary = sys.argv[1]
    work = tempfile.mkdtemp(prefix="scenec-canvas-")
    scene = os.path.join(work, "canvas.scene.yaml")
    with open(scene, "w") as f:
        f.write(SCENE)
    driver = start_browser()
    preview = Preview(binary, scene, work)
    try:
        page = Page(driver)
        driver.get(preview.url)
        page.settle("the canvas scene to load")
        steady_checks(driver, page, scene)
        rotation_checks(driver, page, scene)
        typed_size_checks(driver, page)
        move_checks(driver, page, scene)
        resize_checks(driver, page, scene)
        stack_checks(driver, page, scene)
    finally:
        preview.stop()
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    print("all canvas checks passed", flush=True)


if __name__ == "__main__":
    main()
