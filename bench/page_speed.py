"""bench/page-speed.sh's measurements (see there)."""
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, "Tests/Browser")


# The showcase made animated: `download` fills over 2.5 s at 30 fps (76 frames, 0 to 75).
TIMELINE = """
timeline:
  fps: 30
  animations:
    - {target: download.progress, from: 0, to: 1, duration: 2.5s, easing: linear}
"""


def load_average():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


class Load:
    """`count` busy loops (the `stress` of this bench), each its own process, ended by its pid."""

    def __init__(self, count):
        self.processes = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]

    def stop(self):
        for p in self.processes:
            p.terminate()
            p.wait()


def open_page(binary, scene):
    from browser import start_browser
    # The animated copy lives in a temporary folder, outside the project: allowed to be read.
    process = subprocess.Popen([binary, "preview", scene, "--allow-read", tempfile.gettempdir()],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = process.stdout.readline().strip()
    driver = start_browser()
    driver.get(url)
    settled = lambda: driver.execute_script("return !!window.scenecPreview && window.scenecPreview.stats.ready"
                                            " && window.scenecPreview.stats.settled()")
    while not settled():
        time.sleep(0.01)
    return process, driver, settled


def close_page(process, driver):
    driver.quit()
    process.terminate()
    process.wait()


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def drag_latency(binary, scene, quick="png", drags=20, steps=15, overlap=True, patches=True):
    """`drags` slider drags of `steps` changes each, one change every 16 ms (a 60 Hz pointer),
    as a designer drags the progress control; each picture's time from the oldest change it
    shows to its being on screen, measured in the page, and where each went (stats.breakdown).
    `quick`: what the page shows while the changes come, PNG (its default) or SVG throughout;
    `overlap`: whether the next picture is asked for while the last is decoded (the default);
    `patches`: whether a quick PNG comes as the rectangles that changed (the default) or whole."""
    from selenium.webdriver.common.by import By
    process, driver, settled = open_page(binary, scene)
    try:
        driver.execute_script("window.scenecPreview.pictureMode.quickFormat = arguments[0]", quick)
        driver.execute_script("window.scenecPreview.pictureMode.overlap = arguments[0]", overlap)
        driver.execute_script("window.scenecPreview.pictureMode.patches = arguments[0]", patches)
        driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="download"]').click()
        while not settled():
            time.sleep(0.01)
        slider = driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progress"] input[type="range"]')
        driver.execute_script("window.scenecPreview.stats.latencies.length = 0")
        for d in range(drags):
            # The whole drag runs in the page, so the 16 ms steps are not selenium's round trips.
            driver.execute_async_script("""const [slider, base, steps, done] = arguments;
                let i = 0;
                const step = () => {
                  slider.value = (base + i / 100) % 1;
                  slider.dispatchEvent(new Event('input', {bubbles: true}));
                  i += 1;
                  if (i < steps) setTimeout(step, 16); else done();
                };
                step();""", slider, (d * 0.037) % 1, steps)
            # Polled slowly: each poll runs a script on the page's main thread, which the
            # pictures still coming in share.
            while not settled():
                time.sleep(0.05)
        latencies = driver.execute_script("return window.scenecPreview.stats.latencies")
        breakdown = driver.execute_script("return window.scenecPreview.stats.breakdown")
    finally:
        close_page(process, driver)
    return latencies, breakdown


def where_the_time_goes(breakdown):
    """Medians of each step of a drag's pictures (preview.js, stats.breakdown): the wait for the
    picture before in flight, the request until its headers and within it the server's compile
    and draw (Server-Timing), the body, the decode, the next animation frame."""
    median = lambda values: percentile(values, 0.5) if values else 0
    steps = [("queued", lambda b: b["queued"]), ("response", lambda b: b["response"]),
             ("server compile", lambda b: b["server"].get("compile", 0)),
             ("server draw", lambda b: b["server"].get("draw", 0)),
             ("body", lambda b: b["body"]), ("decode", lambda b: b["decode"]), ("frame", lambda b: b["frame"])]
    return ", ".join(f"{name} {median([step(b) for b in breakdown]):.1f}" for name, step in steps)


def playback_rate(binary, scene):
    """Plays the 76 frames once; frames shown and shown per second, from the page's own count."""
    from selenium.webdriver.common.by import By
    process, driver, settled = open_page(binary, scene)
    try:
        driver.find_element(By.ID, "loop").click()
        driver.find_element(By.ID, "play").click()
        while not driver.execute_script("return window.scenecPreview.state.playing"):
            time.sleep(0.005)
        while driver.execute_script("return window.scenecPreview.state.playing"):
            time.sleep(0.02)
        p = driver.execute_script("return window.scenecPreview.stats.playback")
        frames = driver.execute_script("return window.scenecPreview.state.doc.timeline.frames")
    finally:
        close_page(process, driver)
    seconds = (p["last"] - p["first"]) / 1000
    return p["shown"], frames, (p["shown"] - 1) / seconds if seconds > 0 else 0, p["waits"]


# What the page shows during a drag: its default, the PNG of the whole picture each time, and
# the SVG throughout.
MODES = [("PNG patches while dragging", "png", True), ("whole PNGs while dragging", "png", False),
         ("SVG throughout", "svg", True)]


def run(binary, showcase):
    work = tempfile.mkdtemp(prefix="scenec-page-speed-")
    animated = os.path.join(work, "showcase-animated.scene.yaml")
    with open(showcase) as f, open(animated, "w") as out:
        out.write(f.read() + TIMELINE)
    for label, busy in [("quiet", 0), ("load", 3)]:
        load = Load(busy)
        try:
            time.sleep(3 if busy else 0)
            before = load_average()
            measured = {mode: drag_latency(binary, showcase, quick, patches=patches)
                        for mode, quick, patches in MODES}
            shown, frames, rate, waits = playback_rate(binary, animated)
            after = load_average()
        finally:
            load.stop()
        print(f"{label} (load average {before:.1f} before, {after:.1f} after; {busy} busy loops started):")
        for mode, (values, breakdown) in measured.items():
            print(f"  control drag → picture on screen, {mode}: "
                  f"{len(values)} pictures of 20 drags × 15 changes at 60 Hz: "
                  f"p50 {percentile(values, 0.5):.1f} ms, p95 {percentile(values, 0.95):.1f} ms, max {max(values):.1f} ms")
            print(f"    medians (ms): {where_the_time_goes(breakdown)}")
        print(f"  playback of a 30 fps showcase: {shown} of {frames} frames shown, {rate:.1f} frames/s ({waits} waits for a frame)")


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2])
