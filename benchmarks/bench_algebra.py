"""Time the one algebra (``lightsart._core.algebra``) against the classes it chooses, in one run.

Run: ``python benchmarks/bench_algebra.py [--sides 64 128] [--repeat 5]``. For each rule set
(classic, σ on the torus, plus with 3 and 4 states) and board side it times, best of
``--repeat``: ``build`` the cold algebra through :func:`algebra` and through the class's own
factory, ``solve`` one reachable change, and ``reached`` (the board after a press vector, the
pipeline's one path) against the two code paths it replaced (XOR of the GF(2) press; the press
added mod ``k``). Ratios above 1 mean the one path is slower.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from lightsart._core import general, gf2, modk
from lightsart._core.algebra import algebra, reached
from lightsart._rules import Rules, parse_pattern, press


def best(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def direct(rules: Rules) -> Any:
    """The class's own factory, as callers wrote it before the one algebra."""
    if rules.states > 2:
        return modk.modk_algebra(rules)
    if rules.is_classic:
        return gf2.classic_algebra(*rules.shape)
    return general.packed_algebra(rules)


def old_reached(board: np.ndarray, x: np.ndarray, rules: Rules) -> np.ndarray:
    if rules.states > 2:
        k = rules.states
        return ((board.astype(np.int64) + press(x, rules)) % k).astype(np.uint8)
    return board ^ press(x, rules)


def clear() -> None:
    gf2.classic_algebra.cache_clear()
    general.packed_algebra.cache_clear()
    modk._modk_algebra.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", type=int, nargs="+", default=[32, 64])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cases = [("classic", "plus", "plane", 2), ("sigma torus", "sigma", "torus", 2),
             ("plus k=3", "plus", "plane", 3), ("plus k=4", "plus", "plane", 4)]
    print(f"{'rules':<12} {'side':>5} {'build one':>10} {'build own':>10} {'ratio':>6} "
          f"{'solve one':>10} {'solve own':>10} {'ratio':>6} {'reached':>9} {'old':>9} {'ratio':>6}")
    rng = np.random.default_rng(0)
    for name, pattern, topology, k in cases:
        for side in args.sides:
            rules = Rules(side, side, parse_pattern(pattern), topology, k)  # type: ignore[arg-type]

            row(name, rules, args.repeat, rng)


def row(name: str, rules: Rules, repeat: int, rng: np.random.Generator) -> None:
    """Time one rule set and print its line."""
    k = rules.states

    def cold(make: Callable[[Rules], Any]) -> None:
        clear()
        make(rules)

    b_one = best(lambda: cold(algebra), repeat)
    b_own = best(lambda: cold(direct), repeat)
    x = rng.integers(0, k, size=rules.shape)
    one, own = algebra(rules), direct(rules)
    change = one.press(x)
    s_one = best(lambda: one.solve(change), repeat)
    s_own = best(lambda: own.solve(change), repeat)
    board = rng.integers(0, k, size=rules.shape).astype(np.uint8)
    assert np.array_equal(reached(board, x, rules), old_reached(board, x, rules))
    r_one = best(lambda: reached(board, x, rules), repeat)
    r_old = best(lambda: old_reached(board, x, rules), repeat)
    print(f"{name:<12} {rules.width:>5} {b_one:>10.4f} {b_own:>10.4f} {b_one / b_own:>6.2f} "
          f"{s_one:>10.4f} {s_own:>10.4f} {s_one / s_own:>6.2f} "
          f"{r_one:>9.5f} {r_old:>9.5f} {r_one / r_old:>6.2f}")

if __name__ == "__main__":
    main()
