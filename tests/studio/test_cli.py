"""``lightsart studio`` from the command line: help without the server stack, one line when
the extra is missing, the address printed, the temporary folder removed on Ctrl-C."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

PYTHON = sys.executable


def test_help_imports_no_server() -> None:
    code = ("import sys\nfrom lightsart._cli import main\ntry:\n    main(['studio', '--help'])\n"
            "except SystemExit:\n    pass\nprint('IMPORTED', ' '.join(sorted(sys.modules)))")
    run = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, timeout=60)
    modules = set(run.stdout.split("IMPORTED", 1)[1].split())
    assert not modules & {"starlette", "uvicorn", "anyio", "numpy", "lightsart._studio.app"}


def test_without_the_extra_one_line_says_how_to_install(tmp_path: Path) -> None:
    # A starlette that cannot be found: a module of that name that is not a package spec.
    (tmp_path / "sitecustomize.py").write_text(
        "import sys\nclass _No:\n    def find_spec(self, name, path=None, target=None):\n"
        "        if name in ('starlette', 'uvicorn'):\n            raise ModuleNotFoundError(name)\n"
        "sys.meta_path.insert(0, _No())\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    run = subprocess.run([PYTHON, "-m", "lightsart", "studio", "--no-browser"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "pip install 'lightsart[studio]'" in run.stderr


def test_prints_the_address_and_cleans_up_on_ctrl_c(tmp_path: Path) -> None:
    # Ctrl-C as a terminal sends it: SIGINT at its default (a test run in the background of a
    # non-interactive shell inherits it ignored, and then nothing would be interrupted).
    with subprocess.Popen([PYTHON, "-m", "lightsart", "studio", "--no-browser"],
                          env={**os.environ, "TMPDIR": str(tmp_path)},
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, line
        folders = list(tmp_path.glob("lightsart-studio-*"))
        assert len(folders) == 1
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert not any(p.exists() for p in folders)


def test_a_script_that_exits_with_the_studio_running_leaves_no_folder(tmp_path: Path) -> None:
    code = ("import threading\nfrom lightsart._studio import serve\nready = threading.Event()\n"
            "threading.Thread(target=serve, kwargs={'port': 0, 'ready': lambda a, s: ready.set()},"
            " daemon=True).start()\nassert ready.wait(60)\n")
    run = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "TMPDIR": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    assert list(tmp_path.iterdir()) == []
