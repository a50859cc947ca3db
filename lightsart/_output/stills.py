"""Still formats by extension: the one place that picks how a board picture is written.

``still -o``, ``--target-out`` and ``--compare`` (and ``preview``'s sheet) write the format their
extension names: a PNG (pixels, :mod:`lightsart._output.render`) or a vector drawing (SVG, PDF:
:mod:`lightsart._output.vector`). Adding a format is two functions and one ``register`` line
for :data:`STILL_FORMATS`. The writers (and numpy) are imported only when a file is written, so
the output checks can read this table at start-up.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lightsart._errors import InvalidValue, shown
from lightsart._registry import Registry

if TYPE_CHECKING:
    from lightsart._output.render import RenderStyle
    from lightsart._output.vector import Scene
    from lightsart._types import Board

__all__ = ["STILL_FORMATS", "StillFormat", "still_format", "write_board", "write_compare"]

#: ``(board, path, style, levels, cell_mm)``: write one board.
BoardWriter = Callable[["Board", "str | os.PathLike[str]", "RenderStyle", int, "float | None"], None]
#: ``(panels, path, style, levels, cell_mm)``: write target | result | wrong cells.
CompareWriter = Callable[[Sequence["Board"], "str | os.PathLike[str]", "RenderStyle", int,
                          "float | None"], None]


@dataclass(frozen=True)
class StillFormat:
    """One still format: its writers, and whether it is made of pixels (so the picture-size
    limits apply) or of one shape per cell (so the vector limits do, and ``--cell-mm`` sizes
    it)."""

    extension: str
    about: str
    board: BoardWriter
    compare: CompareWriter
    raster: bool
    #: A page of a fixed size in points (a PDF): its sides are bounded.
    paged: bool = False


def _png_board(board: Board, path: str | os.PathLike[str], style: RenderStyle, states: int,
               cell_mm: float | None) -> None:
    from lightsart._output.render import write_png

    write_png(board, path, style, states)


def _png_compare(panels: Sequence[Board], path: str | os.PathLike[str], style: RenderStyle,
                 states: int, cell_mm: float | None) -> None:
    from lightsart._output.render import write_side_by_side

    write_side_by_side(panels, path, style, states)


def _vector(write: Callable[[Scene, str | os.PathLike[str]], None]
            ) -> tuple[BoardWriter, CompareWriter]:
    def board(board: Board, path: str | os.PathLike[str], style: RenderStyle, states: int,
              cell_mm: float | None) -> None:
        from lightsart._output.vector import board_scene

        write(board_scene(board, style, states, cell_mm), path)

    def compare(panels: Sequence[Board], path: str | os.PathLike[str], style: RenderStyle,
                states: int, cell_mm: float | None) -> None:
        from lightsart._output.vector import compare_scene

        target, result, *rest = panels
        wrong = rest[0] if rest else (target != result)
        write(compare_scene(target, result, wrong, style, states, cell_mm), path)

    return board, compare


def _svg(scene: Scene, path: str | os.PathLike[str]) -> None:
    from lightsart._output.vector import write_svg

    write_svg(scene, path)


def _pdf(scene: Scene, path: str | os.PathLike[str]) -> None:
    from lightsart._output.vector import write_pdf

    write_pdf(scene, path)


#: Every still format, by extension.
STILL_FORMATS: Registry[StillFormat] = Registry("still format")
for _format in (
    StillFormat(".png", "a picture, cell pixels per cell", _png_board, _png_compare, raster=True),
    StillFormat(".svg", "a vector drawing, one shape per cell (layers: unlit, lit)",
                *_vector(_svg), raster=False),
    StillFormat(".pdf", "a one-page vector PDF, one shape per cell", *_vector(_pdf),
                raster=False, paged=True),
):
    STILL_FORMATS.register(_format.extension, _format, about=_format.about)


def still_format(path: str | os.PathLike[str]) -> StillFormat:
    """The still format of ``path`` by its extension, or one line naming the ones there are."""
    suffix = Path(path).suffix.lower()
    if suffix not in STILL_FORMATS:
        raise InvalidValue(f"cannot write {shown(path)}: unknown format "
                           f"{suffix or '(no extension)'!r}; use {', '.join(STILL_FORMATS)}")
    return STILL_FORMATS.get(suffix)


def write_board(board: Board, path: str | os.PathLike[str], style: RenderStyle, states: int = 2,
                cell_mm: float | None = None) -> None:
    """Write one board to ``path`` in the format its extension names."""
    still_format(path).board(board, path, style, states, cell_mm)


def write_compare(panels: Sequence[Board], path: str | os.PathLike[str], style: RenderStyle,
                  states: int = 2, cell_mm: float | None = None) -> None:
    """Write ``target | result | wrong cells`` to ``path`` in the format its extension names."""
    still_format(path).compare(panels, path, style, states, cell_mm)
