#!/usr/bin/python3
"""scenec preview in a real browser: Debian's headless Chromium driven by selenium.

Usage: preview_test.py SCENEC_BINARY REPOSITORY_ROOT

Starts `scenec preview` on a copy of the showcase scene, then through the page's own controls:
selects `download`, sets its progress to 0.25 and probes the screenshot (the arc ends at
3 o'clock), changes its progressColor through the colour control, rewrites the file on disk
(in place and by rename-over) and sees the page follow without a reload, writes a broken file
and sees the overlay with file:line:col over the last picture; then moves the scrubber of an
animated example. Then "Write to file": the file changes in exactly the value set, comments
intact, and a file changed on disk meanwhile gives 409 with the page showing it; an animated
ring's keyframe edited at its time and written, and its animation replaced between keyframes; the --vary
strip; the Light/Dark switch over system colours and {light, dark}; and the static sheet of
--static opened from disk, its variant cells probed. Prints one line per check; exits 1 at the
first failure.
"""
import hashlib
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

from browser import fail, ok, start_browser, wait_until
from pngprobe import decode_png
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


class Preview:
    """A running `scenec preview SCENE`, stopped with SIGTERM (which must exit 0)."""

    def __init__(self, binary, scene, log_dir, arguments=()):
        # Run from the package (the project root); the copies in the temporary folder are read
        # as a folder allowed besides it.
        self.start([binary, "preview", scene, "--allow-read", tempfile.gettempdir(), *arguments],
                   os.path.join(log_dir, os.path.basename(scene) + ".log"))

    def start(self, command, log_path, cwd=None):
        """Starts `command`, its standard error to `log_path`; its first line must be the URL."""
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=self.log, text=True)
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:") or "/#token=" not in self.url:
            fail(f"the first line is not the page's URL: {self.url!r}")
        self.base = self.url.split("/#token=", 1)[0]

    def stop(self):
        self.process.terminate()
        status = self.process.wait(timeout=5)
        self.log.close()
        if status != 0:
            fail(f"scenec preview exited {status} on SIGTERM")


class Page:
    def __init__(self, driver):
        self.driver = driver

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def settle(self, what):
        wait_until(lambda: self.js("return window.scenecPreview && window.scenecPreview.stats.ready "
                                   "&& window.scenecPreview.stats.settled()"), what)

    def pictures(self):
        return self.js("return window.scenecPreview.stats.pictures")

    def view(self, view_id):
        return self.js("""for (const stack = [...window.scenecPreview.state.doc.views]; stack.length;) {
                            const v = stack.pop(); if (v.id === arguments[0]) return v; stack.push(...v.children); }
                          return null;""", view_id)

    def probe(self, x, y):
        """The screenshot's colour at canvas point (x, y) of the picture."""
        rect = self.js("const r = document.getElementById('picture').getBoundingClientRect();"
                       "return [r.left, r.top, r.width, devicePixelRatio];")
        canvas_width = self.js("return window.scenecPreview.state.doc.canvas.width")
        scale = rect[2] / canvas_width
        width, height, pixels = decode_png(self.driver.get_screenshot_as_png())
        px = int((rect[0] + x * scale) * rect[3])
        py = int((rect[1] + y * scale) * rect[3])
        if not (0 <= px < width and 0 <= py < height):
            fail(f"probe ({x}, {y}) falls outside the screenshot")
        return pixels(px, py)

    def ring_point(self, view_id, degrees):
        """A point on the middle of a ring's stroke, `degrees` clockwise from 3 o'clock."""
        v = self.view(view_id)
        f = v["frame"]
        line_width = next(a["value"] for a in v["attributes"] if a["name"] == "lineWidth")
        r = min(f["width"], f["height"]) / 2 - line_width / 2
        a = math.radians(degrees)
        return f["x"] + f["width"] / 2 + r * math.cos(a), f["y"] + f["height"] / 2 + r * math.sin(a)

    def ring_color(self, view_id, degrees):
        return self.probe(*self.ring_point(view_id, degrees))


def close(c, expected, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(c[:3], expected))


