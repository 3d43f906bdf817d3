#!/usr/bin/python3
"""Issue 27, part 3: undo, redo, the write's diff and the keyboard, in a real browser.

Usage: preview_history_test.py SCENEC_BINARY REPOSITORY_ROOT

On a copy of the showcase: overrides set, undone and redone by Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y
(the picture probed each time), a slider dragged is one undo, Reset all undone; "Write to file"
shows the unified diff and writes nothing until Write is pressed; undoing the write puts the
file back byte for byte (read here and compared) with its overrides pending again, redo writes
it again; a file changed on disk and then undo: 409 said in the status, the file untouched.
A change made while an undo waits on the server (its /api/restore held back) lands after the
undo; a write that changes nothing shows no dialog and records no step; a refused write says
"not written: …"; a drag cancelled with Esc, or by Ctrl+Z while the button is down, leaves no
step and keeps the redo list. Then every row of the `?` panel (which the page writes from the
table that binds the keys, the drag's and the tree's keys included, with where each works)
pressed and its effect checked; Tab from the page moves the focus, on the picture it steps
through the siblings, and after Esc it leaves the picture. Prints one line per check; exits 1
at the first failure.
"""
import os
import shutil
import sys
import tempfile

from browser import fail, ok, start_browser, wait_until
from preview_canvas_test import board_point
from preview_test import ANIMATED_SCENE, Page, Preview, close, set_progress
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def overrides(page):
    return page.js("return Object.fromEntries(window.scenecPreview.state.overrides)")


def press(driver, page, *keys, modifiers=(), on_board=False):
    """Presses keys with the focus on the page itself (no field), or on the picture with
    `on_board`, holding `modifiers`."""
    page.js("document.activeElement && document.activeElement.blur()")
    if on_board:
        page.js("document.getElementById('board').focus()")
    chain = ActionChains(driver)
    for m in modifiers:
        chain.key_down(m)
    chain.send_keys(*keys)
    for m in reversed(modifiers):
        chain.key_up(m)
    chain.perform()
    page.settle(f"the page after {modifiers} {keys}")


def undo(driver, page):
    press(driver, page, "z", modifiers=(Keys.CONTROL,))


def redo(driver, page):
    press(driver, page, "z", modifiers=(Keys.CONTROL, Keys.SHIFT))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def expect_overrides(page, want, what):
    wait_until(lambda: overrides(page) == want, f"{what}: overrides {want} (have {overrides(page)})")
    ok(f"{what}: overrides {want}")


def override_checks(driver, page):
    # download's ring at 6 o'clock: drawn at progress 0.72 (the file), not at 0.25.
    full = page.ring_color("download", 90)
    set_progress(driver, page, "download", "0.25")
    empty = page.ring_color("download", 90)
    if close(full, empty[:3], 10):
        fail(f"progress 0.25 should leave 6 o'clock unpainted: {full[:3]} both times")
    title = page.js("return document.getElementById('undo').title")
    if title != "Undo: progress 0.25":
        fail(f"the Undo button should say what it undoes, not {title!r}")
    ok(f"typed 0.25 is one entry; the button says {title!r}")
    set_progress(driver, page, "upload", "0.5")
    undo(driver, page)
    expect_overrides(page, {"download.progress": "0.25"}, "Ctrl+Z undid upload's progress")
    undo(driver, page)
    expect_overrides(page, {}, "Ctrl+Z again undid download's")
    if not close(page.ring_color("download", 90), full[:3], 10):
        fail("after undo the picture should show the file's progress again")
    ok("the picture shows the file's progress again")
    redo(driver, page)
    press(driver, page, "y", modifiers=(Keys.CONTROL,))
    expect_overrides(page, {"download.progress": "0.25", "upload.progress": "0.5"}, "Ctrl+Shift+Z and Ctrl+Y redid both")
    if not close(page.ring_color("download", 90), empty[:3], 10):
        fail("after redo the picture should show progress 0.25 again")

    # A slider dragged through many values is one entry.
    entries = page.js("return window.scenecPreview.history.done.length")
    driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="download"]').click()
    slider = driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progress"] input[type="range"]')
    chain = ActionChains(driver).click_and_hold(slider)
    for _ in range(5):
        chain.move_by_offset(7, 0)
    chain.release().perform()
    page.settle("the slider drag")
    dragged = page.js("return window.scenecPreview.history.done.length") - entries
    if dragged != 1:
        fail(f"a slider drag should be one undo entry, not {dragged}")
    undo(driver, page)
    expect_overrides(page, {"download.progress": "0.25", "upload.progress": "0.5"}, "one Ctrl+Z undid the whole drag")

    driver.find_element(By.ID, "reset-all").click()
    page.settle("Reset all")
    expect_overrides(page, {}, "Reset all")
    undo(driver, page)
    expect_overrides(page, {"download.progress": "0.25", "upload.progress": "0.5"}, "Ctrl+Z undid Reset all")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("Reset all again")


