"""What every job shares (``make_still``, ``make_animation``, ``make_film``): the pictures it
takes, the checks made once the board size is known, and the drawing style.

The job functions (:mod:`lightsart._pipeline`, :mod:`lightsart._video.film`) call these names and
no one else's private ones. A picture is a path or a numpy array (2-D luminance in ``[0, 1]``,
1 = white); reading it is the one place a file is opened, so the rest of a job runs in memory.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Union

import numpy as np

from lightsart._boardsize import SizeLike
from lightsart._choices import Topology
from lightsart._errors import InvalidType, InvalidValue
from lightsart._limits import check_model
from lightsart._rules import Rules, parse_pattern

if TYPE_CHECKING:
    from lightsart._palette import Palette
    from lightsart._types import Gray

__all__ = ["Source", "check_board", "check_engine", "default_cell", "drawing_style",
           "game_rules", "label", "nullity_under", "read_source", "rules_dict", "sources"]

#: A picture a job takes: a file's path, or its luminance as a 2-D array in ``[0, 1]``.
Source = Union[str, "os.PathLike[str]", np.ndarray]

#: The label an array carries in results and messages, as :func:`lightsart.load_target`'s.
ARRAY_LABEL = "<array>"


def label(source: Source) -> str:
    """The text a result keeps for ``source``: its path, or ``<array>``."""
    return ARRAY_LABEL if isinstance(source, np.ndarray) else os.fspath(source)


def sources(images: object, least: int = 2) -> list[Source]:
    """``images`` checked as a sequence of at least ``least`` pictures (paths or arrays): a
    string, a single array or anything else is one line, before any work."""
    if isinstance(images, str | bytes | os.PathLike | np.ndarray):
        raise InvalidType(f"pictures must be a list of paths or arrays, not a single "
                             f"{type(images).__name__} ({_short(images)}): write [picture, ...]")
    if not isinstance(images, Sequence):
        raise InvalidType(f"pictures must be a list of paths or arrays; got {_short(images)}")
    for k, image in enumerate(images, 1):
        source(image, f"picture {k}")
    if len(images) < least:  # the sentence the CLI says
        raise InvalidValue("animate needs at least two pictures")
    return list(images)


def source(image: object, what: str = "picture") -> Source:
    """``image`` checked as one picture: a non-empty path or a numpy array."""
    if isinstance(image, np.ndarray):
        return image
    if isinstance(image, str | os.PathLike) and os.fspath(image) not in ("", b""):
        return image  # type: ignore[return-value]
    raise InvalidType(f"{what} must be a file's path or a 2-D numpy array in [0, 1]; "
                      f"got {_short(image)}")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_source(image: Source, board: SizeLike | None,
                nullity_of: Callable[[int, int], int] | None, *, colour: bool = False
                ) -> tuple[Gray, tuple[int, int]]:
    """The picture's luminance for ``board`` and the board's ``(width, height)``; without a
    board, the default size (about :data:`~lightsart._pictures.image.DEFAULT_LONG_SIDE` cells on
    the long side, the same for every command). A path is decoded only as finely as the board
    needs; an array is checked as :func:`lightsart.load_target` checks it. ``colour=True``: the
    picture's sRGB colours, ``(rows, columns, 3)`` in ``[0, 1]`` (an array may be that, or
    2-D luminance)."""
    from lightsart._pictures.image import board_size, gray_array, read_for_board

    def read(size: SizeLike | None) -> tuple[Gray, tuple[int, int]]:
        if isinstance(image, np.ndarray):
            if colour:
                from lightsart._pictures.colour import as_colour

                gray = as_colour(image)
            else:
                gray = gray_array(image)
            return gray, board_size(size, gray.shape[1] / gray.shape[0], nullity_of)
        return read_for_board(os.fspath(image), size, nullity_of, colour=colour)

    return read(board)


def game_rules(width: int, height: int, pattern: str = "plus", topology: Topology = "plane",
               states: int = 2) -> Rules | None:
    """The rules of a ``width`` x ``height`` game (``None`` for the classic game, which the
    light-chasing algebra solves fastest). ``pattern`` is a preset name or ROWS text."""
    rules = Rules(height, width, parse_pattern(pattern), topology, states)
    return None if rules.is_classic else rules


def nullity_under(pattern: str, topology: Topology, states: int = 2
                  ) -> Callable[[int, int], int] | None:
    """The nullity of an ``(m, n)`` board under the rules, for choosing a default board size
    (the fewest generators of the kernel over ``Z/k``: over a field, its dimension); ``None``
    for the classic game (the picture stage's own, fastest)."""
    if game_rules(8, 8, pattern, topology, states) is None:
        return None

    def nullity_of(m: int, n: int) -> int:
        # Near 100 cells a side every preset pattern chases with at most 4n free clicks (over
        # Z/k far within MODK_SYSTEM_MAX; plus on the plane: n), so this is milliseconds.
        from lightsart._core.algebra import algebra

        return algebra(Rules(m, n, parse_pattern(pattern), topology, states)).nullity

    return nullity_of


def check_engine(engine: str, solver: str) -> None:
    """A missing solver: one line, before any work. Every engine fits any number of states
    (``auto`` with more than two is the exact engine)."""
    if engine != "exact":
        from lightsart._engines.solvers import get_solver

        get_solver(solver)


def check_board(width: int, height: int, pattern: str, topology: Topology, states: int,
                model: str | None, *, columns: bool = False) -> None:
    """The bounds that depend on the board size, once it is known: before any picture is fitted.
    ``columns``: also the Z/k check columns, when any target may be unreachable (a film's frames)."""
    if model:
        check_model(width, height, len(parse_pattern(pattern).offsets), states, model)
    if states > 2:  # Z/k's algebra has bounds of its own (GF(2)'s are the board's): checked now
        from lightsart._core.algebra import algebra as algebra_of
        from lightsart._core.modk import check_columns_early, modk_algebra

        rules = Rules(height, width, parse_pattern(pattern), topology, states)
        # Before the algebra's own work, where that is cheap (GF(2) chases: 0.03 s at 1024x1024).
        check_columns_early(rules, lambda: algebra_of(rules.with_states(2)).nullity)
        algebra = modk_algebra(rules)
        if columns and algebra.kernel_size > 1:  # unreachable targets need their syndromes
            algebra.check_columns()


def default_cell(width: int, height: int, goal: int = 480) -> int:
    """Pixels per cell so the long side is about ``goal`` pixels (at least 1)."""
    return max(1, goal // max(width, height))


def drawing_style(cell: int, kind: str, colours: tuple[str | None, str | None, str | None],
                  palette: Palette | None = None) -> Any:
    """The :class:`~lightsart._output.render.RenderStyle` boards are drawn in (``palette``: the
    colour of each state, when the pictures chose one)."""
    from lightsart._output import render

    lit, unlit, panel = (None if c is None else render.parse_colour(c) for c in colours)
    return render.RenderStyle(cell=cell, kind=kind, lit=lit, unlit=unlit, panel=panel,  # type: ignore[arg-type]
                              palette=palette)


def rules_dict(rules: Rules | None, height: int, width: int) -> dict[str, Any]:
    """The ``rules`` object of a job's ``--json`` (the classic game when ``rules`` is ``None``)."""
    return (rules or Rules.plus(height, width)).to_dict()