def expect_color(actual, expected, what, tolerance=40):
    if not close(actual, expected, tolerance):
        fail(f"{what}: expected about {expected}, got {actual[:3]}")
    ok(f"{what}: {actual[:3]}")


def rewrite(path, old, new, by_rename=False):
    with open(path) as f:
        text = f.read()
    if old not in text:
        fail(f"the scene has no {old!r} to replace")
    text = text.replace(old, new)
    if by_rename:
        temporary = os.path.join(os.path.dirname(path), ".editor-save.tmp")
        with open(temporary, "w") as f:
            f.write(text)
        os.replace(temporary, path)
    else:
        with open(path, "w") as f:
            f.write(text)


def showcase_checks(driver, binary, root, work):
    scene = os.path.join(work, "showcase.scene.yaml")
    shutil.copy(os.path.join(root, "scenes", "showcase.scene.yaml"), scene)
    preview = Preview(binary, scene, work)
    page = Page(driver)
    try:
        driver.get(preview.url)
        page.settle("the showcase to load")
        if "token=" in driver.current_url:
            fail("the token stays in the address bar")
        page.js("window.__sameDocument = 'yes'")

        # Select `download` in the tree, set its progress to 0.25 through the number field.
        driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="download"]').click()
        row = driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progress"]')
        field = row.find_element(By.CSS_SELECTOR, 'input[type="number"]')
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("0.25")
        wait_until(lambda: page.js("return window.scenecPreview.state.overrides.get('download.progress')") == "0.25",
                   "the progress override")
        page.settle("the progress picture")
        if "overridden" not in row.get_attribute("class"):
            fail("the overridden progress row is not marked")
        expect_color(page.ring_color("download", -20), (255, 45, 85), "progress 0.25: progress colour before 3 o'clock")
        track = page.ring_color("download", 20)
        if close(track, (255, 45, 85)):
            fail(f"progress 0.25: past 3 o'clock should be the track, got {track[:3]}")
        ok(f"progress 0.25: track colour past 3 o'clock {track[:3]}")

        # progressColor through the colour control.
        picker = driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progressColor"] input[type="color"]')
        page.js("arguments[0].value = '#00ff00'; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
                picker)
        page.settle("the colour picture")
        expect_color(page.ring_color("download", -45), (0, 255, 0), "progressColor #00ff00 from the colour control")

        # The file changes on disk: in place, then by rename-over; the page follows, keeping
        # its overrides and selection, without reloading.
        before = page.pictures()
        rewrite(scene, 'progressColor: "#0a84ff"', 'progressColor: "#ffff00"')
        wait_until(lambda: page.pictures() > before, "the page to follow a write in place", timeout=5)
        page.settle("the rewritten scene")
        expect_color(page.ring_color("upload", 180), (255, 255, 0), "file rewritten in place: upload is yellow")
        expect_color(page.ring_color("download", -45), (0, 255, 0), "the override survives the reload")
        before = page.pictures()
        rewrite(scene, 'progressColor: "#ffff00"', 'progressColor: "#ff00ff"', by_rename=True)
        wait_until(lambda: page.pictures() > before, "the page to follow a rename-over", timeout=5)
        page.settle("the renamed-over scene")
        expect_color(page.ring_color("upload", 180), (255, 0, 255), "file replaced by rename: upload is magenta")
        if page.js("return window.__sameDocument") != "yes":
            fail("the page reloaded")
        if page.js("return window.scenecPreview.state.selected") != page.view("download")["address"]:
            fail("the selection was lost")
        ok("no reload; the selection and overrides stay")

        # A broken file: the overlay shows file:line:col, the last picture stays.
        with open(scene) as f:
            lines = f.read().split("\n")
        line = next(i for i, l in enumerate(lines) if "id: upload" in l) + 1
        column = lines[line - 1].index('"#ff00ff"') + 1
        rewrite(scene, 'progressColor: "#ff00ff"', 'progressColor: "#zz00ff"')
        wait_until(lambda: driver.find_element(By.ID, "errors").is_displayed(), "the error overlay", timeout=5)
        text = driver.find_element(By.ID, "errors-text").text
        where = f"showcase.scene.yaml:{line}:{column}"
        if where not in text or "^" not in text:
            fail(f"the overlay lacks {where} and a caret: {text!r}")
        ok(f"the overlay shows {where}")
        expect_color(page.ring_color("upload", 180), (255, 0, 255), "the last good picture stays under the overlay")
        rewrite(scene, 'progressColor: "#zz00ff"', 'progressColor: "#0a84ff"')
        wait_until(lambda: not driver.find_element(By.ID, "errors").is_displayed(), "the overlay to go", timeout=5)
        ok("the overlay goes when the file is fixed")
    finally:
        preview.stop()


