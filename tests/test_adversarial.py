"""Every command as a hostile user runs it: bad files, sizes, options, outputs, a full disk,
kills and concurrent writers.

For every refused run the same contract is checked, by looking at the folder afterwards rather
than trusting the program: exit code 2, exactly one line on stderr (``lightsart: error: ...``),
no traceback, nothing on stdout, no file added, changed or removed (inputs byte for byte), and no
temporary file left. Runs are in process (``lightsart._cli.main``) on small boards; only signals
use a subprocess.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from refusal import picture, refused, snapshot

from lightsart._cli import main
from lightsart._output import commit, staging
from lightsart._output.commit import HOST, STALE_SECONDS
from lightsart._puzzle.censusdb import write_db

# ------------------------------------------------------------------------------------ fixtures


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with two pictures (PNG and GIF), a board file, a census database, a sub-folder,
    a symbolic-link loop; the test runs inside it."""
    picture(tmp_path / "a.png", 1)
    picture(tmp_path / "b.png", 2)
    Image.open(tmp_path / "b.png").convert("P").save(tmp_path / "b.gif")
    (tmp_path / "board.txt").write_text("10101\n01110\n00100\n01110\n10101\n")
    write_db(3, 3, tmp_path / "c3.sqlite")
    write_db(4, 4, tmp_path / "c4.sqlite")  # nullity 4: pivots and masks to damage
    (tmp_path / "sub").mkdir()
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    monkeypatch.chdir(tmp_path)
    return tmp_path


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
    # Every file a command reads is an input: masks too, under any name or link (issue 20).
    "animate-frames-over-mask": (["animate", "a.png", "b.png", "-o", "x.gif", "--frames", "fr0",
                                  "--order", "mask:fr0/frame_00000.png", *ANIM], "input"),
    "animate-frames-over-mask-symlink": (["animate", "a.png", "b.png", "--frames", "fr0",
                                          "--order", "mask:soft-mask.png", *ANIM], "input"),
    "animate-frames-over-mask-hardlink": (["animate", "a.png", "b.png", "--frames", "fr0",
                                           "--order", "mask:hard-mask.png", *ANIM], "input"),
    "animate-picture-symlink-into-frames": (["animate", "soft-mask.png", "b.png", "--frames",
                                             "fr0", *ANIM], "input soft-mask.png"),
    "animate-picture-hardlink-of-frame": (["animate", "a.png", "hard-mask.png", "--frames",
                                           "fr0", *ANIM], "input hard-mask.png"),
    "animate-output-is-mask": (["animate", "a.png", "b.png", "-o", "b.gif", "--order",
                                "mask:b.gif", *ANIM], "input"),
    "animate-output-hardlink-to-mask": (["animate", "a.png", "b.png", "-o", "hard.gif",
                                         "--order", "mask:mask.png", *ANIM], "input"),
    "animate-output-symlink-to-mask": (["animate", "a.png", "b.png", "-o", "soft.gif",
                                        "--order", "mask:mask.png", *ANIM], "input"),
    "animate-second-order-mask": (["animate", "a.png", "b.png", "a.png", "-o", "soft.gif",
                                   "--order", "raster,mask:mask.png", *ANIM], "input"),
    "animate-model-over-mask": (["animate", "a.png", "b.png", "-o", "x.gif", "--export-model",
                                 "mm.lp", "--order", "mask:mask.png", *ANIM], "input"),
    "still-model-hardlink-to-input": (["still", "a.png", "-o", "x.png", "--export-model", "a.lp",
                                       "--size", "12x10"], "input"),
    "play-output-symlink-to-image": (["play", "--image", "a.png", "-o", "soft.html"], "input"),
    "preview-output-hardlink-to-input": (["preview", "a.png", "-o", "hard.png"], "input"),
    # Every frame-named entry of a --frames folder is replaced or removed: each must be a file.
    "animate-frame-name-is-folder": (["animate", "a.png", "b.png", "-o", "x.gif", "--frames",
                                      "fr1", *ANIM], "fr1/frame_00003.png: it is a folder"),
    "animate-frame-name-is-symlink": (["animate", "a.png", "b.png", "--frames", "fr2", *ANIM],
                                       "fr2/frame_00001.png: it is not a regular file"),
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
    picture(work / "fr0" / "frame_00000.png", 3)
    (work / "page.html").write_text("<p>not a picture</p>")
    picture(work / "mask.png", 4)
    os.link(work / "mask.png", work / "hard.gif")
    (work / "soft.gif").symlink_to(work / "mask.png")
    (work / "soft-mask.png").symlink_to(work / "fr0" / "frame_00000.png")
    os.link(work / "fr0" / "frame_00000.png", work / "hard-mask.png")
    (work / "mm-2.lp").symlink_to(work / "mask.png")
    os.link(work / "a.png", work / "a.lp")
    (work / "soft.html").symlink_to(work / "a.png")
    (work / "fr1").mkdir()
    (work / "fr1" / "frame_00000.png").write_bytes(b"an older frame")
    (work / "fr1" / "frame_00003.png").mkdir()
    (work / "fr2").mkdir()
    (work / "fr2" / "frame_00001.png").symlink_to(work / "page.html")
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
    from lightsart._output import render

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
        assert json.loads(capsys.readouterr().out)["click_count"] == 5
        assert sorted(os.listdir(work)) == before  # the lookup created nothing


