"""Hover latency of `scenec lsp` while a line is broken (issue 30), over real pipes.

A 1,000-view scene is opened whole (and checked), then a half-typed key is put into the first
view and hover is asked on the last view's `type: ring`, right behind the change: the time from
sending the change to the hover's answer is a fresh version read, mended and answered. The
broken line alternates between two spellings, so every round is a new version. Prints medians
and maxima (target ≤ 100 ms); asserts nothing.
    python3 bench/lsp_broken_hover.py SCENEC WORKDIR [ROUNDS]
"""
import json
import os
import statistics
import subprocess
import sys
import time

scenec, work = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 20

lines = ["canvas: {width: 1000, height: 1000}", "views:"]
for i in range(1000):
    lines += [f"  - id: r{i}", "    type: ring",
              f"    frame: {{x: {i % 40 * 25}, y: {i // 40 * 25}, width: 24, height: 24}}",
              "    progress: 0.5", "    lineWidth: 3"]
whole = "\n".join(lines) + "\n"
path = os.path.join(work, "thousand.scene.yaml")
with open(path, "w") as f:
    f.write(whole)
uri = "file://" + path
broken_row = 6                 # under the first view's progress (0-based)
hover_row = len(lines) - 4     # the last view's `type: ring`, one row lower once broken

server = subprocess.Popen([scenec, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=work)
next_id = 0


def send(message):
    body = json.dumps(dict(message, jsonrpc="2.0")).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive():
    length = None
    while True:
        header = server.stdout.readline().strip()
        if not header:
            if length is not None:
                break
            continue
        if header.lower().startswith(b"content-length:"):
            length = int(header.split(b":")[1])
    return json.loads(server.stdout.read(length))


def request(method, params):
    global next_id
    next_id += 1
    send({"id": next_id, "method": method, "params": params})
    return next_id


def answer(id):
    while True:
        m = receive()
        if m.get("id") == id and "method" not in m:
            return m


def diagnostics(version):
    while True:
        m = receive()
        p = m.get("params", {})
        if m.get("method") == "textDocument/publishDiagnostics" and p.get("uri") == uri and p.get("version") == version:
            return p["diagnostics"]


def hover(row, column=12):
    return request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": row, "character": column}})


answer(request("initialize", {"processId": None, "rootUri": "file://" + work, "capabilities": {}}))
send({"method": "initialized", "params": {}})
send({"method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": whole}}})
print(f"load average before: {open('/proc/loadavg').read().split()[0]}; 1,000 views, {len(whole)} bytes; {rounds} rounds")
print(f"whole scene checked, {len(diagnostics(1))} diagnostics")

# Whole: hover on a version already analysed (the check's), for comparison.
times = []
for _ in range(rounds):
    start = time.perf_counter()
    answer(hover(hover_row - 1))
    times.append((time.perf_counter() - start) * 1000)
print(f"hover, whole scene, analysed version:            median {statistics.median(times):7.1f} ms, max {max(times):7.1f} ms")

fresh, warm, shown = [], [], None
for r in range(rounds):
    version = r + 2
    if r == 0:  # insert the broken line; later rounds retype it
        change = {"range": {"start": {"line": broken_row, "character": 0}, "end": {"line": broken_row, "character": 0}},
                  "text": "    progr\n"}
    else:
        change = {"range": {"start": {"line": broken_row, "character": 0}, "end": {"line": broken_row, "character": 10}},
                  "text": "    progr" + ("e" if r % 2 else "")}
    start = time.perf_counter()
    send({"method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
    reply = answer(hover(hover_row))
    fresh.append((time.perf_counter() - start) * 1000)
    start = time.perf_counter()
    answer(hover(hover_row))
    warm.append((time.perf_counter() - start) * 1000)
    shown = ((reply.get("result") or {}).get("contents") or {}).get("value")
print(f"hover, a line broken above, change → answer:    median {statistics.median(fresh):7.1f} ms, max {max(fresh):7.1f} ms (target ≤ 100 ms)")
print(f"hover, a line broken above, same version again: median {statistics.median(warm):7.1f} ms, max {max(warm):7.1f} ms")
print("the hover said: " + (shown or "nothing").replace("\n", " ")[:200])
answer(request("shutdown", None))
send({"method": "exit"})
server.wait(timeout=10)
