"""The refusal contract shared by the adversarial tests: one line on stderr, exit 2, nothing on
stdout, and every file under the folder exactly as it was."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from lightsart._cli import main


def picture(path: Path, seed: int, size: tuple[int, int] = (40, 32)) -> None:
    """A smooth grey picture of ``size`` (width, height) pixels in blocks of 8, seeded: what the
    adversarial tests feed the commands."""
    rng = np.random.default_rng(seed)
    smooth = np.kron(rng.integers(0, 256, (size[1] // 8, size[0] // 8)), np.ones((8, 8)))
    Image.fromarray(smooth.astype(np.uint8)).save(path)


def snapshot(folder: Path) -> dict[str, str]:
    """Every entry under ``folder`` (hidden ones too) with a hash of its bytes."""
    out: dict[str, str] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            p = Path(root) / name
            rel = str(p.relative_to(folder))
            if p.is_symlink() or p.is_dir():
                out[rel] = "link" if p.is_symlink() else "dir"
            elif not p.is_file():  # a named pipe: reading it would wait for a writer
                out[rel] = "special"
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
