"""Census speed and database size, measured in one run.

Run:  python benchmarks/bench_census.py [--no-brute-force]

Prints the census time for 3x3, 4x4, 5x5, 4x6, 6x6 and a few larger boards, the 5x5 census
against a direct numpy enumeration of all 2**25 click sets (the brute-force baseline, checked
to give the same distribution), the 5x5 lookup database's build time and size next to a naive
one-row-per-state table, and which boards are out of reach.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

from lightsart._errors import LightsartError
from lightsart._puzzle.census import census
from lightsart._puzzle.censusdb import write_db


def brute_force_distribution(m: int, n: int) -> list[int]:
    """Fewest clicks per state by scoring every click set: state = XOR of its press masks."""
    cells = m * n
    masks = []
    for i in range(m):
        for j in range(n):
            mask = 0
            for r, c in ((i, j), (i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
                if 0 <= r < m and 0 <= c < n:
                    mask |= 1 << (r * n + c)
            masks.append(mask)
    half = cells // 2
    low = np.zeros(1, dtype=np.int64)
    for mask in masks[:half]:
        low = np.concatenate([low, low ^ mask])
    high = np.zeros(1, dtype=np.int64)
    for mask in masks[half:]:
        high = np.concatenate([high, high ^ mask])
    fewest = np.full(1 << cells, 127, dtype=np.int8)
    low_weight = np.bitwise_count(np.arange(low.size)).astype(np.int8)
    for h in range(high.size):
        states = low ^ high[h]
        weight = low_weight + np.int8(int(h).bit_count())
        np.minimum.at(fewest, states, weight)  # unbuffered: exact even for repeated states
    reached = fewest[fewest < 127]
    return np.bincount(reached).tolist()


def timed_census(m: int, n: int) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        c = census(m, n)
    except LightsartError as exc:
        return time.perf_counter() - start, f"out of reach: {str(exc).split(': ', 1)[1]}"
    return (time.perf_counter() - start,
            f"nullity {c.nullity}, max {c.max_click_count} moves ({c.boards_at_max} states), "
            f"all-lit {c.all_lit_click_count}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-brute-force", action="store_true",
                        help="skip the 2**25 enumeration baseline (about 15 s)")
    args = parser.parse_args()
    print("census time (exact):")
    for w, h in [(3, 3), (4, 4), (5, 5), (4, 6), (6, 6), (7, 5), (8, 7), (17, 17), (14, 4),
                 (9, 9), (11, 11), (19, 19)]:
        seconds, note = timed_census(h, w)
        print(f"  {w}x{h:<3} {seconds * 1000:9.1f} ms   {note}")
    if not args.no_brute_force:
        start = time.perf_counter()
        reference = brute_force_distribution(5, 5)
        brute = time.perf_counter() - start
        start = time.perf_counter()
        exact = list(census(5, 5).distribution)
        fast = time.perf_counter() - start
        assert reference == exact, "census disagrees with brute force"
        print(f"5x5: numpy enumeration of 2**25 click sets {brute:.2f} s, census {fast * 1000:.1f}"
              f" ms ({brute / fast:.0f}x), same distribution")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "census-5x5.sqlite"
        written = write_db(5, 5, path)
        naive = written.boards * 24  # a (state, moves, click) row with its index: ~24 bytes
        print(f"5x5 database: {written.boards} states in {written.bytes / 1e6:.1f} MB "
              f"({8 * written.bytes / written.boards:.2f} bits/state), built in "
              f"{written.seconds:.1f} s; a row per state would take ~{naive / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
