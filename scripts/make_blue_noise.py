"""Make the blue-noise threshold mask in ``lightsart/_pictures/data/`` by void-and-cluster (Ulichney 1993).

Run:  python scripts/make_blue_noise.py        (writes lightsart/_pictures/data/blue_noise_64.npy)

The mask ranks the ``N²`` pixels of an ``N × N`` torus: thresholding it at any ``r`` (lit where
``rank < r``) gives ``r`` points spread as evenly as possible, with little energy at low spatial
frequencies. Closeness is measured by a Gaussian filter, ``exp(-d²/(2σ²))`` with ``σ = 1.5`` over
wrapped distances; the *energy* of a pixel is that filter summed over the current minority points.

1. **Initial pattern.** ``N²/10`` points at random (seeded). Repeat: remove the point of highest
   energy (the tightest cluster) and put a point at the empty pixel of lowest energy (the largest
   void); stop when those are the same pixel.
2. **Phase 1.** From the initial pattern, remove the tightest cluster again and again; the pixel
   removed while ``k`` points remain gets rank ``k - 1``.
3. **Phases 2 and 3.** From the initial pattern, fill the largest void again and again; the pixel
   filled when ``k`` points are set gets rank ``k``. (Ulichney switches at half full to "the
   tightest cluster of empty pixels"; on a torus every pixel's filter sums to the same total ``T``,
   so an empty pixel's energy from empty pixels is ``T`` minus its energy from points, and both
   rules pick the same pixel: one loop serves both phases.)

The filter is rounded to integers (``2**24`` scale) so that energies are exact integer sums and
ties break by the first pixel in row-major order: the same seed gives the same mask on every
machine, whatever its ``exp``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

SIZE = 64
SEED = 1993
SIGMA = 1.5
OUTPUT = (Path(__file__).resolve().parent.parent / "lightsart" / "_pictures" / "data"
          / f"blue_noise_{SIZE}.npy")


def gaussian_filter(size: int, sigma: float = SIGMA) -> NDArray[np.int64]:
    """``exp(-d²/(2σ²))`` at each wrapped offset from pixel (0, 0), times ``2**24``, rounded."""
    d = np.minimum(np.arange(size), size - np.arange(size)).astype(np.float64)
    squared = d[:, None] ** 2 + d[None, :] ** 2
    return np.rint(np.exp(-squared / (2 * sigma * sigma)) * 2**24).astype(np.int64)


class _Points:
    """Points on an ``N × N`` torus with each pixel's energy kept up to date."""

    def __init__(self, points: NDArray[np.bool_], kernel: NDArray[np.int64]) -> None:
        self.points = points.copy()
        self.kernel = kernel
        self.energy = np.zeros(points.shape, dtype=np.int64)
        for flat in np.flatnonzero(points):
            self._spread(int(flat), 1)

    def _spread(self, flat: int, sign: int) -> None:
        row, col = divmod(flat, self.points.shape[1])
        self.energy += sign * np.roll(self.kernel, (row, col), axis=(0, 1))

    def flip(self, flat: int) -> None:
        self.points.flat[flat] = not self.points.flat[flat]
        self._spread(flat, 1 if self.points.flat[flat] else -1)

    def tightest_cluster(self) -> int:
        return int(np.argmax(np.where(self.points, self.energy, np.iinfo(np.int64).min)))

    def largest_void(self) -> int:
        return int(np.argmin(np.where(self.points, np.iinfo(np.int64).max, self.energy)))


def void_and_cluster(size: int = SIZE, seed: int = SEED, sigma: float = SIGMA) -> NDArray[np.uint16]:
    """The ``size × size`` rank mask (a permutation of ``0 .. size²-1``), see the module docstring."""
    pixels = size * size
    if not 4 <= size <= 256:
        raise ValueError(f"size must be between 4 and 256, got {size}")
    kernel = gaussian_filter(size, sigma)
    start = np.zeros((size, size), dtype=bool)
    start.flat[np.random.default_rng(seed).choice(pixels, pixels // 10, replace=False)] = True

    initial = _Points(start, kernel)
    while True:
        cluster = initial.tightest_cluster()
        initial.flip(cluster)
        void = initial.largest_void()
        initial.flip(void)
        if void == cluster:
            break

    rank = np.empty(pixels, dtype=np.int64)
    count = int(initial.points.sum())
    removing = _Points(initial.points, kernel)
    for k in range(count - 1, -1, -1):
        cluster = removing.tightest_cluster()
        removing.flip(cluster)
        rank[cluster] = k
    filling = _Points(initial.points, kernel)
    for k in range(count, pixels):
        void = filling.largest_void()
        filling.flip(void)
        rank[void] = k
    return rank.reshape(size, size).astype(np.uint16)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help=f"default: {OUTPUT}")
    args = parser.parse_args()
    mask = void_and_cluster()
    args.output.parent.mkdir(parents=True, exist_ok=True)
    np.save(args.output, mask, allow_pickle=False)
    print(f"wrote {args.output} ({SIZE}x{SIZE}, seed {SEED})")


if __name__ == "__main__":
    main()
