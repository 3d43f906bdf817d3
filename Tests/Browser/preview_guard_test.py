#!/usr/bin/python3
"""The preview's token and its write-back, attacked as issue 21 found them.

Usage: preview_guard_test.py SCENEC_BINARY REPOSITORY_ROOT

In Debian's headless Chromium: the page opened from the URL `scenec preview` prints, then
reloaded, leaves no token in the cookie jar for 127.0.0.1 (selenium's and DevTools' view) and
still works (a control change updates the picture); a page on another port of 127.0.0.1, visited
afterwards, receives no token in any header; the API refuses a request without the token (403)
while the page's files are served; "Write to file" on a scene its owner may not write is refused
(403, the page says why) and the file stays byte-identical. Without a browser: a script swaps the
scene's name 1,000 times between the real scene and a symbolic link to a victim file while
`/api/write` requests run; the victim is never written. Prints one line per check; exits 1 at the
first failure.
"""
import ctypes
import hashlib
import http.client
import http.server
import json
import os
import shutil
import sys
import tempfile
import threading

from browser import fail, ok, start_browser, wait_until
from preview_test import Page, Preview, expect_color, press_write, set_progress
from selenium.webdriver.common.by import By


def jar(driver):
    """Every cookie the browser holds, by selenium's view and by DevTools' (all origins)."""
    cookies = list(driver.get_cookies())
    try:
        cookies += driver.execute_cdp_cmd("Network.getAllCookies", {}).get("cookies", [])
    except Exception:  # a browser without the old command has its successor
        cookies += driver.execute_cdp_cmd("Storage.getCookies", {}).get("cookies", [])
    return cookies


def expect_no_token_in_jar(driver, token, when):
    leaked = [c for c in jar(driver) if token in c.get("value", "") or token in c.get("name", "")
              or c.get("name", "").startswith("scenec-preview")]
    if leaked:
        fail(f"{when}: the cookie jar holds the token: {leaked}")
    ok(f"{when}: no token in the cookie jar ({len(jar(driver))} cookies in all)")


class HeaderLog(http.server.BaseHTTPRequestHandler):
    """Another local server: records every request's line and headers."""
    seen = []

    def do_GET(self):
        HeaderLog.seen.append((self.requestline, dict(self.headers.items())))
        body = b"<!doctype html><title>another server</title><p>hello"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def browser_checks(driver, binary, root, work):
    scene = os.path.join(work, "guard.scene.yaml")
    shutil.copy(os.path.join(root, "scenes", "showcase.scene.yaml"), scene)
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), HeaderLog)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    preview = Preview(binary, scene, work)
    if "/#token=" not in preview.url:
        fail(f"the URL should carry the token in its fragment: {preview.url}")
    token = preview.url.split("#token=", 1)[1]
    page = Page(driver)
    try:
        driver.get(preview.url)
        page.settle("the page to load")
        if token in driver.current_url:
            fail(f"the token stays in the address bar: {driver.current_url}")
        expect_no_token_in_jar(driver, token, "after opening the page")
        driver.refresh()
        page.settle("the reloaded page")
        expect_no_token_in_jar(driver, token, "after a reload")
        set_progress(driver, page, "download", "0.25")
        expect_color(page.ring_color("download", -20), (255, 45, 85), "after the reload a control change draws")
        expect_no_token_in_jar(driver, token, "after using the page")

        # Without the token the API is refused, the page's own files are not.
        statuses = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            Promise.all(['/api/scene', '/api/render.svg', '/', '/preview.js', '/token.js', '/preview.css']
              .map((p) => fetch(p, { credentials: 'include' }).then((r) => [p, r.status])))
              .then(done, (e) => done(String(e)));""")
        want = {"/api/scene": 403, "/api/render.svg": 403, "/": 200, "/preview.js": 200, "/token.js": 200,
                "/preview.css": 200}
        if dict(statuses) != want:
            fail(f"without the token the API should be 403 and the files 200: {statuses}")
        ok(f"without the token: {statuses}")

        # Another server on 127.0.0.1, visited after the preview, receives no token.
        driver.get(f"http://127.0.0.1:{other.server_address[1]}/after-the-preview")
        wait_until(lambda: HeaderLog.seen, "the other server's request")
        for line, headers in HeaderLog.seen:
            if token in line or any(token in v for v in headers.values()):
                fail(f"the other server received the token: {line} {headers}")
            if any("scenec-preview" in v for k, v in headers.items() if k.lower() == "cookie"):
                fail(f"the other server received the preview's cookie: {headers}")
        ok(f"the server on port {other.server_address[1]} received no token "
           f"(Cookie: {HeaderLog.seen[-1][1].get('Cookie', 'none')})")

        # "Write to file" on a scene its owner may not write: refused, the page says why.
        driver.get(preview.url)
        page.settle("the page again")
        set_progress(driver, page, "download", "0.5")
        with open(scene, "rb") as f:
            before = f.read()
        os.chmod(scene, 0o444)
        try:
            status = press_write(driver, page)
            text = driver.find_element(By.ID, "status").text
            if status != 403 or "read-only" not in text:
                fail(f"a read-only scene should be refused with 403 and a reason, got {status} {text!r}")
            with open(scene, "rb") as f:
                if f.read() != before:
                    fail("the read-only scene changed")
            if os.stat(scene).st_mode & 0o777 != 0o444:
                fail("the read-only scene's mode changed")
            ok(f"read-only scene: {status}, the page says {text!r}, the file is byte-identical")
        finally:
            os.chmod(scene, 0o644)
    finally:
        preview.stop()
        other.shutdown()


RENAME_EXCHANGE = 2
AT_FDCWD = -100


def exchange(libc, a, b):
    """Swaps two names atomically (renameat2 RENAME_EXCHANGE), so the scene's name always exists."""
    if libc.renameat2(AT_FDCWD, a.encode(), AT_FDCWD, b.encode(), RENAME_EXCHANGE) != 0:
        fail(f"renameat2: {os.strerror(ctypes.get_errno())}")


