#!/usr/bin/python3
"""Issue 27, part 3: undo, redo, the write's diff and the keyboard, in a real browser.

Usage: preview_history_test.py SCENEC_BINARY REPOSITORY_ROOT

On a copy of the showcase: overrides set, undone and redone by Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y
(the picture probed each time), a slider dragged is one undo, Reset all undone; "Write to file"
shows the unified diff and writes nothing until Write is pressed; undoing the write puts the
file back byte for byte (read here and compared) with its overrides pending again, redo writes
it again; a file changed on disk and then undo: 409 said in the status, the file untouched.
Then every row of the `?` panel (which the page writes from the table that binds the keys)
pressed and its effect checked. Prints one line per check; exits 1 at the first failure.
"""
import os
import shutil
import sys
import tempfile

from browser import fail, ok, start_browser, wait_until
from preview_test import ANIMATED_SCENE, Page, Preview, close, set_progress
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def overrides(page):
    return page.js("return Object.fromEntries(window.scenecPreview.state.overrides)")


def press(driver, page, *keys, modifiers=()):
    """Presses keys with the focus on the page itself (no field), holding `modifiers`."""
    page.js("document.activeElement && document.activeElement.blur()")
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


def board_width(page):
    return page.js("return document.getElementById('board').getBoundingClientRect().width")


def nudge_checks(driver, page):
    """The arrows move the selected view by 1 pt, Shift+arrows by 10 (through canvas.nudge)."""
    if not page.js("return typeof window.scenecPreview.canvas?.nudge === 'function'"):
        fail("the page has no canvas.nudge for the arrow keys")
    view = page.js("""for (const stack = [...window.scenecPreview.state.doc.views]; stack.length;) {
                        const v = stack.shift();
                        if (v.placement?.by === 'frame' && v.frameForm?.x.key === 'x' && !v.frameForm.x.percent) return v;
                        stack.push(...v.children); }
                      return null;""")
    if view is None:
        fail("the showcase should have a view framed in points to nudge")
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
    press(driver, page, "?")
    wait_until(lambda: page.js("return document.getElementById('shortcuts-dialog').open"), "the ? panel")
    rows = driver.find_elements(By.CSS_SELECTOR, "#shortcuts-table tr")
    if [r.find_elements(By.TAG_NAME, "td")[1].text for r in rows] != [s["what"] for s in table]:
        fail("the ? panel should list the table's rows in order")
    if any(len(r.find_elements(By.TAG_NAME, "kbd")) != len(s["combos"]) for r, s in zip(rows, table)):
        fail("each row of the ? panel should show each of its keys")
    ok(f"? shows the panel: {len(rows)} rows, the table that binds the keys")
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
    page.js("document.querySelector('#tree button[data-id=\"download\"]').click()")
    press(driver, page, Keys.TAB)
    if selected() != page.view("upload")["address"]:
        fail(f"Tab should select download's next sibling upload, not {selected()}")
    press(driver, page, Keys.TAB, modifiers=(Keys.SHIFT,))
    if selected() != page.view("download")["address"]:
        fail(f"Shift+Tab should select download again, not {selected()}")
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
    missing = [s["what"] for s in table if s["what"] not in done]
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
        shortcut_checks(driver, page, binary, root, work)
    finally:
        preview.stop()
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    print("all history checks passed", flush=True)


if __name__ == "__main__":
    main()
