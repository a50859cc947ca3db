"""Regenerate tests/golden/brute_force.json by brute force over every click set.

Independent of lightsart: the press operator is written out here as an (mn x mn) neighbour
matrix, and every one of the 2**(m*n) click sets is applied. For each board size it records the
nullity (from the number of distinct reachable boards), every reachable board with its fewest
clicks, and, for seeded random targets, the fewest wrong pixels of any reachable board.

Run:  python tests/golden/make_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

SIZES = [(m, n) for m in range(1, 5) for n in range(1, 5)] + [
    (1, 8), (1, 11), (2, 5), (2, 6), (3, 5), (5, 3), (5, 2), (6, 2),
]
TARGETS_PER_SIZE = 12


def neighbour_matrix(m: int, n: int) -> np.ndarray:
    size = m * n
    a = np.zeros((size, size), dtype=np.uint8)
    for i in range(m):
        for j in range(n):
            for di, dj in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                r, c = i + di, j + dj
                if 0 <= r < m and 0 <= c < n:
                    a[r * n + c, i * n + j] = 1
    return a


def states(bits: np.ndarray) -> np.ndarray:
    """Row-major integer states, bit i*n+j = cell (i, j)."""
    return (bits.astype(np.int64) << np.arange(bits.shape[1], dtype=np.int64)).sum(axis=1)


def brute(m: int, n: int, rng: np.random.Generator) -> dict[str, object]:
    size = m * n
    codes = np.arange(1 << size, dtype=np.int64)
    clicks = ((codes[:, None] >> np.arange(size)) & 1).astype(np.uint8)
    boards = 1 ^ ((clicks.astype(np.int64) @ neighbour_matrix(m, n).T) & 1)
    board_state = states(boards)
    weight = clicks.sum(axis=1)
    fewest: dict[int, int] = {}
    for s, w in zip(board_state.tolist(), weight.tolist(), strict=True):
        if s not in fewest or w < fewest[s]:
            fewest[s] = w
    reachable = np.array(sorted(fewest), dtype=np.int64)
    nullity = size - int(np.log2(len(fewest)))
    targets = []
    for _ in range(TARGETS_PER_SIZE):
        t = int(rng.integers(0, 1 << size))
        distance = np.array([bin(int(r) ^ t).count("1") for r in reachable])
        targets.append({"state": t, "fewest_wrong": int(distance.min())})
    return {
        "m": m,
        "n": n,
        "nullity": nullity,
        "fewest_clicks": {str(s): w for s, w in sorted(fewest.items())},
        "targets": targets,
    }


def main() -> None:
    rng = np.random.default_rng(20261121)
    data = [brute(m, n, rng) for m, n in SIZES]
    out = Path(__file__).with_name("brute_force.json")
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB, {len(data)} board sizes)")


if __name__ == "__main__":
    main()
