#!/usr/bin/env python3
"""Benchmark (not a test; `make bench` runs it after building both programs): frame sequences of a
512×512 transparent progress ring, scenec against bench/floor.c (Cairo drawing, each frame written
with cairo_surface_write_to_png). Prints one table: frames/s, the ratio to the C floor, bytes per
frame, peak memory. Asserts nothing.

Every configuration runs ROUNDS (5) times, interleaved, and the fastest run counts: the machine is
shared, and other work only ever makes a run slower. Compare ratios, not absolute times.

    python3 bench/frames.py SCENEC FLOOR     (ROUNDS=5 and FRAMES=300 in the environment)
    python3 bench/frames.py --scene N PATH   only writes the scene of N frames (for make bench-encoders)
"""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

SCENE = """canvas: {{width: 512, height: 512}}
views:
  - {{id: r, type: ring, frame: {{x: 16, y: 16, width: 480, height: 480}}, lineWidth: 24, lineCap: round}}
timeline:
  fps: 30
  loop: true
  duration: {seconds}s
  animations:
    - {{target: r.progress, from: 0, to: 1, duration: {seconds}s, easing: linear}}
"""


def measure(command, out_dir):
    """Runs `command` in a fresh Python child, so its peak memory is the command's alone."""
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    probe = ("import resource, subprocess, sys, time\n"
             "t = time.monotonic(); subprocess.run(sys.argv[1:], check=True); t = time.monotonic() - t\n"
             "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
             "print(t, u.ru_maxrss, u.ru_utime + u.ru_stime)\n")
    out = subprocess.run([sys.executable, "-c", probe] + command, check=True, capture_output=True, text=True)
    wall, peak_kb, cpu = out.stdout.split()
    files = [os.path.join(out_dir, n) for n in os.listdir(out_dir)]
    return {"seconds": float(wall), "cpu": float(cpu), "peak_mb": int(peak_kb) / 1024, "frames": len(files),
            "bytes": sum(os.path.getsize(f) for f in files)}


def best(runs):
    return min(runs, key=lambda r: r["seconds"])


def main():
    if sys.argv[1] == "--scene":
        with open(sys.argv[3], "w") as f:
            f.write(SCENE.format(seconds=int(sys.argv[2]) / 30))
        return
    scenec, floor = sys.argv[1], sys.argv[2]
    load_before = os.getloadavg()[0]  # other work on the machine: the cores --jobs 2 cannot have
    rounds = int(os.environ.get("ROUNDS", "5"))
    frames = int(os.environ.get("FRAMES", "300"))
    work = tempfile.mkdtemp(prefix="scenec-bench-")
    try:
        scenes = {}
        for n in (frames, frames * 10):
            scenes[n] = os.path.join(work, f"ring-{n}.scene.yaml")
            with open(scenes[n], "w") as f:
                f.write(SCENE.format(seconds=n / 30))
        out = os.path.join(work, "out")
        pattern = os.path.join(out, "%05d.png")

        def scenec_run(jobs, compression, n=frames):
            # The scratch folder is the project: scenes outside the project root are not read.
            return [scenec, "frames", scenes[n], "-o", pattern, "--jobs", str(jobs), "--png-compression", compression,
                    "--quiet", "--root", work]

        configs = [("C floor: cairo_surface_write_to_png", [floor, str(frames), out])]
        for compression in ("fast", "default", "small"):
            configs.append((f"scenec --jobs 1 --png-compression {compression}", scenec_run(1, compression)))
        configs.append(("scenec --jobs 2 --png-compression default", scenec_run(2, "default")))
        results = {name: [] for name, _ in configs}
        for _ in range(rounds):
            for name, command in configs:
                results[name].append(measure(command, out))
        # Memory in frame count: the same command for 10× the frames, once each.
        memory = {n: measure(scenec_run(2, "default", n), out) for n in (frames, frames * 10)}

        floor_rate = None
        print(f"{frames} frames of a 512×512 transparent ring, best of {rounds} interleaved rounds, "
              f"{os.cpu_count()} cores, load average {load_before:.1f} before")
        print(f"{'':44} {'frames/s':>9} {'× floor':>8} {'bytes/frame':>12} {'peak MB':>8} {'CPU s':>6}")
        for name, _ in configs:
            r = best(results[name])
            rate = r["frames"] / r["seconds"]
            floor_rate = floor_rate or rate
            print(f"{name:44} {rate:9.1f} {rate / floor_rate:8.2f} {r['bytes'] / r['frames']:12.0f} "
                  f"{r['peak_mb']:8.1f} {r['cpu']:6.2f}")
        one = best(results["scenec --jobs 1 --png-compression default"])
        two = best(results["scenec --jobs 2 --png-compression default"])
        # CPU seconds show whether --jobs 2 does more work in all; wall time needs idle cores.
        print(f"--jobs 2 against --jobs 1 (default): {one['seconds'] / two['seconds']:.2f}× the frames/s, "
              f"{two['cpu'] / one['cpu']:.2f}× the CPU time")
        small, large = memory[frames], memory[frames * 10]
        print(f"peak memory, --jobs 2: {small['frames']} frames {small['peak_mb']:.1f} MB, "
              f"{large['frames']} frames {large['peak_mb']:.1f} MB "
              f"({(large['peak_mb'] / small['peak_mb'] - 1) * 100:+.1f}%)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
