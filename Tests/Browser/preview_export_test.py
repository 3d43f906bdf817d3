#!/usr/bin/python3
"""The Export menu: each button's download, byte for byte what `scenec render` / `scenec frames`
write with the same overrides, time, scale and appearance.

Usage: preview_export_test.py SCENEC_BINARY REPOSITORY_ROOT

In Debian's headless Chromium with a download folder set: on a copy of the showcase, `download`'s
progress set to 0.25 through the inspector, then PNG 1×, PNG 2×, PNG 3×, SVG and PDF clicked;
each downloaded file is compared with what `scenec render` (run as a process) writes with
`--set download.progress=0.25 --time 0 [--scale S]`, the 2× PNG differs from the file without the
override and is probed where the arc's colour is fixed by the geometry. On the animated ring,
scrubbed to 1 s with its lineWidth set: PNG 2× against `render --time 1`, GIF, WebP and the
flipbook PDF against `scenec frames -o x.gif|x.webp|x.pdf`; the frame choices are hidden for a
scene without a timeline. The Dark switch: PNG 1× against `render --appearance dark`. Without a
browser: a timeline too long to export is refused with 422 and why, the route needs the token,
the download's name is sanitized, and no request the page made carried the token in its URL.
Prints one line per check; exits 1 at the first failure.
"""
import http.client
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

from browser import fail, ok, start_browser, wait_until
from pngprobe import decode_png
from preview_test import Page, Preview, close, scrub, set_progress
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


class Downloads:
    """Chromium's downloads go to a folder of their own; each is taken out once complete."""

    def __init__(self, driver, folder):
        self.folder = folder
        os.makedirs(folder, exist_ok=True)
        params = {"behavior": "allow", "downloadPath": folder}
        try:
            driver.execute_cdp_cmd("Browser.setDownloadBehavior", params)
        except Exception:  # an older browser has the page-level command
            driver.execute_cdp_cmd("Page.setDownloadBehavior", params)

    def take(self, name):
        path = os.path.join(self.folder, name)

        def complete():
            names = os.listdir(self.folder)
            return name in names and not any(n.endswith(".crdownload") for n in names)

        wait_until(complete, f"the download {name} (folder has {os.listdir(self.folder)})", timeout=30)
        with open(path, "rb") as f:
            data = f.read()
        for n in os.listdir(self.folder):
            os.remove(os.path.join(self.folder, n))
        return data


def scenec(binary, work, *arguments):
    """Runs scenec in `work` (the project root) and returns the bytes of the file it writes."""
    out = os.path.join(work, "expected-" + os.path.basename(arguments[arguments.index("-o") + 1]))
    args = list(arguments)
    args[args.index("-o") + 1] = out
    result = subprocess.run([binary, *args], cwd=work, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"scenec {' '.join(args)} exited {result.returncode}: {result.stderr}")
    with open(out, "rb") as f:
        data = f.read()
    os.remove(out)
    return data


def export(driver, page, downloads, label, name):
    """Opens the Export menu, clicks the button `label`, and returns the downloaded bytes."""
    count = len(page.js("return window.scenecPreview.stats.exports"))
    menu = driver.find_element(By.ID, "export-menu")
    if not menu.get_attribute("open"):
        driver.find_element(By.CSS_SELECTOR, "#export-menu > summary").click()
    button = next((b for b in driver.find_elements(By.CSS_SELECTOR, "#export-menu button[data-export]")
                   if b.text == label), None)
    if button is None or not button.is_displayed():
        fail(f"the Export menu has no visible {label!r} button")
    button.click()
    wait_until(lambda: len(page.js("return window.scenecPreview.stats.exports")) > count
               or page.js("return document.getElementById('status').textContent").startswith("cannot export"),
               f"the {label} export")
    status = page.js("return document.getElementById('status').textContent")
    if status.startswith("cannot export"):
        fail(f"{label}: {status}")
    got = page.js("return window.scenecPreview.stats.exports")[-1]["name"]
    if got != name:
        fail(f"{label} should download {name!r}, not {got!r}")
    return downloads.take(name)


