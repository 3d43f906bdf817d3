"""bench/drag.sh's measurement (see there)."""
import sys
import time

sys.path.insert(0, "Tests/Browser")

from preview import start  # noqa: E402  bench/preview.py's server start


def drag_latency(binary, scene, drags=100):
    from browser import start_browser
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    process, url, _, _ = start(binary, scene)
    driver = start_browser()
    settled = lambda: driver.execute_script("return window.scenecPreview.stats.ready && window.scenecPreview.stats.settled()")
    try:
        driver.get(url)
        while not settled():
            time.sleep(0.01)
        driver.find_element(By.CSS_SELECTOR, '[data-zoom="1"]').click()
        driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="header"]').click()
        board = driver.find_element(By.ID, "board")
        frame = driver.execute_script("return window.scenecPreview.canvas.page.findView(window.scenecPreview.state.selected).frame")
        width, height = board.size["width"], board.size["height"]
        # A point of the card between its rings (inside the selected card, so the card moves).
        x = round(frame["x"] + 8 - width / 2)
        y = round(frame["y"] + frame["height"] / 2 - height / 2)
        driver.execute_script("window.scenecPreview.stats.latencies.length = 0")
        started = time.monotonic()
        for i in range(drags):
            step = 6 if i % 2 == 0 else -6
            # Press, three moves (each a change of frame.x), let go; then wait for the last picture.
            ActionChains(driver).move_to_element_with_offset(board, x + (0 if step > 0 else 18), y).click_and_hold() \
                .move_by_offset(step, 0).move_by_offset(step, 0).move_by_offset(step, 0).release().perform()
            while not settled():
                time.sleep(0.002)
        seconds = time.monotonic() - started
        latencies = sorted(driver.execute_script("return window.scenecPreview.stats.latencies"))
        moved = driver.execute_script("return window.scenecPreview.state.overrides.get('header.frame.x')")
    finally:
        driver.quit()
        process.terminate()
        process.wait()
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]
    print(f"drag → picture on screen, {drags} drags of the header card ({len(latencies)} pictures, "
          f"{seconds:.1f} s, header.frame.x at the end {moved}) in headless Chromium: "
          f"p50 {p(0.5):.1f} ms, p95 {p(0.95):.1f} ms, max {latencies[-1]:.1f} ms")


if __name__ == "__main__":
    drag_latency(sys.argv[1], sys.argv[2])
