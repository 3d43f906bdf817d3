"""bench/preview.sh's measurements (see there)."""
import http.client
import random
import subprocess
import sys
import threading
import time

sys.path.insert(0, "Tests/Browser")


def start(binary, scene):
    process = subprocess.Popen([binary, "preview", scene], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = process.stdout.readline().strip()
    port = int(url.split(":")[2].split("/")[0])
    return process, url, port, url.split("token=")[1]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))


def throughput(binary, scene, clients=4, total=10_000):
    process, _, port, token = start(binary, scene)
    counter = {"done": 0, "bad": 0}
    lock = threading.Lock()
    memory = {}

    def client(seed):
        rng = random.Random(seed)
        connection = http.client.HTTPConnection("127.0.0.1", port)
        while True:
            with lock:
                if counter["done"] >= total:
                    return
                counter["done"] += 1
                n = counter["done"]
            sets = [f"download.progress={rng.random():.4f}",
                    f"upload.progressColor=%23{rng.randrange(1 << 24):06x}",
                    f"battery.progress={rng.random():.3f}"]
            query = "&".join("set=" + s for s in rng.sample(sets, rng.randint(1, 3)))
            connection.request("GET", f"/api/render.svg?token={token}&{query}")
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                with lock:
                    counter["bad"] += 1
            if n % 2_000 == 0 or n == 1_000:
                memory[n] = rss_kib(process.pid)

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.monotonic() - started
    process.terminate()
    process.wait()
    print(f"render.svg, random overrides, {clients} clients: {total} responses in {seconds:.2f} s = "
          f"{total / seconds:.0f} responses/s ({counter['bad']} not 200)")
    print("server memory (MiB) after N requests: "
          + ", ".join(f"{n:,}: {kib / 1024:.1f}" for n, kib in sorted(memory.items())))


def page_latency(binary, scene, changes=100):
    from preview_test import start_browser  # selenium, as the browser test uses it
    from selenium.webdriver.common.by import By
    process, url, _, _ = start(binary, scene)
    driver = start_browser()
    try:
        driver.get(url)
        wait = lambda: driver.execute_script("return window.scenecPreview.stats.ready && window.scenecPreview.stats.settled()")
        while not wait():
            time.sleep(0.01)
        driver.find_element(By.CSS_SELECTOR, '#tree button[data-id="download"]').click()
        slider = driver.find_element(By.CSS_SELECTOR, '#inspector .row[data-name="progress"] input[type="range"]')
        driver.execute_script("window.scenecPreview.stats.latencies.length = 0")
        for i in range(changes):
            # One change at a time, as a designer drags: set the slider, wait for its picture.
            driver.execute_script("arguments[0].value = arguments[1];"
                                  "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
                                  slider, (i % 100) / 100 + 0.005)
            while not wait():
                time.sleep(0.002)
        latencies = sorted(driver.execute_script("return window.scenecPreview.stats.latencies"))
    finally:
        driver.quit()
        process.terminate()
        process.wait()
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]
    print(f"control change → picture on screen, {len(latencies)} changes in headless Chromium: "
          f"p50 {p(0.5):.1f} ms, p95 {p(0.95):.1f} ms, max {latencies[-1]:.1f} ms")


if __name__ == "__main__":
    throughput(sys.argv[1], sys.argv[2])
    page_latency(sys.argv[1], sys.argv[2])
