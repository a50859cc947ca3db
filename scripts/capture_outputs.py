"""Capture what a fixed set of commands prints and writes, to keep it identical while code moves.

The redesign of 0.3 (one algebra for every number of states, one registry type, one JSON
vocabulary) must not change what any command does. This script runs a fixed list of commands
(classic, torus, sigma, 3- and 4-state stills, animations to every format, solve, path, table,
census, sizes, preview, play, ``--engine ip``) in a scratch folder and records, for each one:

* the exit status;
* stdout: parsed JSON for ``--json`` runs, otherwise the text;
* stderr's text;
* every file written, as what lightsart decided rather than the bytes a third-party encoder
  chose (a record must hold on a fresh machine with the newest allowed Pillow, zlib, ffmpeg and
  PuLP): a PNG by its decoded pixels; a GIF by its decoded timeline (each picture a viewer sees,
  with how long, and the loop count); an MP4 by the frames lightsart sent to ffmpeg, after
  checking that the decoded file shows those frames within ``MP4_TOLERANCE``; a census database
  by its rows; an exported LP model by its parsed objective, constraints, bounds and variable
  kinds; any other file (HTML pages, JSON, text: lightsart writes every byte) by its bytes.

Every search gets the work its budget plans, whatever the machine's load: the command runs with
a clock 50 times slower than the wall, so no deadline fires. Wall-clock times (``"seconds"``
and ``"elapsed"`` JSON values, ``0.012 s`` at the end of a line of text) are replaced by a
placeholder.

Usage::

    python scripts/capture_outputs.py --write     # record tests/golden/captured_outputs.json
    python scripts/capture_outputs.py --check     # compare; exit 1 and list what differs

A run the clock cut short (a busy machine) is run again alone, twice at most; if it is still cut
short it cannot be compared (its answer depends on the machine) and ``--check`` says so.
``--check`` allows exactly one kind of change: new keys in a JSON object (a field added beside
the old ones). Everything else must match: text, exit codes, every byte of every file.
``--only NAME`` runs the cases whose names contain NAME; ``--keep DIR`` keeps the outputs.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "captured_outputs.json"

#: (name, arguments after ``lightsart``). Outputs are written into the scratch folder, where
#: ``samples`` links to the repository's samples, so every printed path is relative.
CASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # still: the classic game, other rules, k states, engines
    ("still-default", ("still", "samples/cat.png", "-o", "s.png", "--target-out", "t.png",
                       "--compare", "c.png")),
    ("still-default-json", ("still", "samples/cat.png", "-o", "s.png", "--json")),
    ("still-64-nullity", ("still", "samples/astronaut.png", "-o", "s.png", "--size", "64",
                          "--json")),
    ("still-64-uniform", ("still", "samples/astronaut.png", "-o", "s.png", "--size", "64",
                          "--errors", "uniform", "--tone", "none", "--dither", "atkinson")),
    ("still-torus-sigma", ("still", "samples/horse.png", "-o", "s.png", "--pattern", "sigma",
                           "--topology", "torus", "--size", "64", "--json")),
    ("still-x-cylinder", ("still", "samples/cat.png", "-o", "s.png", "--pattern", "x",
                          "--topology", "cylinder", "--size", "48", "--style", "lights",
                          "--json")),
    ("still-square-drawn", ("still", "samples/coffee.png", "-o", "s.png", "--pattern",
                            "110/010/000", "--size", "40x30", "--dither", "blue-noise")),
    ("still-3-states", ("still", "samples/astronaut.png", "-o", "s.png", "--states", "3",
                        "--size", "24", "--json")),
    ("still-3-states-12", ("still", "samples/cat.png", "-o", "s.png", "--states", "3",
                           "--size", "12", "--json")),
    ("still-4-states", ("still", "samples/cat.png", "-o", "s.png", "--states", "4", "--size",
                        "48", "--compare", "c.png", "--json")),
    ("still-4-states-uniform", ("still", "samples/photographer.png", "-o", "s.png", "--states",
                                "4", "--size", "32", "--errors", "uniform")),
    ("still-8-states-brightness", ("still", "samples/horse.png", "-o", "s.png", "--states", "8",
                                   "--size", "20", "--errors", "brightness", "--json")),
    ("still-ip", ("still", "samples/cat.png", "-o", "s.png", "--size", "6", "--engine", "ip",
                  "--export-model", "m.lp", "--json")),
    ("still-ip-3-states", ("still", "samples/cat.png", "-o", "s.png", "--size", "4", "--states",
                           "3", "--engine", "ip", "--json")),
    ("still-auto", ("still", "samples/cat.png", "-o", "s.png", "--size", "8", "--engine", "auto",
                    "--json")),
    # animate: formats, orders, chains, k states
    ("animate-gif", ("animate", "samples/astronaut.png", "samples/cat.png", "-o", "a.gif",
                     "--size", "48")),
    ("animate-gif-json", ("animate", "samples/astronaut.png", "samples/cat.png",
                          "samples/coffee.png", "-o", "a.gif", "--size", "40x32", "--order",
                          "radial,noise", "--json")),
    ("animate-chain-loop-mp4", ("animate", "samples/horse.png", "samples/photographer.png",
                                "samples/coffee.png", "-o", "a.mp4", "--loop", "--size", "32",
                                "--duration", "1", "--fps", "10", "--json")),
    ("animate-html-lights", ("animate", "samples/cat.png", "samples/coffee.png", "-o", "a.html",
                             "--style", "lights", "--size", "24")),
    ("animate-frames-random", ("animate", "samples/astronaut.png", "samples/cat.png", "--size",
                               "16", "--order", "random", "--seed", "7", "--frames", "fr",
                               "--duration", "0.5", "--fps", "8")),
    ("animate-morph-ease", ("animate", "samples/astronaut.png", "samples/cat.png", "-o", "a.gif",
                            "--size", "32", "--order", "morph", "--ease", "in-out", "--json")),
    ("animate-mask-dots", ("animate", "samples/cat.png", "samples/coffee.png", "-o", "a.gif",
                           "--order", "mask:samples/horse.png", "--style", "dots", "--size",
                           "32")),
    ("animate-torus-sigma", ("animate", "samples/horse.png", "samples/cat.png", "-o", "a.gif",
                             "--pattern", "sigma", "--topology", "torus", "--size", "32",
                             "--json")),
    ("animate-4-states", ("animate", "samples/astronaut.png", "samples/cat.png", "-o", "a.gif",
                          "--states", "4", "--size", "24", "--order", "morph", "--json")),
    ("animate-3-states-html", ("animate", "samples/astronaut.png", "samples/cat.png", "-o",
                               "a.html", "--states", "3", "--size", "16")),
    ("animate-ip", ("animate", "samples/astronaut.png", "samples/cat.png", "-o", "a.gif",
                    "--size", "5", "--engine", "ip", "--json")),
    # the puzzle tools
    ("solve", ("solve", "11110/10001/00001/00100/01110")),
    ("solve-json", ("solve", "11110/10001/00001/00100/01110", "--json")),
    ("solve-explain", ("solve", "--state", "0x1ffffff", "--size", "5x5", "--explain")),
    ("solve-unsolvable", ("solve", "10000/00000/00000/00000/00000", "--json")),
    ("solve-goal-on", ("solve", "00000/00000/00100/00000/00000", "--goal", "on")),
    ("solve-torus", ("solve", "111/111/111", "--pattern", "010/101/010", "--topology", "torus",
                     "--json")),
    ("solve-3-states", ("solve", "120/201/012", "--states", "3", "--explain")),
    ("solve-3-states-json", ("solve", "120/201/012", "--states", "3", "--json")),
    ("solve-4-states-json", ("solve", "1230/0000/0000/0000", "--states", "4", "--json")),
    ("path", ("path", "01010/11011/01010/00000/00000")),
    ("path-json", ("path", "01010/11011/01010/00000/00000", "--json")),
    ("path-3-states", ("path", "120/201/012", "--states", "3")),
    ("table", ("table", "5x5")),
    ("table-json", ("table", "4x4", "--json")),
    ("table-3-states", ("table", "4x4", "--states", "3")),
    ("table-cylinder", ("table", "6x5", "--topology", "cylinder", "--json")),
    ("census", ("census", "4x4")),
    ("census-json", ("census", "5x5", "--json")),
    ("census-square", ("census", "4x4", "--pattern", "square", "--json")),
    ("census-4-states", ("census", "3x3", "--states", "4", "--json")),
    ("census-db", ("census", "4x4", "--db", "c.sqlite")),
    ("sizes", ("sizes", "128x128")),
    ("sizes-json", ("sizes", "64x48", "--json")),
    ("sizes-4-states", ("sizes", "4x4", "--states", "4", "--json")),
    # preview and pages
    ("preview", ("preview", "samples/cat.png", "-o", "p.png", "--size", "32", "--json")),
    ("play", ("play", "-o", "g.html")),
    ("play-torus", ("play", "--topology", "torus", "--pattern", "110/010/000", "-o", "g.html")),
    ("play-image", ("play", "--image", "samples/horse.png", "-o", "g.html")),
    ("play-3-states", ("play", "--states", "3", "--size", "6x6", "-o", "g.html")),
    ("play-4-states-image", ("play", "--states", "4", "--image", "samples/horse.png", "-o",
                             "g.html")),
    # bad input: one line, exit 2
    ("bad-size", ("still", "samples/cat.png", "-o", "s.png", "--size", "0")),
    ("bad-state", ("solve", "123/000/000")),
)

_TIME_KEYS = {"seconds", "elapsed", "elapsed_seconds", "wall_seconds"}
#: A wall-clock time at the end of a line of text, as census prints it ("..., 0.010 s").
_CLOCK_TEXT = re.compile(r"(\D)\d+\.\d{3} s$", re.MULTILINE)


#: Runs ``lightsart`` with ``time.perf_counter`` 50 times slower than the wall clock. The
#: planned work of every search is counted from its budget and never depends on the clock; the
#: clock only stops a search that overruns. Slowed, it never does, so the answers are the planned
#: ones on a busy machine too. (The printed times are scrubbed anyway.)
_SLOW_CLOCK = """
import runpy, sys, time
real = time.perf_counter
origin = real()
time.perf_counter = lambda: origin + (real() - origin) * 0.02
sys.argv[0] = "lightsart"
"""
_RUN = """
runpy.run_module("lightsart", run_name="__main__", alter_sys=True)
"""

#: Keeps every frame lightsart sends to ffmpeg (``Encoder.send``), saved at exit as
#: ``LIGHTSART_CAPTURE_SENT/sha256(file name).npy``: the frames before encoding are lightsart's
#: decision; the encoded bytes are x264's.
_KEEP_SENT = """
import atexit, hashlib, os, pathlib
import numpy as np
from lightsart._output import mp4
sent = {}
send = mp4.Encoder.send
def keep(self, canvas):
    # A grey frame is sent in one channel: kept as the RGB it stands for.
    rgb = np.repeat(canvas[..., None], 3, 2) if canvas.ndim == 2 else canvas.copy()
    sent.setdefault(pathlib.Path(self.name).name, []).append(rgb)
    send(self, canvas)