def timeline_checks(driver, binary, root, work):
    scene = os.path.join(root, "scenes", "anim-ring-fill.scene.yaml")
    preview = Preview(binary, scene, work)
    page = Page(driver)
    try:
        driver.get(preview.url)
        page.settle("the animated example to load")
        expect_color(page.ring_color("circularProgressView", 0), (255, 255, 255), "at 0 s the ring is empty (track)")
        scrubber = driver.find_element(By.ID, "scrubber")
        page.js("arguments[0].value = arguments[0].max; arguments[0].dispatchEvent(new Event('input'));", scrubber)
        page.settle("the scrubbed picture")
        label = driver.find_element(By.ID, "time-label").text
        if "frame 60" not in label:
            fail(f"the time label should name frame 60: {label!r}")
        expect_color(page.ring_color("circularProgressView", 0), (255, 0, 0), f"scrubbed to the end ({label})")
        driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="circularProgressView"]').click()
        source = driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progress"] .source').text
        if not source.startswith("timeline · timeline.animations[0] (line "):
            fail(f"an animated attribute's source should be the timeline's animation, not {source!r}")
        ok(f"the inspector shows source {source!r}")
    finally:
        preview.stop()


def set_progress(driver, page, view_id, text):
    """Selects the view in the tree and types `text` into its progress number field."""
    driver.find_element(By.CSS_SELECTOR, f'#tree button[data-id="{view_id}"]').click()
    row = driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progress"]')
    field = row.find_element(By.CSS_SELECTOR, 'input[type="number"]')
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(text)
    wait_until(lambda: page.js(f"return window.scenecPreview.state.overrides.get('{view_id}.progress')") == text,
               f"the {view_id}.progress override")
    page.settle(f"{view_id}.progress={text}")


def press_write(driver, page):
    """Presses "Write to file" and, when the page shows the diff first, its Write; the status the
    server answered."""
    count = len(page.js("return window.scenecPreview.stats.writes"))
    driver.find_element(By.ID, "write").click()
    wait_until(lambda: len(page.js("return window.scenecPreview.stats.writes")) > count
               or page.js("return document.getElementById('write-dialog').open"), "the diff or the write's answer")
    if page.js("return document.getElementById('write-dialog').open"):
        driver.find_element(By.ID, "write-confirm").click()
    wait_until(lambda: len(page.js("return window.scenecPreview.stats.writes")) > count, "the write's answer")
    page.settle("the page after the write")
    return page.js("return window.scenecPreview.stats.writes")[-1]


