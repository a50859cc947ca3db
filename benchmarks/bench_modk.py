"""Time the k-state algebra (``lightsart._core.modk``): build, solve and fit, for k = 2, 3, 4, 5, 8.

Run: ``python benchmarks/bench_modk.py``. Plus pattern on the plane, n × n boards. ``build`` is the
cold algebra (chase over Z/k and one Smith form per prime power of k), ``solve`` one reachable
change once built, ``fit`` the closest board (``decode_levels``) of a random
target from the all-brightest board
(syndrome columns, decoding, fewest presses). ``kernel`` is the number of press vectors that
change nothing, ``exact`` whether the fit's wrong cells and presses are both proven minimal.
For k = 2 the ratio column divides build + solve by the GF(2) ``general.packed_algebra`` doing the same,
measured in this run.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from lightsart._core import modk
from lightsart._core.closest import decode_levels
from lightsart._core.general import packed_algebra
from lightsart._core.modk import modk_algebra
from lightsart._core.presses import fewest_presses
from lightsart._rules import Rules, press


def timed(fn: Any) -> tuple[Any, float]:
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def fit_levels(alg: Any, target: Any) -> tuple[Any, Any]:
    """The closest board over ``Z/k`` from the all-brightest board and its fewest presses."""

    found = decode_levels(target, None, alg)
    return found, fewest_presses(alg, found.presses)


def main() -> None:
    print(f"{'size':>7} {'k':>3} {'free':>5} {'kernel':>12} {'build s':>8} {'solve s':>8} {'fit s':>7} "
          f"{'wrong':>6} {'exact':>6} {'vs gf2':>7}")
    rng = np.random.default_rng(1)
    for n in (10, 20, 40, 64):
        rules = Rules(n, n)
        for k in (2, 3, 4, 5, 8):
            modk._modk_algebra.cache_clear()  # modk_algebra checks the states, then calls the cached one
            alg, build = timed(lambda rules=rules, k=k: modk_algebra(rules.with_states(k)))
            change = press(rng.integers(0, k, (n, n)), rules.with_states(k))
            _, solve = timed(lambda alg=alg, change=change: alg.solve(change))
            target = rng.integers(0, k, (n, n))
            fit, fitted = timed(lambda alg=alg, target=target: fit_levels(alg, target))
            ratio = ""
            if k == 2:
                packed_algebra.cache_clear()
                gf2, base = timed(lambda rules=rules: packed_algebra(rules))
                _, base_solve = timed(lambda gf2=gf2, change=change: gf2.solve(change))
                ratio = f"{(build + solve) / (base + base_solve):6.1f}x"
            found, fewest = fit
            exact = "yes" if found.proven and fewest.proven else "no"
            print(f"{f'{n}x{n}':>7} {k:3d} {alg.free:5d} {alg.kernel_size:12d} {build:8.3f} {solve:8.4f} "
                  f"{fitted:7.3f} {int(found.wrong_cost):6d} {exact:>6} {ratio:>7}")


def chase(alg: Any, target: Any) -> int:
    """Wrong cells of the fallback before the decoder: the bottom-row chase and its descent (the
    exact search where it fits)."""
    from lightsart._core import closest

    t = target.astype(np.int64)
    start = np.full_like(t, alg.states - 1)
    if not alg.syndrome((t - start) % alg.states).any():
        return 0
    found = decode_levels(target, None, alg)
    if found.decoder == "exact":
        return int(found.wrong_cost)
    costs = closest._costs(t, alg.states, "wrong")
    return int(np.count_nonzero(closest._constraint_descent(alg, t, start, costs)))


def astronaut() -> None:
    """Closest board to the astronaut, quantised as ``still --states K`` does: the bottom-row chase
    (before) against the decoder (:func:`lightsart._core.decode.decode` with ``states=k``; after,
    1 s budget, seed 0)."""
    from pathlib import Path

    from lightsart._pictures.image import load_target

    path = Path(__file__).resolve().parents[1] / "samples" / "astronaut.png"
    print(f"\n{'size':>7} {'k':>3} {'checks':>6} {'chase':>6} {'after':>6} {'bound':>5} {'how':>6} "
          f"{'chase s':>7} {'after s':>7}")
    for n in (64, 128):
        for k in (3, 4, 5, 8):
            target = load_target(path, size=(n, n), states=k).bits
            alg = modk_algebra(Rules(n, n).with_states(k))
            alg.syndrome_columns()  # built once, outside both timings
            before, t0 = timed(lambda alg=alg, target=target: chase(alg, target))
            after, t1 = timed(lambda alg=alg, target=target: decode_levels(
                target, None, alg, seconds=1.0))
            print(f"{f'{n}x{n}':>7} {k:3d} {len(alg.check_moduli):6d} {before:6d} "
                  f"{int(after.wrong_cost):6d} {after.lower_bound:5.0f} {after.decoder:>6} "
                  f"{t0:7.2f} {t1:7.2f}")


if __name__ == "__main__":
    main()
    astronaut()