mp4.Encoder.send = keep
def save():
    for name, frames in sent.items():
        key = hashlib.sha256(name.encode()).hexdigest()
        np.save(os.path.join(os.environ["LIGHTSART_CAPTURE_SENT"], key + ".npy"), np.stack(frames))
atexit.register(save)
"""


def _scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: ("<time>" if k in _TIME_KEYS else _scrub(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


def _scrub_text(text: str, folder: str) -> str:
    text = text.replace(folder + os.sep, "").replace(folder, ".")
    return _CLOCK_TEXT.sub(r"\1<time> s", text)


def _cut_short(record: Any) -> bool:
    """Whether a search in this run was stopped by the clock (it may differ from run to run)."""
    text = json.dumps(record)
    return '"cut_short": true' in text or "before the time limit" in text


#: How far a decoded MP4 may be from the frames lightsart sent to ffmpeg, in levels of 0..255:
#: the mean over every channel of every pixel, and the largest mean over a 4x4-pixel block (a
#: cell of the wrong state moves its blocks by 85 to 255 levels). Measured on the recorded case
#: (x264 at the writer's CRF 12, 15-pixel cells, imageio-ffmpeg 0.8.1): mean 0.03, block 20.
MP4_TOLERANCE = {"mean": 1.0, "block": 48.0}


def _sha(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(len(part).to_bytes(8, "little") + part)
    return digest.hexdigest()


def _png_digest(path: Path) -> str:
    from PIL import Image

    with Image.open(path) as image:
        image.load()
        head = f"{image.mode} {image.width}x{image.height}"
        return f"png:{head}:" + _sha(head.encode(), image.tobytes())


def _gif_timeline(path: Path) -> list[tuple[bytes, int]]:
    """What a viewer sees: each composed picture (RGB bytes) and its milliseconds, consecutive
    equal pictures merged (how an encoder splits a hold is not a decision of lightsart's)."""
    from PIL import Image, ImageSequence

    timeline: list[tuple[bytes, int]] = []
    with Image.open(path) as gif:
        for frame in ImageSequence.Iterator(gif):
            picture = frame.convert("RGB").tobytes()
            ms = int(frame.info.get("duration", 0))
            if timeline and timeline[-1][0] == picture:
                timeline[-1] = (picture, timeline[-1][1] + ms)
            else:
                timeline.append((picture, ms))
    return timeline


def _gif_digest(path: Path) -> str:
    from PIL import Image

    with Image.open(path) as gif:
        head = f"{gif.width}x{gif.height} loop {gif.info.get('loop')}"
    timeline = _gif_timeline(path)
    parts = [head.encode()] + [p + ms.to_bytes(8, "little") for p, ms in timeline]
    return f"gif:{head}, {len(timeline)} pictures:" + _sha(*parts)


def _decoded_mp4(path: Path, width: int, height: int) -> Any:
    import imageio_ffmpeg
    import numpy as np

    # The decoded frames, through a plain pipe (imageio's reader leaves pipes open).
    raw = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-v", "error", "-i", str(path),
                          "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], check=True,
                         capture_output=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, height, width, 3)