def write_checks(driver, binary, root, work):
    scene = os.path.join(work, "write.scene.yaml")
    shutil.copy(os.path.join(root, "scenes", "showcase.scene.yaml"), scene)
    with open(scene) as f:
        before = f.read()
    preview = Preview(binary, scene, work)
    page = Page(driver)
    try:
        driver.get(preview.url)
        page.settle("the scene to write to")
        set_progress(driver, page, "download", "0.25")
        status = press_write(driver, page)
        if status != 200:
            fail(f"Write to file answered {status}")
        with open(scene) as f:
            after = f.read()
        changed = [(a, b) for a, b in zip(before.split("\n"), after.split("\n")) if a != b]
        if len(before.split("\n")) != len(after.split("\n")) or len(changed) != 1 \
                or changed[0][0].replace("progress: 0.72", "progress: 0.25") != changed[0][1]:
            fail(f"the file should differ in download's progress only: {changed}")
        ok(f"written: only {changed[0][1].strip()!r} changed, comments and all else intact")
        if page.js("return window.scenecPreview.state.overrides.size") != 0:
            fail("the overrides should be cleared once the file holds them")
        if page.js("return window.scenecPreview.state.doc.hash") != hashlib.sha256(after.encode()).hexdigest():
            fail("the page should show the written file")
        ok("the overrides are cleared and the page shows the written file")

        # The file changes on disk while the page has not heard of it (its event stream is
        # closed, as when a change and the press cross): 409, and the page shows the new file
        # with the override still pending.
        set_progress(driver, page, "download", "0.5")
        page.js("window.scenecPreview.events.close()")
        rewrite(scene, 'progressColor: "#0a84ff"', 'progressColor: "#ffff00"')
        with open(scene) as f:
            on_disk = f.read()
        status = press_write(driver, page)
        if status != 409:
            fail(f"a write over a file changed on disk should get 409, not {status}")
        with open(scene) as f:
            if f.read() != on_disk:
                fail("a refused write changed the file")
        if page.js("return window.scenecPreview.state.doc.hash") != hashlib.sha256(on_disk.encode()).hexdigest():
            fail("after 409 the page should show the file as it is on disk")
        if page.js("return window.scenecPreview.state.overrides.get('download.progress')") != "0.5":
            fail("after 409 the override should still be pending")
        expect_color(page.ring_color("upload", 180), (255, 255, 0), "409: the page shows the new file (upload yellow)")
        if "changed on disk" not in driver.find_element(By.ID, "status").text:
            fail("the status line should say the file changed on disk")
        ok("409: file untouched, new file shown, the override still pending")
    finally:
        preview.stop()


ANIMATED_SCENE = """canvas: {width: 200, height: 200, background: white}
views:
  - {id: ring, type: ring, frame: {x: 20, y: 20, width: 160, height: 160}, lineWidth: 20,
     progressColor: "#ff0000", trackColor: "#00ff00"}
timeline:
  fps: 10
  animations:
    # fills to half, then back to a quarter
    - target: ring.progress
      keyframes:
        - {at: 0, value: 0}
        - {at: 1, value: 0.5}
        - {at: 2, value: 0.25}
"""


def move_slider(page, row, value):
    """Moves an inspector row's slider to `value`, as a drag ends there."""
    page.js("const s = arguments[0].querySelector('input[type=range]'); s.value = arguments[1];"
            "s.dispatchEvent(new Event('input', {bubbles: true}));", row, value)


def scrub(driver, page, seconds):
    page.js("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));",
            driver.find_element(By.ID, "scrubber"), seconds)
    page.settle(f"the picture at {seconds} s")


def write_and_expect(driver, page, scene, want, what, how):
    """Presses "Write to file" and fails unless the file then says `want`."""
    if press_write(driver, page) != 200:
        fail(f"Write to file refused {what}")
    with open(scene) as f:
        after = f.read()
    if after != want:
        fail(f"the file should {how}:\n{after}")


