"""Compare the decoder, the pair-table bound and the closest boards of two checkouts of lightsart.

A refactoring of :mod:`lightsart._core.decode` or :mod:`lightsart._core.bound` must not change any
answer: the planned work is counted from the budget at nominal speeds, so the same inputs, seed
and budget give the same answer unless the clock cuts the work short. This runs a fixed set of
random instances (direct ``decode`` and ``lower_bound`` calls, and ``closest_board`` on boards of
16..128 cells a side, classic, torus and 3 states) under each checkout in a subprocess
(``PYTHONPATH``) and lists every case whose answer differs. Cases cut short by the clock in
either run are reported apart (they may differ on a busy machine); by default both runs see a
clock 50 times slower than the wall (``COMPARE_CLOCK=1`` for the real one), so the planned work
always finishes and every answer must repeat.

Usage: ``python scripts/compare_decoders.py OLD_DIR NEW_DIR`` (directories holding ``lightsart/``),
e.g. ``git archive main lightsart | tar -x -C /tmp/old`` and ``python scripts/compare_decoders.py
/tmp/old .``. Exits 1 when an answer differs.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from typing import Any

Case = tuple[str, Callable[[], tuple[Any, bool]]]
#: The clocks of both runs go this fast (1: the wall clock); slower, the deadlines never fire.
CLOCK = float(os.environ.get("COMPARE_CLOCK", "0.02"))


def _columns(seed: int, count: int, d: int, planted: int) -> tuple[Any, Any, Any]:
    """Random 0/1 columns, a syndrome made by ``planted`` of them, and those pixels."""
    import numpy as np

    rng = np.random.default_rng(seed)
    columns = (rng.random((count, d)) < 0.5).astype(np.uint8)
    columns[rng.integers(0, count, 3)] = columns[0]
    columns[1] = 0
    chosen = rng.choice(count, planted, replace=False).astype(np.intp)
    syndrome = np.bitwise_xor.reduce(columns[chosen], axis=0).astype(np.uint8)
    return columns, syndrome, np.sort(chosen)


def _decode_cases() -> Iterator[Case]:
    import numpy as np

    from lightsart._core.decode import decode
    from lightsart._core.relink import Focus

    def run(seed: int, count: int, d: int, planted: int, weighted: bool, base: bool,
            focused: bool, seconds: float, work: int | None, method: str) -> tuple[Any, bool]:
        columns, syndrome, chosen = _columns(seed, count, d, planted)
        rng = np.random.default_rng(seed + 99)
        cost = rng.uniform(0.5, 2.0, count) if weighted else None
        focus = ()
        if focused:
            pixels = np.sort(rng.choice(count, count // 3, replace=False)).astype(np.intp)
            focus = (Focus(pixels, (chosen,)),)
        found = decode(columns, syndrome, cost, chosen if base else None, seed=seed,
                       seconds=seconds, work=work, method=method, focus=focus)
        answer = (tuple(np.sort(found.errors).tolist()), round(found.cost, 9),
                  round(found.lower_bound, 9), found.proven, found.method, found.cut_short)
        return answer, found.cut_short

    grid = [
        # (count, d, planted, weighted, baseline, focus, seconds, work, method)
        (200, 10, 5, False, False, False, 0.5, None, "stern"),
        (300, 16, 7, True, False, False, 0.5, None, "stern"),
        (400, 20, 9, False, True, False, 0.5, None, "stern"),
        (300, 18, 6, False, False, False, 0.5, None, "lee-brickell"),
        (500, 26, 6, False, True, False, 0.05, None, "lee-brickell"),
        (600, 24, 6, False, True, False, 0.3, None, "stern"),
        (600, 24, 6, True, True, False, 0.3, None, "stern"),
        (1200, 40, 9, False, True, False, 0.5, None, "stern"),
        (1200, 40, 9, False, True, True, 0.5, None, "stern"),
        (1500, 64, 12, False, True, False, 0.5, None, "stern"),
        (1500, 64, 4, False, False, False, 0.5, None, "stern"),
        (1500, 64, 3, False, True, False, 0.5, None, "stern"),
        (1500, 64, 5, False, True, False, 1.0, None, "stern"),
        (2000, 90, 15, False, True, True, 0.5, None, "stern"),
        (2000, 90, 15, True, True, True, 0.5, 40, "stern"),
        (2000, 90, 15, False, False, False, 0.5, 25, "stern"),
        (800, 50, 10, True, False, False, 0.4, None, "stern"),
    ]
    for seed in (0, 1, 2):
        for args in grid:
            yield f"decode seed={seed} {args}", lambda s=seed, a=args: run(s, *a)


def _bound_cases() -> Iterator[Case]:
    from lightsart._core.bound import lower_bound

    def run(seed: int, count: int, d: int, planted: int, max_weight: int, memory: int | None,
            max_pairs: int | None, hunts: int) -> tuple[Any, bool]:
        columns, syndrome, _ = _columns(seed, count, d, planted)
        kwargs: dict[str, Any] = {}
        if memory is not None:
            kwargs["memory_bytes"] = memory
        if max_pairs is not None:
            kwargs["max_pairs"] = max_pairs
        found = lower_bound(columns, syndrome, max_weight, seed=seed, hunts=hunts, **kwargs)
        solution = None if found.solution is None else tuple(found.solution.tolist())
        return (found.bound, solution, found.checked_weight, found.cut_short), found.cut_short

    grid = [
        # (count, d, planted, max_weight, memory_bytes, max_pairs, hunts)
        (60, 12, 1, 4, None, None, 1),
        (60, 12, 2, 4, None, None, 1),
        (200, 24, 3, 4, None, None, 1),
        (400, 30, 4, 4, None, None, 1),
        (400, 30, 4, 4, 100_000, None, 1),
        (600, 40, 5, 4, None, None, 3),
        (600, 40, 6, 4, None, None, 2),
        (1500, 50, 5, 4, None, None, 3),
        (1500, 64, 8, 4, None, None, 2),
        (1500, 64, 8, 4, 1 << 20, None, 1),
        (900, 48, 4, 3, None, None, 1),
        (900, 48, 4, 2, None, None, 1),
        (900, 48, 4, 1, None, None, 1),
        (900, 48, 4, 4, None, 1000, 1),
        (0, 20, 0, 4, None, None, 1),
    ]
    for seed in (0, 1, 2):
        for args in grid:
            if args[0] == 0:
                if seed == 0:
                    yield "bound zero syndrome", lambda: run(0, 10, 20, 0, 4, None, None, 1)
                continue
            yield f"bound seed={seed} {args}", lambda s=seed, a=args: run(s, *a)


def _target(side: int, seed: int, smooth: bool) -> Any:
    import numpy as np

    rng = np.random.default_rng(seed)
    if not smooth:
        return (rng.random((side, side)) < 0.5).astype(np.uint8)
    y, x = np.mgrid[0:side, 0:side] / side
    wave = np.sin(6 * x + 3 * y * y + seed) + 0.3 * rng.standard_normal((side, side))
    return (wave > 0).astype(np.uint8)


def _board_cases() -> Iterator[Case]:
    import numpy as np

    from lightsart._core.optimize import closest_board
    from lightsart._rules import Rules

    def fit_answer(fit: Any) -> tuple[Any, bool]:
        answer = (fit.board.tobytes(), fit.clicks.tobytes(), fit.wrong_pixels,
                  round(fit.wrong_cost, 9), fit.wrong_pixels_proven_minimal,
                  round(fit.wrong_pixels_lower_bound, 9), fit.clicks_count,
                  fit.clicks_proven_minimal, fit.method, fit.cut_short)
        return answer, bool(fit.cut_short)

    def classic(side: int, seed: int, smooth: bool, seconds: float, weighted: bool,
                topology: str = "plane") -> tuple[Any, bool]:
        target = _target(side, seed, smooth)
        cost = None
        if weighted:
            cost = np.random.default_rng(seed).uniform(0.5, 2.0, target.shape)
        rules = None if topology == "plane" else Rules(side, side, topology=topology)  # type: ignore[arg-type]
        return fit_answer(closest_board(target, cost, seed=seed, seconds=seconds, rules=rules))

    def levels(side: int, seed: int, states: int, seconds: float) -> tuple[Any, bool]:
        rng = np.random.default_rng(seed)
        target = rng.integers(0, states, (side, side)).astype(np.uint8)
        return fit_answer(closest_board(target, seconds=seconds, seed=seed,
                                        rules=Rules(side, side, states=states)))

    for side, seconds in [(16, 0.5), (19, 0.5), (30, 0.5), (39, 1.0), (47, 0.5), (61, 1.0),
                          (65, 0.5), (79, 0.5), (79, 15.0), (95, 1.0), (119, 1.0), (123, 3.0),
                          (125, 1.0), (128, 1.0)]:
        for seed in (0, 1):
            smooth = seed == 1
            yield (f"closest_board {side}x{side} seed={seed} seconds={seconds}",
                   lambda a=(side, seed, smooth, seconds, False): classic(*a))
    for side in (19, 64):
        yield f"closest_board weighted {side}", lambda s=side: classic(s, 3, True, 1.0, True)
    for side in (16, 20, 32):
        yield f"closest_board torus {side}", lambda s=side: classic(s, 4, False, 0.5, False, "torus")
    for side, states in [(16, 3), (24, 3), (32, 3), (48, 3), (20, 2), (32, 2)]:
        for seed in (0, 1):
            yield (f"fit_levels {side}x{side} states={states} seed={seed}",
                   lambda a=(side, seed, states, 0.5): levels(*a))


def _slow_clock(factor: float) -> None:
    """Make ``time.perf_counter`` run ``factor`` times as fast as the wall clock, so a busy
    machine does not cut the planned work short (the work is planned from the budget alone)."""
    import time

    real = time.perf_counter
    origin = real()
    time.perf_counter = lambda: origin + (real() - origin) * factor


def record(path: str) -> None:
    """Run every case under the lightsart on ``sys.path`` and pickle the answers."""
    _slow_clock(CLOCK)
    answers: dict[str, tuple[Any, bool]] = {}
    for source in (_decode_cases, _bound_cases, _board_cases):
        for name, case in source():
            answers[name] = case()
    with open(path, "wb") as f:
        pickle.dump(answers, f)


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--record":
        record(argv[1])
        return 0
    if len(argv) != 2:
        print(__doc__)
        return 2
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, checkout in enumerate(argv):
            out = os.path.join(tmp, f"{i}.pkl")
            env = dict(os.environ, PYTHONPATH=os.path.abspath(checkout))
            subprocess.run([sys.executable, __file__, "--record", out], env=env, check=True)
            with open(out, "rb") as f:
                runs.append(pickle.load(f))
    old, new = runs
    differ = [name for name in old if old[name][0] != new[name][0]]
    cut = [name for name in differ if old[name][1] or new[name][1]]
    for name in differ:
        print(("cut short, may differ: " if name in cut else "DIFFERS: ") + name)
        print("   old:", str(old[name][0])[:200])
        print("   new:", str(new[name][0])[:200])
    same = len(old) - len(differ)
    print(f"{same} of {len(old)} cases identical; {len(differ) - len(cut)} differ, "
          f"{len(cut)} cut short by the clock")
    return 1 if len(differ) > len(cut) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
