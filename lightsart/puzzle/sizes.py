"""Board sizes near a request and their nullity under any rules.

The nullity ``d`` (dimension of the kernel of ``A``) decides how close a picture can get: with
``d = 0`` every picture is reachable exactly; otherwise the fewest wrong pixels is a syndrome
decoding with ``d`` checks, so at most ``d`` (the checks' columns span every syndrome). The
classic game also has the light-chasing bound (one side: every error pushed into the last row);
for other rules only ``d`` is claimed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lightsart.core import general
from lightsart.errors import LightsartError
from lightsart.limits import SIZES_LEVELS_MAX_WORK, SIZES_RULES_MAX_WORK
from lightsart.rules import Pattern, Rules, Topology

if TYPE_CHECKING:
    from lightsart.pictures.image import SizeInfo

__all__ = ["RulesSize", "sizes_near", "sizes_text"]


@dataclass(frozen=True)
class RulesSize:
    """One board size under some rules: its nullity and the worst case of wrong pixels.

    With ``k > 2`` states per cell ``nullity`` is the fewest generators of the kernel over
    ``Z/k``, ``kernel_size`` the number of press vectors that change nothing (the quiet patterns,
    the empty one included: ``k^nullity`` only for prime ``k``) and ``wrong_pixels_at_most`` the
    number of cyclic factors of the cokernel (wrong cells never needed beyond one per factor).
    """

    width: int
    height: int
    nullity: int
    wrong_pixels_at_most: int
    kernel_size: int | None = None

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

    sizes = classic_sizes(width, height, radius)
    if states > 2:  # Z/K: a Smith form per size (the kernel is not always K^d), not GF(2) ranks
        return _sizes_levels(sizes, pattern, topology, states)
    base = Rules(1, 1)
    rules = Rules(1, 1, pattern or base.pattern, topology or base.topology)
    if rules.is_classic:
        return [RulesSize(s.width, s.height, s.nullity, s.wrong_pixels_at_most) for s in sizes]
    work = sum(min(s.width, s.height) ** 3 for s in sizes)
    if work > SIZES_RULES_MAX_WORK:  # one elimination per size, before any of them
        raise LightsartError(
            f"sizes under {rules.pattern.name} on the {rules.topology} near "
            f"{sizes[0].width}x{sizes[0].height}: too much work (one elimination per size); ask "
            f"for sides of at most about 1024 or a smaller --radius")
    out = []
    for s in sizes:
        d = general.algebra(Rules(s.height, s.width, rules.pattern, rules.topology)).nullity
        out.append(RulesSize(s.width, s.height, d, d))
    return out


def _sizes_levels(sizes: list[SizeInfo], pattern: Pattern | None, topology: Topology | None,
                  states: int) -> list[RulesSize]:
    """The sizes with the kernel and cokernel of ``A`` over ``Z/states``, bounded before work."""
    from lightsart.core.modk import algebra_mod, kernel_rank

    work = sum(min(s.width, s.height) ** 3 for s in sizes)
    if work > SIZES_LEVELS_MAX_WORK:
        raise LightsartError(
            f"sizes with {states} states near {sizes[0].width}x{sizes[0].height}: too much work "
            f"(one Smith form over Z/{states} per size); ask for sides of at most about 256 or a "
            f"smaller --radius")
    base = Rules(1, 1)
    out = []
    for s in sizes:
        alg = algebra_mod(Rules(s.height, s.width, pattern or base.pattern,
                                topology or base.topology, states))
        out.append(RulesSize(s.width, s.height, kernel_rank(alg), len(alg.check_moduli),
                             alg.kernel_size))
    return out


def sizes_text(sizes: list[RulesSize], rules: Rules) -> str:
    """What ``lightsart sizes`` prints: each size's nullity and the wrong pixels it may need."""
    if rules.states > 2:  # Z/K: the quiet patterns are counted (K^d only for prime K), in cells
        return _levels_text(sizes, rules)
    lines = [] if rules.is_classic else [f"rules: pattern {rules.pattern.name} on the {rules.topology}"]
    lines.append(f"{'WxH':<11}{'nullity':>7}")
    for s in sizes:
        note = ("every picture exact" if s.every_picture_exact
                else f"at most {s.wrong_pixels_at_most} wrong pixel"
                     f"{'s' if s.wrong_pixels_at_most > 1 else ''} per picture")
        lines.append(f"{f'{s.width}x{s.height}':<11}{s.nullity:>7}  {note}")
    return "\n".join(lines)


def _levels_text(sizes: list[RulesSize], rules: Rules) -> str:
    plain = rules.with_states(2)
    note = "" if plain.is_classic else f", pattern {rules.pattern.name} on the {rules.topology}"
    lines = [f"rules: {rules.states} states{note}", f"{'WxH':<11}{'quiet patterns':>15}"]
    for s in sizes:
        cells = s.wrong_pixels_at_most
        tail = ("every picture exact" if s.every_picture_exact
                else f"at most {cells} wrong cell{'s' if cells > 1 else ''} per picture")
        lines.append(f"{f'{s.width}x{s.height}':<11}{s.kernel_size:>15}  {tail}")
    return "\n".join(lines)
