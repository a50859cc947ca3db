from __future__ import annotations

import subprocess
import sys

import lightsart


def test_all_is_sorted_and_every_name_resolves() -> None:
    assert lightsart.__all__ == sorted(lightsart.__all__)
    for name in lightsart.__all__:
        assert getattr(lightsart, name) is not None


def test_public_names_match_all() -> None:
    public = {n for n in dir(lightsart) if not n.startswith("_")} | {"__version__"}
    assert public == set(lightsart.__all__)


def test_cli_start_up_does_not_import_heavy_libraries() -> None:
    code = (
        "import sys; from lightsart.cli import build_parser; build_parser(); "
        "print(','.join(m for m in ('PIL', 'pulp', 'imageio', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
