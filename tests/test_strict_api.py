"""The Python API is as strict as the CLI (issue 31, item 7): every public callable refuses a
wrong type with :class:`lightsart.InvalidType` (a ``TypeError``) and a wrong value with
:class:`lightsart.InvalidValue` (a ``ValueError``; beyond a limit :class:`lightsart.TooLarge`),
in one line, before any work: each call below must fail fast and write nothing.

``CASES`` holds at least one refused call for every public callable, or says why it has none
(``NO_ARGUMENTS``); a new public name without an entry fails :func:`test_every_public_callable_is_walked`.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import lightsart as la

ONES = np.ones((5, 5), np.uint8)
T, V, L = la.InvalidType, la.InvalidValue, la.TooLarge
HUGE = np.ones((5000, 5000), np.uint8)  # 25 million cells: beyond what solve takes
GREY = np.full((5, 5), 0.5)
ORDER = np.array([[0, 0], [4, 4]])
PLAN = la.animate_boards(ONES, [ONES]).plan

#: name -> calls that must be refused, each with the subclass expected.
CASES: dict[str, list[tuple[Callable[[], Any], type[Exception]]]] = {
    "make_still": [(lambda: la.make_still(None), T), (lambda: la.make_still(123), T),
                   (lambda: la.make_still(ONES, pictures="big"), T),  # type: ignore[arg-type]
                   (lambda: la.make_still(ONES, solving=3), T)],  # type: ignore[arg-type]
    "make_animation": [(lambda: la.make_animation("a.png"), T),
                       (lambda: la.make_animation([ONES]), V),
                       (lambda: la.make_animation(None), T)],  # type: ignore[arg-type]
    "make_film": [(lambda: la.make_film(None), T),  # type: ignore[arg-type]
                  (lambda: la.make_film("x.mp4", filming="play"), T)],  # type: ignore[arg-type]
    "apply_clicks": [(lambda: la.apply_clicks(ONES, np.ones((4, 4), np.uint8)), V),
                     (lambda: la.apply_clicks(ONES * 5, ONES), V),
                     (lambda: la.apply_clicks("abc", ONES), T)],  # type: ignore[arg-type]
    "press": [(lambda: la.press("abc"), T), (lambda: la.press(np.zeros((0, 0))), V),
              (lambda: la.press(ONES, rules="plus"), T),  # type: ignore[arg-type]
              (lambda: la.press(HUGE), L)],
    "board_from_clicks": [(lambda: la.board_from_clicks(None), T),
                          (lambda: la.board_from_clicks(ONES, la.Rules(4, 4)), V)],
    "parse_board": [(lambda: la.parse_board(None), T), (lambda: la.parse_board(""), V),  # type: ignore[arg-type]
                    (lambda: la.parse_board("10/1"), V)],
    "format_board": [(lambda: la.format_board(ONES, on=1), T),  # type: ignore[arg-type]
                     (lambda: la.format_board([[2]]), V)],
    "to_state": [(lambda: la.to_state(None), T), (lambda: la.to_state([[0, 3]]), V)],  # type: ignore[arg-type]
    "from_state": [(lambda: la.from_state(0, 10**6, 10**6), L), (lambda: la.from_state("1", 2, 2), T),  # type: ignore[arg-type]
                   (lambda: la.from_state(1 << 9, 2, 2), V)],
    "chase": [(lambda: la.chase("abc"), T), (lambda: la.chase(ONES, top=[1, 0]), V)],  # type: ignore[arg-type]
    "nullity": [(lambda: la.nullity("5"), T), (lambda: la.nullity((0, 5)), V),  # type: ignore[arg-type]
                (lambda: la.nullity(10**6), L), (lambda: la.nullity((5.0, 5)), T)],  # type: ignore[arg-type]
    "closest_board": [(lambda: la.closest_board(ONES, seconds=math.nan), V),
                      (lambda: la.closest_board(ONES, seconds=-1), V),
                      (lambda: la.closest_board(ONES, seconds=0), V),
                      (lambda: la.closest_board(ONES, seconds="2"), T),  # type: ignore[arg-type]
                      (lambda: la.closest_board(ONES, seed=-1), V),
                      (lambda: la.closest_board(ONES, cost=np.ones((2, 2))), V),
                      (lambda: la.closest_board(HUGE), L),
                      (lambda: la.closest_board(ONES, rules=la.Rules(4, 4)), V)],
    "fewest_clicks": [(lambda: la.fewest_clicks(ONES, seconds=-1), V),
                      (lambda: la.fewest_clicks(ONES, rules=5), T)],  # type: ignore[arg-type]
    "transition": [(lambda: la.transition(ONES, np.ones((4, 4), np.uint8)), V),
                   (lambda: la.transition(ONES, ONES, seconds=math.nan), V),
                   (lambda: la.transition(None, ONES), T)],  # type: ignore[arg-type]
    "algebra": [(lambda: la.algebra((5, 5)), T)],  # type: ignore[arg-type]
    "Rules": [(lambda: la.Rules("5", 5), T), (lambda: la.Rules(0, 5), V),  # type: ignore[arg-type]
              (lambda: la.Rules(10**6, 10**6), L), (lambda: la.Rules(5, 5, states=1), V),
              (lambda: la.Rules(5, 5, topology=3), T)],  # type: ignore[arg-type]
    "Tone": [(lambda: la.Tone(auto="no"), T), (lambda: la.Tone(gamma=-1), V),  # type: ignore[arg-type]
             (lambda: la.Tone(gamma="1"), T)],  # type: ignore[arg-type]
    "Pictures": [(lambda: la.Pictures(size=0), V), (lambda: la.Pictures(fit="crop"), V),  # type: ignore[arg-type]
                 (lambda: la.Pictures(fit=1), T), (lambda: la.Pictures(tone="auto"), T),  # type: ignore[arg-type]
                 (lambda: la.Pictures(palette="auto"), V), (lambda: la.Pictures(palette=4), T),  # type: ignore[arg-type]
                 (lambda: la.Pictures(palette="cga", dither="bayer"), V)],
    "Solving": [(lambda: la.Solving(engine="fast"), V), (lambda: la.Solving(time_limit=-1), V),
                (lambda: la.Solving(pattern=5), T)],  # type: ignore[arg-type]
    "Timing": [(lambda: la.Timing(fps=500), V), (lambda: la.Timing(loop="yes"), T),  # type: ignore[arg-type]
               (lambda: la.Timing(seed=-1), V)],
    "Look": [(lambda: la.Look(cell=0), V), (lambda: la.Look(colours="red"), T)],  # type: ignore[arg-type]
    "Palette": [(lambda: la.Palette("#fff,#000"), T),  # type: ignore[arg-type]
                (lambda: la.Palette(((0, 0, 0),)), V), (lambda: la.Palette(((0, 0, 256), (1, 1, 1))), V),
                (lambda: la.Palette(((0, 0, 0), (0, 0, 0))), V)],
    "Filming": [(lambda: la.Filming(mode="fast"), V), (lambda: la.Filming(start=-1), V)],  # type: ignore[arg-type]
    "load_target": [(lambda: la.load_target(None), T), (lambda: la.load_target(123), T),  # type: ignore[arg-type]
                    (lambda: la.load_target(GREY, size=(0, 5)), V),
                    (lambda: la.load_target(GREY, size=(5.0, 5)), T),  # type: ignore[arg-type]
                    (lambda: la.load_target(GREY, size=(10**6, 10**6)), L),
                    (lambda: la.load_target(GREY, states=1), V),
                    (lambda: la.load_target(GREY, fit="crop"), V),  # type: ignore[arg-type]
                    (lambda: la.load_target(GREY, tone="auto"), T),  # type: ignore[arg-type]
                    (lambda: la.load_target("missing.png", size="0x5"), V)],
    "Target": [(lambda: la.Target(None, GREY, "x", 5, 5), T),  # type: ignore[arg-type]
               (lambda: la.Target(ONES, GREY, "x", 4, 5), V),
               (lambda: la.Target(ONES, GREY, "x", 5, 5, states=1), V)],
    "apply_tone": [(lambda: la.apply_tone(GREY, tone="auto"), T),  # type: ignore[arg-type]
                   (lambda: la.apply_tone(np.zeros((0, 0))), V),
                   (lambda: la.apply_tone(None), T)],  # type: ignore[arg-type]
    "pixel_costs": [(lambda: la.pixel_costs(None, GREY), T),  # type: ignore[arg-type]
                    (lambda: la.pixel_costs(ONES, np.ones((4, 4))), V),
                    (lambda: la.pixel_costs(ONES, GREY, errors="none"), V),  # type: ignore[arg-type]
                    (lambda: la.pixel_costs(ONES * 5, GREY), V),
                    (lambda: la.pixel_costs(ONES, GREY * 3), V)],
    "structure_score": [(lambda: la.structure_score(ONES, np.ones((4, 4))), V),
                        (lambda: la.structure_score(None, GREY), T),  # type: ignore[arg-type]
                        (lambda: la.structure_score(ONES, GREY, cell_sigma=-1), V),
                        (lambda: la.structure_score(ONES, GREY, window_sigma="1"), T)],  # type: ignore[arg-type]
    "click_order": [(lambda: la.click_order(None, ONES), T),  # type: ignore[arg-type]
                    (lambda: la.click_order(ONES, np.ones((4, 4), np.uint8)), V),
                    (lambda: la.click_order(ONES, ONES, order="fast"), V),
                    (lambda: la.click_order(ONES, ONES, seed=-1), V),
                    (lambda: la.click_order(ONES, ONES, rules=5), T)],  # type: ignore[arg-type]
    "frames": [(lambda: la.frames(None, ORDER), T),  # type: ignore[arg-type]
               (lambda: la.frames(ONES, "morph"), T),  # type: ignore[arg-type]
               (lambda: la.frames(ONES, ORDER, fps=0), V),
               (lambda: la.frames(ONES, np.array([[9, 9]])), V)],
    "animate_boards": [(lambda: la.animate_boards(None, [ONES]), T),  # type: ignore[arg-type]
                       (lambda: la.animate_boards(ONES, [ONES], order="fast"), V),
                       (lambda: la.animate_boards(ONES, [ONES], fps=0), V),
                       (lambda: la.animate_boards(ONES, [np.ones((4, 4), np.uint8)]), V),
                       (lambda: la.animate_boards(ONES * 5, [ONES]), V)],
    "Animation": [(lambda: la.Animation(None, (), "morph", 0, None), T),  # type: ignore[arg-type]
                  (lambda: la.Animation((ONES,), (), "morph", 0, None), T),  # type: ignore[arg-type]
                  (lambda: la.Animation((ONES,), (), "morph", -1, PLAN), V)],
    "Frame": [(lambda: la.Frame(None, 0.1), T), (lambda: la.Frame(ONES, -1), V),  # type: ignore[arg-type]
              (lambda: la.Frame(ONES, "1"), T)],  # type: ignore[arg-type]
    "Clicks": [(lambda: la.Clicks(None, 3, True, 0, 0.0), T),  # type: ignore[arg-type]
               (lambda: la.Clicks(ONES, -1, True, 0, 0.0), V),
               (lambda: la.Clicks(ONES, 3, True, 0, "0"), T)],  # type: ignore[arg-type]
    "Fit": [(lambda: la.Fit(None, ONES, ONES, ONES, 0, 0.0, True, 0.0, 0, True, 0, 0.0, "x"), T),  # type: ignore[arg-type]
            (lambda: la.Fit(ONES, ONES[:4], ONES, ONES, 0, 0.0, True, 0.0, 0, True, 0, 0.0, "x"), V),
            (lambda: la.Fit(ONES, ONES, ONES, ONES, -1, 0.0, True, 0.0, 0, True, 0, 0.0, "x"), V),
            (lambda: la.Fit(ONES, ONES, ONES, ONES, 0, 0.0, True, 0.0, 0, True, 0, 0.0, 5), T)],  # type: ignore[arg-type]
    "StillResult": [(lambda: la.StillResult(0, 5, 0, None, (), 0.0), V),  # type: ignore[arg-type]
                    (lambda: la.StillResult(5, 5, 0, None, ["x.png"], 0.0), T)],  # type: ignore[arg-type]
    "AnimationResult": [(lambda: la.AnimationResult(5, 5, -1, (), (), 0, 0.0, ()), V),
                        (lambda: la.AnimationResult(5, 5, 0, [], (), 0, 0.0, ()), T)],  # type: ignore[arg-type]
    "FilmResult": [(lambda: la.FilmResult(None, 5, 5, 0, la.Rules(5, 5), "boards", 25.0, 0.0, 1, (),  # type: ignore[arg-type]
                                          None, False, ()), T),
                   (lambda: la.FilmResult("a.mp4", 5, 0, 0, la.Rules(5, 5), "boards", 25.0, 0.0,
                                          1, (), None, False, ()), V)],
    "basic_ip": [(lambda: la.basic_ip(None), T),  # type: ignore[arg-type]
                 (lambda: la.basic_ip(ONES, start=np.ones((4, 4), np.uint8)), V),
                 (lambda: la.basic_ip(ONES, time_limit=-1), V),
                 (lambda: la.basic_ip(ONES, solver="gurobi"), V),  # type: ignore[typeddict-item]
                 (lambda: la.basic_ip(HUGE), L)],
    "closest_board_ip": [(lambda: la.closest_board_ip(None), T),  # type: ignore[arg-type]
                         (lambda: la.closest_board_ip(ONES, cost=np.ones((2, 2))), V),
                         (lambda: la.closest_board_ip(ONES, cost=np.array([["a"] * 5] * 5)), T),
                         (lambda: la.closest_board_ip(ONES, time_limit=math.nan), V),
                         (lambda: la.closest_board_ip(HUGE), L),
                         (lambda: la.closest_board_ip(ONES * 5), V)],
    "closest_board_reduced_ip": [(lambda: la.closest_board_reduced_ip("abc"), T),  # type: ignore[arg-type]
                                 (lambda: la.closest_board_reduced_ip(ONES, start=5), T),  # type: ignore[arg-type]
                                 (lambda: la.closest_board_reduced_ip(ONES, time_limit=-1), V)],
    "view": [(lambda: la.view("abc"), T), (lambda: la.view(ONES, cell=0), V),
             (lambda: la.view(ONES, labels="a"), T), (lambda: la.view(ONES, ONES, labels=["a"]), V),
             (lambda: la.view(), V), (lambda: la.view(ONES, palette=3), T),
             (lambda: la.view(ONES, palette="auto:4"), V), (lambda: la.view(ONES, palette="nope"), V)],
    "load_ipython_extension": [(lambda: la.load_ipython_extension(None), T)],
}

#: Public callables with nothing to refuse here, and why.
NO_ARGUMENTS = {
    "LightsartError", "InvalidType", "InvalidValue", "TooLarge",  # exceptions take any message
    "Algebra",  # a Protocol: made by algebra(rules), never called
}


def public_callables() -> set[str]:
    return {name for name in la.__all__ if callable(getattr(la, name))
            and not hasattr(getattr(la, name), "names")}  # registries are values, not calls


def test_every_public_callable_is_walked() -> None:
    missing = public_callables() - set(CASES) - NO_ARGUMENTS
    assert not missing, f"add refused calls to CASES for {sorted(missing)}"


CALLS = [pytest.param(call, error, id=f"{name}-{k}")
         for name, calls in CASES.items() for k, (call, error) in enumerate(calls)]


@pytest.mark.parametrize(("call", "error"), CALLS)
def test_refused_with_the_right_error_in_one_line_before_any_work(
        call: Callable[[], Any], error: type[Exception], tmp_path: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    began = time.perf_counter()
    with pytest.raises(la.LightsartError) as caught:
        call()
    assert type(caught.value) is error, f"{type(caught.value).__name__}: {caught.value}"
    # The Python branch a user would catch without knowing lightsart's tree.
    assert isinstance(caught.value, ValueError if error is not la.InvalidType else TypeError)
    message = str(caught.value)
    assert message and "\n" not in message and len(message) < 300
    assert time.perf_counter() - began < 5.0  # refused before any work, not after it
    assert os.listdir(tmp_path) == []  # no file written


def test_the_tree() -> None:
    assert issubclass(la.InvalidValue, la.LightsartError) and issubclass(la.InvalidValue, ValueError)
    assert issubclass(la.TooLarge, la.InvalidValue)
    assert issubclass(la.InvalidType, la.LightsartError) and issubclass(la.InvalidType, TypeError)
    assert not issubclass(la.LightsartError, ValueError | TypeError)
    for cls in (la.LightsartError, la.InvalidValue, la.TooLarge, la.InvalidType):
        assert repr(cls) == f"<class 'lightsart.{cls.__name__}'>"


def test_nullity_takes_a_board_as_every_public_function_does() -> None:
    """Rules, (rows, columns) or a square's side: checked against the algebra of the rules
    (an independent method: the kernel's dimension from the general elimination)."""
    for m, n in [(5, 5), (4, 7), (9, 6), (16, 16)]:
        expected = la.algebra(la.Rules(m, n)).nullity
        assert la.nullity((m, n)) == la.nullity(la.Rules(m, n)) == expected
    assert la.nullity(5) == la.nullity((5, 5)) == 2
    torus = la.Rules(6, 6, topology="torus")
    assert la.nullity(torus) == la.algebra(torus).nullity
