#!/usr/bin/python3
"""Issue 28, part 5 (behaviour, not speed; bench/page-speed.sh measures the speed): while a
control changes, the page shows /api/render.png at the scale the picture is shown at, drawn on
the canvas over the picture, and once the changes stop the SVG (with pictureMode.quickFormat
'svg', SVGs throughout); playback fetches frames ahead and shows every frame of a
30 fps timeline, in order, none skipped; an animated scene opens at its canvas.poster.

Usage: preview_speed_test.py SCENEC_BINARY REPOSITORY_ROOT

Prints one line per check; exits 1 at the first failure.
"""
import os
import sys
import tempfile
import time

from browser import fail, ok, start_browser, wait_until
from preview_test import Page, Preview, close, expect_color
from selenium.webdriver.common.by import By

# `spin` fills over 1 s at 30 fps (31 frames, 0 to 30); `knob` is the still ring the slider moves;
# `bare` has no track, so that its picture is transparent where its arc is not, on a canvas with
# no background.
SCENE = """canvas: {width: 600, height: 200, poster: 0.5s}
views:
  - {type: ring, id: spin, frame: {x: 10, y: 10, width: 180, height: 180}, lineWidth: 30,
     trackColor: "#00ff00", progressColor: "#ff0000", progress: 0}
  - {type: ring, id: knob, frame: {x: 210, y: 10, width: 180, height: 180}, lineWidth: 30,
     trackColor: "#00ff00", progressColor: "#0000ff", progress: 0.1}
  - {type: ring, id: bare, frame: {x: 410, y: 10, width: 180, height: 180}, lineWidth: 30,
     trackColor: "#00000000", progressColor: "#0000ff", progress: 1}
timeline:
  fps: 30
  animations:
    - {target: spin.progress, from: 0, to: 1, duration: 1s, easing: linear}
"""


def fetched(page, path):
    """The URLs of `path` the page has asked for, in order."""
    return page.js("return performance.getEntriesByType('resource').map((e) => e.name)"
                   ".filter((n) => new URL(n).pathname === arguments[0])", path)


def drag(page, slider, values):
    """Moves the slider through `values` 50 ms apart (a burst: within the page's 300 ms), each
    once its picture is on screen; the format each picture was shown in (`data-format`)."""
    formats = []
    for value in values:
        before = page.pictures()
        page.js("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
                slider, value)
        wait_until(lambda: page.pictures() > before, f"the picture of progress {value}")
        formats.append(page.js("return document.getElementById('picture').dataset.format"))
        time.sleep(0.05)
    return formats


def canvas_against_whole(driver, page):
    """How many bytes of the quick pictures' canvas differ from the whole quick picture of the
    state last asked for (fetched again without `base`, decoded and drawn on a canvas of its
    own); or why they cannot be compared."""
    last = [u for u in fetched(page, "/api/render.png") if "quick=1" in u][-1]
    whole = "&".join(p for p in last.split("&") if not p.startswith("base="))
    return driver.execute_async_script("""const [url, done] = arguments;
        (async () => {
          const response = await fetch(url, {headers: {'X-Scenec-Token': sessionStorage.getItem('scenec-preview-token')}});
          if (response.headers.has('Scenec-Base')) return done('the whole picture came as patches');
          const bitmap = await createImageBitmap(await response.blob());
          const canvas = document.getElementById('playback');
          if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) return done('sizes differ');
          const drawn = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
          drawn.drawImage(bitmap, 0, 0);
          const want = drawn.getImageData(0, 0, bitmap.width, bitmap.height).data;
          const have = canvas.getContext('2d').getImageData(0, 0, bitmap.width, bitmap.height).data;
          let differ = 0;
          for (let i = 0; i < want.length; i++) if (want[i] !== have[i]) differ += 1;
          done(differ);
        })().catch((e) => done(String(e)));""", whole)