def regular_bytes(*paths):
    """The bytes of the first of `paths` that is a regular file now (never through a link)."""
    for path in paths:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            continue
        with os.fdopen(fd, "rb") as f:
            return f.read()
    return b""


def race_checks(binary, root, work):
    folder = os.path.join(work, "race")
    os.mkdir(folder)
    scene = os.path.join(folder, "race.scene.yaml")
    other_name = os.path.join(folder, "other.scene.yaml")
    shutil.copy(os.path.join(root, "scenes", "showcase.scene.yaml"), scene)
    victim = os.path.join(work, "victim.txt")
    with open(victim, "w") as f:
        f.write("the victim's own text\n")
    victim_before = (hashlib.sha256(open(victim, "rb").read()).hexdigest(), os.stat(victim).st_ino)
    os.symlink(victim, other_name)
    libc = ctypes.CDLL(None, use_errno=True)
    preview = Preview(binary, scene, work)
    port = int(preview.url.split(":")[2].split("/")[0])
    token = preview.url.split("#token=", 1)[1]
    statuses = {}
    done = threading.Event()

    def write(i):
        current = regular_bytes(scene, other_name)
        body = json.dumps({"hash": hashlib.sha256(current).hexdigest(), "set": [f"download.progress={i % 97 / 100}"]})
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("POST", "/api/write", body, {"X-Scenec-Token": token, "Content-Type": "application/json"})
        reply = connection.getresponse()
        reply.read()
        connection.close()
        return reply.status

    def writer():
        i = 0
        while not done.is_set():
            status = write(i)
            statuses[status] = statuses.get(status, 0) + 1
            i += 1

    threads = [threading.Thread(target=writer) for _ in range(2)]
    try:
        for t in threads:
            t.start()
        for n in range(1000):
            exchange(libc, scene, other_name)
            # A write that won the last window replaced the link with the scene: put one back.
            if not os.path.islink(scene) and not os.path.islink(other_name):
                os.symlink(victim, other_name + ".link")
                os.replace(other_name + ".link", other_name)
            if n % 10 == 0:
                done.wait(0.002)  # let writes land between swaps
        done.set()
        for t in threads:
            t.join(timeout=60)
        # The scene back under its name, then one write that must succeed.
        if os.path.islink(scene):
            exchange(libc, scene, other_name)
        final = write(0)
    finally:
        done.set()
        preview.stop()
    victim_after = (hashlib.sha256(open(victim, "rb").read()).hexdigest(), os.stat(victim).st_ino)
    if victim_after != victim_before or os.path.islink(victim):
        fail(f"the victim was written: {victim_before} → {victim_after}")
    unexpected = {s: c for s, c in statuses.items() if s not in (200, 409)}
    if unexpected:
        fail(f"writes during the swaps should answer 200 or 409 only: {statuses}")
    if final != 200:
        fail(f"a write after the swaps should succeed, not {final}")
    ok(f"1000 swaps of the scene's name with a link to a victim during {sum(statuses.values())} writes "
       f"({statuses}): the victim is untouched")


def main():
    if len(sys.argv) != 3:
        fail("usage: preview_guard_test.py SCENEC_BINARY REPOSITORY_ROOT")
    binary, root = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="scenec-guard-")
    try:
        race_checks(binary, root, work)
        driver = start_browser()
        try:
            browser_checks(driver, binary, root, work)
        finally:
            driver.quit()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("all guard checks passed", flush=True)


if __name__ == "__main__":
    main()