def write_checks(driver, page, scene):
    original = read(scene)
    set_progress(driver, page, "download", "0.25")
    driver.find_element(By.ID, "write").click()
    wait_until(lambda: page.js("return document.getElementById('write-dialog').open"), "the diff dialog")
    added = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#write-diff .added")]
    removed = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#write-diff .removed")]
    if len(added) != 1 or "progress: 0.25" not in added[0] or len(removed) != 1 or "progress: 0.72" not in removed[0]:
        fail(f"the diff should replace progress 0.72 by 0.25: - {removed} + {added}")
    if read(scene) != original:
        fail("the dry run changed the file")
    ok(f"Write shows the diff first ({removed[0].strip()!r} → {added[0].strip()!r}), the file untouched")
    driver.find_element(By.ID, "write-cancel").click()
    page.settle("the cancelled write")
    if read(scene) != original or overrides(page) != {"download.progress": "0.25"}:
        fail("Cancel should write nothing and keep the override")
    ok("Cancel: nothing written, the override kept")

    driver.find_element(By.ID, "write").click()
    wait_until(lambda: page.js("return document.getElementById('write-dialog').open"), "the diff dialog again")
    driver.find_element(By.ID, "write-confirm").click()
    wait_until(lambda: page.js("return window.scenecPreview.stats.writes.at(-1)") == 200, "the write")
    page.settle("the written file")
    written = read(scene)
    if written == original or b"progress: 0.25" not in written:
        fail("Write should have written progress 0.25")
    ok("Write: written")

    undo(driver, page)
    wait_until(lambda: page.js("return window.scenecPreview.stats.restores.at(-1)") == 200, "the restore")
    if read(scene) != original:
        fail("undoing the write should put the file back byte for byte")
    expect_overrides(page, {"download.progress": "0.25"}, "undo of the write: the file byte-identical, the override pending again")
    redo(driver, page)
    if read(scene) != written:
        fail("redo should write the file again")
    expect_overrides(page, {}, "redo of the write: the written bytes again")

    # Changed on disk after the write: undo is refused (409), the file left as it is.
    outside = written.replace(b"progress: 0.35", b"progress: 0.4")
    with open(scene, "wb") as f:
        f.write(outside)
    undo(driver, page)
    wait_until(lambda: page.js("return window.scenecPreview.stats.restores.at(-1)") == 409, "the refused restore")
    if read(scene) != outside:
        fail("a refused undo changed the file")
    status = driver.find_element(By.ID, "status").text
    if "changed on disk" not in status:
        fail(f"the status should say the file changed on disk: {status!r}")
    if page.js("return window.scenecPreview.history.done.length") == 0:
        fail("the refused undo should stay in the history")
    ok(f"an outside change then undo: 409, file untouched, status {status!r}")


def labels(page, which="done"):
    return page.js(f"return window.scenecPreview.history.{which}.map((e) => e.label)")


def change(page, label, key, value):
    """One override change through the page's own changeOverrides (as the inspector makes it)."""
    page.js("window.scenecPreview.canvas.page.changeOverrides(arguments[0], (m) => { m.delete(arguments[1]); m.set(arguments[1], arguments[2]); })",
            label, key, value)


