"""Time the exact algebra for every rules: nullity (cold, uncached) per pattern, topology and size.

Run: ``python benchmarks/bench_rules.py``. Each row prints the free clicks ``f`` the method
carries (``mn`` for full elimination). Ratios are to classic ``lightsart._core.gf2.classic_nullity`` (plus on
the plane) at the same size, measured in this run.
"""

from __future__ import annotations

import time

from lightsart._core import gf2
from lightsart._core.general import packed_algebra
from lightsart._rules import TOPOLOGIES, Rules, parse_pattern


def seconds(fn: object) -> float:
    start = time.perf_counter()
    fn()  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    head = f"{'pattern':8} {'topology':9} {'size':>8} {'method':9} {'nullity':>7} {'free':>6}"
    print(f"{head} {'seconds':>8} {'vs gf2':>7}")
    cases = [(p, n, "auto") for p in ("plus", "sigma") for n in (100, 200)]
    cases += [(p, n, m) for p in ("x", "square") for n in (40, 64) for m in ("auto", "eliminate")]
    cases += [(p, 200, "auto") for p in ("x", "square")]
    for pattern, n, method in cases:
        gf2.classic_nullity.cache_clear()
        classic = seconds(lambda n=n: gf2.classic_nullity(n, n))
        for topology in TOPOLOGIES:
            rules = Rules(n, n, parse_pattern(pattern), topology)
            packed_algebra.cache_clear()
            took = seconds(lambda rules=rules, method=method: packed_algebra(rules, method).nullity)
            alg = packed_algebra(rules, method)
            shown = "chase" if alg.chase is not None else "eliminate"
            print(
                f"{pattern:8} {topology:9} {f'{n}x{n}':>8} {shown:9} {alg.nullity:7d} {alg.free:6d} "
                f"{took:8.3f} {took / classic:6.1f}x"
            )


if __name__ == "__main__":
    main()
