"""lightsart studio: start-up, time from a settings change to the new board, memory after exports.

Starts the studio (``lightsart._studio.serve``) in this process on a free port and speaks plain
HTTP to it, as the page does, and measures in one run:

* **start-up**: from calling ``serve`` to the first page answered, and ``lightsart studio``'s
  own process (``--no-browser``) to its printed address;
* **settings change -> new board** at 64, 100, 200 and 400 cells a side, for one picture (a
  still) and two (an animation, 1 s per transition): the wall time of ``POST /api/board`` after
  a change of dithering, median of the runs, and as a ratio to the job itself called directly
  (``lightsart.make_still`` / ``make_animation`` with ``output=None``, same settings, measured in
  the same run): the ratio is what the studio adds (HTTP, JSON, frames as changes);
* **memory**: the server's resident set before and after 50 PNG exports (each export runs in a
  child process; the server keeps ids and files, not boards).

    python benchmarks/bench_studio.py [--picture PATH] [--second PATH] [--runs 3] [--exports 50]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DITHERS = ("floyd-steinberg", "atkinson", "bayer-4", "blue-noise")


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def call(address: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(address.rstrip("/") + path, data=data,
                                     headers={"X-Studio": "1"} if data else {})
    with urllib.request.urlopen(request, timeout=600) as reply:
        return json.loads(reply.read()) if path.startswith("/api") else reply.read()


def start() -> tuple[str, Any, float]:
    from lightsart._studio import serve

    found: dict[str, Any] = {}
    ready = threading.Event()
    began = time.perf_counter()
    threading.Thread(target=serve, kwargs={"port": 0, "ready": lambda a, s: (
        found.update(address=a, stop=s), ready.set())}, daemon=True).start()
    ready.wait(60)
    call(found["address"], "/")
    return found["address"], found["stop"], time.perf_counter() - began


def process_start() -> float:
    began = time.perf_counter()
    with subprocess.Popen([sys.executable, "-m", "lightsart", "studio", "--no-browser"],
                          stdout=subprocess.PIPE, text=True) as proc:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        took = time.perf_counter() - began
        proc.terminate()
        proc.wait(30)
    assert re.search(r"http://127\.0\.0\.1:\d+/", line), line
    return took


def direct(paths: list[str], side: int, dither: str) -> float:
    import lightsart

    pictures = lightsart.Pictures(size=side, dither=dither)
    began = time.perf_counter()
    if len(paths) == 1:
        lightsart.make_still(paths[0], pictures=pictures)
    else:
        lightsart.make_animation(paths, pictures=pictures, timing=lightsart.Timing(duration=1))
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--picture", default=str(ROOT / "samples" / "astronaut.png"))
    parser.add_argument("--second", default=str(ROOT / "samples" / "cat.png"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--exports", type=int, default=50)
    args = parser.parse_args()

    address, stop, started = start()
    print(f"start-up (serve -> first page): {started:.2f} s; "
          f"`lightsart studio` process -> address: {process_start():.2f} s")
    ids = {}
    for path in (args.picture, args.second):
        with open(path, "rb") as f:
            request = urllib.request.Request(address + "api/pictures", data=f.read(),
                                             headers={"X-Studio": "1", "X-Name": Path(path).name})
        with urllib.request.urlopen(request) as reply:
            ids[path] = json.loads(reply.read())["id"]
    print("\nsettings change -> new board (median of runs; ratio = studio / the job called directly)")
    print(f"{'cells':>6} {'pictures':>8} {'studio s':>9} {'direct s':>9} {'ratio':>6}")
    generation = 0
    for side in (64, 100, 200, 400):
        for paths in ([args.picture], [args.picture, args.second]):
            studio, alone = [], []
            for run in range(args.runs):
                dither = DITHERS[run % len(DITHERS)]
                generation += 1
                settings = {"size": str(side), "dither": dither}
                if len(paths) > 1:
                    settings["duration"] = 1.0
                began = time.perf_counter()
                answer = call(address, "/api/board", {"session": "bench", "generation": generation,
                                                      "pictures": [ids[p] for p in paths],
                                                      "settings": settings})
                studio.append(time.perf_counter() - began)
                assert "boards" in answer, answer
                alone.append(direct(paths, side, dither))
            s, d = statistics.median(studio), statistics.median(alone)
            print(f"{side:>6} {len(paths):>8} {s:>9.3f} {d:>9.3f} {s / d:>6.2f}")
    before = rss_mb()
    for k in range(args.exports):
        job = call(address, "/api/exports", {"pictures": [ids[args.picture]],
                                             "settings": {"size": "100", "dither": DITHERS[k % 4]},
                                             "format": "png"})
        while job["state"] == "running":
            time.sleep(0.05)
            job = call(address, f"/api/exports/{job['id']}")
        assert job["state"] == "done", job
    print(f"\nserver memory: {before:.0f} MB before, {rss_mb():.0f} MB after {args.exports} "
          f"PNG exports (x{rss_mb() / before:.2f})")
    stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