def main():
    binary, root = sys.argv[1], sys.argv[2]
    os.chdir(root)
    work = tempfile.mkdtemp(prefix="scenec-speed-")
    scene = os.path.join(work, "speed.scene.yaml")
    with open(scene, "w") as f:
        f.write(SCENE)
    preview = Preview(binary, scene, work)
    driver = start_browser()
    try:
        driver.get(preview.url)
        page = Page(driver)
        page.js("performance.setResourceTimingBufferSize(100000)")
        page.settle("the first picture")

        # The poster: the page opens at canvas.poster, 0.5 s, where spin is half filled.
        if page.js("return window.scenecPreview.state.time") != 0.5:
            fail(f"the page opened at {page.js('return window.scenecPreview.state.time')} s, not the poster's 0.5 s")
        # From 12 o'clock clockwise: half filled reaches 6 o'clock, so 3 o'clock is filled, 9 not.
        expect_color(page.ring_color("spin", 0), [255, 0, 0], "spin at 3 o'clock at the poster (0.5 s): filled")
        expect_color(page.ring_color("spin", 180), [0, 255, 0], "spin at 9 o'clock at the poster (0.5 s): track")
        if page.js("return document.getElementById('picture').dataset.format") != "svg":
            fail("the picture at rest is not the SVG")
        ok("the page opens at the poster's 0.5 s, showing the SVG")

        # A slider drag, as the page does by default: quick PNGs at the shown scale while it
        # moves (decoded off the main thread onto the canvas over the picture), the SVG once it stops.
        driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="knob"]').click()
        slider = wait_until(lambda: driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progress"] input[type="range"]'),
                            "knob's progress slider")
        svgs_before = len(fetched(page, "/api/render.svg"))
        formats = drag(page, slider, [0.3, 0.4, 0.5, 0.6, 0.75])
        if any(f != "quick" for f in formats):
            fail(f"pictures during the drag were {formats}, not all quick PNGs")
        pngs = [u for u in fetched(page, "/api/render.png") if "scale=" in u and "quick=1" in u]
        if len(pngs) < 5:
            fail(f"only {len(pngs)} /api/render.png?scale=…&quick=1 requests during the drag")
        scale = page.js("return document.getElementById('picture').getBoundingClientRect().width"
                        " / window.scenecPreview.state.doc.canvas.width * devicePixelRatio")
        asked = float(pngs[-1].split("scale=")[1].split("&")[0])
        if abs(asked - scale) > 0.125 + 1e-9:
            fail(f"the PNG was asked at scale {asked}, the picture is shown at {scale}")
        if page.js("return document.getElementById('playback').hidden") is not False:
            fail("the quick PNG is not on the canvas over the picture")
        ok(f"during the drag: {len(formats)} pictures, each a PNG at scale {asked} (shown at {scale:.3f}) on the canvas")
        expect_color(page.ring_color("knob", 90), [0, 0, 255], "knob at 6 o'clock, progress 0.75, in the PNG")
        page.settle("the changes to stop")
        if page.js("return document.getElementById('picture').dataset.format") != "svg":
            fail("after the changes stopped the picture is not the SVG")
        if len(fetched(page, "/api/render.svg")) <= svgs_before:
            fail("no /api/render.svg after the changes stopped")
        if page.js("return document.getElementById('playback').hidden") is not True:
            fail("the canvas of the quick PNGs still covers the exact picture once the changes stopped")
        expect_color(page.ring_color("knob", 90), [0, 0, 255], "knob at 6 o'clock, progress 0.75, in the SVG")
        ok("~300 ms after the last change the SVG is shown again, the canvas hidden")

        # With quickFormat 'svg' (bench/ compares the two): SVGs throughout, each the drag's value.
        page.js("window.scenecPreview.pictureMode.quickFormat = 'svg'")
        pngs_before = len(fetched(page, "/api/render.png"))
        formats = drag(page, slider, [0.2, 0.25])
        if any(f != "svg" for f in formats) or len(fetched(page, "/api/render.png")) != pngs_before:
            fail(f"pictures during a drag with quickFormat 'svg' were {formats}, not all SVGs")
        # 0.25: a quarter turn from 12 o'clock, so 3 o'clock (just before it) is filled, 6 o'clock not.
        expect_color(page.ring_color("knob", -10), [0, 0, 255], "knob at just before 3 o'clock, progress 0.25, in the SVG")
        expect_color(page.ring_color("knob", 90), [0, 255, 0], "knob at 6 o'clock, progress 0.25, in the SVG: track")
        page.settle("the changes to stop")
        page.js("window.scenecPreview.pictureMode.quickFormat = 'png'")
        ok(f"with quickFormat 'svg': {len(formats)} pictures, each the SVG")

        # Transparent pixels: a quick picture shows the scene alone, neither the quick pictures
        # before it nor the exact picture under the canvas (bare was full before the drag). The
        # quick pictures are kept up (a long idle time) to be probed.
        page.js("window.scenecPreview.pictureMode.idleMs = 5000")
        knob_selected = page.js("return window.scenecPreview.state.selected")
        driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="bare"]').click()
        wait_until(lambda: page.js("return window.scenecPreview.state.selected") != knob_selected, "bare selected")
        page.settle("bare's inspector")
        bare = driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progress"] input[type="range"]')
        formats = drag(page, bare, [0.9, 0.2])
        if formats != ["quick", "quick"] or page.js("return document.getElementById('playback').hidden"):
            fail(f"bare's drag showed {formats}, not two quick pictures on the canvas")
        if not page.js("return document.getElementById('picture').classList.contains('covered')"):
            fail("the picture under the quick picture's canvas is not hidden")
        expect_color(page.ring_color("bare", -60), [0, 0, 255], "bare's arc at progress 0.2, in the quick picture")
        under = page.ring_color("bare", 90)
        if close(under, [0, 0, 255]):
            fail(f"bare at 6 o'clock, past its arc at 0.2, shows the blue of an earlier picture: {under[:3]}")
        ok(f"bare at 6 o'clock, past its arc at 0.2: not the earlier pictures' blue but {under[:3]}")
        # Over the picture the canvas held, only the rectangles that changed came (the server
        # numbers each quick picture; the page names the one it holds as `base`); drawn in
        # their places they give the canvas exactly the pixels of the whole quick picture.
        quick = page.js("return window.scenecPreview.stats.quick")
        last = [u for u in fetched(page, "/api/render.png") if "quick=1" in u][-1]
        if quick["patched"] < 2 or "base=" not in last:
            fail(f"the drags' quick pictures were not patches over the one before: {quick}, last asked {last}")
        differing = canvas_against_whole(driver, page)
        if differing != 0:
            fail(f"the patched canvas is not the whole quick picture: {differing} bytes differ")
        ok(f"{quick['patched']} quick pictures came as the rectangles that changed; the canvas has the whole picture's every pixel")

        # A quick picture that cannot be decoded (the second of a fast drag, its decoder made to
        # fail): the pictures already asked for over it cannot patch it and are dropped, the next
        # is asked for over what the canvas holds (or whole), and the canvas ends with exactly
        # the whole picture of the last state.
        page.js("""const Real = window.ImageDecoder;
            window.scenecFailOnce = {skip: 1, left: 1, failed: 0};
            const fail = (make) => {
              const f = window.scenecFailOnce;
              if (f.skip > 0) { f.skip -= 1; return make(); }
              if (f.left > 0) { f.left -= 1; f.failed += 1; throw new Error('test: this decode fails'); }
              return make();
            };
            if (Real) window.ImageDecoder = class extends Real { constructor(init) { fail(() => 0); super(init); } };
            const bitmap = window.createImageBitmap;
            window.createImageBitmap = (...a) => { try { fail(() => 0); } catch (e) { return Promise.reject(e); } return bitmap(...a); };""")
        before = dict(page.js("return window.scenecPreview.stats.quick"))
        page.js("""const [slider] = arguments; let i = 0;
            const step = () => { slider.value = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7][i];
              slider.dispatchEvent(new Event('input', {bubbles: true})); i += 1; if (i < 9) setTimeout(step, 16); };
            step();""", bare)
        wait_until(lambda: canvas_against_whole(driver, page) == 0, "the canvas to be the whole picture of progress 0.7")
        after = page.js("return window.scenecPreview.stats.quick")
        if page.js("return window.scenecFailOnce.failed") != 1 or after["patched"] + after["whole"] <= before["patched"] + before["whole"]:
            fail(f"no picture failed to decode, or none was drawn after it: {before} → {after}")
        expect_color(page.ring_color("bare", 90), [0, 0, 255], "bare at 6 o'clock, progress 0.7, after the failed decode")
        ok(f"a quick picture that failed to decode: the drag went on ({before} → {after}), the canvas the last state's")
        page.js("window.scenecPreview.pictureMode.idleMs = 300")
        page.settle("bare's exact picture")
        if page.js("return document.getElementById('picture').classList.contains('covered')"):
            fail("the picture stays hidden once the canvas is")

        # Playback: from the poster (frame 15) to the end, then from the start, every frame.
        driver.find_element(By.ID, "loop").click()   # play once
        if page.js("return document.getElementById('loop').checked"):
            fail("the loop box is still checked")
        for start, what in [(15, "from the poster"), (0, "from the start, having ended")]:
            driver.find_element(By.ID, "play").click()
            wait_until(lambda: page.js("return window.scenecPreview.state.playing"), "playback to start")
            wait_until(lambda: not page.js("return window.scenecPreview.state.playing"), "playback to end", timeout=30)
            shown = page.js("return window.scenecPreview.stats.playback.frames")
            if shown != list(range(start, 31)):
                fail(f"playback {what} showed frames {shown}, not {start} to 30 in order")
            ok(f"playback {what}: frames {start} to 30 shown, every one, in order")
        frames = [u for u in fetched(page, "/api/render.png") if "scale=" in u and "time=" in u]
        times = {round(float(u.split("time=")[1].split("&")[0]) * 30) for u in frames}
        if not set(range(31)) <= times:
            fail(f"frames never fetched as PNG: {sorted(set(range(31)) - times)}")
        ok("every frame was fetched as a PNG at the shown scale")
        page.settle("the picture after playback")
        if page.js("return window.scenecPreview.state.time") != 1:
            fail(f"playback ended at {page.js('return window.scenecPreview.state.time')} s, not 1 s")
        if page.js("return document.getElementById('playback').hidden") is not True:
            fail("the playback canvas still covers the picture once at rest")
        expect_color(page.ring_color("spin", 180), [255, 0, 0], "spin at 9 o'clock after playback (1 s): filled")

        # The file breaking while it plays (looping): playback stops and the page says why,
        # instead of asking again for frames the server refuses at every tick.
        driver.find_element(By.ID, "loop").click()
        driver.find_element(By.ID, "play").click()
        wait_until(lambda: page.js("return window.scenecPreview.state.playing"), "looping playback to start")
        before = len(fetched(page, "/api/render.png"))
        with open(scene, "w") as f:
            f.write(SCENE.replace("views:", "views: [", 1))
        wait_until(lambda: not page.js("return window.scenecPreview.state.playing"), "playback to stop on the broken file")
        wait_until(lambda: not page.js("return document.getElementById('errors').hidden"), "the errors shown")
        time.sleep(1)
        asked = len(fetched(page, "/api/render.png")) - before
        if asked > 60:
            fail(f"the page asked for {asked} PNGs around a broken file: it should stop asking")
        ok(f"the file broken during playback: playback stopped, the errors shown ({asked} PNGs asked for meanwhile)")
        print("all speed checks passed")
    finally:
        driver.quit()
        preview.stop()


if __name__ == "__main__":
    main()