def confirm_write(driver, page, what):
    driver.find_element(By.ID, "write").click()
    wait_until(lambda: page.js("return document.getElementById('write-dialog').open"), f"the diff dialog ({what})")
    driver.find_element(By.ID, "write-confirm").click()
    wait_until(lambda: page.js("return window.scenecPreview.stats.writes.at(-1)") == 200, f"the write ({what})")
    page.settle(f"the written file ({what})")


def race_checks(driver, page, scene):
    """A change made while an undo waits on the server lands after the undo: the history stays
    one line (the undone write is not left on top, the change is not lost)."""
    set_progress(driver, page, "download", "0.3")
    before = read(scene)
    confirm_write(driver, page, "progress 0.3")
    page.js("""const real = window.fetch;
               window.scenecRealFetch = real;
               const held = new Promise((resolve) => { window.scenecRelease = resolve; });
               window.fetch = async (url, init) => { if (String(url).startsWith('/api/restore')) await held; return real(url, init); };""")
    page.js("window.scenecPreview.history.undo()")
    wait_until(lambda: page.js("return window.scenecPreview.history.busy"), "the undo to wait on the server")
    change(page, "upload progress 0.6", "upload.progress", "0.6")
    page.js("window.scenecRelease(); window.fetch = window.scenecRealFetch;")
    page.settle("the undo and the change made meanwhile")
    if read(scene) != before:
        fail("the undo of the write should have put the file back")
    done = labels(page)
    if done[-1] != "upload progress 0.6" or any(label.startswith("write ") for label in done[-2:]) or labels(page, "undone"):
        fail(f"a change made during the undo should land after it: done {done[-3:]}, undone {labels(page, 'undone')}")
    expect_overrides(page, {"download.progress": "0.3", "upload.progress": "0.6"}, "the undo then the change made meanwhile")
    undo(driver, page)
    expect_overrides(page, {"download.progress": "0.3"}, "Ctrl+Z takes back the change made during the undo")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("Reset all")
    ok("a change made while an undo waits on the server comes after it in the history")


def write_edge_checks(driver, page, scene):
    """A write that would change nothing records no step; a refused write says "not written"."""
    before = read(scene)
    line = next(l for l in before.split(b"\n") if b"id: upload" in l)
    value = line.split(b"progress: ", 1)[1].split(b",", 1)[0].decode()
    change(page, f"progress {value}", "upload.progress", value)
    page.settle("an override the file already says")
    steps = len(labels(page))
    driver.find_element(By.ID, "write").click()
    wait_until(lambda: "nothing to write" in driver.find_element(By.ID, "status").text, "the status to say there is nothing to write")
    page.settle("the write that changes nothing")
    if page.js("return document.getElementById('write-dialog').open") or read(scene) != before or len(labels(page)) != steps:
        fail("a write that changes nothing should show no dialog, write nothing and record no step")
    ok(f"a write that changes nothing: no dialog, no step, status {driver.find_element(By.ID, 'status').text!r}")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("Reset all")

    change(page, "progress -3", "download.progress", "-3")
    page.settle("a refused override")
    driver.find_element(By.ID, "write").click()
    wait_until(lambda: page.js("return window.scenecPreview.stats.writes.at(-1)") == 422, "the refused write")
    page.settle("the refused write")
    status = driver.find_element(By.ID, "status").text
    if not status.startswith("not written:") or read(scene) != before:
        fail(f"a refused write should leave the file and say 'not written: …', not {status!r}")
    ok(f"a refused write says {status[:70]!r}…")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("Reset all")


def points_view(page):
    """A view of the showcase framed in points (x, not centerX or a percent)."""
    view = page.js("""for (const stack = [...window.scenecPreview.state.doc.views]; stack.length;) {
                        const v = stack.shift();
                        if (v.placement?.by === 'frame' && v.frameForm?.x.key === 'x' && !v.frameForm.x.percent) return v;
                        stack.push(...v.children); }
                      return null;""")
    if view is None:
        fail("the showcase should have a view framed in points")
    return view


