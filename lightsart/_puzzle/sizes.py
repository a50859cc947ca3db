"""Board sizes near a request and their nullity under any rules, at any number of states.

The nullity ``d`` (dimension of the kernel of ``A``) decides how close a picture can get: with
``d = 0`` every picture is reachable exactly; otherwise the fewest wrong pixels is a syndrome
decoding with ``d`` checks, so at most ``d`` (the checks' columns span every syndrome). The
classic game also has the light-chasing bound (one side: every error pushed into the last row);
for other rules only ``d`` is claimed. Over ``Z/k`` (``k`` states per cell) the kernel is a module
(``k^d`` members only for prime ``k``): its size is counted, and a picture never needs more wrong
cells than the cokernel has cyclic factors.
"""

from __future__ import annotations

from dataclasses import dataclass

from lightsart._errors import LightsartError
from lightsart._limits import SIZES_CLASSIC_MAX_WORK, SIZES_LEVELS_MAX_WORK, SIZES_RULES_MAX_WORK
from lightsart._rules import Pattern, Rules, Topology

__all__ = ["RulesSize", "sizes_near", "sizes_text"]


@dataclass(frozen=True)
class RulesSize:
    """One board size under some rules: its nullity and the worst case of wrong pixels.

    ``nullity`` is the fewest generators of the kernel (over ``Z/k`` for ``k`` states; with two
    states its dimension), ``kernel_size`` the number of press vectors that change nothing (the
    quiet patterns, the empty one included: ``k^nullity`` only for prime ``k``) and
    ``wrong_pixels_at_most`` the number of cyclic factors of the cokernel (wrong cells never
    needed beyond one per factor; for the classic game also the light-chasing bound).
    """

    width: int
    height: int
    nullity: int
    wrong_pixels_at_most: int
    kernel_size: int | None = None

    @property
    def every_picture_exact(self) -> bool:
        return self.nullity == 0

    def to_dict(self) -> dict[str, object]:
        """One size as ``lightsart sizes --json`` lists it (keys: :mod:`lightsart._vocabulary`)."""
        return {"width": self.width, "height": self.height, "nullity": self.nullity,
                "every_picture_exact": self.every_picture_exact,
                "kernel_size": 1 << self.nullity if self.kernel_size is None else self.kernel_size,
                "wrong_cells_at_most": self.wrong_pixels_at_most}


def sizes_near(width: int, height: int, radius: int = 2, *, pattern: Pattern | None = None,
               topology: Topology | None = None, states: int = 2) -> list[RulesSize]:
    """Every size within ``radius`` cells of ``width`` x ``height``, nearest first, with nullity.

    The sizes and their order are those of :func:`lightsart._pictures.image.sizes_near`; the
    nullity is under ``pattern``, ``topology`` and ``states`` (default: plus on the plane with
    two states, the classic game).
    """
    from lightsart._pictures.image import sizes_near as classic_sizes
    from lightsart._pictures.image import sizes_within

    base = Rules(1, 1)
    rules = Rules(1, 1, pattern or base.pattern, topology or base.topology, states)
    _check_work(sizes_within(width, height, radius), rules)
    sizes = classic_sizes(width, height, radius)
    if rules.is_classic:
        return [RulesSize(s.width, s.height, s.nullity, s.wrong_pixels_at_most, 1 << s.nullity)
                for s in sizes]
    from lightsart._core.algebra import algebra  # other rules only: the classic sizes are known

    out = []
    for s in sizes:
        alg = algebra(Rules(s.height, s.width, rules.pattern, rules.topology, states))
        out.append(RulesSize(s.width, s.height, alg.nullity, len(alg.check_moduli),
                             alg.kernel_size))
    return out


def _check_work(sizes: list[tuple[int, int]], rules: Rules) -> None:
    """Refuse, before any of them, sizes whose nullities would take too long: each lists the
    classic nullity (a chase and an elimination on the shorter side: about its cube over 64
    word operations plus the chase), and under other rules one elimination or Smith form more."""
    near = f"near {sizes[0][0]}x{sizes[0][1]}: too much work"
    classic = sum(min(w, h) ** 2 * max(w, h) for w, h in sizes)
    if classic > SIZES_CLASSIC_MAX_WORK:
        raise LightsartError(
            f"sizes {near} (one chase and elimination per size); ask for a smaller --radius "
            f"(at most {_radius_within(sizes, SIZES_CLASSIC_MAX_WORK)} here)")
    work = sum(min(w, h) ** 3 for w, h in sizes)
    if rules.is_classic:
        return
    if rules.is_binary:  # GF(2): packed bits eliminate four times the side a Smith form does
        if work > SIZES_RULES_MAX_WORK:
            raise LightsartError(
                f"sizes under {rules.pattern.name} on the {rules.topology} {near} (one elimination "
                f"per size); ask for sides of at most about 1024 or a smaller --radius")
    elif work > SIZES_LEVELS_MAX_WORK:
        raise LightsartError(
            f"sizes with {rules.states} states {near} (one Smith form over Z/{rules.states} per "
            f"size); ask for sides of at most about 256 or a smaller --radius")


def _radius_within(sizes: list[tuple[int, int]], bound: int) -> int:
    """The largest radius around the first (asked) size whose classic work stays within ``bound``."""
    w0, h0 = sizes[0]
    radius = 0
    for r in range(1, 21):
        ring = [(w, h) for w, h in sizes if max(abs(w - w0), abs(h - h0)) <= r]
        if sum(min(w, h) ** 2 * max(w, h) for w, h in ring) > bound:
            break
        radius = r
    return radius


def sizes_text(sizes: list[RulesSize], rules: Rules) -> str:
    """What ``lightsart sizes`` prints: each size's nullity (the number of quiet patterns with
    grey levels, where it is not ``k^d``) and the wrong pixels (cells) it may need."""
    from lightsart._results import vocabulary

    grey = vocabulary(rules.states).grey
    note = "" if rules.with_states(2).is_classic else \
        f"pattern {rules.pattern.name} on the {rules.topology}"
    head = f"{rules.states} states{', ' + note if note else ''}" if grey else note
    lines = [f"rules: {head}"] if head else []
    lines.append(f"{'WxH':<11}{'quiet patterns':>15}" if grey else f"{'WxH':<11}{'nullity':>7}")
    wrong = vocabulary(rules.states).wrong
    for s in sizes:
        most = s.wrong_pixels_at_most
        tail = ("every picture exact" if s.every_picture_exact
                else f"at most {most} {wrong}{'s' if most > 1 else ''} per picture")
        count = f"{s.kernel_size:>15}" if grey else f"{s.nullity:>7}"
        lines.append(f"{f'{s.width}x{s.height}':<11}{count}  {tail}")
    return "\n".join(lines)