def animated_edit_checks(driver, binary, work):
    """Issue 23, acceptance 2 in the page: an animated attribute's control edits the keyframe
    the scrubber stands on (the picture changes, "Write to file" writes that keyframe);
    between keyframes it asks: "Edit the value at this time" adds a keyframe there (the
    picture changes there and not at the other keyframes, the file gains it), "Replace the
    animation" is the attribute's --set."""
    scene = os.path.join(work, "animated.scene.yaml")
    with open(scene, "w") as f:
        f.write(ANIMATED_SCENE)
    preview = Preview(binary, scene, work)
    page = Page(driver)
    overrides = "return [...window.scenecPreview.state.overrides]"
    try:
        driver.get(preview.url)
        page.settle("the animated scene to load")
        driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="ring"]').click()
        row = driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progress"]')

        # Between keyframes (0.5 s): the page asks, and sets nothing until told.
        scrub(driver, page, 0.5)
        move_slider(page, row, 0.9)
        choice = row.find_element(By.CSS_SELECTOR, ".choice")
        if not choice.is_displayed() or "Replace the animation" not in choice.text:
            fail(f"between keyframes the row should offer to replace the animation: {choice.text!r}")
        if page.js(overrides):
            fail(f"a value between keyframes should set nothing before the choice: {page.js(overrides)}")
        choice.find_element(By.CSS_SELECTOR, "button.keep").click()
        ok("between keyframes: the row asks, Keep it sets nothing")

        # On the keyframe at 1 s (progress 0.5: 9 o'clock is the track), the slider edits it.
        scrub(driver, page, 1)
        expect_color(page.ring_color("ring", 180), (0, 255, 0), "at 1 s the keyframe's half ring leaves 9 o'clock to the track")
        source = row.find_element(By.CSS_SELECTOR, ".source").text
        if "timeline.animations[0]" not in source:
            fail(f"the row should name the animation that drives it, not {source!r}")
        move_slider(page, row, 1)
        page.settle("the keyframe edited")
        got = page.js(overrides)
        if got != [["timeline.animations[0].keyframes[1].value", "1"]]:
            fail(f"on a keyframe the slider should set that keyframe's value, got {got}")
        expect_color(page.ring_color("ring", 180), (255, 0, 0), "the edited keyframe: a full ring at 1 s")
        if page.js("return arguments[0].querySelector('input[type=range]').value", row) != "1":
            fail("the slider snapped back")
        status = driver.find_element(By.ID, "status").text
        if "edited timeline.animations[0].keyframes[1].value" not in status:
            fail(f"the status line should say the keyframe was edited: {status!r}")
        ok(f"on a keyframe the slider edits it, no snap back; status {status!r}")

        want = ANIMATED_SCENE.replace("{at: 1, value: 0.5}", "{at: 1, value: 1}")
        write_and_expect(driver, page, scene, want, "the keyframe edit", "differ in that keyframe only")
        ok("Write to file wrote the keyframe: {at: 1, value: 1}, the rest intact")

        # Between keyframes (0.5 s, progress 0.5 on the way from 0 to 1), Edit the value at this
        # time: a keyframe there. The picture changes at 0.5 s and at no keyframe's time.
        def profile():
            """Progress or track in the middle of each tenth of the ring from 12 o'clock."""
            return [close(page.ring_color("ring", (k + 0.5) * 36 - 90), (255, 0, 0)) for k in range(10)]
        keyframe_times = [0, 1, 2]
        before = {}
        for t in keyframe_times:
            scrub(driver, page, t)
            before[t] = profile()
        scrub(driver, page, 0.5)
        if profile() != [k < 5 for k in range(10)]:
            fail(f"at 0.5 s the ring should be half full before the edit: {profile()}")
        move_slider(page, row, 0.9)
        choice = row.find_element(By.CSS_SELECTOR, ".choice")
        if "Edit the value at this time" not in choice.text or "Replace the animation" not in choice.text:
            fail(f"between keyframes the row should offer both edits: {choice.text!r}")
        choice.find_element(By.CSS_SELECTOR, "button.edit-at-time").click()
        page.settle("the keyframe added")
        got = page.js(overrides)
        if got != [["timeline.animations[0].keyframes[at: 0.5].value", "0.9"]]:
            fail(f"Edit the value at this time should set the value at 0.5 s, got {got}")
        if profile() != [k < 9 for k in range(10)]:
            fail(f"at 0.5 s the ring should be 0.9 full after the edit: {profile()}")
        status = driver.find_element(By.ID, "status").text
        if "added a keyframe progress 0.9 at 0.5 s to timeline.animations[0]" not in status:
            fail(f"the status line should say a keyframe was added: {status!r}")
        ok(f"Edit the value at this time: 0.9 of a ring at 0.5 s; status {status!r}")
        for t in keyframe_times:
            scrub(driver, page, t)
            if profile() != before[t]:
                fail(f"at {t} s, a keyframe's time, the picture changed: {before[t]} -> {profile()}")
        ok("the pictures at the other keyframes (0, 1, 2 s) are unchanged")
        want = want.replace("        - {at: 1, value: 1}\n", "        - {at: 0.5, value: 0.9}\n        - {at: 1, value: 1}\n")
        write_and_expect(driver, page, scene, want, "the added keyframe", "gain the keyframe at 0.5 s only")
        ok("Write to file wrote the keyframe {at: 0.5, value: 0.9} between the others")

        # Between keyframes again, Replace the animation: the attribute's --set.
        scrub(driver, page, 1.5)
        move_slider(page, row, 1)
        row.find_element(By.CSS_SELECTOR, ".choice button.replace").click()
        page.settle("the animation replaced")
        got = page.js(overrides)
        if got != [["ring.progress", "1"]]:
            fail(f"Replace the animation should set ring.progress, got {got}")
        expect_color(page.ring_color("ring", 180), (255, 0, 0), "the animation replaced: a full ring at 1.5 s")
        status = driver.find_element(By.ID, "status").text
        if "replaced the animation timeline.animations[0]" not in status:
            fail(f"the status line should say the animation was replaced: {status!r}")
        ok(f"Replace the animation: {status!r}")
    finally:
        preview.stop()