def test_long_state_is_not_echoed(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(["solve", "--state", "1" * 5000, "--size", "5x5"], work, capsys)
    assert "1" * 100 not in line


# ------------------------------------------------------------------------ stale temp files


def _temp(folder: Path, pid: int, host: str | None = None, name: str = "x.gif") -> Path:
    host = host or HOST
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
    foreign = _temp(tmp_path, 1, host="abcdef", name="z.gif")
    backup = tmp_path / f".x.gif.lightsart-{HOST}-{_dead_pid()}-0badf00d.tmp.old"
    backup.write_bytes(b"an old output")
    (tmp_path / ".x.gif.123456.gif").write_bytes(b"not our naming")
    assert commit.sweep(tmp_path) == [dead.name]
    # Another host's leftover and a backup (an old output) go once a day old, by their ctime.
    removed = commit.sweep(tmp_path, now=time.time() + STALE_SECONDS)
    assert sorted(removed) == sorted([foreign.name, backup.name])
    assert live.exists() and (tmp_path / ".x.gif.123456.gif").exists()


def test_next_run_sweeps_a_killed_runs_leftover(work: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    leftover = _temp(work / "sub", _dead_pid())
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


# ------------------------------------------- all or nothing: a commit that fails midway

#: Each output kind: a run that leaves older outputs, then the run under test, which replaces
#: them with other content (another size) and, for frames, fewer of them (older ones removed).
NEW = ["--size", "16x12", "--cell", "2", "--clicks-per-frame", "100000"]
COMMIT_KINDS: dict[str, tuple[list[str], list[str]]] = {
    "still": (["still", "a.png", "-o", "s.png", "--target-out", "t.png", "--compare", "c.png",
               "--size", "12x10"],
              ["still", "a.png", "-o", "s.png", "--target-out", "t.png", "--compare", "c.png",
               "--size", "16x12"]),
    "animate-gif-frames-models": (
        ["animate", "a.png", "b.png", "-o", "x.gif", "--frames", "fr", "--export-model", "m.lp",
         *ANIM, "--clicks-per-frame", "20"],
        ["animate", "a.png", "b.png", "-o", "x.gif", "--frames", "fr", "--export-model", "m.lp",
         *NEW]),
    "animate-mp4-frames": (["animate", "a.png", "b.png", "-o", "x.mp4", "--frames", "fr", *ANIM,
                            "--clicks-per-frame", "20"],
                           ["animate", "a.png", "b.png", "-o", "x.mp4", "--frames", "fr", *NEW]),
    "animate-html-new-frames": (["animate", "a.png", "b.png", "-o", "x.html", *ANIM],
                                ["animate", "a.png", "b.png", "-o", "x.html", "--frames", "fr",
                                 *NEW]),
    "preview": (["preview", "a.png", "-o", "p.png", "--size", "12x10"],
                ["preview", "a.png", "-o", "p.png", "--size", "16x12"]),
    "play": (["play", "-o", "g.html"], ["play", "--image", "a.png", "-o", "g.html", "--size", "6x6"]),
    "census-db": (["census", "3x3", "--db", "d.sqlite"], ["census", "4x4", "--db", "d.sqlite"]),
}


def _hidden(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob(".*"))


def _during_commit(monkeypatch: pytest.MonkeyPatch, before: object = None) -> list[bool]:
    """A flag that is true while a command's outputs are committed (``before`` runs first)."""
    flag = [False]
    real = staging.Transaction.commit

    def commit(self: staging.Transaction) -> None:
        if callable(before):
            before()
        flag[0] = True
        try:
            real(self)
        finally:
            flag[0] = False

    monkeypatch.setattr(staging.Transaction, "commit", commit)
    return flag


def _break_call(monkeypatch: pytest.MonkeyPatch, k: int, names: tuple[str, ...],
                fail: type[BaseException] | None = None) -> dict[str, object]:
    """Make the ``k``-th call (from 0) of ``os.<names>`` during a commit fail: an OSError
    (EACCES, as a folder another user owns would give), or ``fail`` raised as it is."""
    state: dict[str, object] = {"calls": 0, "fired": False}
    active = _during_commit(monkeypatch)
    for name in names:
        real = getattr(os, name)

        def fake(*args: object, _real: object = real, **kwargs: object) -> object:
            if active[0]:
                n = int(state["calls"])  # type: ignore[call-overload]
                state["calls"] = n + 1
                if n == k:
                    state["fired"] = True
                    if fail is not None:
                        raise fail()
                    raise OSError(errno.EACCES, os.strerror(errno.EACCES))
            out = _real(*args, **kwargs)  # type: ignore[operator]
            return out

        monkeypatch.setattr(os, name, fake)
    return state


def _reset(work: Path, pristine: Path) -> None:
    """Put ``work`` back as ``pristine`` holds it."""
    for entry in work.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    shutil.copytree(pristine, work, symlinks=True, dirs_exist_ok=True)


def _old_and_new(kind: str, work: Path, pristine: Path,
                 capsys: pytest.CaptureFixture[str]) -> tuple[dict[str, str], dict[str, str]]:
    """Leave ``kind``'s older outputs in ``work`` (a copy in ``pristine``); return the folder
    as it is then and as a successful run under test leaves it (``"new"`` for a file whose
    bytes differ from run to run, as a census database's timing does)."""
    old, new = COMMIT_KINDS[kind]
    assert main(old) == 0
    shutil.copytree(work, pristine, symlinks=True, dirs_exist_ok=True)
    old_set = snapshot(work)
    runs = []
    for _ in range(2):
        assert main(new) == 0
        runs.append(snapshot(work))
    capsys.readouterr()
    assert runs[0].keys() == runs[1].keys()
    # A census database the run writes records how long it took: two runs may agree by chance
    # and a third not, so its bytes count as "new" (an untouched one keeps its digest).
    new_set = {n: "new" if d != runs[1][n] or (n.endswith(".sqlite") and d != old_set.get(n))
               else d for n, d in runs[0].items()}
    changed = [n for n, d in new_set.items() if d != "dir" and d != old_set.get(n)]
    assert changed and all(n not in old_set or new_set[n] != old_set[n] for n in changed)
    _reset(work, pristine)
    return old_set, new_set


def _is_new_set(work: Path, old_set: dict[str, str], new_set: dict[str, str]) -> bool:
    now = snapshot(work)
    return now.keys() == new_set.keys() and all(
        d == new_set[n] or (new_set[n] == "new" and d != old_set.get(n)) for n, d in now.items())


@pytest.mark.parametrize("kind", sorted(COMMIT_KINDS))
def test_commit_fails_at_every_step(kind: str, work: Path, tmp_path_factory: pytest.TempPathFactory,
                                    capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Each link, rename or unlink of the commit fails in turn (EACCES): either the run works
    around it (a backup moved aside instead of linked; a backup left for the next run's sweep)
    and writes the whole new set, or it exits 2 with one line saying nothing was changed and
    every older output byte for byte as it was. No temporary or backup file is left (once
    swept a day later, where a backup could not be removed)."""
    pristine = tmp_path_factory.mktemp("pristine")
    old_set, new_set = _old_and_new(kind, work, pristine, capsys)
    refusals = 0
    for k in range(500):
        _reset(work, pristine)
        with monkeypatch.context() as m:
            state = _break_call(m, k, ("link", "replace", "rename", "unlink"))
            code = main(COMMIT_KINDS[kind][1])
        err = capsys.readouterr().err
        if not state["fired"]:
            break
        if code == 0:  # a backup that could not be removed: a leftover swept a day later
            for folder in (work, work / "fr"):
                commit.sweep(folder, now=time.time() + STALE_SECONDS)
            assert _is_new_set(work, old_set, new_set), (k, err)
        else:
            refusals += 1
            assert code == 2 and err.count("\n") == 1 and "nothing was changed" in err, (k, err)
            assert snapshot(work) == old_set, (k, err)
    assert code == 0 and _is_new_set(work, old_set, new_set)
    assert refusals >= 2  # preparing and putting in place each failed at least once


def test_commit_fails_at_every_step_without_o_tmpfile(
        work: Path, tmp_path_factory: pytest.TempPathFactory,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The same with the named fallback (systems without ``O_TMPFILE``)."""
    monkeypatch.delattr(os, "O_TMPFILE")
    test_commit_fails_at_every_step("still", work, tmp_path_factory, capsys, monkeypatch)


#: Something in the way of one output, made after the run was planned (just before its
#: commit), so only the commit's own checks can see it.
OBSTACLES: dict[str, tuple[str, str, str]] = {
    # kind, obstacle, expected in the line
    "still-compare-is-folder": ("still", "folder c.png", "c.png: it is a folder"),
    "still-sticky-compare": ("still", "sticky c.png", "c.png: it belongs to another user"),
    "still-folder-not-writable": ("still", "unwritable .", "not writable"),
    "still-target-out-sticky": ("still", "sticky t.png", "t.png: it belongs to another user"),
    "gif-is-folder": ("animate-gif-frames-models", "folder x.gif", "x.gif: it is a folder"),
    "model-is-folder": ("animate-gif-frames-models", "folder m-2.lp", "m-2.lp: it is a folder"),
    "model-sticky": ("animate-gif-frames-models", "sticky m-1.lp", "m-1.lp: it belongs"),
    "frame-name-is-folder": ("animate-gif-frames-models", "folder fr/frame_00001.png",
                             "fr/frame_00001.png: it is a folder"),
    "older-frame-is-folder": ("animate-gif-frames-models", "folder fr/frame_00003.png",
                              "fr/frame_00003.png: it is a folder"),
    "frames-folder-not-writable": ("animate-gif-frames-models", "unwritable fr", "not writable"),
    "sticky-older-frame": ("animate-mp4-frames", "sticky fr/frame_00002.png",
                           "fr/frame_00002.png: it belongs to another user"),
    "mp4-is-folder": ("animate-mp4-frames", "folder x.mp4", "x.mp4: it is a folder"),
    "html-frames-folder-is-file": ("animate-html-new-frames", "file fr", "fr"),
    "preview-is-folder": ("preview", "folder p.png", "p.png: it is a folder"),
    "play-sticky": ("play", "sticky g.html", "g.html: it belongs to another user"),
    "census-db-not-writable": ("census-db", "unwritable .", "not writable"),
}


def _obstacle(work: Path, how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kind, name = how.split()
    path = work / name
    if kind in ("folder", "file"):
        if path.exists():
            path.unlink()  # an older output: the test removes it, the run must not
        path.mkdir() if kind == "folder" else path.write_bytes(b"in the way")
    elif kind == "unwritable":
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, mode, **kw: (
            False if os.path.abspath(p) == str(path) else real(p, mode, **kw)))
    else:  # another user's file in a sticky folder; we are user 4321 (not root), as are ours
        folder = path.parent
        for entry in folder.iterdir():
            os.chown(entry, 4321, -1, follow_symlinks=False)
        os.chown(folder, 1111, -1)
        folder.chmod(0o1777)
        os.chown(path, 1234, -1)
        monkeypatch.setattr(os, "geteuid", lambda: 4321)


@pytest.mark.parametrize("case", sorted(OBSTACLES))
def test_commit_checks_every_name_first(case: str, work: Path,
                                        capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    kind, how, match = OBSTACLES[case]
    old, new = COMMIT_KINDS[kind]
    assert main(old) == 0
    capsys.readouterr()
    _during_commit(monkeypatch, lambda: _obstacle(work, how, monkeypatch))
    before = snapshot(work)
    assert main(new) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and match in err and "nothing was changed" in err, err
    after = snapshot(work)
    name = how.split()[1]
    if how.startswith(("folder", "file")):  # the obstacle stays as it was made
        assert after.pop(name) == ("dir" if how.startswith("folder") else
                                   hashlib.sha256(b"in the way").hexdigest())
        before.pop(name, None)
    assert after == before
    assert _hidden(work) == []


@pytest.mark.parametrize("how", ["sticky c.png", "unwritable ."])
def test_permissions_are_checked_before_any_work(how: str, work: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's case: in a sticky folder, another user's c.png is refused before the work."""
    old, new = COMMIT_KINDS["still"]
    assert main(old) == 0
    capsys.readouterr()
    _obstacle(work, how, monkeypatch)
    monkeypatch.setattr("lightsart._pipeline.fit_pictures", _enospc)  # no work may start
    refused(new, work, capsys, "c.png: it belongs to another user and folder . is sticky"
            if how.startswith("sticky") else "folder . is not writable")


@pytest.fixture
def immutable() -> Iterator[object]:
    """Make files immutable (``chattr +i``: even root cannot replace, link or rename them);
    skipped where that is not possible (not root, or a file system without it)."""
    made: list[Path] = []

    def make(path: Path) -> None:
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
        if done.returncode != 0:
            pytest.skip("cannot make a file immutable here; the emulated failures still run")
        made.append(path)

    yield make
    for path in made:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True)


@pytest.mark.parametrize(("kind", "name"), [
    ("still", "c.png"),  # the third of three files
    ("animate-gif-frames-models", "m-2.lp"),  # the last output, after the GIF and the frames
    ("animate-gif-frames-models", "fr/frame_00003.png"),  # an older frame to remove
])
def test_a_real_failure_midway(kind: str, name: str, work: Path, immutable: Any,
                               capsys: pytest.CaptureFixture[str]) -> None:
    """No emulation: one name of the commit cannot be replaced after others were; the others
    come back byte for byte."""
    old, new = COMMIT_KINDS[kind]
    assert main(old) == 0
    capsys.readouterr()
    immutable(work / name)
    line = refused(new, work, capsys, "nothing was changed")
    assert f"{name}: Operation not permitted" in line


class _Crash(BaseException):
    """The process dies here: no rollback, no clean-up of what it did so far."""


def _old_or_new(now: dict[str, str], old_set: dict[str, str], new_set: dict[str, str]) -> bool:
    """Whether every visible name holds its old or its new content (or either's absence)."""
    names = {n for n in [*old_set, *new_set, *now] if not Path(n).name.startswith(".")}
    return all(now.get(n) in (old_set.get(n), new_set.get(n)) or (
        new_set.get(n) == "new" and n in now) for n in names)


@pytest.mark.parametrize("kind", ["animate-gif-frames-models", "animate-html-new-frames"])
def test_a_crash_midway_leaves_each_name_old_or_new(kind: str, work: Path, tmp_path_factory:
                                                   pytest.TempPathFactory,
                                                   capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The run dies after k steps of its commit, for every k: each name holds its old file or
    its new one, whole. The next run's sweep moves no visible name and removes the dead run's
    staged files at once and its backups (old outputs) a day later."""
    pristine = tmp_path_factory.mktemp("pristine")
    old_set, new_set = _old_and_new(kind, work, pristine, capsys)
    new = COMMIT_KINDS[kind][1]
    for k in range(500):
        _reset(work, pristine)
        with monkeypatch.context() as m:
            state = _break_call(m, k, ("link", "replace", "rename", "unlink"), _Crash)
            with contextlib.suppress(_Crash):
                main(new)
        if not state["fired"]:
            break
        capsys.readouterr()
        crashed = snapshot(work)
        assert _old_or_new(crashed, old_set, new_set), (k, crashed)
        with monkeypatch.context() as m:
            m.setattr("lightsart._output.commit.alive", lambda pid: False)  # it died
            for folder in (work, work / "fr"):
                commit.sweep(folder)
            visible = {n: d for n, d in snapshot(work).items() if ".lightsart-" not in n}
            assert visible == {n: d for n, d in crashed.items() if ".lightsart-" not in n}, k
            assert all(n.endswith(".tmp.old") for n in _hidden(work)), (k, _hidden(work))
            for folder in (work, work / "fr"):
                commit.sweep(folder, now=time.time() + STALE_SECONDS)
        assert _hidden(work) == [], k
    assert k >= 5


def test_a_killed_commit_changes_nothing_at_the_next_run(work: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A real SIGKILL between two renames of the commit: two names hold their new files, the
    others their old ones; the next run into one of its folders moves none of them back, removes
    the killed run's staged files, and keeps its backups (the old outputs) for a day."""
    old, new = COMMIT_KINDS["animate-gif-frames-models"]
    assert main(old) == 0
    capsys.readouterr()
    old_set = snapshot(work)
    script = (
        "import os, signal, sys\n"
        "from lightsart._cli import main\n"
        "real, calls = os.replace, [0]\n"
        "def replace(*a, **k):\n"
        "    calls[0] += 1\n"
        "    if calls[0] == 3:\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n"
        "    return real(*a, **k)\n"
        "os.replace = replace\n"
        "sys.exit(main(sys.argv[1:]))\n")
    done = subprocess.run([sys.executable, "-c", script, *new], cwd=work, capture_output=True)
    assert done.returncode == -signal.SIGKILL, done.stderr
    crashed = snapshot(work)
    changed = [n for n, d in old_set.items() if crashed.get(n) != d]
    assert len(changed) == 2 and all(".lightsart-" not in n for n in changed), changed
    assert main(["still", "a.png", "-o", "z.png", "--size", "12x10"]) == 0
    (work / "z.png").unlink()
    commit.sweep(work / "fr")  # as a run writing frames there would
    after = snapshot(work)
    assert {n: d for n, d in after.items() if ".lightsart-" not in n} == {
        n: d for n, d in crashed.items() if ".lightsart-" not in n}
    assert _hidden(work) and all(n.endswith(".tmp.old") for n in _hidden(work)), _hidden(work)
    assert main(new) == 0
    for folder in (work, work / "fr"):
        commit.sweep(folder, now=time.time() + STALE_SECONDS)
    assert _hidden(work) == []


def _journal(folder: Path, pid: int, steps: list[dict[str, object]]) -> Path:
    path = folder / f".commit.lightsart-{HOST}-{pid}-0badf00d.tmp.journal"
    path.write_text(json.dumps({"format": "lightsart-commit-1", "journals": [str(path)],
                                "steps": steps}))
    return path


def test_a_forged_journal_touches_nothing_outside(tmp_path: Path) -> None:
    """A journal (as lightsart 0.2 wrote them) names paths; the sweep never reads one, so a
    hostile user in a shared folder cannot make the next run move or delete other files."""
    shared, victim = tmp_path / "shared", tmp_path / "victim"
    shared.mkdir()
    victim.mkdir()
    (victim / "precious.txt").write_text("keep me")
    (victim / "inside").mkdir()
    planted = shared / f".precious.txt.lightsart-{HOST}-1-0badf00d.tmp.old"
    planted.write_text("the attacker's")
    inode = os.lstat(victim / "inside")
    journal = _journal(shared, _dead_pid(), [
        {"target": str(victim / "precious.txt"), "new": None, "backup": str(planted),
         "new_id": None, "frame": False, "folder": False},
        {"target": str(shared / "fr"), "new": str(victim / "inside"),
         "backup": str(shared / ".fr.old"), "new_id": [inode.st_dev, inode.st_ino],
         "frame": False, "folder": True},
    ])
    before = snapshot(victim)
    commit.sweep(shared)
    assert snapshot(victim) == before and (victim / "precious.txt").read_text() == "keep me"
    assert not journal.exists()  # a dead run's leftover of ours: removed unread


def test_another_users_leftovers_are_left_alone(tmp_path: Path) -> None:
    """Another user's journal and backup (a run of theirs killed while committing) are
    neither acted on nor removed; ours would be removed (never read), and no name is moved."""
    old = tmp_path / "x.gif"
    old.write_bytes(b"the new one")
    backup = tmp_path / f".x.gif.lightsart-{HOST}-1-0badf00d.tmp.old"
    backup.write_bytes(b"their old one")
    new = os.lstat(old)  # the new file, put in place before the kill
    journal = _journal(tmp_path, _dead_pid(), [
        {"target": str(old), "new": str(tmp_path / f".x.gif.lightsart-{HOST}-1-0.tmp"),
         "backup": str(backup), "new_id": [new.st_dev, new.st_ino], "frame": False,
         "folder": False}])
    for path in (journal, backup):
        os.chown(path, 1234, 1234)
    before = snapshot(tmp_path)
    commit.sweep(tmp_path, now=time.time() + STALE_SECONDS)
    assert snapshot(tmp_path) == before
    for path in (journal, backup):
        os.chown(path, os.getuid(), os.getgid())
    commit.sweep(tmp_path, now=time.time() + STALE_SECONDS)
    assert old.read_bytes() == b"the new one" and sorted(os.listdir(tmp_path)) == ["x.gif"]


def test_a_failed_restore_says_what_was_left(work: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """If putting an old file back fails too, the line names it (not "nothing was changed")
    and where its old file is; that backup is kept a day."""
    old, new = COMMIT_KINDS["still"]
    assert main(old) == 0
    capsys.readouterr()
    old_set = snapshot(work)
    with monkeypatch.context() as m:
        # Calls: 3 names given to the files, 3 backups, then c.png's rename (the third) fails.
        state = _break_call(m, 8, ("link", "replace", "rename"))
        real = os.replace
        m.setattr(os, "replace", lambda a, b, **k: (  # and putting back s.png fails too
            _enospc() if str(a).startswith(".s.png") and str(a).endswith(".old") else
            real(a, b, **k)))
        assert main(new) == 2
    assert state["fired"]
    err = capsys.readouterr().err
    assert err.startswith("lightsart: error: cannot write c.png: Permission denied;"), err
    assert "nothing was changed" not in err and "s.png holds the new file" in err, err
    assert err.count("\n") == 1
    backup = err.split("its old file is ")[1].split()[0].rstrip(";")
    now = snapshot(work)
    assert now[backup] == old_set["s.png"]  # the old s.png, where the line says
    assert {n: d for n, d in now.items() if n not in (backup, "s.png")} == {
        n: d for n, d in old_set.items() if n != "s.png"}
    with monkeypatch.context() as m:
        m.setattr("lightsart._output.commit.alive", lambda pid: False)
        commit.sweep(work)
    assert (work / backup).exists()  # kept a day, for the user to take back


# ----------------------------------------------------------------- signals and concurrency

SLOW = ["animate", "a.png", "b.png", "--size", "160x120", "--cell", "2",
        "--clicks-per-frame", "1"]


def _start(argv: list[str], cwd: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    # A shell runs background jobs with SIGINT ignored, and Python keeps an ignored SIGINT: the
    # run starts with the default, as from a terminal, whatever ran the tests.
    return subprocess.Popen([sys.executable, "-m", "lightsart", *argv], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


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

