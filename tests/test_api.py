"""The public API: one export table (``lightsart._EXPORTS``) that ``__all__``, ``dir()``, the lazy
``__getattr__`` and the ``TYPE_CHECKING`` imports all agree with, and an import that stays light."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import lightsart

INIT = Path(lightsart.__file__)


def _type_checking_imports(source: str) -> dict[str, str]:
    """Name → module of every ``from M import N as N`` under ``if TYPE_CHECKING:`` in ``source``;
    any other statement there, or an alias that renames, is an error."""
    found: dict[str, str] = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"):
            continue
        for statement in node.body:
            assert isinstance(statement, ast.ImportFrom) and statement.module, ast.unparse(statement)
            for alias in statement.names:
                assert alias.asname == alias.name, f"{alias.name} must be imported as itself"
                assert alias.name not in found, f"{alias.name} is imported twice"
                found[alias.name] = statement.module
    return found


def test_type_checking_imports_are_the_export_table() -> None:
    assert _type_checking_imports(INIT.read_text()) == lightsart._EXPORTS


def test_the_comparison_sees_a_missing_or_wrong_import() -> None:
    source = INIT.read_text()
    dropped = source.replace("    from lightsart._pipeline import make_still as make_still\n", "")
    moved = source.replace("from lightsart._rules import press as press",
                           "from lightsart._core.board import press as press")
    renamed = source.replace("import chase as chase", "import chase")
    assert dropped != source and moved != source and renamed != source
    assert _type_checking_imports(dropped) != lightsart._EXPORTS
    assert _type_checking_imports(moved) != lightsart._EXPORTS
    with pytest.raises(AssertionError, match="chase must be imported as itself"):
        _type_checking_imports(renamed)


def test_all_is_sorted_and_is_the_table_and_the_version() -> None:
    assert lightsart.__all__ == sorted(lightsart.__all__)
    assert set(lightsart.__all__) == {*lightsart._EXPORTS, "__version__"}
    assert set(dir(lightsart)) >= set(lightsart.__all__)


@pytest.mark.parametrize("name", sorted(lightsart._EXPORTS))
def test_every_public_name_resolves_to_lightsart_code(name: str) -> None:
    value = getattr(lightsart, name)
    assert value is getattr(importlib.import_module(lightsart._EXPORTS[name]), name)
    assert value.__module__.split(".")[0] == "lightsart", value.__module__


def test_no_public_lightsart_object_is_left_out_of_all() -> None:
    for name in lightsart.__all__:
        getattr(lightsart, name)  # every lazy name is now a real global
    public = {n for n, v in vars(lightsart).items()
              if not n.startswith("_") and not isinstance(v, ModuleType)
              and getattr(v, "__module__", "").startswith("lightsart")}
    assert public <= set(lightsart.__all__), public - set(lightsart.__all__)
    with pytest.raises(AttributeError, match="no attribute 'not_a_name'"):
        lightsart.not_a_name  # noqa: B018


def test_import_and_cli_start_up_do_not_import_heavy_libraries() -> None:
    code = (
        "import sys; import lightsart; print(','.join(m for m in ('PIL', 'pulp', 'imageio', 'numpy') "
        "if m in sys.modules)); from lightsart._cli import build_parser; build_parser(); "
        "print(','.join(m for m in ('PIL', 'pulp', 'imageio', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["", ""], out.stdout


def test_no_public_name_is_the_name_of_a_module_of_the_package() -> None:
    """``lightsart.NAME`` would be rebound to the module when ``lightsart.NAME`` is imported: every
    module of the package is private (``_core``, ``_display``), so no exported name can be one."""
    package = Path(lightsart.__file__).parent
    modules = {p.stem for p in package.glob("*.py")} | {p.parent.name for p in package.glob("*/__init__.py")}
    assert {"_animation", "_display", "_cli", "__init__", "__main__"} <= modules
    assert not set(lightsart._EXPORTS) & modules


def _classes_and_functions() -> list[str]:
    from lightsart._registry import Registry

    return [n for n in lightsart._EXPORTS
            if not isinstance(getattr(lightsart, n), Registry) and callable(getattr(lightsart, n))]


def test_public_classes_and_functions_show_as_lightsart() -> None:
    names = _classes_and_functions()
    assert {"Fit", "Rules", "LightsartError", "make_still", "algebra", "press"} <= set(names)
    assert len(names) == len(lightsart._EXPORTS) - 2  # all but CLICK_ORDERS, DITHER_METHODS
    assert {n: getattr(lightsart, n).__module__ for n in names} == dict.fromkeys(names, "lightsart")
    assert repr(lightsart.Fit) == "<class 'lightsart.Fit'>"
    assert lightsart.make_still.__qualname__ == "make_still"
    with pytest.raises(lightsart.LightsartError) as caught:
        lightsart.Rules(2, 2, states=99)
    assert caught.type.__module__ == "lightsart"


def test_public_objects_pickle_by_their_public_name() -> None:
    import pickle

    import numpy as np

    rules = lightsart.Rules(4, 5, states=3)
    fit = lightsart.closest_board(np.ones((4, 4), np.uint8))
    for value in (rules, fit, lightsart.Rules, lightsart.make_still, lightsart.algebra):
        name = getattr(value, "__name__", type(value).__name__).encode()
        data = pickle.dumps(value, protocol=4)
        # The object's own reference: module "lightsart", then its name (protocol 4's STACK_GLOBAL).
        assert b"\x8c\tlightsart\x94\x8c" + bytes([len(name)]) + name + b"\x94\x93" in data
        assert b"lightsart._" + name not in data
        back = pickle.loads(data)
        assert (back == value) if value is not fit else np.array_equal(back.board, fit.board)
    assert type(pickle.loads(pickle.dumps(fit))) is lightsart.Fit


def test_doctests_of_public_objects_run_from_their_home_module() -> None:
    """conftest.py points doctest's finder at the home of ``lightsart.X`` (its ``_EXPORTS`` entry):
    the examples of ``parse_board`` run once, from ``lightsart._core.board``, none from
    ``lightsart`` itself."""
    import doctest

    from lightsart._core import board

    lightsart.parse_board  # noqa: B018  (a lazy name, now in the package's namespace)
    assert "lightsart._core.board.parse_board" in {t.name for t in doctest.DocTestFinder().find(board)}
    assert not [t.name for t in doctest.DocTestFinder().find(lightsart) if "parse_board" in t.name]
