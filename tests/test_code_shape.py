"""Functions a reader can hold: none above radon's cyclomatic complexity 20, none over 80 lines
(issue 21), checked by ``scripts/check_functions.py``; and the checker itself catches both."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from script_loader import load_script

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("radon")


def _checker() -> ModuleType:
    return load_script("scripts/check_functions.py")


def test_no_function_is_too_long_or_too_branchy() -> None:
    offenders = _checker().offenders(ROOT / "lightsart")
    assert not offenders, "split these functions:\n" + "\n".join(offenders)


def test_the_checker_finds_a_long_and_a_branchy_function(tmp_path: Path) -> None:
    checker = _checker()
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(checker.MAX_COMPLEXITY))
    # A def, the statements and a return: 80 lines with MAX_LINES - 2 statements.
    fits = "".join(f"    y{i} = {i}\n" for i in range(checker.MAX_LINES - 2))
    body = fits + "    y = 1\n    y = 2\n"
    (tmp_path / "shapes.py").write_text(
        "def branchy(x):\n" + branches + "    return -1\n\n\n"
        "def just_branchy_enough(x):\n" + branches[: branches.rindex("    if")] + "    return -1\n\n\n"
        "class Holder:\n    def long(self):\n" + body.replace("    ", "        ") + "        return 0\n\n\n"
        "def just_long_enough():\n" + fits + "    return 0\n"
    )
    found = checker.offenders(tmp_path)
    assert len(found) == 2, found
    assert "branchy: complexity 21 > 20" in found[0]
    assert "Holder.long: 82 lines > 80" in found[1]


def test_a_docstring_does_not_count_towards_a_functions_length(tmp_path: Path) -> None:
    """numpydoc sections (issue 24) are documentation: a short function with a long docstring
    fits, and the same lines as code do not."""
    checker = _checker()
    doc = "    \"\"\"Summary.\n\n" + "    A line of documentation.\n" * checker.MAX_LINES + "    \"\"\"\n"
    code = "".join(f"    y{i} = {i}\n" for i in range(checker.MAX_LINES))
    (tmp_path / "documented.py").write_text(
        "def documented():\n" + doc + "    return 0\n\n\n"
        "def coded():\n" + code + "    return 0\n")
    found = checker.offenders(tmp_path)
    assert len(found) == 1 and "coded: 82 lines > 80" in found[0], found
