"""The package's shape: every implementation module is private (``lightsart/_name``), the old public
paths are gone, and imports flow one way (no cycles)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "lightsart"


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(tree: ast.Module, names: set[str]) -> list[tuple[str, ast.AST, list[ast.AST]]]:
    """(imported module, node, enclosing nodes) for every import of one of ``names``."""
    out: list[tuple[str, ast.AST, list[ast.AST]]] = []

    def visit(node: ast.AST, outer: list[ast.AST]) -> None:
        for child in ast.iter_child_nodes(node):
            targets: list[str] = []
            if isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                targets = [child.module] + [f"{child.module}.{a.name}" for a in child.names]
            elif isinstance(child, ast.Import):
                targets = [a.name for a in child.names]
            out.extend((t, child, outer) for t in targets if t in names)
            visit(child, [*outer, child])

    visit(tree, [])
    return out


def _type_checking_only(outer: list[ast.AST]) -> bool:
    return any(isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test) for n in outer)


def _graph(*, lazy: bool) -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        for target, _node, outer in _imports(ast.parse(path.read_text()), set(modules)):
            inside_function = any(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in outer)
            if _type_checking_only(outer) or (inside_function and not lazy):
                continue
            if target != name and not name.startswith(target + "."):
                graph[name].add(target)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, if there is any (depth-first search)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(v: str) -> list[str] | None:
        state[v] = 1
        path.append(v)
        for w in sorted(graph[v]):
            if state.get(w) == 1:
                return [*path[path.index(w):], w]
            if w not in state and (found := visit(w)):
                return found
        state[v] = 2
        path.pop()
        return None

    for v in sorted(graph):
        if v not in state and (found := visit(v)):
            return found
    return None


def test_module_level_imports_have_no_cycle() -> None:
    assert _cycle(_graph(lazy=False)) is None


def test_lazy_imports_have_no_cycle_but_the_jupyter_hooks() -> None:
    # Result types draw themselves in Jupyter by importing lightsart._display inside their
    # _repr_*_ methods; display in turn uses the computation. Those hooks are the only edges
    # allowed to point back; with them left out the whole graph, lazy imports included, is acyclic.
    modules = _modules()
    graph = _graph(lazy=True)
    for name, path in modules.items():
        for _target, _node, outer in _imports(ast.parse(path.read_text()), {"lightsart._display"}):
            if _type_checking_only(outer):  # for type checkers (lightsart's exports): no import
                continue
            functions = [n for n in outer if isinstance(n, ast.FunctionDef)]
            assert name == "lightsart._display" or (functions and functions[-1].name.startswith("_repr_")), \
                f"{name} imports lightsart._display outside a Jupyter hook"
        graph[name].discard("lightsart._display")
    assert _cycle(graph) is None
    # The check can fail: a back edge makes a cycle it reports.
    graph["lightsart._core.board"].add("lightsart._pipeline")
    assert _cycle(graph) is not None


#: The public module paths of 0.2, each now private (``lightsart/_NAME``): importing one must fail.
OLD_PATHS = [
    *(f"lightsart.{name}" for name in (
        "core", "engines", "pictures", "animation", "output", "puzzle", "pages", "video", "cli",
        "pipeline", "runs", "settings", "results", "rules", "types", "errors", "limits", "calibration",
        "registry", "vocabulary", "choices", "checks", "boardsize", "display")),
    "lightsart.core.gf2", "lightsart.core.board", "lightsart.core.optimize", "lightsart.engines.ip",
    "lightsart.pictures.image", "lightsart.pictures.tone", "lightsart.animation.animate",
    "lightsart.output.render", "lightsart.output.mp4", "lightsart.puzzle.solve", "lightsart.pages.play",
    "lightsart.video.film", "lightsart.cli._options",
    # 0.1's paths, answered by an import finder (``_moved.py``) until 1.0.
    "lightsart.board", "lightsart.gf2", "lightsart.image", "lightsart.dither", "lightsart.animate",
    "lightsart.render", "lightsart.mp4", "lightsart.preflight", "lightsart.census", "lightsart.play",
    # The alias modules of 0.2, deleted in 1.0 (CHANGELOG.md says where each name lives).
    *(f"lightsart._{name}" for name in (
        "puzzle.levels", "puzzle.levels_chase", "puzzle.levels_census", "puzzle.levels_text",
        "puzzle.tools", "pages.levels", "core.modk_decode", "core.modk_search", "engines.levels",
        "engines.ip_levels")),
]

#: The only public files at the package's first level.
PUBLIC = {"__init__.py", "__main__.py", "py.typed"}


def _source(path: Path) -> bool:
    """A file or folder that holds source (a folder that an upgrade left holding only
    ``__pycache__`` is not tracked and holds none)."""
    return path.is_file() or any(path.rglob("*.py"))


def test_every_implementation_module_is_private() -> None:
    public = sorted(p.relative_to(PACKAGE).parts[0] for p in PACKAGE.iterdir()
                    if p.name not in PUBLIC and p.name != "__pycache__" and not p.name.startswith("_")
                    and _source(p))
    assert public == []
    assert {p.name for p in PACKAGE.iterdir()} >= PUBLIC
    # Every module under the package is private at its first level (``lightsart._core.gf2``).
    names = [n for n in _modules() if n != "lightsart" and n != "lightsart.__main__"]
    assert len(names) > 50
    assert [n for n in names if not n.split(".")[1].startswith("_")] == []


@pytest.mark.parametrize("old", OLD_PATHS)
def test_old_public_paths_are_gone(old: str) -> None:
    try:
        module = importlib.import_module(old)
    except ModuleNotFoundError:
        return
    # A checkout upgraded in place may keep an old folder holding only __pycache__: Python
    # imports it as an empty namespace package, with no file and nothing in it.
    assert getattr(module, "__file__", None) is None and not [n for n in dir(module)
                                                              if not n.startswith("__")], old


def test_registries_and_choices_agree() -> None:
    from lightsart import _choices as choices
    from lightsart._animation import CLICK_ORDERS
    from lightsart._animation.orders import ORDERS
    from lightsart._cli import build_parser
    from lightsart._engines import ENGINES
    from lightsart._pictures.dither import DITHER_METHODS

    assert tuple(CLICK_ORDERS) == ORDERS == choices.ORDERS
    still = build_parser()._subparsers._group_actions[0].choices["still"]  # type: ignore[union-attr]
    offered = {a.dest: tuple(a.choices) for a in still._actions if a.choices}
    assert offered["engine"] == tuple(ENGINES) and offered["dither"] == tuple(DITHER_METHODS)
    assert offered["fit"] == choices.FITS and offered["style"] == choices.STYLES
