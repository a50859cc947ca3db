"""After a crash, the next run cannot be turned against the user (issue 30, items 4 and 5).

A run killed while putting its outputs in place leaves each name holding its old file or its
new one, whole; the next run only removes its own hidden leftovers (our name pattern, owned by
the user running now, a regular file or folder, not through a link, of a process that is gone).
It never reads a file it finds to decide what to move or delete, so nothing planted in a shared
folder (a named pipe, a link to ``/dev/zero``, a forged journal, a hidden "backup") can make it
hang, fill memory, delete or move a file. Each attack runs the real CLI in a child process with
a time and memory bound, so a regression fails instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from refusal import snapshot

from lightsart._output import commit

HOST = commit.HOST
STILL = ["still", "a.png", "--size", "12x10"]
#: A run that writes frames slowly enough to be killed midway.
SLOW = ["animate", "a.png", "b.png", "--size", "160x120", "--cell", "2", "--clicks-per-frame", "1"]
OTHER = 1234  # another user's id (the tests run as root, who may give files away)


def _picture(path: Path, seed: int) -> None:
    rng = np.random.default_rng(seed)
    smooth = np.kron(rng.integers(0, 256, (4, 5)), np.ones((8, 8)))
    Image.fromarray(smooth.astype(np.uint8)).save(path)


@pytest.fixture
def work(tmp_path: Path) -> Path:
    _picture(tmp_path / "a.png", 1)
    _picture(tmp_path / "b.png", 2)
    return tmp_path


def _bounded() -> None:
    """The child's limits: 3 GB of address space (a run needs a few hundred MB)."""
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _run(argv: list[str], cwd: Path, *, script: str | None = None,
         timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """lightsart in a child process (``script`` instead of ``-m lightsart``), bounded in time
    (a hang fails the test with TimeoutExpired) and memory."""
    head = ["-c", script] if script is not None else ["-m", "lightsart"]
    return subprocess.run([sys.executable, *head, *argv], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout, preexec_fn=_bounded)


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _journal_name(pid: int) -> str:
    return f".commit.lightsart-{HOST}-{pid}-0badf00d.tmp.journal"


def _shared(work: Path) -> Path:
    """A shared sticky folder (as /tmp is) inside the test's folder."""
    shared = work / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    for name in ("a.png", "b.png"):
        os.link(work / name, shared / name)
    return shared


# ------------------------------------------------------------- things planted under our names


def test_another_users_pipe_under_a_journals_name_does_not_hang(work: Path) -> None:
    shared = _shared(work)
    pipe = shared / _journal_name(_dead_pid())
    os.mkfifo(pipe)
    os.chown(pipe, OTHER, OTHER)
    done = _run([*STILL, "-o", "out.png"], shared, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (shared / "out.png").is_file() and pipe.exists()  # theirs: left alone


def test_another_users_link_to_dev_zero_is_not_read(work: Path) -> None:
    shared = _shared(work)
    link = shared / _journal_name(_dead_pid())
    link.symlink_to("/dev/zero")
    os.lchown(link, OTHER, OTHER)
    done = _run([*STILL, "-o", "out.png"], shared, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (shared / "out.png").is_file() and link.is_symlink()


def test_our_own_pipe_and_link_under_leftover_names_are_not_opened(work: Path) -> None:
    """The same user's pipe or link (of a dead process's name) is no file of ours: not opened."""
    pid = _dead_pid()
    os.mkfifo(work / _journal_name(pid))
    (work / f".x.png.lightsart-{HOST}-{pid}-0badf00d.tmp.old").symlink_to("/dev/zero")
    done = _run([*STILL, "-o", "out.png"], work, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (work / "out.png").is_file()


def _forged(folder: Path, steps: list[dict[str, object]]) -> Path:
    """A journal in the format lightsart 0.2 wrote (owned by the user running the tests)."""
    path = folder / _journal_name(_dead_pid())
    path.write_text(json.dumps({"format": "lightsart-commit-1", "journals": [str(path)],
                                "steps": steps}))
    return path


def test_a_journal_naming_a_file_and_a_folder_deletes_neither(work: Path) -> None:
    """A journal that gives an existing file and folder, with their own (device, inode), as
    "the new file" of a commit: the next unrelated run removes neither."""
    (work / "precious.txt").write_text("keep me")
    (work / "photos").mkdir()
    (work / "photos" / "one.jpg").write_bytes(b"a photo")
    steps: list[dict[str, object]] = []
    for name, folder in (("precious.txt", False), ("photos", True)):
        info = os.lstat(work / name)
        steps.append({"target": str(work / name),
                      "new": str(work / f".{name}.lightsart-{HOST}-1-0badf00d.tmp"),
                      "backup": str(work / f".{name}.lightsart-{HOST}-1-0badf00d.tmp.old"),
                      "new_id": [info.st_dev, info.st_ino], "frame": False, "folder": folder})
    _forged(work, steps)
    done = _run([*STILL, "-o", "out.png"], work)
    assert done.returncode == 0, done.stderr
    assert (work / "precious.txt").read_text() == "keep me"
    assert (work / "photos" / "one.jpg").read_bytes() == b"a photo"


def test_a_planted_backup_is_never_moved_onto_a_name(work: Path) -> None:
    """A hidden "backup" and a journal naming a missing file: the next run moves nothing."""
    planted = work / f".notes.txt.lightsart-{HOST}-1-0badf00d.tmp.old"
    planted.write_text("never written by lightsart")
    _forged(work, [{"target": str(work / "notes.txt"),
                    "new": str(work / f".notes.txt.lightsart-{HOST}-1-0badf00d.tmp"),
                    "backup": str(planted), "new_id": None, "frame": False, "folder": False}])
    done = _run([*STILL, "-o", "out.png"], work)
    assert done.returncode == 0, done.stderr
    assert not (work / "notes.txt").exists()


# ------------------------------------------------------------------------- a real crash


#: SIGKILL right after the ``K``-th ``os.replace`` of the run (3 outputs: 3 replaces).
_KILL_AFTER = """
import os, signal, sys
from lightsart._cli import main
K, real, calls = int(sys.argv.pop(1)), os.replace, [0]
def replace(*a, **k):
    out = real(*a, **k)
    calls[0] += 1
    if calls[0] == K:
        os.kill(os.getpid(), signal.SIGKILL)
    return out
os.replace = replace
sys.exit(main(sys.argv[1:]))
"""
THREE = ["-o", "s.png", "--target-out", "t.png", "--compare", "c.png"]


def _three(work: Path) -> tuple[dict[str, str], dict[str, str]]:
    """What the three outputs hold after the older run (12x10) and after the newer (16x12)."""
    assert _run([*STILL, *THREE, "--size", "16x12"], work).returncode == 0
    new = {n: d for n, d in snapshot(work).items() if n in ("s.png", "t.png", "c.png")}
    assert _run([*STILL, *THREE], work).returncode == 0
    old = {n: d for n, d in snapshot(work).items() if n in ("s.png", "t.png", "c.png")}
    assert all(old[n] != new[n] for n in old)
    return old, new


@pytest.mark.parametrize("k", [1, 2, 3])
def test_a_kill_midway_leaves_each_name_old_or_new(k: int, work: Path) -> None:
    """SIGKILL after each rename of a three-output commit: every name holds its old or its new
    file, whole; the next run moves none of them and sweeps the new files not put in place."""
    old, new = _three(work)
    done = _run([str(k), *STILL, *THREE, "--size", "16x12"], work, script=_KILL_AFTER)
    assert done.returncode == -signal.SIGKILL, done.stderr
    crashed = snapshot(work)
    assert sum(crashed[n] == new[n] for n in old) == k
    assert all(crashed[n] in (old[n], new[n]) for n in old)
    assert _run([*STILL, "-o", "z.png"], work).returncode == 0
    after = snapshot(work)
    assert {n: after[n] for n in old} == {n: crashed[n] for n in old}  # no name moved back
    assert not [n for n in after if n.startswith(".") and not n.endswith(".old")]


def test_an_output_edited_after_a_crash_keeps_the_edit(work: Path) -> None:
    """Killed once every output was in place but before the run finished: the user edits
    s.png in place (its inode unchanged); the next run leaves the edit alone."""
    _three(work)
    done = _run(["3", *STILL, *THREE, "--size", "16x12"], work, script=_KILL_AFTER)
    assert done.returncode == -signal.SIGKILL, done.stderr
    with open(work / "s.png", "r+b") as fh:
        fh.seek(0, os.SEEK_END)
        fh.write(b"the user's edit")
    edited = (work / "s.png").read_bytes()
    assert _run([*STILL, "-o", "z.png"], work).returncode == 0
    assert (work / "s.png").read_bytes() == edited


# ------------------------------------------------- item 4: a killed run's frame staging folder


def _kill_while_writing_frames(work: Path, frames: Path) -> subprocess.Popen[bytes]:
    """Start a slow ``animate --frames``, SIGKILL it once its hidden staging folder holds
    frames; return it unreaped (as a supervisor that has not yet waited for it leaves it)."""
    proc = subprocess.Popen([sys.executable, "-m", "lightsart", *SLOW, "--frames", str(frames)],
                            cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            preexec_fn=_bounded)
    deadline = time.monotonic() + 120
    while len([f for _, _, fs in os.walk(frames) for f in fs]) < 3:
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.1)
    os.kill(proc.pid, signal.SIGKILL)
    while Path(f"/proc/{proc.pid}/stat").read_text().split(")")[-1].split()[0] != "Z":
        time.sleep(0.05)  # until it is dead (a zombie, not waited for)
    return proc


def test_the_next_run_sweeps_a_killed_runs_frame_folder(work: Path) -> None:
    frames = work / "fr"
    frames.mkdir()
    proc = _kill_while_writing_frames(work, frames)
    try:
        hidden = [n for n in os.listdir(frames) if n.startswith(".")]
        assert hidden and all(commit.TEMP.fullmatch(n) for n in hidden)
        done = _run(["animate", "a.png", "b.png", "--size", "12x10", "--cell", "2",
                     "--frames", "fr"], work)
        assert done.returncode == 0, done.stderr
        assert [n for n in os.listdir(frames) if n.startswith(".")] == []
    finally:
        proc.wait()


def test_a_reused_process_id_does_not_keep_a_leftover(work: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A leftover named with the id of a running process that started after it was made (the
    id was reused) is a dead run's, and is swept."""
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        leftover = work / f".x.gif.lightsart-{HOST}-{sleeper.pid}-0badf00d.tmp.gif"
        leftover.write_bytes(b"half a GIF")
        made = os.lstat(leftover).st_ctime
        assert commit.sweep(work) == []  # running since before the file: it may be its maker
        start = commit.started(sleeper.pid)
        assert start is not None and start < made + 2
        # A few seconds "after" the file is within a network file system's clock skew.
        monkeypatch.setattr(commit, "started", lambda pid: made + 10)
        assert commit.sweep(work) == []
        monkeypatch.setattr(commit, "started", lambda pid: made + 3600)  # reused since
        assert commit.sweep(work, now=made + 3600) == [leftover.name]
    finally:
        sleeper.kill()
        sleeper.wait()


def test_only_our_own_regular_leftovers_are_swept(tmp_path: Path) -> None:
    """Of a dead process's names: another user's file or folder, a pipe and a link stay."""
    pid = _dead_pid()
    mine = tmp_path / f".a.png.lightsart-{HOST}-{pid}-01.tmp"
    mine.write_bytes(b"ours")
    folder = tmp_path / f".fr.lightsart-{HOST}-{pid}-02.tmp"
    folder.mkdir()
    (folder / "frame_00000.png").write_bytes(b"ours")
    theirs = tmp_path / f".b.png.lightsart-{HOST}-{pid}-03.tmp"
    theirs.write_bytes(b"theirs")
    os.chown(theirs, OTHER, OTHER)
    their_folder = tmp_path / f".gr.lightsart-{HOST}-{pid}-04.tmp"
    their_folder.mkdir()
    os.chown(their_folder, OTHER, OTHER)
    pipe = tmp_path / f".c.png.lightsart-{HOST}-{pid}-05.tmp"
    os.mkfifo(pipe)
    link = tmp_path / f".d.png.lightsart-{HOST}-{pid}-06.tmp"
    link.symlink_to(mine)
    assert sorted(commit.sweep(tmp_path)) == sorted([mine.name, folder.name])
    assert theirs.exists() and their_folder.exists() and pipe.exists() and link.is_symlink()


@pytest.mark.parametrize("pid", ["0", "9" * 30])
def test_a_process_id_no_process_can_have_is_a_dead_runs(pid: str, work: Path) -> None:
    """A leftover of ours named with id 0 (``kill(0)`` signals our own group) or one too large
    for the system (``kill`` overflowed: a traceback in every run into that folder)."""
    leftover = work / f".out.png.lightsart-{HOST}-{pid}-0badf00d.tmp"
    leftover.write_bytes(b"half a PNG")
    done = _run([*STILL, "-o", "out.png"], work)
    assert done.returncode == 0 and done.stderr.count("\n") <= 1, done.stderr
    assert not leftover.exists()
