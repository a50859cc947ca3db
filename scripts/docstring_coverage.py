"""Measure the numpydoc docstrings of lightsart's public names (issue 24).

A public name is one of ``lightsart.__all__`` (the settings and result types are among them).
It is covered when its docstring has a summary and the numpydoc sections its kind needs:
``Parameters`` for every function or class that takes arguments, ``Returns`` for every function
and class (a class returns its instance), and, for the main entry points (:data:`ENTRY_POINTS`),
an ``Examples`` section with ``>>>`` lines (the test command runs them: ``--doctest-modules``).
A public value that is neither a class nor callable (``CLICK_ORDERS``, a
:class:`~lightsart._registry.Registry`) takes no arguments and returns nothing: it is covered by a
summary in a docstring of its own (``value.__doc__ = ...``), not the one its class lends it.
Also counts the package's runnable ``>>>`` examples. Prints one line per gap and a summary;
exits 1 below 100 %.

Usage: ``python scripts/docstring_coverage.py [--quiet]``
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The names a visitor calls first: each must show an example that runs.
ENTRY_POINTS = ("make_still", "make_animation", "closest_board", "fewest_clicks", "transition",
                "load_target", "Rules", "Pictures", "Solving", "Timing", "Look", "algebra",
                "nullity")


@dataclass(frozen=True)
class Report:
    """One public name and the sections its docstring lacks."""

    name: str
    missing: tuple[str, ...]


def _sections(doc: str) -> set[str]:
    """The numpydoc section titles of ``doc`` (a title line underlined with dashes)."""
    lines = inspect.cleandoc(doc).splitlines()
    return {lines[k].strip() for k in range(len(lines) - 1)
            if lines[k].strip() and re.fullmatch(r"-{3,}", lines[k + 1].strip())}


def _takes_arguments(obj: object) -> bool:
    try:
        signature = inspect.signature(obj)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return any(name not in ("self", "cls") for name in signature.parameters)


def _is_value(obj: object) -> bool:
    """A public value (a registry, a constant), not a class, function or other callable."""
    return not isinstance(obj, type) and not callable(obj) and not inspect.ismodule(obj)


def _own_doc(obj: object) -> str:
    """The docstring set on the value itself (``getdoc`` would fall back to its class's)."""
    doc = getattr(obj, "__dict__", {}).get("__doc__")
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def check(name: str, obj: object) -> Report:
    """What the docstring of the public name ``name`` lacks (nothing: covered)."""
    if _is_value(obj):
        return Report(name, () if _own_doc(obj).strip() else ("docstring",))
    doc = inspect.getdoc(obj) or ""
    if isinstance(obj, type) and obj.__doc__ is None:
        doc = ""  # a class without its own docstring must not borrow its base's
    missing: list[str] = []
    if not doc.strip():
        return Report(name, ("docstring",))
    sections = _sections(doc)
    if _takes_arguments(obj) and "Parameters" not in sections:
        missing.append("Parameters")
    if "Returns" not in sections and not (isinstance(obj, type) and issubclass(obj, Exception)):
        missing.append("Returns")
    if name in ENTRY_POINTS and ("Examples" not in sections or ">>>" not in doc):
        missing.append("Examples")
    return Report(name, tuple(missing))


def public_reports() -> list[Report]:
    """A report for every name of ``lightsart.__all__`` but ``__version__``."""
    lightsart = importlib.import_module("lightsart")
    return [check(name, getattr(lightsart, name)) for name in lightsart.__all__
            if name != "__version__"]


def runnable_examples(package: Path = ROOT / "lightsart") -> tuple[int, int]:
    """``(docstrings with >>> examples, >>> lines)`` over every module of the package."""
    with_examples = lines = 0
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node) or ""
                count = sum(1 for line in doc.splitlines() if line.lstrip().startswith(">>>"))
                with_examples += count > 0
                lines += count
    return with_examples, lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    reports = public_reports()
    gaps = [r for r in reports if r.missing]
    if not args.quiet:
        for r in gaps:
            print(f"lightsart.{r.name}: missing {', '.join(r.missing)}")
    covered = len(reports) - len(gaps)
    docstrings, lines = runnable_examples()
    print(f"public names with full numpydoc docstrings: {covered} of {len(reports)} "
          f"({100 * covered / len(reports):.0f} %); runnable examples: {lines} >>> lines in "
          f"{docstrings} docstrings")
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
