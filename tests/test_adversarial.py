"""Every command as a hostile user runs it: bad files, sizes, options, outputs, a full disk,
kills and concurrent writers.

For every refused run the same contract is checked, by looking at the folder afterwards rather
than trusting the program: exit code 2, exactly one line on stderr (``lightsart: error: ...``),
no traceback, nothing on stdout, no file added, changed or removed (inputs byte for byte), and no
temporary file left. Runs are in process (``lightsart.cli.main``) on small boards; only signals
use a subprocess.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from lightsart.cli import main
from lightsart.output import staging as outputs
from lightsart.puzzle.censusdb import write_db

# ------------------------------------------------------------------------------------ fixtures


def _picture(path: Path, seed: int, size: tuple[int, int] = (40, 32)) -> None:
    rng = np.random.default_rng(seed)
    smooth = np.kron(rng.integers(0, 256, (size[1] // 8, size[0] // 8)), np.ones((8, 8)))
    Image.fromarray(smooth.astype(np.uint8)).save(path)


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with two pictures (PNG and GIF), a board file, a census database, a sub-folder,
    a symbolic-link loop; the test runs inside it."""
    _picture(tmp_path / "a.png", 1)
    _picture(tmp_path / "b.png", 2)
    Image.open(tmp_path / "b.png").convert("P").save(tmp_path / "b.gif")
    (tmp_path / "board.txt").write_text("10101\n01110\n00100\n01110\n10101\n")
    write_db(3, 3, tmp_path / "c3.sqlite")
    write_db(4, 4, tmp_path / "c4.sqlite")  # nullity 4: pivots and masks to damage
    (tmp_path / "sub").mkdir()
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def snapshot(folder: Path) -> dict[str, str]:
    """Every entry under ``folder`` (hidden ones too) with a hash of its bytes."""
    out: dict[str, str] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            p = Path(root) / name
            rel = str(p.relative_to(folder))
            if p.is_symlink() or p.is_dir():
                out[rel] = "link" if p.is_symlink() else "dir"
            else:
                out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def refused(argv: list[str], folder: Path, capsys: pytest.CaptureFixture[str],
            match: str | None = None) -> str:
    """Run ``argv``; assert the refusal contract; return the error line."""
    before = snapshot(folder)
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert code == 2, (code, captured.err)
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("lightsart: error: ")
    assert "Traceback" not in captured.err
    assert len(lines[0]) < 400, "the message echoes too much"
    assert captured.out == ""
    assert snapshot(folder) == before
    if match is not None:
        assert match in lines[0], lines[0]
    return lines[0]


# -------------------------------------------------------------------------------- bad inputs

ANIM = ["--size", "12x10", "--cell", "2"]

INPUT_CASES: dict[str, tuple[list[str], str | None]] = {
    "still-missing": (["still", "nope.png", "-o", "x.png"], "nope.png"),
    "still-folder": (["still", "sub", "-o", "x.png"], "folder"),
    "still-symlink-loop": (["still", "loop", "-o", "x.png"], "loop of symbolic links"),
    "still-empty-file": (["still", "empty.png", "-o", "x.png"], None),
    "still-text-as-png": (["still", "text.png", "-o", "x.png"], None),
    "still-truncated-png": (["still", "cut.png", "-o", "x.png"], None),
    "animate-one-missing": (["animate", "a.png", "nope.png", "-o", "x.gif", *ANIM], "nope.png"),
    "animate-folder": (["animate", "a.png", "sub", "-o", "x.gif", *ANIM], "folder"),
    "animate-loop": (["animate", "loop", "a.png", "-o", "x.gif", *ANIM], "symbolic links"),
    "animate-one-picture": (["animate", "a.png", "-o", "x.gif"], "two pictures"),
    "play-image-missing": (["play", "--image", "nope.png", "-o", "x.html"], "nope.png"),
    "play-image-folder": (["play", "--image", "sub", "-o", "x.html"], "folder"),
    "solve-folder": (["solve", "sub"], "folder"),
    "solve-loop": (["solve", "loop"], "symbolic links"),
    "solve-missing-file": (["solve", "missing.txt"], "missing.txt"),
    "solve-empty-file": (["solve", "empty.png"], None),
    "solve-bad-characters": (["solve", "10z01/01110"], "unexpected character"),
    "solve-ragged-rows": (["solve", "101/01"], "differ"),
    "solve-nothing": (["solve"], None),
    "path-folder": (["path", "sub"], "folder"),
    "census-db-missing": (["census", "--db", "nope.sqlite", "--state", "0"], "no census"),
    "census-db-folder": (["census", "--db", "sub", "--state", "0"], "not a file"),
    "census-db-loop": (["census", "--db", "loop", "--state", "0"], "symbolic links"),
    "census-db-junk": (["census", "--db", "text.png", "--state", "0"], "cannot read"),
    "census-db-other-sqlite": (["census", "--db", "other.sqlite", "--state", "0"], None),
    "census-state-without-db": (["census", "--state", "0"], None),
}


