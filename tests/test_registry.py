"""One registry type: the generic :class:`Registry`, and every registry the package keeps in it.

The real registries are checked against what the CLI offers (its ``choices=`` and help lists,
read from a freshly built parser) and against the ``Literal`` types of :mod:`lightsart._choices`,
so library, types and CLI cannot drift; a method or order registered in a test is usable through
the library without touching another file.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import numpy as np
import pytest

from lightsart import _choices as choices
from lightsart._animation import CLICK_ORDERS, FieldOrder
from lightsart._animation.fields import FIELDS, Scene
from lightsart._animation.orders import ClickOrder, click_order, parse_orders, press_order
from lightsart._cli import build_parser
from lightsart._core.board import apply_clicks
from lightsart._engines import ENGINES, engine
from lightsart._engines.solvers import SOLVERS, available_solvers, get_solver
from lightsart._errors import LightsartError
from lightsart._output.formats import FORMATS, format_for
from lightsart._pictures.dither import DITHER_METHODS, Levels, dither
from lightsart._pictures.image import load_target
from lightsart._registry import Lazy, Registry
from lightsart._rules import PATTERNS, parse_pattern
from lightsart._types import Board

# --------------------------------------------------------------------------- the generic type


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A module nobody has imported yet, on the path: ``lightsart_test_plugin.VALUE == 42``."""
    name = "lightsart_test_plugin"
    (tmp_path / f"{name}.py").write_text("VALUE = 42\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    yield name
    sys.modules.pop(name, None)


def test_register_get_names_about_and_iteration() -> None:
    r = Registry[int]("number")
    r.register("one", 1, about="the first")
    r.register("two", 2)
    assert r.get("one") == 1 and r["two"] == 2
    assert r.names() == ("one", "two") == tuple(r) and len(r) == 2
    assert r.about("one") == "the first" and r.about("two") == ""
    assert "one" in r and "three" not in r and 1 not in r
    assert list(r.items()) == [("one", 1), ("two", 2)]
    assert r.get("three", None) is None and r.get("one", None) == 1


def test_lazy_entries_load_on_first_get_only(plugin: str) -> None:
    r = Registry[int]("value")
    r.register("answer", Lazy(plugin, "VALUE"), about="from a module")
    # Listing, help, membership and iteration leave the module unimported.
    assert r.names() == ("answer",) and r.about("answer") == "from a module" and "answer" in r
    assert list(r) == ["answer"] and plugin not in sys.modules
    assert r.get("answer") == 42 and plugin in sys.modules
    sys.modules[plugin].VALUE = 7  # type: ignore[attr-defined]
    assert r.get("answer") == 42  # loaded once, then kept


def test_aliases_answer_for_their_entry_and_are_not_listed() -> None:
    r = Registry[str]("colour")
    r.register("grey", "#808080", aliases=("gray",))
    assert r.get("gray") == "#808080" and "gray" in r
    assert r.names() == ("grey",) and r.canonical("gray") == "grey" and r.aliases("grey") == ("gray",)
    r.unregister("grey")
    assert "gray" not in r and "grey" not in r and len(r) == 0


def test_duplicate_registration_is_refused() -> None:
    r = Registry[int]("number")
    r.register("one", 1, aliases=("uno",))
    for name, aliases in (("one", ()), ("uno", ()), ("two", ("one",)), ("three", ("uno",))):
        assert _message(r.register, name, 2, aliases=aliases) in (
            "number 'one' is registered already", "number 'uno' is registered already")
    assert r.names() == ("one",) and r.get("one") == 1


def test_an_unknown_name_is_one_sentence_with_a_suggestion() -> None:
    r = Registry[int]("dithering method")
    for k, name in enumerate(("floyd-steinberg", "atkinson", "none")):
        r.register(name, k)
    with pytest.raises(LightsartError) as info:
        r.get("atkinsn")
    assert str(info.value) == ("unknown dithering method 'atkinsn': choose from floyd-steinberg, "
                               "atkinson, none; did you mean 'atkinson'?")
    with pytest.raises(LightsartError) as info:
        r.get("zzzzzz")
    assert str(info.value) == ("unknown dithering method 'zzzzzz': choose from floyd-steinberg, "
                               "atkinson, none")
    for call in (r.about, r.canonical, r.unregister, r.is_available):
        assert _message(call, "zzzzzz") == str(info.value)
    assert str(Registry[int]("engine").unknown("x")) == "unknown engine 'x': none is registered"


def test_available_leaves_out_entries_whose_dependency_does_not_import(plugin: str) -> None:
    r = Registry[int]("solver", check=lambda value: value != 13)
    r.register("here", 1, requires=("json",))
    r.register("missing-module", 2, requires=("lightsart_no_such_module",))
    r.register("missing-lazy", Lazy("lightsart_no_such_module", "SOLVER"))
    r.register("lazy", Lazy(plugin, "VALUE"))
    r.register("fails-its-check", 13)
    assert r.available() == ("here", "lazy")
    assert r.names() == ("here", "missing-module", "missing-lazy", "lazy", "fails-its-check")
    with pytest.raises(ImportError):
        r.get("missing-lazy")


def test_registered_is_undone_after_the_block_and_replacing_keeps_the_place() -> None:
    r = Registry[int]("number")
    r.register("one", 1)
    r.register("two", 2)
    with r.registered("three", 3, about="for a test"):
        assert r.names() == ("one", "two", "three") and r.about("three") == "for a test"
    assert r.names() == ("one", "two")
    r["one"] = 10  # what pytest's monkeypatch.setitem does
    assert r.names() == ("one", "two") and r.get("one") == 10
    with pytest.raises(LightsartError, match="unknown number 'four'"):
        r["four"] = 4


# --------------------------------------------------------------------------- the real registries


def _options(command: str) -> dict[str, argparse.Action]:
    """The options of a freshly built parser's subcommand, by ``dest``."""
    sub = build_parser()._subparsers._group_actions[0]  # type: ignore[union-attr]
    return {a.dest: a for a in sub.choices[command]._actions}  # type: ignore[index, union-attr]


def _help(action: argparse.Action) -> str:
    return " ".join((action.help or "").split())


@pytest.mark.parametrize("command", ["still", "animate"])
def test_the_cli_offers_exactly_the_registered_names(command: str) -> None:
    options = _options(command)
    for dest, registry in (("engine", ENGINES), ("dither", DITHER_METHODS), ("solver", SOLVERS)):
        assert tuple(options[dest].choices or ()) == registry.names(), dest
        assert ", ".join(registry.names()) in _help(options[dest]) or dest == "engine"
    assert _help(options["engine"]) == "; ".join(f"{n}: {ENGINES.about(n)}" for n in ENGINES)
    presets = ", ".join(f"{n} ({PATTERNS[n]})" for n in PATTERNS)
    assert f"the cells a click toggles: {presets};" in _help(options["pattern"])


def test_the_animate_cli_lists_every_click_order_and_format() -> None:
    options = _options("animate")
    listed = re.search(r"\(radial,spiral,\.\.\.\): (.*?)\. raster", _help(options["order"]))
    assert listed is not None
    assert listed.group(1).split(", ") == [o if o != "mask" else "mask:FILE" for o in CLICK_ORDERS]
    assert _help(options["output"]) == "animation to write: .gif, .mp4 or .html"
    assert FORMATS.names() == (".gif", ".mp4", ".html")


def test_the_literal_types_match_the_registries() -> None:
    assert get_args(choices.Order) == CLICK_ORDERS.names() == choices.ORDERS
    assert set(FIELDS) <= set(CLICK_ORDERS)
    # Every field is a click order; mask's draws its picture (orders.mask_click_order).
    assert all(isinstance(CLICK_ORDERS.get(name), FieldOrder) for name in FIELDS if name != "mask")


@pytest.mark.parametrize("registry", [ENGINES, SOLVERS, DITHER_METHODS, FORMATS, CLICK_ORDERS, FIELDS,
                                      PATTERNS], ids=lambda r: r.kind)
def test_every_name_can_be_fetched_and_has_help(registry: Registry[Any]) -> None:
    assert len(registry) > 0
    for name in registry:
        assert registry.get(name) is not None and registry.about(name), name
    with pytest.raises(LightsartError, match=f"^unknown {registry.kind} 'no-such-name': choose from "
                                             f"{re.escape(', '.join(registry.names()))}"):
        registry.get("no-such-name")


def test_the_entries_are_what_their_names_say() -> None:
    assert engine("exact").name == "exact" and ENGINES.get("ip").name == "ip"
    assert all(get_solver(name, check=False).name == name for name in SOLVERS)
    assert set(available_solvers()) <= set(SOLVERS.names()) and "cbc" in available_solvers()
    assert all(format_for(f"out{ext.upper()}").extension == ext for ext in FORMATS)
    assert all(parse_pattern(name).text == PATTERNS[name] for name in PATTERNS)
    assert DITHER_METHODS["bayer"] is DITHER_METHODS["bayer-8"]


def test_the_game_pages_know_the_same_patterns() -> None:
    js = (Path(__file__).resolve().parents[1] / "lightsart" / "_pages" / "lightsout.js").read_text()
    block = re.search(r"const PATTERNS = \{(.*?)\};", js, re.S)
    assert block is not None
    found = dict(re.findall(r"(\w+): (\[\[.*?\]\]),", block.group(1)))
    assert tuple(found) == PATTERNS.names()
    for name, grid in found.items():
        assert "/".join("".join(c for c in row if c in "01") for row in grid[2:-2].split("], [")) \
            == PATTERNS[name]


def _message(call: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(LightsartError) as info:
        call(*args, **kwargs)
    return str(info.value)


def test_unknown_names_in_the_library_are_the_one_sentence() -> None:
    from lightsart._animation.fields import field

    assert _message(engine, "exakt") == \
        "unknown engine 'exakt': choose from exact, ip, auto; did you mean 'exact'?"
    assert _message(get_solver, "gurobi") == \
        "unknown solver 'gurobi': choose from cbc, highs, glpk, scip"
    assert _message(load_target, np.full((4, 4), 0.5), (4, 4), dither="atkinsn") == \
        (f"unknown dithering method 'atkinsn': choose from {', '.join(DITHER_METHODS)}; "
         "did you mean 'atkinson'?")
    assert _message(format_for, "a.gf") == \
        "cannot write a.gf: unknown format '.gf': choose from .gif, .mp4, .html; did you mean '.gif'?"
    orders = ", ".join(o if o != "mask" else "mask:FILE" for o in CLICK_ORDERS)
    assert _message(parse_orders, "radail", 1) == \
        f"unknown click order 'radail': choose from {orders}; did you mean 'radial'?"
    assert _message(field, "radail", (3, 3)) == \
        f"unknown field 'radail': choose from {', '.join(FIELDS)}; did you mean 'radial'?"


# --------------------------------------------------------------------------- registering


class Checker:
    """A dithering method for the test: a checkerboard of the lowest and highest levels,
    whatever the picture."""

    about = "a checkerboard, whatever the picture"

    def __call__(self, values: Any, levels: Levels) -> Any:
        rows, cols = np.indices(np.shape(values))
        return (((rows + cols) % 2) * (len(levels.values) - 1)).astype(np.uint8)


def test_a_registered_dithering_method_is_usable_through_the_library() -> None:
    picture = np.linspace(0, 1, 48).reshape(6, 8)
    checker = ((np.indices((6, 8)).sum(axis=0)) % 2).astype(np.uint8)
    with DITHER_METHODS.registered("checker", Checker(), about=Checker.about):
        assert np.array_equal(dither(picture, "checker"), checker)
        assert np.array_equal(dither(picture, "checker", states=3), 2 * checker)
        target = load_target(picture, (6, 8), dither="checker", tone=None)
        assert np.array_equal(target.bits, checker)
        assert "checker" in _options("still")["dither"].choices  # type: ignore[operator]
    assert "checker" not in DITHER_METHODS
    with pytest.raises(LightsartError, match="unknown dithering method 'checker'"):
        dither(picture, "checker")


def test_a_registered_click_order_is_usable_through_the_library() -> None:
    rng = np.random.default_rng(4)
    start = rng.integers(0, 2, (5, 6), dtype=np.uint8)
    clicks = rng.integers(0, 2, (5, 6), dtype=np.uint8)
    seen: list[Scene] = []

    def bottom_up(x: Board, scene: Scene) -> ClickOrder:
        seen.append(scene)
        rows, cols = np.nonzero(x)
        cells = np.stack([rows, cols], axis=1).astype(np.intp)
        return cells[np.lexsort((cols, -rows))]

    with CLICK_ORDERS.registered("bottom-up", bottom_up, about="the last row first"):
        cells = click_order(start, clicks, "bottom-up", seed=9)
        assert seen[-1].seed == 9
        assert [tuple(c) for c in cells] == sorted(zip(*np.nonzero(clicks), strict=True),
                                                   key=lambda c: (-c[0], c[1]))
        # An independent check: the clicks, played in that order, make the same end board.
        board = start.copy()
        for row, col in cells:
            single = np.zeros_like(clicks)
            single[row, col] = 1
            board = apply_clicks(board, single)
        assert np.array_equal(board, apply_clicks(start, clicks))
        assert [c.text for c in parse_orders("bottom-up,radial", 2)] == ["bottom-up", "radial"]
        assert np.array_equal(click_order(start, clicks, "bottom-up", reverse=True), cells[::-1])
        presses = np.where(clicks == 1, 2, 0)
        assert np.array_equal(press_order(presses, "bottom-up"), np.repeat(cells, 2, axis=0))
    assert "bottom-up" not in CLICK_ORDERS
    with pytest.raises(LightsartError, match="unknown click order 'bottom-up'"):
        parse_orders("bottom-up", 1)


def test_the_registries_import_nothing_heavy() -> None:
    import subprocess

    code = textwrap.dedent("""
        import sys
        from lightsart._animation import CLICK_ORDERS
        from lightsart._engines import ENGINES
        from lightsart._engines.solvers import SOLVERS
        from lightsart._output.formats import FORMATS
        from lightsart._pictures.dither import DITHER_METHODS
        from lightsart._rules import PATTERNS
        names = [r.names() for r in (CLICK_ORDERS, ENGINES, SOLVERS, FORMATS, DITHER_METHODS, PATTERNS)]
        assert all(names)
        print(sorted(m for m in ("numpy", "pulp", "lightsart._engines.exact",
                                 "lightsart._animation.orders") if m in sys.modules))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