def same(got, want, what):
    if got != want:
        fail(f"{what}: the download ({len(got)} bytes) differs from scenec's file ({len(want)} bytes)")
    ok(f"{what}: {len(got)} bytes, identical to scenec's")


def request(url, path, token=None):
    """A GET to the server without the browser: (status, headers, body)."""
    host = url.split("//", 1)[1].split("/", 1)[0]
    connection = http.client.HTTPConnection(host, timeout=30)
    headers = {"X-Scenec-Token": token} if token else {}
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


def still_checks(driver, binary, root, work, downloads):
    scene = os.path.join(work, "export-showcase.scene.yaml")
    shutil.copy(os.path.join(root, "scenes", "showcase.scene.yaml"), scene)
    preview = Preview(binary, scene, work)
    page = Page(driver)
    try:
        driver.get(preview.url)
        page.settle("the showcase to load")
        set_progress(driver, page, "download", "0.25")
        sets = ["--set", "download.progress=0.25", "--time", "0"]
        base = "export-showcase.scene.yaml"
        driver.find_element(By.CSS_SELECTOR, "#export-menu > summary").click()
        if driver.find_element(By.ID, "export-frames").is_displayed():
            fail("a scene without a timeline should not offer GIF, WebP or the flipbook")
        ok("no frame files offered for a scene without a timeline")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        wait_until(lambda: not driver.find_element(By.ID, "export-menu").get_attribute("open"), "Esc to close the Export menu")
        ok("Esc closes the Export menu")
        for scale in (1, 2, 3):
            png = export(driver, page, downloads, f"PNG {scale}×", f"export-showcase@{scale}x.png")
            same(png, scenec(binary, work, "render", base, "-o", "x.png", "--scale", str(scale), *sets), f"PNG {scale}×")
            if scale == 2:
                if png == scenec(binary, work, "render", base, "-o", "x.png", "--scale", "2", "--time", "0"):
                    fail("the PNG 2× is the file without the override")
                # The arc ends at 3 o'clock: 20° before it is the progress colour, 20° after the track.
                v = page.view("download")
                f = v["frame"]
                line_width = next(a["value"] for a in v["attributes"] if a["name"] == "lineWidth")
                r = min(f["width"], f["height"]) / 2 - line_width / 2
                width, height, pixel = decode_png(png)
                for degrees, want_progress in ((-20, True), (20, False)):
                    a = math.radians(degrees)
                    x = (f["x"] + f["width"] / 2 + r * math.cos(a)) * 2
                    y = (f["y"] + f["height"] / 2 + r * math.sin(a)) * 2
                    c = pixel(int(x), int(y))
                    if close(c, (255, 45, 85)) != want_progress:
                        fail(f"the downloaded PNG at {degrees}° from 3 o'clock: {c}")
                ok(f"the downloaded PNG 2× ({width}×{height}) has the arc to 3 o'clock (progress 0.25)")
        same(export(driver, page, downloads, "SVG", "export-showcase.svg"),
             scenec(binary, work, "render", base, "-o", "x.svg", *sets), "SVG")
        same(export(driver, page, downloads, "PDF", "export-showcase.pdf"),
             scenec(binary, work, "render", base, "-o", "x.pdf", *sets), "PDF")

        # The route itself: the token is demanded, a bad format is refused.
        token = preview.url.split("#token=", 1)[1]
        status, _, _ = request(preview.url, "/api/export?format=png")
        if status != 403:
            fail(f"/api/export without the token answered {status}, not 403")
        status, _, body = request(preview.url, "/api/export?format=exe", token)
        if status != 400 or b"format must be" not in body:
            fail(f"format=exe answered {status} {body!r}")
        ok("/api/export demands the token (403) and refuses an unknown format (400)")
        leaked = page.js("return performance.getEntriesByType('resource').map(e => e.name)"
                         ".filter(n => n.includes(arguments[0]))", token)
        if any("/api/events" not in n for n in leaked):
            fail(f"the token rode in a URL: {leaked}")
        ok("no export request carried the token in its URL")
    finally:
        preview.stop()


