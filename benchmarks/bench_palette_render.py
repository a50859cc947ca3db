"""Drawing in a palette against drawing in greys (issue 34), measured in one run.

Run:  python benchmarks/bench_palette_render.py [--repeats 5]

Per style and number of states K: the seconds to build the cell sprites (cold: the caches
cleared) at cells 8 and 128, and to write a GIF of 200 single presses on a 64x64 board at cell
4, in greys (no palette: the baseline) and in a palette of K random colours; printed as the
palette's time over the greys' (1.00: no cost), with the GIF's bytes over the greys' too. A
palette changes only the colours each state is drawn in, so both should stay near 1.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

from lightsart._output import render
from lightsart._output.render import RenderStyle, sprites
from lightsart._output.writers import write_gif
from lightsart._palette import Palette
from lightsart._types import Frame

SIDE, PRESSES = 64, 200


def palette_of(states: int, seed: int = 0) -> Palette:
    rng = np.random.default_rng(seed)
    colours: list[tuple[int, int, int]] = []
    while len(colours) < states:
        c = (int(rng.integers(256)), int(rng.integers(256)), int(rng.integers(256)))
        if c not in colours:
            colours.append(c)
    return Palette(tuple(colours))


def press_frames(states: int) -> Iterator[Frame]:
    rng = np.random.default_rng(1)
    board = np.full((SIDE, SIDE), states - 1, np.uint8)
    yield Frame(board, 1.0)
    for _ in range(PRESSES):
        i, j = (int(v) for v in rng.integers(0, SIDE, 2))
        board = board.copy()
        board[max(i - 1, 0) : i + 2, j] = (board[max(i - 1, 0) : i + 2, j] + 1) % states
        board[i, max(j - 1, 0) : j + 2] = (board[i, max(j - 1, 0) : j + 2] + 1) % states
        board[i, j] = (board[i, j] + states - 1) % states  # stepped twice above
        yield Frame(board, 0.04)


def best(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        render._sprites.cache_clear()
        render._cover.cache_clear()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'style':8} {'K':>2} {'sprites c8':>11} {'sprites c128':>13} {'gif time':>9} "
          f"{'gif bytes':>10}   (palette / greys)")
    for kind in ("pixels", "lights", "dots", "grid"):
        for states in (2, 4, 8):
            grey = {"cell": 8, "kind": kind}
            colour = {**grey, "palette": palette_of(states, states)}
            ratios = []
            for cell in (8, 128):
                looks = [RenderStyle(**{**s, "cell": cell}) for s in (grey, colour)]  # type: ignore[arg-type]
                t = [best(lambda look=look, k=states: sprites(look, k), args.repeats) for look in looks]
                ratios.append(t[1] / t[0])
            sizes, times = [], []
            with tempfile.TemporaryDirectory() as folder:
                for n, s in enumerate((grey, colour)):
                    look = RenderStyle(**{**s, "cell": 4})  # type: ignore[arg-type]
                    out = Path(folder) / f"{n}.gif"
                    times.append(best(lambda look=look, out=out, k=states: write_gif(
                        press_frames(k), out, look, states=k), args.repeats))
                    sizes.append(out.stat().st_size)
            print(f"{kind:8} {states:>2} {ratios[0]:>11.2f} {ratios[1]:>13.2f} "
                  f"{times[1] / times[0]:>9.2f} {sizes[1] / sizes[0]:>10.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
