"""The ``morph`` order on grey boards: the grey greedy against the two-state greedy on the support.

Run: ``python benchmarks/bench_grey_morph.py``. For K = 3, 4 and 8, the transition between the fits
of two samples (100×100, where the kernel is trivial, so the fits are the pictures themselves) is
ordered both ways: *before*, the two-state ``morph`` greedy on the cells pressed at least once
(what ``press_order`` did until the grey greedy), and *after*,
:func:`~lightsart._animation.morph.grey_morph_order`. Each cell's presses play in a row either way.
Printed: the share of cells unlike picture B at 25, 50 and 75 % of the presses (lower: B shows
sooner), and seconds to order. The last column is after / before at 50 %.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from lightsart import load_target
from lightsart._animation.morph import grey_morph_order, morph_order
from lightsart._core.optimize import closest_board, transition
from lightsart._pictures.image import read_for_board
from lightsart._rules import Rules, press

ROOT = Path(__file__).resolve().parent.parent
PAIRS = (("astronaut.png", "cat.png"), ("coffee.png", "horse.png"))
SIDE = 100


def shares(start: np.ndarray, cells: np.ndarray, x: np.ndarray, rules: Rules) -> list[float]:
    """Cells unlike the end at 25, 50 and 75 % of the presses of ``cells`` (each cell in a row)."""
    k = rules.states
    presses = np.repeat(cells, x[cells[:, 0], cells[:, 1]], axis=0)
    end = (start + press(x, rules)) % k
    out = []
    for q in (0.25, 0.5, 0.75):
        done = np.zeros(x.shape, dtype=np.int64)
        np.add.at(done, (presses[: int(q * len(presses)), 0], presses[: int(q * len(presses)), 1]), 1)
        frame = (start + press(done % k, rules)) % k
        out.append(float((frame != end).mean()))
    return out


def main() -> None:
    print(f"{'pair':>22} {'K':>2} | {'before 25/50/75 %':>20} {'s':>5} | {'after 25/50/75 %':>20} "
          f"{'s':>5} | {'50 % ratio':>10}")
    for k in (3, 4, 8):
        rules = Rules(SIDE, SIDE, states=k)
        for a, b in PAIRS:
            fits = []
            for name in (a, b):
                gray, (w, h) = read_for_board(str(ROOT / "samples" / name), (SIDE, SIDE), lambda m, n: 0)
                target = load_target(gray, (h, w), "cover", "floyd-steinberg", states=k)
                fits.append(closest_board(target.bits, seconds=1.0, rules=rules))
            x = transition(*fits).clicks.astype(np.int64)
            start = fits[0].board.astype(np.int64)
            began = time.perf_counter()
            before = morph_order((x > 0).astype(np.uint8), seed=0, rules=rules.with_states(2))
            t_before = time.perf_counter() - began
            began = time.perf_counter()
            after = grey_morph_order(x, rules, seed=0)
            t_after = time.perf_counter() - began
            sb, sa = shares(start, before, x, rules), shares(start, after, x, rules)
            fmt = "/".join
            print(f"{a + '->' + b:>22} {k:>2} | {fmt(f'{100 * v:.0f}' for v in sb):>20} {t_before:>5.2f} | "
                  f"{fmt(f'{100 * v:.0f}' for v in sa):>20} {t_after:>5.2f} | {sa[1] / sb[1]:>10.2f}")


if __name__ == "__main__":
    main()