def animated_checks(driver, binary, root, work, downloads):
    scene = os.path.join(work, "ring.scene.yaml")
    shutil.copy(os.path.join(root, "scenes", "anim-ring-fill.scene.yaml"), scene)
    preview = Preview(binary, scene, work)
    page = Page(driver)
    try:
        driver.get(preview.url)
        page.settle("the animated ring to load")
        # lineWidth (not animated) through its number field, then the time through the scrubber.
        driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="circularProgressView"]').click()
        field = driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="lineWidth"] input[type="number"]')
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("12")
        wait_until(lambda: page.js("return window.scenecPreview.state.overrides.get('circularProgressView.lineWidth')") == "12",
                   "the lineWidth override")
        page.settle("lineWidth 12")
        scrub(driver, page, 1)
        sets = ["--set", "circularProgressView.lineWidth=12"]
        # Away from the poster (0 s) the name says the moment, so two moments never share a name.
        png = export(driver, page, downloads, "PNG 2×", "ring-t1s@2x.png")
        same(png, scenec(binary, work, "render", "ring.scene.yaml", "-o", "x.png", "--scale", "2", "--time", "1", *sets),
             "the animated ring at 1 s, PNG 2×")
        for other in (["--time", "0", *sets], ["--time", "1"]):
            if png == scenec(binary, work, "render", "ring.scene.yaml", "-o", "x.png", "--scale", "2", *other):
                fail(f"the export at 1 s with lineWidth 12 is the file of {other}")
        ok("the export differs from the file at 0 s and from the file without the override")
        # "Copy as --set" gives the command that draws this picture: the override and the moment.
        driver.find_element(By.ID, "copy-set").click()
        copied = page.js("return document.getElementById('set-text').value")
        if copied != "--set circularProgressView.lineWidth=12 --time 1s":
            fail(f"Copy as --set at 1 s should give the override and --time 1s, not {copied!r}")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        wait_until(lambda: not page.js("return document.getElementById('set-dialog').open"), "the --set dialog to close")
        ok(f"Copy as --set reproduces the picture: {copied}")
        same(export(driver, page, downloads, "GIF", "ring.gif"),
             scenec(binary, work, "frames", "ring.scene.yaml", "-o", "x.gif", *sets), "GIF")
        same(export(driver, page, downloads, "WebP", "ring.webp"),
             scenec(binary, work, "frames", "ring.scene.yaml", "-o", "x.webp", *sets), "WebP")
        same(export(driver, page, downloads, "Flipbook PDF", "ring-flipbook.pdf"),
             scenec(binary, work, "frames", "ring.scene.yaml", "-o", "x.pdf", *sets), "the flipbook PDF")
    finally:
        preview.stop()

    # A timeline of 100 s at 30 fps: 3,001 frames, past what the page exports (422, saying why).
    with open(scene) as f:
        text = f.read()
    with open(scene, "w") as f:
        f.write(text.replace("duration: 2s", "duration: 100s"))
    preview = Preview(binary, scene, work)
    try:
        token = preview.url.split("#token=", 1)[1]
        status, _, body = request(preview.url, "/api/export?format=gif", token)
        message = json.loads(body).get("error", "") if status == 422 else ""
        if status != 422 or "3001 frames" not in message:
            fail(f"a 3,001-frame GIF should be refused with 422 naming the frames, got {status} {body[:200]!r}")
        ok(f"a timeline too long to export: 422 {message!r}")
        # Past the end of the timeline: `render --time 101` exits 1 with a located error; the
        # export answers 422 with the checker's same diagnostic.
        cli = subprocess.run([binary, "render", "ring.scene.yaml", "-o", "x.png", "--time", "101"], cwd=work,
                             capture_output=True, text=True)
        if cli.returncode != 1 or "past the end of the timeline" not in cli.stderr:
            fail(f"render --time 101 should exit 1 past the end: {cli.returncode} {cli.stderr!r}")
        located = cli.stderr.splitlines()[0]
        for path in ("/api/export?format=png&time=101", "/api/export?format=svg&time=101s"):
            status, _, body = request(preview.url, path, token)
            printed = json.loads(body).get("text", "") if status == 422 else ""
            if status != 422 or printed.splitlines()[:1] != [located]:
                fail(f"{path} should be 422 with render's located error {located!r}, got {status} {body[:300]!r}")
        status, _, _ = request(preview.url, "/api/export?format=png&time=100", token)
        if status != 200:
            fail(f"the timeline's last moment (100 s) should export, got {status}")
        ok(f"a time past the end: 422 with render's own error: {located}")
    finally:
        preview.stop()

    # 60 fps: the GIF plays slow (hundredths of a second), which `frames` warns about; the export
    # says it in X-Scenec-Warning and the page's status shows it.
    with open(scene, "w") as f:
        f.write(text.replace("fps: 30", "fps: 60"))
    preview = Preview(binary, scene, work)
    page = Page(driver)
    try:
        driver.get(preview.url)
        page.settle("the 60 fps ring to load")
        export(driver, page, downloads, "GIF", "ring.gif")
        status = page.js("return document.getElementById('status').textContent")
        if "warning: GIF counts time in hundredths" not in status or "'ring.gif'" not in status:
            fail(f"the 60 fps GIF export should show frames' warning in the status, not {status!r}")
        ok(f"a 60 fps GIF: the status says {status!r}")
    finally:
        preview.stop()


