"""The tree holds only source: no built packages, nothing large outside samples/ and docs/.

Four wheels (radon, mando, colorama, six) were once committed at the root by a merge; a
dependency belongs in pyproject.toml, and pictures and media belong in samples/ or docs/.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_BYTES = 1_000_000
ARCHIVES = (".whl", ".tar.gz", ".tgz", ".zip", ".egg", ".tar.bz2", ".tar.xz")
MEDIA_FOLDERS = ("samples/", "docs/")


def misplaced(files: Iterable[tuple[str, int]]) -> list[str]:
    """The tracked files (path, bytes) that should not be in the tree, with why."""
    found = []
    for path, size in files:
        if path.endswith(ARCHIVES):
            found.append(f"{path}: a built package or archive")
        elif size > MAX_BYTES and not path.startswith(MEDIA_FOLDERS):
            found.append(f"{path}: {size:,} bytes outside {' and '.join(MEDIA_FOLDERS)}")
    return found


def test_the_check_finds_what_it_should() -> None:
    assert misplaced([("six-1.17.0-py2.py3-none-any.whl", 11_000)]) != []
    assert misplaced([("samples/x.tar.gz", 10)]) != []
    assert misplaced([("data/big.npy", 2_000_000)]) != []
    assert misplaced([("docs/morph.gif", 2_000_000), ("samples/cat.png", 1_500_000),
                      ("lightsart/_rules.py", 20_000)]) == []


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="not a git checkout")
def test_the_tree_holds_only_source() -> None:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode().split("\0")
    files = [(p, (ROOT / p).stat().st_size) for p in listed if p and (ROOT / p).is_file()]
    assert len(files) > 100
    assert misplaced(files) == []
