"""The split branch and bound of ``lightsart._core.fewest`` against exhaustive enumeration.

The answers come from an independent listing of every member (``brute_force``) or from the one
Walsh–Hadamard transform of ``coset_weights``; the split search is forced onto small instances
by a small ``inner`` block, with and without the grid symmetries."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from symmetric_cosets import symmetric_instance

from lightsart._core.fewest import coset_minimum
from lightsart._core.gf2 import classic_algebra
from lightsart._core.optimize import fewest_clicks
from lightsart._core.quiet import coset_weights
from lightsart._rules import press


def combination(patterns: np.ndarray, choice: int) -> np.ndarray:
    out = np.zeros(patterns.shape[1:], dtype=np.uint8)
    for k in range(patterns.shape[0]):
        if (choice >> k) & 1:
            out ^= patterns[k]
    return out


def brute_force(x0: np.ndarray, patterns: np.ndarray) -> int:
    """Lightest coset member by listing every member, 2**16 at a time (independent of WHT)."""
    d = patterns.shape[0]
    flat = patterns.reshape(d, -1)
    low = min(d, 16)
    table = np.zeros((1 << low, flat.shape[1]), dtype=np.uint8)
    for k in range(low):
        table[1 << k: 1 << (k + 1)] = table[: 1 << k] ^ flat[k]
    best = flat.shape[1]
    for high in range(1 << (d - low)):
        base = x0.ravel() ^ combination(flat[low:], high)
        best = min(best, int((table ^ base).sum(axis=1).min()))
    return best


def instance(rng: np.random.Generator, d: int, cells: int) -> tuple[np.ndarray, np.ndarray]:
    while True:
        patterns = rng.integers(0, 2, (d, 1, cells), dtype=np.uint8)
        if _rank(patterns) == d:
            return rng.integers(0, 2, (1, cells), dtype=np.uint8), patterns


def _rank(patterns: np.ndarray) -> int:
    rows = [int("".join(map(str, row)), 2) for row in patterns.reshape(patterns.shape[0], -1)]
    rank = 0
    while rows:
        pivot = max(rows)
        rows.remove(pivot)
        if pivot == 0:
            continue
        rank += 1
        top = pivot.bit_length()
        rows = [r ^ pivot if r.bit_length() == top else r for r in rows]
    return rank


@pytest.mark.parametrize("seed", range(6))
def test_split_search_matches_brute_force(seed: int) -> None:
    rng = np.random.default_rng(seed)
    d = 19 + seed % 3
    x0, patterns = instance(rng, d, 40 + 3 * seed)
    found = coset_minimum(x0, patterns, inner=6 + seed)
    assert found.proven
    assert found.weight == brute_force(x0, patterns)
    assert int((x0 ^ combination(patterns, found.choice)).sum()) == found.weight


@pytest.mark.parametrize("seed", range(30))
def test_forced_split_matches_one_transform(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    d = int(rng.integers(1, 19))
    x0, patterns = instance(rng, d, int(rng.integers(d, 3 * d + 10)))
    # Correlated cells (repeated signatures) exercise the grouping.
    x0 = np.concatenate([x0, x0], axis=1)
    patterns = np.concatenate([patterns, patterns], axis=2)
    expected = int(coset_weights(x0, patterns).min())
    for inner in (0, 1, d // 2, d):
        found = coset_minimum(x0, patterns, inner=inner)
        assert found.proven
        assert found.weight == expected
        assert int((x0 ^ combination(patterns, found.choice)).sum()) == expected


def test_deterministic_and_bounded() -> None:
    rng = np.random.default_rng(7)
    x0, patterns = instance(rng, 26, 200)
    first = coset_minimum(x0, patterns, inner=10, seconds=0.0)
    assert first == coset_minimum(x0, patterns, inner=10, seconds=0.0)
    assert not first.proven and first.leaves < 1 << 16
    assert int((x0 ^ combination(patterns, first.choice)).sum()) == first.weight


def test_rejects_nullity_out_of_range() -> None:
    with pytest.raises(ValueError):
        coset_minimum(np.zeros((1, 3), np.uint8), np.zeros((0, 1, 3), np.uint8))


@pytest.mark.parametrize("n", [39, 47])
def test_real_boards_reapply(n: int) -> None:
    alg = classic_algebra(n, n)
    assert 24 < alg.nullity <= 40
    x0 = alg.solve(np.ones((n, n), dtype=np.uint8))
    assert x0 is not None
    best = fewest_clicks(x0, seconds=1.0)
    assert best.nullity == alg.nullity
    assert best.count == int(best.clicks.sum()) <= int(x0.sum())
    assert np.array_equal(press(best.clicks), press(x0))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([(5, 5), (6, 6), (4, 6), (7, 7)]),
       st.integers(0, 8))
# Found by hypothesis: leaves scored before the best was known were also counted as pruned.
@example(679, (4, 6), 5)
def test_symmetric_cosets_match_one_transform(seed: int, shape: tuple[int, int], inner: int) -> None:
    rng = np.random.default_rng(seed)
    x0, patterns = symmetric_instance(rng, shape, 2)
    d = patterns.shape[0]
    expected = int(coset_weights(x0, patterns).min())
    # At most 2**12 leaves, so each example takes milliseconds.
    inner = min(max(inner, d - 12), d - 1)
    found = coset_minimum(x0, patterns, inner=inner)
    assert found.symmetries == (7 if shape[0] == shape[1] else 3)
    assert found.proven and found.weight == expected
    assert int((x0 ^ combination(patterns, found.choice)).sum()) == expected
    plain = coset_minimum(x0, patterns, inner=inner, symmetric=False)
    assert plain.symmetries == 0 and plain.weight == expected
    # Every orbit of leaves (at most 8 leaves) is scored once, or pruned by the bound.
    assert found.leaves + found.pruned <= plain.leaves + plain.pruned
    assert 8 * (found.leaves + found.pruned) >= plain.leaves + plain.pruned


@pytest.mark.parametrize("seed", range(4))
def test_symmetric_split_matches_brute_force(seed: int) -> None:
    x0, patterns = symmetric_instance(np.random.default_rng(500 + seed), (7, 7), 2)
    assert patterns.shape[0] >= 12
    found = coset_minimum(x0, patterns, inner=4)
    assert found.proven and found.symmetries == 7
    assert found.weight == brute_force(x0, patterns)


@pytest.mark.parametrize("n", [16, 19, 23])
def test_real_boards_match_one_transform(n: int) -> None:
    alg = classic_algebra(n, n)
    x0 = alg.solve(np.ones((n, n), dtype=np.uint8))
    assert x0 is not None
    expected = int(coset_weights(x0, alg.quiet_patterns).min())
    for inner in (alg.nullity // 3, alg.nullity - 3):
        found = coset_minimum(x0, alg.quiet_patterns, inner=inner)
        assert found.proven and found.symmetries == 7
        assert found.weight == expected
        assert int((x0 ^ combination(alg.quiet_patterns, found.choice)).sum()) == expected


def test_symmetric_search_is_deterministic_and_capped() -> None:
    alg = classic_algebra(19, 19)
    x0 = alg.solve(np.ones((19, 19), dtype=np.uint8))
    assert x0 is not None
    exact = int(coset_weights(x0, alg.quiet_patterns).min())
    full = coset_minimum(x0, alg.quiet_patterns, inner=2)
    assert full == coset_minimum(x0, alg.quiet_patterns, inner=2)
    # Small leaves: the bound does the work here, so it is exercised (and sound, see above).
    assert full.proven and full.pruned > full.leaves
    capped = coset_minimum(x0, alg.quiet_patterns, inner=2, seconds=0.0)
    assert capped == coset_minimum(x0, alg.quiet_patterns, inner=2, seconds=0.0)
    # Cut short after one batch of leaves: an honest member, claimed unproven.
    assert not capped.proven and capped.pruned == 0 and capped.leaves <= 16 < full.leaves + full.pruned
    assert capped.weight >= exact == full.weight
    assert int((x0 ^ combination(alg.quiet_patterns, capped.choice)).sum()) == capped.weight


def test_compiled_leaves_only_where_they_pay() -> None:
    # At the nominal speeds: a second's budget or less, or a small coset, stays in numpy (no
    # numba to import); a minute on 2**19 leaves of 2**18 members runs compiled.
    from lightsart._core.fewest import _compiled_pays

    assert not _compiled_pays(1 << 37, 1.0)
    assert not _compiled_pays(628 << 18, 60.0)
    assert _compiled_pays(1 << 37, 60.0)
    assert _compiled_pays(2472 << 18, 60.0)


@pytest.mark.parametrize("d", [1100, 2068, 8000])
def test_plans_of_a_nullity_in_the_thousands_stay_counts(d: int) -> None:
    # 2**d members are past a float's range (a 4096x4096 board has d = 4096 or so): planning
    # divided them by a speed and raised OverflowError before any work (still --size 4096x4096).
    from lightsart._core.fewest import _compiled_pays, rough_plan
    from lightsart._core.watch import nominal_seconds

    plan = rough_plan(d, 2.0)
    assert not plan.finishes and plan.seconds_needed == float("inf")
    assert nominal_seconds(1 << d, compiled=False) == float("inf")
    assert _compiled_pays(1 << d, 60.0)


def test_a_search_past_a_floats_range_is_said_and_emitted_as_valid_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Its nominal time is infinite: the note says so in words and --json prints null, never
    # Infinity (json.dump's default, which no JSON reader accepts).
    import json

    from lightsart._cli._options import emit_json
    from lightsart._core.fewest import rough_plan
    from lightsart._output.progress import SearchProgress
    from lightsart._results import ClickSearch

    plan = rough_plan(2068, 2.0)
    note = SearchProgress.note(plan, 2.0, local=True)
    assert note is not None and "more than 1e308 s" in note and "inf" not in note
    work = ClickSearch("local", 1, 1, None, 1 << 24, plan.seconds_needed)
    emit_json({"click_search": work.to_dict(), "deep": [{"x": float("nan")}]})
    text = capsys.readouterr().out
    data = json.loads(text, parse_constant=lambda name: pytest.fail(f"{name} in --json"))
    assert data == {"click_search": {**work.to_dict(), "seconds_needed": None},
                    "deep": [{"x": None}]}