def appearance_checks(driver, binary, root, work, downloads):
    scene = os.path.join(work, "looks.scene.yaml")
    shutil.copy(os.path.join(root, "scenes", "appearance.scene.yaml"), scene)
    preview = Preview(binary, scene, work)
    page = Page(driver)
    try:
        driver.get(preview.url)
        page.settle("the appearance scene to load")
        driver.find_element(By.CSS_SELECTOR, '[data-appearance="dark"]').click()
        wait_until(lambda: page.js("return window.scenecPreview.state.appearance") == "dark", "the dark appearance")
        page.settle("the dark picture")
        dark = export(driver, page, downloads, "PNG 1×", "looks-dark@1x.png")
        same(dark, scenec(binary, work, "render", "looks.scene.yaml", "-o", "x.png", "--scale", "1", "--time", "0",
                          "--appearance", "dark"), "PNG 1× in the dark appearance")
        if dark == scenec(binary, work, "render", "looks.scene.yaml", "-o", "x.png", "--scale", "1"):
            fail("the dark export is the light file")
    finally:
        preview.stop()


def name_checks(driver, binary, work):
    """A scene file named with a quote, a space and non-ASCII: the header's name keeps none."""
    scene = os.path.join(work, 'bad "näme"\u00e9.scene.yaml')
    with open(scene, "w") as f:
        f.write('canvas: {width: 20, height: 20, background: "#ff0000"}\nviews: []\n')
    preview = Preview(binary, scene, work)
    try:
        token = preview.url.split("#token=", 1)[1]
        status, headers, _ = request(preview.url, "/api/export?format=svg", token)
        disposition = headers.get("Content-Disposition", "")
        if status != 200 or disposition != 'attachment; filename="bad__n_me__.svg"':
            fail(f"the download's name should be sanitized: {status} {disposition!r}")
        if headers.get("X-Scenec-Filename") != "bad__n_me__.svg":
            fail(f"X-Scenec-Filename should be the same name: {headers.get('X-Scenec-Filename')!r}")
        ok(f"a file name with a quote and non-ASCII: {disposition}")
    finally:
        preview.stop()


def main():
    if len(sys.argv) != 3:
        fail("usage: preview_export_test.py SCENEC_BINARY REPOSITORY_ROOT")
    binary, root = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="scenec-export-")
    driver = start_browser()
    try:
        downloads = Downloads(driver, os.path.join(work, "downloads"))
        still_checks(driver, binary, root, work, downloads)
        animated_checks(driver, binary, root, work, downloads)
        appearance_checks(driver, binary, root, work, downloads)
        name_checks(driver, binary, work)
    finally:
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    print("all export checks passed", flush=True)


if __name__ == "__main__":
    main()
