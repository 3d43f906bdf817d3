"""What the browser tests share: Debian's headless Chromium under selenium, and one line per
check on standard output (exit 1 at the first failure)."""
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def fail(message):
    print(f"FAIL: {message}", flush=True)
    sys.exit(1)


def ok(message):
    print(f"ok: {message}", flush=True)


def wait_until(condition, what, timeout=10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = condition()
            if value:
                return value
        except Exception:  # the page may be between states
            pass
        time.sleep(0.02)
    fail(f"timed out waiting for {what}")


def start_browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900",
                 "--force-device-scale-factor=1", "--disable-dev-shm-usage"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
