"""The package's shape: every implementation module is private (``lightsart/_name``), the old public
paths are gone, and imports flow one way: no cycle between files, and between the package's parts
(its first-level folders and modules) every import runs down :data:`LAYERS` but the few named in
:data:`UPWARD`, each with its reason."""

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


def _targets(node: ast.AST, names: set[str]) -> list[str]:
    """The modules of ``names`` that ``node`` imports: ``import a.b``, ``from a import b`` (``a.b``
    when it is a module, else ``a``), or a registry's lazy record ``Lazy("a.b", "name")``, which
    imports ``a.b`` when the entry is first used (so it is an import like any other here)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in names]
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        subs = [f"{node.module}.{a.name}" for a in node.names]
        found = [t for t in subs if t in names]
        return found + ([node.module] if len(found) < len(subs) and node.module in names else [])
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Lazy"
            and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value in names):
        return [str(node.args[0].value)]
    return []


def _imports(tree: ast.Module, names: set[str]) -> list[tuple[str, int, list[ast.AST]]]:
    """(imported module, line, enclosing nodes) for every import of one of ``names``."""
    out: list[tuple[str, int, list[ast.AST]]] = []

    def visit(node: ast.AST, outer: list[ast.AST]) -> None:
        for child in ast.iter_child_nodes(node):
            out.extend((t, getattr(child, "lineno", 0), outer) for t in _targets(child, names))
            visit(child, [*outer, child])

    visit(tree, [])
    return out


def _type_checking_only(outer: list[ast.AST]) -> bool:
    return any(isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test) for n in outer)


def _edges(typing: bool = False) -> list[tuple[str, str, int]]:
    """Every import between the package's modules, module-level and lazy (inside a function, or a
    registry's :class:`~lightsart._registry.Lazy` record), as (importer, imported, line). Imports
    for type checkers only run nowhere: they count with ``typing`` (a type a module names is still
    a tie a reader follows); a module's import of its own folder's ``__init__`` (``from
    lightsart._animation import CLICK_ORDERS`` in ``_animation/orders.py``) is the folder's own
    business. ``lightsart`` itself (``lightsart/__init__.py``) is the face over every part: an
    import of a name it defines (``from lightsart import __version__``) is an edge to it."""
    modules = _modules()
    edges = []
    for name, path in modules.items():
        if name == "lightsart":
            continue
        for target, line, outer in _imports(ast.parse(path.read_text()), set(modules)):
            inside = target != "lightsart" and name.startswith(target + ".")
            if (typing or not _type_checking_only(outer)) and target != name and not inside:
                edges.append((name, target, line))
    return edges


def _graph(edges: list[tuple[str, str, int]]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in _modules()}
    for name, target, _line in edges:
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


def test_imports_have_no_cycle_module_level_or_lazy() -> None:
    graph = _graph(_edges())
    assert _cycle(graph) is None
    # The check can fail: a back edge makes a cycle it reports.
    graph["lightsart._core.board"].add("lightsart._pipeline")
    assert _cycle(graph) is not None


def test_imports_have_no_cycle_even_for_type_checkers() -> None:
    """Types named under ``TYPE_CHECKING`` tie files too: a type two modules share lives below
    both (``Decoded`` in ``_core/closest``, built on ``_core/modk``, which names neither it nor
    ``_core/presses``)."""
    typed = _edges(typing=True)
    assert _cycle(_graph(typed)) is None
    assert len(typed) > len(_edges())  # the type checkers' imports are read
    # The check can fail: the type-only import of the puzzle's text from its solver, taken back
    # (solve.py once took ``grid`` from text.py, which names solve's types for the checker).
    graph = _graph(typed)
    graph["lightsart._puzzle.solve"].add("lightsart._puzzle.text")
    assert set(_cycle(graph) or ()) == {"lightsart._puzzle.solve", "lightsart._puzzle.text"}


#: The package's parts from the ground up: a part imports only parts below it (but :data:`UPWARD`).
#: The display is an edge beside the CLI: ``import lightsart`` in a running IPython registers its
#: formatters (``lightsart/__init__.py``), and no result type imports it.
LAYERS: tuple[str, ...] = (
    "_version", "_public", "_choices", "_vocabulary", "_calibration", "_inputs", "_errors", "_types",
    "_limits", "_palette", "_checks", "_boardsize", "_registry", "_rules", "_results",
    "_core", "_output", "_engines", "_pictures", "_puzzle", "_pages", "_animation", "_settings",
    "_jobs", "_runs",
    "_pipeline", "_preview", "_video", "_display", "__init__", "_studio", "_cli", "__main__",
)

#: The imports that run up :data:`LAYERS` (at most two), importer -> imported, and why each stays.
#: None: the preview sheet, a front end of the job layer (it fits each variant with make_still,
#: given the job's settings), lives above it (``_preview``), no longer with the picture stage.
UPWARD: dict[tuple[str, str], str] = {}


def _part(module: str) -> str:
    return "__init__" if module == "lightsart" else module.split(".")[1]


def _upward(edges: list[tuple[str, str, int]]) -> dict[tuple[str, str], list[int]]:
    rank = {part: k for k, part in enumerate(LAYERS)}
    up: dict[tuple[str, str], list[int]] = {}
    for name, target, line in edges:
        if rank[_part(name)] < rank[_part(target)]:
            up.setdefault((name, target), []).append(line)
    return up


def test_every_part_has_its_layer() -> None:
    parts = {_part(m) for m in _modules()}
    assert sorted(parts) == sorted(LAYERS)


def test_imports_run_down_the_layers_but_the_named_few() -> None:
    up = _upward(_edges())
    assert set(up) == set(UPWARD), {k: v for k, v in up.items() if k not in UPWARD}
    assert len(UPWARD) <= 2
    # The check can fail: the core asking the job layer is an import that runs up, and so is the
    # preview's fit through the job layer, were the preview back with the picture stage.
    assert ("lightsart._core.board", "lightsart._pipeline") in _upward(
        [*_edges(), ("lightsart._core.board", "lightsart._pipeline", 1)])
    assert ("lightsart._pictures.image", "lightsart._preview") in _upward(
        [*_edges(), ("lightsart._pictures.image", "lightsart._preview", 1)])


def test_only_the_package_face_imports_the_display() -> None:
    importers = {name for name, target, _line in _edges() if target == "lightsart._display"}
    assert importers == set()
    face = ast.parse((PACKAGE / "__init__.py").read_text())
    assert "lightsart._display" in {t for t, _l, _o in _imports(face, set(_modules()))}


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
