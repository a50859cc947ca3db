"""Board sizes near a request and their nullity under any rules.

The nullity ``d`` (dimension of the kernel of ``A``) decides how close a picture can get: with
``d = 0`` every picture is reachable exactly; otherwise the fewest wrong pixels is a syndrome
decoding with ``d`` checks, so at most ``d`` (the checks' columns span every syndrome). The
classic game also has the light-chasing bound (one side: every error pushed into the last row);
for other rules only ``d`` is claimed.
"""

from __future__ import annotations

from dataclasses import dataclass

from lightsart.core import general
from lightsart.rules import Pattern, Rules, Topology, require_two_states

__all__ = ["RulesSize", "sizes_near"]


@dataclass(frozen=True)
class RulesSize:
    """One board size under some rules: its nullity and the worst case of wrong pixels."""

    width: int
    height: int
    nullity: int
    wrong_pixels_at_most: int

    @property
    def every_picture_exact(self) -> bool:
        return self.nullity == 0


def sizes_near(width: int, height: int, radius: int = 2, *, pattern: Pattern | None = None,
               topology: Topology | None = None, states: int = 2) -> list[RulesSize]:
    """Every size within ``radius`` cells of ``width`` x ``height``, nearest first, with nullity.

    The sizes and their order are those of :func:`lightsart.pictures.image.sizes_near`; the
    nullity is under ``pattern`` and ``topology`` (default: plus on the plane, the classic game).
    """
    from lightsart.pictures.image import sizes_near as classic_sizes

    require_two_states(states, "sizes")
    sizes = classic_sizes(width, height, radius)
    base = Rules(1, 1)
    rules = Rules(1, 1, pattern or base.pattern, topology or base.topology)
    if rules.is_classic:
        return [RulesSize(s.width, s.height, s.nullity, s.wrong_pixels_at_most) for s in sizes]
    out = []
    for s in sizes:
        d = general.algebra(Rules(s.height, s.width, rules.pattern, rules.topology)).nullity
        out.append(RulesSize(s.width, s.height, d, d))
    return out
