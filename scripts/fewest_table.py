"""Prove the fewest clicks turning the all-lit n x n board off, for every n up to 78.

Usage::

    python scripts/fewest_table.py [--upto 78] [--budget 600] [--only N ...] [--out FILE.jsonl]
    python scripts/fewest_table.py --table FILE.jsonl      # the README's table from a run

Each board is solved once (any click set), then minimised over its coset by the library's own
:func:`lightsart.fewest_clicks` with ``seconds=--budget``, exactly what ``lightsart solve --state
... --time-limit BUDGET`` runs. One JSON line per board is appended to ``--out`` as it finishes
(n, nullity, clicks, proven, lower bound, the leaves scored and needed, seconds, the machine's
load average), so a long run can be followed and resumed (``--only``). ``--table`` prints the
Markdown table for the README from those lines (the last line per n wins).

Checks, each a failure (exit 1) when it does not hold: the clicks turn the board off (pressed
again here), the lower bound is at most the count and equals it when proven, and where a
published value is known (OEIS A075464, n <= 54, kept here only as a check value and never
read by the library) a proven count equals it and an unproven one is not below it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

#: Published check values, OEIS A075464 (fewest clicks turning the all-lit n x n board off),
#: n = 1..54 as listed on the sequence's page: compared with, never used as answers.
PUBLISHED_A075464 = dict(enumerate([
    1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224, 245,
    276, 231, 270, 353, 356, 405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761, 772, 561,
    696, 891, 940, 953, 772, 1069, 1188, 971, 1096, 1165, 1220, 1317, 1256, 1487, 1400], start=1))


def prove(n: int, budget: float) -> dict[str, object]:
    """One board: the library's answer, its certificate and the time, checked."""
    import lightsart
    from lightsart._core.gf2 import classic_algebra
    from lightsart._rules import press

    lit = np.ones((n, n), dtype=np.uint8)
    x0 = classic_algebra(n, n).solve(lit)
    if x0 is None:  # pragma: no cover - the all-lit board is always solvable
        raise AssertionError(f"{n}x{n}: the all-lit board is not solvable")
    load = os.getloadavg()[0]
    start = time.perf_counter()
    found = lightsart.fewest_clicks(x0, seconds=budget)
    took = time.perf_counter() - start
    problems = []
    if not np.array_equal(press(found.clicks), lit):
        problems.append("the clicks do not turn the board off")
    if found.lower_bound > found.count or (found.proven and found.lower_bound != found.count):
        problems.append(f"lower bound {found.lower_bound} against {found.count} clicks")
    published = PUBLISHED_A075464.get(n)
    if published is not None and (found.count < published
                                  or (found.proven and found.count != published)):
        problems.append(f"{found.count} clicks (proven {found.proven}), published {published}")
    search = found.search
    return {
        "n": n, "nullity": found.nullity, "clicks": found.count, "proven": found.proven,
        "lower_bound": found.lower_bound, "cut_short": found.cut_short,
        "seconds": round(took, 3), "budget": budget,
        "search": None if search is None else search.to_dict(),
        "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(), "published": published, "problems": problems,
    }


def table(lines: list[dict[str, object]]) -> str:
    """The README's Markdown table: the boards with nullity above 0, then the others in a line."""
    rows = {int(str(line["n"])): line for line in lines}
    out = ["| n | nullity | fewest clicks | proven | time (s) | load | search |",
           "|---:|---:|---:|:---|---:|---:|:---|"]
    unique = []
    for n in sorted(rows):
        r = rows[n]
        if r["nullity"] == 0:
            unique.append(f"{n}: {r['clicks']}")
            continue
        search = r["search"] if isinstance(r["search"], dict) else {}
        how = f"one transform of 2^{r['nullity']}"
        if search.get("method") == "split":
            how = (f"split: {search['leaves_searched']:,} of {search['leaves_total']:,} leaves "
                   f"of 2^{int(search['members_per_leaf']).bit_length() - 1}")
        elif search.get("method") == "local":
            how = "local search"
        if r["proven"]:
            verdict = "yes"
        else:
            verdict = f"not proven within {float(str(r['budget'])):g} s (at least {r['lower_bound']})"
        out.append(f"| {n} | {r['nullity']} | {r['clicks']} | {verdict} "
                   f"| {float(str(r['seconds'])):.1f} | {r['load_before']}–{r['load_after']} | {how} |")
    out.append("")
    out.append("Nullity 0 (one click set, proven at once): " + ", ".join(unique) + ".")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upto", type=int, default=78)
    parser.add_argument("--only", type=int, nargs="+", help="these n only")
    parser.add_argument("--budget", type=float, default=600.0, help="seconds per board")
    parser.add_argument("--out", type=Path, default=Path("fewest_table.jsonl"))
    parser.add_argument("--table", type=Path, help="print the README table from this run")
    args = parser.parse_args()
    if args.table is not None:
        lines = [json.loads(t) for t in args.table.read_text().splitlines() if t.strip()]
        print(table(lines))
        return 0
    sizes = args.only or list(range(1, args.upto + 1))
    failed = 0
    for n in sizes:
        line = prove(n, args.budget)
        failed += bool(line["problems"])
        with args.out.open("a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")
        print(f"{n:3d} d={line['nullity']:<3} {line['clicks']:6} proven={line['proven']!s:5} "
              f"bound={line['lower_bound']:<6} {line['seconds']:9.2f} s load "
              f"{line['load_before']}->{line['load_after']} {' '.join(line['problems'])}",
              flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