def _mp4_digest(path: Path, sent_file: Path) -> str:
    """The frames lightsart sent to ffmpeg, once the decoded file is shown to hold them."""
    import numpy as np

    if not sent_file.exists():
        return "mp4: no frames were sent to ffmpeg for this file"
    sent = np.load(sent_file)
    decoded = _decoded_mp4(path, sent.shape[2], sent.shape[1])
    head = f"{len(sent)} frames {sent.shape[2]}x{sent.shape[1]}"
    if decoded.shape != sent.shape:
        return f"mp4: {head} sent, but the file decodes to {decoded.shape}"
    error = np.abs(decoded.astype(np.int16) - sent.astype(np.int16)).mean(axis=3)
    count, rows, columns = error.shape
    blocks = error[:, : rows // 4 * 4, : columns // 4 * 4].reshape(
        count, rows // 4, 4, columns // 4, 4).mean(axis=(2, 4))
    mean, block = float(error.mean()), float(blocks.max(initial=0.0))
    if mean > MP4_TOLERANCE["mean"] or block > MP4_TOLERANCE["block"]:
        return (f"mp4: {head}, decoded frames differ from those sent (mean {mean:.2f}, "
                f"4x4 block {block:.0f} levels; tolerance {MP4_TOLERANCE})")
    return f"mp4:{head}:" + _sha(*(frame.tobytes() for frame in sent))


def _cell(value: Any) -> Any:
    """A database value as JSON; a compressed blob by what it holds (zlib's bytes are zlib's)."""
    if isinstance(value, str):  # a census records how long it took, in a JSON text
        return re.sub(r'"seconds": [0-9.e-]+', '"seconds": 0', value)
    if not isinstance(value, bytes):
        return value
    with contextlib.suppress(zlib.error):
        value = zlib.decompress(value)
    return "blob:" + hashlib.sha256(value).hexdigest()


def _sqlite_digest(path: Path) -> str:
    import sqlite3

    with contextlib.closing(sqlite3.connect(path)) as db:
        tables = [r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        rows = {t: [[_cell(v) for v in r] for r in db.execute(f'SELECT * FROM "{t}" ORDER BY rowid')]
                for t in tables}
    dump = json.dumps(rows, sort_keys=True)
    return "rows:" + hashlib.sha256(dump.encode()).hexdigest()


_LP_SECTIONS = ("minimize", "maximize", "subject to", "bounds", "generals", "binaries", "end")


def _lp_number(token: str) -> str:
    return f"{float(token):.9g}"


def _lp_linear(tokens: Sequence[str]) -> list[tuple[str, str]]:
    """``2 x + y - 3 z`` as sorted (variable, coefficient) pairs."""
    terms: list[tuple[str, str]] = []
    sign, coefficient = 1.0, 1.0
    for token in tokens:
        if token in "+-":
            sign, coefficient = (1.0 if token == "+" else -1.0), 1.0
        elif re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", token):
            coefficient = float(token)
        else:
            terms.append((token, _lp_number(str(sign * coefficient))))
            sign, coefficient = 1.0, 1.0
    return sorted(terms)


def _lp_model(text: str) -> dict[str, Any]:
    """An LP file (as PuLP writes it) parsed into what the model says, not how it was printed."""
    model: dict[str, Any] = {"sense": None, "rows": {}, "bounds": [], "generals": [],
                             "binaries": []}
    section, statement = "", ""
    lines = [line.strip() for line in text.splitlines() if not line.startswith("\\*")]
    for line in [*lines, "end"]:
        lowered = line.lower()
        starts = lowered in _LP_SECTIONS or re.match(r"^[\w\[\]().#]+:", line)
        if (starts or not line) and statement:
            name, _, body = statement.partition(":")
            tokens = body.split()
            ops = [i for i, t in enumerate(tokens) if t in ("<=", ">=", "=", "<", ">")]
            if ops:
                i = ops[0]
                model["rows"][name] = [_lp_linear(tokens[:i]), tokens[i],
                                       _lp_number(tokens[i + 1])]
            else:
                model["rows"][name] = [_lp_linear(tokens)]
            statement = ""
        if lowered in _LP_SECTIONS:
            section = lowered
            if section in ("minimize", "maximize"):
                model["sense"] = section
            continue
        if section in ("minimize", "maximize", "subject to") and line:
            statement = f"{statement} {line}" if statement else line
        elif section == "bounds" and line:
            model["bounds"].append(" ".join(
                _lp_number(t) if re.fullmatch(r"[-+]?\d[\d.eE+-]*", t) else t
                for t in line.split()))
        elif section in ("generals", "binaries"):
            model[section] += line.split()
    for key in ("bounds", "generals", "binaries"):
        model[key] = sorted(model[key])
    return model


def _digest(path: Path, sent: Path) -> str:
    if path.suffix == ".mp4":
        return _mp4_digest(path, sent / (hashlib.sha256(path.name.encode()).hexdigest() + ".npy"))
    if path.suffix == ".png":
        return _png_digest(path)
    if path.suffix == ".gif":
        return _gif_digest(path)
    if path.suffix == ".sqlite":
        return _sqlite_digest(path)
    if path.suffix == ".lp":
        model = json.dumps(_lp_model(path.read_text()), sort_keys=True)
        return "lp:" + hashlib.sha256(model.encode()).hexdigest()
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _files(folder: Path, sent: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink() and "samples" not in path.parts[len(
                folder.parts):len(folder.parts) + 1]:
            found[str(path.relative_to(folder))] = _digest(path, sent)
    return found


def run_case(name: str, argv: Sequence[str], keep: Path | None = None) -> dict[str, Any]:
    """Run one command in a fresh scratch folder; return what it printed and wrote."""
    with tempfile.TemporaryDirectory(prefix=f"capture-{name}-") as scratch, \
            tempfile.TemporaryDirectory(prefix=f"capture-{name}-sent-") as sent:
        folder = Path(scratch)
        (folder / "samples").symlink_to(ROOT / "samples")
        env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100", NO_COLOR="1",
                   LIGHTSART_CAPTURE_SENT=sent)
        done = subprocess.run([sys.executable, "-c", _SLOW_CLOCK + _KEEP_SENT + _RUN, *argv],
                              cwd=folder, env=env,
                              capture_output=True, text=True, timeout=600, check=False)
        stdout: Any = _scrub_text(done.stdout, scratch)
        if "--json" in argv and done.returncode == 0:
            stdout = _scrub(json.loads(done.stdout))
        record = {
            "argv": list(argv),
            "exit": done.returncode,
            "stdout": stdout,
            "stderr": _scrub_text(done.stderr, scratch),
            "files": _files(folder, Path(sent)),
        }
        if keep is not None:
            shutil.copytree(folder, keep / name, symlinks=True, dirs_exist_ok=True)
        return record


def differences(old: Any, new: Any, where: str = "") -> list[str]:
    """What changed from ``old`` to ``new``; new keys in a JSON object are allowed."""
    if isinstance(old, dict) and isinstance(new, dict):
        found = [f"{where}.{k}: removed" for k in old if k not in new]
        for key in old:
            if key in new:
                found += differences(old[key], new[key], f"{where}.{key}")
        return found
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        pairs = enumerate(zip(old, new, strict=True))
        return [d for i, (a, b) in pairs for d in differences(a, b, f"{where}[{i}]")]
    if old != new:
        shown_old, shown_new = (json.dumps(v)[:200] for v in (old, new))
        return [f"{where}: {shown_old} -> {shown_new}"]
    return []


def capture(names: Sequence[str], keep: Path | None, workers: int) -> dict[str, Any]:
    cases = [(n, a) for n, a in CASES if not names or any(s in n for s in names)]
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        futures = {n: pool.submit(run_case, n, a, keep) for n, a in cases}
        got = {n: f.result() for n, f in futures.items()}
    # A search the clock cut short (a busy machine) is run again alone, to get its planned work.
    for name, argv in cases:
        for _ in range(3):
            if not _cut_short(got[name]):
                break
            got[name] = run_case(name, argv, keep)
    return got


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="record the outputs")
    mode.add_argument("--check", action="store_true", help="compare with the record")
    parser.add_argument("--only", action="append", default=[], metavar="NAME")
    parser.add_argument("--keep", type=Path, metavar="DIR")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    got = capture(args.only, args.keep, args.workers)
    if args.write:
        record = json.loads(GOLDEN.read_text()) if args.only and GOLDEN.exists() else {}
        record.update(got)
        ordered = {n: record[n] for n, _ in CASES if n in record}
        GOLDEN.write_text(json.dumps(ordered, indent=1, ensure_ascii=False) + "\n")
        print(f"recorded {len(got)} commands in {GOLDEN.relative_to(ROOT)}")
        return 0
    want = json.loads(GOLDEN.read_text())
    changed = 0
    for name, record in got.items():
        if name not in want:
            print(f"{name}: not recorded (run --write --only {name})")
            changed += 1
            continue
        found = differences(want[name], record)
        if found and _cut_short(record):
            print(f"{name}: the clock cut a search short on this busy machine; not compared")
            continue
        if found:
            changed += 1
            print(f"{name}: " + "\n    ".join(["differs", *found[:20]]))
    print(f"{len(got) - changed} of {len(got)} commands unchanged")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