APPEARANCE_SCENE = """canvas: {width: 200, height: 200, background: systemBackground}
views:
  - id: ring
    type: ring
    frame: {x: 20, y: 20, width: 160, height: 160}
    lineWidth: 20
    progress: 0.5
    progressColor: systemBlue
    trackColor: {light: "#ff0000", dark: "#00ff00"}
"""


def appearance_checks(driver, binary, work):
    """The Light/Dark switch: the page asks for the other appearance and the picture follows,
    with Apple's values for the system colours (systemBackground white/black, systemBlue
    #007aff/#0a84ff) and each side of a {light, dark} colour."""
    scene = os.path.join(work, "appearance.scene.yaml")
    with open(scene, "w") as f:
        f.write(APPEARANCE_SCENE)
    preview = Preview(binary, scene, work)
    page = Page(driver)
    try:
        driver.get(preview.url)
        page.settle("the appearance scene to load")
        light = driver.find_element(By.CSS_SELECTOR, '[data-appearance="light"]')
        if "active" not in light.get_attribute("class"):
            fail("Light should be the active appearance at start (the server's default)")
        # Progress 0.5 runs clockwise from 12 to 6 o'clock: 3 o'clock is progress, 9 o'clock track.
        expect_color(page.probe(5, 5), (255, 255, 255), "light: systemBackground is white", tolerance=2)
        expect_color(page.ring_color("ring", 0), (0, 122, 255), "light: systemBlue is #007aff", tolerance=2)
        expect_color(page.ring_color("ring", 180), (255, 0, 0), "light: the light side of trackColor")
        before = page.pictures()
        driver.find_element(By.CSS_SELECTOR, '[data-appearance="dark"]').click()
        wait_until(lambda: page.pictures() > before, "the dark picture", timeout=5)
        page.settle("the dark picture")
        if page.js("return window.scenecPreview.state.doc.appearance") != "dark":
            fail("the scene document should say dark after the switch")
        expect_color(page.probe(5, 5), (0, 0, 0), "dark: systemBackground is black", tolerance=2)
        expect_color(page.ring_color("ring", 0), (10, 132, 255), "dark: systemBlue is #0a84ff", tolerance=2)
        expect_color(page.ring_color("ring", 180), (0, 255, 0), "dark: the dark side of trackColor")
        source = driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="ring"]')
        source.click()
        text = driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progressColor"] .source').text
        if "systemBlue (dark)" not in text:
            fail(f"the inspector should say the colour came from systemBlue (dark), not {text!r}")
        ok(f"the inspector says {text!r}")
        driver.find_element(By.ID, "copy-set").click()
        flags = wait_until(lambda: driver.find_element(By.ID, "set-text").get_attribute("value"), "the copied flags")
        if flags != "--appearance dark":
            fail(f"Copy as --set in dark should give --appearance dark, not {flags!r}")
        ok(f"Copy as --set gives {flags!r}")
    finally:
        preview.stop()


