"""Bosch's integer programs (PuLP/CBC) against the exact engine, measured in one run.

Run:  python benchmarks/bench_ip.py [--quick] [--photo samples/cat.png] [--time-limit 60]
                                    [--table all|paper|animation|reduced|auto|solvers|rules]

Reproduces the paper's "computational experience" on square boards from 5x5 upward, stopping
when CBC gives up (two sizes in a row where it proves neither IP within the time limit):

1. the basic IP (cold, as in the paper) on the reachable picture nearest the photo, and the
   error-minimising IP (warm-started by light chasing) on the photo itself, each against the
   exact engine: times, objectives, proven status, speed ratio;
2. Bosch's animation step: the basic IP on the transition between two fitted photos, started
   from the XOR of their click sets, against the exact fewest-clicks transition;
3. the reduced parity model (one row per quiet pattern) at 64, 128 and 256 squared, warm-started
   with the exact engine's answer: does CBC improve the answer or the lower bound?
4. the basis of the ``auto`` engine: at one equal budget, the exact engine alone against the
   exact engine for a quarter of it and the reduced IP for the rest, with unit and with
   contrast-weighted pixel costs, on boards whose nullity the exact search cannot exhaust;
5. CBC against HiGHS (``--solver highs``) on the same instances: the basic IP (cold) on the
   reachable picture nearest the photo and the error IP (chase warm start) on the photo, each
   solver's time, status, objective and proven bound side by side;
6. other rules (``--table rules``): the error IP under a few pattern/topology pairs, warm-started
   with the exact decoder's answer (light chasing is the classic game's), against that answer:
   does the solver prove it, or find better?

Every run is bounded by its time limit; the worst case is printed first. CBC runs one thread.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import numpy as np
from _photos import photo_target, sample  # benchmarks/ is on sys.path when run as a script

from lightsart._core.board import board_from_clicks
from lightsart._core.gf2 import classic_algebra
from lightsart._core.optimize import closest_board, transition
from lightsart._engines import ip
from lightsart._errors import LightsartError
from lightsart._results import Fit
from lightsart._rules import Rules, Topology, parse_pattern

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def ratio(slow: float, fast: float, proven: bool) -> str:
    """How many times slower CBC was; '>' when it stopped at the limit without a proof."""
    return ("" if proven else ">") + f"{slow / max(fast, 1e-6):,.0f}x"


def short(status: str) -> str:
    return {"optimal": "opt", "feasible": "feas", "infeasible": "infeas"}.get(status, "none")


def objective(report_objective: float | None, bound: float | None) -> str:
    obj = "-" if report_objective is None else f"{report_objective:g}"
    low = "-" if bound is None else f"{bound:.4g}"
    return f"{obj}/{low}"


def paper_table(photo: Path | None, limit: float, max_side: int) -> None:
    print(f"1. Basic IP (cold) and error IP (chase warm start) vs exact, {photo or 'synthetic'}")
    print("   obj/bd = CBC's objective / proven lower bound; start = errors of Bosch's chase")
    print(f"{'board':>7} {'d':>3} | {'basic s':>8} {'st':>5} {'obj/bd':>10} {'exact s':>8} "
          f"{'clicks':>6} {'speed':>8} | {'start':>5} {'error s':>8} {'st':>5} {'obj/bd':>10} "
          f"{'exact s':>8} {'wrong':>5} {'speed':>8}")
    gave_up = 0
    for side in range(5, max_side + 1):
        target = photo_target(photo, side)
        classic_algebra.cache_clear()
        exact, exact_s = timed(lambda t=target: closest_board(t))  # type: ignore[misc]
        reachable = exact.board
        try:
            basic = ip.basic_ip(reachable, time_limit=limit)
        except LightsartError:  # no click set within the limit: the IP ran out of time
            basic_cols, basic_proven = f"{limit:>8.2f} {'none':>5} {'-':>10}", False
        else:
            b = basic.report
            assert b is not None and np.array_equal(board_from_clicks(basic.clicks), reachable)
            basic_cols = f"{b.seconds:>8.2f} {short(b.status):>5} {objective(b.objective, b.best_bound):>10}"
            basic_proven = b.proven
        # The exact engine's time for the same question: solve + fewest clicks.
        solve_fit, solve_s = timed(lambda r=reachable: closest_board(r))  # type: ignore[misc]
        errors = ip.closest_board_ip(target, time_limit=limit, polish_clicks=False)
        e = errors.report
        start = int((board_from_clicks(ip.chase_start(target)) ^ target).sum())
        assert errors.wrong_pixels >= exact.wrong_pixels or not exact.wrong_pixels_proven_minimal
        proven_exact = "" if exact.wrong_pixels_proven_minimal else "?"
        basic_s = basic.report.seconds if basic_proven and basic.report is not None else limit
        print(f"{side:>3}x{side:<3} {exact.nullity:>3} | {basic_cols} {solve_s:>8.4f} "
              f"{solve_fit.clicks_count:>6} {ratio(basic_s, solve_s, basic_proven):>8} | {start:>5} "
              f"{e.seconds:>8.2f} {short(e.status):>5} {objective(e.objective, e.best_bound):>10} "
              f"{exact_s:>8.4f} {exact.wrong_pixels:>4}{proven_exact:1} "
              f"{ratio(e.seconds, exact_s, e.proven):>8}", flush=True)
        gave_up = gave_up + 1 if not (basic_proven or e.proven) else 0
        if gave_up == 2:
            print(f"   CBC proved neither IP within {limit:g} s on two sizes in a row: stopped.")
            break
    print()


def animation_table(limit: float, sides: list[int]) -> None:
    first, second = sample("cat.png"), sample("horse.png")
    print("2. Bosch's animation step: basic IP on the transition, started from the XOR of the "
          "two click sets")
    print(f"{'board':>7} {'d':>3} {'xor':>5} | {'IP s':>7} {'st':>5} {'obj/bd':>10} | "
          f"{'exact s':>8} {'clicks':>6} {'speed':>8}")
    for side in sides:
        a = closest_board(photo_target(first, side))
        b = closest_board(photo_target(second, side))
        step = ip.transition_ip(a, b, time_limit=limit)
        r = step.report
        assert r is not None and r.warm_start_accepted is not False
        exact, exact_s = timed(lambda a=a, b=b: transition(a, b))  # type: ignore[misc]
        assert step.count >= exact.count or not exact.proven
        xor = int((a.clicks ^ b.clicks).sum())
        print(f"{side:>3}x{side:<3} {a.nullity:>3} {xor:>5} | {r.seconds:>7.2f} "
              f"{short(r.status):>5} {objective(r.objective, r.best_bound):>10} | "
              f"{exact_s:>8.4f} {exact.count:>6} {ratio(r.seconds, exact_s, r.proven):>8}", flush=True)
    print()


def reduced_table(photo: Path | None, limit: float, sides: list[int], exact_seconds: float) -> None:
    print(f"3. Reduced parity IP (d rows) warm-started with the exact engine's answer, "
          f"CBC {limit:g} s")
    print(f"{'board':>9} {'d':>4} {'groups':>6} | {'exact s':>7} {'wrong':>5} {'bound':>5} | "
          f"{'CBC s':>7} {'st':>5} {'wrong':>5} {'bound':>7} | verdict")
    for side in sides:
        target = photo_target(photo, side)
        classic_algebra(side, side)
        exact, exact_s = timed(
            lambda t=target: closest_board(t, seconds=exact_seconds)  # type: ignore[misc]
        )
        fit: Fit
        if exact.wrong_pixels_proven_minimal:
            print(f"{side:>4}x{side:<4} {exact.nullity:>4} {'':>6} | {exact_s:>7.2f} "
                  f"{exact.wrong_pixels:>5} {exact.wrong_pixels_lower_bound:>5.0f} | "
                  f"{'':>7} {'':>5} {'':>5} {'':>7} | exact engine proved it; no IP needed")
            continue
        result = ip.closest_board_reduced_ip(target, start=exact, time_limit=limit)
        fit, r = result, result.report
        better = fit.wrong_pixels < exact.wrong_pixels
        tighter = fit.wrong_pixels_lower_bound > exact.wrong_pixels_lower_bound
        verdict = ("IP improved the answer" if better else "no better answer") + (
            ", tighter bound" if tighter else ", bound no better"
        )
        print(f"{side:>4}x{side:<4} {exact.nullity:>4} {r.variables - exact.nullity:>6} | "
              f"{exact_s:>7.2f} {exact.wrong_pixels:>5} {exact.wrong_pixels_lower_bound:>5.0f} | "
              f"{r.seconds:>7.1f} {short(r.status):>5} {fit.wrong_pixels:>5} "
              f"{'-' if r.best_bound is None else f'{r.best_bound:.3g}':>7} | {verdict}",
              flush=True)
    print()


def contrast_cost(photo: Path | None, side: int) -> np.ndarray:
    """1..5 per pixel: a pixel far from mid-gray costs more to get wrong (integral, so CBC's
    bound may be rounded up)."""
    if photo is None:
        return np.ones((side, side))
    from lightsart._pictures.image import load_target

    gray = load_target(str(photo), size=(side, side)).gray
    return 1.0 + np.round(4.0 * np.abs(2.0 * gray - 1.0))


def auto_table(budget: float, cases: list[tuple[str, int, bool]]) -> None:
    print(f"4. Equal budget of {budget:g} s: exact engine alone vs exact for a quarter + reduced IP")
    print(f"{'photo':>10} {'board':>7} {'d':>3} {'costs':>8} | {'exact':>5} {'bound':>5} {'s':>4} | "
          f"{'+IP':>5} {'bound':>5} {'s':>4} | verdict")
    for name, side, weighted in cases:
        photo = sample(f"{name}.png")
        target = photo_target(photo, side)
        cost = contrast_cost(photo, side) if weighted else None
        classic_algebra(side, side)
        alone, alone_s = timed(
            lambda t=target, c=cost: closest_board(t, c, seconds=budget)  # type: ignore[misc]
        )
        start = time.perf_counter()
        quarter = closest_board(target, cost, seconds=budget / 4)
        both = quarter
        if not quarter.wrong_pixels_proven_minimal:
            rest = budget - (time.perf_counter() - start)
            both = ip.closest_board_reduced_ip(target, cost, start=quarter, time_limit=rest)
        both_s = time.perf_counter() - start
        low = max(quarter.wrong_pixels_lower_bound, both.wrong_pixels_lower_bound)
        if both.wrong_cost < alone.wrong_cost:
            verdict = "IP found a cheaper board"
        elif both.wrong_cost > alone.wrong_cost:
            verdict = "exact alone found a cheaper board"
        else:
            verdict = "same answer"
        if low > alone.wrong_pixels_lower_bound:
            verdict += ", IP tightened the bound" + (
                " to a proof" if low >= both.wrong_cost else ""
            )
        print(f"{name:>10} {side:>3}x{side:<3} {alone.nullity:>3} "
              f"{'contrast' if weighted else 'unit':>8} | {alone.wrong_cost:>5g} "
              f"{alone.wrong_pixels_lower_bound:>5g} {alone_s:>4.0f} | {both.wrong_cost:>5g} "
              f"{low:>5g} {both_s:>4.0f} | {verdict}", flush=True)
    print()


def solver_table(photo: Path | None, limit: float, sides: list[int]) -> None:
    from lightsart._engines.solvers import available_solvers

    names = [s for s in ("cbc", "highs") if s in available_solvers()]
    print(f"5. The same IPs with {' and '.join(names)}, {limit:g} s each, one thread; "
          f"{photo or 'synthetic'}")
    print("   st obj/bd = status, objective / proven lower bound; speed = CBC time / HiGHS time")
    head = " | ".join(f"{n + ' s':>8} {'st':>5} {'obj/bd':>10}" for n in names)
    print(f"{'board':>7} {'d':>3} {'model':>6} | {head} | {'speed':>7}")
    for side in sides:
        target = photo_target(photo, side)
        classic_algebra.cache_clear()
        reachable = closest_board(target).board
        for model in ("basic", "errors"):
            cells = []
            seconds: dict[str, float] = {}
            proven: dict[str, bool] = {}
            for name in names:
                try:
                    if model == "basic":
                        r = ip.basic_ip(reachable, time_limit=limit, threads=1, solver=name).report
                    else:
                        r = ip.closest_board_ip(target, time_limit=limit, threads=1,
                                                polish_clicks=False, solver=name).report
                except LightsartError:  # no answer within the limit
                    seconds[name], proven[name] = limit, False
                    cells.append(f"{limit:>8.2f} {'none':>5} {'-':>10}")
                    continue
                assert r is not None
                seconds[name], proven[name] = r.seconds, r.proven
                cells.append(f"{r.seconds:>8.2f} {short(r.status):>5} "
                             f"{objective(r.objective, r.best_bound):>10}")
            speed = ""
            if len(names) == 2:
                # '>' when CBC stopped unproven: it would have needed longer still.
                speed = ratio(seconds["cbc"], seconds["highs"], proven["cbc"] or not proven["highs"])
            print(f"{side:>3}x{side:<3} {classic_algebra(side, side).nullity:>3} {model:>6} | "
                  f"{' | '.join(cells)} | {speed:>7}", flush=True)
    print()


def rules_table(photo: Path | None, limit: float, sides: list[int]) -> None:
    from lightsart._core import general

    cases: list[tuple[str, Topology]] = [
        ("plus", "torus"), ("sigma", "plane"), ("x", "cylinder"), ("square", "torus"),
        ("100/010/011", "plane"),
    ]
    print(f"6. Error IP under other rules, warm-started with the exact decoder's answer, CBC "
          f"{limit:g} s; {photo or 'synthetic'}")
    print(f"{'board':>7} {'pattern':>12} {'topology':>8} {'d':>3} | {'decode s':>8} {'wrong':>5} | "
          f"{'IP s':>7} {'st':>5} {'obj/bd':>10} | verdict")
    for side in sides:
        target = photo_target(photo, side)
        for pattern, topology in cases:
            rules = Rules(side, side, parse_pattern(pattern), topology)
            d = general.packed_algebra(rules).nullity
            start, start_s = timed(lambda t=target, r=rules: ip.decoded_start(t, rules=r))  # type: ignore[misc]
            start_wrong = int((board_from_clicks(start, rules) ^ target).sum())
            fit = ip.closest_board_ip(target, time_limit=limit, threads=1, polish_clicks=False,
                                      rules=rules)
            r = fit.report
            verdict = ("better" if fit.wrong_pixels < start_wrong
                       else "proved the start" if r.proven else "no proof")
            print(f"{side:>3}x{side:<3} {pattern:>12} {topology:>8} {d:>3} | {start_s:>8.3f} "
                  f"{start_wrong:>5} | {r.seconds:>7.2f} {short(r.status):>5} "
                  f"{objective(r.objective, r.best_bound):>10} | {verdict}", flush=True)
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short limits, fewer sizes")
    parser.add_argument("--photo", type=Path, default=sample("cat.png"))
    parser.add_argument("--time-limit", type=float, help="seconds per IP (default 60; quick 10)")
    parser.add_argument("--max-side", type=int, help="largest board of table 1 (16; quick 10)")
    parser.add_argument("--table", default="all",
                        choices=["all", "paper", "animation", "reduced", "auto", "solvers", "rules"],
                        help="run one table only (default: all)")
    args = parser.parse_args()
    limit = args.time_limit or (10.0 if args.quick else 60.0)
    max_side = args.max_side or (10 if args.quick else 16)
    anim_sides = [6, 8, 10] if args.quick else [6, 8, 10, 12, 16]
    reduced_limit = 20.0 if args.quick else 120.0
    reduced_sides = [64, 128] if args.quick else [64, 128, 256]
    auto_budget = 16.0 if args.quick else 32.0
    photos = ["cat", "astronaut"]
    auto_cases = (
        [("cat", 39, True), ("cat", 61, False)]
        if args.quick
        else [(p, side, w) for p in photos for side in (39, 59, 64, 67) for w in (False, True)]
    )
    solver_sides = [5, 6, 7, 8, 9, 10] if args.quick else [*range(5, 13), 14, 16]
    solver_limit = args.time_limit or (20.0 if args.quick else 60.0)
    rules_sides = [6, 8] if args.quick else [6, 8, 10, 12]
    run = {name: args.table in ("all", name)
           for name in ("paper", "animation", "reduced", "auto", "solvers", "rules")}
    worst = (
        run["paper"] * (max_side - 4) * 2 * limit
        + run["animation"] * len(anim_sides) * limit
        + run["reduced"] * len(reduced_sides) * reduced_limit
        + run["auto"] * 2 * len(auto_cases) * auto_budget
        + run["solvers"] * len(solver_sides) * 4 * solver_limit
        + run["rules"] * len(rules_sides) * 5 * limit
    )
    import pulp

    try:
        import highspy

        highs = f", highspy {highspy.Highs().version()}"
    except ImportError:
        highs = ", no highspy"
    shown = solver_limit if args.table == "solvers" else limit
    print(f"PuLP {pulp.__version__}{highs}, one thread per solver, {os.cpu_count()} cores; time limit "
          f"{shown:g} s per IP; worst case about {worst / 60:.0f} min")
    print()
    if run["paper"]:
        paper_table(args.photo, limit, max_side)
    if run["animation"]:
        animation_table(limit, anim_sides)
    if run["reduced"]:
        reduced_table(args.photo, reduced_limit, reduced_sides, exact_seconds=2.0)
    if run["auto"]:
        auto_table(auto_budget, auto_cases)
    if run["solvers"]:
        solver_table(args.photo, solver_limit, solver_sides)
    if run["rules"]:
        rules_table(args.photo, limit, rules_sides)


if __name__ == "__main__":
    main()