@pytest.fixture
def bad_files(work: Path) -> Path:
    (work / "empty.png").write_bytes(b"")
    (work / "text.png").write_text("this is not a picture\n" * 50)
    whole = (work / "a.png").read_bytes()
    (work / "cut.png").write_bytes(whole[: len(whole) // 2])
    other = sqlite3.connect(work / "other.sqlite")
    other.execute("CREATE TABLE t (x)")
    other.commit()
    other.close()
    return work


@pytest.mark.parametrize("case", sorted(INPUT_CASES))
def test_bad_inputs(case: str, bad_files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv, match = INPUT_CASES[case]
    refused(argv, bad_files, capsys, match)


# ------------------------------------------------------------------------- damaged databases


def _damage(path: Path, how: str) -> None:
    db = sqlite3.connect(path)
    meta = {k: v for k, v in db.execute("SELECT key, value FROM meta")}
    if how == "meta-not-json":
        db.execute("UPDATE meta SET value = '{not json' WHERE key = 'pivots'")
    elif how == "meta-missing-key":
        db.execute("DELETE FROM meta WHERE key = 'masks'")
    elif how == "meta-width-100000":
        db.execute("UPDATE meta SET value = '100000' WHERE key = 'width'")
    elif how == "meta-width-text":
        db.execute("UPDATE meta SET value = '\"5\"' WHERE key = 'width'")
    elif how == "meta-chunk-bits-huge":
        db.execute("UPDATE meta SET value = '4000' WHERE key = 'chunk_bits'")
    elif how == "pivots-out-of-range":
        db.execute("UPDATE meta SET value = '[900, 901]' WHERE key = 'pivots'")
    elif how == "pivots-garbage":
        db.execute("UPDATE meta SET value = '[\"x\", null]' WHERE key = 'pivots'")
    elif how == "pivots-repeated":
        pivots = json.loads(meta["pivots"])
        db.execute("UPDATE meta SET value = ? WHERE key = 'pivots'",
                   (json.dumps([pivots[0]] * len(pivots)),))
    elif how == "masks-garbage":
        db.execute("UPDATE meta SET value = '[\"zz\", \"0x\"]' WHERE key = 'masks'")
    elif how == "chunk-not-zlib":
        db.execute("UPDATE chunk SET data = ? WHERE id = 0", (b"plain bytes, not zlib",))
    elif how == "chunk-short":
        db.execute("UPDATE chunk SET data = ? WHERE id = 0", (zlib.compress(b"\x01\x02\x03"),))
    elif how == "chunk-text":
        db.execute("UPDATE chunk SET data = 'text' WHERE id = 0")
    elif how == "chunk-missing":
        db.execute("DELETE FROM chunk")
    elif how == "chunk-bomb":
        db.execute("UPDATE chunk SET data = ? WHERE id = 0", (zlib.compress(bytes(1 << 24)),))
    elif how == "moves-inconsistent":
        row = db.execute("SELECT data FROM chunk WHERE id = 0").fetchone()[0]
        data = bytearray(zlib.decompress(row))
        data[: len(data) // 2] = bytes([3]) * (len(data) // 2)
        db.execute("UPDATE chunk SET data = ? WHERE id = 0", (zlib.compress(bytes(data)),))
    elif how == "no-meta-table":
        db.execute("DROP TABLE meta")
    db.commit()
    db.close()


DAMAGE = ["meta-not-json", "meta-missing-key", "meta-width-100000", "meta-width-text",
          "meta-chunk-bits-huge", "pivots-out-of-range", "pivots-garbage", "pivots-repeated",
          "masks-garbage", "chunk-not-zlib", "chunk-short", "chunk-text", "chunk-missing",
          "chunk-bomb", "moves-inconsistent", "no-meta-table"]


@pytest.mark.parametrize("how", DAMAGE)
def test_damaged_database(how: str, work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _damage(work / "c4.sqlite", how)
    # 0xffff (all lit) is solvable on 4x4 in 4 moves: the lookup must read chunks and walk.
    refused(["census", "--db", "c4.sqlite", "--state", "0xffff"], work, capsys)


# ------------------------------------------------------------------------------------ sizes

SIZE_CASES: dict[str, tuple[list[str], str | None]] = {
    "still-size-zero": (["still", "a.png", "-o", "x.png", "--size", "0x5"], "positive"),
    "still-size-negative": (["still", "a.png", "-o", "x.png", "--size", "-5x5"], "-5x5"),
    "still-size-height-zero": (["still", "a.png", "-o", "x.png", "--size", "5x0"], None),
    "still-size-huge": (["still", "a.png", "-o", "x.png", "--size", "100000x5"], None),
    "still-size-words": (["still", "a.png", "-o", "x.png", "--size", "big"], None),
    "still-size-3d": (["still", "a.png", "-o", "x.png", "--size", "5x5x5"], None),
    "still-size-float": (["still", "a.png", "-o", "x.png", "--size", "1e3"], None),
    "animate-size-huge": (["animate", "a.png", "b.png", "-o", "x.gif", "--size", "99999x99999"],
                          None),
    "solve-state-size-huge": (["solve", "--state", "0", "--size", "100000x100000"], "at most"),
    "solve-state-size-zero": (["solve", "--state", "0", "--size", "0x0"], None),
    "solve-state-size-negative": (["solve", "--state", "0", "--size", "-5x5"], None),
    "solve-state-size-long": (["solve", "--state", "0", "--size", "40000x1"], "long side"),
    "solve-state-cells": (["solve", "--state", "0", "--size", "8192x8192"], "cells"),
    "solve-state-too-wide": (["solve", "--state", "0x1ffffff", "--size", "4x4"], "does not fit"),
    "solve-state-negative": (["solve", "--state", "-5", "--size", "4x4"], "negative"),
    "solve-state-words": (["solve", "--state", "lots", "--size", "4x4"], "integer"),
    "solve-state-5000-digits": (["solve", "--state", "9" * 5000, "--size", "5x5"], "characters"),
    "solve-state-5000-hex": (["solve", "--state", "0x" + "f" * 5000, "--size", "5x5"], "bits"),
    "solve-state-needs-size": (["solve", "--state", "0"], "--size"),
    "solve-nullity-budget": (["solve", "--state", "1", "--size", "1024x1024"], "nullity"),
    "path-too-many-cells": (["path", "--state", "1", "--size", "100x100"], "4096"),
    "explain-too-many-cells": (["solve", "--state", "1", "--size", "100x100", "--explain"],
                               "4096"),
    "table-long": (["table", "100000x1"], "long side"),
    "table-huge": (["table", "20000x20000"], "at most"),
    "table-wide": (["table", "2000x1"], "1024"),
    "table-zero": (["table", "0x5"], None),
    "table-negative": (["table", "-1x5"], None),
    "table-max-rows-negative": (["table", "5x5", "--max-rows", "-1"], "max-rows"),
    "table-max-rows-huge": (["table", "5x5", "--max-rows", str(10**9)], "max-rows"),
    "census-zero": (["census", "0x0"], None),
    "census-huge": (["census", "100000x100000"], None),
    "census-db-too-big": (["census", "7x7", "--db", "x.sqlite"], "at most"),
    "sizes-negative": (["sizes", "-3"], None),
    "sizes-huge": (["sizes", "100000"], None),
    "play-size-tiny": (["play", "--size", "1x1", "-o", "x.html"], "between"),
    "play-size-huge": (["play", "--size", "1000x1000", "-o", "x.html"], "between"),
}


@pytest.mark.parametrize("case", sorted(SIZE_CASES))
def test_bad_sizes(case: str, work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv, match = SIZE_CASES[case]
    refused(argv, work, capsys, match)


# ---------------------------------------------------------------------------------- options

GIF = ["animate", "a.png", "b.png", "-o", "x.gif", *ANIM]
OPTION_CASES: dict[str, tuple[list[str], str | None]] = {
    "hold-negative": ([*GIF, "--hold", "-1"], ">= 0"),
    "hold-huge": ([*GIF, "--hold", "1e300"], "at most 3600"),
    "hold-nan": ([*GIF, "--hold", "nan"], None),
    "hold-inf": ([*GIF, "--hold", "inf"], None),
    "hold-words": ([*GIF, "--hold", "long"], None),
    "hold-whole-animation-too-long": ([*GIF, "--hold", "2000"], "would last"),
    "duration-zero": ([*GIF, "--duration", "0"], None),
    "duration-negative": ([*GIF, "--duration", "-1"], None),
    "duration-huge": ([*GIF, "--duration", "1e300"], "at most 3600"),
    "duration-nan": ([*GIF, "--duration", "nan"], None),
    "fps-zero": ([*GIF, "--fps", "0"], None),
    "fps-tiny": ([*GIF, "--fps", "1e-300"], "between 1 and 120"),
    "fps-huge": ([*GIF, "--fps", "100000"], "between 1 and 120"),
    "fps-nan": ([*GIF, "--fps", "nan"], None),
    "fps-negative": ([*GIF, "--fps", "-5"], None),
    "mp4-video-frames": (["animate", "a.png", "b.png", "-o", "x.mp4", *ANIM, "--fps", "120",
                          "--hold", "500"], "video frames"),
    "cell-zero": ([*GIF[:-2], "--cell", "0"], None),
    "cell-negative": ([*GIF[:-2], "--cell", "-1"], None),
    "cell-513": ([*GIF[:-2], "--cell", "513"], "512"),
    "cell-512-large-board": (["animate", "a.png", "b.png", "-o", "x.gif", "--size", "100x100",
                              "--cell", "512"], "pixels"),
    "cell-512-default-board": (["animate", "a.png", "b.png", "-o", "x.gif", "--cell", "512"],
                               "pixels"),
    "cell-still-compare": (["still", "a.png", "-o", "x.png", "--compare", "y.png", "--size",
                            "60x60", "--cell", "100"], "pixels"),
    "cell-frames-only": (["animate", "a.png", "b.png", "--frames", "fr", "--size", "100x100",
                          "--cell", "512"], "pixels"),
    "cell-words": ([*GIF[:-2], "--cell", "big"], None),
    "seed-negative-random": ([*GIF, "--order", "random", "--seed", "-1"], "--seed"),
    "seed-negative-morph": ([*GIF, "--order", "morph", "--seed", "-7"], "--seed"),
    "seed-too-large": ([*GIF, "--order", "random", "--seed", str(1 << 64)], "--seed"),
    "clicks-per-frame-zero": ([*GIF, "--clicks-per-frame", "0"], None),
    "clicks-per-frame-negative": ([*GIF, "--clicks-per-frame", "-2"], None),
    "colour-unknown": ([*GIF, "--lit-colour", "glowing"], "colour"),
    "time-limit-negative": ([*GIF, "--time-limit", "-1"], None),
    "order-unknown": ([*GIF, "--order", "zigzag"], "unknown click order"),
    "order-list-too-long": ([*GIF, "--order", "radial,spiral"], "--order lists 2 orders"),
    "order-mask-missing": ([*GIF, "--order", "mask:no-such-mask.png"], "--order mask"),
    "order-mask-without-file": ([*GIF, "--order", "mask"], "mask:FILE"),
    "ease-unknown": ([*GIF, "--ease", "bounce"], "--ease"),
    "style-unknown": ([*GIF, "--style", "neon"], None),
    "nothing-to-write": (["animate", "a.png", "b.png", *ANIM], "nothing to write"),
    "sizes-radius-huge": (["sizes", "10", "--radius", "1000"], None),
    "play-start-picture-without-image": (["play", "--start", "picture", "-o", "x.html"], None),
}


@pytest.mark.parametrize("case", sorted(OPTION_CASES))
def test_bad_options(case: str, work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv, match = OPTION_CASES[case]
    refused(argv, work, capsys, match)


# ---------------------------------------------------------------------------------- outputs

OUTPUT_CASES: dict[str, tuple[list[str], str | None]] = {
    "still-over-input": (["still", "a.png", "-o", "a.png"], "is the input"),
    "still-over-input-other-spelling": (["still", "a.png", "-o", "./sub/../a.png"], "input"),
    "still-over-input-hard-link": (["still", "a.png", "-o", "hard.png"], "input"),
    "still-over-input-symlink": (["still", "a.png", "-o", "soft.png"], "input"),
    "still-target-out-over-input": (["still", "a.png", "-o", "x.png", "--target-out", "a.png"],
                                    "input"),
    "still-same-output-three-times": (["still", "a.png", "-o", "x.png", "--target-out", "x.png",
                                       "--compare", "./x.png"], "two outputs"),
    "still-compare-is-folder": (["still", "a.png", "-o", "x.png", "--compare", "sub"], None),
    "still-output-is-folder": (["still", "a.png", "-o", "sub"], None),
    "still-output-folder-png": (["still", "a.png", "-o", "dir.png"], "folder"),
    "still-jpeg": (["still", "a.png", "-o", "x.jpg"], "format"),
    "still-no-extension": (["still", "a.png", "-o", "x"], "format"),
    "still-missing-folder": (["still", "a.png", "-o", "nope/x.png"], "does not exist"),
    "animate-over-input-gif": (["animate", "a.png", "b.gif", "-o", "b.gif", *ANIM], "input"),
    "animate-png-output": (["animate", "a.png", "b.png", "-o", "a.png", *ANIM], None),
    "animate-txt": (["animate", "a.png", "b.png", "-o", "x.txt", *ANIM], "format"),
    "animate-missing-folder": (["animate", "a.png", "b.png", "-o", "nope/x.gif", *ANIM], None),
    "animate-frames-missing-parent": (["animate", "a.png", "b.png", "-o", "x.gif", "--frames",
                                       "missing/dir", *ANIM], "does not exist"),
    "animate-frames-is-file": (["animate", "a.png", "b.png", "--frames", "board.txt", *ANIM],
                               "is a file"),
    "animate-frames-holds-input": (["animate", "fr0/frame_00000.png", "b.png", "--frames",
                                    "fr0", *ANIM], "input"),
    "animate-output-is-folder": (["animate", "a.png", "b.png", "-o", "dir.gif", *ANIM], None),
    "play-over-input": (["play", "--image", "a.png", "-o", "a.png"], None),
    "play-html-over-input": (["play", "--image", "page.html", "-o", "page.html"], None),
    "play-png": (["play", "-o", "x.png"], "format"),
    "play-missing-folder": (["play", "-o", "nope/x.html"], "does not exist"),
    "play-folder": (["play", "-o", "dir.html"], "folder"),
    "census-db-missing-folder": (["census", "3x3", "--db", "nope/x.sqlite"], "does not exist"),
    "census-db-is-folder": (["census", "3x3", "--db", "sub"], "folder"),
}


@pytest.fixture
def output_files(work: Path) -> Path:
    os.link(work / "a.png", work / "hard.png")
    (work / "soft.png").symlink_to(work / "a.png")
    (work / "dir.png").mkdir()
    (work / "dir.gif").mkdir()
    (work / "dir.html").mkdir()
    (work / "fr0").mkdir()
    _picture(work / "fr0" / "frame_00000.png", 3)
    (work / "page.html").write_text("<p>not a picture</p>")
    return work


@pytest.mark.parametrize("case", sorted(OUTPUT_CASES))
def test_bad_outputs(case: str, output_files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv, match = OUTPUT_CASES[case]
    refused(argv, output_files, capsys, match)


# ------------------------------------------------------------------ a full disk, simulated


def _enospc(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


FULL_CASES: dict[str, list[str]] = {
    "still": ["still", "a.png", "-o", "x.png", "--target-out", "y.png", "--compare", "z.png",
              "--size", "12x10"],
    "animate-gif": ["animate", "a.png", "b.png", "-o", "x.gif", *ANIM],
    "animate-mp4": ["animate", "a.png", "b.png", "-o", "x.mp4", *ANIM],
    "animate-html": ["animate", "a.png", "b.png", "-o", "x.html", *ANIM],
    "animate-gif-and-frames": ["animate", "a.png", "b.png", "-o", "x.gif", "--frames", "fr",
                               *ANIM],
    "play": ["play", "-o", "x.html"],
    "census-db": ["census", "4x4", "--db", "x.sqlite"],
}


@pytest.mark.parametrize("case", sorted(FULL_CASES))
def test_full_disk_simulated(case: str, work: Path, capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills when the content is made durable (fsync), as on NFS or with delayed
    allocation: every output is discarded and the old ones stay."""
    monkeypatch.setattr(os, "fsync", _enospc)
    refused(FULL_CASES[case], work, capsys, "No space left on device")


def test_full_disk_while_writing_frames(work: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The fifth frame does not fit: the four before it and the GIF are discarded too."""
    from lightsart.output import render

    real = render.write_png
    calls = iter(range(1000))

    def write_png(*args: object, **kwargs: object) -> None:
        if next(calls) == 4:
            _enospc()
        real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "write_png", write_png)
    (work / "fr").mkdir()
    (work / "fr" / "frame_00000.png").write_bytes(b"an older run's frame")
    refused(["animate", "a.png", "b.png", "-o", "x.gif", "--frames", "fr", *ANIM], work, capsys,
            "No space left on device")


# ------------------------------------------------------------------ a full disk, for real


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 200 kB tmpfs; skipped where mounting is not allowed (not root, or a container)."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(mount)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root); the simulated full disk still runs")
    try:
        yield mount
    finally:
        os.chdir(tmp_path)  # a test may have worked inside it; a busy mount cannot go
        done = subprocess.run(["umount", str(mount)], capture_output=True)
        if done.returncode != 0:
            subprocess.run(["umount", "-l", str(mount)], check=False)


REAL_FULL: dict[str, list[str]] = {
    "mp4": ["-o", "x.mp4", "--size", "100x100", "--cell", "6", "--order", "random"],
    "gif": ["-o", "x.gif", "--size", "160x160", "--cell", "6", "--order", "random"],
    "frames": ["--frames", "fr", "--size", "100x100", "--cell", "8"],
}


@pytest.mark.parametrize("case", sorted(REAL_FULL))
def test_full_disk_tmpfs(case: str, work: Path, tiny_disk: Path,
                         capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A good older output at the same path survives a run that fills the disk."""
    monkeypatch.chdir(tiny_disk)
    for name in ("a.png", "b.png"):
        (tiny_disk / name).write_bytes((work / name).read_bytes())
    (tiny_disk / "x.mp4").write_bytes(b"an older good video")
    (tiny_disk / "x.gif").write_bytes(b"an older good GIF")
    refused(["animate", "a.png", "b.png", *REAL_FULL[case]], tiny_disk, capsys,
            "No space left on device")


def test_census_db_full_tmpfs(work: Path, tiny_disk: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    refused(["census", "5x5", "--db", str(tiny_disk / "c.sqlite")], tiny_disk, capsys,
            "No space left on device")


# --------------------------------------------------------------------- what succeeds, exactly


def test_mp4_frame_count_is_what_the_file_holds(work: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from videos import decode_video

    assert main(["animate", "a.png", "b.png", "-o", "x.mp4", *ANIM, "--json", "--hold", "2",
                 "--fps", "10", "--duration", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    video = decode_video(work / "x.mp4", 24, 20)
    assert data["video_frames"] == len(video)
    assert data["video_frames"] > data["frames"]  # holds are repeated frames in an MP4
    assert len(video) == round(data["duration_seconds"] * 10)


def test_frames_folder_holds_exactly_this_run(work: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["animate", "a.png", "b.png", "--frames", "fr", *ANIM, "--fps", "25"]) == 0
    long = sorted(p.name for p in (work / "fr").iterdir())
    (work / "fr" / "notes.txt").write_text("mine")
    assert main(["animate", "a.png", "b.png", "--frames", "fr", *ANIM,
                 "--clicks-per-frame", "100000"]) == 0
    capsys.readouterr()
    names = sorted(p.name for p in (work / "fr").iterdir())
    frames = [n for n in names if n.startswith("frame_")]
    assert len(long) > len(frames) == 2  # one click batch: first and last picture
    assert "notes.txt" in names and not any(n.startswith(".") for n in names)
    for k, name in enumerate(frames):  # the kept frames are this run's, in order
        assert name == f"frame_{k:05d}.png"
        with Image.open(work / "fr" / name) as im:
            assert im.size == (24, 20)


def test_census_db_names_with_uri_characters(work: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("100%.sqlite", "what?.sqlite", "no#1.sqlite"):
        assert main(["census", "3x3", "--db", name]) == 0
        capsys.readouterr()
        before = sorted(os.listdir(work))
        assert main(["census", "--db", name, "--state", "0x1ff", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["moves"] == 5
        assert sorted(os.listdir(work)) == before  # the lookup created nothing


def test_long_state_is_not_echoed(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(["solve", "--state", "1" * 5000, "--size", "5x5"], work, capsys)
    assert "1" * 100 not in line


# ------------------------------------------------------------------------ stale temp files


def _temp(folder: Path, pid: int, host: str | None = None, name: str = "x.gif") -> Path:
    host = host or outputs._HOST
    path = folder / f".{name}.lightsart-{host}-{pid}-0badf00d.tmp.gif"
    path.write_bytes(b"half a GIF")
    return path


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_sweep_removes_only_our_dead_leftovers(tmp_path: Path) -> None:
    dead = _temp(tmp_path, _dead_pid())
    live = _temp(tmp_path, os.getppid(), name="y.gif")
    foreign_new = _temp(tmp_path, 1, host="abcdef", name="z.gif")
    foreign_old = _temp(tmp_path, 1, host="abcdef", name="w.gif")
    os.utime(foreign_old, (0, 0))
    (tmp_path / ".x.gif.123456.gif").write_bytes(b"not our naming")
    removed = outputs.sweep(tmp_path)
    assert sorted(removed) == sorted([dead.name, foreign_old.name])
    assert live.exists() and foreign_new.exists() and (tmp_path / ".x.gif.123456.gif").exists()


def test_next_run_sweeps_a_killed_runs_leftover(work: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    leftover = _temp(work / "sub", _dead_pid())
    outputs._SWEPT.clear()
    assert main(["still", "a.png", "-o", "sub/x.png", "--size", "12x10"]) == 0
    assert not leftover.exists()
    assert sorted(os.listdir(work / "sub")) == ["x.png"]


def test_named_fallback_leaves_nothing(work: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Without O_TMPFILE (other systems) the hidden named file is still removed on failure."""
    monkeypatch.delattr(os, "O_TMPFILE")
    assert main(["animate", "a.png", "b.png", "-o", "x.gif", "--frames", "fr", *ANIM]) == 0
    capsys.readouterr()
    assert sorted(n for n in os.listdir(work) if n.startswith(".")) == []
    monkeypatch.setattr(os, "fsync", _enospc)
    refused(["still", "a.png", "-o", "y.png", "--size", "12x10"], work, capsys, "No space")


# ----------------------------------------------------------------- signals and concurrency

SLOW = ["animate", "a.png", "b.png", "--size", "160x120", "--cell", "2",
        "--clicks-per-frame", "1"]


def _start(argv: list[str], cwd: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "lightsart", *argv], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _wait_until_writing(proc: subprocess.Popen[bytes], cwd: Path) -> None:
    """Until lightsart runs (it catches SIGTERM) and holds an output file open (an unnamed
    one shows as '(deleted)'). Both are read from /proc: a forked child shows its parent's files
    until it starts."""
    for _ in range(600):
        assert proc.poll() is None, proc.communicate()
        try:
            status = Path(f"/proc/{proc.pid}/status").read_text()
        except OSError:
            status = ""
        caught = [int(line.split()[1], 16) for line in status.splitlines()
                  if line.startswith("SigCgt:")]
        if not caught or not caught[0] >> (signal.SIGTERM - 1) & 1:
            time.sleep(0.05)
            continue
        try:
            links = [os.readlink(f"/proc/{proc.pid}/fd/{fd}")
                     for fd in os.listdir(f"/proc/{proc.pid}/fd")]
        except OSError:
            links = []
        if any(link.startswith(str(cwd)) and "(deleted)" in link for link in links):
            return
        if any(".lightsart-" in link for link in links):
            return
        time.sleep(0.05)
    pytest.fail("the run never started writing")


needs_proc = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux /proc")


@needs_proc
@pytest.mark.parametrize(("sig", "code", "line"), [
    (signal.SIGINT, 130, "lightsart: interrupted"),
    (signal.SIGTERM, 143, "lightsart: terminated"),
    (signal.SIGKILL, -9, None),
], ids=["SIGINT", "SIGTERM", "SIGKILL"])
@pytest.mark.parametrize("fmt", ["gif", "mp4"])
def test_signals_leave_nothing(work: Path, sig: int, code: int, line: str | None,
                               fmt: str) -> None:
    (work / f"x.{fmt}").write_bytes(b"an older output")
    before = snapshot(work)
    proc = _start([*SLOW, "-o", f"x.{fmt}"], work)
    _wait_until_writing(proc, work)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    if line is not None:
        assert err.decode().splitlines() == [line]
    time.sleep(0.2)  # an orphaned ffmpeg after SIGKILL lets go of its unnamed file
    assert snapshot(work) == before


@needs_proc
def test_concurrent_writers_to_one_file(work: Path) -> None:
    """Two runs write the same GIF at once: both succeed, the file is one of them, whole."""
    argv = ["animate", "a.png", "b.png", "-o", "x.gif", "--size", "40x30", "--cell", "2"]
    procs = [_start([*argv, "--order", order], work) for order in ("raster", "random")]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    with Image.open(work / "x.gif") as im:
        assert im.n_frames > 2
        im.seek(im.n_frames - 1)
    assert sorted(n for n in os.listdir(work) if n.startswith(".")) == []


def test_every_command_has_cases() -> None:
    """At least 100 refused runs, and every command among them."""
    cases = [*INPUT_CASES.values(), *SIZE_CASES.values(), *OPTION_CASES.values(),
             *OUTPUT_CASES.values(), *FULL_CASES.values()]
    assert len(cases) + len(DAMAGE) >= 100
    commands = {argv[0] if isinstance(argv, list) else argv for argv in
                (c[0] if isinstance(c, tuple) else c for c in cases)}
    assert commands >= {"animate", "still", "sizes", "play", "solve", "path", "table", "census"}