def drag_checks(driver, page):
    """A drag cancelled (Esc, or Ctrl+Z while it lasts) leaves no step and keeps the redo list."""
    view = points_view(page)
    key = f"{view['setPrefix']}.frame.x"
    page.js("arguments[0].click()", driver.find_element(By.CSS_SELECTOR, f'#tree button[data-address="{view["address"]}"]'))
    change(page, "upload progress 0.45", "upload.progress", "0.45")
    page.settle("a change to undo")
    undo(driver, page)
    redo_label = page.js("return window.scenecPreview.history.redoLabel")
    steps = labels(page)
    f = view["frame"]
    board = driver.find_element(By.ID, "board")
    for name, keys in (("Esc", lambda c: c.send_keys(Keys.ESCAPE)),
                       ("Ctrl+Z", lambda c: c.key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL))):
        ActionChains(driver).move_to_element_with_offset(board, *board_point(page, f["x"] + f["width"] / 2, f["y"] + f["height"] / 2)) \
            .click_and_hold().move_by_offset(10, 0).move_by_offset(10, 0).perform()
        wait_until(lambda: key in overrides(page), f"the drag to move {key}")
        keys(ActionChains(driver)).perform()
        ActionChains(driver).release().perform()
        page.settle(f"the drag cancelled with {name}")
        if key in overrides(page):
            fail(f"{name} during a drag should put the view back: {overrides(page)}")
        if labels(page) != steps or page.js("return window.scenecPreview.history.redoLabel") != redo_label:
            fail(f"a drag cancelled with {name} should leave no step and keep the redo list: "
                 f"done {labels(page)[-2:]}, redo {page.js('return window.scenecPreview.history.redoLabel')!r}")
        ok(f"{name} during a drag: the view back, no step, the redo ({redo_label!r}) kept")
    redo(driver, page)
    expect_overrides(page, {"upload.progress": "0.45"}, "the redo kept through the cancelled drags")
    driver.find_element(By.ID, "reset-all").click()
    page.settle("Reset all")


def board_width(page):
    return page.js("return document.getElementById('board').getBoundingClientRect().width")


def nudge_checks(driver, page):
    """The arrows move the selected view by 1 pt, Shift+arrows by 10 (through canvas.nudge)."""
    if not page.js("return typeof window.scenecPreview.canvas?.nudge === 'function'"):
        fail("the page has no canvas.nudge for the arrow keys")
    view = points_view(page)
    key = f"{view['setPrefix']}.frame.x"
    start = view["frameForm"]["x"]["points"]
    page.js("arguments[0].click()", driver.find_element(By.CSS_SELECTOR, f'#tree button[data-address="{view["address"]}"]'))
    press(driver, page, Keys.ARROW_RIGHT)
    got = lambda: float(overrides(page).get(key, "nan"))
    if got() != start + 1:
        fail(f"→ should move {key} from {start} to {start + 1}, not {got()}")
    press(driver, page, Keys.ARROW_RIGHT, modifiers=(Keys.SHIFT,))
    if got() != start + 11:
        fail(f"Shift+→ should move {key} on to {start + 11}, not {got()}")
    undo(driver, page)
    undo(driver, page)
    if key in overrides(page):
        fail("two undos should take both nudges back")
    ok(f"→ nudged {key} {start} → {start + 1}, Shift+→ → {start + 11}, both undone")