def variant_checks(driver, binary, root, work):
    scene = os.path.join(root, "scenes", "showcase.scene.yaml")
    preview = Preview(binary, scene, work, ["--vary", "download.progress=0,1", "--vary", "upload.progress=0,0.5"])
    page = Page(driver)
    try:
        driver.get(preview.url)
        page.settle("the page with variants")
        cells = driver.find_elements(By.CSS_SELECTOR, "#variants .cell")
        # The headers say the values; each cell's picture names all of its own.
        captions = [c.find_element(By.TAG_NAME, "img").get_attribute("alt") for c in cells]
        if len(cells) != 4 or captions[3] != "download.progress=1 · upload.progress=0.5":
            fail(f"expected 4 captioned cells, got {captions}")
        wait_until(lambda: all(page.js("return arguments[0].complete && arguments[0].naturalWidth > 0", c.find_element(
            By.TAG_NAME, "img")) for c in cells), "the cells' pictures")
        cells[3].click()
        page.settle("the picked variant")
        got = page.js("return [...window.scenecPreview.state.overrides]")
        if got != [["download.progress", "1"], ["upload.progress", "0.5"]]:
            fail(f"clicking a cell should set its values as overrides, got {got}")
        ok(f"4 variant cells; clicking one sets {got}")
    finally:
        preview.stop()


def sheet_checks(driver, binary, root, work):
    scene = os.path.join(root, "scenes", "showcase.scene.yaml")
    sheet = os.path.join(work, "sheet.html")
    colors = ["#ff2d55", "#0a84ff"]
    subprocess.run([binary, "preview", scene, "--static", "-o", sheet, "--vary", "download.progress=0,0.5,1",
                    "--vary", "download.progressColor=" + ",".join(colors)], check=True)
    report = json.loads(subprocess.run([binary, "inspect", scene, "--json"], check=True, capture_output=True).stdout)
    download = report["views"][0]["children"][0]
    f = download["frame"]
    line_width = next(a["value"] for a in download["attributes"] if a["name"] == "lineWidth")
    r = min(f["width"], f["height"]) / 2 - line_width / 2
    # 3 o'clock: reached by progress 0.5 and 1 (from 12, clockwise), not by 0.
    point = (f["x"] + f["width"] / 2 + r, f["y"] + f["height"] / 2)
    driver.get("file://" + sheet)
    page = Page(driver)
    images = driver.find_elements(By.CSS_SELECTOR, ".cell img")
    if len(images) != 6:
        fail(f"the sheet should have 6 cells, not {len(images)}")
    for i, image in enumerate(images):
        page.js("arguments[0].scrollIntoView()", image)
        wait_until(lambda: page.js("return arguments[0].complete && arguments[0].naturalWidth > 0", image),
                   f"cell {i} to decode")
        x, y, width, natural = page.js("const r = arguments[0].getBoundingClientRect();"
                                       "return [r.left, r.top, r.width, arguments[0].naturalWidth];", image)
        s = width / natural
        w, h, pixels = decode_png(driver.get_screenshot_as_png())
        got = pixels(int(x + point[0] * s), int(y + point[1] * s))
        progress, color = [0, 0.5, 1][i // 2], colors[i % 2]
        want = tuple(int(color[k:k + 2], 16) for k in (1, 3, 5))
        if (progress > 0) != close(got, want):
            fail(f"cell {i} (progress {progress}, {color}): at 3 o'clock {got[:3]}")
    ok(f"the static sheet ({os.path.getsize(sheet)} bytes) shows 6 cells in Chromium, each probed at 3 o'clock")


def main():
    if len(sys.argv) != 3:
        fail("usage: preview_test.py SCENEC_BINARY REPOSITORY_ROOT")
    binary, root = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="scenec-browser-")
    driver = start_browser()
    try:
        showcase_checks(driver, binary, root, work)
        timeline_checks(driver, binary, root, work)
        write_checks(driver, binary, root, work)
        animated_edit_checks(driver, binary, work)
        variant_checks(driver, binary, root, work)
        appearance_checks(driver, binary, work)
        sheet_checks(driver, binary, root, work)
    finally:
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    print("all browser checks passed", flush=True)


if __name__ == "__main__":
    main()
