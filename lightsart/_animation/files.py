"""An animation written to a file: its frames handed to a writer, or its clicks to a page.

The output stage's writers receive frames (:class:`lightsart.Frame`) and a look; they know nothing
of clicks. This module, above both the writers and the pages, chooses by the file's extension
(:data:`lightsart._output.formats.FORMATS`): a file of frames (GIF, MP4) gets the animation's frames,
made lazily one at a time; the interactive page (HTML) gets the pictures and their ordered clicks,
which it replays in the browser.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from lightsart._animation.animate import Animation, chain_frames
from lightsart._output.formats import format_for

if TYPE_CHECKING:
    from lightsart._output.render import RenderStyle
    from lightsart._output.writers import Written

__all__ = ["write_animation"]


def write_animation(animation: Animation, path: str | os.PathLike[str], style: RenderStyle,
                    cell: int | None = None) -> Written | None:
    """Write ``animation`` to ``path`` in the format its extension names, drawn in ``style``.

    Parameters
    ----------
    animation : Animation
        The pictures, their ordered clicks, the frame plan and the rules.
    path : str or os.PathLike
        The file to write; its extension chooses the format.
    style : RenderStyle
        How each board is drawn (a page opens in this look).
    cell : int or None, optional
        The cell size asked for, before a page fits the board to the window (``None``: the
        page's choice).

    Returns
    -------
    Written or None
        What a file of frames holds (frames after merging holds, seconds, bytes), or ``None``
        for a page.
    """
    kind = format_for(path)
    plan, rules = animation.plan, animation.rules
    states = 2 if rules is None else rules.states
    if kind.write_frames is None:
        from lightsart._pages.artwork import write_artwork_page

        # Pictures that are one board have no clicks (a largest batch of 0): the page plays
        # batches of 1.
        write_artwork_page(path, animation.segments, cell=cell, fps=plan.fps,
                           clicks_per_frame=max(1, plan.clicks_per_frame), hold=plan.hold,
                           loop=plan.loop, style=style.kind, colours=style.colours(),
                           palette=style.palette,
                           pattern="plus" if rules is None else rules.pattern.text,
                           topology="plane" if rules is None else rules.topology,
                           states=states,
                           frames=None if all(t.ease == "linear" for t in plan.transitions)
                           else [t.bounds().tolist() for t in plan.transitions])
        return None
    # A video stops on its last frame: a looped chain ends on its first picture, held (a GIF
    # restarts there by itself).
    closes = kind.repeats_holds and plan.loop
    frames = chain_frames(animation.segments, plan, rules, end_on_first=closes)
    return kind.write_frames(frames, path, style, plan.fps, plan.frames + closes, states)