def shortcut_checks(driver, page, binary, root, work):
    table = page.js("return window.scenecPreview.shortcuts")
    with open(os.path.join(root, "docs", "preview.md")) as f:
        docs = f.read().split("\n## Keyboard\n", 1)[-1].split("\n## ", 1)[0]
    undocumented = [s["what"] for s in table if f"| {s['what']} |" not in docs]
    if undocumented:
        fail(f"docs/preview.md's Keyboard table should list {undocumented}")
    hints = {s["what"] for s in table if s.get("hint")}
    wanted = {"Drag without snapping", "Rotate in steps of 15°", "Cancel the drag: the view goes back",
              "Move the view up or down in its list (written to the file)"}
    if not wanted <= hints:
        fail(f"the ? panel should also list the drag's modifiers and the tree's keys: missing {wanted - hints}")
    press(driver, page, "?")
    wait_until(lambda: page.js("return document.getElementById('shortcuts-dialog').open"), "the ? panel")
    rows = driver.find_elements(By.CSS_SELECTOR, "#shortcuts-table tr")
    if [r.find_elements(By.TAG_NAME, "td")[1].text for r in rows] != [s["what"] for s in table]:
        fail("the ? panel should list the table's rows in order")
    if any(len(r.find_elements(By.TAG_NAME, "kbd")) != len(s["combos"]) for r, s in zip(rows, table)):
        fail("each row of the ? panel should show each of its keys")
    where = {r.find_elements(By.TAG_NAME, "td")[1].text: r.find_elements(By.TAG_NAME, "td")[2].text for r in rows}
    if where["Select the next sibling"] != "picture focused, a view selected" or where["Drag without snapping"] != "while dragging on the picture":
        fail(f"the ? panel should say where each key works: {where}")
    ok(f"? shows the panel: {len(rows)} rows, the table that binds the keys, the drag's and the tree's keys, where each works")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait_until(lambda: not page.js("return document.getElementById('shortcuts-dialog').open"), "the panel to close")
    done = {"Show these shortcuts"}

    canvas = page.js("return window.scenecPreview.state.doc.canvas.width")
    press(driver, page, "0", modifiers=(Keys.SHIFT,))
    if abs(board_width(page) - canvas) > 1:
        fail(f"Shift+0 should show the canvas at 100%: board {board_width(page)} for {canvas}")
    press(driver, page, "+")
    if abs(board_width(page) - 2 * canvas) > 1:
        fail(f"+ from 100% should zoom to 200%: {board_width(page)}")
    press(driver, page, "-")
    press(driver, page, "-")
    if abs(board_width(page) - canvas / 2) > 1:
        fail(f"- twice from 200% should zoom to 50%: {board_width(page)}")
    press(driver, page, "=", modifiers=(Keys.CONTROL,))
    press(driver, page, "-", modifiers=(Keys.CONTROL,))
    press(driver, page, "=", modifiers=(Keys.CONTROL,))
    if abs(board_width(page) - canvas) > 1:
        fail(f"Ctrl+= / Ctrl+- should zoom in and out: {board_width(page)}")
    press(driver, page, "1", modifiers=(Keys.SHIFT,))
    if page.js("return window.scenecPreview.state.zoom") != "fit":
        fail("Shift+1 should zoom to fit")
    ok("zoom: Shift+0 100%, + 200%, - - 50%, Ctrl+= Ctrl+- Ctrl+= 100%, Shift+1 fit")
    done |= {"Zoom in", "Zoom out", "Zoom to fit", "Zoom to 100%"}

    selected = lambda: page.js("return window.scenecPreview.state.selected")
    focus = lambda: page.js("const e = document.activeElement; return e === document.body ? 'body' : (e.id || e.tagName)")
    page.js("document.querySelector('#tree button[data-id=\"download\"]').click()")
    # From the page itself Tab moves the focus (no keyboard trap): the selection stays.
    press(driver, page, Keys.TAB)
    if selected() != page.view("download")["address"] or focus() == "body":
        fail(f"Tab from the page should move the focus, not the selection: {selected()}, focus {focus()}")
    ok(f"Tab from the page moves the focus (to {focus()}), the selection stays")
    press(driver, page, Keys.TAB, on_board=True)
    if selected() != page.view("upload")["address"] or focus() != "board":
        fail(f"Tab on the picture should select download's next sibling upload, not {selected()} (focus {focus()})")
    press(driver, page, Keys.TAB, modifiers=(Keys.SHIFT,), on_board=True)
    if selected() != page.view("download")["address"]:
        fail(f"Shift+Tab should select download again, not {selected()}")
    # Esc deselects; the next Tab leaves the picture.
    press(driver, page, Keys.ESCAPE, on_board=True)
    ActionChains(driver).send_keys(Keys.TAB).perform()
    if selected() is not None or focus() == "board":
        fail(f"after Esc, Tab should leave the picture: selected {selected()}, focus {focus()}")
    ok(f"Esc on the picture, then Tab: the focus leaves it (to {focus()})")
    page.js("document.querySelector('#tree button[data-id=\"download\"]').click()")
    press(driver, page, Keys.ENTER, modifiers=(Keys.SHIFT,))
    parent = selected()
    if not page.view("download")["address"].startswith(parent + ".children[") or parent == "":
        fail(f"Shift+Enter should select download's parent, not {parent}")
    press(driver, page, Keys.ENTER)
    first = page.js("return arguments[0]", parent)
    child = page.js("""for (const stack = [...window.scenecPreview.state.doc.views]; stack.length;) {
                         const v = stack.pop(); if (v.address === arguments[0]) return v.children[0].address;
                         stack.push(...v.children); }""", first)
    if selected() != child:
        fail(f"Enter should select the first child {child}, not {selected()}")
    press(driver, page, Keys.ESCAPE)
    if selected() is not None or not page.js("return document.getElementById('outline').hidden"):
        fail("Esc should deselect")
    ok(f"Tab / Shift+Tab siblings, Shift+Enter parent {parent}, Enter first child {child}, Esc deselects")
    done |= {"Select the next sibling", "Select the previous sibling", "Select the parent",
             "Select the first child", "Deselect (in a field: leave the field)"}

    before = page.js("return window.scenecPreview.state.appearance")
    press(driver, page, "D", modifiers=(Keys.SHIFT,))
    after = page.js("return window.scenecPreview.state.appearance")
    if {before, after} != {"light", "dark"}:
        fail(f"Shift+D should switch the appearance: {before} → {after}")
    press(driver, page, "D", modifiers=(Keys.SHIFT,))
    ok(f"Shift+D: {before} → {after} → back")
    done |= {"Switch between light and dark", "Undo", "Redo"}   # Undo and Redo: override_checks

    nudge_checks(driver, page)
    done |= {"Nudge the selected view 1 pt", "Nudge the selected view 10 pt"}

    # Space plays an animated scene's timeline and pauses it.
    scene = os.path.join(work, "animated.scene.yaml")
    with open(scene, "w") as f:
        f.write(ANIMATED_SCENE)
    preview = Preview(binary, scene, work)
    try:
        driver.get(preview.url)
        page.settle("the animated scene")
        page.js("document.activeElement && document.activeElement.blur()")
        ActionChains(driver).send_keys(Keys.SPACE).perform()
        wait_until(lambda: page.js("return window.scenecPreview.state.playing"), "Space to play")
        wait_until(lambda: page.js("return window.scenecPreview.state.time") > 0, "the time to move")
        ActionChains(driver).send_keys(Keys.SPACE).perform()
        wait_until(lambda: not page.js("return window.scenecPreview.state.playing"), "Space to pause")
        ok("Space plays and pauses the timeline")
        done.add("Play or pause the timeline")
    finally:
        preview.stop()
    missing = [s["what"] for s in table if s["what"] not in done and not s.get("hint")]
    if missing:
        fail(f"shortcuts in the table this test does not press: {missing}")
    ok("every row of the table was pressed")


def main():
    if len(sys.argv) != 3:
        fail("usage: preview_history_test.py SCENEC_BINARY REPOSITORY_ROOT")
    binary, root = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="scenec-history-")
    scene = os.path.join(work, "history.scene.yaml")
    shutil.copy(os.path.join(root, "scenes", "showcase.scene.yaml"), scene)
    driver = start_browser()
    preview = Preview(binary, scene, work)
    try:
        page = Page(driver)
        driver.get(preview.url)
        page.settle("the showcase")
        override_checks(driver, page)
        write_checks(driver, page, scene)
        race_checks(driver, page, scene)
        write_edge_checks(driver, page, scene)
        drag_checks(driver, page)
        shortcut_checks(driver, page, binary, root, work)
    finally:
        preview.stop()
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    print("all history checks passed", flush=True)


if __name__ == "__main__":
    main()
