"""Where fewest wrong pixels stalls at 512x512: longer Stern walks, and the best answers crossed.

Run:  python benchmarks/bench_decode_plateau.py [--photo PICTURE] [--side 512]
                                                [--rounds 100 400 1600] [--seeds 2] [--cross 6]

Without ``--photo`` the picture is scikit-image's astronaut at full resolution (grey, untoned),
the board the 512x512 target of fewest wrong pixels is measured on. Two questions, two tables:

1. *Does more work help?* The Stern walk of :mod:`lightsart._core.isd` (the decoder's search,
   counted in rounds) runs from each of Bosch's four light chases (errors pushed onto the bottom,
   top, right or left edge: the starts :func:`lightsart._core.optimize.edge_focus` gives the
   decoder) for each number of ``--rounds``, with ``--seeds`` seeds. Printed: the best answer of
   each walk and the seconds it took. A walk of 1600 rounds is 16 times the work of 100.
2. *Do the best answers share a better one?* The ``--cross`` best answers of table 1 are united,
   and every set of pixels inside the union whose columns XOR to the syndrome is enumerated (the
   best answer plus each sum of the union's relations, by Gray code, when there are at most
   2**22). If the walks had each found part of a better answer, crossing them would show it.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from lightsart._core import isd
from lightsart._core.closest import edge_focus
from lightsart._core.generators import generators
from lightsart._core.gf2 import classic_algebra
from lightsart._core.packed import null_space, pack
from lightsart._pictures.image import load_target
from lightsart._pictures.tone import Tone

#: Relations in the union up to which every combination is enumerated.
_MAX_RELATIONS = 22
_STARTS = ("chase down", "chase up", "chase right", "chase left")


def astronaut(folder: Path) -> Path:
    """scikit-image's astronaut, full resolution, written as a PNG in ``folder``."""
    from PIL import Image
    from skimage import data

    path = folder / "astronaut512.png"
    Image.fromarray(data.astronaut()).save(path)
    return path


def best_in_union(columns: NDArray[np.uint8], answers: list[NDArray[np.intp]]
                  ) -> tuple[int, int, int] | None:
    """``(pixels in the union, relations, fewest wrong pixels inside it)``; None when the union
    has more than 2**_MAX_RELATIONS sets to try."""
    union = np.unique(np.concatenate(answers))
    relations = null_space(np.ascontiguousarray(columns[union].T))
    if relations.shape[0] > _MAX_RELATIONS:
        return None
    first = min(answers, key=len)
    current = np.isin(union, first).astype(np.uint8)
    best = int(current.sum())
    for k in range(1, 1 << relations.shape[0]):
        current ^= relations[(k & -k).bit_length() - 1]
        best = min(best, int(current.sum()))
    return union.size, relations.shape[0], best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photo", type=Path, default=None)
    parser.add_argument("--side", type=int, default=512)
    parser.add_argument("--rounds", type=int, nargs="+", default=[100, 400, 1600])
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--cross", type=int, default=6, help="best answers united in table 2")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        photo = args.photo or astronaut(Path(folder))
        picture = load_target(str(photo), size=(args.side, args.side), tone=Tone.none())
    change = picture.bits ^ np.uint8(1)
    alg = classic_algebra(args.side, args.side)
    columns, syndrome = alg.columns(), alg.syndrome(change)
    d = syndrome.size
    gens = generators(pack(columns), np.ones(columns.shape[0]), d)
    (focus,) = edge_focus(change, np.arange(change.size, dtype=np.intp))
    print(f"{photo.name if args.photo else 'astronaut (full resolution)'}, "
          f"{args.side}x{args.side}, nullity {d}, {gens.count} distinct columns, unit costs")
    print(f"\n1. the Stern walk from each chase: best wrong pixels (seconds), seeds 0..{args.seeds - 1}")
    print(f"{'start':>12} {'errors':>6} " + " ".join(f"{r:>14}" for r in args.rounds))
    found: list[NDArray[np.intp]] = []
    for name, start in zip(_STARTS, focus.starts, strict=True):
        cells = []
        for rounds in args.rounds:
            runs = []
            for seed in range(args.seeds):
                began = time.perf_counter()
                walk = isd.search(gens.words, d, pack(syndrome[None, :])[0], gens.cost,
                                  gens.of_pixels(start), rng=np.random.default_rng(seed),
                                  rounds=rounds, deadline=float("inf"))
                assert walk is not None
                pixels = gens.pixel[walk.chosen]
                total = np.bitwise_xor.reduce(columns[pixels], axis=0)
                assert np.array_equal(total, syndrome), "a walk's answer is not a solution"
                found.append(pixels)
                runs.append(f"{pixels.size}({time.perf_counter() - began:.0f})")
            cells.append(" ".join(runs))
        print(f"{name:>12} {start.size:>6} " + " ".join(f"{c:>14}" for c in cells), flush=True)
    found.sort(key=len)
    print(f"\n2. crossing the best answers: {[len(a) for a in found[: args.cross]]}")
    print(f"{'answers':>8} {'union':>6} {'relations':>9} {'best inside':>11}")
    for k in range(2, args.cross + 1):
        crossed = best_in_union(columns, found[:k])
        if crossed is None:
            print(f"{k:>8} {'':>6} {'> 2^' + str(_MAX_RELATIONS):>9}")
            break
        print(f"{k:>8} {crossed[0]:>6} {crossed[1]:>9} {crossed[2]:>11}")


if __name__ == "__main__":
    main()
